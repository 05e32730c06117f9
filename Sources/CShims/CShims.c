#include "CShims.h"
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

struct playhead_io_guard {
    _Atomic int64_t deadline_ns;
    atomic_int aborted;
};

playhead_io_guard *playhead_io_guard_create(void) {
    playhead_io_guard *guard = malloc(sizeof *guard);
    if (guard == NULL) return NULL;
    atomic_init(&guard->deadline_ns, 0);
    atomic_init(&guard->aborted, 0);
    return guard;
}

void playhead_io_guard_free(playhead_io_guard *guard) { free(guard); }

/* The default, sequentially consistent order: each runs once per blocking call or poll, so a
   weaker order would save nothing worth reasoning about. */
void playhead_io_guard_set_deadline(playhead_io_guard *guard, int64_t deadline_ns) {
    atomic_store(&guard->deadline_ns, deadline_ns);
}

int playhead_io_guard_expired(playhead_io_guard *guard) {
    int64_t deadline = atomic_load(&guard->deadline_ns);
    return deadline > 0 && playhead_monotonic_ns() > deadline;
}

void playhead_io_guard_abort(playhead_io_guard *guard) { atomic_store(&guard->aborted, 1); }

int playhead_io_guard_aborted(playhead_io_guard *guard) {
    return atomic_load(&guard->aborted) != 0;
}

static int playhead_io_interrupt(void *opaque) {
    playhead_io_guard *guard = opaque;
    return playhead_io_guard_aborted(guard) || playhead_io_guard_expired(guard);
}

int playhead_avio_open_guarded(AVIOContext **pb, const char *url, playhead_io_guard *guard, AVDictionary **options) {
    /* avio_open2 copies the callback into the connection it opens. */
    AVIOInterruptCB callback = {playhead_io_interrupt, guard};
    return avio_open2(pb, url, AVIO_FLAG_READ, &callback, options);
}

void playhead_install_io_guard(struct AVFormatContext *ctx, playhead_io_guard *guard) {
    ctx->interrupt_callback.callback = playhead_io_interrupt;
    ctx->interrupt_callback.opaque = guard;
}

typedef int (*playhead_io_open_fn)(struct AVFormatContext *, AVIOContext **, const char *, int, AVDictionary **);
/* FFmpeg's own io_open, the same for every context: kept from the first one hooked. */
static _Atomic(playhead_io_open_fn) playhead_default_io_open;

static int playhead_is_tls_url(const char *url) {
    static const char *const prefixes[] = {"https:", "tls:", "crypto+https:", "crypto:https:"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        if (strncmp(url, prefixes[i], strlen(prefixes[i])) == 0) return 1;
    }
    return 0;
}

static int playhead_tls_io_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags, AVDictionary **options) {
    AVDictionary *local = NULL;
    AVDictionary **opts = options ? options : &local;
    if (s->opaque && url && playhead_is_tls_url(url)) {
        av_dict_set(opts, "tls_verify", "1", 0);
        av_dict_set(opts, "ca_file", (const char *)s->opaque, 0);
    }
    int rc = atomic_load(&playhead_default_io_open)(s, pb, url, flags, opts);
    av_dict_free(&local);
    return rc;
}

char *playhead_install_tls_verify(struct AVFormatContext *ctx, const char *ca_file) {
    char *copy = strdup(ca_file);
    if (!copy) return NULL;
    playhead_io_open_fn expected = NULL;
    atomic_compare_exchange_strong(&playhead_default_io_open, &expected, ctx->io_open);
    ctx->opaque = copy;
    ctx->io_open = playhead_tls_io_open;
    return copy;
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

int64_t playhead_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_MAJOR >= 58
    return frame->duration;
#else
    return frame->pkt_duration;
#endif
}

int playhead_frame_is_key(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
    return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
    return frame->key_frame != 0;
#endif
}

const uint8_t *playhead_stream_display_matrix(const AVStream *stream, size_t *size) {
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    const AVPacketSideData *sd = av_packet_side_data_get(stream->codecpar->coded_side_data,
                                                         stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    *size = sd ? sd->size : 0;
    return sd ? sd->data : NULL;
#else
    return av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, size);
#endif
}

