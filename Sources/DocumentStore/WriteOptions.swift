/// How a write is carried out.
public struct WriteOptions: Sendable {
    /// Recorded in `_createdby` / `_changedby` (`"api"` for API-key writes).
    public var actor: String
    /// Create the collection when it does not exist (false in strict mode).
    public var createCollection: Bool
    /// Check the schema (types, required, unique); false is `?validate=false`. Dates that
    /// parse are normalised either way.
    public var validate: Bool
    /// Keep a valid `_id` from the input instead of making a new one (imports of exports).
    public var keepIDs: Bool

    public init(
        actor: String = "api", createCollection: Bool = true, validate: Bool = true, keepIDs: Bool = false
    ) {
        self.actor = actor
        self.createCollection = createCollection
        self.validate = validate
        self.keepIDs = keepIDs
    }
}
