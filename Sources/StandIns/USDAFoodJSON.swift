import Foundation

/// Each food's JSON in the shapes the USDA stand-in answers with, written once per process the
/// first time a food is answered and kept as text: an answer is then put together from these
/// pieces instead of writing every food and its nutrients again per request.
///
/// The pieces are the writers' own output (`USDAStandIn.currentSearchMembers`,
/// `earlySearchMembers`, `ndbMembers`, `foodJSON`, `abridgedJSON`), split where a value of the
/// request goes (a hit's `score`, an NDB item's `offset`), so answers stay byte-identical to
/// writing each food whole.
final class USDAFoodJSON: @unchecked Sendable {
    /// One food's search shapes.
    struct Pieces {
        /// A current search hit up to its score: `{"fdcId":…,"allHighlightFields":"","score":`.
        let searchHead: String
        /// The rest of that hit after the score: `,"foodNutrients":[…]}`.
        let searchTail: String
        /// An early (2020) search hit up to its score, which ends it: `{"fdcId":…,"score":`.
        let earlyHead: String
        /// An NDB search item after its offset: `,"group":…,"manu":…}`.
        let ndbTail: String
    }

    static let shared = USDAFoodJSON(catalogue: .shared)

    let catalogue: USDAFoodCatalogue
    /// Guards the three tables, each filled one food at a time.
    private let lock = NSLock()
    private var pieces: [Pieces?]
    private var fullTexts: [String?]
    private var abridgedTexts: [String?]
    private var written = 0

    /// How many foods' shapes have been written (the search pieces of a food count once, each
    /// detail format once).
    var writtenCount: Int { lock.withLock { written } }

    init(catalogue: USDAFoodCatalogue) {
        self.catalogue = catalogue
        pieces = Array(repeating: nil, count: catalogue.foods.count)
        fullTexts = Array(repeating: nil, count: catalogue.foods.count)
        abridgedTexts = Array(repeating: nil, count: catalogue.foods.count)
    }

    /// A current search hit (`/fdc/v1/foods/search`) of the food at `position`.
    func searchHit(_ position: Int, score: Double) -> String {
        let food = pieces(position)
        return food.searchHead + Self.number(score) + food.searchTail
    }

    /// An early search hit (`POST /fdc/v1/search`) of the food at `position`.
    func earlyHit(_ position: Int, score: Double) -> String {
        pieces(position).earlyHead + Self.number(score) + "}"
    }

    /// An NDB search item of the food at `position`.
    func ndbItem(_ position: Int, offset: Int) -> String {
        "{\"offset\":" + String(offset) + pieces(position).ndbTail
    }

    /// The food at `position` in FoodData Central's full format, every nutrient kept.
    func full(_ position: Int) -> String {
        text(position, in: \.fullTexts) { USDAStandIn.foodJSON($0).text }
    }

    /// The food at `position` in the abridged format, every nutrient kept.
    func abridged(_ position: Int) -> String {
        text(position, in: \.abridgedTexts) {
            USDAStandIn.abridgedJSON($0, USDAStandIn.FoodDetailOptions(abridged: true)).text
        }
    }

    /// A `double` as `OrderedJSON` writes it.
    static func number(_ value: Double) -> String { value.isFinite ? String(value) : "null" }

    private func pieces(_ position: Int) -> Pieces {
        if let done = lock.withLock({ pieces[position] }) { return done }
        let new = Self.write(catalogue.foods[position])
        lock.withLock {
            if pieces[position] == nil { written += 1 }
            pieces[position] = new
        }
        return new
    }

    private func text(
        _ position: Int, in table: ReferenceWritableKeyPath<USDAFoodJSON, [String?]>,
        write: (USDAFood) -> String
    ) -> String {
        if let done = lock.withLock({ self[keyPath: table][position] }) { return done }
        let new = write(catalogue.foods[position])
        lock.withLock {
            if self[keyPath: table][position] == nil { written += 1 }
            self[keyPath: table][position] = new
        }
        return new
    }

    static func write(_ food: USDAFood) -> Pieces {
        let search = USDAStandIn.currentSearchMembers(food)
        var searchHead = "{"
        OrderedJSON.write(members: search.head + [("score", .null)], into: &searchHead)
        searchHead.removeLast("null".utf8.count)
        var searchTail = ","
        OrderedJSON.write(members: search.tail, into: &searchTail)
        searchTail.append("}")
        var earlyHead = "{"
        OrderedJSON.write(
            members: USDAStandIn.earlySearchMembers(food) + [("score", .null)], into: &earlyHead)
        earlyHead.removeLast("null".utf8.count)
        var ndbTail = ","
        OrderedJSON.write(members: USDAStandIn.ndbMembers(food), into: &ndbTail)
        ndbTail.append("}")
        return Pieces(searchHead: searchHead, searchTail: searchTail, earlyHead: earlyHead, ndbTail: ndbTail)
    }
}
