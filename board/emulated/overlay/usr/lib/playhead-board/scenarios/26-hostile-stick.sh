# A hostile USB stick on the appliance as flashed: the image's own automount (mdev's daemon with
# rootfs-overlay's mdev.conf and /usr/lib/playhead/automount, not a loop of the scenario's own)
# mounts it, and playhead under the supervisor, with the appliance's options file, plays it. The
# host (drivers/26-hostile-stick.py) plugs in an ext4 stick labelled "../../etc" holding
# three good clips, a FIFO, symlinks to /etc/shadow and to a canary file outside the stick, a
# playlist (list.m3u) with ../ and absolute entries, a name full of terminal escapes and a
# damaged clip. First the stick's folder is played, then its playlist. Checked: the mount is
# /media/usb, ro,nosuid,nodev,noexec, whatever the label; the good clips play in order and the
# queue gets past the hostile items; the console (the socket) answers; neither canary is read
# (its atime, set back, stays put); no raw escape reaches the log; the playlist plays nothing
# outside the stick; the pull unmounts it; the supervisor never had to restart playhead. Every
# check is reported; any failure fails the scenario.
# time-limit: 300
. /usr/lib/playhead-board/board.sh
sock=/run/playhead/control.sock
log=$OUT/26-supervise.log
log2=$OUT/26-playlist.log
bad=""
check() { if [ "$2" = ok ]; then echo "check $1: ok"; else echo "check $1: FAILED ($2)"; bad="$bad $1"; fi; }
items() { sed -n 's/.*"event":"currentItemChanged","time":[0-9.]*,"item":"\([^"]*\)".*/\1/p' "$1"; }
stick_items() { items "$log" | sed -n 's|^/media/usb/||p'; }
for m in xhci-pci usb-storage sd_mod ext4 vfat nls_cp437 nls_utf8; do load $m; done
rm -f "$OUT/26-hostile.detach" "$OUT/26-hostile-stick.host.done"

# The canaries: clips playhead could read, their atime set back to their mtime, so that a first
# read moves the atime (relatime). A control file shows that the detector works here.
for f in /tmp/26-canary-link.mp4 /tmp/26-canary-m3u.mp4 /tmp/26-control; do
  cp /usr/share/playhead/media/h264_aac.mp4 "$f" && chmod 644 "$f" && touch -d '2000-01-01 00:00:00' "$f"
done
a0=$(stat -c %X /tmp/26-control)
cat /tmp/26-control > /dev/null
[ "$(stat -c %X /tmp/26-control)" != "$a0" ] || { echo "a read does not move the atime in /tmp: the canaries would see nothing"; exit 1; }
unread() { [ "$(stat -c %X "$1")" = "$a0" ] && echo ok || echo "read at $(stat -c %x "$1")"; }

# The device manager as rcS starts it on the appliance (one already running is kept), and
# playhead's folders as rcS leaves them (its place is kept on /data).
pidof mdev > /dev/null || mdev -d
mkdir -p /run/playhead /data/state && chown playhead:playhead /run/playhead /data/state
# A fresh start: earlier scenarios in this boot (19's crash loop, 25's kills) leave crashes in
# the supervisor's list, and five within ten minutes start playhead in safe mode (the slate).
rm -rf /run/playhead-supervise /var/lib/playhead/state
common="--config /etc/playhead/playhead.conf.appliance --at-end wait --console off --events jsonl --display-mode 640x480"
PLAYHEAD_ARGS="$common --playlist /media/usb" /usr/lib/playhead/supervise > "$log" 2>&1 &
sup=$!
trap 'kill $sup 2>/dev/null || true; sleep 1' EXIT
for i in $(seq 100); do [ -S "$sock" ] && break; sleep 0.2; done
pid=$(pidof playhead)
echo "HOST-DRIVE 26-hostile-stick" > /dev/console

