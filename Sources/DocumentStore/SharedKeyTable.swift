/// The API keys of every restlite process on one database, kept in that database rather than
/// in a data folder's `keys.json`. Each key is stored as its JSON entry (the same object as in
/// `keys.json`), oldest first; the API layer reads and writes those entries.
///
/// Every change is announced to every process, and `changeCount` moves when one arrives (or
/// when the announcements may have been missed), so a process re-reads the keys within
/// moments of a change made anywhere.
public protocol SharedKeyTable: Sendable {
    /// Every key's JSON entry, oldest first.
    func entries() throws -> [[UInt8]]
    /// Adds `entry` under `key`; false when the table already holds that key.
    func insert(key: String, entry: [UInt8]) throws -> Bool
    /// Removes `key`; false when the table did not hold it.
    func delete(key: String) throws -> Bool
    /// Replaces every key with `entries` (key and JSON entry), in one transaction.
    func replaceAll(_ entries: [(key: String, entry: [UInt8])]) throws
    /// The first time it is called on a database, adds `entries` (those not there already) and
    /// returns true; every later call, from any process, adds nothing and returns false.
    func addOnFirstStart(_ entries: [(key: String, entry: [UInt8])]) throws -> Bool
    /// A number that changes whenever the keys may have changed in any process (it starts
    /// following the announcements at the first read).
    var changeCount: Int { get }
}
