/*
 * Realtime subscribers for bench/realtime/run.py: opens N keep-alive connections to
 * GET /realtime?apikey=KEY on 127.0.0.1:PORT, reads all of them through epoll with a large
 * recv buffer, and counts the bytes and the `event:` lines received. Far cheaper per byte
 * than the Python reader, so it leaves the 2 shared cores to the server under test.
 *
 * Usage: readers PORT KEY COUNT SECONDS
 *   Prints "READY <n>" (stdout, flushed) once every connection has its `retry:` line, then
 *   reads until SECONDS have passed since READY or SIGTERM/SIGINT arrives, then prints one
 *   line of JSON: {"connections":..,"ready":..,"bytes":..,"events":..,"closed":..,
 *   "reads":..,"seconds":..}. Exit status 0, or 1 when not every connection got ready within
 *   30 s (the JSON is printed all the same).
 *
 * Built by run.py with `cc -O2`; Linux only (epoll).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef BUFFER_BYTES
#define BUFFER_BYTES (4 << 20)
#endif
#define HEAD_BYTES 4096
#define READY_TIMEOUT_SECONDS 30.0

static const char pattern[] = "event:";
enum { PATTERN_LENGTH = 6 };

struct reader {
    int fd;
    int ready;
    int open;
    /* Bytes of "event:" matched at the start of the current line; -1 inside a line. */
    int matched;
    size_t head_length;
    char *head; /* only until ready */
};

static volatile sig_atomic_t stopping = 0;

static void on_signal(int signal_number) {
    (void)signal_number;
    stopping = 1;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Counts the lines of buf that start with "event:", carrying a partial match across calls. */
static uint64_t count_events(struct reader *r, const char *buf, size_t n) {
    uint64_t events = 0;
    size_t pos = 0;
    int m = r->matched;
    for (;;) {
        if (m >= 0) {
            while (pos < n && m < PATTERN_LENGTH) {
                if (buf[pos] != pattern[m]) {
                    m = -1;
                    break;
                }
                m++;
                pos++;
            }
            if (m == PATTERN_LENGTH) {
                events++;
                m = -1;
            } else if (m >= 0) {
                break; /* ran out of bytes mid-match */
            }
        }
        if (pos >= n) break;
        const char *newline = memchr(buf + pos, '\n', n - pos);
        if (newline == NULL) break;
        pos = (size_t)(newline - buf) + 1;
        m = 0;
    }
    r->matched = m;
    return events;
}

static int open_subscriber(int port, const char *key) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct timeval timeout = {10, 0};
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        close(fd);
        return -1;
    }
    char request[512];
    int length = snprintf(request, sizeof request,
                          "GET /realtime?apikey=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", key);
    if (length <= 0 || (size_t)length >= sizeof request || send(fd, request, (size_t)length, MSG_NOSIGNAL) != length) {
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL, 0);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    return fd;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PORT KEY COUNT SECONDS\n", argv[0]);
        return 2;
    }
    int port = atoi(argv[1]);
    const char *key = argv[2];
    int count = atoi(argv[3]);
    double seconds = atof(argv[4]);
    if (port <= 0 || count <= 0 || seconds <= 0) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }

    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    signal(SIGPIPE, SIG_IGN);

    char *buffer = malloc(BUFFER_BYTES);
    struct reader *readers = calloc((size_t)count, sizeof *readers);
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    if (buffer == NULL || readers == NULL || epoll < 0) {
        perror("setup");
        return 2;
    }

    int connections = 0;
    for (int i = 0; i < count && !stopping; i++) {
        int fd = open_subscriber(port, key);
        if (fd < 0) {
            fprintf(stderr, "subscriber %d: %s\n", i, strerror(errno));
            break;
        }
        readers[i].fd = fd;
        readers[i].open = 1;
        readers[i].matched = 0;
        readers[i].head = malloc(HEAD_BYTES);
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
        connections++;
    }

    uint64_t bytes = 0, events = 0, reads = 0;
    int ready = 0, closed = 0, announced = 0;
    double started = now_seconds();
    double ready_deadline = started + READY_TIMEOUT_SECONDS;
    double end = 0;
    struct epoll_event happened[1024];

    while (!stopping) {
        double t = now_seconds();
        if (announced && t >= end) break;
        if (!announced && t >= ready_deadline) break;
        if (connections < count) break; /* could not open them all */
        if (!announced && ready == connections) {
            printf("READY %d\n", ready);
            fflush(stdout);
            announced = 1;
            started = now_seconds();
            end = started + seconds;
            bytes = events = reads = 0;
        }
        int n = epoll_wait(epoll, happened, 1024, 100);
        if (n < 0) {
            if (errno == EINTR) continue;
            perror("epoll_wait");
            break;
        }
        for (int e = 0; e < n; e++) {
            struct reader *r = &readers[happened[e].data.u32];
            if (!r->open) continue;
            ssize_t got = recv(r->fd, buffer, BUFFER_BYTES, 0);
            if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
            if (got <= 0) {
                epoll_ctl(epoll, EPOLL_CTL_DEL, r->fd, NULL);
                close(r->fd);
                r->open = 0;
                closed++;
                continue;
            }
            reads++;
            bytes += (uint64_t)got;
            if (!r->ready) {
                /* Keep the first bytes until the head and the `retry:` line have arrived. */
                size_t take = (size_t)got;
                if (take > HEAD_BYTES - 1 - r->head_length) take = HEAD_BYTES - 1 - r->head_length;
                memcpy(r->head + r->head_length, buffer, take);
                r->head_length += take;
                r->head[r->head_length] = 0;
                char *retry = strstr(r->head, "retry:");
                if (retry != NULL && strstr(retry, "\n\n") != NULL) {
                    if (strncmp(r->head, "HTTP/1.1 200", 12) != 0) {
                        fprintf(stderr, "subscriber refused: %.80s\n", r->head);
                    } else {
                        r->ready = 1;
                        ready++;
                    }
                    /* What followed the `retry:` line starts at a line start. */
                    char *after = strstr(retry, "\n\n") + 2;
                    r->matched = 0;
                    events += count_events(r, after, r->head_length - (size_t)(after - r->head));
                    free(r->head);
                    r->head = NULL;
                } else if (r->head_length >= HEAD_BYTES - 1) {
                    fprintf(stderr, "subscriber head too long\n");
                    free(r->head);
                    r->head = NULL;
                    r->matched = -1;
                }
                continue;
            }
            events += count_events(r, buffer, (size_t)got);
        }
    }

    double elapsed = announced ? now_seconds() - started : 0.0;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6
                 + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    printf("{\"connections\":%d,\"ready\":%d,\"bytes\":%llu,\"events\":%llu,\"closed\":%d,"
           "\"reads\":%llu,\"seconds\":%.3f,\"cpu_seconds\":%.3f}\n",
           connections, ready, (unsigned long long)bytes, (unsigned long long)events, closed,
           (unsigned long long)reads, elapsed, cpu);
    fflush(stdout);
    for (int i = 0; i < count; i++) {
        if (readers[i].open) close(readers[i].fd);
        free(readers[i].head);
    }
    close(epoll);
    free(readers);
    free(buffer);
    return announced ? 0 : 1;
}
