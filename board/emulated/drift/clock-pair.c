/* clock-pair INTERVAL_MS FILE [TTY]: every INTERVAL_MS, this guest's CLOCK_MONOTONIC and
 * CLOCK_REALTIME read together, appended to FILE as "mono real" (seconds, nine decimals) and,
 * with TTY, written there as "CLK mono real": the host stamps each such line as it arrives on
 * the serial console, its own clock being the one both guests' clocks derive from under TCG
 * (boot/wall_drift_report.py fits each guest's clock to it). The monotonic clock is read on
 * both sides of the real one and averaged: the pair is then off by half the read's time. Built
 * by boot/wall_drift.py with the host's gcc, static, into the share. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timespec t) { return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: clock-pair INTERVAL_MS FILE [TTY]\n");
        return 2;
    }
    long ms = atol(argv[1]);
    if (ms <= 0) {
        fprintf(stderr, "clock-pair: interval '%s' is not a number of milliseconds\n", argv[1]);
        return 2;
    }
    FILE *out = fopen(argv[2], "a");
    if (!out) {
        perror(argv[2]);
        return 1;
    }
    int tty = argc > 3 ? open(argv[3], O_WRONLY | O_NOCTTY) : -1;
    if (argc > 3 && tty < 0) {
        perror(argv[3]);
        return 1;
    }
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    for (;;) {
        struct timespec m0, r, m1;
        clock_gettime(CLOCK_MONOTONIC, &m0);
        clock_gettime(CLOCK_REALTIME, &r);
        clock_gettime(CLOCK_MONOTONIC, &m1);
        double mono = (seconds(m0) + seconds(m1)) / 2;
        char line[96];
        snprintf(line, sizeof line, "%.9f %.9f\n", mono, seconds(r));
        fputs(line, out);
        fflush(out);
        if (tty >= 0) {
            /* One write: the line's first byte leaves as the write starts. Stamped on the
             * monotonic clock again just before, so the host's arrival time follows it. */
            char tagged[112];
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            int k = snprintf(tagged, sizeof tagged, "CLK %.9f %.9f\n", seconds(now), seconds(r) + seconds(now) - mono);
            if (write(tty, tagged, k) < 0) { /* the console gone: the file still gets pairs */ }
        }
        nanosleep(&pause, NULL);
    }
}
