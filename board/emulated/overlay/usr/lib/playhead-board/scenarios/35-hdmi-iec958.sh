# HDMI sound as HDMI cards want it (issue 35): an ALSA definition gives the loopback card an
# `hdmi` device built as the Raspberry Pi's vc4-hdmi card's is (alsa-lib's iec958 plugin,
# IEC958 subframes with the channel status that pcm/hdmi.conf passes), with a `file` tap on the
# subframes before a second iec958 plugin hands the samples to the loopback, whose clock paces
# playback (snd-aloop takes no IEC958 format itself). playhead plays the 1 kHz
# tone through `hdmi:CARD=Loopback,DEV=0`, negotiates a format the plugin takes (S32, not
# float), and says it is the card's own definition. The host checks the subframes: block
# preambles, parity, the channel status, and the tone in them (checks/35-hdmi-iec958.py).
# time-limit: 60
. /usr/lib/playhead-board/board.sh
M=/usr/share/playhead/media
# hdmi:CARD=Loopback,DEV=0, with pcm/hdmi.conf's arguments and channel status defaults. The
# board carries no ctl/ folder of alsa-lib's (cards/aliases.conf fails without it, so no card's
# own definitions load there), hence pcm.hdmi itself is given, not cards.Loopback.pcm.hdmi.0.
cat > /tmp/35-hdmi.conf <<CONF
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
			file "$OUT/hdmi-iec958.raw"
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
rm -f "$OUT/hdmi-iec958.raw"
ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:/tmp/35-hdmi.conf \
  playhead --video-output null --audio-output alsa --audio-device hdmi:CARD=Loopback,DEV=0 --stats --events none \
  "$M/tone.wav" 2> "$OUT/hdmi.err"
cat "$OUT/hdmi.err"
ls -l "$OUT/hdmi-iec958.raw"
grep -q "sound on alsa hdmi:CARD=Loopback,DEV=0 S32" "$OUT/hdmi.err"
grep -q "sound: hdmi:CARD=Loopback,DEV=0 is the HDMI card's own ALSA definition: it frames IEC958 and sets the channel status" "$OUT/hdmi.err"
