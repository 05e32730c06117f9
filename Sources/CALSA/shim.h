// libasound for Swift. Helpers only where Swift cannot reach the C API directly
// (macros, variadic calls, allocation helpers defined as macros).
#ifndef PLAYHEAD_CALSA_SHIM_H
#define PLAYHEAD_CALSA_SHIM_H

#include <errno.h>
#include <poll.h>
#include <alsa/asoundlib.h>

// libasound prints its own errors on stderr; playhead says what failed in one line of its own.
// The handler is variadic, which Swift cannot define.
static void phd_alsa_silent(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void phd_alsa_quiet(void) { snd_lib_error_set_handler(phd_alsa_silent); }

#endif