/* libavfilter through dlopen: see CShims.h. */
#include <dlfcn.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <pthread.h>

#define PHD_STR2(x) #x
#define PHD_STR(x) PHD_STR2(x)

static struct {
    void *library;
    AVFilterGraph *(*graph_alloc)(void);
    void (*graph_free)(AVFilterGraph **);
    const AVFilter *(*get_by_name)(const char *);
    int (*graph_create_filter)(AVFilterContext **, const AVFilter *, const char *, const char *, void *, AVFilterGraph *);
    AVFilterContext *(*graph_alloc_filter)(AVFilterGraph *, const AVFilter *, const char *);
    int (*init_str)(AVFilterContext *, const char *);
    int (*link)(AVFilterContext *, unsigned, AVFilterContext *, unsigned);
    int (*graph_config)(AVFilterGraph *, void *);
    int (*buffersrc_add_frame_flags)(AVFilterContext *, AVFrame *, int);
    int (*buffersink_get_frame)(AVFilterContext *, AVFrame *);
} phd_lavfi;
static pthread_once_t phd_lavfi_once = PTHREAD_ONCE_INIT;

static void phd_avfilter_open(void) {
    /* The major version the headers were built against: another one has another ABI. */
    void *lib = dlopen("libavfilter.so." PHD_STR(LIBAVFILTER_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
#define PHD_SYM(field, name) *(void **)(&phd_lavfi.field) = dlsym(lib, name); if (!phd_lavfi.field) { dlclose(lib); return; }
    PHD_SYM(graph_alloc, "avfilter_graph_alloc")
    PHD_SYM(graph_free, "avfilter_graph_free")
    PHD_SYM(get_by_name, "avfilter_get_by_name")
    PHD_SYM(graph_create_filter, "avfilter_graph_create_filter")
    PHD_SYM(graph_alloc_filter, "avfilter_graph_alloc_filter")
    PHD_SYM(init_str, "avfilter_init_str")
    PHD_SYM(link, "avfilter_link")
    PHD_SYM(graph_config, "avfilter_graph_config")
    PHD_SYM(buffersrc_add_frame_flags, "av_buffersrc_add_frame_flags")
    PHD_SYM(buffersink_get_frame, "av_buffersink_get_frame")
#undef PHD_SYM
    phd_lavfi.library = lib;
}

int phd_avfilter_major(void) { return LIBAVFILTER_VERSION_MAJOR; }

int phd_avfilter_load(void) {
    pthread_once(&phd_lavfi_once, phd_avfilter_open);
    return phd_lavfi.library != NULL;
}

AVFilterGraph *phd_avfilter_graph_alloc(void) { return phd_lavfi.graph_alloc(); }
void phd_avfilter_graph_free(AVFilterGraph **graph) { phd_lavfi.graph_free(graph); }
const AVFilter *phd_avfilter_get_by_name(const char *name) { return phd_lavfi.get_by_name(name); }
int phd_avfilter_graph_create_filter(AVFilterContext **context, const AVFilter *filter, const char *name,
                                     const char *args, void *opaque, AVFilterGraph *graph) {
    return phd_lavfi.graph_create_filter(context, filter, name, args, opaque, graph);
}
AVFilterContext *phd_avfilter_graph_alloc_filter(AVFilterGraph *graph, const AVFilter *filter, const char *name) {
    return phd_lavfi.graph_alloc_filter(graph, filter, name);
}
int phd_avfilter_init_str(AVFilterContext *context, const char *args) { return phd_lavfi.init_str(context, args); }
int phd_avfilter_link(AVFilterContext *src, unsigned srcpad, AVFilterContext *dst, unsigned dstpad) {
    return phd_lavfi.link(src, srcpad, dst, dstpad);
}
int phd_avfilter_graph_config(AVFilterGraph *graph, void *log) { return phd_lavfi.graph_config(graph, log); }
int phd_av_buffersrc_add_frame_flags(AVFilterContext *context, AVFrame *frame, int flags) {
    return phd_lavfi.buffersrc_add_frame_flags(context, frame, flags);
}
int phd_av_buffersink_get_frame(AVFilterContext *context, AVFrame *frame) {
    return phd_lavfi.buffersink_get_frame(context, frame);
}
