import Testing

@testable import Pictures

@Suite struct PlaceholderPictureTests {
    @Test func hexColoursParseInEverySpelling() {
        #expect(RGB(hex: "ff4444") == RGB(255, 68, 68))
        #expect(RGB(hex: "#F44") == RGB(255, 68, 68))
        #expect(RGB(hex: "09f") == RGB(0, 153, 255))
        #expect(RGB(hex: "5FA2DD")?.hex == "5fa2dd")
        for bad in ["", "ff44", "ggg", "#", "ff44445", "12 456"] { #expect(RGB(hex: bad) == nil, "\(bad)") }
    }

    @Test func formatsKnowTheirExtensionsAndTypes() {
        #expect(ImageFormat(fileExtension: "JPG") == .jpeg && ImageFormat(fileExtension: ".jpeg") == .jpeg)
        #expect(ImageFormat(fileExtension: "tif") == nil)
        #expect(
            ImageFormat.allCases.map(\.mimeType) == ["image/jpeg", "image/png", "image/gif", "image/bmp"])
    }

    @Test func textIsCentredInTheForegroundOnTheBackground() {
        let image = PlaceholderPicture.draw(
            width: 200, height: 100, background: RGB(221, 221, 221), foreground: .black, text: nil)
        #expect(image[0, 0] == RGB(221, 221, 221) && image[199, 99] == RGB(221, 221, 221))
        let inked = (0..<100).flatMap { y in (0..<200).filter { image[$0, y] == .black }.map { ($0, y) } }
        #expect(inked.count > 300)
        let (xs, ys) = (inked.map(\.0), inked.map(\.1))
        // Centred: the ink's bounding box has about equal margins on each side.
        #expect(abs(xs.min()! - (199 - xs.max()!)) <= 3 && abs(ys.min()! - (99 - ys.max()!)) <= 3)
        #expect(xs.max()! - xs.min()! > 100)
    }

    @Test func differentTextDrawsDifferentlyAndTinyPicturesStillWork() {
        let a = PlaceholderPicture.draw(
            width: 120, height: 60, background: .white, foreground: .black, text: "A")
        let b = PlaceholderPicture.draw(
            width: 120, height: 60, background: .white, foreground: .black, text: "B")
        #expect(a != b)
        let lines = PlaceholderPicture.draw(
            width: 120, height: 60, background: .white, foreground: .black, text: "one|two")
        #expect(
            lines
                != PlaceholderPicture.draw(
                    width: 120, height: 60, background: .white, foreground: .black, text: "onetwo"))
        let tiny = PlaceholderPicture.draw(
            width: 1, height: 1, background: RGB(1, 2, 3), foreground: .white, text: nil)
        #expect(tiny.width == 1 && tiny.height == 1)
    }
}
