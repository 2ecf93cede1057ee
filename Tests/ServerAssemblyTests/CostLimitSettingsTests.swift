import RestDBAPI
import SocketHTTP
import StandIns
import Testing

@testable import ServerAssembly

/// The caps on what a keyless request may cost come from flags or the environment, and reach
/// the HTTP server and the stand-ins.
@Suite struct CostLimitSettingsTests {
    @Test func pictureAndQueueCapsComeFromFlagsOrTheEnvironment() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(
            defaults.pictureLimits.maxPixels == 2048 * 2048 && defaults.pictureLimits.maxBytes == 16 << 20)
        #expect(defaults.httpConfiguration.maxQueuedBytes == 64 << 20)
        let environment = [
            "RESTLITE_MAX_PICTURE_PIXELS": "1000000", "RESTLITE_MAX_PICTURE_BYTES": "2MiB",
            "RESTLITE_MAX_QUEUED": "8MiB",
        ]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(fromEnvironment.pictureLimits.maxPixels == 1_000_000)
        #expect(fromEnvironment.pictureLimits.maxBytes == 2 << 20)
        #expect(fromEnvironment.httpConfiguration.maxQueuedBytes == 8 << 20)
        #expect(fromEnvironment.standInOptions?.pictureLimits == fromEnvironment.pictureLimits)
        var flags = ServeOverrides()
        flags.maxPicturePixels = "640000"
        flags.maxPictureBytes = "1MiB"
        flags.maxQueued = "1MiB"
        let fromFlags = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.pictureLimits.maxPixels == 640_000 && fromFlags.pictureLimits.maxBytes == 1 << 20)
        #expect(fromFlags.maxQueuedBytes == 1 << 20)
        flags.maxPicturePixels = "lots"
        #expect(throws: ServeError.self) { try ServeConfiguration.resolve(flags, environment: [:]) }
    }
}
