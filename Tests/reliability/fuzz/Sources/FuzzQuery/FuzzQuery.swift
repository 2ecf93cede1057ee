import DocumentQuery
import DocumentStore

/// Parses the input as a restdb query (`q`) and compiles what parses to SQL; any input must end
/// in a query or a `QueryError`, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let query = try? Query.parse(text: text) else { return 0 }
    let condition = query.sqlCondition(bodyColumn: "body")
    precondition(!condition.sql.isEmpty, "an empty SQL condition")
    return 0
}
