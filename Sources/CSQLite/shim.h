#include <sqlite3.h>
#include <stddef.h>

// SQLITE_TRANSIENT is a macro cast Swift cannot import; expose it as a function.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// memmem is in glibc and in macOS's libc, but glibc's header declares it only under
// _GNU_SOURCE, which Swift's Glibc module is not built with. macOS's <string.h> declares it;
// Swift calls it only through csqlite_find_bytes, so the two declarations never compete.
#if defined(__APPLE__)
#include <string.h>
#else
void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
#endif

/// The first occurrence of `needle` in `haystack`, or NULL (libc's vectorised memmem).
static inline const void *csqlite_find_bytes(const void *haystack, size_t haystack_length,
                                             const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
