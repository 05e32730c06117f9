// libasound for Swift. Helpers only where Swift cannot reach the C API directly
// (macros, variadic calls, allocation helpers defined as macros).
#ifndef PLAYHEAD_CALSA_SHIM_H
#define PLAYHEAD_CALSA_SHIM_H

#include <errno.h>
#include <poll.h>
#include <alsa/asoundlib.h>

#endif
