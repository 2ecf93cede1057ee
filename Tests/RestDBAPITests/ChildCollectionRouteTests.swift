import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// Child collections over HTTP: `/rest/<collection>/<id>/<child field>[/<child id>]`,
/// `fetchchildren=true`, deletes that take the children along, and key globs on child paths.
@Suite struct ChildCollectionRouteTests {
    let api: TestAPI
    let cats: [String]

    static let meta = #"""
        {"fields":[{"name":"catName","type":"text"},
        {"name":"visits","type":"child","collection":"a3cats-visits"}]}
        """#

    init() throws {
        api = try TestAPI()
        #expect(api.request(.put, "/rest/a3cats/_meta", body: Self.meta).status == .ok)
        #expect(
            api.request(
                .put, "/rest/a3cats-visits/_meta",
                body: #"{"fields":[{"name":"vet","type":"text","required":true}]}"#
            )
            .status == .ok)
        cats = try api.seedCats(3)
    }

    private func visits(_ cat: Int, _ query: String = "") -> String {
        "/rest/a3cats/\(cats[cat])/visits" + query
    }

    @discardableResult
    private func addVisits(_ cat: Int, _ vets: [String]) throws -> [String] {
        let body = "[" + vets.map { #"{"vet":"\#($0)","cost":\#($0.count)}"# }.joined(separator: ",") + "]"
        let response = api.request(.post, visits(cat), body: body)
        #expect(response.status == .created)
        return try response.json().arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
    }

    private func ids(_ response: HTTPResponse) throws -> [String] {
        try response.json().arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
    }

    @Test func metaAcceptsAndShowsTheChildField() throws {
        let meta = try api.request(.get, "/rest/a3cats/_meta").json()
        let visits = meta["fields"]?.arrayValue?.first { $0["name"] == "visits" }
        #expect(visits?["type"] == "child" && visits?["collection"] == "a3cats-visits")
        let missing = api.request(
            .put, "/rest/dogs/_meta", body: #"{"fields":[{"name":"walks","type":"child"}]}"#)
        #expect(missing.status == .badRequest)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("collection"))
    }

    @Test func postStoresOneChildWithItsParentLink() throws {
        let response = api.request(
            .post, visits(0), body: #"{"vet":"Dr. A","_parent_id":"0123456789abcdef01234567"}"#)
        #expect(response.status == .created)
        let child = try response.json()
        #expect(child["_parent_id"] == .string(cats[0]))
        #expect(child["_parent_def"] == "a3cats" && child["_parent_field"] == "visits")
        #expect(child["_created"] != nil && child["vet"] == "Dr. A")
        let stored = api.request(.get, "/rest/a3cats-visits/\(child["_id"]!.stringValue!)")
        #expect(try stored.json()["_parent_id"] == .string(cats[0]), "an ordinary document of its collection")
    }

    @Test func postOfAnArrayStoresAllOrNone() throws {
        let stored = try addVisits(0, ["A", "B"])
        #expect(stored.count == 2)
        let refused = api.request(.post, visits(1), body: #"[{"vet":"C"},{"cost":1}]"#)
        #expect(refused.status == .badRequest, "the second lacks the required vet")
        #expect(try api.store.count(in: "a3cats-visits") == 2)
    }

    @Test func listShowsOnlyThisParentsChildrenWithTheListParameters() throws {
        let first = try addVisits(0, ["Alpha", "Bo", "Cyd", "Dee"])
        try addVisits(1, ["Alpha", "Zed"])
        #expect(try ids(api.request(.get, visits(0))) == first)
        #expect(try ids(api.request(.get, visits(0, #"?q={"vet":"Alpha"}"#))) == [first[0]])
        #expect(
            try ids(api.request(.get, visits(0, #"?q={"cost":{"$gt":2}}&sort=cost&dir=-1"#))) == [
                first[0], first[2], first[3],
            ])
        #expect(try ids(api.request(.get, visits(0, "?skip=1&max=2"))) == [first[1], first[2]])
        #expect(try ids(api.request(.get, visits(0, #"?h={"$orderby":{"vet":-1},"$max":1}"#))) == [first[3]])
        #expect(try ids(api.request(.get, visits(0, "?filter=cyd"))) == [first[2]])
        let totals = try api.request(.get, visits(0, "?totals=true&max=1")).json()
        #expect(totals["totals"]?["total"] == 4 && totals["totals"]?["count"] == 1)
        let page = api.request(.get, visits(1))
        #expect(page.headers["X-Pagination"] == #"{"total":2,"count":2,"skip":0,"max":1000}"#)
        let fields = try api.request(.get, visits(0, #"?h={"$fields":{"vet":1}}&max=1"#)).json()
        #expect(fields.arrayValue?.first?.objectValue?.keys == ["_id", "vet"])
    }

    @Test func aParentWithoutChildrenListsNone() throws {
        let empty = api.request(.get, visits(2))
        #expect(empty.status == .ok && empty.body == Array("[]".utf8))
        #expect(empty.headers["X-Pagination"] == #"{"total":0,"count":0,"skip":0,"max":1000}"#)
        #expect(try api.request(.get, visits(2, "?totals=true")).json()["data"] == [])
    }

    @Test func oneChildIsReadUpdatedAndDeletedThroughItsParent() throws {
        let visit = try addVisits(0, ["A"])[0]
        let path = visits(0) + "/" + visit
        #expect(try api.request(.get, path).json()["vet"] == "A")
        #expect(try api.request(.get, path + "?metafields=true").json()["_version"] == 0)
        let put = api.request(.put, path, body: #"{"vet":"B","_parent_id":"0123456789abcdef01234567"}"#)
        #expect(put.status == .ok)
        #expect(try put.json()["vet"] == "B" && put.json()["_parent_id"] == .string(cats[0]))
        let patch = api.request(.patch, path, body: #"{"$inc":{"cost":5},"$set":{"_parent_field":"x"}}"#)
        #expect(try patch.json()["cost"] == 6 && patch.json()["_parent_field"] == "visits")
        let otherParent = "/rest/a3cats/\(cats[1])/visits/\(visit)"
        #expect(api.request(.get, otherParent).status == .notFound, "a child of another parent")
        #expect(api.request(.put, otherParent, body: #"{"vet":"C"}"#).status == .notFound)
        #expect(api.request(.delete, otherParent).status == .notFound)
        #expect(try api.request(.delete, path).json()["result"] == .array([.string(visit)]))
        #expect(api.request(.get, path).status == .notFound)
        #expect(api.request(.delete, path).status == .notFound)
    }

    @Test func anUnknownParentOrChildFieldIs404WithAClearMessage() throws {
        let unknownParent = api.request(.get, "/rest/a3cats/0123456789abcdef01234567/visits")
        #expect(unknownParent.status == .notFound)
        #expect(String(decoding: unknownParent.body, as: UTF8.self).contains("0123456789abcdef01234567"))
        #expect(
            api.request(.post, "/rest/a3cats/0123456789abcdef01234567/visits", body: #"{"vet":"A"}"#).status
                == .notFound)
        let noField = api.request(.get, "/rest/a3cats/\(cats[0])/toys")
        #expect(noField.status == .notFound)
        #expect(String(decoding: noField.body, as: UTF8.self).contains("no child field 'toys'"))
        #expect(api.request(.get, "/rest/a3cats/\(cats[0])/catName").status == .notFound, "not a child field")
        #expect(api.request(.get, "/rest/nothing/\(cats[0])/visits").status == .notFound)
    }

    @Test func fetchchildrenEmbedsTheChildrenUnderTheFieldName() throws {
        let first = try addVisits(0, ["A", "B"])
        let second = try addVisits(1, ["C"])
        let one = try api.request(.get, "/rest/a3cats/\(cats[0])?fetchchildren=true").json()
        #expect(one["visits"]?.arrayValue?.compactMap { $0["_id"]?.stringValue } == first)
        #expect(one["visits"]?.arrayValue?.first?["_parent_id"] == .string(cats[0]))
        #expect(try api.request(.get, "/rest/a3cats/\(cats[0])").json()["visits"] == nil, "only when asked")
        let list = try api.request(.get, "/rest/a3cats?fetchchildren=true&metafields=true").json()
        let embedded = list.arrayValue?.map {
            $0["visits"]?.arrayValue?.compactMap { $0["_id"]?.stringValue }
        }
        #expect(embedded == [first, second, []])
        #expect(list.arrayValue?.first?["_version"] == 0)
        #expect(list.arrayValue?.first?["visits"]?.arrayValue?.first?["_version"] == 0)
        let wrapped = try api.request(
            .get, #"/rest/a3cats?fetchchildren=true&totals=true&q={"catName":"Felis catus 1"}"#
        ).json()
        #expect(wrapped["data"]?.arrayValue?.first?["visits"]?.arrayValue?.count == 1)
        #expect(wrapped["totals"]?["total"] == 1)
    }

    @Test func deletingParentsDeletesTheirChildrenInEveryForm() throws {
        try addVisits(0, ["A", "B"])
        try addVisits(1, ["C"])
        try addVisits(2, ["D"])
        #expect(api.request(.delete, "/rest/a3cats/\(cats[0])").status == .ok)
        #expect(try api.store.count(in: "a3cats-visits") == 2)
        #expect(api.request(.delete, "/rest/a3cats/*", body: #"["\#(cats[1])"]"#).status == .ok)
        #expect(try api.store.count(in: "a3cats-visits") == 1)
        #expect(api.request(.delete, #"/rest/a3cats/*?q={}"#).status == .ok)
        #expect(try api.store.count(in: "a3cats-visits") == 0)
    }

    @Test func droppingTheParentCollectionDeletesTheChildrenOfItsDocuments() throws {
        try addVisits(0, ["A", "B"])
        try addVisits(2, ["C"])
        // A child of another parent collection stays.
        let other: JSONObject = [
            "vet": "Z", "_parent_id": "5f0c0c0c0c0c0c0c0c0c0c0c", "_parent_def": "dogs",
            "_parent_field": "visits",
        ]
        _ = try api.store.insert(other, into: "a3cats-visits")
        let dropped = api.request(.delete, "/_restlite/collections/a3cats")
        #expect(dropped.status == .ok)
        #expect(try dropped.json()["documents"]?.numberValue?.int64Value == 3)
        #expect(try api.store.count(in: "a3cats-visits") == 1)
        #expect(api.request(.get, "/rest/a3cats").status == .notFound)
    }

    @Test(arguments: [
        ("/a3cats/**", "GET", 200), ("/a3cats/**", "POST", 201), ("/a3cats/*", "GET", 403),
        ("/a3cats/*/visits", "GET", 200), ("/a3cats/*/visits", "POST", 201),
        ("/a3cats/*/visits/*", "GET", 403),
        ("/dogs/**", "GET", 403),
    ])
    func keyGlobsApplyToChildPaths(glob: String, method: String, status: Int) throws {
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "childkey0000000000000001", methods: [method], path: glob)
        let key = ["x-apikey": "childkey0000000000000001"]
        let response =
            method == "GET"
            ? api.request(.get, visits(0), headers: key)
            : api.request(.post, visits(0), headers: key, body: #"{"vet":"A"}"#)
        #expect(response.status.code == status, "\(glob) \(method)")
    }

    @Test func aScopedDoubleStarKeyReachesOneChildToo() throws {
        let visit = try addVisits(0, ["A"])[0]
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "childkey0000000000000002", methods: ["GET", "DELETE"],
            path: "/a3cats/**")
        let key = ["x-apikey": "childkey0000000000000002"]
        #expect(api.request(.get, visits(0) + "/" + visit, headers: key).status == .ok)
        #expect(api.request(.delete, visits(0) + "/" + visit, headers: key).status == .ok)
        #expect(api.request(.put, visits(0) + "/" + visit, headers: key, body: "{}").status == .forbidden)
    }
}
