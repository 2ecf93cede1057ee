/// The files of `Assets/`, by the name they are served under (`/_console/<name>`).
///
/// SwiftPM embeds each file as a `PackageResources` constant named after it (`app.js` becomes
/// `app_js`) but offers no list of them, so a file added to `Assets/` gets its line here too;
/// `ConsoleAssetTests` fails while the two differ.
enum ConsoleAssetList {
    static let files: [(name: String, bytes: [UInt8])] = [
        ("api.js", PackageResources.api_js),
        ("app.js", PackageResources.app_js),
        ("code.js", PackageResources.code_js),
        ("documents.js", PackageResources.documents_js),
        ("dom.js", PackageResources.dom_js),
        ("favicon.svg", PackageResources.favicon_svg),
        ("fields.js", PackageResources.fields_js),
        ("import.js", PackageResources.import_js),
        ("index.html", PackageResources.index_html),
        ("indexes.js", PackageResources.indexes_js),
        ("keys.js", PackageResources.keys_js),
        ("live.js", PackageResources.live_js),
        ("media.js", PackageResources.media_js),
        ("query-state.js", PackageResources.query_state_js),
        ("row-editor.js", PackageResources.row_editor_js),
        ("schema.js", PackageResources.schema_js),
        ("style.css", PackageResources.style_css),
        ("table.js", PackageResources.table_js),
    ]
}
