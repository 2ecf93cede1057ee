import Foundation
import Testing

@testable import RestDBClient

@Suite struct QueryTests {
    @Test(arguments: [
        (Query.where("rating", .gte(4)), #"{"rating":{"$gte":4}}"#),
        (Query.where("rating", .gt(4)), #"{"rating":{"$gt":4}}"#),
        (Query.where("rating", .lt(2)), #"{"rating":{"$lt":2}}"#),
        (Query.where("rating", .lte(2)), #"{"rating":{"$lte":2}}"#),
        (Query.where("rating", .ne(1)), #"{"rating":{"$ne":1}}"#),
        (Query.where("breedId", "abys"), #"{"breedId":"abys"}"#),
        (Query.where("breedId", .eq("abys")), #"{"breedId":"abys"}"#),
        (Query.where("weightKg", 2.5), #"{"weightKg":2.5}"#),
        (Query.where("adopted", true), #"{"adopted":true}"#),
        (Query.where("photoUrl", nil), #"{"photoUrl":null}"#),
        (Query.where("breedId", .in(["abys", "beng"])), #"{"breedId":{"$in":["abys","beng"]}}"#),
        (Query.where("rating", .nin([1, 2])), #"{"rating":{"$nin":[1,2]}}"#),
        (Query.where("photoUrl", .exists()), #"{"photoUrl":{"$exists":true}}"#),
        (Query.where("photoUrl", .exists(false)), #"{"photoUrl":{"$exists":false}}"#),
        (
            Query.where("ownerName", .regex("^ann", options: "i")),
            #"{"ownerName":{"$regex":"^ann","$options":"i"}}"#
        ),
        (Query.where("ownerName", .regex("lee$")), #"{"ownerName":{"$regex":"lee$"}}"#),
        (Query.where("rating", .between(2, 4)), #"{"rating":{"$bt":[2,4]}}"#),
        (Query.where("rating", .not(.gte(4))), #"{"rating":{"$not":{"$gte":4}}}"#),
        (Query.where("breedId", .not("abys")), #"{"breedId":{"$not":"abys"}}"#),
        (Query.all, "{}"),
    ])
    func eachHelperProducesRestdbJSON(query: Query, expected: String) throws {
        #expect(try query.jsonString() == expected)
    }

    @Test func conditionsOnSeveralFieldsShareOneObjectInWrittenOrder() throws {
        let query = Query.where("rating", .gte(4)).and("breedId", .in(["abys"])).and("ownerName", "Ann")
        #expect(
            try query.jsonString() == #"{"rating":{"$gte":4},"breedId":{"$in":["abys"]},"ownerName":"Ann"}"#)
    }

    @Test func operatorsOnOneFieldMerge() throws {
        let query = Query.where("rating", .gte(2)).and("rating", .lte(4))
        #expect(try query.jsonString() == #"{"rating":{"$gte":2,"$lte":4}}"#)
    }

    @Test func conflictingConditionsOnOneFieldBecomeAnd() throws {
        let query = Query.where("rating", .gte(2)).and("rating", .gte(3))
        #expect(try query.jsonString() == #"{"$and":[{"rating":{"$gte":2}},{"rating":{"$gte":3}}]}"#)
    }

    @Test func andAndOrCombineWholeQueries() throws {
        let either = Query.or(.where("rating", 5), .where("weightKg", .lt(2)))
        #expect(try either.jsonString() == #"{"$or":[{"rating":5},{"weightKg":{"$lt":2}}]}"#)
        let both = Query.and(.where("rating", 5), .where("breedId", "abys"))
        #expect(try both.jsonString() == #"{"$and":[{"rating":5},{"breedId":"abys"}]}"#)
        let mixed = either.and("breedId", "abys")
        #expect(try mixed.jsonString() == #"{"$or":[{"rating":5},{"weightKg":{"$lt":2}}],"breedId":"abys"}"#)
    }

    @Test func elemMatchNestsAQuery() throws {
        let query = Query.where("vaccines", .elemMatch(.where("name", "rabies").and("year", .gte(2019))))
        #expect(
            try query.jsonString() == #"{"vaccines":{"$elemMatch":{"name":"rabies","year":{"$gte":2019}}}}"#)
    }

    @Test func datesBecomeDateOperands() throws {
        let date = Date(timeIntervalSince1970: 1_226_656_417)
        #expect(
            try Query.where("birthDate", .gte(date)).jsonString()
                == #"{"birthDate":{"$gte":{"$date":"2008-11-14T09:53:37.000Z"}}}"#
        )
        let later = Date(timeIntervalSince1970: 1_226_656_418)
        #expect(
            try Query.where("birthDate", .between(date, later)).jsonString()
                == #"{"birthDate":{"$bt":[{"$date":"2008-11-14T09:53:37.000Z"},{"$date":"2008-11-14T09:53:38.000Z"}]}}"#
        )
    }

    @Test func stringsAndFieldNamesAreEscaped() throws {
        let query = Query.where("a\"b", .regex(#"^\d+/x"#))
        #expect(try query.jsonString() == #"{"a\"b":{"$regex":"^\\d+/x"}}"#)
    }

    @Test func rawJSONIsSentAsWrittenAndCombines() throws {
        #expect(try Query.raw(#"{"age":{"$gt":7}}"#).jsonString() == #"{"age":{"$gt":7}}"#)
        let combined = Query.raw(#"{"age":7}"#).and("rating", 5)
        #expect(try combined.jsonString() == #"{"$and":[{"age":7},{"rating":5}]}"#)
    }

    @Test func anOperandThatCannotBeEncodedThrowsEncodingError() {
        let query = Query.where("weightKg", .gt(Double.nan))
        #expect {
            try query.jsonString()
        } throws: { error in
            guard case RestDBError.encoding = error else { return false }
            return true
        }
    }
}
