import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// `restlite_sortkey` must order exactly as the rank + `json_extract` ORDER BY it replaces on
/// scans, and give the very value `json_extract` gives for missing, null, numbers and strings.
@Suite struct SortKeyScannerTests {
    /// Raw bodies (written as text, so whitespace and odd number spellings reach the fallback).
    static let bodies: [String] = [
        #"{}"#, #"{"y":1}"#, #"{"x":null}"#, #"{"x":true}"#, #"{"x":false}"#, #"{"x":0}"#, #"{"x":-0}"#,
        #"{"x":-0.0}"#, #"{"x":0.0}"#, #"{"x":12}"#, #"{"x":-12}"#, #"{"x":12.0}"#, #"{"x":1e2}"#,
        #"{"x":1.5E-3}"#, #"{"x":9223372036854775807}"#, #"{"x":-9223372036854775808}"#,
        #"{"x":9223372036854775808}"#, #"{"x":123456789012345678901234}"#, #"{"x":0.1}"#,
        #"{"x":0.30000000000000004}"#, #"{"x":12345678901234567.5}"#, #"{"x":""}"#, #"{"x":"a"}"#,
        #"{"x":"a\"b"}"#, #"{"x":"\u00e9"}"#, #"{"x":"é"}"#, #"{"x":"b"}"#, #"{"x":{}}"#,
        #"{"x":{"a":[1,"}"]}}"#, #"{"x":[]}"#, #"{"x":[1,{"b":"]"}]}"#, #"{"x":[1, 2]}"#,
        #"{ "x" : 7 }"#, #"{"a":{"x":1},"x":2}"#, #"{"a":"x\",\"x\":","x":3}"#, #"{"xx":1,"x":4}"#,
        #"{"x":1,"x":2}"#, #"{"a":[{"x":9}],"b":"\\","x":"last"}"#, #"{"x":{"n":1.50}}"#,
        #"{"a":"\"x\":","x":5}"#, #"{"a":"[","x":6}"#, #"{"a":"x","x":7}"#, #"{"a":",x","x":8}"#,
    ]

    private func fixture(_ bodies: [String]) throws -> QueryFixture {
        let fixture = try QueryFixture()
        try fixture.connection.transaction {
            for (position, body) in bodies.enumerated() {
                try fixture.connection.run(
                    "INSERT INTO \(fixture.table)(id, body, created, changed, createdby, changedby, version)"
                        + " VALUES (?, ?, 0, 0, 'api', 'api', 0)", [.text("d\(position)"), .text(body)])
            }
        }
        return fixture
    }

    /// Rows whose `restlite_sortkey` differs from `json_extract` in value or storage class,
    /// where the rank is 0 (the values are returned unchanged).
    private func mismatches(_ fixture: QueryFixture) throws -> [String] {
        var rows: [String] = []
        let key = #"restlite_sortkey(body, '$."x"')"#
        let value = #"json_extract(body, '$."x"')"#
        try fixture.connection.forEachRow(
            "SELECT body FROM \(fixture.table) WHERE json_type(body, '$.\"x\"') IS NOT 'object'"
                + " AND json_type(body, '$.\"x\"') IS NOT 'array' AND json_type(body, '$.\"x\"') IS NOT 'true'"
                + " AND json_type(body, '$.\"x\"') IS NOT 'false'"
                + " AND NOT (\(key) IS \(value) AND typeof(\(key)) = typeof(\(value)))"
        ) { rows.append($0.text(0) ?? "") }
        return rows
    }

    private func order(_ fixture: QueryFixture, ascending: Bool, scan: Bool) throws -> [String] {
        let key = SortKey(path: try FieldPath("x"), ascending: ascending)
        let term = scan ? key.scanOrdering(bodyColumn: "body") : key.sqlOrdering(bodyColumn: "body")
        var ids: [String] = []
        try fixture.connection.forEachRow("SELECT id FROM \(fixture.table) ORDER BY \(term.sql), seq") {
            ids.append($0.text(0) ?? "")
        }
        return ids
    }

