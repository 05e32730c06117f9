/* Waits, as root, for playhead's READY=1 (systemd's notify protocol: one datagram per message
 * on the unix socket named by NOTIFY_SOCKET), which playhead sends once its first frame is on
 * screen; exits 0 when it comes. slot-confirm then marks the booted slot good (RAUC): a board
 * without systemd has nobody else listening. Usage: ph-notify-wait SOCKET
 * What arrives is only looked at, never kept or printed: any process that can reach the socket
 * (playhead's user) can send it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* One line of the message is exactly READY=1. */
static int says_ready(const char *msg, size_t len) {
    const char *line = msg, *end = msg + len;
    while (line < end) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t n = (size_t)((nl ? nl : end) - line);
        if (n == 7 && memcmp(line, "READY=1", 7) == 0) return 1;
        line += n + 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: ph-notify-wait SOCKET\n");
        return 2;
    }
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof addr.sun_path) {
        fprintf(stderr, "ph-notify-wait: socket path too long\n");
        return 2;
    }
    strcpy(addr.sun_path, argv[1]);
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) { perror("ph-notify-wait: socket"); return 1; }
    unlink(argv[1]);
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0) { perror("ph-notify-wait: bind"); return 1; }
    /* playhead runs as its own user: it may write to the socket, nothing more. */
    if (chmod(argv[1], 0622) < 0) { perror("ph-notify-wait: chmod"); return 1; }
    char msg[4096];
    for (;;) {
        ssize_t n = recv(fd, msg, sizeof msg, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            perror("ph-notify-wait: recv");
            return 1;
        }
        if (says_ready(msg, (size_t)n)) break;
    }
    unlink(argv[1]);
    return 0;
}
