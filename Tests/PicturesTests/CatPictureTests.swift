import Foundation
import Testing

@testable import Pictures

@Suite struct CatPictureTests {
    static let ginger = CatAppearance(
        coat: RGB(226, 140, 64), accent: RGB(150, 80, 30), pattern: .tabby, eyes: RGB(120, 190, 70))

    @Test func sameInputsGiveTheSamePixelsAndVariantsDiffer() {
        let first = CatPicture.draw(Self.ginger, variant: 7, width: 120, height: 90)
        #expect(first == CatPicture.draw(Self.ginger, variant: 7, width: 120, height: 90))
        let others = (0..<6).map { CatPicture.draw(Self.ginger, variant: $0, width: 120, height: 90) }
        #expect(Set(others).count == 6)
    }

    @Test func everySizeAndAspectComesOutExactly() {
        for (width, height) in [(1, 1), (2, 3), (1, 200), (500, 7), (31, 31), (300, 200)] {
            let image = CatPicture.draw(Self.ginger, variant: 1, width: width, height: height)
            #expect(
                image.width == width && image.height == height && image.pixels.count == width * height * 3)
        }
    }

    @Test func greyscaleCatsAreGreyAndColourCatsAreNot() {
        #expect(CatPicture.draw(Self.ginger, variant: 2, width: 80, height: 60, greyscale: true).isGreyscale)
        #expect(!CatPicture.draw(Self.ginger, variant: 2, width: 80, height: 60).isGreyscale)
    }

    /// Every pattern in every pose: the coat colour shows in the middle of the picture, where the
    /// cat is, and the eye colour appears somewhere. The pictures are saved to
    /// /tmp/pictures-samples for a person to look at.
    @Test(arguments: CoatPattern.allCases)
    func eachPatternShowsTheCoatAndTheEyes(pattern: CoatPattern) throws {
        let look = CatAppearance(
            coat: RGB(226, 140, 64), accent: RGB(40, 34, 32), pattern: pattern, eyes: RGB(60, 200, 90),
            longHair: pattern == .calico, foldedEars: pattern == .spotted, shortTail: pattern == .bicolor)
        let directory = URL(fileURLWithPath: "/tmp/pictures-samples")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for variant: UInt64 in 0..<3 {
            let image = CatPicture.draw(look, variant: variant, width: 300, height: 200)
            let colours = Set((0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } })
            #expect(colours.contains { Self.near($0, RGB(60, 200, 90), 40) }, "eyes of \(pattern) \(variant)")
            let middle = (80..<220).flatMap { x in (60..<180).map { image[x, $0] } }
            // A hairless cat shows skin: the coat colour blended toward pink.
            let body = pattern == .hairless ? look.coat.mixed(with: CatPainter.skin, 0.65) : look.coat
            let coatShare = Double(middle.filter { Self.near($0, body, 60) }.count) / Double(middle.count)
            #expect(coatShare > 0.05, "coat of \(pattern) \(variant): \(coatShare)")
            let name = "cat-\(pattern.rawValue)-\(variant)"
            try? Data(image.encoded(as: .png)).write(to: directory.appendingPathComponent("\(name).png"))
        }
    }

    @Test func varietyIsStableAndVaried() {
        #expect(CatAppearance.variety(42) == CatAppearance.variety(42))
        #expect(Set((0..<40).map { CatAppearance.variety($0).pattern }).count >= 5)
    }

    static func near(_ a: RGB, _ b: RGB, _ tolerance: Int) -> Bool {
        abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}