    @Test func ordersExactlyAsRankAndJSONExtract() throws {
        let fixture = try fixture(Self.bodies)
        #expect(try mismatches(fixture) == [])
        for ascending in [true, false] {
            let scanned = try order(fixture, ascending: ascending, scan: true)
            #expect(scanned == (try order(fixture, ascending: ascending, scan: false)))
            #expect(scanned.count == Self.bodies.count)
        }
    }

    /// Decimals of 1 to 19 digits: the fast path must reproduce SQLite's conversion bit for bit.
    @Test func decimalsConvertExactlyAsSQLite() throws {
        var generator = SystemRandomNumberGenerator()
        var bodies: [String] = []
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...19, using: &generator)
            var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let point = Int.random(in: 0...count, using: &generator)
            if point < count {
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
                if point == 0 { digits = "0" + digits }
            }
            if digits.count > 1, digits.first == "0", digits.dropFirst().first != "." {
                digits = "1" + digits
            }
            if Bool.random(using: &generator) { digits = "-" + digits }
            bodies.append(#"{"x":"# + digits + "}")
        }
        let fixture = try fixture(bodies)
        // The fast path must be on (not everything answered by the fallback).
        #expect(SortKeyScanner.probe(fixture.connection.handle) != .unknown)
        let wrong = try mismatches(fixture)
        #expect(wrong.isEmpty, "\(wrong.count) differ, e.g. \(wrong.prefix(5))")
        #expect(
            try order(fixture, ascending: true, scan: true) == order(fixture, ascending: true, scan: false))
    }

    @Test func storeUsesTheScanOrderingOnlyWithoutADeclaredIndex() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insertMany([["w": 2.5], ["w": 1], ["w": "a"], ["w": true], [:]], into: "cats")
        let request = FindRequest(
            collection: "cats", sort: [SortKey(path: try FieldPath("w"), ascending: true)])
        func sql() throws -> String {
            let plan = try fixture.store.prepare(request)
            return try fixture.store.pool.read { connection in
                try DocumentStore.pageSQL(request, columns: "id", plan: plan, skip: 0, max: 10, connection)
                    .sql
            }
        }
        let before = try fixture.store.find(request).documents.map(\.id)
        #expect(try sql().contains("restlite_sortkey"))
        _ = try fixture.store.createIndex(collection: "cats", path: "w")
        #expect(try !sql().contains("restlite_sortkey"))
        let plan = try fixture.store.pool.read { connection in
            var details: [String] = []
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN " + (try sql()).replacingOccurrences(of: "?", with: "10")
            ) {
                details.append($0.text(3) ?? "")
            }
            return details.joined(separator: "\n")
        }
        #expect(plan.contains("USING INDEX ix_1_w_s_"), "\(plan)")
        #expect(try fixture.store.find(request).documents.map(\.id) == before)
    }

    @Test func findsATopLevelMemberDirectlyOnlyWhenSure() {
        func rest(_ body: String, _ label: String) -> String? {
            let bodyBytes = Array(body.utf8)
            let labelBytes = Array(label.utf8)
            let start = bodyBytes.withUnsafeBufferPointer { body in
                labelBytes.withUnsafeBufferPointer { SortKeyScanner.directValueStart(body, label: $0) }
            }
            return start.map { String(decoding: bodyBytes[$0...], as: UTF8.self) }
        }
        #expect(rest(#"{"weightKg":2.5}"#, "weightKg") == "2.5}")
        #expect(rest(#"{"_id":"a","name":"weightKg","weightKg":1}"#, "weightKg") == "1}")
        #expect(rest(#"{"a":"\"weightKg\":0","weightKg":3}"#, "weightKg") == "3}")
        #expect(rest(#"{"xweightKg":1,"weightKgx":2,"weightKg":4}"#, "weightKg") == "4}")
        #expect(rest(#"{"a":1,"w":{"weightKg":1}}"#, "weightKg") == nil)
        // Not sure: something opened before it (even inside a string), or an unplain label.
        #expect(rest(#"{"a":{"weightKg":1},"weightKg":2}"#, "weightKg") == nil)
        #expect(rest(#"{"a":"[","weightKg":2}"#, "weightKg") == nil)
        #expect(rest(#"{"my field":1}"#, "my field") == nil)
        #expect(rest(#"{"a,b":1}"#, "a,b") == nil)
        #expect(rest(#"{"a":1}"#, "weightKg") == nil)
    }
}
