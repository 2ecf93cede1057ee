import DocumentJSON

/// Everything the store refuses: the case says what kind of refusal it is (missing, already
/// there, invalid), `message` says in one sentence what was wrong and how to fix it.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No collection of that name; `existing` lists those there are.
    case collectionNotFound(String, existing: [String])
    case collectionExists(String)
    case documentNotFound(String)
    /// Not 24 lowercase hex characters.
    case invalidID(String)
    case invalidCollectionName(String)
    /// Every field that broke the schema.
    case validation([FieldError])
    /// The body's `_id` differs from the id being updated.
    case idMismatch(body: String, target: String)
    case uniqueViolation(field: String, value: String)
    /// A request the store cannot carry out as written (`$inc` on text, a bad query, ...).
    case badRequest(String)

    public var message: String {
        switch self {
        case .collectionNotFound(let name, let existing):
            let list =
                existing.isEmpty ? "there are none yet" : "existing: " + existing.joined(separator: ", ")
            return "Collection '\(name)' does not exist (\(list)); check the name or create it first."
        case .collectionExists(let name):
            return "Collection '\(name)' already exists; choose another name or drop it first."
        case .documentNotFound(let id):
            return "No document with _id '\(id)' in this collection; check the id."
        case .invalidID(let id):
            return "'\(id)' is not a valid _id; an _id is 24 lowercase hex characters."
        case .invalidCollectionName(let name) where CollectionName.reserved.contains(name):
            return
                "'\(name)' is reserved for the API's own routes (GET /rest/_meta lists the collections); choose another name."
        case .invalidCollectionName(let name):
            return "'\(name)' is not a valid collection name; use 1 to 64 letters, digits, '-' or '_'."
        case .validation(let errors):
            return errors.map(\.description).joined(separator: "; ")
        case .idMismatch(let body, let target):
            return
                "The body's _id '\(body)' differs from the URL's id '\(target)'; remove _id or make them equal."
        case .uniqueViolation(let field, let value):
            return "\(field) must be unique and '\(value)' is already taken; choose another value."
        case .badRequest(let text):
            return text
        }
    }

    public var description: String { message }
}
