#!/usr/bin/env bash
# Generates the short test and demo clips with Debian's ffmpeg into OUTDIR.
set -euo pipefail
out=${1:?usage: gen-media.sh OUTDIR}
mkdir -p "$out"
ff() { ffmpeg -hide_banner -loglevel error -y "$@" || { echo "gen-media: ffmpeg failed making ${@: -1}"; exit 1; }; }
v="testsrc2=size=320x240:rate=25"
a="sine=frequency=440:sample_rate=48000"
ff -f lavfi -t 2 -i "$v" -f lavfi -t 2 -i "$a" -c:v libx264 -bf 2 -g 12 -keyint_min 12 -sc_threshold 0 \
   -pix_fmt yuv420p -c:a aac -ac 2 -movflags +faststart "$out/h264_aac.mp4"
ff -f lavfi -t 2 -i "$v" -f lavfi -t 2 -i "$a" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -c:a libopus -ac 2 "$out/vp9_opus.webm"
ff -f lavfi -t 2 -i "$v" -f lavfi -t 2 -i "sine=frequency=440:sample_rate=44100" -c:v mpeg2video -c:a mp2 "$out/mpeg2_mp2.ts"
ff -f lavfi -t 2 -i "$v" -c:v libx264 -g 12 -pix_fmt yuv420p -movflags +faststart "$out/video_only.mp4"
ff -f lavfi -t 2 -i "sine=frequency=440:sample_rate=44100" -ac 2 -c:a libmp3lame "$out/audio_only.mp3"
# The board's loopback scenario plays this and checks what it captures: 1 kHz for 2 s.
ff -f lavfi -t 2 -i "sine=frequency=1000:sample_rate=48000" -ac 2 -c:a pcm_s16le "$out/tone.wav"
# The same tone at 44.1 kHz: converted to the sink's 48 kHz, it must still be 2 s whole.
ff -f lavfi -t 2 -i "sine=frequency=1000:sample_rate=44100" -ac 2 -c:a pcm_s16le "$out/tone44.wav"
# A sound shorter than half the board's 200 ms device buffer (its start threshold): the device
# must be started for it, else it never plays and the item never ends.
ff -f lavfi -t 0.06 -i "sine=frequency=1000:sample_rate=48000" -ac 2 -c:a pcm_s16le "$out/tone_60ms.wav"
# Variable frame rate: 26 frames 40 ms apart, then 24 more 80 ms apart. The pts are in the
# source's 1/25 s time base, in integers: a fractional expression gets truncated to wrong ticks.
ff -f lavfi -i "testsrc2=size=320x240:rate=25" -frames:v 50 \
   -vf "setpts='if(lt(N,25),N,2*N-25)'" -fps_mode passthrough -c:v libx264 -pix_fmt yuv420p "$out/vfr.mkv"
# Audio twice as long as the video.
ff -f lavfi -t 1 -i "$v" -f lavfi -t 2 -i "$a" -c:v libx264 -g 12 -pix_fmt yuv420p -c:a aac -ac 2 "$out/short_video.mp4"
# HLS: two-second clip in one-second MPEG-TS segments.
mkdir -p "$out/hls"
ff -f lavfi -t 2 -i "$v" -f lavfi -t 2 -i "$a" -c:v libx264 -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p \
   -c:a aac -ac 2 -f hls -hls_time 1 -hls_playlist_type vod "$out/hls/index.m3u8"
# Media selection: two sound languages (English 440 Hz, marked default; French 880 Hz), and
# forced English subtitles from an SRT file, which also stays beside it as an external file.
printf '1\n00:00:00,500 --> 00:00:02,000\nHello\n\n2\n00:00:02,500 --> 00:00:03,500\nWorld\n' > "$out/two_languages.en.srt"
# French subtitles as a WebVTT file beside it: an external file offered as an option.
printf 'WEBVTT\n\n00:00.500 --> 00:02.000\nBonjour\n\n00:02.500 --> 00:03.500\nle monde\n' > "$out/two_languages.fr.vtt"
ff -f lavfi -t 8 -i "$v" -f lavfi -t 8 -i "$a" -f lavfi -t 8 -i "sine=frequency=880:sample_rate=48000" -i "$out/two_languages.en.srt" \
   -map 0:v -map 1:a -map 2:a -map 3:s -c:v libx264 -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p -c:a aac -ac 2 -c:s srt \
   -metadata:s:a:0 language=eng -metadata:s:a:0 title=English -metadata:s:a:1 language=fre -metadata:s:a:1 title=Francais \
   -metadata:s:s:0 language=eng -disposition:a:0 default -disposition:a:1 0 -disposition:s:0 forced "$out/two_languages.mkv"
