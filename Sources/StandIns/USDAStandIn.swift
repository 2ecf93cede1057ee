import Foundation
import SocketHTTP

/// The USDA food-search services a course food-log app calls, offline, under `/usda`: the
/// retired NDB search (`/usda/ndb/search/`), FoodData Central's early search and food
/// (`POST /usda/fdc/v1/search`, `GET /usda/fdc/v1/{fdcId}`) and its current ones
/// (`GET|POST /usda/fdc/v1/foods/search`, `GET /usda/fdc/v1/food/{fdcId}`), over a generated
/// catalogue of several thousand foods (`USDAFoodCatalogue`).
///
/// Keys are not checked unless `requireKey` is set; then a missing or malformed `api_key` gets
/// the api.data.gov gateway's 403 (`DEMO_KEY` and any 40-letter key pass).
public struct USDAStandIn: Sendable {
    public static let prefix = "/usda"
    /// Rows one NDB search may return (its `max`).
    static let maxRows = 1500
    /// Foods one FoodData Central page may hold (its `pageSize`).
    static let maxPageSize = 200
    /// The longest search query (UTF-8 bytes) and the most terms it may have: each term is a
    /// walk over the word index (a one-letter `a*` over every word starting so), so a keyless
    /// search costs at most this many walks.
    static let maxQueryBytes = 500
    static let maxQueryTerms = 24

    /// Why `query` is refused as too long or with too many terms, nil when it may be searched.
    static func queryError(_ query: String) -> String? {
        let message =
            "The search query may be at most \(maxQueryBytes) bytes and \(maxQueryTerms) terms long"
        guard query.utf8.count <= maxQueryBytes,
            USDAFoodSearch.parse(query).count <= maxQueryTerms
        else { return message }
        return nil
    }

    let requireKey: Bool
    /// Built once per process on the first request that needs it, not when a server is
    /// assembled: a server whose USDA routes are never asked never builds it.
    var catalogue: USDAFoodCatalogue { USDAFoodCatalogue.shared }
    /// Whether answers are assembled from each food's JSON written once (`USDAFoodJSON`), as
    /// they are when serving; false writes every food again per answer, the byte-identical
    /// reference the tests compare with.
    let prewritten: Bool

    public init(requireKey: Bool = false) {
        self.init(requireKey: requireKey, prewritten: true)
    }

    init(requireKey: Bool, prewritten: Bool) {
        self.requireKey = requireKey
        self.prewritten = prewritten
    }

    /// Builds the catalogue and its index now rather than on the first search.
    public static func prepare() { _ = USDAFoodJSON.shared }

    var json: USDAFoodJSON { USDAFoodJSON.shared }

