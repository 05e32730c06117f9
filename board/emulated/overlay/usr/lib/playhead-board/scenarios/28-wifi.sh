# Wi-Fi through the image's own scripts (rootfs-overlay's wifi, net-options, udhcpc-script) on
# mac80211_hwsim's two radios. The first is an access point in a network namespace of its own
# (a box across the room: its address is not this one's, so a ping crosses the air): Debian's
# hostapd (WPA2-PSK) and BusyBox udhcpd. The wifi script runs with a network.txt naming it, its
# console lines caught through a FIFO bound over /dev/console in a mount namespace of its own.
# Checked: with the right key it associates, gets the AP's lease and pings the AP; the SSID (a
# quote, a brace, a backslash and a '#' in it) reaches the config hex-encoded, the key only as
# wpa_passphrase's hash, in a root-only file; WIFI_COUNTRY sets the regulatory domain; with a
# wired default route up too, the wired one wins and its name server comes first. The AP gone:
# the loss said, the lease let go; back: associated and leased again. With a wrong
# key: one console line saying so over two refusals, no address. A misspelt name: one line
# saying it was not found. A hostile network.txt: each
# bad line refused with one line, no key shown, nothing taken. On arm64: the right key and the
# hostile file (below, why).
# time-limit: 240
# arches: x86_64 arm64
. /usr/lib/playhead-board/board.sh
W=/tmp/28-wifi
rm -rf "$W" && mkdir -p "$W"
console=$W/console
ap_ip=192.0.2.1
psk="correct horse battery"
# A quote, a backslash-n, a brace, a '#': harmless only if written hex-encoded.
ssid='ph "air"\n}#1'
bad=""
fail() { echo "FAIL: $*"; bad="$bad|$*"; }
finish() {
  echo "--- console:"; cat "$console" 2>/dev/null
  echo "--- hostapd:"; tail -20 "$OUT/28-hostapd.log"
  [ -z "$bad" ] || { echo "failed:$bad" | tr '|' '\n'; exit 1; }
}
upsecs() { cut -d. -f1 /proc/uptime; }
# Waits up to $2 s for a line matching $1 in the caught console.
wait_console() {
  end=$(($(upsecs) + $2))
  while [ "$(upsecs)" -lt "$end" ]; do grep -q "$1" "$console" 2>/dev/null && return 0; sleep 0.5; done
  return 1
}

load mac80211_hwsim radios=2 || exit 1
# mac80211 does WPA2's CCMP in the kernel's crypto (hwsim has no hardware for it): ccm(aes)
# and what it is built from, built in or modules depending on the kernel.
for m in ctr ccm gcm cmac; do
  modprobe "$m" 2>/dev/null || grep -q "/$m\.ko" "/lib/modules/$(uname -r)/modules.builtin" || { echo "no $m for CCMP"; exit 1; }