# The same in MP4: its subtitles as mov_text, the forced English and the French (from the WebVTT
# file) as a normal track. Named apart, so that no file beside it is offered.
ff -i "$out/two_languages.mkv" -i "$out/two_languages.fr.vtt" -map 0:v -map 0:a -map 0:s -map 1:s -c:v copy -c:a copy -c:s mov_text \
   -metadata:s:s:1 language=fre -disposition:s:0 forced -disposition:s:1 0 -movflags +faststart "$out/two_languages_mp4.mp4"
# Bitmap subtitles (issue 39): DVB subtitles made by libavcodec's encoder (FFmpeg's tool cannot
# turn text into pictures): a panel with a cross 0.5-2.0 s low in the middle, a panel with bars
# 2.5-3.5 s at the top left, on the 320x240 video's own canvas. -copyts keeps their times.
tools=$(mktemp -d)
gcc -O1 -Wall -o "$tools/dvb-subtitles" "$(dirname "$0")/media/dvb-subtitles.c" \
    $(pkg-config --cflags --libs libavformat libavcodec libavutil)
"$tools/dvb-subtitles" "$tools/dvb.ts" 320 240
ff -f lavfi -t 4 -i "$v" -f lavfi -t 4 -i "$a" -copyts -i "$tools/dvb.ts" -map 0:v -map 1:a -map 2:s -c:v libx264 -g 25 \
   -pix_fmt yuv420p -c:a aac -ac 2 -c:s copy "$out/dvb_subtitles.mkv"
# The same pictures as PGS (Blu-ray) subtitles, written by hand: FFmpeg has no PGS encoder.
python3 "$(dirname "$0")/media/pgs-subtitles.py" "$tools/pgs.sup" 320 240
ff -f lavfi -t 4 -i "$v" -f lavfi -t 4 -i "$a" -copyts -i "$tools/pgs.sup" -map 0:v -map 1:a -map 2:s -c:v libx264 -g 25 \
   -pix_fmt yuv420p -c:a aac -ac 2 -c:s copy -metadata:s:s:0 language=eng "$out/pgs_subtitles.mkv"
# CEA-608 captions in the H.264 stream's SEI, as broadcast recordings carry them (libx264 puts
# the frames' A53 side data there): "HELLO" 0.48-2.00 s, "WORLD" 2.48-3.48 s, channel CC1.
gcc -O1 -Wall -o "$tools/cea608-captions" "$(dirname "$0")/media/cea608-captions.c" \
    $(pkg-config --cflags --libs libavformat libavcodec libavutil)
"$tools/cea608-captions" "$tools/captions.mp4" 320 240 2> "$tools/x264.log" || { cat "$tools/x264.log"; exit 1; }
ff -i "$tools/captions.mp4" -f lavfi -t 4 -i "$a" -map 0:v -map 1:a -c:v copy -c:a aac -ac 2 -shortest -movflags +faststart "$out/captions.mp4"
# CEA-708 service 1 the same way (the tool's `708` mode says what it carries).
"$tools/cea608-captions" "$tools/captions708.mp4" 320 240 708 2> "$tools/x264.log" || { cat "$tools/x264.log"; exit 1; }
ff -i "$tools/captions708.mp4" -f lavfi -t 4 -i "$a" -map 0:v -map 1:a -c:v copy -c:a aac -ac 2 -shortest -movflags +faststart "$out/captions708.mp4"
rm -rf "$tools"
# Clock jumps (issue 39): two 2 s MPEG-TS recordings joined, the second's clock 100 s on (as
# recordings cut together are); and an HLS playlist of two such segments with a discontinuity,
# the second's clock 50 s on. Playback must go on at the join, announcing a time jump.
for k in 0 1 2; do
  ff -f lavfi -t 2 -i "$v" -f lavfi -t 2 -i "$a" -c:v libx264 -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p \
     -c:a aac -ac 2 -output_ts_offset $(( k * 50 )) -f mpegts "$out/clock_part$k.ts"
