// See include/CTestScratch.h. Linked only into test binaries (through RestLiteTesting).
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/vfs.h>
#endif
#include "CTestScratch.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CTS_PREFIX "restlite-tests-"

static char cts_folder[128];

static int cts_remove_entry(const char *path, const struct stat *status, int flag, struct FTW *walk) {
    (void)status;
    (void)flag;
    (void)walk;
    remove(path);
    return 0;
}

static void cts_remove_tree(const char *path) { nftw(path, cts_remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

int cts_sweep(const char *parent) {
    DIR *directory = opendir(parent);
    if (directory == NULL) return 0;
    int removed = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (strncmp(entry->d_name, CTS_PREFIX, strlen(CTS_PREFIX)) != 0) continue;
        char *end = NULL;
        long pid = strtol(entry->d_name + strlen(CTS_PREFIX), &end, 10);
        if (end == NULL || *end != 0 || pid <= 0) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char path[512];
        if (snprintf(path, sizeof path, "%s/%s", parent, entry->d_name) >= (int)sizeof path) continue;
        cts_remove_tree(path);
        removed += 1;
    }
    closedir(directory);
    return removed;
}

const char *cts_scratch_folder(void) { return cts_folder[0] != 0 ? cts_folder : NULL; }

#if defined(__linux__)
#define CTS_TMPFS_MAGIC 0x01021994
#define CTS_MINIMUM_FREE (2048LL * 1024 * 1024)

static pid_t cts_owner;

static void cts_remove_own(void) {
    // A forked child that exits without exec must not remove its parent's folder.
    if (cts_folder[0] != 0 && getpid() == cts_owner) cts_remove_tree(cts_folder);
}

__attribute__((constructor)) static void cts_start(void) {
    const char *chosen = getenv("TMPDIR");
    if (chosen != NULL && chosen[0] != 0) return;
    struct statfs shm;
    if (statfs("/dev/shm", &shm) != 0 || (unsigned long)shm.f_type != CTS_TMPFS_MAGIC) return;
    if ((long long)shm.f_bavail * (long long)shm.f_bsize < CTS_MINIMUM_FREE) return;
    cts_sweep("/dev/shm");
    char folder[sizeof cts_folder];
    snprintf(folder, sizeof folder, "/dev/shm/" CTS_PREFIX "%ld", (long)getpid());
    // 0755: a PostgreSQL cluster inside runs as another user when the tests run as root.
    if (mkdir(folder, 0755) != 0 && errno != EEXIST) return;
    if (setenv("TMPDIR", folder, 1) != 0) return;
    memcpy(cts_folder, folder, sizeof folder);
    cts_owner = getpid();
    atexit(cts_remove_own);
}
#endif
