// libgpiod 1.x (Debian 12's 1.6) for Swift: the v1 character-device API. A libgpiod 2 wrapper
// would be a second system-library target beside this one.
#ifndef PLAYHEAD_CGPIOD_SHIM_H
#define PLAYHEAD_CGPIOD_SHIM_H

#include <errno.h>
#include <gpiod.h>

#endif
