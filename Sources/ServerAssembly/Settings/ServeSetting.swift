/// One setting of `restlite serve`: its flag, its environment variable, the default its help
/// shows, its help (one line for `--help`, more for docs/CLI.md) and how its value becomes part
/// of `ServeConfiguration`. `ServeSettings` holds one of each, and the command line, the
/// environment, `--help` and docs/CLI.md all come from there.
///
/// `Value` is what the command line gives: `Bool` for a switch (`--strict`), `String?` for a
/// flag with one value (`--port 0`), `[String]` for a repeatable one (`--apikey`), whose
/// variable holds the values separated by commas.
public struct ServeSetting<Value: ServeSettingValue>: ServeSettingDescriptor {
    public let flag: String?
    public let variable: String?
    public let valueName: String?
    public let shownDefault: ServeSettingDefault?
    public let help: String
    public let details: String
    private let applyValue: @Sendable (Value, inout ServeConfiguration) throws -> Void

    public var repeatable: Bool { Value.self == [String].self }

    /// The flag, else the variable: what `ServeOverrides` keeps the command line's value under.
    var key: String { flag ?? variable ?? "" }

    public func apply(
        _ overrides: ServeOverrides, environment: [String: String], to configuration: inout ServeConfiguration
    ) throws {
        let given = overrides[self]
        let text = variable.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        try applyValue(Value.combined(given, variable: variable ?? "", text: text), &configuration)
    }

    public func record(commandLineValue: Any, in overrides: inout ServeOverrides) -> Bool {
        guard let value = commandLineValue as? Value else { return false }
        overrides[self] = value
        return true
    }
}

extension ServeSetting where Value == Bool {
    /// A switch: on when the flag is given or its variable is on.
    init(
        flag: String?, variable: String?, help: String, details: String,
        apply: @escaping @Sendable (Bool, inout ServeConfiguration) -> Void
    ) {
        self.init(
            flag: flag, variable: variable, valueName: nil, shownDefault: nil, help: help, details: details,
            applyValue: apply)
    }
}

extension ServeSetting where Value == String? {
    /// A setting with one value; `apply` runs only when the flag or the variable gives one.
    init(
        flag: String?, variable: String?, value valueName: String,
        default shownDefault: ServeSettingDefault? = nil,
        help: String, details: String,
        apply: @escaping @Sendable (String, inout ServeConfiguration) throws -> Void
    ) {
        self.init(
            flag: flag, variable: variable, valueName: valueName, shownDefault: shownDefault, help: help,
            details: details
        ) { text, configuration in
            if let text { try apply(text, &configuration) }
        }
    }
}

extension ServeSetting where Value == [String] {
    /// A repeatable flag; its variable holds the values separated by commas.
    init(
        flag: String, variable: String, value valueName: String, help: String, details: String,
        apply: @escaping @Sendable ([String], inout ServeConfiguration) throws -> Void
    ) {
        self.init(
            flag: flag, variable: variable, valueName: valueName, shownDefault: nil, help: help,
            details: details,
            applyValue: apply)
    }
}

/// The default a setting's help shows.
public enum ServeSettingDefault: Sendable, Equatable {
    /// A value the setting's parser takes, which leaves `ServeConfiguration()` as it is (a test
    /// checks that).
    case value(String)
    /// Words for a default that is not a value (`random`, `the system clock`); markdown.
    case described(String)
}

/// A `ServeSetting` of any value type: what the table's loops over every setting need.
public protocol ServeSettingDescriptor: Sendable {
    /// The long flag without its dashes (`max-body`); nil for an environment-only setting.
    var flag: String? { get }
    /// The environment variable (`RESTLITE_MAX_BODY`); nil for a command-line-only setting.
    var variable: String? { get }
    /// The placeholder of the flag's value (`size`); nil for a switch.
    var valueName: String? { get }
    /// Whether the flag may be given more than once (its variable then holds a comma-separated list).
    var repeatable: Bool { get }
    var shownDefault: ServeSettingDefault? { get }
    /// One sentence or two for `--help`, without the variable and the default.
    var help: String { get }
    /// The meaning column of docs/CLI.md; markdown.
    var details: String { get }
    /// Sets this setting's part of `configuration` from the command line, else the environment.
    func apply(
        _ overrides: ServeOverrides, environment: [String: String], to configuration: inout ServeConfiguration
    ) throws
    /// Keeps the value the command line parsed for this setting; false when it is not of the
    /// setting's type (`Bool`, `String?` or `[String]`).
    func record(commandLineValue: Any, in overrides: inout ServeOverrides) -> Bool
}

/// What the command line may give a setting, and how that combines with its variable.
public protocol ServeSettingValue: Sendable, Equatable {
    /// The value of a setting the command line does not give.
    static var notGiven: Self { get }
    /// The command line's value when given, else the one in the variable's `text` (nil when
    /// the variable is unset or empty).
    static func combined(_ given: Self, variable: String, text: String?) throws -> Self
}

extension Bool: ServeSettingValue {
    public static var notGiven: Bool { false }

    /// `1`, `true`, `yes`, `on` are true; `0`, `false`, `no`, `off` or unset are false. A
    /// switch given as a flag is on whatever its variable says.
    public static func combined(_ given: Bool, variable: String, text: String?) throws -> Bool {
        guard !given, let value = text?.lowercased() else { return given }
        if ["1", "true", "yes", "on"].contains(value) { return true }
        if ["0", "false", "no", "off"].contains(value) { return false }
        throw ServeError.invalidSetting("\(variable)=\(value) is not one of 1, true, yes, 0, false, no")
    }
}

extension Optional: ServeSettingValue where Wrapped == String {
    public static var notGiven: String? { nil }

    public static func combined(_ given: String?, variable: String, text: String?) -> String? {
        given ?? text
    }
}

extension Array: ServeSettingValue where Element == String {
    public static var notGiven: [String] { [] }

    public static func combined(_ given: [String], variable: String, text: String?) -> [String] {
        given.isEmpty ? text.map { [$0] } ?? [] : given
    }
}
