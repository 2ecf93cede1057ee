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

/// FNV-1a of bytes, to tell whether two builds draw the same pixels.
func digest(_ bytes: [UInt8]) -> String {
    String(bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }, radix: 16)
}

/// Milliseconds of this thread's CPU time `body` takes: on a loaded machine the wall clock
/// measures the other processes too.
func cpuMilliseconds(_ body: () -> Void) -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
    let start = now()
    body()
    return now() - start
}

// `--photos N`: the pictures the course apps ask the stand-ins for (TheCatAPI's 1200×800 cats,
// dog.ceo's 500×375 dogs), drawing and encoding timed apart, N of each; for a debug build too.
if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "--photos",
    let count = Int(CommandLine.arguments[2])
{
    var (drawing, encoding) = (0.0, 0.0)
    var (pixels, files): ([UInt8], [UInt8]) = ([], [])
    for run in 0..<count {
        var cat = RasterImage(width: 1, height: 1)
        drawing += cpuMilliseconds {
            cat = CatPicture.draw(.variety(UInt64(run)), variant: UInt64(run), width: 1200, height: 800)
        }
        encoding += cpuMilliseconds { files += cat.encoded(as: .jpeg) }
        pixels += cat.pixels
    }
    print(
        "cat 1200x800 (CPU time): draw \(Int(drawing) / count) ms, JPEG \(Int(encoding) / count) ms per picture"
    )
    (drawing, encoding) = (0, 0)
    for run in 0..<count {
        var dog = RasterImage(width: 1, height: 1)
        typealias Dog = DogAppearance
        let look = Dog(
            size: Dog.Size.allCases[run % 5], ears: Dog.Ears.allCases[run % 4],
            snout: Dog.Snout.allCases[run % 4], coat: Dog.Coat.allCases[run % 5],
            legs: Dog.Legs.allCases[run % 3],
            tail: Dog.Tail.allCases[run % 4], pattern: Dog.Pattern.allCases[run % 9],
            main: [RGB(180, 120, 60), RGB(40, 36, 34), RGB(230, 220, 200)][run % 3])
        drawing += cpuMilliseconds {
            dog = DogPicture.draw(look, variant: UInt64(run), width: 500, height: 375)
        }
        encoding += cpuMilliseconds { files += dog.encoded(as: .jpeg) }
        pixels += dog.pixels
    }
    print(
        "dog 500x375 (CPU time): draw \(Int(drawing) / count) ms, JPEG \(Int(encoding) / count) ms per picture"
    )
    print("pixels \(digest(pixels)), files \(digest(files)) (\(files.count) bytes)")
    exit(0)
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
