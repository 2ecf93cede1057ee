import CSQLite
import PlatformSupport

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
        switch member(body, label: label) {
        case .found(let range): value(body, range, conversion: conversion)
        case .absent: .null
        case .unsure: .fallback
        }
    }

    /// Where a top-level member's value lies in a body.
    enum MemberLookup: Equatable {
        case found(Range<Int>)
        case absent
        /// Not canonical enough to tell (whitespace, truncation, not an object).
        case unsure
    }

    /// The value of the top-level member whose key reads `label` between its quotes (its JSON
    /// text, escapes included), from one pass over a canonical compact body.
    static func member(_ body: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>) -> MemberLookup
    {
        guard body.first == UInt8(ascii: "{") else { return .unsure }
        if let valueStart = directValueStart(body, label: label) {
            guard let valueEnd = valueEnd(body, from: valueStart) else { return .unsure }
            return .found(valueStart..<valueEnd)
        }
        var index = 1
        if index < body.count, body[index] == UInt8(ascii: "}") { return body.count == 2 ? .absent : .unsure }
        while index < body.count {
            guard body[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(body, from: index) else {
                return .unsure
            }
            let key = (index + 1)..<(keyEnd - 1)
            guard keyEnd < body.count, body[keyEnd] == UInt8(ascii: ":") else { return .unsure }
            let valueStart = keyEnd + 1
            guard let valueEnd = valueEnd(body, from: valueStart) else { return .unsure }
            if body[key].elementsEqual(label) { return .found(valueStart..<valueEnd) }
            guard valueEnd < body.count else { return .unsure }
            switch body[valueEnd] {
            case UInt8(ascii: ","): index = valueEnd + 1
            case UInt8(ascii: "}"): return valueEnd == body.count - 1 ? .absent : .unsure
            default: return .unsure
            }
        }
        return .unsure
    }

    /// Where the value of the top-level member `label` starts, found with `memmem` instead of
    /// walking every member before it; nil when the shortcut cannot be sure (`scan` then walks).
    ///
    /// It is sure when the label is plain (printable ASCII without quote, backslash, space or
    /// JSON punctuation) and an occurrence reads `{"label":` or `,"label":` with no `{` or `[`
    /// before it. Both quotes are then unescaped (no backslash before either), so they delimit
    /// a string; only punctuation-free label bytes lie between them, so that string is the
    /// label itself, a key because `:` follows; and no object or array opened before it, so it
    /// is a key of the top-level object. A body keeps its keys unique, so it is the member.
    static func directValueStart(_ body: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>)
        -> Int?
    {
        guard let base = body.baseAddress, let labelBase = label.baseAddress, !label.isEmpty,
            label.allSatisfy(isPlainLabelByte)
        else { return nil }
        // `{"` comes before any key, `":` after it.
        var from = 2
        while body.count - from >= label.count + 2 {
            guard let found = csqlite_find_bytes(base + from, body.count - from, labelBase, label.count)
            else {
                return nil
            }
            let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let end = start + label.count
            if end + 1 < body.count, body[start - 1] == UInt8(ascii: "\""), body[end] == UInt8(ascii: "\""),
                body[end + 1] == UInt8(ascii: ":"),
                body[start - 2] == UInt8(ascii: "{") || body[start - 2] == UInt8(ascii: ",")
            {
                let prefix = start - 2
                let before = UnsafeRawBufferPointer(start: base + 1, count: prefix)
                guard !ByteSearch.contains(UInt8(ascii: "{"), in: before),
                    !ByteSearch.contains(UInt8(ascii: "["), in: before)
                else { return nil }
                return end + 2
            }
            from = start + 1
        }
        return nil
    }

    private static func isPlainLabelByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
            false
        default: byte > 0x20 && byte < 0x7F
        }
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
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let bytes = body[range]
            if bytes.elementsEqual("true".utf8) { return .boolean(true) }
            if bytes.elementsEqual("false".utf8) { return .boolean(false) }
            if bytes.elementsEqual("null".utf8) { return .null }
            return .fallback
        default:
            return number(UnsafeBufferPointer(rebasing: body[range]), conversion: conversion)
        }
    }
}
