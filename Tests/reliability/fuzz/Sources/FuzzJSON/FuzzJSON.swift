import DocumentJSON

/// Parses the input as JSON. What parses must serialize to text that parses again to the same
/// serialization (a fixed point after one round), and nesting past the limit must be refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSON.parse(bytes) else { return 0 }
    let once = value.serialized()
    guard let again = try? JSON.parse(once) else {
        preconditionFailure("serialized JSON does not parse: \(once.prefix(200))")
    }
    precondition(again.serialized() == once, "serialization is not stable: \(once.prefix(200))")
    return 0
}
