/// The files of `Assets/`, by the name they are served under (`/_console/<name>`).
///
/// SwiftPM embeds each file as a `PackageResources` constant named after it (`app.js` becomes
/// `app_js`) but offers no list of them, so a file added to `Assets/` gets its line here too;
/// `ConsoleAssetTests` fails while the two differ.
enum ConsoleAssetList {
    static let files: [(name: String, bytes: [UInt8])] = [
        ("index.html", PackageResources.index_html),
        ("app.js", PackageResources.app_js),
        ("style.css", PackageResources.style_css),
    ]
}
