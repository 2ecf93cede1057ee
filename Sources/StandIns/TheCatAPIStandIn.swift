import Pictures
import SocketHTTP

/// The cat-picture service's `/v1` surface, offline, under `/thecatapi/v1`, with its pictures
/// drawn on demand under `/thecatapi/images/{id}.{jpg|png|gif}`.
///
/// No key is needed: an `x-api-key` header or `api_key` parameter is accepted and never checked;
/// as on the real service, its presence only lifts the key-less image-search limit (1 or 10).
public struct TheCatAPIStandIn: Sendable {
    public typealias Renderer =
        @Sendable (
            _ look: CatAppearance, _ variant: UInt64, _ width: Int, _ height: Int, _ format: ImageFormat
        )
        -> [UInt8]

    /// The prefix of every route.
    public static let prefix = "/thecatapi"

    let publicURL: String?
    let renderImage: Renderer
    let catalogue: CatImageCatalogue
    let cache: PictureCache
    /// Index of each breed in `CatBreed.all`, by id.
    var breedIndexByID: [String: Int] { Self.written.breedIndexByID }
    /// Each breed's object (without `image`), built once.
    var breedJSON: [OrderedJSON] { Self.written.breedJSON }
    /// Each catalogue picture's object as JSON text around the base of its `url` (the part
    /// the request decides), written once: a search only copies bytes.
    var imageJSON: [(head: [UInt8], tail: [UInt8])] { Self.written.imageJSON }
    /// Catalogue positions of each breed's pictures, by breed index.
    var imagesOfBreed: [[Int]] { Self.written.imagesOfBreed }

    /// `publicURL` (scheme, host and port, e.g. `http://192.168.1.5:3000`) is the base of every
    /// picture URL when set; otherwise URLs are built from the request's `Host` header.
    /// `cacheBytes` bounds the drawn picture files kept in memory (least recently used go first).
    public init(publicURL: String?, cacheBytes: Int = 32 << 20, renderImage: @escaping Renderer) {
        var base = publicURL
        while let value = base, value.hasSuffix("/") { base = String(value.dropLast()) }
        self.publicURL = base?.isEmpty == true ? nil : base
        self.renderImage = renderImage
        self.catalogue = Self.catalogue
        self.cache = PictureCache(budget: cacheBytes)
    }

    /// The fixed picture catalogue, built once per process.
    static let catalogue = CatImageCatalogue()

    /// What no request and no setting changes: the breeds' objects, the catalogue's JSON text
    /// and the pictures of each breed, written once per process on the first request that needs
    /// them (every server a process assembles, e.g. one per test, shares them).
    struct Written: Sendable {
        let breedIndexByID: [String: Int]
        let breedJSON: [OrderedJSON]
        let imageJSON: [(head: [UInt8], tail: [UInt8])]
        let imagesOfBreed: [[Int]]

        init(catalogue: CatImageCatalogue) {
            breedIndexByID = Dictionary(uniqueKeysWithValues: CatBreed.all.enumerated().map { ($1.id, $0) })
            let breedJSON = CatBreed.all.map { $0.json() }
            self.breedJSON = breedJSON
            imageJSON = catalogue.images.map { TheCatAPIStandIn.jsonParts(of: $0, breedJSON: breedJSON) }
            var imagesOfBreed = [[Int]](repeating: [], count: CatBreed.all.count)
            for (position, image) in catalogue.images.enumerated() {
                if let breed = image.breedIndex { imagesOfBreed[breed].append(position) }
            }
            self.imagesOfBreed = imagesOfBreed
        }
    }

    static let written = Written(catalogue: catalogue)

