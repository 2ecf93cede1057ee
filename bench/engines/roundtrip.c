// One PostgreSQL round trip after a set idle time (docs/PERFORMANCE.md, "Where GET one at c=1
// goes"): waits GAP microseconds (spinning, or in nanosleep), then times a prepared `SELECT 1`,
// COUNT times, and prints the mean, median and 90th percentile of the round trips.
//
//   cc -O2 -o /tmp/roundtrip bench/engines/roundtrip.c -I"$(pg_config --includedir)" -lpq
//   /tmp/roundtrip "host=/path/to/socket/folder port=5432 user=restlite dbname=postgres" spin 200 10000
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5 || (strcmp(argv[2], "spin") != 0 && strcmp(argv[2], "sleep") != 0)) {
        fprintf(stderr, "usage: %s CONNINFO spin|sleep GAP_US COUNT\n", argv[0]);
        return 2;
    }
    long gap = atol(argv[3]);
    int count = atoi(argv[4]);
    if (count < 1) count = 1;
    PGconn *connection = PQconnectdb(argv[1]);
    if (PQstatus(connection) != CONNECTION_OK) {
        fprintf(stderr, "%s", PQerrorMessage(connection));
        return 1;
    }
    PQclear(PQprepare(connection, "one", "SELECT 1", 0, NULL));
    double *times = malloc(sizeof(double) * count), total = 0;
    for (int i = 0; i < count; i++) {
        if (gap > 0 && argv[2][1] == 'l') {
            struct timespec wait = {gap / 1000000, (gap % 1000000) * 1000};
            nanosleep(&wait, NULL);
        } else if (gap > 0) {
            double until = microseconds() + gap;
            while (microseconds() < until) {}
        }
        double start = microseconds();
        PQclear(PQexecPrepared(connection, "one", 0, NULL, NULL, NULL, 0));
        times[i] = microseconds() - start;
        total += times[i];
    }
    qsort(times, count, sizeof(double), ascending);
    printf("%s %ld us: round trip mean %.1f us, median %.1f, p90 %.1f\n", argv[2], gap, total / count,
           times[count / 2], times[count * 9 / 10]);
    free(times);
    PQfinish(connection);
    return 0;
}
