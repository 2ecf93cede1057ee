import DocumentStore
import SocketHTTP

/// The figures of a list answer, as restdb sends them: `{"total":N,"count":n,"skip":s,"max":m}`
/// in the `X-Pagination` header of every list `GET`, and as `totals` in the body with
/// `totals=true`. `total` is the number of matching documents in all, `count` those on this
/// page; when the request did not ask for totals, `total` is the page's count.
struct Pagination: Equatable {
    /// The header that carries the figures; browsers may read it (`CORSMiddleware` exposes it).
    static let headerName = "X-Pagination"

    var total: Int
    var count: Int
    var skip: Int
    var max: Int

    /// The figures of a page the store wrote straight into the body.
    init(_ page: PageCounts) {
        self.init(total: page.total ?? page.count, count: page.count, skip: page.skip, max: page.max)
    }

    /// The figures of a `find` result; a grouped result counts its groups.
    init(_ result: FindResult) {
        let count = result.groups?.count ?? result.documents.count
        self.init(total: result.total ?? count, count: count, skip: result.skip, max: result.max)
    }

    init(total: Int, count: Int, skip: Int, max: Int) {
        self.total = total
        self.count = count
        self.skip = skip
        self.max = max
    }

    /// `{"total":N,"count":n,"skip":s,"max":m}`, the same text in the header and the body.
    var json: String {
        #"{"total":\#(total),"count":\#(count),"skip":\#(skip),"max":\#(max)}"#
    }

    /// Sets the `X-Pagination` header of `response`.
    func write(to response: inout HTTPResponse) {
        response.headers.set(Self.headerName, json)
    }
}
