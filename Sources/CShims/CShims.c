#include "CShims.h"
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <stdio.h>
#include <time.h>

int playhead_averror_eof(void) { return AVERROR_EOF; }
int playhead_averror_eagain(void) { return AVERROR(EAGAIN); }
int playhead_averror_exit(void) { return AVERROR_EXIT; }
int playhead_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
int playhead_averror_filter_not_found(void) { return AVERROR_FILTER_NOT_FOUND; }
int64_t playhead_nopts_value(void) { return AV_NOPTS_VALUE; }
int playhead_time_base(void) { return AV_TIME_BASE; }

void playhead_av_strerror(int code, char *buffer, int size) {
    if (av_strerror(code, buffer, (size_t)size) < 0) {
        snprintf(buffer, (size_t)size, "error %d", code);
    }
}

int64_t playhead_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int playhead_io_interrupt(void *opaque) {
    playhead_io_guard *guard = opaque;
    if (guard->aborted) return 1;
    int64_t deadline = guard->deadline_ns;
    return deadline > 0 && playhead_monotonic_ns() > deadline;
}

void playhead_install_io_guard(struct AVFormatContext *ctx, playhead_io_guard *guard) {
    ctx->interrupt_callback.callback = playhead_io_interrupt;
    ctx->interrupt_callback.opaque = guard;
}

static playhead_log_line_fn playhead_log_sink;
static int playhead_log_max_level = AV_LOG_ERROR;

static void playhead_log_callback(void *avcl, int level, const char *fmt, va_list vl) {
    if (level > playhead_log_max_level || playhead_log_sink == NULL) return;
    char line[1024];
    int print_prefix = 1;
    av_log_format_line2(avcl, level, fmt, vl, line, sizeof line, &print_prefix);
    playhead_log_sink(level, line);
}

void playhead_set_ffmpeg_log_sink(playhead_log_line_fn fn, int max_level) {
    playhead_log_sink = fn;
    playhead_log_max_level = max_level;
    av_log_set_level(max_level);
    av_log_set_callback(fn ? playhead_log_callback : av_log_default_callback);
}
