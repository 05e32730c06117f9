// Guest test tool for the emulated board: lists what a KMS card offers, or shows a test
// pattern on the primary and one overlay plane, captures the composed output through the
// writeback connector, compares it pixel for pixel with the expected composition and writes
// both images as PNG.
//
//   kms-capture [--card PATH] --list
//   kms-capture [--card PATH] --pattern PREFIX   (exit 0: identical, 1: mismatches, 2: error)
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static int fd = -1;

static void die(const char *what) {
    fprintf(stderr, "kms-capture: %s\n", what);
    exit(2);
}

static uint32_t prop_id(uint32_t object, uint32_t type, const char *name, uint64_t *value) {
    drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
    uint32_t id = 0;
    for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
        drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
        if (p && strcmp(p->name, name) == 0) {
            id = p->prop_id;
            if (value) *value = props->prop_values[i];
        }
        drmModeFreeProperty(p);
    }
    drmModeFreeObjectProperties(props);
    return id;
}

static const char *plane_type(uint32_t plane) {
    uint64_t type = 0;
    if (!prop_id(plane, DRM_MODE_OBJECT_PLANE, "type", &type)) return "unknown";
    return type == DRM_PLANE_TYPE_PRIMARY ? "primary" : type == DRM_PLANE_TYPE_CURSOR ? "cursor" : "overlay";
}

struct buffer {
    uint32_t handle, pitch, fb, width, height;
    uint64_t size;
    uint32_t *pixels;
};

static struct buffer make_buffer(uint32_t width, uint32_t height, uint32_t format) {
    struct buffer b = {.width = width, .height = height};
    struct drm_mode_create_dumb create = {.width = width, .height = height, .bpp = 32};
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &create)) die("cannot create a dumb buffer");
    b.handle = create.handle;
    b.pitch = create.pitch;
    b.size = create.size;
    struct drm_mode_map_dumb map = {.handle = b.handle};
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &map)) die("cannot map a dumb buffer");
    b.pixels = mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, map.offset);
    if (b.pixels == MAP_FAILED) die("mmap of a dumb buffer failed");
    uint32_t handles[4] = {b.handle}, pitches[4] = {b.pitch}, offsets[4] = {0};
    if (drmModeAddFB2(fd, width, height, format, handles, pitches, offsets, &b.fb, 0)) die("cannot add a framebuffer");
    return b;
}

static void free_buffer(struct buffer *b) {
    munmap(b->pixels, b->size);
    drmModeRmFB(fd, b->fb);
    struct drm_mode_destroy_dumb d = {.handle = b->handle};
    drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d);
}

// Deterministic patterns: colour bars with a gradient band (primary), a checkerboard of two
// opaque colours (overlay; alpha 0xFF so the composition is exact).
static uint32_t primary_pixel(uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
    static const uint32_t bars[8] = {0xffffff, 0xffff00, 0x00ffff, 0x00ff00, 0xff00ff, 0xff0000, 0x0000ff, 0x000000};
    if (y > h * 3 / 4) return (x * 255 / (w - 1)) * 0x010101u;
    return bars[x * 8 / w];
}

static uint32_t overlay_pixel(uint32_t x, uint32_t y) {
    return 0xff000000u | ((((x / 16) + (y / 16)) % 2) ? 0x2060a0u : 0xe0c040u);
}

// PNG with stored (uncompressed) deflate blocks: no zlib needed in the guest.
static uint32_t crc_table[256];
static void crc_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}
static uint32_t crc(uint32_t c, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c;
}
static void be32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static void chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len) {
    uint8_t head[8];
    be32(head, len);
    memcpy(head + 4, type, 4);
    fwrite(head, 1, 8, f);
    if (len) fwrite(data, 1, len, f);
    uint32_t c = crc(crc(0xffffffffu, (const uint8_t *)type, 4), data, len) ^ 0xffffffffu;
    uint8_t tail[4];
    be32(tail, c);
    fwrite(tail, 1, 4, f);
}

static int write_png(const char *path, const uint32_t *xrgb, uint32_t w, uint32_t h, uint32_t stride_px) {
    size_t raw_len = (size_t)h * (1 + 3 * w);
    uint8_t *raw = malloc(raw_len);
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *row = raw + (size_t)y * (1 + 3 * w);
        row[0] = 0;
        for (uint32_t x = 0; x < w; x++) {
            uint32_t p = xrgb[(size_t)y * stride_px + x];
            row[1 + 3 * x] = p >> 16;
            row[2 + 3 * x] = p >> 8;
            row[3 + 3 * x] = p;
        }
    }
    size_t blocks = (raw_len + 65534) / 65535;
    size_t z_len = 2 + raw_len + blocks * 5 + 4;
    uint8_t *z = malloc(z_len), *o = z;
    *o++ = 0x78;
    *o++ = 0x01;
    uint32_t a = 1, b = 0;
    for (size_t at = 0; at < raw_len;) {
        size_t n = raw_len - at > 65535 ? 65535 : raw_len - at;
        *o++ = at + n == raw_len;
        *o++ = n & 0xff;
        *o++ = n >> 8;
        *o++ = ~n & 0xff;
        *o++ = (~n >> 8) & 0xff;
        memcpy(o, raw + at, n);
        for (size_t i = 0; i < n; i++) { a = (a + raw[at + i]) % 65521; b = (b + a) % 65521; }
        o += n;
        at += n;
    }
    be32(o, (b << 16) | a);
    FILE *f = fopen(path, "wb");
    if (!f) { free(raw); free(z); return -1; }
    static const uint8_t sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    fwrite(sig, 1, 8, f);
    uint8_t ihdr[13];
    be32(ihdr, w);
    be32(ihdr + 4, h);
    ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    chunk(f, "IHDR", ihdr, 13);
    chunk(f, "IDAT", z, (uint32_t)z_len);
    chunk(f, "IEND", NULL, 0);
    fclose(f);
    free(raw);
    free(z);
    return 0;
}

