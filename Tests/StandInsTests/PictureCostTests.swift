import Foundation
import Pictures
import PlatformSupport
import RestLiteTesting
import SocketHTTP
import Testing

@testable import StandIns

/// What one keyless picture request may cost: pictures past the pixel or byte cap are refused
/// before anything is drawn, and large answers are sent from a file a piece at a time.
@Suite(.offPool) struct PictureCostTests {
    static func responder(_ limits: PictureLimits = PictureLimits()) -> FrozenRouter {
        var router = Router()
        PictureStandIns(limits: limits).register(on: &router)
        return router.freeze()
    }

    static func message(_ response: HTTPResponse) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return object?["message"] as? String ?? ""
    }

    @Test func theReportsPictureIsRefusedWithAnErrorNamingThePixelLimit() {
        let response = Self.responder().respond(
            to: HTTPRequest(method: .get, target: "/dummyimage/4000x4000.bmp"))
        #expect(response.status == .badRequest)
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let message = Self.message(response)
        #expect(message.contains("16000000 pixels") && message.contains("4194304"), "\(message)")
        #expect(message.contains("--max-picture-pixels"), "\(message)")
        let kitten = Self.responder().respond(to: HTTPRequest(method: .get, target: "/placekitten/3000/3000"))
        #expect(kitten.status == .badRequest && Self.message(kitten).contains("--max-picture-pixels"))
        let largest = Self.responder().respond(
            to: HTTPRequest(method: .get, target: "/dummyimage/2048x2048.gif"))
        #expect(largest.status == .ok)
    }

    @Test func theByteLimitRefusesPicturesWhoseEncodingMayPassIt() {
        var limits = PictureLimits()
        limits.maxBytes = 100_000
        let router = Self.responder(limits)
        let bmp = router.respond(to: HTTPRequest(method: .get, target: "/dummyimage/300x300.bmp"))
        #expect(bmp.status == .badRequest)
        let message = Self.message(bmp)
        #expect(message.contains("270054 bytes") && message.contains("100000"), "\(message)")
        #expect(message.contains("--max-picture-bytes"), "\(message)")
        #expect(
            router.respond(to: HTTPRequest(method: .get, target: "/dummyimage/100x100.bmp")).status == .ok)
    }

    @Test func largestEncodingBoundsWhatTheEncodersWrite() {
        let picture = PlaceholderPicture.draw(
            width: 301, height: 157, background: RGB(3, 200, 90), foreground: RGB(250, 250, 0), text: "bound")
        var noise = RasterImage(width: 97, height: 61)
        var seed: UInt32 = 1
        for y in 0..<61 {
            for x in 0..<97 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                noise[x, y] = RGB(
                    UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed >> 16),
                    UInt8(truncatingIfNeeded: seed >> 24))
            }
        }
        for image in [picture, noise] {
            for format in [ImageFormat.bmp, .png, .gif, .jpeg] {
                let bound = PictureLimits.largestEncoding(
                    width: image.width, height: image.height, format: format)
                let size = image.encoded(as: format).count
                #expect(size <= bound, "\(format) \(image.width)×\(image.height): \(size) > \(bound)")
                if format == .bmp { #expect(size == bound) }
            }
        }
    }

    @Test func aLargePictureComesFromAFileByteIdenticalToItsWholeEncoding() throws {
        let target = "/dummyimage/1200x900.bmp/f80/024&text=streamed"
        let expected = PlaceholderPicture.draw(
            width: 1200, height: 900, background: RGB(hex: "f80")!, foreground: RGB(hex: "024")!,
            text: "streamed"
        ).encoded(as: .bmp)
        let router = Self.responder()
        let response = router.respond(to: HTTPRequest(method: .get, target: target))
        #expect(response.status == .ok && response.body.isEmpty)
        let file = try #require(response.bodyFile)
        #expect(try file.read(offset: 0, count: file.count) == expected)
        // Asked again, the same file is sent: nothing is drawn twice.
        #expect(router.respond(to: HTTPRequest(method: .get, target: target)).bodyFile === file)

        let server = try TestHTTPServer.start(router)
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        try client.send(
            "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nHEAD \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )
        let wire = try client.readResponse()
        #expect(wire.status == 200 && wire.headers["Content-Type"] == "image/bmp")
        #expect(wire.body == expected && wire.headers["Content-Length"] == "\(expected.count)")
        #expect(wire.headers["ETag"] == response.headers["ETag"])
        let head = try client.readResponse(bodyless: true)
        #expect(head.status == 200 && head.headers["Content-Length"] == "\(expected.count)")
    }

    @Test func smallPicturesStayInMemory() {
        let response = Self.responder().respond(
            to: HTTPRequest(method: .get, target: "/dummyimage/200x100.bmp"))
        #expect(response.status == .ok && response.bodyFile == nil && response.body.count == 54 + 600 * 100)
    }

    /// The dog-breed API's pictures and the placeholders on one router, drawing in `slots`.
    static func dogsAndPlaceholders(_ limits: PictureLimits, slots: WorkSlots) -> FrozenRouter {
        var router = Router()
        PictureStandIns(limits: limits, drawSlots: slots).register(on: &router)
        DogCeoStandIn(publicURL: nil, limits: limits, drawSlots: slots) { look, variant, width, height in
            DogPicture.draw(look, variant: variant, width: width, height: height).encoded(as: .jpeg)
        }.register(on: &router)
        return router.freeze()
    }

    @Test func aDogPictureIsHeldToThePictureCaps() {
        var limits = PictureLimits()
        limits.maxPixels = 100_000
        let router = Self.dogsAndPlaceholders(limits, slots: WorkSlots(count: 2))
        // Every dog picture has at least 500×333 pixels (166,500), past this server's cap.
        let dog = router.respond(to: HTTPRequest(method: .get, target: "/dogceo/breeds/beagle/any-name.jpg"))
        #expect(dog.status == .badRequest)
        #expect(Self.message(dog).contains("--max-picture-pixels"), "\(Self.message(dog))")
        limits = PictureLimits()
        limits.maxBytes = 10_000
        let small = Self.dogsAndPlaceholders(limits, slots: WorkSlots(count: 2))
        let bytes = small.respond(to: HTTPRequest(method: .get, target: "/dogceo/breeds/beagle/any-name.jpg"))
        #expect(bytes.status == .badRequest && Self.message(bytes).contains("--max-picture-bytes"))
        let allowed = Self.dogsAndPlaceholders(PictureLimits(), slots: WorkSlots(count: 2))
        let drawn = allowed.respond(
            to: HTTPRequest(method: .get, target: "/dogceo/breeds/beagle/any-name.jpg"))
        #expect(drawn.status == .ok && drawn.headers["Content-Type"] == "image/jpeg")
    }

    @Test func dogPicturesWaitForTheDrawingTurnsThePlaceholdersUse() {
        var limits = PictureLimits()
        limits.drawWait = .milliseconds(50)
        let slots = WorkSlots(count: 1)
        let router = Self.dogsAndPlaceholders(limits, slots: slots)
        // A large placeholder being drawn holds the one turn: a dog picture nobody has drawn yet
        // waits for it, then is answered 503 with Retry-After, as the placeholder is.
        #expect(slots.tryAcquire())
        for target in ["/dogceo/breeds/beagle/a-new-name.jpg", "/dummyimage/1000x1000.bmp"] {
            let busy = router.respond(to: HTTPRequest(method: .get, target: target))
            #expect(busy.status == .serviceUnavailable, "\(target)")
            #expect(busy.headers["Retry-After"] == "2", "\(target)")
        }
        slots.release()
        let drawn = router.respond(
            to: HTTPRequest(method: .get, target: "/dogceo/breeds/beagle/a-new-name.jpg"))
        #expect(drawn.status == .ok && !drawn.body.isEmpty)
        // Drawn once, it comes from the cache without a turn.
        #expect(slots.tryAcquire())
        defer { slots.release() }
        let cached = router.respond(
            to: HTTPRequest(method: .get, target: "/dogceo/breeds/beagle/a-new-name.jpg"))
        #expect(cached.status == .ok && cached.body == drawn.body)
    }
}
