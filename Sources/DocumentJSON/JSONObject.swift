/// A JSON object whose members keep their order. Setting an existing key replaces its value
/// in place; setting a new key appends it; setting nil removes it.
///
/// ```swift
/// var cat: JSONObject = ["catName": "Felis", "rating": 3]
/// cat["rating"] = 4          // stays second
/// cat["photoUrl"] = "http://dummyimage.com/100x100.png"  // appended
/// ```
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    public private(set) var members: [Member]

    public init() {
        members = []
    }

    /// Later duplicates replace earlier values, at the first one's position.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    package init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSONValue? {
        get {
            index(of: key).map { members[$0].value }
        }
        set {
            if let position = index(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Removes and returns the member `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(of: key) else { return nil }
        return members.remove(at: position).value
    }

    /// Puts `key` first (used for `_id`), replacing any earlier value.
    public mutating func setFirst(_ key: String, _ value: JSONValue) {
        removeValue(forKey: key)
        members.insert(Member(key: key, value: value), at: 0)
    }

    public func index(of key: String) -> Int? {
        members.firstIndex { $0.key == key }
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