static void list(drmModeRes *res) {
    for (int i = 0; i < res->count_connectors; i++) {
        drmModeConnector *c = drmModeGetConnector(fd, res->connectors[i]);
        if (!c) continue;
        printf("connector %u %s-%u status=%s modes=%d\n", c->connector_id, drmModeGetConnectorTypeName(c->connector_type),
               c->connector_type_id, c->connection == DRM_MODE_CONNECTED ? "connected" : "disconnected", c->count_modes);
        drmModeFreeConnector(c);
    }
    for (int i = 0; i < res->count_crtcs; i++) printf("crtc %u index=%d\n", res->crtcs[i], i);
    drmModePlaneRes *pr = drmModeGetPlaneResources(fd);
    for (uint32_t i = 0; pr && i < pr->count_planes; i++) {
        drmModePlane *p = drmModeGetPlane(fd, pr->planes[i]);
        printf("plane %u type=%s formats=", p->plane_id, plane_type(p->plane_id));
        for (uint32_t f = 0; f < p->count_formats; f++)
            printf("%s%.4s", f ? "," : "", (const char *)&p->formats[f]);
        printf("\n");
        drmModeFreePlane(p);
    }
    drmModeFreePlaneResources(pr);
}

static void add(drmModeAtomicReq *req, uint32_t object, uint32_t type, const char *name, uint64_t value) {
    uint32_t id = prop_id(object, type, name, NULL);
    if (!id) {
        char msg[128];
        snprintf(msg, sizeof msg, "object %u has no property %s", object, name);
        die(msg);
    }
    drmModeAtomicAddProperty(req, object, id, value);
}

static void add_plane(drmModeAtomicReq *req, uint32_t plane, uint32_t crtc, uint32_t fb, uint32_t x, uint32_t y, uint32_t w, uint32_t h) {
    add(req, plane, DRM_MODE_OBJECT_PLANE, "FB_ID", fb);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "CRTC_ID", crtc);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "SRC_X", 0);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "SRC_Y", 0);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "SRC_W", (uint64_t)w << 16);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "SRC_H", (uint64_t)h << 16);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "CRTC_X", x);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "CRTC_Y", y);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "CRTC_W", w);
    add(req, plane, DRM_MODE_OBJECT_PLANE, "CRTC_H", h);
}

