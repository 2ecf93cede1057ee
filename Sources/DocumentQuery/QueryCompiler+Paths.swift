/// Paths through arrays, as MongoDB reads them. A path's *candidates* are the values it
/// reaches from the document, one segment at a time; from a value `v` a segment `s` leads to
/// - `v.s` when `v` is an object with the key `s`;
/// - `v[s]` when `v` is an array and `s` is a position (`0`, `1`, ...; `PathStep.arrayIndex`);
/// - `e.s` for every element `e` of the array `v` that is an object with the key `s`.
/// The document itself is an object, so the first segment is always a key.
///
/// In SQL each way through is one arm of an OR. The first arm is the plain path
/// (`json_extract(body, '$."a"."b"')`, every step a key), word for word what a one-segment
/// path compiled to before and what a declared index holds. The others read an array with
/// `json_each` or a position with `[n]`. A path of n segments has up to 3^(n-1) ways, so a
/// query path may have at most `maxArms` (`QueryParser` refuses longer ones).
extension QueryCompiler {
    /// The most ways through arrays one query path may have.
    static let maxArms = 256

    /// The number of OR arms `candidateArms` writes for `segments`.
    static func armCount(_ segments: [String]) -> Int {
        var count = 1
        for segment in segments.dropFirst() {
            count *= PathStep.arrayIndex(segment) == nil ? 2 : 3
            if count > maxArms { return count }
        }
        return count
    }

    /// The arms that together say "some candidate of `path` satisfies `test`"; `test` gives
    /// the tests (ORed) of one candidate.
    func candidateArms(_ path: FieldPath, _ test: (ValueReference) -> [SQLFragment]) -> [SQLFragment] {
        let plain = systemColumns ? dialect.reference(to: .field(body: body, path: path)).value : nil
        return arms(base: body, steps: [], rest: path.segments[...], plain: plain, test)
    }

    /// The fragments joined by OR (false when there are none).
    func any(_ parts: [SQLFragment]) -> SQLFragment {
        if parts.isEmpty { return SQLFragment(dialect.literal(false)) }
        return parts.count == 1 ? parts[0] : group(parts, " OR ")
    }

    /// `plain` is the plain path's value in the document, NULL whenever the way goes through
    /// an array: saying so lets a declared index on the path answer every arm (an index
    /// search for NULL) so SQLite can still use it for the whole OR.
    private func arms(
        base: String, steps: [PathStep], rest: ArraySlice<String>, plain: String?,
        _ test: (ValueReference) -> [SQLFragment]
    ) -> [SQLFragment] {
        guard let segment = rest.first else {
            return test(dialect.reference(to: .steps(body: base, steps: steps)))
        }
        let next = rest.dropFirst()
        var result = arms(base: base, steps: steps + [.key(segment)], rest: next, plain: plain, test)
        // The document (or an `$elemMatch` element) is an object: its own keys only.
        guard !steps.isEmpty else { return result }
        let guardText = plain.map { "\($0) IS NULL AND " } ?? ""
        if let index = PathStep.arrayIndex(segment) {
            let inner = any(arms(base: base, steps: steps + [.index(index)], rest: next, plain: nil, test))
            result.append(SQLFragment("(\(guardText)") + inner + SQLFragment(")"))
        }
        let array = reference(base, steps)
        let alias = newAlias()
        let element = dialect.reference(to: .element(alias: alias))
        let inner =
            SQLFragment("\(dialect.typeTest(element.type, .object)) AND ")
            + any(arms(base: element.value, steps: [.key(segment)], rest: next, plain: nil, test))
        result.append(
            SQLFragment("(\(guardText)\(dialect.isArray(array, indexable: false)) AND ")
                + dialect.anyElement(of: array, alias: alias, where: inner) + SQLFragment(")"))
        return result
    }

    /// The value `steps` reach; all keys is a field (the words an index on it holds).
    private func reference(_ base: String, _ steps: [PathStep]) -> ValueReference {
        var keys: [String] = []
        for step in steps {
            guard case .key(let key) = step else {
                return dialect.reference(to: .steps(body: base, steps: steps))
            }
            keys.append(key)
        }
        return dialect.reference(to: .field(body: base, path: FieldPath(validatedSegments: keys)))
    }
}
