// The embedded files' bytes (see include/CEmbeddedFiles.h). A file added to
// `Sources/Console/Assets/` gets its array and its line in `console_assets` here;
// `ConsolePageTests.everyAssetFileIsServed` fails while the folder and that list differ.
#include "CEmbeddedFiles.h"

#if !defined(__has_embed)
#error "restlite compiles its files in with #embed: clang 19 or later (Swift 6.1 or later)"
#endif
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char openapi_json[] = {
#embed "../RestDBAPI/OpenAPI/openapi.json"
};

cef_file cef_openapi_json(void) {
    return (cef_file){"openapi.json", openapi_json, sizeof openapi_json};
}

static const unsigned char api_js[] = {
#embed "../Console/Assets/api.js"
};
static const unsigned char app_js[] = {
#embed "../Console/Assets/app.js"
};
static const unsigned char code_js[] = {
#embed "../Console/Assets/code.js"
};
static const unsigned char documents_js[] = {
#embed "../Console/Assets/documents.js"
};
static const unsigned char dom_js[] = {
#embed "../Console/Assets/dom.js"
};
static const unsigned char favicon_svg[] = {
#embed "../Console/Assets/favicon.svg"
};
static const unsigned char fields_js[] = {
#embed "../Console/Assets/fields.js"
};
static const unsigned char import_js[] = {
#embed "../Console/Assets/import.js"
};
static const unsigned char index_html[] = {
#embed "../Console/Assets/index.html"
};
static const unsigned char indexes_js[] = {
#embed "../Console/Assets/indexes.js"
};
static const unsigned char keys_js[] = {
#embed "../Console/Assets/keys.js"
};
static const unsigned char live_js[] = {
#embed "../Console/Assets/live.js"
};
static const unsigned char media_js[] = {
#embed "../Console/Assets/media.js"
};
static const unsigned char query_state_js[] = {
#embed "../Console/Assets/query-state.js"
};
static const unsigned char row_editor_js[] = {
#embed "../Console/Assets/row-editor.js"
};
static const unsigned char schema_js[] = {
#embed "../Console/Assets/schema.js"
};
static const unsigned char style_css[] = {
#embed "../Console/Assets/style.css"
};
static const unsigned char table_js[] = {
#embed "../Console/Assets/table.js"
};

#define CEF_FILE(name, array) {name, array, sizeof array}

static const cef_file console_assets[] = {
    CEF_FILE("api.js", api_js),
    CEF_FILE("app.js", app_js),
    CEF_FILE("code.js", code_js),
    CEF_FILE("documents.js", documents_js),
    CEF_FILE("dom.js", dom_js),
    CEF_FILE("favicon.svg", favicon_svg),
    CEF_FILE("fields.js", fields_js),
    CEF_FILE("import.js", import_js),
    CEF_FILE("index.html", index_html),
    CEF_FILE("indexes.js", indexes_js),
    CEF_FILE("keys.js", keys_js),
    CEF_FILE("live.js", live_js),
    CEF_FILE("media.js", media_js),
    CEF_FILE("query-state.js", query_state_js),
    CEF_FILE("row-editor.js", row_editor_js),
    CEF_FILE("schema.js", schema_js),
    CEF_FILE("style.css", style_css),
    CEF_FILE("table.js", table_js),
};

const cef_file *cef_console_assets(size_t *count) {
    *count = sizeof console_assets / sizeof console_assets[0];
    return console_assets;
}
