import ArgumentParser
import Foundation
import RestLiteTesting
import ServerAssembly
import Testing

@testable import restlite

/// `restlite serve`'s options are the rows of `ServeSettings`: one option per row with a flag,
/// in the table's order and under its name, with the table's help, and each collected into
/// `ServeOverrides`.
@Suite(.offPool) struct ServeSettingsCommandLineTests {
    /// Options of `serve` that are not settings.
    private static let notSettings: Set = ["helpMarkdown"]

    @Test func everyRowWithAFlagHasExactlyOneOptionInTheTablesOrder() throws {
        let command = try ServeCommand.parse([])
        var names: [String] = []
        for child in Mirror(reflecting: command).children {
            let name = String(try #require(child.label).dropFirst())
            guard !Self.notSettings.contains(name) else { continue }
            names.append(name)
            let entry = try #require(
                ServeSettings.entry(named: name), "option \(name) has no row in ServeSettings")
            let value = try #require(
                ServeCommand.parsedValue(of: child.value), "option \(name) is not a setting's kind")
            var overrides = ServeOverrides()
            #expect(
                entry.setting.record(commandLineValue: value, in: &overrides),
                "option \(name) has another type")
        }
        #expect(names == ServeSettings.entries.filter { $0.setting.flag != nil }.map(\.name))
    }

    /// `--help` names every flag of the table with its variable, and no flag that is not there.
    @Test func helpShowsEveryRowAndNothingElse() throws {
        let help = ServeCommand.helpMessage(columns: 10_000)
        for setting in ServeSettings.entries.map(\.setting) {
            if let flag = setting.flag {
                #expect(help.contains("--\(flag)"), "--\(flag)")
                #expect(help.contains(setting.commandLineHelp), "--\(flag)'s help")
            }
            if let variable = setting.variable { #expect(help.contains(variable), "\(variable)") }
        }
        let flags = Set(ServeSettings.entries.compactMap(\.setting.flag) + ["help"])
        for match in help.matches(of: #/--([a-z][a-z-]*[a-z])/#) {
            #expect(
                flags.contains(String(match.1)), "--help mentions --\(match.1), which is not in ServeSettings"
            )
        }
    }

    /// Each option reaches `ServeConfiguration` through `overrides()`: a switch turns its setting
    /// on, values are handed on as given.
    @Test func everyOptionIsCollectedIntoTheOverrides() throws {
        for entry in ServeSettings.entries {
            let setting = entry.setting
            guard let flag = setting.flag else { continue }
            let text = Self.sample(entry)
            var arguments = ["--\(flag)"]
            var expected: Any = true
            if setting.repeatable {
                arguments += [text, "--\(flag)", "x2"]
                expected = [text, "x2"]
            } else if setting.valueName != nil {
                arguments.append(text)
                expected = Optional(text) as Any
            }
            var overrides = ServeOverrides()
            #expect(setting.record(commandLineValue: expected, in: &overrides))
            #expect(try ServeCommand.parse(arguments).overrides() == overrides, "--\(flag)")
            #expect(overrides != ServeOverrides(), "--\(flag)")
        }
    }

    /// A value each flag takes: its default when that is a value.
    private static func sample(_ entry: ServeSettings.Entry) -> String {
        if case .value(let text) = entry.setting.shownDefault { return text }
        let samples = [
            "clock": "2020-01-01T00:00:00Z", "publicURL": "http://a.example",
            "database": "postgres://a.example/db",
        ]
        return samples[entry.name] ?? "1"
    }

    @Test func aCommandLineResolvesThroughTheTable() throws {
        let command = try ServeCommand.parse([
            "--port", "0", "--no-console", "--allowed-host", "a.example", "--allowed-host", "b.example",
            "--max-queued", "1MiB", "--data-dir", "d", "--faults", "f.json",
        ])
        let configuration = try ServeConfiguration.resolve(
            command.overrides(), environment: ["RESTLITE_PORT": "9"])
        #expect(configuration.port == 0 && !configuration.console && configuration.dataDirectory == "d")
        #expect(configuration.allowedHosts == ["a.example", "b.example"])
        #expect(configuration.maxQueuedBytes == 1 << 20 && configuration.faultsFile == "f.json")
    }

    /// `restlite serve --help-markdown` prints docs/CLI.md's table, which a test in
    /// ServerAssemblyTests compares with the file.
    @Test func helpMarkdownPrintsTheTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "help-md-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RestliteBinary().run(
            ["serve", "--help-markdown"], in: folder, timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: result.stdout, as: UTF8.self) == ServeSettings.markdownTable)
    }
}