    public func register(on router: inout Router) {
        let checked = { (handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> Router.Handler in
            { request in self.keyError(request) ?? handler(request) }
        }
        router.get(Self.prefix + "/ndb/search", checked { self.ndbSearch($0) })
        router.post(Self.prefix + "/fdc/v1/search", checked { self.earlySearch($0) })
        router.get(Self.prefix + "/fdc/v1/:fdcId", checked { self.food($0, id: $0.pathParameters["fdcId"]) })
        router.get(Self.prefix + "/fdc/v1/foods/search", checked { self.foodsSearch($0, body: nil) })
        router.post(
            Self.prefix + "/fdc/v1/foods/search", checked { self.foodsSearch($0, body: Self.jsonBody($0)) })
        router.get(
            Self.prefix + "/fdc/v1/food/:fdcId", checked { self.food($0, id: $0.pathParameters["fdcId"]) })
        router.get(Self.prefix + "/fdc/v1/foods", checked { self.foods($0) })
        router.post(Self.prefix + "/fdc/v1/foods", checked { self.foods($0) })
        router.get(Self.prefix + "/fdc/v1/foods/list", checked { self.foodsList($0) })
        router.post(Self.prefix + "/fdc/v1/foods/list", checked { self.foodsList($0) })
    }

    var search: USDAFoodSearch { USDAFoodSearch(catalogue: catalogue) }

    // MARK: - Keys

    func keyError(_ request: HTTPRequest) -> HTTPResponse? {
        guard requireKey else { return nil }
        let key = request.queryValue("api_key") ?? request.headers["X-Api-Key"]
        guard let key, !key.isEmpty else {
            return Self.gatewayError(
                "API_KEY_MISSING", "No api_key was supplied. Get one at https://api.nal.usda.gov:443")
        }
        let valid =
            key == "DEMO_KEY"
            || (key.utf8.count == 40 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        guard valid else {
            return Self.gatewayError(
                "API_KEY_INVALID", "An invalid api_key was supplied. Get one at https://api.nal.usda.gov:443")
        }
        return nil
    }

    static func gatewayError(_ code: String, _ message: String, status: HTTPStatus = .forbidden)
        -> HTTPResponse
    {
        .json(
            status,
            OrderedJSON.object([
                ("error", .object([("code", .string(code)), ("message", .string(message))]))
            ]).bytes)
    }

    // MARK: - NDB search

    func ndbSearch(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.queryValue("q") ?? ""
        if let message = Self.queryError(query) {
            let error = OrderedJSON.object([
                ("status", .int(400)), ("parameter", .string("q")), ("message", .string(message)),
            ])
            return .json(
                .badRequest, OrderedJSON.object([("errors", .object([("error", .array([error]))]))]).bytes)
        }
        let rows = Self.integer(request.queryValue("max")).map { min(max($0, 1), Self.maxRows) } ?? 50
        let offset = max(0, Self.integer(request.queryValue("offset")) ?? 0)
        let sort = request.queryValue("sort")?.lowercased() == "n" ? "n" : "r"
        let source = request.queryValue("ds") ?? ""
        let group = request.queryValue("fg") ?? ""
        let sourceKind = source.lowercased()
        let groupKey = group.lowercased()
        var hits = search.search(query, requireAll: false) { food in
            if sourceKind.hasPrefix("standard") && food.branded { return false }
            if sourceKind.hasPrefix("branded") && !food.branded { return false }
            if !groupKey.isEmpty && food.group.lowercased() != groupKey && food.groupCode != groupKey {
                return false
            }
            return true
        }
        guard !hits.isEmpty else {
            let error = OrderedJSON.object([
                ("status", .int(400)), ("parameter", .string("results")),
                (
                    "message",
                    .string("Your search resulted in zero results.Change your parameters and try again")
                ),
            ])
            return .json(.ok, OrderedJSON.object([("errors", .object([("error", .array([error]))]))]).bytes)
        }
        if sort == "n" {
            let names = catalogue.lowercaseNames
            hits.sort { names[$0.position] < names[$1.position] }
        }
        let page = offset < hits.count ? hits[offset..<min(hits.count, offset + rows)] : []
        let items = page.enumerated().map { number, hit -> OrderedJSON in
            if prewritten { return .raw(json.ndbItem(hit.position, offset: offset + number)) }
            return .object(
                [("offset", .int(offset + number))] + Self.ndbMembers(catalogue.foods[hit.position]))
        }
        let list = OrderedJSON.object([
            ("q", .string(query)), ("sr", .string("1")), ("ds", .string(source.isEmpty ? "any" : source)),
            ("start", .int(offset)), ("end", .int(offset + items.count)), ("total", .int(hits.count)),
            ("group", .string(group)), ("sort", .string(sort)), ("item", .array(items)),
        ])
        return .json(.ok, OrderedJSON.object([("list", list)]).bytes)
    }

    // MARK: - FoodData Central, early search (2019-20)

    func earlySearch(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = Self.jsonBody(request) else {
            return Self.badRequest("The request body must be a JSON object")
        }
        let query = body["generalSearchInput"] as? String ?? ""
        if let message = Self.queryError(query) { return Self.badRequest(message) }
        let requireAll = body["requireAllWords"] as? Bool ?? false
        let pageNumber = max(1, (body["pageNumber"] as? NSNumber)?.intValue ?? 1)
        let brandOwner = (body["brandOwner"] as? String)?.lowercased() ?? ""
        var types: Set<String>? = nil
        if let include = body["includeDataTypes"] as? [String: Any] {
            types = Set(include.compactMap { ($0.value as? Bool) == true ? Self.dataTypeName($0.key) : nil })
        }
        let hits = search.search(query, requireAll: requireAll) { food in
            Self.accepts(food, types: types, brandOwner: brandOwner)
        }
        let pageSize = 50
        let page = Self.page(hits, number: pageNumber, size: pageSize)
        let terms = USDAFoodSearch.parse(query).filter { !$0.excluded }.count
        let foods = page.map { hit -> OrderedJSON in
            let food = catalogue.foods[hit.position]
            let score = USDAFoodSearch.score(hit, of: food, terms: terms)
            if prewritten { return .raw(json.earlyHit(hit.position, score: score)) }
            return .object(Self.earlySearchMembers(food) + [("score", .double(score))])
        }
        var criteria: [(String, OrderedJSON)] = [
            ("generalSearchInput", .string(query)), ("pageNumber", .int(pageNumber)),
            ("requireAllWords", .bool(requireAll)),
        ]
        if let owner = body["brandOwner"] as? String { criteria.append(("brandOwner", .string(owner))) }
        if let types {
            criteria.append(("includeDataTypes", .object(types.sorted().map { ($0, .bool(true)) })))
        }
        let answer = OrderedJSON.object([
            ("foodSearchCriteria", .object(criteria)), ("totalHits", .int(hits.count)),
            ("currentPage", .int(pageNumber)), ("totalPages", .int(Self.pages(hits.count, size: pageSize))),
            ("foods", .array(foods)),
        ])
        return .json(.ok, answer.bytes)
    }

    // MARK: - FoodData Central, current search

    func foodsSearch(_ request: HTTPRequest, body: [String: Any]?) -> HTTPResponse {
        if request.method == .post && body == nil {
            return Self.badRequest("The request body must be a JSON object")
        }
        func value(_ key: String) -> Any? { body?[key] ?? request.queryValue(key) }
        let query = (value("query") ?? value("generalSearchInput")) as? String ?? ""
        if let message = Self.queryError(query) { return Self.badRequest(message) }
        let requireAll = Self.bool(value("requireAllWords")) ?? false
        let pageSize = min(max(Self.number(value("pageSize")) ?? 50, 1), Self.maxPageSize)
        let pageNumber = max(1, Self.number(value("pageNumber")) ?? 1)
        let brandOwner = (value("brandOwner") as? String)?.lowercased() ?? ""
        var requestedTypes: [String] = []
        if let list = body?["dataType"] as? [String] {
            requestedTypes = list
        } else if let text = body?["dataType"] as? String {
            requestedTypes = text.split(separator: ",").map { $0.trimmingSpaces }
        } else {
            requestedTypes = request.queryValues("dataType").flatMap {
                $0.split(separator: ",").map { $0.trimmingSpaces }
            }
        }
        let types = requestedTypes.isEmpty ? nil : Set(requestedTypes.compactMap(Self.dataTypeName))
        var hits = search.search(query, requireAll: requireAll) { food in
            Self.accepts(food, types: types, brandOwner: brandOwner)
        }
        let sortBy = value("sortBy") as? String
        let descending = (value("sortOrder") as? String)?.lowercased() == "desc"
        if let sortBy { sortHits(&hits, by: sortBy, descending: descending) }
        let page = Self.page(hits, number: pageNumber, size: pageSize)
        let terms = USDAFoodSearch.parse(query).filter { !$0.excluded }.count
        let foods = page.map { hit -> OrderedJSON in
            let food = catalogue.foods[hit.position]
            let score = USDAFoodSearch.score(hit, of: food, terms: terms)
            if prewritten { return .raw(json.searchHit(hit.position, score: score)) }
            let members = Self.currentSearchMembers(food)
            return .object(members.head + [("score", .double(score))] + members.tail)
        }
        let totalPages = Self.pages(hits.count, size: pageSize)
        let firstListed = max(1, min(pageNumber - 4, totalPages - 9))
        let pageList = totalPages == 0 ? [] : Array(firstListed...min(totalPages, firstListed + 9))
        var criteria: [(String, OrderedJSON)] = [("query", .string(query))]
        if let types { criteria.append(("dataType", .array(types.sorted().map { .string($0) }))) }
        criteria += [
            ("generalSearchInput", .string(query)), ("pageNumber", .int(pageNumber)),
        ]
        if let sortBy {
            criteria += [("sortBy", .string(sortBy)), ("sortOrder", .string(descending ? "desc" : "asc"))]
        }
        if !brandOwner.isEmpty {
            criteria.append(("brandOwner", .string(value("brandOwner") as? String ?? "")))
        }
        criteria += [
            ("numberOfResultsPerPage", .int(pageSize)), ("pageSize", .int(pageSize)),
            ("requireAllWords", .bool(requireAll)),
        ]
        var counts: [String: Int] = [:]
        for hit in hits { counts[catalogue.foods[hit.position].dataType, default: 0] += 1 }
        let answer = OrderedJSON.object([
            ("totalHits", .int(hits.count)), ("currentPage", .int(pageNumber)),
            ("totalPages", .int(totalPages)),
            ("pageList", .array(pageList.map { .int($0) })), ("foodSearchCriteria", .object(criteria)),
            ("foods", .array(foods)),
            (
                "aggregations",
                .object([
                    ("dataType", .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))
                ])
            ),
        ])
        return .json(.ok, answer.bytes)
    }

    /// `sortBy` of the current search: `dataType.keyword`, `lowercaseDescription.keyword`,
    /// `fdcId` or `publishedDate` (anything else keeps relevance order).
    func sortHits(_ hits: inout [USDAFoodSearch.Hit], by key: String, descending: Bool) {
        let foods = catalogue.foods
        let descriptions = catalogue.lowercaseDescriptions
        let ordered: (Int, Int) -> Bool
        switch key {
        case "dataType.keyword": ordered = { foods[$0].dataType < foods[$1].dataType }
        case "lowercaseDescription.keyword": ordered = { descriptions[$0] < descriptions[$1] }
        case "fdcId": ordered = { foods[$0].fdcId < foods[$1].fdcId }
        case "publishedDate": ordered = { foods[$0].publishedDate < foods[$1].publishedDate }
        default: return
        }
        let indexed = hits.enumerated().map { ($0.offset, $0.element) }
        hits = indexed.sorted { a, b in
            let (fa, fb) = (a.1.position, b.1.position)
            if ordered(fa, fb) { return !descending }
            if ordered(fb, fa) { return descending }
            return a.0 < b.0
        }.map(\.1)
    }

    /// An NDB search item's members after its `offset`.
    static func ndbMembers(_ food: USDAFood) -> [(String, OrderedJSON)] {
        [
            ("group", .string(food.group)), ("name", .string(food.name)),
            ("ndbno", .string(food.ndbno)), ("ds", .string(food.branded ? "LI" : "SR")),
            ("manu", .string(food.manufacturer ?? "none")),
        ]
    }

    /// An early (2020) search hit's members before its `score`, which ends it.
    static func earlySearchMembers(_ food: USDAFood) -> [(String, OrderedJSON)] {
        var members: [(String, OrderedJSON)] = [
            ("fdcId", .int(food.fdcId)), ("description", .string(food.description)),
            ("dataType", .string(food.dataType)),
        ]
        if let upc = food.gtinUpc { members.append(("gtinUpc", .string(upc))) }
        members.append(("publishedDate", .string(food.publishedDate)))
        if let owner = food.manufacturer { members.append(("brandOwner", .string(owner))) }
        if let ingredients = food.ingredients { members.append(("ingredients", .string(ingredients))) }
        if !food.branded { members.append(("ndbNumber", .string(String(Int(food.ndbno) ?? 0)))) }
        members.append(("allHighlightFields", .string("")))
        return members
    }

    /// A current search hit's members before its `score` and after it.
    static func currentSearchMembers(_ food: USDAFood) -> (
        head: [(String, OrderedJSON)], tail: [(String, OrderedJSON)]
    ) {
        var members: [(String, OrderedJSON)] = [
            ("fdcId", .int(food.fdcId)), ("description", .string(food.description)),
            ("lowercaseDescription", .string(food.description.lowercased())),
            ("dataType", .string(food.dataType)),
        ]
        if let upc = food.gtinUpc { members.append(("gtinUpc", .string(upc))) }
        members.append(("publishedDate", .string(food.publishedDate)))
        if food.branded {
            members += [
                ("brandOwner", .string(food.manufacturer ?? "")),
                ("brandName", .string(food.brandName ?? "")),
                ("ingredients", .string(food.ingredients ?? "")), ("marketCountry", .string("United States")),
                ("servingSizeUnit", .string(food.servingUnit)), ("servingSize", .double(food.servingSize)),
                ("householdServingFullText", .string(food.householdServing)),
            ]
        } else {
            members.append(("ndbNumber", .string(String(Int(food.ndbno) ?? 0))))
        }
        members += [("foodCategory", .string(food.category)), ("allHighlightFields", .string(""))]
        let nutrients = zip(USDAFoodTables.nutrients, food.nutrients).map { nutrient, amount -> OrderedJSON in
            .object([
                ("nutrientId", .int(nutrient.id)), ("nutrientName", .string(nutrient.name)),
                ("nutrientNumber", .string(nutrient.number)),
                ("unitName", .string(nutrient.unit.uppercased())),
                ("derivationCode", .string(food.branded ? "LCCS" : "A")),
                (
                    "derivationDescription",
                    .string(food.branded ? "Calculated from value per serving size measure" : "Analytical")
                ),
                ("value", .double(amount)),
            ])
        }
        return (members, [("foodNutrients", .array(nutrients))])
    }

    // MARK: - One food

    /// `GET /fdc/v1/{fdcId}` and `/fdc/v1/food/{fdcId}`, with `format` (`full`, `abridged`) and
    /// `nutrients` (numbers to keep) as `/foods` takes them.
    func food(_ request: HTTPRequest, id text: String?) -> HTTPResponse {
        guard let text, let id = Int(text), let position = catalogue.byFdcId[id] else {
            return Self.gatewayError(
                "NOT_FOUND", "No food matches the fdcId \(text ?? "")", status: .notFound)
        }
        let options: FoodDetailOptions
        switch Self.detailOptions(request, body: nil) {
        case .success(let value): options = value
        case .failure(let error): return Self.badRequest(error.message)
        }
        return .json(.ok, foodText(position, options).bytes)
    }

    /// The food at `position` in the format `options` ask for, prewritten when every nutrient
    /// is kept.
    func foodText(_ position: Int, _ options: FoodDetailOptions) -> OrderedJSON {
        if prewritten && options.nutrients == nil {
            return .raw(options.abridged ? json.abridged(position) : json.full(position))
        }
        let food = catalogue.foods[position]
        return options.abridged ? Self.abridgedJSON(food, options) : Self.foodJSON(food, options)
    }

    /// A food in FoodData Central's full format; branded foods add their label panel.
    static func foodJSON(_ food: USDAFood, _ options: FoodDetailOptions = FoodDetailOptions()) -> OrderedJSON
    {
        let nutrients = zip(USDAFoodTables.nutrients, food.nutrients).enumerated().compactMap {
            index, pair -> OrderedJSON? in
            let (nutrient, amount) = pair
            guard options.keeps(nutrient) else { return nil }
            return .object([
                ("type", .string("FoodNutrient")), ("id", .int(food.fdcId * 20 + index)),
                (
                    "nutrient",
                    .object([
                        ("id", .int(nutrient.id)), ("number", .string(nutrient.number)),
                        ("name", .string(nutrient.name)),
                        ("rank", .int(nutrient.rank)), ("unitName", .string(nutrient.unit)),
                    ])
                ),
                ("amount", .double(amount)),
            ])
        }
        let date = Self.usDate(food.publishedDate)
        if food.branded {
            let label = zip(USDAFoodTables.nutrients, food.nutrients).compactMap {
                nutrient, amount -> (String, OrderedJSON)? in
                guard let key = nutrient.label else { return nil }
                let value = (amount * food.servingSize).rounded() / 100
                return (key, .object([("value", .double(value))]))
            }
            return .object([
                ("foodClass", .string("Branded")), ("description", .string(food.description)),
                ("foodNutrients", .array(nutrients)), ("brandOwner", .string(food.manufacturer ?? "")),
                ("brandName", .string(food.brandName ?? "")), ("gtinUpc", .string(food.gtinUpc ?? "")),
                ("dataSource", .string("LI")), ("ingredients", .string(food.ingredients ?? "")),
                ("marketCountry", .string("United States")), ("servingSize", .double(food.servingSize)),
                ("servingSizeUnit", .string(food.servingUnit)),
                ("householdServingFullText", .string(food.householdServing)),
                ("brandedFoodCategory", .string(food.category)), ("fdcId", .int(food.fdcId)),
                ("dataType", .string("Branded")), ("publicationDate", .string(date)),
                ("foodPortions", .array([])),
                ("labelNutrients", .object(label)),
            ])
        }
        let portion = OrderedJSON.object([
            ("id", .int(food.fdcId + 80_000)), ("amount", .double(1)),
            ("gramWeight", .double(food.servingSize)),
            ("modifier", .string(food.householdServing)),
            ("portionDescription", .string(food.householdServing)),
            ("sequenceNumber", .int(1)),
        ])
        return .object([
            ("foodClass", .string("FinalFood")), ("description", .string(food.description)),
            ("foodNutrients", .array(nutrients)), ("ndbNumber", .int(Int(food.ndbno) ?? 0)),
            (
                "foodCategory",
                .object([
                    ("id", .int(Int(food.groupCode) ?? 0)), ("code", .string(food.groupCode + "00")),
                    ("description", .string(food.group)),
                ])
            ),
            ("foodPortions", .array([portion])), ("fdcId", .int(food.fdcId)),
            ("dataType", .string("SR Legacy")),
            ("publicationDate", .string(date)), ("isHistoricalReference", .bool(true)),
        ])
    }

    // MARK: - Helpers

    /// `Branded`, `SR Legacy`, `Foundation`, `Survey (FNDDS)` in any case; the catalogue has the
    /// first two only.
    static func dataTypeName(_ text: String) -> String? {
        switch text.lowercased().filter({ $0.isLetter }) {
        case "branded": "Branded"
        case "srlegacy", "standardreference", "sr": "SR Legacy"
        case "foundation": "Foundation"
        case "surveyfndds", "survey": "Survey (FNDDS)"
        default: nil
        }
    }

    static func accepts(_ food: USDAFood, types: Set<String>?, brandOwner: String) -> Bool {
        if let types, !types.contains(food.dataType) { return false }
        if !brandOwner.isEmpty && !(food.manufacturer?.lowercased().contains(brandOwner) ?? false) {
            return false
        }
        return true
    }

    static func page(_ hits: [USDAFoodSearch.Hit], number: Int, size: Int) -> ArraySlice<USDAFoodSearch.Hit> {
        let (start, overflow) = (number - 1).multipliedReportingOverflow(by: size)
        guard !overflow, start < hits.count else { return [] }
        return hits[start..<min(hits.count, start + size)]
    }

    static func pages(_ count: Int, size: Int) -> Int { (count + size - 1) / size }

    static func jsonBody(_ request: HTTPRequest) -> [String: Any]? {
        guard !request.body.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
    }

    static func badRequest(_ message: String) -> HTTPResponse {
        gatewayError("BAD_REQUEST", message, status: .badRequest)
    }

    static func integer(_ text: String?) -> Int? { text.flatMap { Int($0.trimmingSpaces) } }

    static func number(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        return (value as? String).flatMap { Int($0.trimmingSpaces) }
    }

    static func bool(_ value: Any?) -> Bool? {
        if let flag = value as? Bool { return flag }
        switch (value as? String)?.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    /// `2019-04-01` → `4/1/2019`, the detail's date style.
    static func usDate(_ iso: String) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return iso }
        return "\(parts[1])/\(parts[2])/\(parts[0])"
    }
}
