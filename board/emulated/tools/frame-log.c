// frame-log: what the screen showed at each vblank, for comparing players from outside. Prints
// "T CRC" per vblank (T: monotonic seconds of that vblank, CRC: the CRTC's CRC of the composed
// frame) for SECONDS. Any process can read CRCs while another is the DRM master.
// vkms computes CRCs in a worker that can fall behind the vblank timer under emulation; the
// frames it missed get the CRC of the newest composition, so a picture shown for a single vblank
// can be missed. Every player is measured through the same worker.
// Usage: frame-log SECONDS [CRTC]
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: frame-log SECONDS [CRTC]\n"); return 2; }
    double stop_at = seconds_now() + atof(argv[1]);
    char base[128], path[160];
    snprintf(base, sizeof base, "/sys/kernel/debug/dri/0/crtc-%s/crc", argc > 2 ? argv[2] : "0");
    snprintf(path, sizeof path, "%s/control", base);
    FILE *control = fopen(path, "w");
    if (!control || fputs("auto", control) < 0 || fclose(control) != 0) {
        fprintf(stderr, "frame-log: cannot start CRCs at %s (is debugfs mounted?)\n", path);
        return 1;
    }
    snprintf(path, sizeof path, "%s/data", base);
    int data = open(path, O_RDONLY | O_CLOEXEC);
    int card = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (data < 0 || card < 0) { fprintf(stderr, "frame-log: cannot read %s or open card0\n", path); return 1; }
    // Never the master: the player must be that.
    drmDropMaster(card);
    setvbuf(stdout, NULL, _IOLBF, 0);
    char line[128];
    ssize_t n;
    long entries = 0;
    while (seconds_now() < stop_at && (n = read(data, line, sizeof line - 1)) > 0) {
        line[n] = 0;
        unsigned long long frame, crc;
        if (sscanf(line, "%llx %llx", &frame, &crc) != 2) continue;
        drmVBlank vb;
        memset(&vb, 0, sizeof vb);
        vb.request.type = DRM_VBLANK_RELATIVE;
        if (drmWaitVBlank(card, &vb) != 0) continue;
        double now_vblank = vb.reply.tval_sec + vb.reply.tval_usec / 1e6;
        printf("%.6f %llx\n", now_vblank - (double)((long long)vb.reply.sequence - (long long)frame) / 60.0, crc);
        entries++;
    }
    fprintf(stderr, "frame-log: %ld vblanks logged\n", entries);
    return 0;
}
