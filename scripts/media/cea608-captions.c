// Writes an H.264 clip carrying CEA-608 captions the way broadcast and many recordings do: as
// ATSC A/53 cc_data in each picture's SEI, put there by libx264 from the frames' A53_CC side
// data. FFmpeg's tool cannot make captions. Two pop-on captions on channel CC1: "HELLO" shown
// from 0.48 s and erased at 2.00 s, "WORLD" from 2.48 s, erased at 3.48 s. 25 fps, 4 s, with
// B-frames (the captions are sent in display order, the SEI comes in decoding order).
// With `708`, CEA-708 service 1 instead (DTVCC packets in the same cc_data, no 608): a pop-on
// caption "Café ♪" (a Latin-1 letter and G0's music note) in a centred window anchored at the
// bottom middle, shown 0.48-2.00 s; then a roll-up window of two rows at the top left, "LINE
// ONE" from 2.48 s, "LINE TWO" below it from 3.00 s, deleted at 3.48 s.
// Usage: cea608-captions OUT.mp4 W H [708]
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *what, int rc) {
    fprintf(stderr, "cea608-captions: %s: %s\n", what, av_err2str(rc));
    return 1;
}

// A 608 byte carries odd parity in its top bit.
static uint8_t odd(uint8_t b) {
    int ones = 0;
    for (int i = 0; i < 7; i++) ones += (b >> i) & 1;
    return (uint8_t)((b & 0x7f) | ((ones % 2 == 0) ? 0x80 : 0));
}

// The byte pair each frame sends (0, 0: padding). Control codes are sent twice, as 608 asks.
static uint8_t pairs[100][2];

static void put(int frame, uint8_t a, uint8_t b) { pairs[frame][0] = a; pairs[frame][1] = b; }

// Loads `text` (five letters) off screen from `frame` on, shows it at `show`, erases at `erase`.
static void caption(int frame, const char *text, int show, int erase) {
    put(frame++, 0x14, 0x20); put(frame++, 0x14, 0x20);  // RCL: pop-on loading
    put(frame++, 0x14, 0x2e); put(frame++, 0x14, 0x2e);  // ENM: clear the hidden memory
    put(frame++, 0x14, 0x70); put(frame++, 0x14, 0x70);  // PAC: row 15, column 0, white
    put(frame++, (uint8_t)text[0], (uint8_t)text[1]);
    put(frame++, (uint8_t)text[2], (uint8_t)text[3]);
    put(frame++, (uint8_t)text[4], 0);
    put(show, 0x14, 0x2f); put(show + 1, 0x14, 0x2f);    // EOC: show what was loaded
    put(erase, 0x14, 0x2c); put(erase + 1, 0x14, 0x2c);  // EDM: erase what shows
}

// The cc_data triplets of each frame when it carries 708 (count 0: padding).
static uint8_t cc708[100][93];
static int cc708n[100];

// One DTVCC packet with one service-1 block of `len` bytes (at most 31) in `frame`'s cc_data.
static void dtvcc(int frame, const uint8_t *bytes, int len) {
    static int sequence;
    uint8_t p[40];
    int n = 0;
    p[n++] = 0;
    p[n++] = (uint8_t)(1 << 5 | len);
    memcpy(p + n, bytes, len);
    n += len;
    if (n % 2) p[n++] = 0;  // a null block header pads the packet to whole pairs
    p[0] = (uint8_t)((sequence++ & 3) << 6 | n / 2);
    for (int i = 0; i < n; i += 2) {
        uint8_t *t = cc708[frame] + 3 * cc708n[frame]++;
        t[0] = i == 0 ? 0xff : 0xfe;  // marker bits, valid, type 3 starts a packet, 2 goes on
        t[1] = p[i];
        t[2] = p[i + 1];
    }
}

static void captions708(void) {
    // DefineWindow 1: hidden, locked, priority 1; relative anchor 90 % down, 50 % across; anchor
    // point 7 (bottom middle), 1 row, 20 columns, window style 3 (centred), pen style 1.
    const uint8_t popon[] = {0x99, 0x19, 0x80 | 90, 50, 0x70, 19, 0x19, 'C', 'a', 'f', 0xe9, ' ', 0x7f};
    const uint8_t show[] = {0x89, 0x02}, delete1[] = {0x8c, 0x02}, delete0[] = {0x8c, 0x01};
    // DefineWindow 0: visible, locked, priority 0; absolute anchor row 10 of 75, column 20 of 160;
    // anchor point 0 (top left), 2 rows, 32 columns, window style 4 (roll-up).
    const uint8_t rollup[] = {0x98, 0x38, 10, 20, 0x01, 31, 0x21, 'L', 'I', 'N', 'E', ' ', 'O', 'N', 'E'};
    const uint8_t second[] = {0x0d, 'L', 'I', 'N', 'E', ' ', 'T', 'W', 'O'};
    dtvcc(1, popon, sizeof popon);
    dtvcc(12, show, sizeof show);
    dtvcc(50, delete1, sizeof delete1);
    dtvcc(62, rollup, sizeof rollup);
    dtvcc(75, second, sizeof second);
    dtvcc(87, delete0, sizeof delete0);
}

