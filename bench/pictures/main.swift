// Times drawing and encoding pictures (run in release: swift run -c release restlite-bench-pictures).
// With a folder argument it also writes sample files there for a person to look at.
import Pictures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func milliseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

func report(_ name: String, runs: Int, _ body: (Int) -> Int) {
    var bytes = 0
    _ = body(0)  // warm up
    let total = milliseconds { for run in 0..<runs { bytes += body(run + 1) } }
    print("\(name): \((total / Double(runs) * 1000).rounded() / 1000) ms per picture (\(bytes / runs) bytes)")
}

let runs = 200
report("cat 300x200 JPEG (draw + encode)", runs: runs) { run in
    let look = CatAppearance.variety(UInt64(run % 7))
    return CatPicture.draw(look, variant: UInt64(run % 3), width: 300, height: 200).encoded(as: .jpeg).count
}
report("cat 300x200 grey JPEG", runs: runs) { run in
    let look = CatAppearance.variety(UInt64(run % 7))
    return CatPicture.draw(look, variant: UInt64(run), width: 300, height: 200, greyscale: true)
        .encoded(as: .jpeg).count
}
for format in ImageFormat.allCases {
    report("placeholder 300x200 \(format.rawValue)", runs: runs) { _ in
        PlaceholderPicture.draw(
            width: 300, height: 200, background: RGB(95, 162, 221), foreground: .white, text: nil
        ).encoded(as: format).count
    }
}

for format in ImageFormat.allCases {
    report("cat 4000x4000 \(format.rawValue)", runs: 1) { _ in
        CatPicture.draw(.variety(1), variant: 1, width: 4000, height: 4000).encoded(as: format).count
    }
    report("placeholder 4000x4000 \(format.rawValue)", runs: 1) { _ in
        PlaceholderPicture.draw(
            width: 4000, height: 4000, background: RGB(204, 204, 204), foreground: .black, text: nil
        )
        .encoded(as: format).count
    }
}

if CommandLine.arguments.count > 1 {
    let folder = CommandLine.arguments[1]
    func save(_ name: String, _ bytes: [UInt8]) {
        guard let file = fopen(folder + "/" + name, "wb") else { return }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    for seed: UInt64 in 0..<6 {
        let cat = CatPicture.draw(.variety(seed), variant: seed, width: 300, height: 200)
        save("kitten-\(seed).jpg", cat.encoded(as: .jpeg))
    }
    save(
        "kitten-grey.jpg",
        CatPicture.draw(.variety(9), variant: 4, width: 300, height: 200, greyscale: true).encoded(as: .jpeg))
    save(
        "kitten-tall.png", CatPicture.draw(.variety(3), variant: 1, width: 90, height: 260).encoded(as: .png))
    save("kitten-tiny.png", CatPicture.draw(.variety(5), variant: 2, width: 24, height: 16).encoded(as: .png))
    let placeholder = PlaceholderPicture.draw(
        width: 122, height: 217, background: RGB(255, 68, 68), foreground: .white, text: nil)
    save("dummy-122x217.bmp", placeholder.encoded(as: .bmp))
    save("dummy-122x217.png", placeholder.encoded(as: .png))
    let text = PlaceholderPicture.draw(
        width: 400, height: 160, background: RGB(204, 204, 204), foreground: .black,
        text:
            "Hello, World! 0123456789|abcdefghijklm nopqrstuvwxyz|ABCDEFGHIJKLM NOPQRSTUVWXYZ|.,:;!?-+=_/()[]'\"#%&*@$<>"
    )
    save("dummy-text.gif", text.encoded(as: .gif))
}