mnt=""
for i in $(seq 300); do mnt=$(grep " /media/usb " /proc/mounts) && break; sleep 0.2; done
echo "mount: $mnt"
[ -n "$mnt" ] || { echo "the automount did not mount the stick"; ls -l /dev/sd* 2>&1; dmesg | tail -20; exit 1; }
opts=$(echo "$mnt" | awk '{print $4}')
r=ok; for o in ro nosuid nodev noexec; do case ",$opts," in *",$o,"*) ;; *) r="no $o in $opts" ;; esac; done
check mount-flags "$r"
[ "$(grep -c '^/dev/sd' /proc/mounts)" = 1 ] && r=ok || r="$(grep '^/dev/sd' /proc/mounts | tr '\n' ' ')"
check mounted-once-at-media-usb "$r"

# The folder: the good clips in order, then on past the hostile items until the loop comes back
# to the first clip (a failing item is tried 3 more times, 1, 2 and 4 s apart, first).
for i in $(seq 450); do stick_items | grep -q "^03 third.mp4$" && break; sleep 0.2; done
got=$(stick_items | grep "^0[123] " | head -3 | tr '\n' '|')
[ "$got" = "01 first.mp4|02 second.mp4|03 third.mp4|" ] && r=ok || r="played: $got"
check good-clips-in-order "$r"
for i in $(seq 600); do [ "$(stick_items | grep -c '^01 first.mp4$')" -ge 2 ] && break; sleep 0.2; done
[ "$(stick_items | grep -c '^01 first.mp4$')" -ge 2 ] && r=ok || r="stuck after: $(stick_items | tail -1 | cat -v)"
check past-the-hostile-items "$r"
timeout 5 ph-socket "$sock" status > /tmp/26-status 2>&1 && grep -q '"ok":true' /tmp/26-status && r=ok || r="$(cat /tmp/26-status)"
check console-answers "$r"
check canary-behind-a-symlink-never-read "$(unread /tmp/26-canary-link.mp4)"
[ "$(pidof playhead)" = "$pid" ] && r=ok || r="playhead $pid is now '$(pidof playhead)'"
if grep -q "playhead-supervise:" "$log"; then r="the supervisor: $(grep 'playhead-supervise:' "$log" | head -3 | tr '\n' ' ')"; fi
check no-restart "$r"

# The stick's playlist, once through.
kill "$sup"; wait "$sup" || true
PLAYHEAD_ARGS="$common --no-loop --playlist /media/usb/list.m3u" /usr/lib/playhead/supervise > "$log2" 2>&1 &
sup=$!
for i in $(seq 450); do grep -q "the playlist ended" "$log2" && break; sleep 0.2; done
grep -q "the playlist ended" "$log2" && r=ok || r="it did not end within 90 s"
check playlist-played-through "$r"
r=$(items "$log2" | grep -v "^/media/usb/" | head -3 | tr '\n' ' ')
[ -z "$r" ] && r=ok || r="played outside the stick: $r"
check playlist-stays-on-the-stick "$r"
items "$log2" | grep -qx "/media/usb/01 first.mp4" && r=ok || r="its good entry did not play"
check playlist-good-entry "$r"
check canary-named-by-the-playlist-never-read "$(unread /tmp/26-canary-m3u.mp4)"
if cat "$log" "$log2" | grep -q "$(printf '\033')"; then r="a raw ESC in playhead's output"; else r=ok; fi
check no-raw-escapes "$r"

touch "$OUT/26-hostile.detach"
for i in $(seq 150); do grep -q " /media/usb " /proc/mounts || break; sleep 0.2; done
if grep -q " /media/usb " /proc/mounts; then r="still mounted 30 s after the pull"; else r=ok; fi
check unmounted-when-pulled "$r"
for i in $(seq 100); do [ -s "$OUT/26-hostile-stick.host.done" ] && break; sleep 0.2; done
r=$(cat "$OUT/26-hostile-stick.host.done" 2>/dev/null); [ "$r" = pass ] && r=ok
check host-driver "$r"
echo "--- the folder's items:"; items "$log" | cat -v
echo "--- the playlist's items:"; items "$log2" | cat -v
echo "--- playhead on the playlist said:"; grep -v '"event":"timeChanged"' "$log2" | tail -30 | cat -v
[ -z "$bad" ] || { echo "failed:$bad"; exit 1; }
echo "RESULT hostile stick: mounted ro,nosuid,nodev,noexec at /media/usb, good clips in order, past the hostile items, canaries unread, the playlist kept on the stick, unmounted at the pull"