done
cat "$out/clock_part0.ts" "$out/clock_part2.ts" > "$out/clock_jump.ts"
mkdir -p "$out/hls_discontinuity"
mv "$out/clock_part0.ts" "$out/hls_discontinuity/a.ts"
mv "$out/clock_part1.ts" "$out/hls_discontinuity/b.ts"
rm "$out/clock_part2.ts"
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2.0,\nb.ts\n#EXT-X-ENDLIST\n' \
  > "$out/hls_discontinuity/index.m3u8"
# Still pictures as items (StillPicture): one picture as PNG, JPEG and WebP.
ff -f lavfi -i "testsrc2=size=320x240" -frames:v 1 "$out/still.png"
ff -f lavfi -i "testsrc2=size=320x240" -frames:v 1 -q:v 2 "$out/still.jpg"
ff -f lavfi -i "testsrc2=size=320x240" -frames:v 1 -c:v libwebp -lossless 1 "$out/still.webp"
# An overlay picture: a PNG whose alpha runs from clear at the left to opaque at the right.
ff -f lavfi -i "testsrc2=size=120x60" -frames:v 1 -vf "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='255*X/(W-1)'" "$out/logo_alpha.png"
# The first picture of h264_aac.mp4 as ffmpeg converts it to XRGB8888, for the drawing test.
ff -i "$out/h264_aac.mp4" -frames:v 1 -pix_fmt bgr0 -f rawvideo "$out/h264_first_frame.bgr0"
# Stored sideways with a display matrix (a phone's portrait video), and how ffmpeg shows it
# upright (it turns pictures by default), for the rotation test.
ff -i "$out/h264_aac.mp4" -c copy -metadata:s:v:0 rotate=90 "$out/rotated90.mp4"
ff -i "$out/rotated90.mp4" -frames:v 1 -pix_fmt bgr0 -f rawvideo "$out/rotated90_first_frame.bgr0"
head -c $(( $(stat -c %s "$out/h264_aac.mp4") / 2 )) "$out/h264_aac.mp4" > "$out/truncated.mp4"
{ yes 'not a media file' || true; } | head -c 65536 > "$out/not_media.mp4"
ff -f lavfi -t 5 -i "testsrc2=size=640x360:rate=25" -f lavfi -t 5 -i "sine=frequency=1000:sample_rate=48000" \
   -c:v libx264 -g 25 -pix_fmt yuv420p -c:a aac -ac 2 -movflags +faststart "$out/demo.mp4"
# A/V sync: black, with three white frames (0.1 s, so that one dropped frame does not lose a
# flash) and a 50 ms 1 kHz beep starting at each whole second.
ff -f lavfi -t 10 -i "color=c=black:s=320x240:r=30" \
   -f lavfi -t 10 -i "aevalsrc='if(lt(mod(t\,1)\,0.05)\,0.5*sin(2*PI*1000*t)\,0)':s=48000:c=stereo" \
   -vf "drawbox=c=white:t=fill:enable='lt(mod(t\,1)\,0.099)'" -c:v libx264 -qp 0 -bf 0 -g 30 -pix_fmt yuv420p \
   -c:a aac -ac 2 -movflags +faststart "$out/av_sync.mp4"
