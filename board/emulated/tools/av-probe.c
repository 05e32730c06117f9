// av-probe: when do pictures flash on the screen and beeps reach the speakers, on one clock?
// Flashes: the CRTC's per-frame CRCs (debugfs) name the vblank each frame was shown at; the
// vblank's time comes from the DRM vblank counter. Beeps: the loopback card's capture side,
// each block timed by the capture delay. Prints "flash T" and "beep T" lines (monotonic
// seconds) for the host to pair up.
// Usage: av-probe SECONDS
#include <alsa/asoundlib.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
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

static double stop_at;
enum { MAX_FRAMES = 4096 };
static double times[MAX_FRAMES];
static unsigned long long crcs[MAX_FRAMES];

static void *watch_crcs(void *arg) {
    (void)arg;
    const char *base = "/sys/kernel/debug/dri/0/crtc-0/crc";
    char path[256];
    snprintf(path, sizeof path, "%s/control", base);
    FILE *control = fopen(path, "w");
    if (!control || fputs("auto", control) < 0 || fclose(control) != 0) {
        fprintf(stderr, "av-probe: cannot start CRCs at %s\n", path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/data", base);
    int data = open(path, O_RDONLY | O_CLOEXEC);
    int card = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (data < 0 || card < 0) { fprintf(stderr, "av-probe: cannot read %s or open card0\n", path); exit(1); }
    // The first opener of a card becomes its master; the player must be that, not us.
    drmDropMaster(card);
    unsigned long long frame, crc;
    int seen = 0, failures = 0;
    char line[128];
    ssize_t n;
    // One entry per read(): the kernel hands out CRC lines whole.
    while (seconds_now() < stop_at && (n = read(data, line, sizeof line - 1)) > 0) {
        line[n] = 0;
        if (sscanf(line, "%llx %llx", &frame, &crc) != 2) continue;
        // The vblank counter and its time now; frames before it were shown a refresh apart.
        drmVBlank vb;
        memset(&vb, 0, sizeof vb);
        vb.request.type = DRM_VBLANK_RELATIVE;
        vb.request.sequence = 0;
        if (drmWaitVBlank(card, &vb) != 0) { failures++; continue; }
        double now_vblank = vb.reply.tval_sec + vb.reply.tval_usec / 1e6;
        double shown = now_vblank - (double)((long long)vb.reply.sequence - (long long)frame) / 60.0;
        // Frames are mostly black, all with one CRC: keep every frame, and decide which CRC is
        // the background once all are in.
        if (seen < MAX_FRAMES) { times[seen] = shown; crcs[seen] = crc; }
        seen++;
    }
    // The most common CRC is black.
    int count = seen < MAX_FRAMES ? seen : MAX_FRAMES, best = 0;
    unsigned long long background = 0;
    for (int i = 0; i < count; i++) {
        int same = 0;
        for (int j = 0; j < count; j++) same += crcs[j] == crcs[i];
        if (same > best) { best = same; background = crcs[i]; }
    }
    // A flash starts after at least ten black frames (the console's picture before the player's
    // first frame is not one).
    int black = 0;
    for (int i = 0; i < count; i++) {
        if (crcs[i] == background) { black++; continue; }
        if (black >= 10) printf("flash %.6f\n", times[i]);
        black = 0;
    }
    // Counts for the scenario's log: an empty result must say which side saw nothing.
    fprintf(stderr, "av-probe: %d frame CRCs read, %d vblank queries failed\n", seen, failures);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: av-probe SECONDS\n"); return 2; }
    stop_at = seconds_now() + atof(argv[1]);
    setvbuf(stdout, NULL, _IOLBF, 0);
    snd_pcm_t *pcm;
    int rc = snd_pcm_open(&pcm, "hw:Loopback,1,0", SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK);
    if (rc < 0) { fprintf(stderr, "av-probe: cannot open hw:Loopback,1,0: %s\n", snd_strerror(rc)); return 1; }
    // A long buffer (no overrun when the emulator stalls us) in short periods: snd-aloop moves
    // sound from its playback side to its capture side at period timer ticks, and the time of a
    // block read here is only as exact as the last tick. 5 ms periods bound that error.
    snd_pcm_hw_params_t *hw;
    snd_pcm_hw_params_alloca(&hw);
    unsigned buffer_us = 200000, period_us = 5000;
    rc = snd_pcm_hw_params_any(pcm, hw);
    if (rc >= 0) rc = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED);
    if (rc >= 0) rc = snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE);
    if (rc >= 0) rc = snd_pcm_hw_params_set_channels(pcm, hw, 2);
    if (rc >= 0) rc = snd_pcm_hw_params_set_rate(pcm, hw, 48000, 0);
    if (rc >= 0) rc = snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &buffer_us, NULL);
    if (rc >= 0) rc = snd_pcm_hw_params_set_period_time_near(pcm, hw, &period_us, NULL);
    if (rc >= 0) rc = snd_pcm_hw_params(pcm, hw);
    if (rc < 0) { fprintf(stderr, "av-probe: cannot set capture parameters: %s\n", snd_strerror(rc)); return 1; }
    fprintf(stderr, "av-probe: capture buffer %u us in periods of %u us\n", buffer_us, period_us);
    snd_pcm_start(pcm);
    pthread_t crcs;
    pthread_create(&crcs, NULL, watch_crcs, NULL);
    enum { BLOCK = 240 };
    int16_t block[BLOCK * 2];
    double quiet_since = seconds_now();
    int in_beep = 0;
    long blocks = 0, errors = 0;
    float loudest = 0;
    while (seconds_now() < stop_at) {
        if (snd_pcm_wait(pcm, 100) == 0) continue;
        snd_pcm_sframes_t got = snd_pcm_readi(pcm, block, BLOCK);
        if (got == -EAGAIN) continue;
        if (got < 0) {
            if (errors++ < 3) fprintf(stderr, "av-probe: capture: %s\n", snd_strerror((int)got));
            snd_pcm_recover(pcm, (int)got, 1);
            continue;
        }
        blocks++;
        snd_pcm_sframes_t waiting = 0;
        snd_pcm_delay(pcm, &waiting);
        // The block's last sample arrived `waiting` frames before now.
        double end = seconds_now() - (double)waiting / 48000.0;
        for (int i = 0; i < got; i++) {
            double t = end - (double)(got - i) / 48000.0;
            float v = (block[2 * i] < 0 ? -block[2 * i] : block[2 * i]) / 32768.0f;
            if (v > loudest) loudest = v;
            if (v > 0.1f) {
                if (!in_beep && t - quiet_since > 0.2) printf("beep %.6f\n", t);
                in_beep = 1;
            } else if (in_beep && v < 0.01f) {
                // Near zero: inside a beep at each zero crossing, and after it for good. Only
                // 200 ms of this makes the next loud sample a new beep.
                in_beep = 0;
                quiet_since = t;
            }
        }
    }
    snd_pcm_close(pcm);
    fprintf(stderr, "av-probe: %ld audio blocks read (%ld errors), loudest sample %.3f\n", blocks, errors, loudest);
    pthread_join(crcs, NULL);
    return 0;
}
