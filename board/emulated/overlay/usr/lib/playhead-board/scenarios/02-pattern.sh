# A test pattern on the primary plane and one overlay plane, captured through the writeback
# connector, matches the expected composition pixel for pixel (PNGs in the share). The CRTC's
# per-frame CRCs are readable while the console shows on it.
# kernels: 6 7
# arches: x86_64 arm64
# time-limit: 60
kms-capture --pattern "$OUT/pattern"
crc-capture 3 | tee "$OUT/crc.txt"
test "$(wc -l < "$OUT/crc.txt")" -eq 3
