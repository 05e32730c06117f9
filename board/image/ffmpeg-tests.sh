#!/bin/sh
# The host's FFmpeg tests (PlayheadFFmpegTests) once more, on the image's own FFmpeg: whatever
# they play, the images play. Usage: ffmpeg-tests.sh CACHE SWIFTPM-COMMAND BUILD-FLAGS
# (image-test runs it beside its measuring boot, which only counts /data's writes).
set -eu
cache=$1 swiftpm=$2 flags=$3
ffroot=$(board/image/ffmpeg.sh "$cache" | tail -1)
$swiftpm build $flags --build-tests
bin=$($swiftpm build $flags --show-bin-path)
LD_LIBRARY_PATH=$ffroot/lib ldd "$bin/PlayheadPackageTests.xctest" | grep -q libmbedtls || {
  echo "image-test: the tests do not load the image's FFmpeg from $ffroot/lib"; exit 1; }
LD_LIBRARY_PATH=$ffroot/lib timeout -k 10 300 $swiftpm test $flags --skip-build --filter 'PlayheadFFmpegTests\.'
