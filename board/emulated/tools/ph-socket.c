/* Sends command lines to playhead's control socket and prints one reply line for each: the
 * board's stand-in for a script on the appliance. Usage: ph-socket SOCKET COMMAND... */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int read_line(int fd, char *buf, size_t cap) {
    size_t n = 0;
    while (n + 1 < cap) {
        char c;
        ssize_t r = read(fd, &c, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        if (c == '\n') break;
        buf[n++] = c;
    }
    buf[n] = 0;
    return (int)n;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: ph-socket SOCKET COMMAND...\n");
        return 2;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    strncpy(addr.sun_path, argv[1], sizeof addr.sun_path - 1);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        fprintf(stderr, "ph-socket: cannot connect to %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    static char line[65536];
    for (int i = 2; i < argc; i++) {
        dprintf(fd, "%s\n", argv[i]);
        /* Event lines may come between replies when the session follows events. */
        do {
            if (read_line(fd, line, sizeof line) < 0) {
                fprintf(stderr, "ph-socket: the socket closed before answering '%s'\n", argv[i]);
                return 1;
            }
            printf("%s\n", line);
        } while (strncmp(line, "{\"ok\":", 6) != 0);
    }
    close(fd);
    return 0;
}