done
# The logger's lines (wpa_supplicant's, through the wifi script) are read for secrets too.
syslog=
pidof syslogd >/dev/null || { syslogd -C64; syslog=$(pidof syslogd); }
phys=$(ls /sys/class/ieee80211 | sort)
set -- $phys
[ $# -ge 2 ] || { echo "mac80211_hwsim made '$phys', not two radios"; exit 1; }
ap_phy=$1
ap_if=$(ls "/sys/class/ieee80211/$ap_phy/device/net")
# The access point's namespace, held by a sleeping process.
unshare -n sleep 600 &
ns=$!
sleep 0.5
iw phy "$ap_phy" set netns "$ns" || { echo "cannot move $ap_phy into a namespace"; exit 1; }
ap() { nsenter -t "$ns" -n "$@"; }
sta=$(for d in /sys/class/net/*; do [ -e "$d/phy80211" ] && echo "${d##*/}"; done | head -1)
[ -n "$sta" ] || { echo "no wireless interface left for the station"; exit 1; }
cleanup() {
  [ -f "$W/wifi.pgid" ] && kill -TERM "-$(cat "$W/wifi.pgid")" 2>/dev/null
  kill "$ns" ${reader:-} 2>/dev/null
  # The reader's cat, waiting for a writer, gets one and its end.
  [ -p "$W/console.fifo" ] && timeout 2 sh -c ": > $W/console.fifo"
  [ -n "$syslog" ] && kill "$syslog" 2>/dev/null
  ip route del default via 10.0.2.2 dev "${eth:-none}" 2>/dev/null
  true
}
trap cleanup EXIT

ap ip link set lo up
ap ip addr add "$ap_ip/24" dev "$ap_if"
ap ip link set "$ap_if" up
hex=$(printf '%s' "$ssid" | od -An -v -tx1 | tr -d ' \n')
cat > "$W/hostapd.conf" <<EOF
interface=$ap_if
driver=nl80211
ssid2=$hex
hw_mode=g
channel=6
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=$psk
EOF
: > "$OUT/28-hostapd.log"
ap hostapd "$W/hostapd.conf" >> "$OUT/28-hostapd.log" 2>&1 &
cat > "$W/udhcpd.conf" <<EOF
start 192.0.2.100
end 192.0.2.110
interface $ap_if
lease_file $W/udhcpd.leases
pidfile $W/udhcpd.pid
option subnet 255.255.255.0
option router $ap_ip
option dns $ap_ip
EOF
: > "$W/udhcpd.leases"
ap udhcpd -f "$W/udhcpd.conf" > "$OUT/28-udhcpd.log" 2>&1 &
for i in $(seq 40); do grep -q "AP-ENABLED" "$OUT/28-hostapd.log" && break; sleep 0.5; done
grep -q "AP-ENABLED" "$OUT/28-hostapd.log" || { cat "$OUT/28-hostapd.log"; echo "hostapd did not start"; exit 1; }

# The wired network as network's udhcpc would set it (the real udhcpc-script, a lease from
# QEMU's user network written by hand: no DHCP needed here), for the route and DNS order.
load virtio_net || exit 1
eth=$(for d in /sys/class/net/*; do
  [ "$(cat "$d/type")" = 1 ] && [ -e "$d/device" ] && [ ! -e "$d/phy80211" ] && echo "${d##*/}"
done | head -1)
if [ -n "$eth" ]; then
  ip link set "$eth" up
  interface=$eth ip=10.0.2.15 subnet=255.255.255.0 router=10.0.2.2 dns=10.0.2.3 \
    /usr/lib/playhead/udhcpc-script bound > /dev/null 2>&1 || fail "udhcpc-script bound failed for $eth"
fi

# The wifi script as rcS starts it, in a session of its own (stopped whole), its /dev/console a
# FIFO whose lines a reader appends to $console (a file bound there would be truncated by each
# line's `>`; a writer waits for the reader, so no line is lost).
mkfifo "$W/console.fifo"
(while :; do cat "$W/console.fifo" >> "$console"; done) &
reader=$!
start_wifi() {
  : > "$console"
  setsid sh -c "echo \$\$ > $W/wifi.pgid; exec unshare -m sh -c 'mount --bind $W/console.fifo /dev/console && exec /usr/lib/playhead/wifi'" \
    < /dev/null > "$OUT/28-wifi-script.log" 2>&1 &
  sleep 1
}
# The session's wpa_supplicant and udhcpc (the scenarios before this one, in the same boot, may
# have left udhcpc processes of their own: the image's network script).
in_session() {
  for p in $(pidof wpa_supplicant udhcpc); do
    if [ "$(cut -d' ' -f6 "/proc/$p/stat" 2>/dev/null)" = "$1" ]; then echo "$p"; fi
  done
}
stop_wifi() {
  sid=$(cat "$W/wifi.pgid")
  kill -TERM "-$sid" 2>/dev/null || true
  sleep 1
  rm -f "$W/wifi.pgid"
  left=$(in_session "$sid")
  [ -z "$left" ] || { fail "left running after the wifi script's session was stopped: $left"; kill $left; }
  ip -4 addr flush dev "$sta"
}

