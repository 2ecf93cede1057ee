/// One nutrient the stand-in reports for every food.
struct USDANutrient: Sendable {
    /// FoodData Central nutrient id (`1008`).
    let id: Int
    /// Standard Reference nutrient number (`"208"`).
    let number: String
    let name: String
    /// `g`, `mg` or `kcal`; search results write it in capitals.
    let unit: String
    let rank: Int
    /// The key of the label panel (`labelNutrients`), nil when the label has none.
    let label: String?
}

/// One food of the catalogue: a Standard Reference food (generic) or a branded product.
struct USDAFood: Sendable {
    let fdcId: Int
    /// 5 digits for Standard Reference (`"09003"`), 8 for branded (`"45…"`).
    let ndbno: String
    /// The NDB name: `Apples, raw, with skin`, or `NATURAL PEANUT BUTTER, UPC: 012345678905`.
    let name: String
    /// The FoodData Central description: the name without its UPC.
    let description: String
    let branded: Bool
    /// Standard Reference food group, or `Branded Food Products Database`.
    let group: String
    let groupCode: String
    /// The branded food category, or the group for generic foods.
    let category: String
    let manufacturer: String?
    let brandName: String?
    let gtinUpc: String?
    let ingredients: String?
    let servingSize: Double
    let servingUnit: String
    let householdServing: String
    /// Amounts per 100 g, in `USDAFoodTables.nutrients` order.
    let nutrients: [Double]
    /// `YYYY-MM-DD`.
    let publishedDate: String
    /// Search words of the description (lower case, singular).
    let words: [String]

    var dataType: String { branded ? "Branded" : "SR Legacy" }
}

/// The generated food catalogue: several thousand foods, the same on every run, with a word
/// index for search. Built once per process, on first use.
struct USDAFoodCatalogue: Sendable {
    let foods: [USDAFood]
    let byFdcId: [Int: Int]
    /// Word → positions of the foods whose description has it, ascending.
    let postings: [String: [Int32]]
    /// Every indexed word, sorted, for prefix (`word*`) queries.
    let vocabulary: [String]
    /// Each food's description and NDB name in lower case, by position, for sorting by them.
    let lowercaseDescriptions: [String]
    let lowercaseNames: [String]

    static let shared = USDAFoodCatalogue()

    static let brandedGroup = "Branded Food Products Database"

    init() {
        var foods: [USDAFood] = []
        Self.addGeneric(into: &foods)
        Self.addBranded(into: &foods)
        self.foods = foods
        byFdcId = Dictionary(uniqueKeysWithValues: foods.enumerated().map { ($1.fdcId, $0) })
        var postings: [String: [Int32]] = [:]
        for (position, food) in foods.enumerated() {
            for word in Set(food.words) { postings[word, default: []].append(Int32(position)) }
        }
        self.postings = postings
        vocabulary = postings.keys.sorted()
        lowercaseDescriptions = foods.map { $0.description.lowercased() }
        lowercaseNames = foods.map { $0.name.lowercased() }
    }

    // MARK: Generic foods

