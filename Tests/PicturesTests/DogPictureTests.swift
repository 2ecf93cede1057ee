import Foundation
import Testing

@testable import Pictures

@Suite struct DogPictureTests {
    static let beagle = DogAppearance(
        size: .small, ears: .drop, snout: .medium, coat: .smooth, tail: .up, pattern: .tricolour,
        main: RGB(198, 138, 74), accent: RGB(242, 239, 232))

    @Test func sameInputsGiveTheSamePixelsAndVariantsDiffer() {
        let first = DogPicture.draw(Self.beagle, variant: 7, width: 160, height: 120)
        #expect(first == DogPicture.draw(Self.beagle, variant: 7, width: 160, height: 120))
        let others = (0..<8).map { DogPicture.draw(Self.beagle, variant: $0, width: 160, height: 120) }
        #expect(Set(others).count == 8)
    }

    @Test func everySizeAndAspectComesOutExactly() {
        for (width, height) in [(1, 1), (2, 3), (1, 200), (500, 7), (31, 31), (640, 480)] {
            let image = DogPicture.draw(Self.beagle, variant: 1, width: width, height: height)
            #expect(
                image.width == width && image.height == height && image.pixels.count == width * height * 3)
        }
    }

    /// The dog's coat colour covers more of the picture the bigger the breed, and the traits
    /// change the pixels (ears, muzzle, legs, coat, tail, pattern each drawn differently).
    @Test func sizeAndTraitsShowInThePicture() {
        let red = RGB(200, 60, 40)
        func share(_ size: DogAppearance.Size) -> Double {
            let look = DogAppearance(size: size, ears: .erect, snout: .medium, coat: .smooth, main: red)
            var total = 0.0
            for variant: UInt64 in 0..<6 {
                let image = DogPicture.draw(look, variant: variant, width: 200, height: 150)
                let pixels = (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
                total += Double(pixels.filter { Self.near($0, red, 90) }.count) / Double(pixels.count)
            }
            return total / 6
        }
        let shares = DogAppearance.Size.allCases.map(share)
        #expect(shares == shares.sorted(), "\(shares)")
        #expect(shares[0] > 0.02 && shares[4] > shares[0] * 2, "\(shares)")

        let base = DogAppearance(size: .medium, ears: .erect, snout: .medium, coat: .smooth, main: red)
        let picture = { (look: DogAppearance) in DogPicture.draw(look, variant: 3, width: 200, height: 150) }
        var changed = base
        for ears in DogAppearance.Ears.allCases where ears != base.ears {
            changed = base
            changed.ears = ears
            #expect(picture(changed) != picture(base), "ears \(ears)")
        }
        for snout in DogAppearance.Snout.allCases where snout != base.snout {
            changed = base
            changed.snout = snout
            #expect(picture(changed) != picture(base), "snout \(snout)")
        }
        for legs in DogAppearance.Legs.allCases where legs != base.legs {
            changed = base
            changed.legs = legs
            #expect(picture(changed) != picture(base), "legs \(legs)")
        }
        for pattern in DogAppearance.Pattern.allCases where pattern != base.pattern {
            changed = base
            changed.pattern = pattern
            changed.accent = RGB(240, 240, 236)
            #expect(picture(changed) != picture(base), "pattern \(pattern)")
        }
    }

    static func near(_ a: RGB, _ b: RGB, _ tolerance: Int) -> Bool {
        abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}
