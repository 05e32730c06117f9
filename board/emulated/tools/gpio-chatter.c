/* Plays a bouncing contact on a gpio-sim line: writes the line's sysfs `pull` COUNT times,
 * alternating, INTERVAL_US apart, starting with FIRST (pull-up or pull-down), so the line
 * sees COUNT edges closer together than any shell loop could make them.
 * Usage: gpio-chatter /sys/devices/platform/gpio-sim.N/gpiochipM/sim_gpioK/pull COUNT INTERVAL_US FIRST */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: gpio-chatter PULL-FILE COUNT INTERVAL_US pull-up|pull-down\n");
        return 2;
    }
    int count = atoi(argv[2]);
    long interval = atol(argv[3]);
    const char *levels[2] = {"pull-up", "pull-down"};
    int first = strcmp(argv[4], "pull-down") == 0;
    int fd = open(argv[1], O_WRONLY);
    if (fd < 0) {
        perror(argv[1]);
        return 1;
    }
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (int i = 0; i < count; i++) {
        const char *level = levels[(first + i) % 2];
        if (pwrite(fd, level, strlen(level), 0) < 0) {
            perror("gpio-chatter: write");
            return 1;
        }
        next.tv_nsec += interval * 1000;
        while (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; next.tv_sec++; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    close(fd);
    return 0;
}
