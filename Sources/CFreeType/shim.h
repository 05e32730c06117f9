// FreeType 2 (Debian 12's 2.12): loads a font and draws its glyphs as coverage bitmaps.
#ifndef PLAYHEAD_CFREETYPE_SHIM_H
#define PLAYHEAD_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H

#endif
