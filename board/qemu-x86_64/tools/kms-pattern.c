/*
 * kms-pattern: guest-side KMS test for the qemu-x86_64 board (vkms).
 *   kms-pattern [--card /dev/dri/card0] --list | --out PREFIX
 * --list prints one line per connector, CRTC and plane for scenario scripts to grep.
 * --out commits a test pattern to the primary plane and an opaque overlay, captures the composed
 * CRTC output through the writeback connector, compares it pixel for pixel with the composition
 * computed here and writes PREFIX-captured.png and PREFIX-expected.png.
 * Exit: 0 match (or --list done), 1 mismatches, 2 the test could not run.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

/* The overlay rectangle; vkms cannot scale, so source and destination sizes are equal. */
#define OV_X 100
#define OV_Y 80
#define OV_W 256
#define OV_H 128
#define FENCE_TIMEOUT_MS 5000

struct dumb {
	uint32_t handle, fb_id, pitch;
	uint64_t size;
	void *map;
};

struct setup {
	uint32_t conn_id, wb_id, crtc_id, primary_id, overlay_id;
	char conn_name[32];
	drmModeModeInfo mode;
};

static int card = -1;

static void err(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("kms-pattern: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* Property IDs differ between kernels and drivers, so every lookup goes by name. */
static uint32_t prop_find(uint32_t obj, uint32_t type, const char *name, uint64_t *value)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(card, obj, type);
	uint32_t id = 0;
	for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
		drmModePropertyRes *p = drmModeGetProperty(card, props->props[i]);
		if (p && strcmp(p->name, name) == 0) {
			id = p->prop_id;
			if (value)
				*value = props->prop_values[i];
		}
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return id;
}

static bool add(drmModeAtomicReq *req, uint32_t obj, uint32_t type, const char *name, uint64_t value)
{
	uint32_t id = prop_find(obj, type, name, NULL);
	if (!id)
		err("object %u has no property %s", obj, name);
	else if (drmModeAtomicAddProperty(req, obj, id, value) < 0)
		err("cannot add property %s to an atomic request", name);
	else
		return true;
	return false;
}

static const char *plane_type(uint32_t plane_id)
{
	uint64_t t = 99;
	prop_find(plane_id, DRM_MODE_OBJECT_PLANE, "type", &t);
	return t == DRM_PLANE_TYPE_PRIMARY ? "primary" : t == DRM_PLANE_TYPE_OVERLAY ? "overlay"
	     : t == DRM_PLANE_TYPE_CURSOR ? "cursor" : "unknown";
}

static bool plane_has_format(const drmModePlane *p, uint32_t fmt)
{
	for (uint32_t i = 0; i < p->count_formats; i++)
		if (p->formats[i] == fmt)
			return true;
	return false;
}

/* A connector reaches a CRTC only through an encoder, so its CRTC set is their union. */
static uint32_t connector_crtcs(const drmModeConnector *c)
{
	uint32_t mask = 0;
	for (int i = 0; i < c->count_encoders; i++) {
		drmModeEncoder *e = drmModeGetEncoder(card, c->encoders[i]);
		if (e)
			mask |= e->possible_crtcs;
		drmModeFreeEncoder(e);
	}
	return mask;
}

static const char *connector_type(const drmModeConnector *c)
{
	const char *t = drmModeGetConnectorTypeName(c->connector_type);
	return t ? t : "Unknown";
}

static const drmModeModeInfo *preferred_mode(const drmModeConnector *c)
{
	for (int i = 0; i < c->count_modes; i++)
		if (c->modes[i].type & DRM_MODE_TYPE_PREFERRED)
			return &c->modes[i];
	return c->count_modes ? &c->modes[0] : NULL;
}

static int list_all(const drmModeRes *res, const drmModePlaneRes *pres)
{
	for (int i = 0; i < res->count_connectors; i++) {
		drmModeConnector *c = drmModeGetConnector(card, res->connectors[i]);
		if (!c)
			continue;
		const drmModeModeInfo *m = preferred_mode(c);
		printf("connector %u %s-%u status=%s type=%s crtcs=0x%x", c->connector_id, connector_type(c),
		       c->connector_type_id, c->connection == DRM_MODE_CONNECTED ? "connected"
		       : c->connection == DRM_MODE_DISCONNECTED ? "disconnected" : "unknown",
		       connector_type(c), connector_crtcs(c));
		if (m)
			printf(" mode=%ux%u", m->hdisplay, m->vdisplay);
		putchar('\n');
		drmModeFreeConnector(c);
	}
	for (int i = 0; i < res->count_crtcs; i++) {
		uint64_t active = 0;
		drmModeCrtc *c = drmModeGetCrtc(card, res->crtcs[i]);
		if (!c)
			continue;
		prop_find(c->crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE", &active);
		printf("crtc %u index=%d active=%u mode=", c->crtc_id, i, (unsigned)active);
		if (c->mode_valid)
			printf("%ux%u\n", c->mode.hdisplay, c->mode.vdisplay);
		else
			printf("none\n");
		drmModeFreeCrtc(c);
	}
	for (uint32_t i = 0; i < pres->count_planes; i++) {
		drmModePlane *p = drmModeGetPlane(card, pres->planes[i]);
		if (!p)
			continue;
		printf("plane %u type=%s formats=", p->plane_id, plane_type(p->plane_id));
		for (uint32_t f = 0; f < p->count_formats; f++) /* fourcc bytes (little-endian) read as XR24, AR24 */
			printf("%s%.4s", f ? "," : "", (const char *)&p->formats[f]);
		printf(" crtcs=0x%x\n", p->possible_crtcs);
		drmModeFreePlane(p);
	}
	return fflush(stdout) == 0 ? 0 : 2;
}

/* Finds Virtual-1, Writeback-1, a CRTC both can use and the planes on it. */
static bool pick(const drmModeRes *res, const drmModePlaneRes *pres, struct setup *s)
{
	uint32_t conn_mask = 0, wb_mask = 0;
	memset(s, 0, sizeof *s);
	for (int i = 0; i < res->count_connectors; i++) {
		drmModeConnector *c = drmModeGetConnector(card, res->connectors[i]);
		if (!c)
			continue;
		if (c->connector_type == DRM_MODE_CONNECTOR_WRITEBACK && !s->wb_id) {
			s->wb_id = c->connector_id;
			wb_mask = connector_crtcs(c);
		} else if (c->connector_type != DRM_MODE_CONNECTOR_WRITEBACK && !s->conn_id &&
			   c->connection == DRM_MODE_CONNECTED && c->count_modes > 0) {
			s->conn_id = c->connector_id;
			s->mode = *preferred_mode(c);
			conn_mask = connector_crtcs(c);
			snprintf(s->conn_name, sizeof s->conn_name, "%s-%u", connector_type(c), c->connector_type_id);
		}
		drmModeFreeConnector(c);
	}
	if (!s->conn_id)
		return err("no connected connector with modes"), false;
	if (!s->wb_id)
		return err("no writeback connector (is vkms loaded with enable_writeback=1?)"), false;

	int idx = -1;
	for (int i = 0; i < res->count_crtcs && i < 32 && idx < 0; i++)
		if (conn_mask & wb_mask & (1u << i))
			idx = i;
	if (idx < 0)
		return err("no CRTC usable by both %s and the writeback connector", s->conn_name), false;
	s->crtc_id = res->crtcs[idx];

	for (uint32_t i = 0; i < pres->count_planes; i++) {
		drmModePlane *p = drmModeGetPlane(card, pres->planes[i]);
		if (p && (p->possible_crtcs & (1u << idx))) {
			const char *t = plane_type(p->plane_id);
			if (!s->primary_id && !strcmp(t, "primary") && plane_has_format(p, DRM_FORMAT_XRGB8888))
				s->primary_id = p->plane_id;
			if (!s->overlay_id && !strcmp(t, "overlay") && plane_has_format(p, DRM_FORMAT_ARGB8888))
				s->overlay_id = p->plane_id;
		}
		drmModeFreePlane(p);
	}
	if (!s->primary_id)
		return err("no primary plane with XR24 on CRTC %u", s->crtc_id), false;
	if (!s->overlay_id)
		return err("no overlay plane with AR24 on CRTC %u (is vkms loaded with enable_overlay=1?)",
			   s->crtc_id), false;

	/* Checked up front so an unsupported format reads as such, not as a bare EINVAL later. */
	uint64_t blob_id = 0;
	bool xr24 = false;
	if (prop_find(s->wb_id, DRM_MODE_OBJECT_CONNECTOR, "WRITEBACK_PIXEL_FORMATS", &blob_id) && blob_id) {
		drmModePropertyBlobRes *b = drmModeGetPropertyBlob(card, (uint32_t)blob_id);
		for (uint32_t i = 0; b && i < b->length / 4; i++)
			xr24 |= ((const uint32_t *)b->data)[i] == DRM_FORMAT_XRGB8888;
		drmModeFreePropertyBlob(b);
	}
	if (!xr24)
		return err("writeback connector %u does not list XR24 in WRITEBACK_PIXEL_FORMATS", s->wb_id), false;
	return true;
}

static bool dumb_create(struct dumb *d, uint32_t w, uint32_t h, uint32_t fourcc)
{
	struct drm_mode_create_dumb c = { .width = w, .height = h, .bpp = 32 };
	if (drmIoctl(card, DRM_IOCTL_MODE_CREATE_DUMB, &c) < 0)
		return err("cannot create a %ux%u dumb buffer: %s", w, h, strerror(errno)), false;
	d->handle = c.handle, d->pitch = c.pitch, d->size = c.size;
	uint32_t handles[4] = { c.handle }, pitches[4] = { c.pitch }, offsets[4] = { 0 };
	if (drmModeAddFB2(card, w, h, fourcc, handles, pitches, offsets, &d->fb_id, 0))
		return err("cannot add a %ux%u framebuffer: %s", w, h, strerror(errno)), false;
	struct drm_mode_map_dumb m = { .handle = c.handle };
	if (drmIoctl(card, DRM_IOCTL_MODE_MAP_DUMB, &m) < 0)
		return err("cannot map dumb buffer %u: %s", c.handle, strerror(errno)), false;
	void *p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, card, (off_t)m.offset);
	if (p == MAP_FAILED)
		return err("mmap of dumb buffer %u failed: %s", c.handle, strerror(errno)), false;
	d->map = p;
	return true;
}

static void dumb_destroy(struct dumb *d)
{
	if (d->map)
		munmap(d->map, d->size);
	if (d->fb_id)
		drmModeRmFB(card, d->fb_id);
	if (d->handle)
		drmIoctl(card, DRM_IOCTL_MODE_DESTROY_DUMB, &(struct drm_mode_destroy_dumb){ .handle = d->handle });
	memset(d, 0, sizeof *d);
}

static uint32_t *row_of(const struct dumb *d, uint32_t y)
{
	return (uint32_t *)((uint8_t *)d->map + (size_t)y * d->pitch);
}

/* Bars include pure red and pure blue apart, so a swapped channel order cannot match. */
static uint32_t primary_pixel(uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
	static const uint32_t bars[8] = { 0xffffff, 0xffff00, 0x00ffff, 0x00ff00,
					  0xff00ff, 0xff0000, 0x0000ff, 0x000000 };
	if (y < h * 2 / 3)
		return 0xff000000u | bars[x * 8 / w];
	/* Every channel varies differently, so a row or column shift shows as mismatches. */
	return 0xff000000u | (x * 255 / (w - 1)) << 16 | ((y * 4) & 0xff) << 8 | ((x ^ y) & 0xff);
}

/* Opaque everywhere: vkms blending with alpha 0xff returns the source exactly. */
static uint32_t overlay_pixel(uint32_t x, uint32_t y)
{
	if (((x / 16) ^ (y / 16)) & 1)
		return 0xff2080e0u;
	return 0xff000000u | (255 - x) << 16 | (y * 2) << 8 | 0x40;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	static uint32_t table[256];
	if (!table[1])
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
	crc = ~crc;
	while (n--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static bool png_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t len)
{
	uint8_t hdr[8], tail[4];
	put_be32(hdr, len);
	memcpy(hdr + 4, type, 4);
	put_be32(tail, crc32_update(crc32_update(0, hdr + 4, 4), data, len));
	return fwrite(hdr, 1, 8, f) == 8 && (len == 0 || fwrite(data, 1, len, f) == len) &&
	       fwrite(tail, 1, 4, f) == 4;
}

/*
 * RGB 8-bit PNG in stored (uncompressed) deflate blocks: the guest carries no zlib and the host
 * only needs to read the files. `stride` is in pixels.
 */
static bool png_write(const char *path, const uint32_t *pix, size_t stride, uint32_t w, uint32_t h)
{
	size_t row = 1 + (size_t)w * 3, raw_len = row * h, blocks = (raw_len + 65534) / 65535;
	size_t o = 0, z_len = 2 + raw_len + blocks * 5 + 4;
	uint8_t *raw = malloc(raw_len), *z = malloc(z_len);
	bool ok = false;
	if (!raw || !z || z_len > 0x7fffffff) {
		err("%s: cannot allocate the image", path);
		goto out;
	}
	for (uint32_t y = 0; y < h; y++) {
		uint8_t *r = raw + y * row;
		*r++ = 0; /* filter type None */
		for (uint32_t x = 0; x < w; x++) {
			uint32_t v = pix[y * stride + x];
			*r++ = (uint8_t)(v >> 16), *r++ = (uint8_t)(v >> 8), *r++ = (uint8_t)v;
		}
	}
	z[o++] = 0x78, z[o++] = 0x01; /* deflate, 32 KiB window; 0x7801 % 31 == 0 as zlib requires */
	for (size_t done = 0; done < raw_len;) {
		size_t n = raw_len - done > 65535 ? 65535 : raw_len - done;
		z[o++] = done + n == raw_len; /* BFINAL on the last block, BTYPE 00 (stored) */
		z[o++] = (uint8_t)n, z[o++] = (uint8_t)(n >> 8), z[o++] = (uint8_t)~n, z[o++] = (uint8_t)(~n >> 8);
		memcpy(z + o, raw + done, n);
		o += n, done += n;
	}
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < raw_len; i++)
		a = (a + raw[i]) % 65521, b = (b + a) % 65521;
	put_be32(z + o, b << 16 | a);
	o += 4;

	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	uint8_t ihdr[13] = { 0 };
	put_be32(ihdr, w);
	put_be32(ihdr + 4, h);
	ihdr[8] = 8, ihdr[9] = 2; /* 8 bits per sample, colour type 2 (RGB) */
	FILE *f = fopen(path, "wb");
	if (f) {
		ok = fwrite(sig, 1, 8, f) == 8 && png_chunk(f, "IHDR", ihdr, 13) &&
		     png_chunk(f, "IDAT", z, (uint32_t)o) && png_chunk(f, "IEND", NULL, 0);
		ok = fclose(f) == 0 && ok;
	}
	if (!ok)
		err("cannot write %s: %s", path, strerror(errno));
out:
	free(raw);
	free(z);
	return ok;
}

/* Frees the request. Returns 0 or -errno; -ENOENT when a property was missing (reported). */
static int commit(drmModeAtomicReq *req, bool ok)
{
	/* ALLOW_MODESET everywhere: attaching or detaching a connector reroutes the CRTC. */
	int ret = ok ? drmModeAtomicCommit(card, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL) : -ENOENT;
	drmModeAtomicFree(req);
	return ret < 0 ? ret : 0;
}

/* The whole buffer at (x,y); vkms cannot scale, so the SRC and CRTC sizes are equal. */
static bool plane_on(drmModeAtomicReq *req, uint32_t plane, uint32_t fb, uint32_t crtc,
		     uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
	const uint32_t P = DRM_MODE_OBJECT_PLANE;
	return add(req, plane, P, "FB_ID", fb) && add(req, plane, P, "CRTC_ID", crtc) &&
	       add(req, plane, P, "SRC_X", 0) && add(req, plane, P, "SRC_Y", 0) &&
	       add(req, plane, P, "SRC_W", (uint64_t)w << 16) && add(req, plane, P, "SRC_H", (uint64_t)h << 16) &&
	       add(req, plane, P, "CRTC_X", x) && add(req, plane, P, "CRTC_Y", y) &&
	       add(req, plane, P, "CRTC_W", w) && add(req, plane, P, "CRTC_H", h);
}

static int modeset(const struct setup *s, uint32_t blob, uint32_t prim_fb, uint32_t ov_fb)
{
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	return commit(req, req &&
		      add(req, s->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID", blob) &&
		      add(req, s->crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE", 1) &&
		      add(req, s->conn_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", s->crtc_id) &&
		      plane_on(req, s->primary_id, prim_fb, s->crtc_id, 0, 0, s->mode.hdisplay, s->mode.vdisplay) &&
		      plane_on(req, s->overlay_id, ov_fb, s->crtc_id, OV_X, OV_Y, OV_W, OV_H));
}

/* vkms starts with everything off; leave it so for the next scenario. */
static int restore(const struct setup *s)
{
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	const uint32_t P = DRM_MODE_OBJECT_PLANE, C = DRM_MODE_OBJECT_CONNECTOR;
	return commit(req, req &&
		      add(req, s->crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE", 0) &&
		      add(req, s->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID", 0) &&
		      add(req, s->conn_id, C, "CRTC_ID", 0) && add(req, s->wb_id, C, "CRTC_ID", 0) &&
		      add(req, s->primary_id, P, "FB_ID", 0) && add(req, s->primary_id, P, "CRTC_ID", 0) &&
		      add(req, s->overlay_id, P, "FB_ID", 0) && add(req, s->overlay_id, P, "CRTC_ID", 0));
}

static int capture_commit(const struct setup *s, uint32_t fb_id, bool detach, int32_t *fence)
{
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	const uint32_t C = DRM_MODE_OBJECT_CONNECTOR;
	*fence = -1;
	return commit(req, req &&
		      add(req, s->wb_id, C, "CRTC_ID", s->crtc_id) &&
		      add(req, s->wb_id, C, "WRITEBACK_FB_ID", fb_id) &&
		      add(req, s->wb_id, C, "WRITEBACK_OUT_FENCE_PTR", (uint64_t)(uintptr_t)fence) &&
		      (!detach || add(req, s->conn_id, C, "CRTC_ID", 0)));
}

/* One writeback frame into fb_id; returns once the kernel has signalled that it is written. */
static bool capture(const struct setup *s, uint32_t fb_id)
{
	int32_t fence;
	int ret = capture_commit(s, fb_id, false, &fence);
	/* An unpatched vkms refuses to clone the CRTC; a capture without the display still tests it. */
	if (ret == -EINVAL) {
		printf("capture: writeback cannot share CRTC %u with %s (EINVAL); retrying with %s detached\n",
		       s->crtc_id, s->conn_name, s->conn_name);
		ret = capture_commit(s, fb_id, true, &fence);
	}
	if (ret)
		return err("writeback commit failed: %s", strerror(-ret)), false;
	if (fence < 0)
		return err("writeback commit returned no out-fence"), false;
	struct pollfd pfd = { .fd = fence, .events = POLLIN };
	int pr;
	do
		pr = poll(&pfd, 1, FENCE_TIMEOUT_MS);
	while (pr < 0 && errno == EINTR);
	if (pr <= 0)
		err("writeback capture did not complete: %s", pr ? strerror(errno) : "no fence within 5 s");
	close(fence);
	return pr > 0;
}

/* Compares RGB only: the X byte of XR24 carries nothing. Prints the result line. */
static unsigned long compare(const struct dumb *wb, const uint32_t *want, uint32_t w, uint32_t h)
{
	unsigned long bad = 0;
	uint32_t fx = 0, fy = 0, fgot = 0, fwant = 0;
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++) {
			uint32_t got = row_of(wb, y)[x] & 0xffffff, exp = want[(size_t)y * w + x] & 0xffffff;
			if (got != exp && bad++ == 0)
				fx = x, fy = y, fgot = got, fwant = exp;
		}
	if (bad)
		printf("pattern: %ux%u mismatches=%lu first=(%u,%u got=0x%06x want=0x%06x)\n",
		       w, h, bad, fx, fy, fgot, fwant);
	else
		printf("pattern: %ux%u mismatches=0 first=none\n", w, h);
	return bad;
}

static int run(const drmModeRes *res, const drmModePlaneRes *pres, const char *prefix)
{
	struct setup s;
	struct dumb prim = { 0 }, ov = { 0 }, wb = { 0 };
	uint32_t blob = 0, *want = NULL;
	char *path = NULL;
	int rc = 2, ret;

	if (!pick(res, pres, &s))
		return 2;
	uint32_t w = s.mode.hdisplay, h = s.mode.vdisplay;
	if (w < OV_X + OV_W || h < OV_Y + OV_H)
		return err("mode %ux%u is too small for the %ux%u overlay at (%u,%u)", w, h, OV_W, OV_H, OV_X, OV_Y), 2;
	printf("setup: connector %u %s mode %ux%u crtc %u primary %u overlay %u writeback %u\n",
	       s.conn_id, s.conn_name, w, h, s.crtc_id, s.primary_id, s.overlay_id, s.wb_id);

	if (!dumb_create(&prim, w, h, DRM_FORMAT_XRGB8888) || !dumb_create(&ov, OV_W, OV_H, DRM_FORMAT_ARGB8888) ||
	    !dumb_create(&wb, w, h, DRM_FORMAT_XRGB8888))
		goto out;
	want = malloc((size_t)w * h * sizeof *want);
	path = malloc(strlen(prefix) + sizeof "-captured.png");
	if (!want || !path) {
		err("out of memory");
		goto out;
	}
	/* The expected image comes from the same functions, never from reading the buffers back. */
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			row_of(&prim, y)[x] = want[(size_t)y * w + x] = primary_pixel(x, y, w, h);
	for (uint32_t y = 0; y < OV_H; y++)
		for (uint32_t x = 0; x < OV_W; x++)
			row_of(&ov, y)[x] = want[(size_t)(OV_Y + y) * w + OV_X + x] = overlay_pixel(x, y);

	if (drmModeCreatePropertyBlob(card, &s.mode, sizeof s.mode, &blob)) {
		err("cannot create the mode blob: %s", strerror(errno));
		goto out;
	}
	if ((ret = modeset(&s, blob, prim.fb_id, ov.fb_id))) {
		err("modeset commit failed: %s", strerror(-ret));
		goto off;
	}
	if (!capture(&s, wb.fb_id))
		goto off;
	rc = compare(&wb, want, w, h) ? 1 : 0;
	sprintf(path, "%s-captured.png", prefix);
	if (!png_write(path, row_of(&wb, 0), wb.pitch / 4, w, h))
		rc = 2;
	sprintf(path, "%s-expected.png", prefix);
	if (!png_write(path, want, w, w, h))
		rc = 2;
off:
	/* Also after a failed commit: a no-op then, and nothing can stay half on. */
	if ((ret = restore(&s))) {
		err("could not switch the display off again: %s", strerror(-ret));
		rc = 2;
	}
out:
	dumb_destroy(&wb);
	dumb_destroy(&ov);
	dumb_destroy(&prim);
	if (blob)
		drmModeDestroyPropertyBlob(card, blob);
	free(want);
	free(path);
	return rc;
}

int main(int argc, char **argv)
{
	const char *path = "/dev/dri/card0", *prefix = NULL;
	bool list = false, usage = false;
	for (int i = 1; i < argc && !usage; i++) {
		if (!strcmp(argv[i], "--card") && i + 1 < argc)
			path = argv[++i];
		else if (!strcmp(argv[i], "--out") && i + 1 < argc)
			prefix = argv[++i];
		else if (!strcmp(argv[i], "--list"))
			list = true;
		else
			usage = true;
	}
	if (usage || list == (prefix != NULL)) {
		fprintf(stderr, "usage: kms-pattern [--card DEV] --list | --out PREFIX\n");
		return 2;
	}
	/* Line-buffered so stdout and stderr keep their order in the scenario logs. */
	setvbuf(stdout, NULL, _IOLBF, 0);

	card = open(path, O_RDWR | O_CLOEXEC);
	if (card < 0) {
		err("cannot open %s: %s", path, strerror(errno));
		return 2;
	}
	int rc = 2;
	drmModeRes *res = NULL;
	drmModePlaneRes *pres = NULL;
	/* Writeback connectors stay hidden unless the client opts into atomic first, then writeback. */
	if (drmSetClientCap(card, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1) ||
	    drmSetClientCap(card, DRM_CLIENT_CAP_ATOMIC, 1))
		err("%s does not support atomic modesetting", path);
	else if (drmSetClientCap(card, DRM_CLIENT_CAP_WRITEBACK_CONNECTORS, 1))
		err("%s does not offer writeback connectors", path);
	else if (!(res = drmModeGetResources(card)))
		err("%s is not a KMS device: %s", path, strerror(errno));
	else if (!(pres = drmModeGetPlaneResources(card)))
		err("%s has no planes: %s", path, strerror(errno));
	else
		rc = list ? list_all(res, pres) : run(res, pres, prefix);
	drmModeFreePlaneResources(pres);
	drmModeFreeResources(res);
	close(card);
	return rc;
}
