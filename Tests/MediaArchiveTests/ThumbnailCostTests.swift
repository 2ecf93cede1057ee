import Pictures
import PlatformSupport
import Testing

@testable import MediaArchive

/// What one thumbnail request may cost: a failure is remembered like a thumbnail, a file whose
/// decoding would take too much memory is refused from its header, and decodes share a small
/// pool.
@Suite struct ThumbnailCostTests {
    /// A PNG of `width`×`height` (noisy, so its data does not compress to nothing) whose IDAT
    /// data is cut to its first half: the header is sound, the pixels never finish.
    static func cutPNG(width: Int, height: Int) -> [UInt8] {
        var picture = RasterImage(width: 64, height: 64)
        var seed: UInt32 = 7
        for y in 0..<64 {
            for x in 0..<64 {
                seed = seed &* 1_103_515_245 &+ 12345
                picture[x, y] = RGB(UInt8(truncatingIfNeeded: seed >> 16), UInt8(x * 4), UInt8(y * 4))
            }
        }
        let whole = picture.encoded(as: .png)
        var out = Array(whole[0..<8])
        var position = 8
        while position + 8 <= whole.count {
            let length = whole[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: whole[(position + 4)..<(position + 8)], as: UTF8.self)
            var data = Array(whole[(position + 8)..<(position + 8 + length)])
            if type == "IHDR" {
                data.replaceSubrange(0..<8, with: bigEndian(width) + bigEndian(height))
            }
            if type == "IDAT" { data = Array(data.prefix(data.count / 2)) }
            out += bigEndian(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
            position += 12 + length
        }
        return out
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// The PNG of the report: 6320×6320 RGBA at 16 bits a sample, its data cut off.
    static func hugeDeclaredPNG() -> [UInt8] {
        var bytes = cutPNG(width: 6320, height: 6320)
        bytes[24] = 16  // bit depth
        bytes[25] = 6  // RGBA
        return bytes
    }

    static func store(_ files: [(String, [UInt8])]) throws -> (MediaStore, [MediaRecord]) {
        let store = MediaStore.inMemory()
        let records = try store.add(
            files.map {
                .init(fieldName: "file", filename: $0.0, declaredType: "image/png", bytes: $0.1[...])
            })
        return (store, records)
    }

    @Test func aFileThatFailsToDecodeIsDecodedOnceAndItsFailureRemembered() throws {
        let (store, records) = try Self.store([("cut.png", Self.cutPNG(width: 64, height: 64))])
        var messages: [String] = []
        for size in [ThumbnailSize.thumbnail, .thumbnail, .web, .thumbnail] {
            let error = #expect(throws: ThumbnailError.self) {
                try store.thumbnail(of: records[0], size: size)
            }
            messages.append(error?.message ?? "")
        }
        #expect(store.thumbnails.decodes == 1)
        #expect(Set(messages).count == 1 && messages[0].contains("cannot be made a thumbnail"), "\(messages)")
    }

    @Test func aPictureTooLargeToDecodeIsRefusedFromItsHeaderBeforeDecoding() throws {
        let bytes = Self.hugeDeclaredPNG()
        let estimate = try #require(ImageDecoder.estimatedMemory(of: bytes))
        // 6320 rows of 6320 × 8 bytes and a filter byte, and the RGB picture.
        #expect(estimate >= (6320 * 8 + 1) * 6320 + 6320 * 6320 * 3)
        let (store, records) = try Self.store([("huge.png", bytes)])
        let error = #expect(throws: ThumbnailError.self) {
            try store.thumbnail(of: records[0], size: .thumbnail)
        }
        let message = error?.message ?? ""
        #expect(
            message.contains("\(estimate >> 20) MiB") && message.contains("more than the 192 MiB"),
            "\(message)")
        #expect(store.thumbnails.decodes == 0)
        _ = #expect(throws: ThumbnailError.self) { try store.thumbnail(of: records[0], size: .web) }
        #expect(store.thumbnails.decodes == 0)
    }

    @Test func theMemoryBudgetIsTheStoresToSet() throws {
        let picture = RasterImage(width: 300, height: 200, fill: RGB(10, 200, 30)).encoded(as: .png)
        let (store, records) = try Self.store([("small.png", picture)])
        let estimate = try #require(ImageDecoder.estimatedMemory(of: picture))
        store.thumbnailMemoryBudget = estimate - 1
        _ = #expect(throws: ThumbnailError.self) { try store.thumbnail(of: records[0], size: .thumbnail) }
        let (roomy, again) = try Self.store([("small.png", picture)])
        roomy.thumbnailMemoryBudget = estimate
        #expect(try roomy.thumbnail(of: again[0], size: .thumbnail).mimeType == "image/png")
        #expect(roomy.thumbnails.decodes == 1)
    }

    @Test func decodesPastThePoolAreRefusedAsBusyWhileCachedThumbnailsStillCome() throws {
        let picture = RasterImage(width: 300, height: 200, fill: RGB(10, 200, 30)).encoded(as: .png)
        let (store, records) = try Self.store([("a.png", picture), ("b.png", picture)])
        _ = try store.thumbnail(of: records[0], size: .thumbnail)
        for _ in 0..<store.thumbnailSlots.count { #expect(store.thumbnailSlots.tryAcquire()) }
        let busy = #expect(throws: ThumbnailBusyError.self) {
            try store.thumbnail(of: records[1], size: .thumbnail)
        }
        #expect(busy?.retryAfterSeconds == 1)
        #expect(try store.thumbnail(of: records[0], size: .thumbnail).bytes.isEmpty == false)
        store.thumbnailSlots.release()
        #expect(try store.thumbnail(of: records[1], size: .thumbnail).mimeType == "image/png")
    }

    @Test func estimatesFollowTheHeaderOfEachFormat() throws {
        let picture = RasterImage(width: 400, height: 300, fill: RGB(200, 30, 30))
        for format in [ImageFormat.png, .gif, .jpeg] {
            let estimate = try #require(ImageDecoder.estimatedMemory(of: picture.encoded(as: format)))
            #expect(estimate >= 400 * 300 * 4 && estimate < 400 * 300 * 40, "\(format): \(estimate)")
        }
        #expect(ImageDecoder.estimatedMemory(of: Array("not a picture".utf8)) == nil)
    }
}
