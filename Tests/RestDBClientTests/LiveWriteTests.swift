import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Creates, updates and deletes through the client against a live restlite, each checked by
/// reading the stored documents back.
@Suite struct LiveWriteTests {
    /// The course's cat with every field but `_id` optional, to see fields disappear.
    private struct LooseCat: Codable {
        var id: String?
        var catName: String?
        var ownerName: String?
        var rating: Int?
        var photoUrl: String?
        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case catName, ownerName, rating, photoUrl
        }
    }

    private func isObjectID(_ id: String?) -> Bool {
        guard let id else { return false }
        return id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    @Test func createStoresOneCatAndReturnsItWithAnID() async throws {
        try await withLiveServer(seed: 0) { live throws in
            let saved = try await live.cats.create(.felix)
            #expect(isObjectID(saved.id))
            var expected = Cat.felix
            expected.id = saved.id
            #expect(saved == expected)
            #expect(try await live.cats.get(try #require(saved.id)) == expected)
        }
    }

    @Test func createManyStoresAllInOrder() async throws {
        try await withLiveServer(seed: 0) { live throws in
            var tom = Cat.felix
            tom.catName = "Tom"
            tom.rating = 2
            let saved = try await live.cats.create(contentsOf: [.felix, tom])
            #expect(saved.map(\.catName) == ["Felis catus", "Tom"])
            #expect(saved.allSatisfy { isObjectID($0.id) })
            let listed = try await live.cats.list()
            #expect(listed.map(\.id) == saved.map(\.id))
            #expect(listed.map(\.rating) == [4, 2])
        }
    }

    @Test func updateWithAPartialValueMergesItsFields() async throws {
        struct CatEdit: Encodable {
            var ownerName: String
            var rating: Int
        }
        try await withLiveServer { live throws in
            let id = live.ids[1]
            let updated = try await live.cats.update(id, with: CatEdit(ownerName: "Ann Lee", rating: 5))
            #expect(updated.id == id)
            #expect(updated.ownerName == "Ann Lee")
            #expect(updated.rating == 5)
            #expect(updated.catName == "Felis catus 1")
            #expect(updated.weightKg == 3.51)
            #expect(try await live.cats.get(id) == updated)
        }
    }

    @Test func updateWithTheWholeModelReplacesItsValues() async throws {
        try await withLiveServer { live throws in
            var cat = try await live.cats.get(live.ids[0])
            cat.weightKg = 5.25
            cat.birthDate = Date(timeIntervalSince1970: 1_500_000_000.5)
            let updated = try await live.cats.update(try #require(cat.id), with: cat)
            #expect(updated == cat)
        }
    }

    @Test func updateOperatorsIncrementSetAndUnset() async throws {
        try await withLiveServer { live throws in
            let id = live.ids[2]  // rating 3
            let up = try await live.cats.update(id, .increment("rating"), .set("ownerName", "Bo"))
            #expect(up.rating == 4)
            #expect(up.ownerName == "Bo")
            let down = try await live.cats.update(id, .increment("rating", by: -3))
            #expect(down.rating == 1)
            let loose = live.client().collection("a3cats", of: LooseCat.self)
            let unset = try await loose.update(id, .unset("photoUrl"))
            #expect(unset.photoUrl == nil)
            #expect(unset.catName == "Felis catus 2")
            let stored = try await loose.get(id)
            #expect(stored.photoUrl == nil && stored.rating == 1 && stored.ownerName == "Bo")
        }
    }

    @Test func updateOperatorsPushAndPullArrayElements() async throws {
        try await withLiveServer(seed: 0) { live throws in
            let rex = try await live.pets.create(Pet(name: "Rex", tags: ["old"], vaccines: []))
            let id = try #require(rex.id)
            let pushed = try await live.pets.update(
                id, .push("tags", "sleepy"), .push("vaccines", Pet.Vaccine(name: "rabies", year: 2020)))
            #expect(pushed.tags == ["old", "sleepy"])
            #expect(pushed.vaccines == [Pet.Vaccine(name: "rabies", year: 2020)])
            let pulled = try await live.pets.update(id, .pull("tags", "old"))
            #expect(pulled.tags == ["sleepy"])
            #expect(try await live.pets.get(id).tags == ["sleepy"])
        }
    }

    @Test func deleteOneRemovesItAndReturnsItsID() async throws {
        try await withLiveServer { live throws in
            let deleted = try await live.cats.delete(live.ids[3])
            #expect(deleted == [live.ids[3]])
            let remaining = try await live.cats.list().compactMap(\.id)
            #expect(remaining == live.ids.filter { $0 != live.ids[3] })
            await #expect(throws: RestDBError.self) { try await live.cats.get(live.ids[3]) }
        }
    }

    @Test func deleteManyByIDsRemovesExactlyThose() async throws {
        try await withLiveServer { live throws in
            let deleted = try await live.cats.delete(ids: live.ids(1, 4, 8))
            #expect(Set(deleted) == Set(live.ids(1, 4, 8)))
            let remaining = try await live.cats.list().compactMap(\.id)
            #expect(remaining == live.ids(0, 2, 3, 5, 6, 7, 9))
            #expect(try await live.cats.delete(ids: []) == [])
        }
    }

    @Test func deleteMatchingRemovesWhatTheQueryMatches() async throws {
        try await withLiveServer { live throws in
            let deleted = try await live.cats.delete(matching: .where("rating", .lt(2)))
            #expect(Set(deleted) == Set(live.ids(0, 5)))
            let remaining = try await live.cats.list().compactMap(\.id)
            #expect(remaining == live.ids(1, 2, 3, 4, 6, 7, 8, 9))
        }
    }

    @Test func deleteMatchingEverythingIsRefusedBeforeSending() async throws {
        try await withLiveServer { live throws in
            await #expect(throws: RestDBError.self) { try await live.cats.delete(matching: .all) }
            #expect(try await live.cats.list().count == 10)
        }
    }
}
