#ifndef PLAYHEAD_CSHIMS_H
#define PLAYHEAD_CSHIMS_H
#include <stddef.h>
#include <stdint.h>

struct AVFormatContext;

/* FFmpeg's error codes are macros built from FFERRTAG; Swift cannot import them. */
int playhead_averror_eof(void);
int playhead_averror_eagain(void);
int playhead_averror_exit(void);
int playhead_averror_invaliddata(void);
int playhead_averror_filter_not_found(void);
int64_t playhead_nopts_value(void);
int playhead_time_base(void);
/* av_err2str is a macro around a compound literal. */
void playhead_av_strerror(int code, char *buffer, int size);
/* The interrupt callback that bounds every blocking FFmpeg I/O wait: FFmpeg polls it and
   gives up when it returns non-zero. The deadline is on CLOCK_MONOTONIC in nanoseconds (0: none)
   and may be moved while a read is in progress; abort is set by another thread (close) than the
   one FFmpeg polls on. Both are C11 atomics, so the guard is opaque: Swift cannot name an
   _Atomic field, and must not touch one without these functions. */
typedef struct playhead_io_guard playhead_io_guard;
/* NULL when out of memory. */
playhead_io_guard *playhead_io_guard_create(void);
void playhead_io_guard_free(playhead_io_guard *guard);
void playhead_io_guard_set_deadline(playhead_io_guard *guard, int64_t deadline_ns);
/* True once the deadline (if any) has passed. */
int playhead_io_guard_expired(playhead_io_guard *guard);
void playhead_io_guard_abort(playhead_io_guard *guard);
int playhead_io_guard_aborted(playhead_io_guard *guard);
void playhead_install_io_guard(struct AVFormatContext *ctx, playhead_io_guard *guard);
/* Every HTTPS connection the context opens (the item's own, and the segments and keys an
 * HLS playlist names) checks the server's certificate against ca_file. Returns the context's
 * copy of the path, to be freed (free) once the context is closed or freed; NULL when out of
 * memory (nothing installed). */
char *playhead_install_tls_verify(struct AVFormatContext *ctx, const char *ca_file);
int64_t playhead_monotonic_ns(void);
/* avio_open2 for reading with the guard as its interrupt callback (AVIOInterruptCB holds a C
   function pointer, which Swift cannot make from the guard): a download bounded like a read. */
struct AVIOContext;
struct AVDictionary;
int playhead_avio_open_guarded(struct AVIOContext **pb, const char *url, playhead_io_guard *guard, struct AVDictionary **options);
/* A decoded frame's duration and key flag moved between FFmpeg 5.1 (pkt_duration, key_frame) and
   7.x (duration, AV_FRAME_FLAG_KEY); the version macros pick the field, so one Swift file reads both. */
struct AVFrame;
int64_t playhead_frame_duration(const struct AVFrame *frame);
int playhead_frame_is_key(const struct AVFrame *frame);
/* The display matrix a phone or camera left on a stream (NULL when none): the stream's side data
   up to FFmpeg 6.x, its codecpar's coded_side_data from 7.0 (the former is deprecated there and
   gone in 8). */
struct AVStream;
const uint8_t *playhead_stream_display_matrix(const struct AVStream *stream, size_t *size);
/* av_log's callback takes a va_list; route FFmpeg's own messages to a plain line sink. */
typedef void (*playhead_log_line_fn)(int level, const char *line);
void playhead_set_ffmpeg_log_sink(playhead_log_line_fn fn, int max_level);

/* libavfilter, loaded on first use: it and the thirty libraries it needs are only wanted for
   sound at a rate other than 1, and loading them at every start cost 0.3 s on the emulated
   board. phd_avfilter_load returns 0 when the library is missing; each call below may only
   be made after it returned 1. */
#include <libavfilter/avfilter.h>
int phd_avfilter_load(void);
/* The libavfilter major version the headers name (8 for FFmpeg 5.1, 10 for 7.1): its package. */
int phd_avfilter_major(void);
AVFilterGraph *phd_avfilter_graph_alloc(void);
void phd_avfilter_graph_free(AVFilterGraph **graph);
const AVFilter *phd_avfilter_get_by_name(const char *name);
int phd_avfilter_graph_create_filter(AVFilterContext **context, const AVFilter *filter, const char *name,
                                     const char *args, void *opaque, AVFilterGraph *graph);
AVFilterContext *phd_avfilter_graph_alloc_filter(AVFilterGraph *graph, const AVFilter *filter, const char *name);
int phd_avfilter_init_str(AVFilterContext *context, const char *args);
int phd_avfilter_link(AVFilterContext *src, unsigned srcpad, AVFilterContext *dst, unsigned dstpad);
int phd_avfilter_graph_config(AVFilterGraph *graph, void *log);
int phd_av_buffersrc_add_frame_flags(AVFilterContext *context, AVFrame *frame, int flags);
int phd_av_buffersink_get_frame(AVFilterContext *context, AVFrame *frame);

#endif
