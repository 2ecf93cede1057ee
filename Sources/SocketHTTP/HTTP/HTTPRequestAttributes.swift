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
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
        get { values[ObjectIdentifier(type)] as? Value }
        set { values[ObjectIdentifier(type)] = newValue }
    }
}
