import Foundation
import Testing

@testable import RestDBClient

@Suite struct HintsAndUpdateTests {
    @Test func hintsKeepSortOrderAndAStableKeyOrder() throws {
        let hints = Hints(
            sort: [.descending("rating"), .ascending("catName")],
            fields: .include(["catName", "rating"]),
            max: 10,
            skip: 20
        )
        #expect(
            try hints.fragment?.rendered()
                == #"{"$orderby":{"rating":-1,"catName":1},"$fields":{"catName":1,"rating":1},"$max":10,"$skip":20}"#
        )
    }

    @Test func excludedFieldsAreZeroAndEmptyHintsAreOmitted() throws {
        #expect(
            try Hints(fields: .exclude(["photoUrl"])).fragment?.rendered() == #"{"$fields":{"photoUrl":0}}"#)
        #expect(Hints().fragment == nil)
    }

    @Test func updatesGroupByOperatorInFirstAppearanceOrder() throws {
        let body = Update.body(for: [
            .increment("rating"),
            .push("tags", "sleepy"),
            .increment("visits", by: -2),
            .pull("tags", "grumpy"),
            .set("ownerName", "Ann Lee"),
            .unset("photoUrl"),
        ])
        #expect(
            try body.rendered()
                == #"{"$inc":{"rating":1,"visits":-2},"$push":{"tags":"sleepy"},"$pull":{"tags":"grumpy"},"#
                + #""$set":{"ownerName":"Ann Lee"},"$unset":{"photoUrl":""}}"#
        )
    }

    @Test func setWritesDatesAsStoredValuesNotQueryOperands() throws {
        let body = Update.body(for: [.set("birthDate", Date(timeIntervalSince1970: 1_226_656_417))])
        #expect(try body.rendered() == #"{"$set":{"birthDate":"2008-11-14T09:53:37.000Z"}}"#)
    }
}
