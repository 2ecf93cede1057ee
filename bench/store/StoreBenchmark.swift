import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times the store's hot paths over generated cat documents.
struct StoreBenchmark {
    let count: Int

    func run() throws {
        let path = "/tmp/restlite-bench-store-\(getpid()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let store = try DocumentStore(path: path)
        let cats = (0..<count).map(Self.cat)
        let inserted = try time("insert \(count) (one transaction)") {
            try store.insertMany(cats, into: "cats", options: WriteOptions(validate: false))
        }
        let ids = inserted.map(\.id)
        try measureGets(store, ids: ids)
        try measureScanFloor(path: path)
        try measureQueries(store)
        try time("declare index on name") { _ = try store.createIndex(collection: "cats", path: "name") }
        try time("declare index on weightKg") {
            _ = try store.createIndex(collection: "cats", path: "weightKg")
        }
        try measureQueries(store, label: " (indexed)")
        try measureSingleInserts(store)
        try measureIndexedInserts(store, cats: cats)
    }

    /// The cost of reading every body at all: what an un-indexed filter cannot go below.
    private func measureScanFloor(path: String) throws {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        try registerQueryFunctions(on: connection)
        let table = "\"docs_1\""
        for (label, condition) in [
            ("scan floor: count(*) WHERE length(body) > 0", "length(body) > 0 AND ? IS NOT NULL"),
            ("pre-filter: count(*) WHERE instr(body, ?) > 0", "instr(body, ?) > 0"),
            ("pre-filter: count(*) WHERE restlite_has(body, ?)", "restlite_has(body, ?)"),
        ] {
            _ = try median(label) {
                try connection.scalar(
                    "SELECT count(*) FROM \(table) WHERE \(condition)", [.text("\"Cat 4242\"")])
            }
        }
    }

    /// What declared indexes cost a bulk insert (each declared field is two SQLite indexes).
    private func measureIndexedInserts(_ store: DocumentStore, cats: [JSONObject]) throws {
        for fields in [["name"], ["name", "color", "weightKg", "lives", "birthDate", "owner.city"]] {
            let collection = "indexed\(fields.count)"
            _ = try store.createCollection(collection)
            for field in fields { _ = try store.createIndex(collection: collection, path: field) }
            try time("insert \(count) with \(fields.count) declared index(es)") {
                try store.insertMany(cats, into: collection, options: WriteOptions(validate: false))
            }
        }
    }

    private func measureGets(_ store: DocumentStore, ids: [String]) throws {
        var samples: [Double] = []
        for index in 0..<10_000 {
            let id = ids[(index &* 7919) % ids.count]
            let start = Self.now()
            _ = try store.document(id, in: "cats")
            samples.append(Self.now() - start)
        }
        samples.sort()
        print(
            String(
                format: "get by id: median %.1f µs, p99 %.1f µs", samples[samples.count / 2] * 1e6,
                samples[samples.count * 99 / 100] * 1e6))
    }

    private func measureQueries(_ store: DocumentStore, label: String = "") throws {
        let equality = FindRequest(collection: "cats", query: ["name": "Cat 4242"])
        let found = try median("equality on name\(label)") { try store.find(equality) }
        print("  matched \(found.documents.count)")
        let common = FindRequest(collection: "cats", query: ["color": "grey"], max: 100)
        let commonPage = try median("equality on color (a quarter match), page of 100\(label)") {
            try store.find(common)
        }
        print("  matched \(commonPage.documents.count)")
        let sorted = FindRequest(collection: "cats", hints: ["$orderby": ["weightKg": -1]], max: 100)
        _ = try median("list 100 sorted by weightKg\(label)") { try store.find(sorted) }
        let range = FindRequest(collection: "cats", query: ["weightKg": ["$gte": 10.45]], max: 100)
        let inRange = try median("range weightKg >= 10.45\(label)") { try store.find(range) }
        print("  matched \(inRange.documents.count)")
        let page = FindRequest(collection: "cats", max: 100)
        _ = try median("list 100 in _id order\(label)") { try store.find(page) }
    }

    private func measureSingleInserts(_ store: DocumentStore) throws {
        let total = 2000
        let start = Self.now()
        for index in 0..<total { _ = try store.insert(Self.cat(index), into: "single") }
        print(
            String(
                format: "single-document insert (own transaction): %.1f µs each",
                (Self.now() - start) / Double(total) * 1e6))
    }

    static func cat(_ index: Int) -> JSONObject {
        [
            "name": .string("Cat \(index % 5000)"),
            "color": .string(["grey", "black", "ginger", "white"][index % 4]),
            "weightKg": .number(JSONNumber(Double(index % 900) / 100 + 1.5)),
            "lives": .number(JSONNumber(index % 9)),
            "birthDate": .string("2015-06-\(String(format: "%02d", index % 28 + 1))T10:00:00.000Z"),
            "owner": ["city": .string("Town \(index % 97)"), "tags": ["a", "b"]],
        ]
    }

    @discardableResult
    private func time<T>(_ label: String, _ body: () throws -> T) throws -> T {
        let start = Self.now()
        let result = try body()
        print(String(format: "%@: %.1f ms", label, (Self.now() - start) * 1000))
        return result
    }

    @discardableResult
    private func median<T>(_ label: String, runs: Int = 15, _ body: () throws -> T) throws -> T {
        var samples: [Double] = []
        var result: T?
        for _ in 0..<runs {
            let start = Self.now()
            result = try body()
            samples.append(Self.now() - start)
        }
        samples.sort()
        print(String(format: "%@: median %.2f ms", label, samples[runs / 2] * 1000))
        return result!
    }

    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