static int drain(AVCodecContext *enc, AVFormatContext *fmt, AVStream *st, AVFrame *frame) {
    int rc = avcodec_send_frame(enc, frame);
    if (rc < 0) return fail("encode", rc);
    AVPacket *pkt = av_packet_alloc();
    while ((rc = avcodec_receive_packet(enc, pkt)) >= 0) {
        av_packet_rescale_ts(pkt, enc->time_base, st->time_base);
        pkt->stream_index = st->index;
        if ((rc = av_interleaved_write_frame(fmt, pkt)) < 0) return fail("write", rc);
    }
    av_packet_free(&pkt);
    return rc == AVERROR(EAGAIN) || rc == AVERROR_EOF ? 0 : fail("receive", rc);
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) { fprintf(stderr, "usage: cea608-captions OUT.mp4 WIDTH HEIGHT [708]\n"); return 2; }
    int W = atoi(argv[2]), H = atoi(argv[3]), frames = 100, is708 = argc == 5 && strcmp(argv[4], "708") == 0;
    if (is708) {
        captions708();
    } else {
        caption(1, "HELLO", 12, 50);
        caption(52, "WORLD", 62, 87);
    }
    const AVCodec *codec = avcodec_find_encoder_by_name("libx264");
    if (!codec) { fprintf(stderr, "cea608-captions: no libx264 in this FFmpeg\n"); return 1; }
    AVCodecContext *enc = avcodec_alloc_context3(codec);
    enc->width = W;
    enc->height = H;
    enc->pix_fmt = AV_PIX_FMT_YUV420P;
    enc->time_base = (AVRational){1, 25};
    enc->framerate = (AVRational){25, 1};
    enc->gop_size = 25;
    enc->max_b_frames = 2;
    AVFormatContext *fmt = NULL;
    int rc = avformat_alloc_output_context2(&fmt, NULL, NULL, argv[1]);
    if (rc < 0) return fail("the muxer", rc);
    if (fmt->oformat->flags & AVFMT_GLOBALHEADER) enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    av_opt_set(enc->priv_data, "a53cc", "1", 0);
    if ((rc = avcodec_open2(enc, codec, NULL)) < 0) return fail("open libx264", rc);
    AVStream *st = avformat_new_stream(fmt, NULL);
    avcodec_parameters_from_context(st->codecpar, enc);
    st->time_base = enc->time_base;
    if ((rc = avio_open(&fmt->pb, argv[1], AVIO_FLAG_WRITE)) < 0) return fail(argv[1], rc);
    if ((rc = avformat_write_header(fmt, NULL)) < 0) return fail("header", rc);
    AVFrame *frame = av_frame_alloc();
    frame->format = enc->pix_fmt;
    frame->width = W;
    frame->height = H;
    if ((rc = av_frame_get_buffer(frame, 0)) < 0) return fail("frame", rc);
    for (int n = 0; n < frames; n++) {
        if ((rc = av_frame_make_writable(frame)) < 0) return fail("frame", rc);
        // A grey ground with a bright bar moving down: each picture differs.
        for (int y = 0; y < H; y++)
            memset(frame->data[0] + y * frame->linesize[0], (y / 4 == n % (H / 4)) ? 235 : 64 + (y * 96) / H, W);
        for (int p = 1; p < 3; p++)
            for (int y = 0; y < H / 2; y++) memset(frame->data[p] + y * frame->linesize[p], 128, W / 2);
        frame->pts = n;
        av_frame_remove_side_data(frame, AV_FRAME_DATA_A53_CC);
        if (is708) {
            int count = cc708n[n] ? cc708n[n] : 1;
            AVFrameSideData *cc = av_frame_new_side_data(frame, AV_FRAME_DATA_A53_CC, 3 * count);
            if (!cc) return 1;
            if (cc708n[n]) memcpy(cc->data, cc708[n], 3 * count);
            else memcpy(cc->data, (uint8_t[]){0xfa, 0, 0}, 3);  // not valid: padding
            if (drain(enc, fmt, st, frame)) return 1;
            continue;
        }
        AVFrameSideData *cc = av_frame_new_side_data(frame, AV_FRAME_DATA_A53_CC, 3);
        if (!cc) return 1;
        // One cc_data triplet: marker bits, valid, field 1 (type 0), the two bytes.
        int valid = pairs[n][0] || pairs[n][1];
        cc->data[0] = valid ? 0xfc : 0xf8;
        cc->data[1] = valid ? odd(pairs[n][0]) : 0x80;
        cc->data[2] = valid ? odd(pairs[n][1]) : 0x80;
        if (drain(enc, fmt, st, frame)) return 1;
    }
    if (drain(enc, fmt, st, NULL)) return 1;
    if ((rc = av_write_trailer(fmt)) < 0) return fail("trailer", rc);
    avio_closep(&fmt->pb);
    av_frame_free(&frame);
    avformat_free_context(fmt);
    avcodec_free_context(&enc);
    return 0;
}
