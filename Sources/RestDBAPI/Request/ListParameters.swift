import DocumentJSON
import DocumentQuery
import DocumentStore
import SocketHTTP

/// restdb's list parameters (`q`, `h`, `filter`, `sort`/`dir`, `skip`/`max`, `totals`,
/// `metafields`, `groupby`/`aggregate`) read into a `FindRequest`, refusing malformed values
/// with a message that names the parameter.
enum ListParameters {
    static func findRequest(_ request: HTTPRequest, collection: String) throws -> FindRequest {
        var find = FindRequest(collection: collection)
        find.query = try json(request, "q")
        find.hints = try json(request, "h")
        find.filter = request.queryValue("filter").flatMap { $0.isEmpty ? nil : $0 }
        find.sort = try sortKeys(request)
        if let skip = try integer(request, "skip") { find.skip = skip }
        if let max = try integer(request, "max") { find.max = max }
        find.totals = true
        find.metafields = flag(request, "metafields")
        find.groupBy = try fieldNames(request, "groupby")
        find.aggregates = try request.queryValues("aggregate").filter { !$0.isEmpty }.map { spec in
            do throws(QueryError) {
                return try Aggregate(spec: spec)
            } catch {
                throw RestError(.badRequest, error.message)
            }
        }
        return find
    }

    /// A JSON parameter; `+` already arrives as a space, so `{"age":+7}` reads as `{"age": 7}`.
    static func json(_ request: HTTPRequest, _ name: String) throws -> JSONValue? {
        guard let text = request.queryValue(name), !text.isEmpty else { return nil }
        do {
            return try JSON.parse(text)
        } catch {
            throw RestError(
                .badRequest,
                "The \(name) parameter is not valid JSON (\(error)); example: \(name)={\"rating\":5}.")
        }
    }

    /// Field names (or restdb's date groups, `$YEAR:field`) of a repeatable parameter,
    /// checked by the query language's rules.
    static func fieldNames(_ request: HTTPRequest, _ name: String) throws -> [String] {
        try request.queryValues(name).filter { !$0.isEmpty }.map { field in
            do throws(QueryError) {
                return try GroupSpec(field).description
            } catch {
                throw RestError(
                    .badRequest,
                    "The \(name) parameter is not a usable field name: \(error.message).")
            }
        }
    }

    static func flag(_ request: HTTPRequest, _ name: String) -> Bool {
        guard let value = request.queryValue(name)?.lowercased() else { return false }
        return value == "true" || value == "1" || value == "yes" || value.isEmpty
    }

    static func integer(_ request: HTTPRequest, _ name: String) throws -> Int? {
        guard let text = request.queryValue(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw RestError(
                .badRequest,
                "The \(name) parameter must be a whole number of 0 or more, not '\(text)'.")
        }
        return value
    }

    /// `sort=a&dir=-1&sort=b`: each `sort` pairs with the `dir` at the same position (default 1).
    static func sortKeys(_ request: HTTPRequest) throws -> [SortKey] {
        let fields = request.queryValues("sort").filter { !$0.isEmpty }
        do {
            return try SortKey.fromParameters(sort: fields, dir: request.queryValues("dir"))
        } catch {
            throw RestError(.badRequest, error.message)
        }
    }
}
