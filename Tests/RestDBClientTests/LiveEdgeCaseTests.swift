import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Corners where client and server could disagree: characters that need encoding in a URL,
/// odd collection names, dates in schema-less collections and inside `$in`, paging past the end.
@Suite struct LiveEdgeCaseTests {
    /// A free-form document with a date field no schema types.
    private struct Sighting: Codable, Equatable {
        var id: String?
        var place: String
        var seen: Date
        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case place, seen
        }
    }

    private static func date(_ text: String) throws -> Date {
        try #require(restDBDate(text))
    }

    @Test func unicodePlusAndAmpersandSurviveQueryAndFilter() async throws {
        try await withLiveServer(seed: 0) { live in
            var cat = Cat.felix
            cat.catName = "Zoë & C++ 100%"
            cat.ownerName = "Ann+Bo=friends?"
            let saved = try await live.cats.create(cat)
            _ = try await live.cats.create(.felix)
            let id = try #require(saved.id)
            #expect(try await live.matching(.where("catName", "Zoë & C++ 100%")) == [id])
            #expect(try await live.matching(.where("ownerName", "Ann+Bo=friends?")) == [id])
            #expect(try await live.cats.list(filter: "zoË & c++").compactMap(\.id) == [id])
            #expect(try await live.cats.list(filter: "+bo=").compactMap(\.id) == [id])
            #expect(try await live.matching(.where("catName", .regex(#"^Zoë & C\+\+"#))) == [id])
        }
    }

    @Test func collectionNamesWithDashesAndUnderscores() async throws {
        try await withLiveServer(seed: 0) { live in
            let odd = live.client().collection("a-3_cats", of: Cat.self)
            let saved = try await odd.create(.felix)
            #expect(try await odd.list().map(\.id) == [saved.id])
            #expect(try await live.client().collections().contains("a-3_cats"))
            #expect(try await odd.delete(try #require(saved.id)) == [saved.id].compactMap { $0 })
        }
    }

    @Test func datesCompareInACollectionWithoutSchema() async throws {
        try await withLiveServer(seed: 0) { live in
            let sightings = live.client().collection("sightings", of: Sighting.self)
            let saved = try await sightings.create(contentsOf: [
                Sighting(place: "roof", seen: try Self.date("2020-01-01T00:00:00.000Z")),
                Sighting(place: "shed", seen: try Self.date("2021-06-15T08:30:00.250Z")),
                Sighting(place: "yard", seen: try Self.date("2022-12-31T23:59:59.999Z")),
            ])
            let ids = saved.compactMap(\.id)
            #expect(try await sightings.list() == saved)
            let after = try Self.date("2021-06-15T08:30:00.250Z")
            #expect(
                try await live.matching(.where("seen", .gte(after)), in: "sightings") == [ids[1], ids[2]])
            #expect(try await live.matching(.where("seen", .gt(after)), in: "sightings") == [ids[2]])
            #expect(try await live.matching(.where("seen", .ne(after)), in: "sightings") == [ids[0], ids[2]])
            let sorted = try await sightings.list(sort: [.descending("seen")]).compactMap(\.id)
            #expect(sorted == ids.reversed())
        }
    }

    @Test func datesInsideInAndNot() async throws {
        let born2011 = try Self.date("2011-06-01T12:00:00.000Z")
        let born2014 = try Self.date("2014-06-01T12:00:00.000Z")
        try await withLiveServer { live throws in
            #expect(
                try await live.matching(.where("birthDate", .in([born2011, born2014]))) == live.ids(1, 4))
            #expect(try await live.matching(.where("birthDate", .nin([born2011, born2014]))).count == 8)
            let notBefore2014 = Query.where("birthDate", .not(.lt(born2014)))
            #expect(try await live.matching(notBefore2014) == live.ids(4, 5, 6, 7, 8, 9))
        }
    }

    @Test func notWithRegexAndExistsOnNestedPaths() async throws {
        try await withLiveServer { live throws in
            #expect(try await live.matching(.where("catName", .not(.regex("[0-7]$")))) == live.ids(8, 9))
            _ = try await live.pets.create(
                Pet(name: "Rex", tags: [], vaccines: [], owner: .init(name: "Ann")))
            _ = try await live.pets.create(Pet(name: "Kit", tags: [], vaccines: []))
            let owned = try await live.client().collection("pets", of: Pet.self)
                .list(.where("owner.name", .exists())).map(\.name)
            #expect(owned == ["Rex"])
        }
    }

    @Test func pagingPastTheEndKeepsTheTotal() async throws {
        try await withLiveServer { live throws in
            let page = try await live.cats.page(skip: 8, max: 5)
            #expect(page.data.compactMap(\.id) == live.ids(8, 9))
            #expect(
                [page.totals.total, page.totals.count, page.totals.skip, page.totals.max] as [Int] == [
                    10, 2, 8, 5,
                ])
            let empty = try await live.cats.page(.where("rating", 5), skip: 5)
            #expect(empty.data.isEmpty)
            #expect([empty.totals.total, empty.totals.count, empty.totals.skip] as [Int] == [2, 0, 5])
        }
    }
}
