import Foundation
import SocketHTTP

/// FoodData Central's routes that answer foods by id or page through them:
/// `GET|POST /fdc/v1/foods` (up to 20 ids at once) and `GET|POST /fdc/v1/foods/list` (the
/// catalogue a page at a time, abridged).
extension USDAStandIn {
    /// Ids one `/foods` request may name (`fdcIds`).
    static let maxFoodIds = 20
    /// Nutrient numbers one request may filter by (`nutrients`).
    static let maxNutrientFilter = 25

    /// `format` and `nutrients` of `/foods` and `/food/{fdcId}`.
    struct FoodDetailOptions {
        var abridged = false
        /// Nutrient numbers (`203`) to keep; nil keeps all.
        var nutrients: Set<String>? = nil

        func keeps(_ nutrient: USDANutrient) -> Bool { nutrients?.contains(nutrient.number) ?? true }
    }

    /// The options of a request (query, or JSON body when given), or the 400 they deserve.
    static func detailOptions(_ request: HTTPRequest, body: [String: Any]?) -> Result<
        FoodDetailOptions, FoodsRequestError
    > {
        var options = FoodDetailOptions()
        let format: Any? = body != nil ? body?["format"] : request.queryValue("format")
        switch format {
        case nil, is NSNull: break
        case let text as String where text.lowercased() == "full": break
        case let text as String where text.lowercased() == "abridged": options.abridged = true
        default: return .failure(FoodsRequestError("format must be 'abridged' or 'full'"))
        }
        let values: [Any]
        if let body {
            values = Self.list(body["nutrients"])
        } else {
            values = Self.commaList(request.queryValues("nutrients"))
        }
        guard !values.isEmpty else { return .success(options) }
        var numbers: Set<String> = []
        for value in values {
            guard let number = Self.number(value), number > 0 else {
                return .failure(FoodsRequestError("nutrients must be nutrient numbers, such as 203"))
            }
            numbers.insert(String(number))
        }
        guard values.count <= Self.maxNutrientFilter else {
            return .failure(FoodsRequestError("At most \(Self.maxNutrientFilter) nutrients may be given"))
        }
        options.nutrients = numbers
        return .success(options)
    }

    struct FoodsRequestError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// A JSON array's items, or the one value when it is not an array (nil gives none).
    static func list(_ value: Any?) -> [Any] {
        switch value {
        case nil, is NSNull: []
        case let array as [Any]: array
        case let text as String: text.split(separator: ",").map { String($0) }
        case let other?: [other]
        }
    }

    /// The items of query values that may each hold a comma list (`fdcIds=1,2&fdcIds=3`).
    static func commaList(_ values: [String]) -> [Any] {
        var items: [String] = []
        for value in values { items += value.split(separator: ",").map { String($0) } }
        return items
    }

