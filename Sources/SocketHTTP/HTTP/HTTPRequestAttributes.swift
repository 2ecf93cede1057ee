/// Values a middleware attaches to a request for what runs after it, at most one per type:
/// the caller's identity a key check resolved, say. SocketHTTP keeps them and reads none; they
/// never come from the wire.
///
/// ```swift
/// var request = request
/// request.attributes[Caller.self] = caller
/// let again = request.attributes[Caller.self]
/// ```
public struct HTTPRequestAttributes: Sendable {
    /// A value in a box of its own type, so reading it back needs no dynamic cast.
    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// At most a few entries (one per type a middleware attaches): a list searched in order
    /// costs less than a dictionary's hashing and a cast from `any Sendable` on every request.
    private var entries: [(type: ObjectIdentifier, box: any AnyObject & Sendable)] = []

    public init() {}

    public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        get {
            let id = ObjectIdentifier(type)
            guard let entry = entries.first(where: { $0.type == id }) else { return nil }
            // The box under this type's identifier is always a `Box<Value>` (the setter's).
            return unsafeDowncast(entry.box, to: Box<Value>.self).value
        }
        set {
            let id = ObjectIdentifier(type)
            let index = entries.firstIndex { $0.type == id }
            switch (newValue, index) {
            case (let value?, let index?): entries[index].box = Box(value)
            case (let value?, nil): entries.append((id, Box(value)))
            case (nil, let index?): entries.remove(at: index)
            case (nil, nil): break
            }
        }
    }
}
