import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Document ids in MongoDB's ObjectId layout, as 24 lowercase hex characters: 4 bytes of
/// seconds since the epoch (big-endian), 5 random bytes fixed for the process, and a 3-byte
/// counter that starts at a random value. Ids made by one process are strictly increasing, so
/// they sort by creation (`ObjectIDSequence`).
///
/// ```swift
/// let id = ObjectID.generate()        // "5f1d7a2c9b1e4f00a1000001"
/// ObjectID.isValid(id)                // true
/// ```
public enum ObjectID {
    /// A new id, greater than every id this process made before it; unique within this
    /// process and, with overwhelming probability, across processes.
    public static func generate() -> String {
        IDSource.process.next(milliseconds: ISODate.nowMilliseconds())
    }

    /// The id with this timestamp and counter (the low 24 bits) and these 5 middle bytes
    /// (this process's by default).
    static func format(
        seconds: UInt32, counter: UInt32, processBytes: [UInt8] = IDSource.process.processBytes
    )
        -> String
    {
        var bytes = [UInt8](repeating: 0, count: 12)
        bytes[0] = UInt8(truncatingIfNeeded: seconds >> 24)
        bytes[1] = UInt8(truncatingIfNeeded: seconds >> 16)
        bytes[2] = UInt8(truncatingIfNeeded: seconds >> 8)
        bytes[3] = UInt8(truncatingIfNeeded: seconds)
        for index in 0..<5 { bytes[4 + index] = processBytes[index] }
        bytes[9] = UInt8(truncatingIfNeeded: counter >> 16)
        bytes[10] = UInt8(truncatingIfNeeded: counter >> 8)
        bytes[11] = UInt8(truncatingIfNeeded: counter)
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

/// The (timestamp, counter) pairs of one process's ids, strictly increasing. The counter goes
/// up by one per id; when it wraps past 0xFFFFFF, or when the clock reads a second earlier
/// than the last id's (a clock step backwards), the timestamp is carried forward instead, so
/// no id is ever lower than the one before it.
struct ObjectIDSequence {
    static let counterMask: UInt32 = 0xFF_FFFF

    private(set) var seconds: UInt32 = 0
    private(set) var counter: UInt32

    init(counter: UInt32) {
        self.counter = counter & Self.counterMask
    }

    mutating func next(seconds now: UInt32) -> (seconds: UInt32, counter: UInt32) {
        if now > seconds {
            seconds = now
            counter = (counter + 1) & Self.counterMask
        } else if counter == Self.counterMask {
            // Wrapping arithmetic: only in 2106 would the timestamp itself run out.
            seconds &+= 1
            counter = 0
        } else {
            counter += 1
        }
        return (seconds, counter)
    }
}

/// Where a store's new ids come from: the ObjectId layout's 5 middle bytes and its counter.
/// `process` (the default) draws both at random once per process; `seeded(_:)` derives both
/// from a number, so a store given the same seed and the same clock makes the same ids in
/// every run.
///
/// ```swift
/// var options = DocumentStore.Options()
/// options.ids = .seeded(42)
/// options.clock = .fixed(0)    // ids "00000000" + 5 seed bytes + counter
/// ```
public final class IDSource: Sendable {
    /// The 5 bytes fixed for this source.
    let processBytes: [UInt8]
    private let sequence: LockedSequence

    private init(processBytes: [UInt8], counter: UInt32) {
        self.processBytes = processBytes
        sequence = LockedSequence(ObjectIDSequence(counter: counter))
    }

    /// Random bytes and counter, drawn once for the process; what `ObjectID.generate()` uses.
    public static let process: IDSource = {
        var generator = SystemRandomNumberGenerator()
        return IDSource(
            processBytes: (0..<5).map { _ in UInt8.random(in: 0...255, using: &generator) },
            counter: UInt32.random(in: 0...ObjectIDSequence.counterMask, using: &generator))
    }()

    /// A new source whose bytes and counter start come from `seed` (SplitMix64).
    public static func seeded(_ seed: UInt64) -> IDSource {
        var random = SplitMix64(seed: seed)
        let bytes = random.next()
        return IDSource(
            processBytes: (0..<5).map { UInt8(truncatingIfNeeded: bytes >> (8 * UInt64($0))) },
            counter: UInt32(truncatingIfNeeded: random.next()) & ObjectIDSequence.counterMask)
    }

    /// A new id for an instant read from the store's clock, greater than every id this source
    /// made before it.
    public func next(milliseconds: Int64) -> String {
        let seconds = UInt32(truncatingIfNeeded: milliseconds / 1000)
        let stamp = sequence.withLock { $0.next(seconds: seconds) }
        return ObjectID.format(seconds: stamp.seconds, counter: stamp.counter, processBytes: processBytes)
    }
}

/// An `IDSource`'s `ObjectIDSequence`. `@unchecked Sendable`: `value` is only touched under `lock`.
private final class LockedSequence: @unchecked Sendable {
    private let lock = PosixCondition()
    private var value: ObjectIDSequence

    init(_ value: ObjectIDSequence) {
        self.value = value
    }

    func withLock<T>(_ body: (inout ObjectIDSequence) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