    /// The catalogue's file name (`<id>.<ext>`, served under `/thecatapi/images/`) for a picture
    /// id of the hosted service: that id when the catalogue has it, else a catalogue picture
    /// chosen from the id's bytes, so the same id always gives the same picture.
    public static func catalogueFile(forImageID id: String) -> String {
        let image =
            catalogue.image(id: id) ?? catalogue.images[Int(fnv1a(id) % UInt64(catalogue.images.count))]
        return image.id + "." + image.fileExtension
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes: stable across runs, unlike `hashValue`.
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// Adds the routes to `router`.
    public func register(on router: inout Router) {
        let api = Self.prefix + "/v1"
        router.get(api + "/breeds") { request in self.breeds(request) }
        router.get(api + "/breeds/search") { request in self.searchBreeds(request) }
        router.get(api + "/breeds/:breed") { request in self.breed(request) }
        router.get(api + "/images/search") { request in self.searchImages(request) }
        router.get(api + "/images/:image") { request in self.image(request) }
        router.get(api + "/categories") { request in self.categories(request) }
        router.get(Self.prefix + "/images/:file") { request in self.imageFile(request) }
    }

    // MARK: - Breeds

    func breeds(_ request: HTTPRequest) -> HTTPResponse {
        let all = CatBreed.all
        var selected = ArraySlice(all)
        var headers: [(String, String)] = [("Pagination-Count", String(all.count))]
        if let limit = Self.integer(request.queryValue("limit")), limit > 0 {
            let page = max(0, Self.integer(request.queryValue("page")) ?? 0)
            selected = Self.page(all, limit: limit, page: page)
            headers += [("Pagination-Page", String(page)), ("Pagination-Limit", String(limit))]
        }
        let body = OrderedJSON.array(selected.map { $0.json(image: referenceImage(of: $0, request)) })
        return Self.json(body, headers: headers)
    }

    func breed(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.pathParameters["breed"] ?? ""
        guard let index = breedIndexByID[id] else { return Self.json(.object([])) }
        return Self.json(breedJSON[index])
    }

    func searchBreeds(_ request: HTTPRequest) -> HTTPResponse {
        let query = (request.queryValue("q") ?? "").trimmingSpaces.lowercased()
        let attach = Self.flag(request.queryValue("attach_image")) == true
        let found =
            query.isEmpty ? [] : CatBreed.all.filter { $0.name.lowercased().contains(query) }
        return Self.json(.array(found.map { $0.json(image: attach ? referenceImage(of: $0, request) : nil) }))
    }

    /// The `image` object of a breed's reference picture, nil when the breed has none.
    func referenceImage(of breed: CatBreed, _ request: HTTPRequest) -> OrderedJSON? {
        guard let id = breed.referenceImageID, let image = catalogue.image(id: id) else { return nil }
        return .object([
            ("id", .string(image.id)), ("width", .int(image.width)), ("height", .int(image.height)),
            ("url", .string(url(of: image, request))),
        ])
    }

    // MARK: - Images

    func searchImages(_ request: HTTPRequest) -> HTTPResponse {
        let hasKey = request.headers["x-api-key"] != nil || request.queryValue("api_key") != nil
        var limit = max(1, Self.integer(request.queryValue("limit")) ?? 1)
        limit = hasKey ? min(limit, 100) : (limit > 1 ? 10 : 1)
        let page = max(0, Self.integer(request.queryValue("page")) ?? 0)
        let order = (request.queryValue("order") ?? "RANDOM").uppercased()
        let matching = matchingPositions(request)

        var headers: [(String, String)] = []
        let chosen: [Int]
        switch order {
        case "ASC", "DESC":
            let ordered = order == "ASC" ? matching : matching.reversed()
            chosen = Array(Self.page(ordered, limit: limit, page: page))
            headers = [
                ("Pagination-Count", String(matching.count)), ("Pagination-Page", String(page)),
                ("Pagination-Limit", String(limit)),
            ]
        default:
            chosen = Self.randomPick(limit, from: matching)
        }
        if request.queryValue("format")?.lowercased() == "src" {
            guard let first = chosen.first else { return Self.json(.array([])) }
            var response = HTTPResponse(status: .found)
            response.headers.set("Location", url(of: catalogue.images[first], request))
            return response
        }
        let base = Self.escapedBase(urlBase(request))
        var body: [UInt8] = [UInt8(ascii: "[")]
        body.reserveCapacity(chosen.count * 1800)
        for (number, position) in chosen.enumerated() {
            if number > 0 { body.append(UInt8(ascii: ",")) }
            body += imageJSON[position].head
            body += base
            body += imageJSON[position].tail
        }
        body.append(UInt8(ascii: "]"))
        return Self.json(bytes: body, headers: headers)
    }

    /// Catalogue positions of the pictures the search's filters let through, in catalogue
    /// order; a search by breed alone reads the breeds' lists.
    func matchingPositions(_ request: HTTPRequest) -> [Int] {
        let others = ["category_ids", "has_breeds", "mime_types"].contains { request.queryValue($0) != nil }
        let breedIDs = Self.requestedBreedIDs(request)
        if !others {
            if breedIDs.isEmpty { return Array(catalogue.images.indices) }
            let breeds = Set(breedIDs.compactMap { breedIndexByID[$0] })
            return breeds.count == 1
                ? imagesOfBreed[breeds.first!] : breeds.flatMap { imagesOfBreed[$0] }.sorted()
        }
        let accepts = Self.filter(for: request)
        return catalogue.images.indices.filter { accepts(catalogue.images[$0]) }
    }

    /// `count` different positions in random order (all of them when there are fewer).
    static func randomPick(_ count: Int, from positions: [Int]) -> [Int] {
        var generator = SystemRandomNumberGenerator()
        var pool = positions
        let taken = min(count, pool.count)
        for index in 0..<taken {
            pool.swapAt(index, Int.random(in: index..<pool.count, using: &generator))
        }
        return Array(pool.prefix(taken))
    }

    func image(_ request: HTTPRequest) -> HTTPResponse {
        let id = request.pathParameters["image"] ?? ""
        guard let image = catalogue.image(id: id) else {
            return .text(.badRequest, "Couldn't find an image matching the passed 'id' of \(id)")
        }
        return Self.json(json(of: image, request))
    }

    /// The breed ids of `breed_ids` (a comma list), else of the older singular `breed_id` that
    /// the hosted service also took and apps such as The Cat App still send.
    static func requestedBreedIDs(_ request: HTTPRequest) -> [String] {
        let plural = list(request.queryValue("breed_ids"))
        return plural.isEmpty ? list(request.queryValue("breed_id")) : plural
    }

    /// The filter of `breed_ids` (or `breed_id`), `category_ids`, `has_breeds` and `mime_types`.
    static func filter(for request: HTTPRequest) -> @Sendable (CatImage) -> Bool {
        let breedIDs = Set(requestedBreedIDs(request))
        let breedIndexes = Set(
            CatBreed.all.indices.filter { breedIDs.contains(CatBreed.all[$0].id) })
        let categoryIDs = Set(list(request.queryValue("category_ids")).compactMap { Int($0) })
        let hasBreeds = flag(request.queryValue("has_breeds")) ?? false
        let formats = Set(list(request.queryValue("mime_types")).compactMap(mimeFormat))
        return { image in
            if !breedIDs.isEmpty && !(image.breedIndex.map { breedIndexes.contains($0) } ?? false) {
                return false
            }
            if !categoryIDs.isEmpty && !image.categories.contains(where: { categoryIDs.contains($0.id) }) {
                return false
            }
            if hasBreeds && image.breedIndex == nil { return false }
            if !formats.isEmpty && !formats.contains(image.format) { return false }
            return true
        }
    }

    /// One image object: `breeds` always, `categories` only when it has some.
    func json(of image: CatImage, _ request: HTTPRequest) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("breeds", .array(image.breedIndex.map { [breedJSON[$0]] } ?? []))
        ]
        if !image.categories.isEmpty { members.append(("categories", .array(image.categories.map(\.json)))) }
        members += [
            ("id", .string(image.id)), ("url", .string(url(of: image, request))),
            ("width", .int(image.width)),
            ("height", .int(image.height)),
        ]
        return .object(members)
    }

    /// The absolute URL of a picture file: on `publicURL`, or on the request's `Host`.
    func url(of image: CatImage, _ request: HTTPRequest) -> String {
        urlBase(request) + Self.prefix + "/images/" + image.id + "." + image.fileExtension
    }

    /// `publicURL`, or `http://` and the request's `Host`.
    func urlBase(_ request: HTTPRequest) -> String {
        publicURL ?? request.hostBaseURL
    }

    /// The JSON text of an image object in two parts, before and after its URL's base: what
    /// `json(of:)` writes, with the base left out.
    static func jsonParts(of image: CatImage, breedJSON: [OrderedJSON]) -> (head: [UInt8], tail: [UInt8]) {
        var head = #"{"breeds":"#
        OrderedJSON.array(image.breedIndex.map { [breedJSON[$0]] } ?? []).write(into: &head)
        if !image.categories.isEmpty {
            head += #","categories":"#
            OrderedJSON.array(image.categories.map(\.json)).write(into: &head)
        }
        head += #","id":"#
        OrderedJSON.string(image.id).write(into: &head)
        head += #","url":"#
        var path = ""
        OrderedJSON.string(prefix + "/images/" + image.id + "." + image.fileExtension).write(into: &path)
        let tail = "\(path.dropFirst()),\"width\":\(image.width),\"height\":\(image.height)}"
        return (Array(head.utf8) + [UInt8(ascii: "\"")], Array(tail.utf8))
    }

    /// A URL base as the inside of a JSON string.
    static func escapedBase(_ base: String) -> [UInt8] {
        var quoted = ""
        OrderedJSON.string(base).write(into: &quoted)
        return Array(quoted.utf8.dropFirst().dropLast())
    }

    // MARK: - Categories

    func categories(_ request: HTTPRequest) -> HTTPResponse {
        var selected = ArraySlice(CatCategory.all)
        if let limit = Self.integer(request.queryValue("limit")), limit > 0 {
            let page = max(0, Self.integer(request.queryValue("page")) ?? 0)
            selected = Self.page(CatCategory.all, limit: limit, page: page)
        }
        return Self.json(.array(selected.map(\.json)))
    }

    // MARK: - Picture files

    func imageFile(_ request: HTTPRequest) -> HTTPResponse {
        let file = request.pathParameters["file"] ?? ""
        guard let dot = file.lastIndex(of: "."),
            let image = catalogue.image(id: String(file[..<dot])),
            ImageFormat(fileExtension: String(file[file.index(after: dot)...])) == image.format,
            file[file.index(after: dot)...] == image.fileExtension
        else { return .text(.notFound, "Not Found") }
        let etag = "\"" + image.id + "-" + String(image.variant, radix: 16) + "\""
        var headers = HTTPHeaders()
        headers.set("ETag", etag)
        headers.set("Cache-Control", "public, max-age=86400, immutable")
        if let tags = request.headers["If-None-Match"],
            tags.split(separator: ",").contains(where: {
                let tag = $0.trimmingSpaces
                return tag == "*" || tag == etag || tag == "W/" + etag
            })
        {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        let entry = cache.entry(for: Self.prefix + "/" + image.id) {
            PictureCache.Entry(
                body: renderImage(image.look, image.variant, image.width, image.height, image.format),
                contentType: image.format.mimeType, etag: etag)
        }
        headers.set("Content-Type", entry.contentType)
        return HTTPResponse(status: .ok, headers: headers, body: entry.body)
    }

    // MARK: - Helpers

    static func json(_ value: OrderedJSON, headers: [(String, String)] = []) -> HTTPResponse {
        json(bytes: value.bytes, headers: headers)
    }

    static func json(bytes: [UInt8], headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(.ok, bytes)
        response.headers.set("Vary", "Origin")
        for (name, value) in headers { response.headers.set(name, value) }
        if !headers.isEmpty {
            response.headers.set("Access-Control-Expose-Headers", headers.map(\.0).joined(separator: ", "))
        }
        return response
    }

    static func page<Element>(_ items: [Element], limit: Int, page: Int) -> ArraySlice<Element> {
        let (start, overflow) = page.multipliedReportingOverflow(by: limit)
        guard !overflow, start < items.count else { return [] }
        return items[start..<min(items.count, start + limit)]
    }

    static func integer(_ text: String?) -> Int? {
        text.flatMap { Int($0.trimmingSpaces) }
    }

    /// `1`/`true` → true, `0`/`false` → false, anything else nil.
    static func flag(_ text: String?) -> Bool? {
        switch text?.trimmingSpaces.lowercased() {
        case "1", "true": true
        case "0", "false": false
        default: nil
        }
    }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// `jpg`, `jpeg`, `png`, `gif` or `image/…`; the service's three picture types only.
    static func mimeFormat(_ text: String) -> ImageFormat? {
        let name = text.lowercased().hasPrefix("image/") ? String(text.dropFirst(6)) : text
        guard let format = ImageFormat(fileExtension: name), format != .bmp else { return nil }
        return format
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