# 1. The right key, as a technician's Windows editor saves it.
printf '# 28-wifi\r\nWIFI_SSID="%s"\r\nWIFI_PSK=%s\r\nWIFI_COUNTRY=de\r\n' "$ssid" "$psk" > "$W/network.txt"
export NET_FILE=$W/network.txt
# The not-found line after 15 s rather than a board's 30: the same logic, 30 s less waiting
# (the right key took 9 s to a lease under emulation: 15 leaves room).
export WIFI_NOT_FOUND_SECONDS=15
t0=$(upsecs)
start_wifi
wait_console "wifi: $sta associated with SSID" 60 || fail "no 'associated' line within 60 s"
wait_console "net: $sta 192\.0\.2\.1[01][0-9]/24 via $ap_ip dns $ap_ip (dhcp bound)" 30 \
  || fail "no lease from the AP's udhcpd within 30 s of associating"
took=$(($(upsecs) - t0))
addr=$(ip -4 -o addr show dev "$sta" | awk '{print $4}')
case $addr in 192.0.2.1[01][0-9]/24) ;; *) fail "$sta has '$addr', not a lease from 192.0.2.100-110" ;; esac
grep -q "associated with SSID ph \"air\"\\\\n}#1 (" "$console" || fail "the console did not name the SSID as it is"
ping -c 3 -W 3 -I "$sta" "$ap_ip" > "$W/ping" 2>&1 || fail "no answer from the AP at $ap_ip: $(tail -2 "$W/ping")"
# The AP's own view: the station is associated and authorized there.
mac=$(cat "/sys/class/net/$sta/address")
ap iw dev "$ap_if" station get "$mac" 2>&1 | grep -q "authorized:[[:space:]]*yes" \
  || fail "the AP does not list $mac as an authorized station"
conf=/run/playhead-wifi/wpa.conf
[ "$(stat -c '%U %a' /run/playhead-wifi)" = "root 700" ] || fail "/run/playhead-wifi is $(stat -c '%U %a' /run/playhead-wifi), not root 700"
[ "$(stat -c '%U %a' $conf)" = "root 600" ] || fail "$conf is $(stat -c '%U %a' $conf), not root 600"
[ "$(grep -c '^network={' $conf)" = 1 ] && [ "$(grep -c '^}' $conf)" = 1 ] || fail "$conf has other than one network block"
grep -qx "	ssid=$hex" $conf || fail "$conf does not hold the SSID hex-encoded ($hex)"
grep -qE '^	psk=[0-9a-f]{64}$' $conf || fail "$conf holds no 64-digit derived key"
if grep -qF "$psk" $conf; then fail "$conf holds the passphrase itself"; fi
iw reg get | grep -q "^country DE" || fail "WIFI_COUNTRY=de did not set the regulatory domain: $(iw reg get | grep country | head -1)"
if [ -n "$eth" ]; then
  routes=$(ip route | grep '^default')
  echo "$routes" | grep -qE "via $ap_ip dev $sta +metric 600" || fail "no Wi-Fi default route with metric 600: $routes"
  ip route get 203.0.113.9 | grep -q "dev $eth" || fail "with both up, the default route is not the wired one: $routes"
  [ "$(grep '^nameserver' /run/resolv.conf | tr '\n' ' ')" = "nameserver 10.0.2.3 nameserver $ap_ip " ] \
    || fail "resolv.conf has not the wired name server first: $(tr '\n' ' ' < /run/resolv.conf)"
fi
echo "right key: $sta $addr $took s after start; ping $(grep -o '[0-9]* packets received' "$W/ping")"

