# A display behind an HDMI extender that hides the TV's hot-plug and EDID (issue 35). The
# connector is made to read disconnected through the kernel's own override (sysfs `status`, as
# `video=...d` would); with `display-force-mode 1000x600@60` playhead drives it anyway, in a mode
# vkms does not list (CVT reduced blanking, computed by playhead), and the kernel's CRTC state and
# the writeback captures are 1000x600. Then an EDID from a file (`display-edid`), built here byte
# by byte: its one detailed timing, 960x540, is the mode driven and its name is said. A file that
# is not an EDID is said in one line and the connector's own preferred mode is used.
# kernels: 6
# arches: x86_64
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
state=/sys/kernel/debug/dri/0/state
status=/sys/class/drm/card0-Virtual-1/status
crtc_mode() { sed -n 's/^\s*mode: "\([0-9x]*\)".*/\1/p' $state | head -1; }
# The size in a capture's PPM header.
capture_size() { f=$(ls "$1" | head -1); [ -n "$f" ] && head -c 20 "$1/$f" | sed -n 2p | tr ' ' x; }

echo off > $status
connection=$(cat $status)
mkdir -p "$OUT/frames-forced"
playhead --video-output drm --display-force-mode 1000x600@60 --audio-output null --events none --capture-every 10 \
  --capture-dir "$OUT/frames-forced" "$M/h264_aac.mp4" 2> "$OUT/forced.err" &
pid=$!
forced_mode=
for i in $(seq 50); do forced_mode=$(crtc_mode); [ "$forced_mode" = 1000x600 ] && break; sleep 0.1; done
wait $pid
echo detect > $status
cat "$OUT/forced.err"

# E-EDID 1.4: header, version, one detailed timing (960x540, 37.36 MHz, 1120x556 in all), the
# monitor's name, no extension, checksum.
{
  printf '\000\377\377\377\377\377\377\000'; head -c 10 /dev/zero; printf '\001\004'; head -c 34 /dev/zero
  printf '\230\016\300\240\060\034\020\040\060\040\065\000\000\000\000\000\000\036'
  printf '\000\000\000\374\000\114\117\102\102\131\040\124\126\012\040\040\040\040'
  head -c 36 /dev/zero; printf '\000\024'
} > "$OUT/lobby-tv.edid"
mkdir -p "$OUT/frames-edid"
playhead --video-output drm --display-edid "$OUT/lobby-tv.edid" --audio-output null --events none --capture-every 10 \
  --capture-dir "$OUT/frames-edid" "$M/h264_aac.mp4" 2> "$OUT/edid.err" &
pid=$!
edid_mode=
for i in $(seq 50); do edid_mode=$(crtc_mode); [ "$edid_mode" = 960x540 ] && break; sleep 0.1; done
wait $pid
cat "$OUT/edid.err"

playhead --video-output drm --display-edid /etc/hostname --audio-output null --events none "$M/h264_aac.mp4" 2> "$OUT/not-edid.err"
cat "$OUT/not-edid.err"

echo "RESULT forced-mode: connector read $connection; CRTC in $forced_mode, captures $(capture_size "$OUT/frames-forced"); with the EDID file: CRTC in $edid_mode, captures $(capture_size "$OUT/frames-edid")"
[ "$connection" = disconnected ] || { echo "the connector could not be made to read disconnected"; exit 1; }
[ "$forced_mode" = 1000x600 ] || { echo "the forced mode was not driven"; exit 1; }
[ "$(capture_size "$OUT/frames-forced")" = 1000x600 ]
grep -q "display: Virtual-1 is driven in 1000x600@[0-9.]* (preferred) whatever it reports (display-force-mode 1000x600@60)" "$OUT/forced.err"
[ "$edid_mode" = 960x540 ] || { echo "the EDID file's mode was not driven"; exit 1; }
[ "$(capture_size "$OUT/frames-edid")" = 960x540 ]
grep -q "display: display-edid $OUT/lobby-tv.edid (LOBBY TV): 960x540@" "$OUT/edid.err"
grep -q "display: display-edid /etc/hostname: .*not an EDID.*; the connector's own modes are used (fix or remove display-edid)" "$OUT/not-edid.err"
grep -q "Virtual-1 1024x768@60[.0-9]* (preferred)" "$OUT/not-edid.err"