    /// The JSON body of a POST (`{}` when empty), nil when it is not a JSON object.
    static func postBody(_ request: HTTPRequest) -> [String: Any]?? {
        guard request.method == .post else { return .some(nil) }
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .some([:])
        }
        guard let body = jsonBody(request) else { return nil }
        return .some(body)
    }

    // MARK: - Several foods

    /// `GET /fdc/v1/foods?fdcIds=1,2&format=&nutrients=` and `POST` with `{"fdcIds":[…]}`: the
    /// foods of 1…20 ids in the order asked, ids that match no food left out (`[]` when none does).
    func foods(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = Self.postBody(request) else {
            return Self.badRequest("The request body must be a JSON object")
        }
        let values: [Any] =
            body.map { Self.list($0["fdcIds"]) }
            ?? Self.commaList(request.queryValues("fdcIds"))
        guard !values.isEmpty else {
            return Self.badRequest("fdcIds is required: 1 to 20 FoodData Central ids")
        }
        guard values.count <= Self.maxFoodIds else {
            return Self.badRequest("At most \(Self.maxFoodIds) fdcIds may be given; \(values.count) were")
        }
        let options: FoodDetailOptions
        switch Self.detailOptions(request, body: body) {
        case .success(let value): options = value
        case .failure(let error): return Self.badRequest(error.message)
        }
        var seen = Set<Int>()
        var found: [OrderedJSON] = []
        for value in values {
            guard let id = Self.number(value), seen.insert(id).inserted,
                let position = catalogue.byFdcId[id]
            else { continue }
            found.append(foodText(position, options))
        }
        return .json(.ok, OrderedJSON.array(found).bytes)
    }

    // MARK: - The list

    /// `GET /fdc/v1/foods/list?dataType=&pageSize=&pageNumber=&sortBy=&sortOrder=` and `POST`
    /// with the same keys: a page of the catalogue in the abridged format, by `fdcId` unless
    /// `sortBy` says otherwise; a page past the end is `[]`.
    func foodsList(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = Self.postBody(request) else {
            return Self.badRequest("The request body must be a JSON object")
        }
        func value(_ key: String) -> Any? { body.map { $0[key] } ?? request.queryValue(key) }
        let pageSize = min(max(Self.number(value("pageSize")) ?? 50, 1), Self.maxPageSize)
        let pageNumber = max(1, Self.number(value("pageNumber")) ?? 1)
        let requested: [String] =
            body.map { Self.list($0["dataType"]).compactMap { $0 as? String } }
            ?? request.queryValues("dataType").flatMap { $0.split(separator: ",").map { $0.trimmingSpaces } }
        let types = requested.isEmpty ? nil : Set(requested.compactMap(Self.dataTypeName))
        var hits: [USDAFoodSearch.Hit] = []
        for (position, food) in catalogue.foods.enumerated() where types?.contains(food.dataType) ?? true {
            hits.append(USDAFoodSearch.Hit(position: position, matched: 0))
        }
        if let sortBy = value("sortBy") as? String {
            sortHits(&hits, by: sortBy, descending: (value("sortOrder") as? String)?.lowercased() == "desc")
        } else if (value("sortOrder") as? String)?.lowercased() == "desc" {
            hits.reverse()
        }
        let page = Self.page(hits, number: pageNumber, size: pageSize)
        let items = page.map { foodText($0.position, FoodDetailOptions(abridged: true)) }
        return .json(.ok, OrderedJSON.array(items).bytes)
    }

    /// A food in FoodData Central's abridged format: id, description, type, publication date,
    /// the branded fields or the NDB number, and the nutrients per 100 g.
    static func abridgedJSON(_ food: USDAFood, _ options: FoodDetailOptions) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("fdcId", .int(food.fdcId)), ("description", .string(food.description)),
            ("dataType", .string(food.dataType)), ("publicationDate", .string(food.publishedDate)),
        ]
        if food.branded {
            members += [
                ("brandOwner", .string(food.manufacturer ?? "")), ("gtinUpc", .string(food.gtinUpc ?? "")),
            ]
        } else {
            members.append(("ndbNumber", .string(String(Int(food.ndbno) ?? 0))))
        }
        var nutrients: [OrderedJSON] = []
        for (nutrient, amount) in zip(USDAFoodTables.nutrients, food.nutrients) where options.keeps(nutrient)
        {
            nutrients.append(
                .object([
                    ("number", .string(nutrient.number)), ("name", .string(nutrient.name)),
                    ("amount", .double(amount)), ("unitName", .string(nutrient.unit.uppercased())),
                    ("derivationCode", .string(Self.derivation(food).code)),
                    ("derivationDescription", .string(Self.derivation(food).description)),
                ]))
        }
        members.append(("foodNutrients", .array(nutrients)))
        return .object(members)
    }

    /// How a food's nutrient amounts were obtained: from the label of a branded food, or by
    /// analysis for a generic one.
    static func derivation(_ food: USDAFood) -> (code: String, description: String) {
        food.branded ? ("LCCS", "Calculated from value per serving size measure") : ("A", "Analytical")
    }
}
