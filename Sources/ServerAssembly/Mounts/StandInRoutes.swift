import DataTransfer
import Pictures
import PlatformSupport
import RestDBAPI
import SocketHTTP
import StandIns

/// The offline stand-ins of the other web APIs a course app calls, on the restdb router:
/// TheCatAPI under `/thecatapi`, the picture services under `/placekitten` and `/dummyimage`,
/// the dog-breed API under `/dogceo`, the USDA food search under `/usda`. No key is asked for (the key check covers `/rest` only); answers get CORS
/// headers like every other.
///
/// ```swift
/// let standIns = StandInMount(StandInOptions(publicURL: "http://192.168.1.5:8080"))
/// let responder = RestAPI(store: store, keys: keys).makeResponder(mounts: [standIns])
/// ```
public struct StandInOptions: Sendable, Equatable {
    /// Scheme, host and port of absolute URLs in answers; nil builds them on the request's `Host`.
    public var publicURL: String?
    /// Bytes of encoded pictures kept in memory, in all: a third each for TheCatAPI's picture
    /// files, PlaceKitten's and dummyimage's pictures, and the dog-breed API's pictures.
    public var cacheBytes: Int
    /// The USDA stand-in answers a missing or malformed `api_key` with the gateway's 403 (the
    /// course app crashes on it, so it is off unless a test asks for it).
    public var usdaKeyCheck: Bool
    /// The caps on one picture drawn to a requested size, for every stand-in that draws one.
    public var pictureLimits: PictureLimits

    public init(
        publicURL: String? = nil, cacheBytes: Int = 32 << 20, usdaKeyCheck: Bool = false,
        pictureLimits: PictureLimits = PictureLimits()
    ) {
        self.publicURL = publicURL
        self.cacheBytes = cacheBytes
        self.usdaKeyCheck = usdaKeyCheck
        self.pictureLimits = pictureLimits
    }
}

/// The stand-ins on the REST router: routes only, inside RestAPI's middleware (CORS, error
/// bodies; the key check passes everything outside `/rest`), so they answer like every route.
public struct StandInMount: RouterMount {
    public let options: StandInOptions

    public init(_ options: StandInOptions) { self.options = options }

    public var outerMiddleware: [any HTTPMiddleware] { [] }

    public func addRoutes(to router: inout Router) { StandInRoutes.register(on: &router, options) }
}

/// Mounting the stand-ins, and the photo URLs that point at them.
public enum StandInRoutes {
    /// The path prefixes, after the server's base URL, in banner order.
    public static let bases = [
        TheCatAPIStandIn.prefix + "/v1", "/placekitten", "/dummyimage", DogCeoStandIn.prefix + "/api",
        USDAStandIn.prefix,
    ]

    static func register(on router: inout Router, _ options: StandInOptions) {
        TheCatAPIStandIn(publicURL: options.publicURL, cacheBytes: options.cacheBytes / 3) {
            look, variant, width, height, format in
            CatPicture.draw(look, variant: variant, width: width, height: height).encoded(as: format)
        }.register(on: &router)
        // The pictures drawn to a size share the caps and the turns for large drawings.
        let drawSlots = WorkSlots(count: options.pictureLimits.concurrentDraws)
        PictureStandIns(
            cacheBytes: options.cacheBytes / 3, limits: options.pictureLimits, drawSlots: drawSlots
        )
        .register(on: &router)
        DogCeoStandIn(
            publicURL: options.publicURL, cacheBytes: options.cacheBytes / 3, limits: options.pictureLimits,
            drawSlots: drawSlots
        ) {
            look, variant, width, height in
            DogPicture.draw(look, variant: variant, width: width, height: height).encoded(as: .jpeg)
        }.register(on: &router)
        USDAStandIn(requireKey: options.usdaKeyCheck).register(on: &router)
    }

    /// Photo URLs of dummyimage.com, placekitten.com and TheCatAPI's CDN rewritten onto the
    /// stand-ins of the server at `base` (`--local-images`).
    public static func localImageURLs(base: String) -> LocalImageURLs {
        LocalImageURLs(base: base) { TheCatAPIStandIn.catalogueFile(forImageID: $0) }
    }
}
