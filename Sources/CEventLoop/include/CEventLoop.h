#ifndef CEVENTLOOP_H
#define CEVENTLOOP_H
// Platform event APIs that Swift's Glibc module does not expose (epoll, eventfd), plus a few
// sequentially consistent atomics on plain int64 cells (Swift's Synchronization module needs
// macOS 15, the package supports macOS 13).
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>

static inline int64_t cel_atomic_load(const int64_t *cell) {
    return __atomic_load_n(cell, __ATOMIC_SEQ_CST);
}
static inline void cel_atomic_store(int64_t *cell, int64_t value) {
    __atomic_store_n(cell, value, __ATOMIC_SEQ_CST);
}
/// Adds `delta` and returns the new value.
static inline int64_t cel_atomic_add(int64_t *cell, int64_t delta) {
    return __atomic_add_fetch(cell, delta, __ATOMIC_SEQ_CST);
}
/// Sets `desired` when the cell holds `expected`; true when it did.
static inline int cel_atomic_exchange_if(int64_t *cell, int64_t expected, int64_t desired) {
    return __atomic_compare_exchange_n(cell, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// Cells per cache line as `cel_cells_allocate` lays them out (128 bytes: two lines, as the
/// adjacent-line prefetcher moves them in pairs).
#define CEL_CELLS_PER_LINE 16
/// `count` zeroed cells on cache lines of their own: aligned to 128 bytes and padded to a
/// multiple of 128, so no other allocation shares their lines. A cell every worker reads on
/// each request, beside one that some core writes, is a cache miss on every read (false
/// sharing); `malloc` puts small allocations next to each other. Free with `cel_cells_free`.
static inline int64_t *cel_cells_allocate(int64_t count) {
    size_t bytes = (size_t)((count + CEL_CELLS_PER_LINE - 1) / CEL_CELLS_PER_LINE) * 128;
    if (bytes == 0) bytes = 128;
    void *cells = NULL;
    if (posix_memalign(&cells, 128, bytes) != 0) return NULL;
    __builtin_memset(cells, 0, bytes);
    return (int64_t *)cells;
}
static inline void cel_cells_free(int64_t *cells) { free(cells); }

#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
static const unsigned int cel_EPOLLIN = EPOLLIN;
static const unsigned int cel_EPOLLOUT = EPOLLOUT;
static const unsigned int cel_EPOLLERR = EPOLLERR;
static const unsigned int cel_EPOLLHUP = EPOLLHUP;
static const unsigned int cel_EPOLLRDHUP = EPOLLRDHUP;
static const unsigned int cel_EPOLLET = EPOLLET;
static const unsigned int cel_EPOLLONESHOT = EPOLLONESHOT;
static const unsigned int cel_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;
static const int cel_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int cel_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int cel_EPOLL_CTL_DEL = EPOLL_CTL_DEL;

/// An epoll event without the packed layout of `struct epoll_event` (awkward to import).
typedef struct {
    uint32_t events;
    uint64_t data;
} cel_event;

int cel_epoll_create(void);
int cel_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data);
/// epoll_wait into at most 64 unpacked events.
int cel_epoll_wait(int epfd, cel_event *events, int maxevents, int timeout);
int cel_eventfd(void);
/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC.
int cel_accept(int fd, struct sockaddr *addr, socklen_t *len);
#endif
#endif
