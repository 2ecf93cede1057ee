import CSQLite

/// `restlite_sortkey(body, path)`: one value that orders a document by a top-level field
/// exactly as `(SortKey.rankExpression, json_extract)` does, from one pass over the raw body.
///
/// Missing, null, numbers and strings are returned as `json_extract` returns them (rank 0:
/// NULL < numbers < text). Objects, arrays and booleans become a BLOB (which SQLite orders
/// after all text) of the rank byte (3, 4, 5) then the value `json_extract` gives (the
/// compact JSON text, or 0/1), so byte order is rank order, then value order.
///
/// The scan reads only the top-level object of a body as the canonical serializer writes it
/// (no whitespace). Anything else (whitespace, escaped strings, numbers whose SQLite value it
/// does not reproduce bit for bit) is answered by `json_type`/`json_extract` themselves.
enum SortKeyScanner {
    enum Outcome {
        case null
        case integer(Int64)
        case real(Double)
        /// A byte range of the body: string contents.
        case text(Range<Int>)
        /// Rank byte, then the byte range of the body (object/array text) or a boolean.
        case ranked(UInt8, Range<Int>)
        case boolean(Bool)
        /// Not canonical enough: ask SQLite.
        case fallback
    }

    /// Finds `label` among the top-level members of `body`.
    static func scan(
        _ body: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>, conversion: RealConversion
    ) -> Outcome {
        guard body.first == UInt8(ascii: "{") else { return .fallback }
        var index = 1
        if index < body.count, body[index] == UInt8(ascii: "}") { return .null }
        while index < body.count {
            guard body[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(body, from: index) else {
                return .fallback
            }
            let key = (index + 1)..<(keyEnd - 1)
            guard keyEnd < body.count, body[keyEnd] == UInt8(ascii: ":") else { return .fallback }
            let valueStart = keyEnd + 1
            guard let valueEnd = valueEnd(body, from: valueStart) else { return .fallback }
            if body[key].elementsEqual(label) {
                return value(body, valueStart..<valueEnd, conversion: conversion)
            }
            guard valueEnd < body.count else { return .fallback }
            switch body[valueEnd] {
            case UInt8(ascii: ","): index = valueEnd + 1
            case UInt8(ascii: "}"): return .null
            default: return .fallback
            }
        }
        return .fallback
    }

    /// The index just past the closing quote of the string opening at `start`.
    private static func stringEnd(_ body: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index just past the value starting at `start`; nil on whitespace or truncation.
    private static func valueEnd(_ body: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index < body.count {
            let byte = body[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(body, from: index) else { return nil }
                index = end
                if depth == 0 { return index }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","):
                if depth == 0 { return index }
                if byte != UInt8(ascii: ",") {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
            case UInt8(ascii: " "), 0x09, 0x0A, 0x0D: return nil
            default: break
            }
            index += 1
        }
        return depth == 0 && index > start ? index : nil
    }

    private static func value(
        _ body: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, conversion: RealConversion
    ) -> Outcome {
        guard !range.isEmpty else { return .fallback }
        switch body[range.lowerBound] {
        case UInt8(ascii: "\""):
            let contents = (range.lowerBound + 1)..<(range.upperBound - 1)
            for index in contents where body[index] == UInt8(ascii: "\\") { return .fallback }
            return .text(contents)
        case UInt8(ascii: "{"): return .ranked(3, range)
        case UInt8(ascii: "["): return .ranked(4, range)
        default:
            let bytes = body[range]
            if bytes.elementsEqual("true".utf8) { return .boolean(true) }
            if bytes.elementsEqual("false".utf8) { return .boolean(false) }
            if bytes.elementsEqual("null".utf8) { return .null }
            return number(UnsafeBufferPointer(rebasing: bytes), conversion: conversion)
        }
    }
}
