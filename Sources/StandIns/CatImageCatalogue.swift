import Pictures
import PlatformSupport

/// A category of pictures, as the service lists them.
struct CatCategory: Sendable, Equatable {
    let id: Int
    let name: String

    var json: OrderedJSON { .object([("id", .int(id)), ("name", .string(name))]) }

    /// The service's categories, in the order it lists them (by name).
    static let all: [CatCategory] = [
        CatCategory(id: 5, name: "boxes"), CatCategory(id: 15, name: "clothes"),
        CatCategory(id: 1, name: "hats"), CatCategory(id: 14, name: "sinks"),
        CatCategory(id: 2, name: "space"), CatCategory(id: 4, name: "sunglasses"),
        CatCategory(id: 7, name: "ties"),
    ]
}

/// One picture of the catalogue: drawn on demand from its look and variant.
struct CatImage: Sendable {
    let id: String
    let width: Int
    let height: Int
    let format: ImageFormat
    /// Index into `CatBreed.all`, nil for a picture with no breed.
    let breedIndex: Int?
    let categories: [CatCategory]
    let look: CatAppearance
    let variant: UInt64

    /// The file extension of the picture's URL (`jpg`, `png`, `gif`).
    var fileExtension: String { format == .jpeg ? "jpg" : format.rawValue }
}

/// Every picture the stand-in serves: at least ten per breed (the first one under the breed's
/// reference picture id) and a set with no breed, some of them in categories; `images` is in the
/// service's "approval" order, which ASC and DESC searches follow.
struct CatImageCatalogue: Sendable {
    let images: [CatImage]
    private let indexByID: [String: Int]

    /// The number of pictures with no breed.
    static let untaggedCount = 150

    /// Picture sizes like the service's (width, height).
    static let sizes: [(Int, Int)] = [
        (1200, 800), (1024, 768), (800, 600), (640, 480), (1280, 853), (500, 375), (1080, 1350),
        (750, 1000), (900, 600), (600, 400), (1200, 1200), (1024, 683), (480, 640), (1280, 960),
    ]

    init() {
        var random = SplitMix64(seed: 0x00CA_7CA7_5EED)
        var images: [CatImage] = []
        var used = Set<String>()
        func newID() -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
            while true {
                let id = String((0..<9).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
                if !used.contains(id) { return id }
            }
        }
        func pick() -> (width: Int, height: Int, format: ImageFormat) {
            let size = Self.sizes[Int(random.next() % UInt64(Self.sizes.count))]
            let roll = random.next() % 20
            let format: ImageFormat = roll < 17 ? .jpeg : (roll < 19 ? .png : .gif)
            return (size.0, size.1, format)
        }
        for (index, breed) in CatBreed.all.enumerated() {
            let count = 10 + Int(random.next() % 3)
            for number in 0..<count {
                var shape = pick()
                if number == 0 { shape.format = .jpeg }
                let id = number == 0 ? (breed.referenceImageID ?? newID()) : newID()
                used.insert(id)
                images.append(
                    CatImage(
                        id: id, width: shape.width, height: shape.height, format: shape.format,
                        breedIndex: index, categories: [], look: breed.look, variant: random.next()))
            }
        }
        for number in 0..<Self.untaggedCount {
            let shape = pick()
            let id = newID()
            used.insert(id)
            let categories =
                number % 3 == 0 ? [CatCategory.all[(number / 3) % CatCategory.all.count]] : []
            let seed = random.next()
            images.append(
                CatImage(
                    id: id, width: shape.width, height: shape.height, format: shape.format, breedIndex: nil,
                    categories: categories, look: CatAppearance.variety(seed), variant: random.next()))
        }
        images.shuffle(using: &random)
        self.images = images
        self.indexByID = Dictionary(uniqueKeysWithValues: images.enumerated().map { ($1.id, $0) })
    }

    func image(id: String) -> CatImage? {
        indexByID[id].map { images[$0] }
    }
}
