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
    @usableFromInline
    final class Box<Value: Sendable>: Sendable {
        @usableFromInline let value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline
    typealias Entry = (type: ObjectIdentifier, box: any AnyObject & Sendable)

    /// At most a few entries (one per type a middleware attaches): the first kept inline, so the
    /// usual single attribute (the caller) costs no list, the others in a list searched in
    /// order, which costs less than a dictionary's hashing and a cast from `any Sendable`.
    /// Inlinable, so a caller's access is specialized for its type: unspecialized, each one
    /// looked the box's generic type up in the runtime's metadata cache.
    @usableFromInline var first: Entry?
    @usableFromInline var others: [Entry] = []

    public init() {}

    @inlinable
    public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        get {
            let id = ObjectIdentifier(type)
            let box: (any AnyObject & Sendable)?
            if let first, first.type == id {
                box = first.box
            } else {
                box = others.first(where: { $0.type == id })?.box
            }
            // The box under this type's identifier is always a `Box<Value>` (the setter's).
            return box.map { unsafeDowncast($0, to: Box<Value>.self).value }
        }
        set {
            let id = ObjectIdentifier(type)
            if first == nil || first?.type == id {
                first = newValue.map { (id, Box($0)) }
                if first == nil, !others.isEmpty { first = others.removeFirst() }
                return
            }
            let index = others.firstIndex { $0.type == id }
            switch (newValue, index) {
            case (let value?, let index?): others[index].box = Box(value)
            case (let value?, nil): others.append((id, Box(value)))
            case (nil, let index?): others.remove(at: index)
            case (nil, nil): break
            }
        }
    }
}
