import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Reads through the client against a live restlite: what the server returns for each list
/// option, paging totals, one document, collections and schema.
@Suite struct LiveReadTests {
    /// A projection model: only what `$fields` keeps must be present.
    private struct CatFields: Codable {
        var id: String?
        var catName: String
        var rating: Int?
        var photoUrl: String?
        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case catName, rating, photoUrl
        }
    }

    @Test func listReturnsEveryCatInCreationOrderAsTheCourseModel() async throws {
        try await withLiveServer { live throws in
            let cats = try await live.cats.list()
            #expect(cats.compactMap(\.id) == live.ids)
            #expect(cats[2].catName == "Felis catus 2")
            #expect(cats[2].ownerName == "Owner O'Neil 2")
            #expect(cats[2].breedId == "sibe")
            #expect(cats[2].weightKg == 4.52)
            #expect(cats[2].rating == 3)
            #expect(cats[2].birthDate == restDBDate("2012-06-01T12:00:00.000Z"))
        }
    }

    @Test func listSortsBySeveralKeysSentInTheHints() async throws {
        try await withLiveServer { live throws in
            let sorted = try await live.cats.list(sort: [.descending("rating"), .ascending("catName")])
            #expect(sorted.compactMap(\.id) == live.ids(4, 9, 3, 8, 2, 7, 1, 6, 0, 5))
            let heaviest = try await live.cats.list(sort: [.descending("weightKg")], max: 3)
            #expect(heaviest.map(\.weightKg) == [4.58, 4.55, 4.52])
        }
    }

    @Test func listSkipsAndLimitsAfterSortingAndQuerying() async throws {
        try await withLiveServer { live throws in
            let page = try await live.cats.list(
                sort: [.descending("rating"), .ascending("catName")], skip: 2, max: 3)
            #expect(page.compactMap(\.id) == live.ids(3, 8, 2))
            let abys = try await live.cats.list(.where("breedId", "abys"), skip: 1, max: 2)
            #expect(abys.compactMap(\.id) == live.ids(3, 6))
            let beyond = try await live.cats.list(skip: 10)
            #expect(beyond.isEmpty)
        }
    }

    @Test func listIncludesOrExcludesFields() async throws {
        try await withLiveServer { live throws in
            let collection = live.client().collection("a3cats", of: CatFields.self)
            let names = try await collection.list(max: 2, fields: .include(["catName"]))
            #expect(names.map(\.catName) == ["Felis catus 0", "Felis catus 1"])
            #expect(names.compactMap(\.id) == live.ids(0, 1))
            #expect(names.allSatisfy { $0.rating == nil && $0.photoUrl == nil })
            let withoutPhoto = try await collection.list(fields: .exclude(["photoUrl"]))
            #expect(withoutPhoto.count == 10)
            #expect(withoutPhoto.allSatisfy { $0.photoUrl == nil && $0.rating != nil })
        }
    }

    @Test func listFiltersFreeTextCaseInsensitively() async throws {
        try await withLiveServer { live throws in
            let found = try await live.cats.list(filter: "OWNER o'neil 7")
            #expect(found.compactMap(\.id) == live.ids(7))
            let none = try await live.cats.list(filter: "no such text")
            #expect(none.isEmpty)
        }
    }

    @Test func pageTotalsReflectQuerySkipAndMax() async throws {
        try await withLiveServer { live throws in
            let page = try await live.cats.page(
                .where("breedId", "abys"), sort: [.descending("rating")], skip: 1, max: 2)
            // abys cats are 0, 3, 6, 9 with ratings 1, 4, 2, 5: by rating, 9 3 6 0.
            #expect(page.data.compactMap(\.id) == live.ids(3, 6))
            #expect(counts(page.totals) == [4, 2, 1, 2])
        }
    }

    @Test func pageWithoutPagingReportsTheServerDefaults() async throws {
        try await withLiveServer { live throws in
            let page = try await live.cats.page(filter: "felis")
            #expect(page.data.count == 10)
            #expect(counts(page.totals) == [10, 10, 0, 1000])
        }
    }

    /// total, count, skip, max.
    private func counts(_ totals: Totals) -> [Int] {
        [totals.total, totals.count, totals.skip, totals.max]
    }

    @Test func getReturnsOneDocument() async throws {
        try await withLiveServer { live throws in
            let cat = try await live.cats.get(live.ids[4])
            #expect(cat.id == live.ids[4])
            #expect(cat.catName == "Felis catus 4")
            #expect(cat.rating == 5)
        }
    }

    @Test func collectionsListsWhatExists() async throws {
        try await withLiveServer { live throws in
            _ = try await live.pets.create(Pet(name: "Rex", tags: [], vaccines: []))
            let names = try await live.client().collections()
            #expect(Set(names) == ["a3cats", "pets"])
        }
    }

    @Test func schemaDescribesTheSeededFields() async throws {
        try await withLiveServer { live throws in
            let schema = try await live.cats.schema()
            #expect(schema.name == "a3cats")
            let types = Dictionary(uniqueKeysWithValues: schema.fields.map { ($0.name, $0.type) })
            #expect(types["birthDate"] == "date")
            #expect(types["weightKg"] == "float_number")
            #expect(types["rating"] == "number")
            #expect(types["catName"] == "text")
            #expect(schema.fields.allSatisfy { !$0.required && !$0.unique })
        }
    }
}