# What the script does when the AP goes and comes back, with a wrong key and with a misspelt
# name: shell and the timers of wpa_supplicant, the same on both arches. On arm64 the right key
# above proves what the arch brings (its kernel's mac80211 and CCMP, its wpa_supplicant,
# hostapd and udhcpc); these phases, about 50 s there, run on x86_64 only.
beyond_the_right_key() {
  # The access point goes away and comes back: the loss said, the lease let go (as a pulled
  # cable's), then associated again and a new lease at once; no 'not found' line meanwhile (that
  # one is for a network never found since the start).
  kill $(pidof hostapd)
  wait_console "wifi: $sta lost SSID ph \"air\"\\\\n}#1; trying again" 20 || fail "no 'lost' line within 20 s of the AP going"
  end=$(($(upsecs) + 15))
  while [ "$(upsecs)" -lt "$end" ] && ip -4 addr show dev "$sta" | grep -q inet; do sleep 0.5; done
  if ip -4 addr show dev "$sta" | grep -q inet; then fail "$sta kept its address 15 s after the AP went"; fi
  ap hostapd "$W/hostapd.conf" >> "$OUT/28-hostapd.log" 2>&1 &
  t1=$(upsecs)
  end=$((t1 + 60))
  while [ "$(upsecs)" -lt "$end" ] && [ "$(grep -c "(dhcp bound)" "$console")" -lt 2 ]; do sleep 0.5; done
  [ "$(grep -c "associated with SSID" "$console")" = 2 ] || fail "not associated again within 60 s of the AP's return"
  [ "$(grep -c "(dhcp bound)" "$console")" = 2 ] || fail "no new lease within 60 s of the AP's return"
  back=$(($(upsecs) - t1))
  if grep -q "not found" "$console"; then fail "a network that was found said: $(grep "not found" "$console")"; fi
  echo "the AP gone and back: lost, the lease let go; associated and leased again $back s after its return"
  cp "$console" "$OUT/28-console-right-key"
  stop_wifi

  # 2. A wrong key: said once, though wpa_supplicant tries again after its pause (its refusals
  # counted in the log), no address.
  printf 'WIFI_SSID="%s"\nWIFI_PSK=not the right key\n' "$ssid" > "$W/network.txt"
  refusals() { logread | grep -c "CTRL-EVENT-SSID-TEMP-DISABLED.*reason=WRONG_KEY" || true; }
  r0=$(refusals)
  t2=$(upsecs)
  start_wifi
  wait_console "wifi: SSID ph \"air\"\\\\n}#1 refused the key; fix WIFI_PSK in network.txt on the boot partition" 60 \
    || fail "no 'refused the key' line within 60 s"
  end=$(($(upsecs) + 60))
  while [ "$(upsecs)" -lt "$end" ] && [ $(($(refusals) - r0)) -lt 2 ]; do sleep 1; done
  tries=$(($(refusals) - r0))
  [ "$tries" -ge 2 ] || fail "wpa_supplicant refused the key $tries times, not 2 or more, within 60 s"
  # Past the not-found timer's 15 s: a refused key is not a network not found.
  while [ $(($(upsecs) - t2)) -lt 18 ]; do sleep 1; done
  if grep -q "not found" "$console"; then fail "with the key refused: $(grep "not found" "$console")"; fi
  grep -q "AP-STA-POSSIBLE-PSK-MISMATCH" "$OUT/28-hostapd.log" || fail "the AP saw no wrong-key handshake"
  n=$(grep -c "refused the key" "$console" || true)
  [ "$n" = 1 ] || fail "the refused key was said $n times over $tries refusals, not once"
  if grep -q "associated\|(dhcp bound)" "$console"; then fail "with the wrong key: $(grep "associated\|dhcp bound" "$console")"; fi
  if ip -4 addr show dev "$sta" | grep -q inet; then fail "$sta has an address with the wrong key"; fi
  for secret in "not the right key" "$psk"; do
    if grep -qF "$secret" "$console" "$OUT/28-wifi-script.log" || logread | grep -qF "$secret"; then
      fail "a key ('$secret') reached the console or the log"
    fi
  done
  echo "wrong key: said once over $tries refusals by wpa_supplicant, no address"
  cp "$console" "$OUT/28-console-wrong-key"
  stop_wifi

  # 2b. A name no network has (a misspelling): one line 15 s after the start, no association.
  printf 'WIFI_SSID=ph-air-misspelt\nWIFI_PSK=%s\n' "$psk" > "$W/network.txt"
  start_wifi
  wait_console "wifi: SSID ph-air-misspelt not found after 15 s (out of range, or not its name); still looking" 30 \
    || fail "no 'not found' line within 30 s for a name no network has"
  [ "$(grep -c "not found" "$console")" = 1 ] || fail "the name not found was said $(grep -c "not found" "$console") times"
  if grep -q "associated\|refused" "$console"; then fail "with a name no network has: $(cat "$console")"; fi
  echo "a misspelt name: said not found once, 15 s after the start"
  stop_wifi
}
if [ "$BOARD_ARCH" = arm64 ]; then
  cp "$console" "$OUT/28-console-right-key"
  stop_wifi
  beyond="(the AP gone, a wrong key, a misspelt name: on x86_64)"
