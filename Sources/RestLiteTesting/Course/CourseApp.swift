import Foundation

/// The course app's model: `_id` optional, named `id` through a coding key; the one copy every
/// test target uses.
public struct Cat: Codable, Equatable, Sendable {
    public var id: String?
    public var catName: String
    public var ownerName: String
    public var breedId: String
    public var birthDate: Date
    public var weightKg: Double
    public var rating: Int
    public var photoUrl: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case catName, ownerName, breedId, birthDate, weightKg, rating, photoUrl
    }

    public init(
        id: String? = nil, catName: String, ownerName: String, breedId: String, birthDate: Date,
        weightKg: Double, rating: Int, photoUrl: String
    ) {
        self.id = id
        self.catName = catName
        self.ownerName = ownerName
        self.breedId = breedId
        self.birthDate = birthDate
        self.weightKg = weightKg
        self.rating = rating
        self.photoUrl = photoUrl
    }

    /// A cat born 2008-11-14T09:53:37.000Z, not yet stored.
    public static let felix = Cat(
        id: nil,
        catName: "Felis catus",
        ownerName: "Ann Lee",
        breedId: "abys",
        birthDate: Date(timeIntervalSince1970: 1_226_656_417),  // 2008-11-14T09:53:37.000Z
        weightKg: 3.45,
        rating: 4,
        photoUrl: "https://placekitten.com/300/200"
    )

    /// ``felix`` as the server sends it back, with an `_id`.
    public static let felixJSON = """
        {"_id":"5dbb1b3e8a1f2c0012345678","catName":"Felis catus","ownerName":"Ann Lee",\
        "breedId":"abys","birthDate":"2008-11-14T09:53:37.000Z","weightKg":3.45,"rating":4,\
        "photoUrl":"https://placekitten.com/300/200"}
        """
}

/// The course app's date handling, as it declares it in DataModelClasses.swift.
public enum CourseApp {
    /// The app's formatter: `2008-11-14T09:53:37.000Z`, UTC, POSIX locale.
    public static var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }

    /// A decoder reading dates with ``formatter``.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        return decoder
    }

    /// An encoder writing dates with ``formatter``.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        return encoder
    }
}
