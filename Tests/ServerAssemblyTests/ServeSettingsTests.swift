import Foundation
import Testing

@testable import ServerAssembly

/// The one table of serve settings: its rows are consistent, each is read from its flag and its
/// variable in the documented order, and docs/CLI.md shows exactly the table.
@Suite struct ServeSettingsTests {
    private static let settings = ServeSettings.entries.map(\.setting)

    @Test func everyRowHasAFlagOrAVariableAndNoneIsNamedTwice() {
        #expect(ServeSettings.entries.count >= 38)
        for entry in ServeSettings.entries {
            #expect(entry.setting.flag != nil || entry.setting.variable != nil, "\(entry.name)")
            #expect(entry.setting.variable.map { $0.hasPrefix("RESTLITE_") } ?? true, "\(entry.name)")
            #expect(!entry.setting.help.isEmpty && !entry.setting.details.isEmpty, "\(entry.name)")
            #expect(
                !entry.setting.details.contains("|") && !entry.setting.details.contains("\n"), "\(entry.name)"
            )
        }
        let flags = Self.settings.compactMap(\.flag)
        let variables = Self.settings.compactMap(\.variable)
        #expect(Set(flags).count == flags.count)
        #expect(Set(variables).count == variables.count)
        #expect(Set(ServeSettings.entries.map(\.name)).count == ServeSettings.entries.count)
    }

    /// A default shown in `--help` and docs/CLI.md as a value is what `ServeConfiguration()`
    /// already holds: giving it changes nothing.
    @Test func everyDefaultShownAsAValueIsTheDefault() throws {
        var checked = 0
        for setting in Self.settings {
            guard case .value(let text) = setting.shownDefault, let variable = setting.variable else {
                continue
            }
            let given = try ServeConfiguration.resolve(ServeOverrides(), environment: [variable: text])
            #expect(given == ServeConfiguration(), "\(variable)=\(text)")
            checked += 1
        }
        #expect(checked >= 16)
    }

    /// Every variable counts as unset when empty, and is read: a wrong value is refused, naming
    /// the setting.
    @Test func everyVariableIsReadAndEmptyMeansUnset() throws {
        for setting in Self.settings {
            guard let variable = setting.variable else { continue }
            #expect(
                try ServeConfiguration.resolve(ServeOverrides(), environment: [variable: ""])
                    == ServeConfiguration())
            let changed = try? ServeConfiguration.resolve(ServeOverrides(), environment: [variable: "?/ #"])
            #expect(changed != ServeConfiguration(), "\(variable) is not read")
        }
    }

    /// On/off variables take the six words; anything else is refused with the variable's name.
    @Test func aSwitchVariableThatIsNotOnOrOffIsRefusedByName() {
        for setting in Self.settings where setting.valueName == nil {
            guard let variable = setting.variable else { continue }
            let error = #expect(throws: ServeError.self) {
                try ServeConfiguration.resolve(ServeOverrides(), environment: [variable: "Maybe"])
            }
            #expect(error?.description == "\(variable)=maybe is not one of 1, true, yes, 0, false, no")
        }
    }

    /// A flag wins over its variable: with the flag given, a variable the setting would refuse
    /// (or would take) is not read at all.
    @Test func everyFlagWinsOverItsVariable() throws {
        var checked = 0
        for entry in ServeSettings.entries {
            let setting = entry.setting
            guard setting.flag != nil, let variable = setting.variable else { continue }
            var flags = ServeOverrides()
            let value: Any =
                switch (setting.valueName, setting.repeatable, setting.shownDefault) {
                case (nil, _, _): true
                case (_, true, _): entry.name == "apiKeys" ? ["aaaaaaaaaaaaaaaaaaaaaaaa"] : ["a.example"]
                case (_, false, .value(let text)?): Optional(text) as Any
                default: Optional(Self.samples[entry.name] ?? "1") as Any
                }
            #expect(setting.record(commandLineValue: value, in: &flags), "\(entry.name)")
            let flagAlone = try ServeConfiguration.resolve(flags, environment: [:])
            let withVariable = try ServeConfiguration.resolve(flags, environment: [variable: "?/ #"])
            #expect(
                withVariable == flagAlone, "\(variable) was read although --\(setting.flag ?? "") was given")
            checked += 1
        }
        #expect(checked >= 33)
    }

    /// Values for the flags whose default is not a value.
    private static let samples = [
        "clock": "2020-01-01T00:00:00Z", "publicURL": "http://a.example",
        "database": "postgres://a.example/db",
    ]

    @Test func overridesAreTheTablesPropertiesByName() {
        var flags = ServeOverrides(port: "0")
        flags.queryBudget = "1s"
        flags.noConsole = true
        flags.allowedHosts = ["a.example"]
        #expect(flags[ServeSettings.table.port] == "0" && flags[ServeSettings.table.queryBudget] == "1s")
        #expect(
            flags[ServeSettings.table.noConsole] && flags[ServeSettings.table.allowedHosts] == ["a.example"])
        var same = ServeOverrides()
        same.allowedHosts = ["a.example"]
        same.noConsole = true
        same.queryBudget = "1s"
        #expect(same != flags)
        same.port = "0"
        #expect(same == flags)
        same.noConsole = false
        same.noConsole = true
        #expect(same == flags)
    }

    @Test func theMemoryMapVariableNamesItselfWhenWrong() {
        let error = #expect(throws: ServeError.self) {
            try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_MMAP_SIZE": "lots"])
        }
        #expect(error?.description.hasPrefix("mmap size 'lots' is not a positive size") == true)
    }

    /// docs/CLI.md's serve table is generated from the table; this fails when they differ.
    @Test func docsCLITableIsTheTable() throws {
        let cli = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CLI.md")
        let text = try String(contentsOf: cli, encoding: .utf8)
        let begin = "<!-- serve settings: generated from ServeSettings"
        let end = "<!-- end of serve settings -->"
        let start = try #require(text.range(of: begin))
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let afterMarker = try #require(text.range(of: "-->\n", range: start.upperBound..<stop.lowerBound))
        let documented = String(text[afterMarker.upperBound..<stop.lowerBound])
        #expect(
            documented == ServeSettings.markdownTable,
            """
            docs/CLI.md's serve table differs from ServeSettings (Sources/ServerAssembly/Settings/ServeSettings.swift); \
            replace the lines between its markers with the output of `swift run restlite serve --help-markdown`
            """)
    }
}
