import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Every query helper, sent by the client and judged by the ids a live restlite returns.
///
/// The seeded cats `i` = 0...9: rating `i % 5 + 1`, breed `["abys", "beng", "sibe"][i % 3]`,
/// weight `2.5i`, `3.5i` or `4.5i` (as `i % 3` is 0, 1, 2), born `201<i>-06-01T12:00:00Z`,
/// named `Felis catus <i>`.
@Suite struct LiveQueryTests {
    @Test func equalityAndWhereAnd() async throws {
        try await withLiveServer { live throws in
            #expect(try await live.matching(.where("breedId", "abys")) == live.ids(0, 3, 6, 9))
            #expect(try await live.matching(.where("rating", 5)) == live.ids(4, 9))
            #expect(try await live.matching(.where("weightKg", 2.53)) == live.ids(3))
            let both = Query.where("breedId", "abys").and("rating", .gte(4))
            #expect(try await live.matching(both) == live.ids(3, 9))
            let range = Query.where("rating", .gte(2)).and("rating", .lte(3))
            #expect(try await live.matching(range) == live.ids(1, 2, 6, 7))
        }
    }

    @Test func comparisons() async throws {
        try await withLiveServer { live throws in
            #expect(try await live.matching(.where("rating", .gt(4))) == live.ids(4, 9))
            #expect(try await live.matching(.where("rating", .gte(4))) == live.ids(3, 4, 8, 9))
            #expect(try await live.matching(.where("rating", .lt(2))) == live.ids(0, 5))
            #expect(try await live.matching(.where("rating", .lte(2))) == live.ids(0, 1, 5, 6))
            #expect(try await live.matching(.where("rating", .ne(1))) == live.ids(1, 2, 3, 4, 6, 7, 8, 9))
            #expect(try await live.matching(.where("weightKg", .gt(4.55))) == live.ids(8))
            #expect(try await live.matching(.where("catName", .gt("Felis catus 7"))) == live.ids(8, 9))
        }
    }

    @Test func inAndNotIn() async throws {
        try await withLiveServer { live throws in
            let inAB = Query.where("breedId", .in(["abys", "beng"]))
            #expect(try await live.matching(inAB) == live.ids(0, 1, 3, 4, 6, 7, 9))
            #expect(try await live.matching(.where("breedId", .nin(["abys", "beng"]))) == live.ids(2, 5, 8))
            #expect(try await live.matching(.where("rating", .in([1, 5]))) == live.ids(0, 4, 5, 9))
        }
    }

    @Test func andOrCombineWholeQueries() async throws {
        try await withLiveServer { live throws in
            let and = Query.and(.where("breedId", "abys"), .where("rating", .gte(4)))
            #expect(try await live.matching(and) == live.ids(3, 9))
            let or = Query.or(.where("rating", 5), .where("weightKg", .gt(4.55)))
            #expect(try await live.matching(or) == live.ids(4, 8, 9))
            let nested = Query.and(
                .or(.where("breedId", "sibe"), .where("rating", 5)), .where("rating", .lt(4)))
            #expect(try await live.matching(nested) == live.ids(2, 5))
        }
    }

    @Test func existsRegexBetweenAndNot() async throws {
        try await withLiveServer { live throws in
            _ = try await live.client().collection("a3cats", of: DocumentID.self)
                .update(live.ids[6], .unset("photoUrl"))
            #expect(try await live.matching(.where("photoUrl", .exists(false))) == live.ids(6))
            #expect(try await live.matching(.where("photoUrl", .exists())).count == 9)
            let caseless = Query.where("catName", .regex("^FELIS CATUS [12]$", options: "i"))
            #expect(try await live.matching(caseless) == live.ids(1, 2))
            #expect(try await live.matching(.where("catName", .regex("^FELIS"))).isEmpty)
            #expect(try await live.matching(.where("ownerName", .regex("O'Neil [89]"))) == live.ids(8, 9))
            #expect(try await live.matching(.where("rating", .between(2, 3))) == live.ids(1, 2, 6, 7))
            #expect(try await live.matching(.where("rating", .not(.gte(4)))) == live.ids(0, 1, 2, 5, 6, 7))
            #expect(try await live.matching(.where("breedId", .not("abys"))) == live.ids(1, 2, 4, 5, 7, 8))
        }
    }

    @Test func datesCompareAsPointsInTime() async throws {
        let start2015 = try #require(restDBDate("2015-01-01T00:00:00.000Z"))
        let born2013 = try #require(restDBDate("2013-06-01T12:00:00.000Z"))
        try await withLiveServer { live throws in
            #expect(try await live.matching(.where("birthDate", .gt(start2015))) == live.ids(5, 6, 7, 8, 9))
            #expect(try await live.matching(.where("birthDate", .lt(start2015))) == live.ids(0, 1, 2, 3, 4))
            #expect(try await live.matching(.where("birthDate", .lte(born2013))) == live.ids(0, 1, 2, 3))
            #expect(try await live.matching(.where("birthDate", .gte(born2013))).first == live.ids[3])
            #expect(try await live.matching(.where("birthDate", .eq(born2013))) == live.ids(3))
            let window = Query.where("birthDate", .between(born2013, start2015))
            #expect(try await live.matching(window) == live.ids(3, 4))
        }
    }

    @Test func arraysNestedPathsAndElemMatch() async throws {
        try await withLiveServer(seed: 0) { live throws in
            let saved = try await live.pets.create(contentsOf: [
                Pet(
                    name: "Rex", tags: ["sleepy", "old"],
                    vaccines: [.init(name: "rabies", year: 2018), .init(name: "flu", year: 2021)],
                    owner: .init(name: "Ann"), chipped: true),
                Pet(
                    name: "Tom", tags: ["young"], vaccines: [.init(name: "rabies", year: 2021)],
                    owner: .init(name: "Bo"), chipped: false),
                Pet(name: "Kit", tags: [], vaccines: []),
            ])
            let ids = saved.compactMap(\.id)
            #expect(try await live.matching(.where("tags", "sleepy"), in: "pets") == [ids[0]])
            #expect(try await live.matching(.where("owner.name", "Bo"), in: "pets") == [ids[1]])
            #expect(try await live.matching(.where("chipped", true), in: "pets") == [ids[0]])
            #expect(try await live.matching(.where("owner", nil), in: "pets") == [ids[2]])
            let recentRabies = Query.where(
                "vaccines", .elemMatch(.where("name", "rabies").and("year", .gte(2020))))
            #expect(try await live.matching(recentRabies, in: "pets") == [ids[1]])
            let anyRabies = Query.where("vaccines", .elemMatch(.where("name", "rabies")))
            #expect(try await live.matching(anyRabies, in: "pets") == [ids[0], ids[1]])
        }
    }

    @Test func rawQueryAndPlusSignsSurviveTheURL() async throws {
        try await withLiveServer { live throws in
            #expect(try await live.matching(.raw(#"{"rating":{"$gte":5}}"#)) == live.ids(4, 9))
            let plus = try await live.cats.create(
                Cat(
                    id: nil, catName: "C++ cat", ownerName: "a+b", breedId: "abys",
                    birthDate: Date(timeIntervalSince1970: 0), weightKg: 1, rating: 1, photoUrl: ""))
            #expect(try await live.matching(.where("catName", "C++ cat")) == [plus.id].compactMap { $0 })
        }
    }
}
