// libass (Debian 12's 0.17): lays out and draws ASS subtitle events, which FFmpeg's subtitle
// decoders make of SRT, WebVTT and ASS alike.
#ifndef PLAYHEAD_CLIBASS_SHIM_H
#define PLAYHEAD_CLIBASS_SHIM_H

#include <stdarg.h>
#include <ass/ass.h>

// libass's messages go to stderr, which is the serial console; they are dropped here, in C,
// because a Swift closure taking a va_list crashed the aarch64 compiler (Swift 6.2.3).
static void playhead_ass_drop_message(int level, const char *format, va_list args, void *data) {
    (void)level; (void)format; (void)args; (void)data;
}

static inline void playhead_ass_quiet(ASS_Library *library) {
    ass_set_message_cb(library, playhead_ass_drop_message, 0);
}

#endif
