# HDMI sound as HDMI cards want it (issue 35): an ALSA definition gives the loopback card an
# `hdmi` device built as the Raspberry Pi's vc4-hdmi card's is (alsa-lib's iec958 plugin,
# IEC958 subframes with the channel status that pcm/hdmi.conf passes), with a `file` tap on the
# subframes before a second iec958 plugin hands the samples to the loopback, whose clock paces
# playback (snd-aloop takes no IEC958 format itself). playhead plays the 1 kHz
# tone through `hdmi:CARD=Loopback,DEV=0`, negotiates a format the plugin takes (S32, not
# float), and says it is the card's own definition. The host checks the subframes: block
# preambles, parity, the channel status, and the tone in them (checks/35-hdmi-iec958.py).
# Then with a picture on vkms and `screen-off-sound = keep`: `display off` leaves the CRTC on
# with a black picture (HDMI's sound rides on the picture's signal), playback and the subframes
# go on, and `display on` shows the pictures again.
# time-limit: 90
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# hdmi:CARD=Loopback,DEV=0, with pcm/hdmi.conf's arguments and channel status defaults. The
# board carries no ctl/ folder of alsa-lib's (cards/aliases.conf fails without it, so no card's
# own definitions load there), hence pcm.hdmi itself is given, not cards.Loopback.pcm.hdmi.0.
# hdmi_conf TAP: the definition, its subframes tapped into TAP.
hdmi_conf() {
  cat <<CONF
pcm.!hdmi {
	@args [ CARD DEV AES0 AES1 AES2 AES3 ]
	@args.CARD { type string }
	@args.DEV { type integer default 0 }
	@args.AES0 { type integer default 0x04 }
	@args.AES1 { type integer default 0x82 }
	@args.AES2 { type integer default 0x00 }
	@args.AES3 { type integer default 0x02 }
	type iec958
	slave {
		format IEC958_SUBFRAME_LE
		pcm {
			type file
			file "$1"
			format raw
			slave.pcm {
				type iec958
				slave {
					format S32_LE
					pcm { type hw card \$CARD device \$DEV }
				}
			}
		}
	}
	status [ \$AES0 \$AES1 \$AES2 \$AES3 ]
}
CONF
}
hdmi_conf "$OUT/hdmi-iec958.raw" > /tmp/35-hdmi.conf
rm -f "$OUT/hdmi-iec958.raw"
ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:/tmp/35-hdmi.conf \
  playhead --video-output null --audio-output alsa --audio-device hdmi:CARD=Loopback,DEV=0 --stats --events none \
  "$M/tone.wav" 2> "$OUT/hdmi.err"
cat "$OUT/hdmi.err"
ls -l "$OUT/hdmi-iec958.raw"
grep -q "sound on alsa hdmi:CARD=Loopback,DEV=0 S32" "$OUT/hdmi.err"
grep -q "sound: hdmi:CARD=Loopback,DEV=0 is the HDMI card's own ALSA definition: it frames IEC958 and sets the channel status" "$OUT/hdmi.err"

# The screen off with the sound kept, over HDMI: a black picture, the CRTC still active.
hdmi_conf "$OUT/hdmi-keep.raw" > /tmp/35-hdmi-keep.conf
printf 'loop = yes\nscreen-off-sound = keep\n' > "$OUT/hdmi-keep.conf"
state=/sys/kernel/debug/dri/0/state
active() { sed -n 's/^\s*active=\([01]\)$/\1/p' $state | head -1; }
sock=/tmp/35-hdmi.sock
ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:/tmp/35-hdmi-keep.conf \
  playhead --config "$OUT/hdmi-keep.conf" --video-output drm --display-mode 640x480 --audio-output alsa \
  --audio-device hdmi:CARD=Loopback,DEV=0 --socket $sock --events none "$M/h264_aac.mp4" 2> "$OUT/hdmi-keep.err" &
pid=$!
for i in $(seq 100); do [ -S $sock ] && grep -q "first frame on screen" "$OUT/hdmi-keep.err" && break; sleep 0.1; done
ph-socket $sock "display off" > /dev/null
for i in $(seq 50); do grep -q "display: off as a black picture" "$OUT/hdmi-keep.err" && break; sleep 0.1; done
off_active=$(active)
size1=$(wc -c < "$OUT/hdmi-keep.raw")
sleep 1
size2=$(wc -c < "$OUT/hdmi-keep.raw")
ph-socket $sock status > "$OUT/hdmi-keep-status.txt"
ph-socket $sock "display on" > /dev/null
for i in $(seq 50); do grep -q "display: on (640x480" "$OUT/hdmi-keep.err" && break; sleep 0.1; done
kill -TERM $pid
wait $pid || true
cat "$OUT/hdmi-keep.err"
echo "RESULT hdmi-screen-off: CRTC active=$off_active while off; the subframes grew from $size1 to $size2 bytes in a second"
[ "$off_active" = 1 ] || { echo "the CRTC went off although the sound goes over HDMI"; exit 1; }
[ "$size2" -gt "$size1" ] || { echo "the sound stopped with the screen off"; exit 1; }
grep -q '"screen":"off"' "$OUT/hdmi-keep-status.txt"
grep -q '"state":"playing"' "$OUT/hdmi-keep-status.txt" || { echo "playback did not go on:"; cat "$OUT/hdmi-keep-status.txt"; exit 1; }
grep -q "display: off as a black picture (the CRTC stays on in 640x480" "$OUT/hdmi-keep.err"
grep -q "display: on (640x480" "$OUT/hdmi-keep.err"
