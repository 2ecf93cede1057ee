#ifndef CTESTSCRATCH_H
#define CTESTSCRATCH_H
// Where a test process keeps its scratch files. Tests make and delete thousands of small files
// (data folders, SQLite files, a PostgreSQL cluster and its databases); on ext4 each new file
// after many deletions costs a scan of recently freed inodes, which made a `swift test` run
// take 20-40 % more CPU each time it followed another. So, on Linux, when `TMPDIR` is not set
// and `/dev/shm` is a tmpfs with at least 2 GiB free, a constructor that runs when the test
// binary loads sets `TMPDIR` to a folder of this process's own there, removed at exit; folders
// left by test processes that died are removed at the next start. Elsewhere nothing changes.

/// The folder `TMPDIR` was set to, or NULL when the test process uses the system's.
const char *cts_scratch_folder(void);

/// Removes the scratch folders under `parent` whose process has ended; returns their number.
int cts_sweep(const char *parent);

#endif
