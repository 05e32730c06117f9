// HarfBuzz (Debian 12's 6.0): shapes text into glyphs and their places (right-to-left and
// Indic scripts included), with its own OpenType functions, so no FreeType is needed here.
#ifndef PLAYHEAD_CHARFBUZZ_SHIM_H
#define PLAYHEAD_CHARFBUZZ_SHIM_H

#include <hb.h>

#endif
