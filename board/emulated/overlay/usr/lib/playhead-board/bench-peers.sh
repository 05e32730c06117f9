# The players side by side in this guest, on the same clips, screen and sound card: playhead,
# mpv (--vo=drm --ao=alsa) and GStreamer (kmssink, alsasink). mpv and GStreamer are the host's
# own Debian packages: the host's root comes in read-only over 9p (tag hostroot) and they run
# chrooted into it. Each run is watched from outside: frame-log records what the screen showed
# at every vblank, and /proc gives the CPU time and the peak memory. The host works the
# figures out (boot/peers.py). Sourced by board.sh.

HOSTROOT=/hostroot

# The host's root with this guest's /dev, /proc, /sys and /tmp, and the share at /mnt.
mount_hostroot() {
  [ -d $HOSTROOT/usr ] && return 0
  mkdir -p $HOSTROOT
  mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,ro hostroot $HOSTROOT 2>/dev/null || return 1
  for d in dev proc sys tmp; do mount --bind /$d $HOSTROOT/$d || return 1; done
  mount --bind $BOARD_SHARE $HOSTROOT/mnt
}

# One run: peer_run NAME CLIPNAME SECONDS COMMAND... (the command sees the clip as $CLIP).
# Prints "BENCH-PEER player=NAME clip=CLIPNAME start=T end=T cpu-ticks=N hwm-kb=N exit=N".
peer_run() {
  name=$1 clip=$2 limit=$3
  shift 3
  frames="$OUT/peer-$name-$clip.frames"
  frame-log $((limit + 3)) > "$frames" 2>/dev/null &
  logger_pid=$!
  sleep 0.5
  start=$(cut -d' ' -f1 /proc/uptime)
  "$@" > "$OUT/peer-$name-$clip.log" 2>&1 &
  pid=$!
  ticks=0 hwm=0 waited=0
  while kill -0 $pid 2>/dev/null; do
    # utime + stime (fields 14 and 15; the name in field 2 has no spaces here).
    t=$(awk '{ print $14 + $15 }' /proc/$pid/stat 2>/dev/null) && [ -n "$t" ] && ticks=$t
    h=$(awk '/^VmHWM:/ { print $2 }' /proc/$pid/status 2>/dev/null) && [ -n "$h" ] && hwm=$h
    sleep 0.2
    waited=$((waited + 1))
    if [ $waited -gt $((limit * 5)) ]; then kill $pid 2>/dev/null; fi
  done
  rc=0; wait $pid || rc=$?
  end=$(cut -d' ' -f1 /proc/uptime)
  # A second more for the exit's own picture, then the log is done.
  sleep 1
  kill $logger_pid 2>/dev/null || true
  wait $logger_pid 2>/dev/null || true
  echo "BENCH-PEER player=$name clip=$clip start=$start end=$end cpu-ticks=$ticks hwm-kb=$hwm exit=$rc"
}

bench_peers() {
  if ! mount_hostroot; then
    echo "BENCH-PEER-ERROR the host's root is not shared (boot.py --mode bench shares it as hostroot)"
    return 0
  fi
  export GST_REGISTRY=/mnt/gst-registry.bin GST_REGISTRY_UPDATE=no
  # 640x480: vkms composes the whole screen again for every CRC, and at 1024x768 that worker
  # took so much of the two vCPUs that every player fell far behind (playhead showed 61 of 300
  # frames at 360p, mpv finished 77 s late): the figures said more about the probe than the
  # players. The 360p clip fits unscaled; the 720p one is scaled down by each player.
  bench_reference
  for clip in bench_360p30.mp4 bench_720p30.mp4; do
    c=/mnt/media/$clip
    peer_run playhead $clip 60 playhead --video-output drm --display-mode 640x480 --audio-output alsa \
      --audio-device hw:Loopback,0,0 --events none --stats $BOARD_SHARE/media/$clip
    peer_run mpv $clip 100 chroot $HOSTROOT env HOME=/tmp mpv --no-config --msg-level=all=warn --vo=drm --drm-mode=640x480 \
      --ao=alsa --audio-device=alsa/hw:Loopback,0,0 --hwdec=no $c
    # vkms cannot scale: GStreamer scales in software to the screen, borders kept black.
    peer_run gstreamer $clip 100 chroot $HOSTROOT env HOME=/tmp GST_DEBUG=2 GST_DEBUG_NO_COLOR=1 gst-launch-1.0 -q filesrc location=$c ! qtdemux name=d \
      d.video_0 ! queue ! h264parse ! avdec_h264 ! videoconvert ! videoscale add-borders=true ! \
      video/x-raw,width=640,height=480,pixel-aspect-ratio=1/1 ! kmssink driver-name=vkms \
      d.audio_0 ! queue ! aacparse ! avdec_aac ! audioconvert ! audioresample ! alsasink device=hw:Loopback,0,0
  done
  bench_loop_gap
}

# First the reference: one second of black, whose CRCs are then not counted as anyone's picture.
bench_reference() {
  peer_run reference black_480p.mp4 20 playhead --video-output drm --display-mode 640x480 --events none \
    $BOARD_SHARE/media/black_480p.mp4
}

# The gap at a loop: a one-second clip five times over (gst-launch has no loop: not measured).
bench_loop_gap() {
  # With playhead's flip trace: which long picture was late to commit, and which was drawn late.
  peer_run playhead loop_1s.mp4 8 timeout -s TERM 6 playhead --video-output drm --display-mode 640x480 \
    --audio-output alsa --audio-device hw:Loopback,0,0 --events none --stats --flip-trace $OUT/peer-playhead-loop_1s.flips \
    --loop /usr/share/playhead/media/loop_1s.mp4
  peer_run mpv loop_1s.mp4 8 timeout -s TERM 6 chroot $HOSTROOT env HOME=/tmp mpv --no-config --msg-level=all=warn --vo=drm \
    --drm-mode=640x480 --ao=alsa --audio-device=alsa/hw:Loopback,0,0 --hwdec=no --loop-file=inf /mnt/media/loop_1s.mp4
}
