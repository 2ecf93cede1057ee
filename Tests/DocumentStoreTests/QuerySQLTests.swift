import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// Each operator's SQL text and bindings, exactly: a change in the generated SQL is a
/// deliberate decision, seen in review.
@Suite struct QuerySQLTests {
    private func sql(_ text: String) throws -> SQLFragment {
        try Query.parse(text: text).sqlCondition(bodyColumn: "body")
    }

    private let nameType = "json_type(body, '$.\"name\"')"
    private let nameValue = "json_extract(body, '$.\"name\"')"
    private let nameEach = "json_each(body, '$.\"name\"')"
    /// The array arm's guard: the range lets a value index serve it (see `QueryCompiler.match`).
    private var nameArray: String { "\(nameValue) >= '[' AND \(nameValue) < '\\' AND \(nameType) = 'array'" }

    @Test func stringEqualityIsPrefilteredWithItsJSONLiteral() throws {
        let fragment = try sql(#"{"name":"Jo\"e"}"#)
        #expect(
            fragment.sql
                == "(restlite_has(body, ?) AND ((\(nameValue) = ? AND \(nameType) = 'text') OR (\(nameArray)"
                + " AND EXISTS (SELECT 1 FROM \(nameEach) AS q1 WHERE (q1.value = ? AND q1.type = 'text')))))"
        )
        #expect(fragment.bindings == [.text(#""Jo\"e""#), .text("Jo\"e"), .text("Jo\"e")])
    }

    @Test func numberEqualityChecksTheNumericTypes() throws {
        let fragment = try sql(#"{"age":{"$eq":2.5}}"#)
        #expect(
            fragment.sql
                == "((json_extract(body, '$.\"age\"') = ? AND json_type(body, '$.\"age\"') IN ('integer', 'real'))"
                + " OR (json_extract(body, '$.\"age\"') >= '[' AND json_extract(body, '$.\"age\"') < '\\'"
                + " AND json_type(body, '$.\"age\"') = 'array' AND EXISTS (SELECT 1 FROM json_each(body, '$.\"age\"')"
                + " AS q1 WHERE (q1.value = ? AND q1.type IN ('integer', 'real')))))")
        #expect(fragment.bindings == [.real(2.5), .real(2.5)])
    }

    @Test func nullEqualityAlsoMatchesAMissingField() throws {
        #expect(
            try sql(#"{"name":null}"#).sql
                == "(\(nameType) IS NULL OR \(nameType) = 'null' OR (\(nameArray) AND EXISTS"
                + " (SELECT 1 FROM \(nameEach) AS q1 WHERE q1.type = 'null')))")
    }

    @Test(arguments: [
        ("$gt", ">"), ("$gte", ">="), ("$lt", "<"), ("$lte", "<="),
    ])
    func comparisonsStayWithinTheOperandsTypeClass(op: String, sign: String) throws {
        let fragment = try sql(#"{"name":{"\#(op)":"m"}}"#)
        #expect(
            fragment.sql
                == "((\(nameType) = 'text' AND likelihood(\(nameValue) \(sign) ?, 0.01)) OR (\(nameArray) AND EXISTS"
                + " (SELECT 1 FROM \(nameEach) AS q1 WHERE (q1.type = 'text' AND likelihood(q1.value \(sign) ?,"
                + " 0.01)))))")
        #expect(fragment.bindings == [.text("m"), .text("m")])
    }

