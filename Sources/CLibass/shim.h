// libass (Debian 12's 0.17): lays out and draws ASS subtitle events, which FFmpeg's subtitle
// decoders make of SRT, WebVTT and ASS alike.
#ifndef PLAYHEAD_CLIBASS_SHIM_H
#define PLAYHEAD_CLIBASS_SHIM_H

#include <ass/ass.h>

#endif
