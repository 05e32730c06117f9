# Several video layers on one screen (docs/layers.md): one, two and three 320x240 clips at 30
# fps on vkms's 640x480, for the main clip's 10 s: first each on a plane of its own, then, with
# vkms loaded again without overlay planes, two and three drawn together in software onto the
# primary plane. The process's CPU time from /proc, and each layer's frames shown from
# playhead's display lines at exit. One BENCH-LAYERS line per layout; the host reports them
# (boot/mode_bench.py). Sourced by board.sh.

bench_layers_run() {
  n=$1 planes=$2
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
  composed=$(sed -n "s/.*display: \([0-9]*\) pictures composed in software.*/\1/p" /tmp/bench-layers.err)
  echo "BENCH-LAYERS layers=$n planes=$planes start=$start end=$end cpu-ticks=$ticks shown=$shown commits=${commits:-0} composed=${composed:-0} exit=$rc"
}

bench_layers() {
  clip=/usr/share/playhead/media/mid_240p30.mp4
  [ -s "$clip" ] || { echo "BENCH-ERROR $clip is missing"; return; }
  for n in 1 2 3; do bench_layers_run $n enough; done
  # Too few planes: the same driver with its primary plane (and cursor) only.
  if rmmod vkms 2>/dev/null && load vkms enable_writeback=1 enable_cursor=1; then
    mdev -s 2>/dev/null
    for n in 2 3; do bench_layers_run $n few; done
    rmmod vkms && load vkms enable_writeback=1 enable_overlay=1 enable_cursor=1
    mdev -s 2>/dev/null
  else
    echo "BENCH-ERROR vkms could not be loaded again without overlay planes"
  fi
}
