import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Dates written by the client come back from a live restlite in the one form the course's iOS
/// app can read, and both its formatter and `JSONDecoder.restDB` read them to the millisecond.
@Suite struct LiveDateTests {
    @Test func createdDateRoundTripsToTheMillisecond() async throws {
        try await withLiveServer(seed: 0) { live throws in
            var cat = Cat.felix
            cat.birthDate = try #require(CourseApp.formatter.date(from: "2019-10-21T09:26:40.123Z"))
            let saved = try await live.cats.create(cat)
            let id = try #require(saved.id)
            #expect(saved.birthDate == cat.birthDate)
            #expect(try await live.cats.get(id).birthDate == cat.birthDate)
            let raw = try await live.rawGet("/rest/a3cats/\(id)")
            #expect(String(decoding: raw, as: UTF8.self).contains(#""birthDate":"2019-10-21T09:26:40.123Z""#))
            #expect(try CourseApp.decoder.decode(Cat.self, from: raw).birthDate == cat.birthDate)
            #expect(try JSONDecoder.restDB.decode(Cat.self, from: raw) == saved)
        }
    }

    @Test func seededDatesComeBackInTheCourseForm() async throws {
        try await withLiveServer(seed: 3) { live throws in
            // seedCats stores `2010-06-01T12:00:00Z`; the schema types it a date, so it is normalised.
            let raw = try await live.rawGet("/rest/a3cats")
            let text = String(decoding: raw, as: UTF8.self)
            #expect(text.contains(#""birthDate":"2010-06-01T12:00:00.000Z""#))
            let viaCourse = try CourseApp.decoder.decode([Cat].self, from: raw)
            let viaClient = try await live.cats.list()
            #expect(viaCourse == viaClient)
            #expect(
                viaClient.map { CourseApp.formatter.string(from: $0.birthDate) } == [
                    "2010-06-01T12:00:00.000Z", "2011-06-01T12:00:00.000Z", "2012-06-01T12:00:00.000Z",
                ])
        }
    }

    @Test func datesSetByUpdatesAreStoredInTheCourseForm() async throws {
        try await withLiveServer(seed: 2) { live throws in
            let moment = try #require(CourseApp.formatter.date(from: "2021-02-03T04:05:06.789Z"))
            let viaSet = try await live.cats.update(live.ids[0], .set("birthDate", moment))
            #expect(viaSet.birthDate == moment)
            struct BirthEdit: Encodable { var birthDate: Date }
            let later = try #require(CourseApp.formatter.date(from: "2021-02-03T04:05:06.900Z"))
            let viaMerge = try await live.cats.update(live.ids[1], with: BirthEdit(birthDate: later))
            #expect(viaMerge.birthDate == later)
            let text = String(decoding: try await live.rawGet("/rest/a3cats"), as: UTF8.self)
            #expect(text.contains("2021-02-03T04:05:06.789Z"))
            #expect(text.contains("2021-02-03T04:05:06.900Z"))
            let found = try await live.matching(.where("birthDate", .gt(moment)))
            #expect(found == live.ids(1))
        }
    }
}