    private static func addGeneric(into foods: inout [USDAFood]) {
        var sequence: [String: Int] = [:]
        for line in USDAFoodTables.generic.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let profile = USDAFoodTables.profiles[fields[2]] else {
                preconditionFailure("food row: \(line)")
            }
            let (code, group, base) = (fields[0].trimmingSpaces, fields[1], fields[3].trimmingSpaces)
            for form in fields[4].split(separator: ";", omittingEmptySubsequences: false) {
                let form = form.trimmingSpaces
                let name = form.isEmpty ? base : base + ", " + form
                let number = sequence[code, default: 0] + 1
                sequence[code] = number
                let seed = fnv(name)
                let serving = servingOfGeneric(kind: fields[2])
                foods.append(
                    USDAFood(
                        fdcId: 167_500 + foods.count * 3 + Int(seed % 3),
                        ndbno: code + pad(number * 7 % 1000, 3),
                        name: name, description: name, branded: false, group: group, groupCode: code,
                        category: group, manufacturer: nil, brandName: nil, gtinUpc: nil, ingredients: nil,
                        servingSize: serving.size, servingUnit: "g", householdServing: serving.text,
                        nutrients: adjusted(profile, name: name, seed: seed), publishedDate: "2019-04-01",
                        words: searchWords(name)))
            }
        }
    }

    /// A typical portion of a generic food.
    private static func servingOfGeneric(kind: String) -> (size: Double, text: String) {
        switch kind {
        case "nutbutter": (32, "2 tbsp")
        case "cheese": (28, "1 oz")
        case "fruit": (182, "1 medium")
        case "juice", "milk", "soda", "drink": (248, "1 cup")
        case "butter", "oil", "dressing": (14, "1 tbsp")
        case "bread": (28, "1 slice")
        case "nuts": (28, "1 oz")
        case "spice", "salt": (2.3, "1 tsp")
        default: (100, "100 g")
        }
    }

    /// The profile's amounts varied a little by name (±12 %), and by the words of the name:
    /// salt-free foods lose their sodium, reduced-fat ones a third of their fat.
    private static func adjusted(_ profile: [Double], name: String, seed: UInt64) -> [Double] {
        let lower = name.lowercased()
        var random = seed
        var values = profile.map { value -> Double in
            random = mix(random)
            let factor = 0.88 + Double(random % 2401) / 10_000
            return value * factor
        }
        if lower.contains("without salt") || lower.contains("unsalted") || lower.contains("no salt") {
            values[9] = min(values[9], 18)
        } else if lower.contains("with salt") || lower.contains("salted") {
            values[9] = max(values[9], 400)
        }
        if lower.contains("reduced fat") || lower.contains("low fat") || lower.contains("lowfat")
            || lower.contains("light")
        {
            values[2] *= 0.66
            values[12] *= 0.66
            values[0] -= profile[2] * 0.34 * 9
        }
        if lower.contains("nonfat") || lower.contains("fat free") {
            values[0] -= values[2] * 9
            values[2] = 0.2
            values[12] = 0.1
        }
        if lower.contains("unsweetened") || lower.contains("no sugar") { values[5] *= 0.6 }
        // Energy follows the macronutrients it was adjusted with (4-9-4 kcal per gram, rounded).
        values[0] = max(values[0], 0)
        return values.map { ($0 * 100).rounded() / 100 }
    }

    // MARK: Branded foods

    private static func addBranded(into foods: inout [USDAFood]) {
        let makers = USDAFoodTables.manufacturers
        var serial = 0
        for (row, line) in USDAFoodTables.branded.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let profile = USDAFoodTables.profiles[fields[0].trimmingSpaces],
                let serving = Double(fields[2])
            else { preconditionFailure("branded row: \(line)") }
            let words = fields[5]
            let modifiers = fields[6].split(separator: ",").map(String.init)
            var random = mix(fnv(words) ^ UInt64(row))
            // Every maker sells a few versions: one per modifier pair the generator picks.
            let count = 20 + Int(random % 18)
            var seen = Set<String>()
            for _ in 0..<count {
                random = mix(random)
                let maker = Int(random % UInt64(makers.count))
                random = mix(random)
                let first = modifiers[Int(random % UInt64(modifiers.count))]
                random = mix(random)
                let second = random % 3 == 0 ? modifiers[Int((random >> 8) % UInt64(modifiers.count))] : nil
                var title = first
                if let second, second != first { title = second + " " + first }
                let description = title + " " + words
                let key = description + "#" + String(maker)
                guard seen.insert(key).inserted else { continue }
                serial += 1
                let upc = upcCode(serial: serial, maker: maker)
                let name = description + ", UPC: " + upc
                let ingredients = brandedIngredients(fields[7], title: title)
                foods.append(
                    USDAFood(
                        fdcId: 340_000 + serial * 11 + Int(random % 7),
                        ndbno: "45" + pad(serial * 37 % 1_000_000, 6),
                        name: name, description: description, branded: true, group: brandedGroup,
                        groupCode: "45", category: fields[1], manufacturer: makers[maker],
                        brandName: USDAFoodTables.brandWords[maker], gtinUpc: upc, ingredients: ingredients,
                        servingSize: serving, servingUnit: fields[3], householdServing: fields[4],
                        nutrients: adjusted(profile, name: description, seed: random),
                        publishedDate: publishedDate(random), words: searchWords(description)))
            }
        }
    }

    /// The template's ingredients, with the modifier's own ingredient first when it names one.
    private static func brandedIngredients(_ base: String, title: String) -> String {
        let flavours = [
            "HONEY", "CINNAMON", "STRAWBERRY", "BLUEBERRY", "VANILLA", "CHOCOLATE", "GARLIC", "JALAPENO",
            "MAPLE", "PEACH", "LEMON", "LIME", "ALMOND", "CARAMEL", "SEA SALT",
        ]
        guard let flavour = flavours.first(where: { title.contains($0) }) else { return base }
        return base.contains(flavour) ? base : base + ", " + flavour
    }

    /// A 12-digit UPC-A with its check digit: a made-up maker prefix and item number.
    static func upcCode(serial: Int, maker: Int) -> String {
        let digits = "0" + pad(710 + maker * 13, 5) + pad(serial * 7919 % 100_000, 5)
        let values = digits.compactMap { $0.wholeNumberValue }
        var sum = 0
        for (index, value) in values.enumerated() { sum += index % 2 == 0 ? value * 3 : value }
        return digits + String((10 - sum % 10) % 10)
    }

    private static func publishedDate(_ random: UInt64) -> String {
        let year = 2017 + Int(random % 4)
        let month = 1 + Int((random >> 8) % 12)
        let day = 1 + Int((random >> 16) % 28)
        return "\(year)-\(pad(month, 2))-\(pad(day, 2))"
    }

    // MARK: Words

    /// Lower-case words of letters and digits (`2%` and `70-85%` keep their digits), each made
    /// singular, for the index and for queries alike.
    static func searchWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(singular(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(singular(current)) }
        return words
    }

    /// A plain English plural made singular: berries → berry, peaches → peach, apples → apple.
    static func singular(_ word: String) -> String {
        guard word.count > 3, word.last == "s" else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for ending in ["ches", "shes", "sses", "xes", "oes"] where word.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        return String(word.dropLast())
    }

    static func fnv(_ text: String) -> UInt64 { TheCatAPIStandIn.fnv1a(text) }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
