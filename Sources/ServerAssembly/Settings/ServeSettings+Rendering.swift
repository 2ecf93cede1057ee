extension ServeSettings {
    /// A row of the table with the name it has there (`maxBody`), which is also its property in
    /// `ServeOverrides` and in the `serve` command.
    public struct Entry: Sendable {
        public let name: String
        public let setting: any ServeSettingDescriptor
    }

    /// Every row, in the table's order (the order its properties are written in).
    public static let entries: [Entry] = Mirror(reflecting: table).children.compactMap { child in
        guard let name = child.label, let setting = child.value as? any ServeSettingDescriptor else {
            return nil
        }
        return Entry(name: name, setting: setting)
    }

    /// The row named `name`, if there is one.
    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The settings that have an environment variable but no flag.
    public static var environmentOnly: [any ServeSettingDescriptor] {
        entries.map(\.setting).filter { $0.flag == nil }
    }

    /// The variables of the settings that have a flag, for `--help`:
    /// `RESTLITE_HOST, RESTLITE_PORT, …, RESTLITE_APIKEY (comma-separated), …`.
    public static var variableList: String {
        entries.map(\.setting).filter { $0.flag != nil }.compactMap { setting in
            setting.variable.map { setting.repeatable ? "\($0) (comma-separated)" : $0 }
        }.joined(separator: ", ")
    }

    /// The serve table of docs/CLI.md: flag, variable, default and meaning of every setting.
    /// `restlite serve --help-markdown` prints it.
    public static var markdownTable: String {
        var lines = ["| flag | environment variable | default | meaning |", "| --- | --- | --- | --- |"]
        for setting in entries.map(\.setting) {
            let cells = [
                setting.flag.map { "`--\($0)\(setting.valueName.map { " " + $0.uppercased() } ?? "")`" }
                    ?? "none",
                setting.variable.map { "`\($0)`" + (setting.repeatable ? " (comma-separated)" : "") }
                    ?? "none",
                setting.markdownDefault, setting.details,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ServeSettingDescriptor {
    /// The help of `--help`, followed by the variable and the default:
    /// `Largest request body: … [env RESTLITE_MAX_BODY; default 16MiB]`.
    public var commandLineHelp: String { helpLine(namingVariable: true) }

    /// `help` with the default, and the variable unless `namingVariable` is false.
    public func helpLine(namingVariable: Bool) -> String {
        var notes: [String] = []
        if namingVariable, let variable {
            notes.append("env \(variable)" + (repeatable ? ", comma-separated" : ""))
        }
        switch shownDefault {
        case .value(let text): notes.append("default \(text)")
        case .described(let words): notes.append("default \(words.filter { $0 != "`" })")
        case nil: break
        }
        return notes.isEmpty ? help : "\(help) [\(notes.joined(separator: "; "))]"
    }

    /// The default column of docs/CLI.md: `off` for a switch, `none` for a value without one.
    var markdownDefault: String {
        switch shownDefault {
        case .value(let text): "`\(text)`"
        case .described(let words): words
        case nil: valueName == nil ? "off" : "none"
        }
    }
}
