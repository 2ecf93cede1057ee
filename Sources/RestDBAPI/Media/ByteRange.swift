/// A `Range: bytes=...` request against a representation of `size` bytes. Only one range is
/// served; a list of ranges is answered with the whole file (allowed by RFC 9110 §14.2).
enum ByteRange: Equatable {
    /// No usable Range header: send everything.
    case whole
    case part(Range<Int>)
    /// 416: no byte of the range lies inside the file.
    case unsatisfiable

    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingBlanks()
        let ends = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2 else {
            self = .whole
            return
        }
        self = Self.resolve(first: Int(ends[0]), last: Int(ends[1]), texts: ends, size: size)
    }

    private static func resolve(first: Int?, last: Int?, texts: [String], size: Int) -> ByteRange {
        switch (texts[0].isEmpty, texts[1].isEmpty) {
        case (true, false):  // bytes=-N: the last N bytes
            guard let count = last, count >= 0 else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - count)..<size)
        case (false, _):
            guard let start = first, start >= 0 else { return .whole }
            if !texts[1].isEmpty, (last ?? -1) < start { return .whole }
            guard start < size else { return .unsatisfiable }
            let end = min(last ?? (size - 1), size - 1)
            return .part(start..<(end + 1))
        case (true, true):
            return .whole
        }
    }
}
