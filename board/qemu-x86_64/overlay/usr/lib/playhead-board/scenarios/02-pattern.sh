# A test pattern on the primary plane and one overlay plane, captured through the writeback
# connector, matches the expected composition pixel for pixel; the CRTC's CRCs are readable.
# time-limit: 60
. /usr/lib/playhead-board/board.sh
kms-pattern --out "$OUT/pattern"