# The same at 15 fps: a picture every 67 ms leaves the emulated board time to convert and scale
# each one (38 ms under TCG), so scenario 12 can tell playhead's timing from the cost of drawing.
ff -f lavfi -t 10 -i "color=c=black:s=320x240:r=15" \
   -f lavfi -t 10 -i "aevalsrc='if(lt(mod(t\,1)\,0.05)\,0.5*sin(2*PI*1000*t)\,0)':s=48000:c=stereo" \
   -vf "drawbox=c=white:t=fill:enable='lt(mod(t\,1)\,0.099)'" -c:v libx264 -qp 0 -bf 0 -g 15 -pix_fmt yuv420p \
   -c:a aac -ac 2 -movflags +faststart "$out/av_sync_15fps.mp4"
# Thirty seconds at 30 fps for the kill -9 rounds (small, so emulation keeps up), and ten for
# the board's frame counts.
ff -f lavfi -t 30 -i "testsrc2=size=320x240:rate=30" -c:v libx264 -crf 32 -g 60 -pix_fmt yuv420p \
   -movflags +faststart "$out/long_240p30.mp4"
ff -f lavfi -t 10 -i "testsrc2=size=320x240:rate=30" -c:v libx264 -crf 32 -g 60 -pix_fmt yuv420p \
   -movflags +faststart "$out/mid_240p30.mp4"
# The soak test: thousands of 0.2 s items, looped.
ff -f lavfi -t 0.2 -i "testsrc2=size=64x48:rate=25" -f lavfi -t 0.2 -i "sine=frequency=440:sample_rate=48000" \
   -c:v libx264 -pix_fmt yuv420p -c:a aac -ac 2 -movflags +faststart "$out/tiny.mp4"
# Reverse playback over a long GOP: one keyframe for the 100 frames (4 s at 25 fps), more
# than the source may hold decoded at once.
ff -f lavfi -t 4 -i "testsrc2=size=160x120:rate=25" -c:v libx264 -g 100 -keyint_min 100 -sc_threshold 0 -bf 2 \
   -pix_fmt yuv420p -movflags +faststart "$out/long_gop.mp4"
# Frame 17 of h264_aac.mp4 (0.68 s, five frames after a keyframe) as ffmpeg converts it, for
# the exact-seek test.
ff -ss 0.68 -i "$out/h264_aac.mp4" -frames:v 1 -pix_fmt bgr0 -f rawvideo "$out/h264_frame17.bgr0"
# No gap between items: two seconds of pictures at 30 fps (two vblanks each at 60 Hz) with a
# 1 kHz tone in PCM (no codec padding), whose phase is whole at the end, so that items played
# back to back make one unbroken tone; once at 48 kHz and once at 44.1 kHz (converted). The
# 640x480 ones go to a 7.x board's YUV plane as decoded (a 640x480 mode: vkms does not scale).
for hz in 48000 44100; do
  for size in 320x240 640x480; do
    suffix=$([ "$size" = 640x480 ] && echo _480p || true)
    ff -f lavfi -t 2 -i "testsrc2=size=$size:rate=30" -f lavfi -t 2 -i "sine=frequency=1000:sample_rate=$hz" \
       -c:v libx264 -g 30 -bf 0 -pix_fmt yuv420p -c:a pcm_s16le -ac 2 "$out/gapless_$((hz / 1000))k$suffix.mkv"
  done
done
# Half a second of silence, played last: the loopback card's capture can read a few timer ticks
# past the end of playback, out of a ring buffer that must then hold silence, not the tone.
ff -f lavfi -t 0.5 -i "anullsrc=r=48000:cl=stereo" -c:a pcm_s16le "$out/silence_05.wav"
# One second with sound, played over and over by the board's long-loop scenario (every pass
# opens the item again: threads, descriptors and memory must come back to where they were).
ff -f lavfi -t 1 -i "$v" -f lavfi -t 1 -i "$a" -c:v libx264 -g 25 -pix_fmt yuv420p -c:a aac -ac 2 \
   -movflags +faststart "$out/loop_1s.mp4"
# Direct YUV scan-out on the board's 7.x kernel: 640x480 (a vkms mode: its planes do not scale),
# tagged BT.709 limited range and BT.601 full range, so that a plane converting with the wrong
# matrix or range shows in the captured colours.
ff -f lavfi -t 2 -i "testsrc2=size=640x480:rate=25" -vf "scale=out_color_matrix=bt709:out_range=limited" -c:v libx264 -g 25 \
   -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv -movflags +faststart "$out/yuv709_480p.mp4"
