import Pictures
import PlatformSupport
import SocketHTTP

/// The dog-breed API (dog.ceo) offline, under `/dogceo`: every route of the hosted service, with
/// and without its `/api` prefix, GET and HEAD, its `{"message":…,"status":"success"}` envelope,
/// its 404 texts and its count clamps; and the pictures, drawn by restlite, under
/// `/dogceo/breeds/{breed[-sub]}/{file}.jpg`.
///
/// ```swift
/// var router = Router()
/// DogCeoStandIn(publicURL: nil) { look, name, width, height in
///     DogPicture.draw(look, variant: name, width: width, height: height).encoded(as: .jpeg)
/// }.register(on: &router)   // GET /dogceo/api/breeds/list/all, /dogceo/api/breed/hound/images
/// ```
public struct DogCeoStandIn: Sendable {
    /// Draws the picture of a file: the breed's look, a value fixed by the file name, and the size.
    public typealias Renderer =
        @Sendable (_ look: DogAppearance, _ variant: UInt64, _ width: Int, _ height: Int) -> [UInt8]

    /// The prefix of every route.
    public static let prefix = "/dogceo"
    /// Deepest route of the hosted service, in segments after the prefix (with `/api`).
    static let maxSegments = 8

    let publicURL: String?
    let renderImage: Renderer
    let cache: PictureCache
    /// The caps every picture a stand-in draws is held to (pixels, bytes, drawing turns).
    let limits: PictureLimits
    /// Turns for drawing large pictures, shared with the other picture stand-ins.
    let drawSlots: WorkSlots
    var breeds: DogBreeds { Self.written.breeds }
    /// Bodies that never change, written once.
    var allBreedsBody: [UInt8] { Self.written.allBreedsBody }
    var mainBreedsBody: [UInt8] { Self.written.mainBreedsBody }
    /// Each main breed's sub-breed list, written once.
    var subBreedBodies: [String: [UInt8]] { Self.written.subBreedBodies }
    /// Image lists and URL paths, written once (`DogCeoAnswers`).
    var answers: DogCeoAnswers { Self.written.answers }
    /// `publicURL` as JSON string content.
    let escapedPublicURL: [UInt8]?

    /// `publicURL` (scheme, host and port) is the base of every picture URL when set; otherwise
    /// URLs are built on the request's `Host`. `cacheBytes` bounds the drawn files kept in memory;
    /// `limits` are the caps of every stand-in picture (`PictureLimits`).
    public init(
        publicURL: String?, cacheBytes: Int = 16 << 20, limits: PictureLimits = PictureLimits(),
        renderImage: @escaping Renderer
    ) {
        self.init(
            publicURL: publicURL, cacheBytes: cacheBytes, limits: limits,
            drawSlots: WorkSlots(count: limits.concurrentDraws), renderImage: renderImage)
    }

    /// The same, drawing large pictures in `drawSlots`, turns shared with `PictureStandIns`.
    package init(
        publicURL: String?, cacheBytes: Int = 16 << 20, limits: PictureLimits = PictureLimits(),
        drawSlots: WorkSlots, renderImage: @escaping Renderer
    ) {
        self.limits = limits
        self.drawSlots = drawSlots
        var base = publicURL
        while let value = base, value.hasSuffix("/") { base = String(value.dropLast()) }
        self.publicURL = base?.isEmpty == true ? nil : base
        self.renderImage = renderImage
        cache = PictureCache(budget: cacheBytes)
        escapedPublicURL = self.publicURL.map(DogCeoAnswers.escaped)
    }

    /// The bodies and answers no request and no setting changes, written once per process on
    /// the first request that needs them (every server a process assembles, e.g. one per test,
    /// shares them; a server whose dog.ceo routes are never asked never writes them).
    struct Written: Sendable {
        let breeds: DogBreeds
        let allBreedsBody: [UInt8]
        let mainBreedsBody: [UInt8]
        let subBreedBodies: [String: [UInt8]]
        let answers: DogCeoAnswers

        init(_ breeds: DogBreeds) {
            self.breeds = breeds
            allBreedsBody = DogCeoStandIn.successBody(DogCeoStandIn.breedObject(breeds.mains, breeds))
            mainBreedsBody = DogCeoStandIn.successBody(.array(breeds.mains.map { .string($0) }))
            subBreedBodies = breeds.subs.mapValues {
                DogCeoStandIn.successBody(.array($0.map { .string($0) }))
            }
            answers = DogCeoAnswers(breeds)
        }
    }

