#ifndef CEMBEDDEDFILES_H
#define CEMBEDDEDFILES_H
// The files restlite serves from its own binary (the OpenAPI document, the console's files),
// compiled in by clang's `#embed`: a debug build compiles them in well under a second, where
// SwiftPM's `embedInCode` (one Swift array literal per file) took about two minutes of CPU.
#include <stddef.h>

/// One embedded file: the name it is served under, its bytes and their count.
typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t count;
} cef_file;

/// `Sources/RestDBAPI/OpenAPI/openapi.json`, which `docs/openapi.json` links to.
cef_file cef_openapi_json(void);

/// The files of `Sources/Console/Assets/`, sorted by name; `*count` is set to their number.
const cef_file *cef_console_assets(size_t *count);

#endif
