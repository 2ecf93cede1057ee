/// A failure a command reports as `Error: <message>` and exit status 1, without the usage
/// text ArgumentParser adds to flag mistakes (`ValidationError`).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
