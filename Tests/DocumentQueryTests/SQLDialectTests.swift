import Testing

@testable import DocumentQuery

/// The compiler writes every piece of database-specific text through its `SQLDialect`: with a
/// dialect of other words, none of SQLite's functions, type names or hints remain.
@Suite struct SQLDialectTests {
    /// A dialect in the shape of a server database's: JSON operators, boolean literals,
    /// `= ANY(?)` over a bound array, functions of its own.
    struct ServerDialect: SQLDialect {
        func reference(to source: ValueSource) -> ValueReference {
            switch source {
            case .field(let body, let path):
                let keys = pathLiteral(path)
                return ValueReference(
                    type: "jsonb_typeof(\(body) #> \(keys))", value: "(\(body) #>> \(keys))",
                    each: "jsonb_array_elements(\(body) #> \(keys))")
            case .steps(let body, let steps):
                let keys =
                    "'{"
                    + steps.map { step -> String in
                        switch step {
                        case .key(let key): key
                        case .index(let index): String(index)
                        }
                    }.joined(separator: ",") + "}'"
                return ValueReference(
                    type: "jsonb_typeof(\(body) #> \(keys))", value: "(\(body) #>> \(keys))",
                    each: "jsonb_array_elements(\(body) #> \(keys))")
            case .element(let alias):
                return ValueReference(
                    type: "jsonb_typeof(\(alias))", value: "(\(alias) #>> '{}')",
                    each: "jsonb_array_elements(\(alias))")
            }
        }
        func pathLiteral(_ path: FieldPath) -> String { "'{" + path.segments.joined(separator: ",") + "}'" }
        func typeName(_ kind: JSONKind) -> String { "'\(kind.rawValue.uppercased())'" }
        func literal(_ flag: Bool) -> String { flag ? "TRUE" : "FALSE" }
        func negate(_ condition: SQLFragment) -> SQLFragment {
            SQLFragment("NOT coalesce(") + condition + SQLFragment(", FALSE)")
        }
        func selective(_ comparison: String) -> String { comparison }
        var inBoundArray: String { "= ANY(?)" }
        func isArray(_ reference: ValueReference, indexable: Bool) -> String {
            typeTest(reference.type, .array)
        }
        func anyElement(of reference: ValueReference, alias: String, where condition: SQLFragment)
            -> SQLFragment
        {
            SQLFragment("EXISTS (SELECT 1 FROM \(reference.each) AS \(alias) WHERE ") + condition
                + SQLFragment(")")
        }
        func call(_ function: QueryFunction, _ arguments: [String]) -> String {
            "rl_\(function.rawValue)(" + arguments.joined(separator: ", ") + ")"
        }
        func freeText(_ text: String, body: String) -> SQLFragment {
            SQLFragment("rl_search(\(body), ?)", [.text(text)])
        }
    }

    /// Every operator and operand class, on body fields and on system columns.
    static let queries = [
        #"{}"#, #"{"name":{"$in":[]}}"#, #"{"name":"Joe"}"#, #"{"name":null}"#, #"{"ok":true}"#,
        #"{"age":{"$gt":5,"$lte":9.5}}"#, #"{"name":{"$gte":"B"}}"#, #"{"ok":{"$lt":true}}"#,
        #"{"born":{"$gt":{"$date":"2020-01-01T00:00:00Z"}}}"#, #"{"born":{"$date":"2020-01-01T00:00:00Z"}}"#,
        #"{"age":{"$bt":[1,5]}}"#, #"{"name":{"$ne":"Joe"}}"#, #"{"tags":{"a":1}}"#, #"{"tags":[1,2]}"#,
        #"{"age":{"$in":[1,2,"a","b",null,true,false,{"a":1},{"b":2},[1],[2]]}}"#,
        #"{"born":{"$in":[{"$date":"2020-01-01T00:00:00Z"},{"$date":"2021-01-01T00:00:00Z"}]}}"#,
        #"{"age":{"$nin":[1,2]}}"#, #"{"name":{"$regex":"^j","$options":"i"}}"#,
        #"{"name":{"$exists":false}}"#, #"{"name":{"$not":{"$eq":"Joe"}}}"#,
        #"{"scores":{"$elemMatch":{"$gte":80,"$not":{"$lt":85}}}}"#,
        #"{"items":{"$elemMatch":{"product":"x","score":{"$gte":8}}}}"#,
        #"{"$nor":[{"a":1},{"b":2}],"$and":[{"c":3},{"d":{"$exists":true}}]}"#,
        #"{"_id":{"$in":["a","b",null]},"_created":{"$gt":{"$date":"2020-01-01T00:00:00Z"}}}"#,
        #"{"_id":{"$regex":"^a"},"_version":{"$bt":[1,3]},"_changed":{"$elemMatch":{"$gt":1}}}"#,
        #"{"_id":{"$in":[]},"_version":"x"}"#,
        #"{"items.sku":"x","tags.0":{"$exists":true},"a.1.b":{"$in":[1,null]}}"#,
    ]