else
  beyond_the_right_key
  beyond="the AP gone and back (leased again in $back s), wrong key said once over $tries refusals, no address; a misspelt name said not found"
fi

# 3. A hostile file: control characters in the SSID (a form feed, a tab), a name over 32 bytes,
# keys too long, too short and mistyped, a country that is none. Each refused with one line
# naming the file and line; no key value shown; nothing taken; the wifi script stays off.
secret1=toolong-secret-0123456789012345678901234567890123456789012345678901234567
secret2=short77
secret3=mistyped-secret-99
printf 'WIFI_SSID=evil"\f\tnetwork={\nWIFI_SSID=%s\nWIFI_PSK=%s\nWIFI_PSK="%s"\nWIFI_PASS=%s\nWIFI_COUNTRY=Deutschland\n' \
  "$(printf '%033d' 0)" "$secret1" "$secret2" "$secret3" > "$W/hostile.txt"
: > "$console"
(. /usr/lib/playhead/net-options
 net_say() { echo "$*" >> "$console"; }
 NET_FILE=$W/hostile.txt net_read
 echo "ssid=[$NET_WIFI_SSID] psk=[$NET_WIFI_PSK] country=[$NET_WIFI_COUNTRY]") > "$W/taken"
cat "$console"
[ "$(cat "$W/taken")" = "ssid=[] psk=[] country=[]" ] || fail "hostile lines were taken: $(cat "$W/taken")"
for l in 1 2 3 4 5 6; do
  [ "$(grep -c "^net: $W/hostile.txt line $l ignored (.*): .*; fix it on the boot partition and reboot$" "$console")" = 1 ] \
    || fail "line $l was not refused with exactly one line"
done
[ "$(wc -l < "$console")" = 6 ] || fail "$(wc -l < "$console") console lines for 6 bad lines"
# Its first 7 characters: a line cut at 60 would show only part of a long key.
for secret in "$secret1" "$secret2" "$secret3"; do
  if grep -qF "$(printf '%s' "$secret" | cut -c1-7)" "$console"; then fail "a refused key ('$secret') was shown, or part of it"; fi
done
grep -q "line 3 ignored (8 to 63 printable ASCII characters, or 64 hex digits): WIFI_PSK (its value not shown)" "$console" \
  || fail "the over-long key's line does not say why by its key alone"
NET_FILE=$W/hostile.txt timeout 10 /usr/lib/playhead/wifi > "$W/hostile.out" 2>&1 || fail "wifi did not exit 0 at once without a valid SSID"
if pidof wpa_supplicant > /dev/null; then fail "wpa_supplicant runs without a valid SSID"; fi

finish
echo "RESULT wifi: associated and leased $addr in $took s, ping answered, SSID hex-encoded, key hashed in a root-only file, country DE, wired route and DNS first; $beyond; hostile network.txt: 6 lines refused, no key shown, nothing taken"
