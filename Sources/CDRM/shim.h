// libdrm for Swift. The helpers wrap what Swift cannot import (ioctl numbers are macros, page
// flip events arrive through a C callback table) and nothing more.
#ifndef PLAYHEAD_CDRM_SHIM_H
#define PLAYHEAD_CDRM_SHIM_H

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static inline int phd_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                  uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb req;
    memset(&req, 0, sizeof req);
    req.width = width;
    req.height = height;
    req.bpp = bpp;
    if (drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &req) < 0) return -errno;
    *handle = req.handle;
    *pitch = req.pitch;
    *size = req.size;
    return 0;
}

static inline int phd_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb req;
    memset(&req, 0, sizeof req);
    req.handle = handle;
    if (drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &req) < 0) return -errno;
    *offset = req.offset;
    return 0;
}

static inline int phd_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb req;
    memset(&req, 0, sizeof req);
    req.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &req) < 0 ? -errno : 0;
}

// One page-flip completion: the vblank time on CLOCK_MONOTONIC and the commit's user data.
typedef struct {
    uint64_t user_data;
    uint64_t time_ns;
    uint32_t sequence;
    uint32_t crtc_id;
} phd_flip;

// Reads the events waiting on the card (the caller polled it) and keeps the flip completions,
// parsed from the kernel's own records rather than through drmHandleEvent's callbacks.
// Returns how many were stored, or -errno.
static inline int phd_read_flips(int fd, phd_flip *out, int max) {
    char buffer[1024];
    ssize_t len = read(fd, buffer, sizeof buffer);
    if (len < 0) return -errno;
    int count = 0;
    for (ssize_t at = 0; at + (ssize_t)sizeof(struct drm_event) <= len;) {
        struct drm_event header;
        memcpy(&header, buffer + at, sizeof header);
        if (header.length < sizeof header || at + header.length > (size_t)len) break;
        if (header.type == DRM_EVENT_FLIP_COMPLETE && header.length >= sizeof(struct drm_event_vblank) && count < max) {
            struct drm_event_vblank v;
            memcpy(&v, buffer + at, sizeof v);
            out[count].user_data = v.user_data;
            out[count].time_ns = (uint64_t)v.tv_sec * 1000000000ull + (uint64_t)v.tv_usec * 1000ull;
            out[count].sequence = v.sequence;
            out[count].crtc_id = v.crtc_id;
            count++;
        }
        at += header.length;
    }
    return count;
}

// drmModeAtomicCommit with the flip event's user data carried as an integer.
static inline int phd_atomic_commit(int fd, drmModeAtomicReqPtr req, uint32_t flags, uint64_t user_data) {
    int r = drmModeAtomicCommit(fd, req, flags, (void *)(uintptr_t)user_data);
    return r < 0 ? -errno : 0;
}

#endif
