import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Document ids in MongoDB's ObjectId layout, as 24 lowercase hex characters: 4 bytes of
/// seconds since the epoch (big-endian), 5 random bytes fixed for the process, and a 3-byte
/// counter that starts at a random value. Ids made by one process sort by creation time
/// (within a second, by counter; a wrap of the 24-bit counter inside one second is the only
/// exception, after 16 million ids).
///
/// ```swift
/// let id = ObjectID.generate()        // "5f1d7a2c9b1e4f00a1000001"
/// ObjectID.isValid(id)                // true
/// ```
public enum ObjectID {
    /// A new id, unique within this process and, with overwhelming probability, across processes.
    public static func generate() -> String {
        generate(seconds: UInt32(truncatingIfNeeded: ISODate.nowMilliseconds() / 1000))
    }

    /// A new id stamped with `seconds` since the epoch.
    public static func generate(seconds: UInt32) -> String {
        let count = counter.next()
        var bytes = [UInt8](repeating: 0, count: 12)
        bytes[0] = UInt8(truncatingIfNeeded: seconds >> 24)
        bytes[1] = UInt8(truncatingIfNeeded: seconds >> 16)
        bytes[2] = UInt8(truncatingIfNeeded: seconds >> 8)
        bytes[3] = UInt8(truncatingIfNeeded: seconds)
        for index in 0..<5 { bytes[4 + index] = processBytes[index] }
        bytes[9] = UInt8(truncatingIfNeeded: count >> 16)
        bytes[10] = UInt8(truncatingIfNeeded: count >> 8)
        bytes[11] = UInt8(truncatingIfNeeded: count)
        return hex(bytes)
    }

    /// True for exactly 24 lowercase hex characters.
    public static func isValid(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            count += 1
            let isHex = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
            guard isHex, count <= 24 else { return false }
        }
        return count == 24
    }

    /// Seconds since the epoch stored in a valid id.
    public static func seconds(of id: String) -> UInt32? {
        guard isValid(id) else { return nil }
        return UInt32(id.prefix(8), radix: 16)
    }

    /// The 5 bytes fixed for this process.
    static let processBytes: [UInt8] = {
        var generator = SystemRandomNumberGenerator()
        return (0..<5).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }()

    private static let counter = IDCounter()

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The 24-bit id counter. `@unchecked Sendable`: `value` is only touched under `lock`.
private final class IDCounter: @unchecked Sendable {
    private let lock = PosixCondition()
    private var value = UInt32.random(in: 0...0xFF_FFFF)

    func next() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        value = (value + 1) & 0xFF_FFFF
        return value
    }
}
