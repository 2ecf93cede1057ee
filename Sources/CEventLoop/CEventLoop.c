#define _GNU_SOURCE
#include "CEventLoop.h"

#if defined(__linux__)
#include <sys/socket.h>

int cel_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cel_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &ev);
}

int cel_epoll_wait(int epfd, cel_event *events, int maxevents, int timeout) {
    struct epoll_event raw[64];
    if (maxevents > 64) maxevents = 64;
    int n = epoll_wait(epfd, raw, maxevents, timeout);
    for (int i = 0; i < n; i++) {
        events[i].events = raw[i].events;
        events[i].data = raw[i].data.u64;
    }
    return n;
}

int cel_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int cel_accept(int fd, struct sockaddr *addr, socklen_t *len) {
    return accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
#endif
