// Writes DVB bitmap subtitles (two cues: a panel with a cross, then a panel with bars) into an
// MPEG-TS file with libavcodec's dvbsub encoder: FFmpeg cannot turn text into bitmap
// subtitles, and the test media needs bitmap ones (issue 39). Usage: dvb-subtitles OUT.ts W H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, int rc) {
    fprintf(stderr, "dvb-subtitles: %s: %s\n", what, av_err2str(rc));
    return 1;
}

// Palette: 0 clear, 1 opaque white, 2 opaque black, 3 half-clear blue (ARGB).
static const uint32_t palette[4] = {0x00000000, 0xffffffff, 0xff000000, 0x800000ff};

// One panel `w` x `h`: a blue half-clear ground with a black frame, and white marks: a cross
// (kind 0) or four bars (kind 1), so that each cue's picture is told from the other's.
static void panel(uint8_t *px, int w, int h, int kind) {
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = 3;
            if (x < 3 || y < 3 || x >= w - 3 || y >= h - 3) v = 2;
            else if (kind == 0 && (abs(x - w / 2) < 4 || abs(y - h / 2) < 4)) v = 1;
            else if (kind == 1 && (x / 12) % 2 == 1 && y > 8 && y < h - 8) v = 1;
            px[y * w + x] = (uint8_t)v;
        }
}

static int write_cue(AVFormatContext *fmt, AVCodecContext *enc, AVStream *st, AVSubtitle *sub, int64_t ms) {
    uint8_t buf[1 << 16];
    sub->pts = ms * 1000; // AV_TIME_BASE
    int size = avcodec_encode_subtitle(enc, buf, sizeof buf, sub);
    if (size < 0) return fail("encode", size);
    AVPacket *pkt = av_packet_alloc();
    if (!pkt) return 1;
    int rc = av_new_packet(pkt, size);
    if (rc < 0) return fail("packet", rc);
    memcpy(pkt->data, buf, size);
    pkt->stream_index = st->index;
    pkt->pts = pkt->dts = av_rescale_q(ms, (AVRational){1, 1000}, st->time_base);
    rc = av_interleaved_write_frame(fmt, pkt);
    av_packet_free(&pkt);
    return rc < 0 ? fail("write", rc) : 0;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: dvb-subtitles OUT.ts WIDTH HEIGHT\n"); return 2; }
    int W = atoi(argv[2]), H = atoi(argv[3]);
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_DVB_SUBTITLE);
    if (!codec) { fprintf(stderr, "dvb-subtitles: no dvbsub encoder in this FFmpeg\n"); return 1; }
    AVCodecContext *enc = avcodec_alloc_context3(codec);
    enc->width = W;
    enc->height = H;
    enc->time_base = (AVRational){1, 1000};
    int rc = avcodec_open2(enc, codec, NULL);
    if (rc < 0) return fail("open the encoder", rc);
    AVFormatContext *fmt = NULL;
    rc = avformat_alloc_output_context2(&fmt, NULL, "mpegts", argv[1]);
    if (rc < 0) return fail("the muxer", rc);
    AVStream *st = avformat_new_stream(fmt, NULL);
    avcodec_parameters_from_context(st->codecpar, enc);
    st->time_base = (AVRational){1, 90000};
    av_dict_set(&st->metadata, "language", "eng", 0);
    if ((rc = avio_open(&fmt->pb, argv[1], AVIO_FLAG_WRITE)) < 0) return fail(argv[1], rc);
    if ((rc = avformat_write_header(fmt, NULL)) < 0) return fail("header", rc);
    // Cue 1: 0.5-2.0 s, a 160x60 panel low in the middle; cue 2: 2.5-3.5 s, 120x48 at the top left.
    const struct { int64_t start, end; int x, y, w, h, kind; } cues[2] = {
        {500, 2000, (W - 160) / 2, H - 80, 160, 60, 0},
        {2500, 3500, 16, 16, 120, 48, 1},
    };
    for (int i = 0; i < 2; i++) {
        AVSubtitleRect rect = {0};
        AVSubtitleRect *rects[1] = {&rect};
        rect.type = SUBTITLE_BITMAP;
        rect.x = cues[i].x; rect.y = cues[i].y; rect.w = cues[i].w; rect.h = cues[i].h;
        rect.nb_colors = 4;
        rect.data[0] = av_malloc(rect.w * rect.h);
        rect.linesize[0] = rect.w;
        rect.data[1] = av_malloc(AVPALETTE_SIZE);
        memset(rect.data[1], 0, AVPALETTE_SIZE);
        memcpy(rect.data[1], palette, sizeof palette);
        panel(rect.data[0], rect.w, rect.h, cues[i].kind);
        AVSubtitle sub = {0};
        sub.num_rects = 1;
        sub.rects = rects;
        sub.end_display_time = (uint32_t)(cues[i].end - cues[i].start);
        if (write_cue(fmt, enc, st, &sub, cues[i].start)) return 1;
        // As ffmpeg's own tool does for DVB: an empty page clears the screen at the cue's end.
        AVSubtitle clear = {0};
        if (write_cue(fmt, enc, st, &clear, cues[i].end)) return 1;
        av_free(rect.data[0]);
        av_free(rect.data[1]);
    }
    if ((rc = av_write_trailer(fmt)) < 0) return fail("trailer", rc);
    avio_closep(&fmt->pb);
    avformat_free_context(fmt);
    avcodec_free_context(&enc);
    return 0;
}