ff -f lavfi -t 2 -i "testsrc2=size=640x480:rate=25" -vf "scale=out_color_matrix=bt601:out_range=full" -c:v libx264 -g 25 \
   -pix_fmt yuvj420p -colorspace smpte170m -color_primaries smpte170m -color_trc smpte170m -color_range pc \
   -movflags +faststart "$out/yuv601full_480p.mp4"
# A phone's portrait clip for the plane's rotation on 7.x: stored 480x360 and turned a quarter
# by its display matrix (rotate=90 reads back as 270 degrees clockwise, as for rotated90.mp4), so
# it is 360x480 upright and fits a 640x480 mode unscaled.
ff -f lavfi -t 2 -i "testsrc2=size=480x360:rate=25" -vf "scale=out_color_matrix=bt601:out_range=limited" -c:v libx264 -g 25 \
   -pix_fmt yuv420p -colorspace smpte170m -color_primaries smpte170m -color_trc smpte170m -color_range tv \
   -movflags +faststart "$out/upright_360p.mp4"
# (The display matrix is written only when the stream is copied.)
ff -i "$out/upright_360p.mp4" -c copy -metadata:s:v:0 rotate=90 "$out/rotated90_360p.mp4"
rm "$out/upright_360p.mp4"
# A broadcast recording's anamorphic picture: stored 720x576 with 64:45 pixels, shown 1024x576
# (16:9); its first frame as ffmpeg shows it, for the picture drawn in its shape.
ff -f lavfi -t 2 -i "testsrc2=size=720x576:rate=25" -vf "setsar=64/45" -c:v libx264 -g 25 -pix_fmt yuv420p \
   -movflags +faststart "$out/anamorphic_576p.mp4"
ff -i "$out/anamorphic_576p.mp4" -frames:v 1 -vf "scale=1024:576,setsar=1" -pix_fmt bgr0 -f rawvideo "$out/anamorphic_first_frame_1024.bgr0"
# A video wall of two 640x480 screens (board scenario 40): one picture twice a screen's width,
# so each screen's window of it is screen-sized and shown unscaled (vkms planes do not scale).
ff -f lavfi -t 2 -i "testsrc2=size=1280x480:rate=25" -vf "scale=out_color_matrix=bt601:out_range=limited" -c:v libx264 -g 25 \
   -pix_fmt yuv420p -colorspace smpte170m -color_primaries smpte170m -color_trc smpte170m -color_range tv \
   -movflags +faststart "$out/wall_1280x480.mp4"
# Safe mode's slate: a still picture, silent, two seconds looped. Words where a font is installed (it
# comes with ffmpeg's own dependencies); a plain slate otherwise.
# A video wall's two items (board scenario 41): small enough that three players, and three
# screens that vkms composes and sums, keep up under emulation; every picture differs, within
# a clip and between the two (testsrc2's and testsrc's patterns).
ff -f lavfi -t 6 -i "testsrc2=size=160x120:rate=10" -c:v libx264 -crf 28 -g 20 -pix_fmt yuv420p \
   -movflags +faststart "$out/wall_a.mp4"
ff -f lavfi -t 3 -i "testsrc=size=160x120:rate=10" -c:v libx264 -crf 28 -g 20 -pix_fmt yuv420p \
   -movflags +faststart "$out/wall_b.mp4"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
slate="color=c=0x1a1a40:size=640x360:rate=25"
[ -f "$font" ] && slate="$slate,drawtext=fontfile=$font:fontcolor=white:fontsize=40:x=(w-tw)/2:y=120:text='PLAYHEAD SAFE MODE',drawtext=fontfile=$font:fontcolor=0xc0c0c0:fontsize=20:x=(w-tw)/2:y=200:text='See the serial console\: status, log'"
ff -f lavfi -t 2 -i "$slate" -c:v libx264 -g 50 -pix_fmt yuv420p -movflags +faststart "$out/slate.mp4"
ls "$out"