    @Test func notEqualNegatesWithNullsCountedAsFalse() throws {
        let ne = try sql(#"{"n":{"$ne":true}}"#)
        let not = try sql(#"{"n":{"$not":true}}"#)
        #expect(
            ne.sql
                == "NOT ifnull((json_type(body, '$.\"n\"') = 'true' OR (json_extract(body, '$.\"n\"') >= '['"
                + " AND json_extract(body, '$.\"n\"') < '\\' AND json_type(body, '$.\"n\"') = 'array' AND"
                + " EXISTS (SELECT 1 FROM json_each(body, '$.\"n\"') AS q1 WHERE q1.type = 'true'))), 0)")
        #expect(not == ne)
    }

    @Test func inAndNinListTheirAlternatives() throws {
        let fragment = try sql(#"{"_id":{"$nin":["a",1]}}"#)
        #expect(fragment.sql == "NOT ifnull(id = ?, 0)")
        #expect(fragment.bindings == [.text("a")])
        #expect(try sql(#"{"n":{"$in":[]}}"#).sql.hasPrefix("(0 OR (json_extract"))
        let ids = try sql(#"{"_id":{"$in":["a","b",null]}}"#)
        #expect(ids.sql == "(id IS NULL OR id IN (SELECT value FROM json_each(?)))")
        #expect(ids.bindings == [.text(#"["a","b"]"#)])
    }

    @Test func inBindsOneJSONArrayPerTypeClassWithSeveralValues() throws {
        let fragment = try sql(#"{"name":{"$in":["a",1,"b\"",2.5,true,{"$date":"2020-01-01"},{"x":1}]}}"#)
        let value =
            "((\(nameValue) IN (SELECT value FROM json_each(?)) AND \(nameType) = 'text')"
            + " OR (\(nameValue) IN (SELECT value FROM json_each(?)) AND \(nameType) IN ('integer', 'real'))"
            + " OR \(nameType) = 'true'"
            + " OR (\(nameType) = 'text' AND restlite_date(\(nameValue)) = ?)"
            + " OR (\(nameValue) = ? AND \(nameType) = 'object'))"
        #expect(fragment.sql.hasPrefix("(" + value + " OR (\(nameArray) AND EXISTS"))
        #expect(
            Array(fragment.bindings.prefix(4)) == [
                .text(#"["a","b\""]"#), .text("[1,2.5]"), .text("2020-01-01T00:00:00.000Z"),
                .text(#"{"x":1}"#),
            ])
    }

    @Test func existsLooksAtTheFieldItself() throws {
        #expect(try sql(#"{"a":{"$exists":true}}"#).sql == "json_type(body, '$.\"a\"') IS NOT NULL")
        // A dotted path also goes through an array at `a`; the plain path stays the first arm.
        #expect(
            try sql(#"{"a.b":{"$exists":true}}"#).sql
                == "(json_type(body, '$.\"a\".\"b\"') IS NOT NULL OR (json_extract(body, '$.\"a\".\"b\"') IS NULL"
                + " AND json_type(body, '$.\"a\"') = 'array' AND EXISTS (SELECT 1 FROM json_each(body, '$.\"a\"') AS q1"
                + " WHERE q1.type = 'object' AND json_type(q1.value, '$.\"b\"') IS NOT NULL)))")
        // A position reads `[0]` when the value is an array, the key "0" when it is an object.
        #expect(
            try sql(#"{"tags.0":{"$exists":true}}"#).sql
                == "(json_type(body, '$.\"tags\".\"0\"') IS NOT NULL OR (json_extract(body, '$.\"tags\".\"0\"') IS NULL"
                + " AND json_type(body, '$.\"tags\"[0]') IS NOT NULL) OR (json_extract(body, '$.\"tags\".\"0\"') IS NULL"
                + " AND json_type(body, '$.\"tags\"') = 'array' AND EXISTS (SELECT 1 FROM json_each(body, '$.\"tags\"') AS q1"
                + " WHERE q1.type = 'object' AND json_type(q1.value, '$.\"0\"') IS NOT NULL)))")
        #expect(try sql(#"{"_changedby":{"$exists":false}}"#).sql == "changedby IS NULL")
    }

    @Test func regexCallsTheRegisteredFunctionWithPatternAndOptions() throws {
        let fragment = try sql(#"{"name":{"$regex":"^j","$options":"xi"}}"#)
        #expect(
            fragment.sql
                == "((\(nameType) = 'text' AND restlite_regexp(?, ?, \(nameValue))) OR (\(nameArray)"
                + " AND EXISTS (SELECT 1 FROM \(nameEach) AS q1 WHERE (q1.type = 'text' AND restlite_regexp(?, ?,"
                + " q1.value)))))")
        #expect(fragment.bindings == [.text("^j"), .text("ix"), .text("^j"), .text("ix")])
    }

    @Test func betweenIsInclusiveOnBothEnds() throws {
        let fragment = try sql(#"{"_version":{"$bt":[1,3]}}"#)
        #expect(fragment.sql == "(version >= ? AND version <= ?)")
        #expect(fragment.bindings == [.integer(1), .integer(3)])
    }

    @Test func andOrCombineAndAnEmptyQueryIsTrue() throws {
        #expect(try sql("{}").sql == "1")
        let fragment = try sql(#"{"$or":[{"_id":"a"},{"_id":"b","_version":2}]}"#)
        #expect(fragment.sql == "(id = ? OR (id = ? AND version = ?))")
        #expect(fragment.bindings == [.text("a"), .text("b"), .integer(2)])
    }

    @Test func elemMatchRunsOverTheArrayElements() throws {
        let values = try sql(#"{"s":{"$elemMatch":{"$gte":1}}}"#)
        #expect(
            values.sql
                == "(json_type(body, '$.\"s\"') = 'array' AND EXISTS (SELECT 1 FROM json_each(body, '$.\"s\"') AS q1"
                + " WHERE (q1.type IN ('integer', 'real') AND likelihood(q1.value >= ?, 0.01))))")
        let query = try sql(#"{"s":{"$elemMatch":{"_id":"x"}}}"#)
        #expect(
            query.sql
                == "(json_type(body, '$.\"s\"') = 'array' AND EXISTS (SELECT 1 FROM json_each(body, '$.\"s\"') AS q1"
                + " WHERE q1.type = 'object' AND ((json_extract(q1.value, '$.\"_id\"') = ? AND json_type(q1.value,"
                + " '$.\"_id\"') = 'text') OR (json_extract(q1.value, '$.\"_id\"') >= '[' AND"
                + " json_extract(q1.value, '$.\"_id\"') < '\\' AND json_type(q1.value, '$.\"_id\"') = 'array'"
                + " AND EXISTS (SELECT 1 FROM"
                + " json_each(q1.value, '$.\"_id\"') AS q2 WHERE (q2.value = ? AND q2.type = 'text'))))))")
    }

    @Test func dateLiteralsCompareAsNormalisedTextOrMilliseconds() throws {
        let body = try sql(#"{"born":{"$lt":{"$date":"2020-01-01T02:00:00+02:00"}}}"#)
        #expect(
            body.sql.hasPrefix("((json_type(body, '$.\"born\"') = 'text' AND restlite_date(json_extract("))
        #expect(body.bindings.first == .text("2020-01-01T00:00:00.000Z"))
        let column = try sql(#"{"_created":{"$gte":{"$date":"1970-01-01T00:00:01Z"}}}"#)
        #expect(column == SQLFragment("created >= ?", [.integer(1000)]))
    }

    @Test func pathsWithQuotesAreEscapedForSQL() throws {
        #expect(try sql(#"{"it's":{"$exists":1}}"#).sql == "json_type(body, '$.\"it''s\"') IS NOT NULL")
    }

    @Test func sortOrdersByTypeClassThenValueThenSequence() throws {
        let keys = [
            SortKey(path: try FieldPath("age"), ascending: false), SortKey(path: try FieldPath("_id")),
        ]
        #expect(
            SortKey.sqlOrdering(keys, bodyColumn: "body").sql
                == "CASE json_type(body, '$.\"age\"') WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'false' THEN 5"
                + " WHEN 'true' THEN 5 ELSE 0 END DESC,"
                + " json_extract(body, '$.\"age\"') DESC, id ASC, seq ASC")
        #expect(SortKey.sqlOrdering([], bodyColumn: "body").sql == "seq ASC")
    }

    @Test func freeTextFilterPrefiltersASCIIAndCallsTheFunctionOtherwise() {
        let ascii = Query.filterCondition(text: "Felis", bodyColumn: "body")
        #expect(
            ascii.sql
                == "(instr(lower(body), ?) > 0 AND EXISTS (SELECT 1 FROM json_tree(body) AS f WHERE f.type = 'text'"
                + " AND NOT (f.parent = 0 AND f.key = '_id') AND instr(lower(f.atom), ?) > 0))")
        #expect(ascii.bindings == [.text("felis"), .text("felis")])
        let other = Query.filterCondition(text: "Zoë", bodyColumn: "body")
        #expect(other.sql.hasSuffix("restlite_contains_ci(f.atom, ?))"))
        #expect(other.bindings == [.text("Zoë")])
    }

    @Test func sqliteTypeTestsNameOneTypeOrAList() {
        let dialect = SQLiteDialect()
        #expect(dialect.typeTest("t", .text) == "t = 'text'")
        #expect(dialect.typeTest("t", .integer, .real) == "t IN ('integer', 'real')")
        #expect(dialect.typeTest("t", .trueValue, .falseValue) == "t IN ('true', 'false')")
    }
}