    static let sqliteWords = [
        "json_", "restlite_", "likelihood", "ifnull", "'text'", "'integer'", "'array'", "'object'", "'null'",
        "'true'", "'false'", "'['",
    ]

    @Test(arguments: queries) func noSQLiteTextIsLeftWithAnotherDialect(_ text: String) throws {
        let sql = try Query.parse(text: text).sqlCondition(bodyColumn: "body", dialect: ServerDialect()).sql
        for word in Self.sqliteWords {
            #expect(!sql.contains(word), "\(word) in \(sql)")
        }
        #expect(!sql.hasSuffix(" 1") && !sql.hasSuffix(" 0") && sql != "1" && sql != "0", "\(sql)")
    }

    @Test func aRangeIsWrittenInTheDialectsWords() throws {
        let fragment = try Query.parse(text: #"{"owner.age":{"$gt":5}}"#)
            .sqlCondition(bodyColumn: "doc", dialect: ServerDialect())
        #expect(
            fragment.sql
                == "((jsonb_typeof(doc #> '{owner,age}') IN ('INTEGER', 'REAL') AND (doc #>> '{owner,age}') > ?)"
                + " OR (jsonb_typeof(doc #> '{owner,age}') = 'ARRAY' AND EXISTS (SELECT 1 FROM"
                + " jsonb_array_elements(doc #> '{owner,age}') AS q1 WHERE (jsonb_typeof(q1) IN ('INTEGER', 'REAL')"
                + " AND (q1 #>> '{}') > ?))) OR ((doc #>> '{owner,age}') IS NULL AND jsonb_typeof(doc #> '{owner}') = 'ARRAY'"
                + " AND EXISTS (SELECT 1 FROM"
                + " jsonb_array_elements(doc #> '{owner}') AS q2 WHERE jsonb_typeof(q2) = 'OBJECT' AND"
                + " ((jsonb_typeof((q2 #>> '{}') #> '{age}') IN ('INTEGER', 'REAL') AND ((q2 #>> '{}') #>> '{age}') > ?)"
                + " OR (jsonb_typeof((q2 #>> '{}') #> '{age}') = 'ARRAY' AND EXISTS (SELECT 1 FROM"
                + " jsonb_array_elements((q2 #>> '{}') #> '{age}') AS q3 WHERE (jsonb_typeof(q3) IN ('INTEGER', 'REAL')"
                + " AND (q3 #>> '{}') > ?)))))))")
        #expect(fragment.bindings == [.integer(5), .integer(5), .integer(5), .integer(5)])
    }

    @Test func sortsAndFreeTextGoThroughTheDialect() throws {
        let key = SortKey(path: try FieldPath("name"), ascending: true)
        let order = SortKey.sqlOrdering([key], bodyColumn: "doc", dialect: ServerDialect()).sql
        #expect(
            order
                == "CASE jsonb_typeof(doc #> '{name}') WHEN 'OBJECT' THEN 3 WHEN 'ARRAY' THEN 4 WHEN 'FALSE' THEN 5"
                + " WHEN 'TRUE' THEN 5 ELSE 0 END ASC, (doc #>> '{name}') ASC, seq ASC")
        #expect(
            key.scanOrdering(bodyColumn: "doc", dialect: ServerDialect()).sql
                == "rl_sortkey(doc, '{name}') ASC")
        let filter = Query.filterCondition(text: "cat", bodyColumn: "doc", dialect: ServerDialect())
        #expect(filter == SQLFragment("rl_search(doc, ?)", [.text("cat")]))
    }

    @Test func typeTestsNameOneTypeOrAListInTheDialectsNames() {
        let dialect = ServerDialect()
        #expect(dialect.typeTest("t", .text) == "t = 'TEXT'")
        #expect(dialect.typeTest("t", .integer, .real) == "t IN ('INTEGER', 'REAL')")
        #expect(dialect.typeTest("t", .trueValue, .falseValue) == "t IN ('TRUE', 'FALSE')")
    }
}