static int pattern(drmModeRes *res, const char *prefix) {
    drmModeConnector *out = NULL, *wb = NULL;
    for (int i = 0; i < res->count_connectors; i++) {
        drmModeConnector *c = drmModeGetConnector(fd, res->connectors[i]);
        if (c && c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK && !wb) wb = c;
        else if (c && c->connection == DRM_MODE_CONNECTED && c->count_modes && !out) out = c;
        else drmModeFreeConnector(c);
    }
    if (!out) die("no connected connector");
    if (!wb) die("no writeback connector (is vkms loaded with enable_writeback=1?)");
    drmModeModeInfo mode = out->modes[0];
    for (int i = 0; i < out->count_modes; i++)
        if (out->modes[i].type & DRM_MODE_TYPE_PREFERRED) { mode = out->modes[i]; break; }
    uint32_t crtc = res->crtcs[0], w = mode.hdisplay, h = mode.vdisplay;
    uint32_t primary = 0, overlay = 0;
    drmModePlaneRes *pr = drmModeGetPlaneResources(fd);
    for (uint32_t i = 0; pr && i < pr->count_planes; i++) {
        drmModePlane *p = drmModeGetPlane(fd, pr->planes[i]);
        const char *t = plane_type(p->plane_id);
        if ((p->possible_crtcs & 1) && !strcmp(t, "primary") && !primary) primary = p->plane_id;
        if ((p->possible_crtcs & 1) && !strcmp(t, "overlay") && !overlay) overlay = p->plane_id;
        drmModeFreePlane(p);
    }
    drmModeFreePlaneResources(pr);
    if (!primary || !overlay) die("no primary or no overlay plane on the first CRTC");
    if (drmSetMaster(fd)) die("cannot become DRM master; is another program showing video?");

    const uint32_t ox = 100, oy = 80, ow = 256, oh = 128;
    struct buffer screen = make_buffer(w, h, DRM_FORMAT_XRGB8888);
    struct buffer layer = make_buffer(ow, oh, DRM_FORMAT_ARGB8888);
    struct buffer capture = make_buffer(w, h, DRM_FORMAT_XRGB8888);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) screen.pixels[y * (screen.pitch / 4) + x] = primary_pixel(x, y, w, h);
    for (uint32_t y = 0; y < oh; y++)
        for (uint32_t x = 0; x < ow; x++) layer.pixels[y * (layer.pitch / 4) + x] = overlay_pixel(x, y);
    memset(capture.pixels, 0x55, capture.size);

    uint32_t blob = 0;
    drmModeCreatePropertyBlob(fd, &mode, sizeof mode, &blob);
    int32_t fence = -1;
    int detached = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        drmModeAtomicReq *req = drmModeAtomicAlloc();
        add(req, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob);
        add(req, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1);
        add(req, out->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", attempt ? 0 : crtc);
        add_plane(req, primary, crtc, screen.fb, 0, 0, w, h);
        add_plane(req, overlay, crtc, layer.fb, ox, oy, ow, oh);
        add(req, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", crtc);
        add(req, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_FB_ID", capture.fb);
        add(req, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_OUT_FENCE_PTR", (uint64_t)(uintptr_t)&fence);
        int r = drmModeAtomicCommit(fd, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL);
        drmModeAtomicFree(req);
        if (r == 0) break;
        if (attempt || errno != EINVAL) die("the capture commit was refused");
        // Stock vkms cannot clone the CRTC to writeback and Virtual-1: capture without it.
        printf("writeback cannot share the CRTC with the display; capturing with it detached\n");
        detached = 1;
    }
    struct pollfd p = {.fd = fence, .events = POLLIN};
    if (fence < 0 || poll(&p, 1, 5000) != 1) die("the writeback capture did not complete within 5 s");
    close(fence);

    uint32_t *want = malloc((size_t)w * h * 4);
    long mismatches = 0;
    uint32_t fx = 0, fy = 0, got0 = 0, want0 = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            int in = x >= ox && x < ox + ow && y >= oy && y < oy + oh;
            uint32_t e = (in ? overlay_pixel(x - ox, y - oy) : primary_pixel(x, y, w, h)) & 0xffffff;
            uint32_t g = capture.pixels[y * (capture.pitch / 4) + x] & 0xffffff;
            want[y * w + x] = e;
            if (e != g && mismatches++ == 0) { fx = x; fy = y; got0 = g; want0 = e; }
        }
    char path[512];
    snprintf(path, sizeof path, "%s-captured.png", prefix);
    if (write_png(path, capture.pixels, w, h, capture.pitch / 4)) die("cannot write the captured PNG");
    snprintf(path, sizeof path, "%s-expected.png", prefix);
    if (write_png(path, want, w, h, w)) die("cannot write the expected PNG");
    printf("pattern: %ux%u%s mismatches=%ld", w, h, detached ? " (display detached)" : "", mismatches);
    if (mismatches) printf(" first=(%u,%u got=0x%06x want=0x%06x)", fx, fy, got0, want0);
    printf("\n");

    // Leave the display off, as vkms starts: the board's console takes it back when we close.
    drmModeAtomicReq *off = drmModeAtomicAlloc();
    add(off, primary, DRM_MODE_OBJECT_PLANE, "FB_ID", 0);
    add(off, primary, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0);
    add(off, overlay, DRM_MODE_OBJECT_PLANE, "FB_ID", 0);
    add(off, overlay, DRM_MODE_OBJECT_PLANE, "CRTC_ID", 0);
    add(off, out->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
    add(off, wb->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", 0);
    add(off, crtc, DRM_MODE_OBJECT_CRTC, "ACTIVE", 0);
    add(off, crtc, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0);
    drmModeAtomicCommit(fd, off, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL);
    drmModeAtomicFree(off);
    free_buffer(&screen);
    free_buffer(&layer);
    free_buffer(&capture);
    drmModeDestroyPropertyBlob(fd, blob);
    free(want);
    return mismatches ? 1 : 0;
}

int main(int argc, char **argv) {
    const char *card = "/dev/dri/card0", *prefix = NULL;
    int want_list = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--card") && i + 1 < argc) card = argv[++i];
        else if (!strcmp(argv[i], "--list")) want_list = 1;
        else if (!strcmp(argv[i], "--pattern") && i + 1 < argc) prefix = argv[++i];
        else die("usage: kms-capture [--card PATH] --list | --pattern PREFIX");
    }
    if (!want_list && !prefix) die("usage: kms-capture [--card PATH] --list | --pattern PREFIX");
    crc_init();
    fd = open(card, O_RDWR | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "kms-capture: cannot open %s: %s\n", card, strerror(errno)); return 2; }
    if (drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1) || drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1))
        die("the card has no atomic modesetting");
    drmSetClientCap(fd, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1);
    drmModeRes *res = drmModeGetResources(fd);
    if (!res) die("cannot read the card's resources");
    int rc = want_list ? (list(res), 0) : pattern(res, prefix);
    drmModeFreeResources(res);
    close(fd);
    return rc;
}
