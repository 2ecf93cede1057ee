import PlatformSupport

/// The question `reset` and `serve --reset` ask before they delete a3cats: on a terminal the
/// user answers; elsewhere `--yes` is required, so a script never deletes by surprise.
enum ResetConfirmation {
    /// True when the reset may go ahead; throws when stdin is not a terminal and `yes` is false.
    static func confirm(dataDir: String, yes: Bool) throws -> Bool {
        if yes { return true }
        guard FileDescriptor.standardInput.isTerminal else {
            throw CommandFailure(
                "reset deletes the a3cats collection; add --yes to confirm when not on a terminal")
        }
        StandardError.write("Delete a3cats in \(dataDir) and reload the seed? [y/N] ")
        guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else { return false }
        return true
    }
}