    static let written = Written(DogBreeds.shared)

    /// Adds the routes: one handler for every path of up to `maxSegments` segments under the
    /// prefix, which reads the segments as the hosted service's router does.
    public func register(on router: inout Router) {
        var pattern = Self.prefix
        let handler: Router.Handler = { request in self.respond(request) }
        router.get(pattern, handler)
        for depth in 1...Self.maxSegments {
            pattern += "/:s\(depth)"
            router.get(pattern, handler)
        }
    }

    // MARK: - Dispatch

    /// The names of the path parameters, `s1` to `s8`.
    static let segmentNames = (1...maxSegments).map { "s\($0)" }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        var segments: [String] = []
        segments.reserveCapacity(Self.maxSegments)
        for name in Self.segmentNames {
            guard let segment = request.pathParameters[name] else { break }
            segments.append(segment)
        }
        if segments.count == 3, segments[0] == "breeds", segments[2].hasSuffix(".jpg"),
            let folder = breeds.folderIndex[segments[1]]
        {
            return imageFile(request, breeds.folders[folder], file: segments[2])
        }
        var route = segments[...]
        if route.first == "api" { route = route.dropFirst() }
        return answer(Array(route), request) ?? noRoute(request)
    }

    /// The hosted service's routes, in its order of precedence; nil when none matches.
    func answer(_ route: [String], _ request: HTTPRequest) -> HTTPResponse? {
        switch route.count {
        case 2 where route == Self.breedsList:
            return Self.json(mainBreedsBody, cached: true)
        case 2 where route[0] == "breed":
            return info(route[1], nil)
        case 3 where route == Self.breedsListAll:
            return Self.json(allBreedsBody, cached: true)
        case 3 where route == Self.breedsListRandom:
            return Self.success(.string(Self.randomPick(1, from: breeds.mains)[0]))
        case 3 where route == Self.breedsImageRandom:
            return Self.json(
                answers.message(randomFiles(1), base: escapedBase(request), array: false), cached: false)
        case 3 where route[0] == "breed" && route[2] == "list":
            return subBreeds(route[1])
        case 3 where route[0] == "breed" && route[2] == "images":
            return images(route[1], nil, request)
        case 3 where route[0] == "breed":
            return info(route[1], route[2])
        case 4 where route == Self.breedsListAllRandom:
            return Self.success(Self.breedObject(Self.randomPick(1, from: breeds.mains), breeds))
        case 4 where route[0] == "breeds" && route[1] == "list" && route[2] == "random":
            let count = Self.amount(route[3], total: breeds.mains.count)
            return Self.success(.array(Self.randomPick(count, from: breeds.mains).map { .string($0) }))
        case 4 where route[0] == "breeds" && route[1] == "image" && route[2] == "random":
            let files = randomFiles(Self.overallAmount(route[3]))
            return Self.json(answers.message(files, base: escapedBase(request), array: true), cached: false)
        case 4 where route[0] == "breed" && route[2] == "list" && route[3] == "random":
            return randomSubBreeds(route[1], nil)
        case 4 where route[0] == "breed" && route[2] == "images" && route[3] == "random":
            return randomImages(route[1], nil, nil, alt: false, request)
        case 4 where route[0] == "breed" && route[2] == "images" && route[3] == "alt":
            return images(route[1], nil, request, alt: true)
        case 4 where route[0] == "breed" && route[3] == "images":
            return images(route[1], route[2], request)
        case 5 where route[0] == "breeds" && route[1] == "list" && route[2] == "all" && route[3] == "random":
            let count = Self.amount(route[4], total: breeds.mains.count)
            return Self.success(Self.breedObject(Self.randomPick(count, from: breeds.mains), breeds))
        case 5 where route[0] == "breeds" && route[1] == "image" && route[2] == "random" && route[4] == "alt":
            let urls = urls(randomFiles(Self.overallAmount(route[3])), request)
            return Self.success(.array(urls.map(Self.altObject)))
        case 5 where route[0] == "breed" && route[2] == "list" && route[3] == "random":
            return randomSubBreeds(route[1], route[4])
        case 5 where route[0] == "breed" && route[2] == "images" && route[3] == "random":
            return randomImages(route[1], nil, route[4], alt: false, request)
        case 5 where route[0] == "breed" && route[3] == "images" && route[4] == "random":
            return randomImages(route[1], route[2], nil, alt: false, request)
        case 5 where route[0] == "breed" && route[3] == "images" && route[4] == "alt":
            return images(route[1], route[2], request, alt: true)
        case 6 where route[0] == "breed" && route[2] == "images" && route[3] == "random" && route[5] == "alt":
            return randomImages(route[1], nil, route[4], alt: true, request)
        case 6 where route[0] == "breed" && route[3] == "images" && route[4] == "random":
            return randomImages(route[1], route[2], route[5], alt: false, request)
        case 7 where route[0] == "breed" && route[3] == "images" && route[4] == "random" && route[6] == "alt":
            return randomImages(route[1], route[2], route[5], alt: true, request)
        default:
            return nil
        }
    }

    static let breedsList = ["breeds", "list"]
    static let breedsListAll = ["breeds", "list", "all"]
    static let breedsListRandom = ["breeds", "list", "random"]
    static let breedsImageRandom = ["breeds", "image", "random"]
    static let breedsListAllRandom = ["breeds", "list", "all", "random"]

    // MARK: - Breeds

    func subBreeds(_ breed: String) -> HTTPResponse {
        guard let body = subBreedBodies[breed] else { return Self.error(Self.mainBreedMissing) }
        return Self.json(body, cached: true)
    }

    /// `/breed/{b}/list/random[/{N}]`: one name, or an array of N.
    func randomSubBreeds(_ breed: String, _ amount: String?) -> HTTPResponse {
        guard let subs = breeds.subs[breed] else { return Self.error(Self.mainBreedMissing) }
        guard !subs.isEmpty else { return Self.error(Self.noSubBreeds) }
        guard let amount else { return Self.success(.string(Self.randomPick(1, from: subs)[0])) }
        let count = Self.amount(amount, total: subs.count)
        return Self.success(.array(Self.randomPick(count, from: subs).map { .string($0) }))
    }

    /// `/breed/{b}` and `/breed/{b}/{sub}`: the hosted service has information texts for a few
    /// breeds only; the stand-in has none.
    func info(_ breed: String, _ sub: String?) -> HTTPResponse {
        if let error = missing(breed, sub) { return error }
        return Self.error(Self.noInfoFile)
    }

    /// The 404 of an unknown main breed or sub-breed, nil when both exist.
    func missing(_ breed: String, _ sub: String?) -> HTTPResponse? {
        guard let subs = breeds.subs[breed] else { return Self.error(Self.mainBreedMissing) }
        if let sub, !subs.contains(sub) { return Self.error(Self.subBreedMissing) }
        return nil
    }

    // MARK: - Image lists

    func images(_ breed: String, _ sub: String?, _ request: HTTPRequest, alt: Bool = false) -> HTTPResponse {
        if let error = missing(breed, sub) { return error }
        let template: DogCeoAnswers.Template?
        if let sub {
            template = breeds.folderIndex[breed + "-" + sub].map {
                alt ? answers.folderImagesAlt[$0] : answers.folderImages[$0]
            }
        } else {
            template = alt ? answers.breedImagesAlt[breed] : answers.breedImages[breed]
        }
        return Self.json(template?.render(base: escapedBase(request)) ?? [], cached: true)
    }

    /// The files of a main breed (all its sub-breeds) or of one sub-breed, in list order.
    func fileList(_ breed: String, _ sub: String?) -> [DogCeoAnswers.File] {
        guard let sub else { return answers.breedFiles[breed] ?? [] }
        return breeds.folderIndex[breed + "-" + sub].map { answers.folderFiles[$0] } ?? []
    }

    /// `…/images/random` (one URL), `…/images/random/{N}` (N different URLs, at most all).
    func randomImages(
        _ breed: String, _ sub: String?, _ amount: String?, alt: Bool, _ request: HTTPRequest
    ) -> HTTPResponse {
        if let error = missing(breed, sub) { return error }
        let all = fileList(breed, sub)
        guard let amount else {
            return Self.json(
                answers.message(Self.randomPick(1, from: all), base: escapedBase(request), array: false),
                cached: false)
        }
        let picked = Self.randomPick(Self.amount(amount, total: all.count), from: all)
        guard alt else {
            return Self.json(answers.message(picked, base: escapedBase(request), array: true), cached: false)
        }
        return Self.success(.array(urls(picked, request).map(Self.altObject)))
    }

    /// Independent draws (repeats possible): a random folder, then a random file of it.
    func randomFiles(_ count: Int) -> [DogCeoAnswers.File] {
        var generator = DogRandom()
        return (0..<count).map { _ in
            let folder = Int.random(in: 0..<breeds.folders.count, using: &generator)
            let file = Int.random(in: 0..<breeds.folders[folder].files.count, using: &generator)
            return DogCeoAnswers.File(folder: folder, file: file)
        }
    }

    /// The URLs of `files` on the request's base.
    func urls(_ files: [DogCeoAnswers.File], _ request: HTTPRequest) -> [String] {
        let base = urlBase(request)
        return files.map {
            Self.url(base, breeds.folders[$0.folder].name, breeds.folders[$0.folder].files[$0.file])
        }
    }

    /// `{"url":…,"altText":"Afghan hound dog"}`: the folder's words last first, then "dog".
    static func altObject(_ url: String) -> OrderedJSON {
        let parts = url.split(separator: "/")
        let folder = parts.count >= 2 ? parts[parts.count - 2] : ""
        var text = folder.split(separator: "-").reversed().joined(separator: " ") + " dog"
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        return .object([("url", .string(url)), ("altText", .string(text))])
    }

    // MARK: - Picture files

    /// A picture of the folder's breed, drawn from the file name: the catalogue's names and
    /// any other `.jpg` name in a known folder (a URL copied from the hosted image host).
    func imageFile(_ request: HTTPRequest, _ folder: DogBreeds.Folder, file: String) -> HTTPResponse {
        let variant = TheCatAPIStandIn.fnv1a(folder.name + "/" + file)
        let (width, height) = Self.size(of: variant)
        let etag = "\"dog-" + String(variant, radix: 16) + "\""
        var headers = HTTPHeaders()
        headers.set("ETag", etag)
        headers.set("Cache-Control", "public, max-age=86400, immutable")
        if let tags = request.headers["If-None-Match"], PictureStandIns.matches(tags, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let entry: PictureCache.Entry
        do {
            entry = try picture(
                folder.name + "/" + file, look: folder.look, variant, width, height, etag: etag)
        } catch let error as PictureRequestError {
            return error.httpResponse()
        } catch {
            return PictureBusyError().httpResponse()
        }
        headers.set("Content-Type", entry.contentType)
        return HTTPResponse(status: .ok, headers: headers, body: entry.body)
    }

    /// The cached picture, or a new one drawn within the same caps as every stand-in picture:
    /// past `limits`' pixels or bytes it is refused, and a large one waits for one of the
    /// drawing turns shared with the other picture stand-ins (a 503 when none comes free), so
    /// a crowd asking for a different file name each draws no more than that many at once.
    func picture(
        _ key: String, look: DogAppearance, _ variant: UInt64, _ width: Int, _ height: Int, etag: String
    ) throws -> PictureCache.Entry {
        try limits.check(width: width, height: height, format: .jpeg)
        if let hit = cache.lookup(key) { return hit }
        if limits.isLarge(width: width, height: height) {
            guard drawSlots.acquire(waitingAtMost: limits.drawWaitMilliseconds) else {
                throw PictureBusyError()
            }
            defer { drawSlots.release() }
            // Someone else may have drawn it while this request waited.
            if let hit = cache.lookup(key) { return hit }
            return try draw(key, look: look, variant, width, height, etag: etag)
        }
        return try draw(key, look: look, variant, width, height, etag: etag)
    }

    private func draw(
        _ key: String, look: DogAppearance, _ variant: UInt64, _ width: Int, _ height: Int, etag: String
    ) throws(PictureRequestError) -> PictureCache.Entry {
        let body = renderImage(look, variant, width, height)
        guard body.count <= limits.maxBytes else {
            throw PictureRequestError(
                message: "the \(width)×\(height) picture takes \(body.count) bytes, more than this "
                    + "server's limit of \(limits.maxBytes) (restlite serve --max-picture-bytes)")
        }
        let entry = PictureCache.Entry(body: body, contentType: "image/jpeg", etag: etag)
        cache.store(entry, for: key)
        return entry
    }

    /// A photo-like size fixed by the file: 500 or 640 wide, landscape mostly, some portrait.
    static func size(of variant: UInt64) -> (width: Int, height: Int) {
        let shapes = [(500, 375), (640, 480), (500, 333), (600, 450), (375, 500), (640, 427), (500, 500)]
        return shapes[Int((variant >> 20) % UInt64(shapes.count))]
    }

    // MARK: - Envelope

    static let mainBreedMissing = "Breed not found (main breed does not exist)"
    static let subBreedMissing = "Breed not found (sub breed does not exist)"
    static let noSubBreeds = "Breed not found (no sub breeds exist for this main breed)"
    static let noInfoFile = "Breed not found (No info file for this breed exists)"

    static func successBody(_ message: OrderedJSON) -> [UInt8] {
        OrderedJSON.object([("message", message), ("status", .string("success"))]).bytes
    }

    static func success(_ message: OrderedJSON) -> HTTPResponse {
        json(successBody(message), cached: false)
    }

    static let jsonHeaders: HTTPHeaders = ["Content-Type": "application/json"]
    static let cachedJSONHeaders: HTTPHeaders = [
        "Content-Type": "application/json", "Cache-Control": "s-maxage=21600, max-age=1800",
    ]

    /// 200 `application/json`; the list and image-list routes also say how long to cache.
    static func json(_ body: [UInt8], cached: Bool, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: cached ? cachedJSONHeaders : jsonHeaders, body: body)
    }

    static func error(_ message: String) -> HTTPResponse {
        let body = OrderedJSON.object([
            ("status", .string("error")), ("message", .string(message)), ("code", .int(404)),
        ])
        return json(body.bytes, cached: false, status: .notFound)
    }

    /// The hosted service's answer to a path it has no route for: its framework's text, cut to
    /// 128 characters.
    func noRoute(_ request: HTTPRequest) -> HTTPResponse {
        var text = "No route found for \"\(request.method.rawValue) \(urlBase(request))\(request.rawPath)\""
        if text.count > 128 { text = String(text.prefix(128)) + "..." }
        return Self.error(text + " with code: 0")
    }

    /// `{"affenpinscher":[],"australian":["kelpie","shepherd"],…}` for the given main breeds.
    static func breedObject(_ mains: [String], _ breeds: DogBreeds) -> OrderedJSON {
        .object(mains.map { ($0, .array((breeds.subs[$0] ?? []).map { .string($0) })) })
    }

    // MARK: - Helpers

    func urlBase(_ request: HTTPRequest) -> String {
        publicURL ?? request.hostBaseURL
    }

    /// `urlBase` as JSON string content.
    func escapedBase(_ request: HTTPRequest) -> [UInt8] {
        escapedPublicURL ?? DogCeoAnswers.escaped(request.hostBaseURL)
    }

    static func url(_ base: String, _ folder: String, _ file: String) -> String {
        base + prefix + "/breeds/" + folder + "/" + file
    }

    /// The `{N}` of a random route as the hosted service reads it: the leading integer (PHP's
    /// `(int)`), 0 or none giving 1; then a negative count gives 10 and a count above `total`
    /// gives `total`.
    static func amount(_ text: String, total: Int) -> Int {
        var count = leadingInteger(text)
        if count == 0 { count = 1 }
        if count < 1 { count = 10 }
        return min(count, total)
    }

    /// `/breeds/image/random/{N}`: 1…50.
    static func overallAmount(_ text: String) -> Int {
        min(50, max(1, leadingInteger(text)))
    }

    /// Leading spaces, an optional sign and digits, as PHP's `(int)` reads a string; 0 for none.
    static func leadingInteger(_ text: String) -> Int {
        var value = 0
        var negative = false
        var started = false
        for (index, character) in text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }).enumerated() {
            if index == 0 && (character == "-" || character == "+") {
                negative = character == "-"
                continue
            }
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            started = true
            value = min(value * 10 + digit, 1 << 40)
        }
        return started ? (negative ? -value : value) : 0
    }

    /// `count` different items in their list order (the hosted service keeps the order).
    static func randomPick<Element>(_ count: Int, from items: [Element]) -> [Element] {
        var generator = DogRandom()
        if count == 1, !items.isEmpty { return [items[Int.random(in: 0..<items.count, using: &generator)]] }
        var pool = Array(items.indices)
        let taken = min(count, pool.count)
        for index in 0..<taken {
            pool.swapAt(index, Int.random(in: index..<pool.count, using: &generator))
        }
        return pool.prefix(taken).sorted().map { items[$0] }
    }
}
