import DocumentJSON
import DocumentStore
import MediaArchive
import Pictures
import PlatformSupport
import RestLiteTesting
import SocketHTTP
import Testing

/// `GET /media/<id>?s=t` needs no key, so what it may cost is bounded: decodes share a small
/// pool (503 with `Retry-After` past it) and a file that cannot be decoded is refused once.
@Suite struct ThumbnailCostRouteTests {
    @Test func aFullDecodePoolAnswers503WithRetryAfter() throws {
        let api = try TestAPI()
        let picture = RasterImage(width: 300, height: 200, fill: RGB(10, 200, 30)).encoded(as: .png)
        let id = try MediaRouteTests.upload(api, [("green.png", "image/png", picture)])[0]
        for _ in 0..<api.media.thumbnailSlots.count { #expect(api.media.thumbnailSlots.tryAcquire()) }
        let busy = api.request(.get, "/media/\(id)?s=t")
        #expect(busy.status == .serviceUnavailable)
        #expect(busy.headers["Retry-After"] == "1")
        let body = try busy.json()
        #expect(body["status"] == 503)
        #expect(body["message"]?.stringValue?.contains("try again") == true, "\(busy.bodyString)")
        api.media.thumbnailSlots.release()
        #expect(api.request(.get, "/media/\(id)?s=t").status == .ok)
    }

    @Test func aPictureDeclaringTooManyPixelsIsRefusedBeforeDecodingAndTheRefusalKept() throws {
        let api = try TestAPI()
        let id = try MediaRouteTests.upload(api, [("huge.png", "image/png", ThumbnailCostTestsPNG.huge())])[0]
        for _ in 0..<3 {
            let response = api.request(.get, "/media/\(id)?s=t")
            #expect(response.status == .badRequest)
            #expect(try response.json()["message"]?.stringValue?.contains("one thumbnail may use") == true)
        }
    }
}

/// The report's file: a PNG declaring 6320×6320 RGBA at 16 bits, with almost no data.
enum ThumbnailCostTestsPNG {
    static func huge() -> [UInt8] {
        let ihdr: [UInt8] = [0, 0, 0x18, 0xB0, 0, 0, 0x18, 0xB0, 16, 6, 0, 0, 0]
        let idat: [UInt8] = [0x78, 0x9C] + [UInt8](repeating: 0x55, count: 4096)
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: data.count >> $0) } + Array(type.utf8) + data
                + [0, 0, 0, 0]
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }
}
