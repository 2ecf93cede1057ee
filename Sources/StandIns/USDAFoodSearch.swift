/// A food search over the catalogue's word index, ranked as a search engine ranks: foods that
/// have every term first, then foods with more of the terms, then shorter descriptions.
///
/// The query syntax is FoodData Central's: words (any case, plural or singular), `"a phrase"`
/// (the words next to each other), `+word` (required), `-word` (excluded) and `word*` (any word
/// starting so). Without `requireAllWords`, a food needs one term to be found.
struct USDAFoodSearch {
    struct Term {
        /// One word, or the words of a phrase.
        var words: [String]
        var prefix = false
        var required = false
        var excluded = false
    }

    struct Hit {
        let position: Int
        /// How many of the query's terms the food has.
        let matched: Int
    }

    let catalogue: USDAFoodCatalogue

    /// The terms of a query.
    static func parse(_ query: String) -> [Term] {
        var terms: [Term] = []
        var rest = Substring(query)
        while let first = rest.first {
            if first == " " || first == "\t" || first == "," {
                rest = rest.dropFirst()
                continue
            }
            var required = false
            var excluded = false
            if first == "+" || first == "-" {
                required = first == "+"
                excluded = first == "-"
                rest = rest.dropFirst()
            }
            if rest.first == "\"" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                let words = USDAFoodCatalogue.searchWords(String(rest[..<end]))
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
                if !words.isEmpty { terms.append(Term(words: words, required: required, excluded: excluded)) }
                continue
            }
            let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "," }) ?? rest.endIndex
            let token = rest[..<end]
            rest = rest[end...]
            let prefix = token.hasSuffix("*")
            let lowered = token.lowercased()
            var words = USDAFoodCatalogue.searchWords(String(token))
            if prefix, let last = USDAFoodCatalogue.searchWords(String(lowered.dropLast())).last {
                // A prefix keeps its spelling: `appl*` must not be made singular.
                words = [String(lowered.dropLast()).filter { $0.isLetter || $0.isNumber }]
                if words[0].isEmpty { words = [last] }
            }
            for (index, word) in words.enumerated() {
                terms.append(
                    Term(
                        words: [word], prefix: prefix && index == words.count - 1, required: required,
                        excluded: excluded))
            }
        }
        return terms
    }

    /// Positions of the foods a term matches, ascending.
    func positions(of term: Term) -> [Int32] {
        if term.prefix, let stem = term.words.first {
            var merged = Set<Int32>()
            var index = lowerBound(stem)
            while index < catalogue.vocabulary.count, catalogue.vocabulary[index].hasPrefix(stem) {
                merged.formUnion(catalogue.postings[catalogue.vocabulary[index]] ?? [])
                index += 1
            }
            return merged.sorted()
        }
        guard var result = catalogue.postings[term.words[0]] else { return [] }
        for word in term.words.dropFirst() {
            let other = Set(catalogue.postings[word] ?? [])
            result = result.filter { other.contains($0) }
        }
        if term.words.count > 1 {
            result = result.filter { Self.containsPhrase(catalogue.foods[Int($0)].words, term.words) }
        }
        return result
    }

    static func containsPhrase(_ words: [String], _ phrase: [String]) -> Bool {
        guard words.count >= phrase.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
            if Array(words[start..<(start + phrase.count)]) == phrase { return true }
        }
        return false
    }

    private func lowerBound(_ stem: String) -> Int {
        var (low, high) = (0, catalogue.vocabulary.count)
        while low < high {
            let middle = (low + high) / 2
            if catalogue.vocabulary[middle] < stem { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Ranked hits of `query` among the foods `accepts` lets through. An empty query finds
    /// every food, in catalogue order.
    func search(_ query: String, requireAll: Bool, accepts: (USDAFood) -> Bool) -> [Hit] {
        let terms = Self.parse(query)
        let scoring = terms.filter { !$0.excluded }
        if scoring.isEmpty {
            let excluded = Set(terms.flatMap { positions(of: $0) })
            return catalogue.foods.indices.compactMap { position in
                excluded.contains(Int32(position)) || !accepts(catalogue.foods[position])
                    ? nil : Hit(position: position, matched: 0)
            }
        }
        var matched: [Int32: (count: Int, required: Int)] = [:]
        let requiredCount = scoring.filter(\.required).count
        for term in scoring {
            for position in positions(of: term) {
                var entry = matched[position] ?? (0, 0)
                entry.count += 1
                if term.required { entry.required += 1 }
                matched[position] = entry
            }
        }
        for term in terms where term.excluded {
            for position in positions(of: term) { matched[position] = nil }
        }
        var hits: [Hit] = []
        hits.reserveCapacity(matched.count)
        for (position, entry) in matched {
            guard entry.required == requiredCount, !requireAll || entry.count == scoring.count,
                accepts(catalogue.foods[Int(position)])
            else { continue }
            hits.append(Hit(position: Int(position), matched: entry.count))
        }
        let foods = catalogue.foods
        hits.sort { a, b in
            if a.matched != b.matched { return a.matched > b.matched }
            let (la, lb) = (
                foods[a.position].description.utf8.count, foods[b.position].description.utf8.count
            )
            if la != lb { return la < lb }
            return a.position < b.position
        }
        return hits
    }

    /// A relevance score in the style of FoodData Central's (larger is better).
    static func score(_ hit: Hit, of food: USDAFood, terms: Int) -> Double {
        let coverage = terms == 0 ? 1 : Double(hit.matched) / Double(terms)
        let brevity = 1 / Double(max(food.words.count, 1))
        return ((coverage * 800 + brevity * 200) * 100).rounded() / 100
    }
}
