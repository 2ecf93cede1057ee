/// An ordered list of header fields. Names compare case-insensitively and keep the case they
/// were given, so a response can be written back exactly as a handler spelled it.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, Equatable {
    private var fields: [(name: String, value: String)] = []

    /// An empty header list.
    public init() {}

    /// Headers from `(name, value)` pairs, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (any case); setting replaces every field of that name, and
    /// setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.equalIgnoringCase($0.name, name) }?.value }
        set {
            if let newValue { set(name, newValue) } else { remove(name) }
        }
    }

    /// Every value for `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.equalIgnoringCase($0.name, name) }.map(\.value)
    }

    /// How many fields are called `name` (any case).
    public func count(of name: String) -> Int {
        var count = 0
        for field in fields where Self.equalIgnoringCase(field.name, name) { count += 1 }
        return count
    }

    /// Whether a field called `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalIgnoringCase($0.name, name) }
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    /// Removes every field called `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalIgnoringCase($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison without allocating (header names are ASCII tokens).
    static func equalIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return left.elementsEqual(right) { ($0 | 0x20) == ($1 | 0x20) && isSameLetterClass($0, $1) }
    }

    /// `| 0x20` folds case for letters only; this rejects pairs like "@" and "`".
    private static func isSameLetterClass(_ lhs: UInt8, _ rhs: UInt8) -> Bool {
        lhs == rhs || (isLetter(lhs) && isLetter(rhs))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

extension HTTPHeaders {
    /// Comma-separated tokens of every `name` field, trimmed and lowercased
    /// (for `Connection`, `Transfer-Encoding`).
    func tokens(for name: String) -> [String] {
        values(for: name).flatMap { $0.split(separator: ",") }.map {
            $0.trimmingASCIIWhitespace().lowercased()
        }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional white space).
    public func trimmingASCIIWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
