# Several video layers on one screen (docs/layers.md): one, two and three 320x240 clips at 30
# fps, each on a plane of its own on vkms's 640x480, for the main clip's 10 s. The process's
# CPU time from /proc, and each layer's frames shown from playhead's display lines at exit.
# One BENCH-LAYERS line per layout; the host reports them (boot/mode_bench.py). Sourced by
# board.sh.

bench_layers() {
  clip=/usr/share/playhead/media/mid_240p30.mp4
  [ -s "$clip" ] || { echo "BENCH-ERROR $clip is missing"; return; }
  for n in 1 2 3; do
    conf=/tmp/bench-layers-$n.conf
    {
      echo "video-output = drm"
      echo "display-mode = 640x480"
      echo "layer.a = source=$clip frame=0,0,320x240"
      [ $n -ge 2 ] && echo "layer.b = source=$clip frame=320,0,320x240"
      [ $n -ge 3 ] && echo "layer.c = source=$clip frame=0,240,320x240"
    } > $conf
    start=$(cut -d' ' -f1 /proc/uptime)
    playhead --config $conf --events none --stats 2> /tmp/bench-layers.err &
    pid=$! ticks=0
    while kill -0 $pid 2>/dev/null; do
      t=$(awk '{ print $14 + $15 }' /proc/$pid/stat 2>/dev/null) && [ -n "$t" ] && ticks=$t
      sleep 0.2
    done
    wait $pid
    rc=$?
    end=$(cut -d' ' -f1 /proc/uptime)
    shown=$(sed -n 's/.*layer on plane [0-9]* at [^:]*: [0-9]* flips given, \([0-9]*\) shown.*/\1/p' /tmp/bench-layers.err | tr '\n' ',')
    commits=$(sed -n "s/.*display: \([0-9]*\) commits for.*/\1/p" /tmp/bench-layers.err)
    echo "BENCH-LAYERS layers=$n start=$start end=$end cpu-ticks=$ticks shown=$shown commits=${commits:-0} exit=$rc"
  done
}
