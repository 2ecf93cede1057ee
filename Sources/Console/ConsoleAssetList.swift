import CEmbeddedFiles

/// The files of `Assets/`, by the name they are served under (`/_console/<name>`).
///
/// `CEmbeddedFiles` compiles them in and lists them (`console_assets` in its `EmbeddedFiles.c`),
/// so a file added to `Assets/` gets its line there too; `ConsolePageTests` fails while the
/// folder and that list differ.
enum ConsoleAssetList {
    static let files: [(name: String, bytes: [UInt8])] = {
        var count = 0
        let files = UnsafeBufferPointer(start: cef_console_assets(&count), count: count)
        return files.map { file in
            (String(cString: file.name), Array(UnsafeBufferPointer(start: file.bytes, count: file.count)))
        }
    }()
}
