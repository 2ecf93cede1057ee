import Foundation

/// The course app's model: `_id` optional, named `id` through a coding key.
struct Cat: Codable, Equatable, Sendable {
    var id: String?
    var catName: String
    var ownerName: String
    var breedId: String
    var birthDate: Date
    var weightKg: Double
    var rating: Int
    var photoUrl: String

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case catName, ownerName, breedId, birthDate, weightKg, rating, photoUrl
    }

    static let felix = Cat(
        id: nil,
        catName: "Felis catus",
        ownerName: "Ann Lee",
        breedId: "abys",
        birthDate: Date(timeIntervalSince1970: 1_226_656_417),  // 2008-11-14T09:53:37.000Z
        weightKg: 3.45,
        rating: 4,
        photoUrl: "https://placekitten.com/300/200"
    )

    static let felixJSON = """
        {"_id":"5dbb1b3e8a1f2c0012345678","catName":"Felis catus","ownerName":"Ann Lee",\
        "breedId":"abys","birthDate":"2008-11-14T09:53:37.000Z","weightKg":3.45,"rating":4,\
        "photoUrl":"https://placekitten.com/300/200"}
        """
}

/// Parses JSON text into Foundation objects so bodies compare regardless of key order.
func jsonObject(_ text: String?) -> NSObject? {
    guard let text else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject
}
