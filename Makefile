# Playhead: `make run` and `make test` are all a fresh machine needs.
SWIFT ?= swift
# No DWARF in any build: nothing reads it (the boards strip it, a failing test names its own file
# and line, backtraces keep the symbols), and leaving it out makes a debug build 14% shorter
# (274 s to 237 s from clean on two cores) and the release builds likewise. Every build of one
# scratch folder must be given the same flags, or it starts again from nothing.
SWIFT_BUILD_FLAGS ?= -debug-info-format none
export SWIFT_BUILD_FLAGS
# Every swift build and test runs with CC set to scripts/swiftpm-cc.sh (ccache in front of the
# toolchain's clang), and always the same, or a scratch folder's C files are compiled again.
# Only swift is given it: other builds here (BusyBox, FFmpeg, kernel modules) keep their CC.
export SWIFTPM_CC := $(CURDIR)/scripts/swiftpm-cc.sh
SWIFTPM = env CC=$(SWIFTPM_CC) $(SWIFT)
export CCACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/playhead/ccache
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_MAXSIZE ?= 3G
# The last line's packages build the images' kernels (board/image/kernel-appliance.sh and
# kernel-appliance-arm64.sh, cross-compiled with Debian's gcc-aarch64-linux-gnu).
DEBIAN_PACKAGES := ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libavfilter-dev pkg-config python3 \
  gcc make libc6-dev libdrm-dev libasound2-dev libgpiod-dev libfreetype-dev libharfbuzz-dev libass-dev fonts-dejavu-core libharfbuzz-bin python3-freetype qemu-system-x86 qemu-system-arm kmod cpio xz-utils binutils mtools systemd \
  nasm libmbedtls-dev dpkg-dev grub-common grub-efi-amd64-bin ovmf u-boot-qemu u-boot-tools libubootenv-tool rauc dbus-daemon squashfs-tools fdisk e2fsprogs zstd debootstrap patch chrony iproute2 \
  python3-venv chromium chromium-driver openssl ca-certificates ccache tzdata prometheus libmosquitto-dev mosquitto mosquitto-clients \
  flex bison bc libelf-dev libssl-dev lz4 gcc-aarch64-linux-gnu
MEDIA := build/media
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: deps bench-deps build build-arm64 media test test-beside test-beside-images unit-test soak state-test hostile fuzz fuzz-replay units api-test mqtt-test content-test prometheus-test sync-test fleet-tests fleet-trio board-release-wait bench run clean board board-test board-test-7 board-wall-long board-shell board-soak board-appliance image image-test sbom-test bundle update-bundles update-test update-test-long board-arm64 board-test-arm64 board-shell-arm64 bench-arm64 image-arm64 image-test-arm64 bundle-arm64 update-bundles-arm64 update-test-arm64 update-test-arm64-both-ways update-test-arm64-one-way update-test-arm64-long

# The x86_64 board's own parts (its kernels); EMULATED: what both emulated boards share (the
# overlay with the scenarios, the initramfs, the guest tools, boot.py, the host checks and drivers).
BOARD := board/qemu-x86_64
EMULATED := board/emulated
# The board's kernel profile: 6 (Debian 12's 6.1) or 7 (a pinned 7.2 from trixie-backports,
# whose vkms has YUV planes); `make board-test KERNEL=7`. Each has its own outputs.
KERNEL ?= 6
ifeq ($(KERNEL),7)
BOARD_OUT := build/board-7
BOARD_KERNEL := $(BOARD)/host/kernel7.sh
else
BOARD_OUT := build/board
BOARD_KERNEL := $(BOARD)/host/kernel.sh
endif
BOARD_CACHE := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/playhead/board
BOARD_INITRAMFS = $(BOARD_OUT)/initramfs$(if $(BOARD_BENCH),-bench).cpio
BOARD_SCRATCH := .build-board

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing \
	    || { echo "make deps: could not install$$missing; install them with apt-get and retry"; exit 1; }; \
	fi

# `make build ARCH=arm64` (or `make build-arm64`): the aarch64 playhead, cross-compiled.
ifneq ($(filter arm64 aarch64,$(ARCH)),)
build: build-arm64
else
build: deps
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --product playhead
endif

# playhead for aarch64 boards (Debian 13's C libraries), with a static Swift runtime:
# build/arm64/playhead, and build/arm64/sysroot for `qemu-aarch64-static -L`. The build root
# (sid with its swiftlang) and the sysroot are made once from Debian's packages and cached in
# ~/.cache/playhead/cross (docs/building-for-arm.md; scripts/cross/).
CROSS_CACHE := $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/playhead/cross
build-arm64: deps
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="debootstrap qemu-user-static"
	@scripts/beside.sh wait $(BESIDE_IMAGES) arm64-build
	scripts/cross/arm64.sh $(CROSS_CACHE) build/arm64

$(MEDIA)/.stamp: scripts/gen-media.sh scripts/media/dvb-subtitles.c scripts/media/pgs-subtitles.py scripts/media/cea608-captions.c
	@$(MAKE) --no-print-directory deps
	scripts/gen-media.sh $(MEDIA)
	touch $@

media: $(MEDIA)/.stamp

# The run itself is bounded: a hung test fails the run in minutes, not at CI's limit. The
# KILL after the grace period matters: the test runner blocks SIGTERM.
test: unit-test test-beside fleet-trio soak state-test hostile fuzz-replay units api-test board-release-wait sync-test board-test board-test-7 test-beside-images board-appliance image-test sbom-test update-test board-test-arm64 image-test-arm64 update-test-arm64-one-way

# Builds that later targets need run beside the tests at the lowest priority (scripts/beside.sh),
# each target that needs one waiting for it first: the board's release build after the unit
# tests, beside the host's other tests, and sync-test alone once it is done (it measures
# milliseconds: beside a build, a follower took 26 s to join and its worst picture was 23 ms off).
# Not beside the debug build: the two builds share the cores whatever their priority (begun
# together, the debug build took 2 min longer); the fleet's three tests mostly wait on their
# peers. Then, once the board's scenarios are done, the image's FFmpeg and the arm64 cross build,
# kernel modules and FFmpeg beside the appliance boot, the image and update tests. Not beside the
# scenarios: a build there, even at SCHED_IDLE, slowed the guest by 10-25 % and a fresh run lost
# a button press and failed seven scenarios (docs/testing.md).
BESIDE := build/beside
BESIDE_IMAGES := build/beside-images
test-beside: deps media
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="debootstrap qemu-user-static"
	BESIDE_OWNER=$$PPID scripts/beside.sh start $(BESIDE) \
	  board-release "$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --product playhead --static-swift-stdlib --scratch-path $(BOARD_SCRATCH)" \
	  image-ffmpeg "board/image/ffmpeg.sh $(BOARD_CACHE)/.."

board-release-wait:
	@scripts/beside.sh wait $(BESIDE) board-release

test-beside-images: deps media
	BESIDE_OWNER=$$PPID scripts/beside.sh start $(BESIDE_IMAGES) \
	  arm64-build "scripts/cross/arm64.sh $(CROSS_CACHE) build/arm64" \
	  arm64-kernel "$(BOARD_A64)/host/kernel.sh $(BOARD_A64_OUT) $(BOARD_A64_CACHE) $(BOARD_CACHE)" \
	  arm64-ffmpeg "board/image/ffmpeg-arm64.sh $(BOARD_A64_CACHE) build/arm64/sysroot $(BOARD_CACHE)/buildroot-trixie" \
	  arm64-appliance-kernel "board/image/kernel-appliance-arm64.sh $(BOARD_CACHE)/.. \$$($(BOARD_A64)/host/kernel.sh $(BOARD_A64_OUT) $(BOARD_A64_CACHE) $(BOARD_CACHE) | tail -1)"

# Side by side, swift test's default: the player's tests step its loop on a virtual clock, and
# the tests that need real threads (a terminal, sockets, the sound, GPIO and FFmpeg threads, a
# faulty server) wait for what those threads do, bounded, and run their blocking calls off the
# test pool (docs/testing.md). swift test's own last line says how many tests passed.
unit-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --build-tests
	timeout -k 10 900 $(SWIFTPM) test $(SWIFT_BUILD_FLAGS) --skip-build

# Thousands of items (some failing on purpose) looped as fast as they decode: threads,
# descriptors, mappings and memory must stay flat (scripts/soak.py says how it measures).
soak: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 900 python3 scripts/soak.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) 5000

# The place survives kill -9: killed at random moments and started again, playhead resumes at
# the saved item within two seconds after its saved time, and the state file is always whole.
state-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 300 python3 scripts/state-kill.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) 15

# The hostile corpus (Tests/Hostile, scripts/hostile.py): a stranger's stick, hostile options
# and state files, a hostile socket client; the good items play, nothing outside the stick is
# reached, nothing raw is printed, memory stays bounded and SIGTERM ends each run within 2 s.
hostile: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 600 python3 scripts/hostile.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA)

# The demux entry under libFuzzer for FUZZ_SECONDS; a crashing input lands in
# Tests/Fuzz/regressions (see Tests/Fuzz/README.md). The Swift runtime's backtracer is off:
# left on, it takes a trap's SIGILL first and the process dies before libFuzzer's handler
# writes the input. FUZZ_ARGS: more libFuzzer flags (-jobs=1 goes on after a crash).
FUZZ_SECONDS ?= 120
FUZZ_ARGS ?=
fuzz: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --product playhead-fuzz --scratch-path .build-fuzz --sanitize=fuzzer -Xswiftc -DFUZZING
	rm -rf build/fuzz && mkdir -p build/fuzz/corpus && cp Tests/Fuzz/corpus/* build/fuzz/corpus/ && \
	  cp $(MEDIA)/tiny.mp4 $(MEDIA)/h264_aac.mp4 $(MEDIA)/vp9_opus.webm $(MEDIA)/audio_only.mp3 $(MEDIA)/vfr.mkv build/fuzz/corpus/
	SWIFT_BACKTRACE=enable=no .build-fuzz/release/playhead-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=200000 -rss_limit_mb=4096 -detect_leaks=0 \
	  -artifact_prefix=Tests/Fuzz/regressions/ $(FUZZ_ARGS) build/fuzz/corpus

# The fuzzer's kept inputs and every crash it ever found, replayed through the same entry.
fuzz-replay: deps
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead-fuzz
	$$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead-fuzz Tests/Fuzz/corpus/* $$(ls Tests/Fuzz/regressions/* 2>/dev/null)

# The systemd units of rootfs-overlay, as systemd itself reads them.
units: deps
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	scripts/check-units.sh $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead

# The host checks' Python packages (scripts/api/requirements.txt, from PyPI), in a venv of their own.
VENV := build/venv
$(VENV)/.stamp: scripts/api/requirements.txt
	@$(MAKE) --no-print-directory deps
	rm -rf $(VENV) && python3 -m venv $(VENV) && $(VENV)/bin/pip install -q -r scripts/api/requirements.txt
	touch $@

# The HTTP API against a real playhead on loopback: schemathesis checks it against its
# /openapi.json, headless Chromium drives the control page (log in, Pause: the player pauses)
# and saves it at phone and desktop width in build/api-test/ (scripts/api/api_test.py).
api-test: deps media $(VENV)/.stamp
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 600 $(VENV)/bin/python scripts/api/api_test.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) build/api-test $(VENV)

# MQTT against Debian's mosquitto started by the test on loopback (a password file, a TLS
# listener with a made CA): status, events and replies, the broker killed and started again
# mid-play, one that stops answering, the last will, ten players on one group topic, about 30 s
# (scripts/mqtt/mqtt_test.py).
mqtt-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 180 /usr/bin/python3 scripts/mqtt/mqtt_test.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) build/mqtt-test

# The three fleet tests side by side: each mostly waits on its peers (a broker, a server,
# Prometheus), so together they take about as long as the longest (about 35 s, not 70). The
# sync group's test then alone: beside the three, a follower once took 12 s to join and its
# pictures were 56 ms off until it did (3 s and 1.4 ms alone right after).
fleet-tests: fleet-trio
	$(MAKE) --no-print-directory sync-test

fleet-trio: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	$(MAKE) --no-print-directory -j3 mqtt-test content-test prometheus-test

# Fleet health on Debian's Prometheus: the sample configuration and alert rules of docs/fleet/
# scrape two players on loopback; a query returns both, a stopped one shows down, about 10 s
# (scripts/fleet/prometheus_test.py).
prometheus-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 120 /usr/bin/python3 scripts/fleet/prometheus_test.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) build/prometheus-test

# Content sync against a local HTTP server that misbehaves (a dropped download resumed by
# Range, a wrong hash, a stall, a manifest changed mid-download, a full disk on a tmpfs in the
# test's own mount namespace), about 30 s (scripts/content/content_test.py).
# A sync group of three players (null outputs) in a network namespace of the test's own: joins
# mid-item, a follower restarted, the leader stopped (a new one within 2 s), a stranger's
# datagrams; every follower picture within half a 30 fps frame of the leader's, about 60 s
# (scripts/sync/sync_test.py).
sync-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 240 /usr/bin/python3 scripts/sync/sync_test.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) build/sync-test

content-test: deps media
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --product playhead
	timeout -k 10 180 /usr/bin/python3 scripts/content/content_test.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/playhead $(MEDIA) build/content-test

# The emulated board: Debian's kernel with the modules it leaves out, BusyBox, playhead built
# with a static Swift runtime on the image's own FFmpeg (board/image/ffmpeg.sh: what the image
# plays, and 33 libraries to load instead of Debian's 140), the guest tools and the overlays, in
# one initramfs. With BOARD_BENCH=1 (`make bench`), initramfs-bench.cpio, which also carries the
# host's ffmpeg, the decode reference.
# `make board ARCH=arm64` (board-test, board-shell too): the arm64 board, below.
ifneq ($(filter arm64 aarch64,$(ARCH)),)
board: board-arm64
board-test: board-test-arm64
board-shell: board-shell-arm64
else
board: deps media
	@scripts/beside.sh wait $(BESIDE) board-release && scripts/beside.sh wait $(BESIDE) image-ffmpeg
	@abi=$$($(BOARD_KERNEL) $(BOARD_OUT) $(BOARD_CACHE) | tail -1) && \
	guest=$$($(EMULATED)/initramfs/guest-packages.sh $(BOARD_CACHE) | tail -1) && \
	ffprefix=$$(board/image/ffmpeg.sh $(BOARD_CACHE)/.. | tail -1) && \
	$(EMULATED)/tools/build-tools.sh $(BOARD_OUT)/tools && \
	$(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --product playhead --static-swift-stdlib --scratch-path $(BOARD_SCRATCH) && \
	FFMPEG_PREFIX=$$ffprefix FFMPEG_REFERENCE=$(BOARD_BENCH) $(EMULATED)/initramfs/mkinitramfs.sh $(BOARD_INITRAMFS) $$abi $(BOARD_OUT)/$$abi $$guest \
	  $(BOARD_SCRATCH)/release/playhead $(BOARD_OUT)/tools $(MEDIA) && \
	ln -sfn $$abi/vmlinux $(BOARD_OUT)/vmlinux

# One QEMU guest at a time on a machine (they share its cores): every boot waits for the lock.
BOOT := flock /tmp/playhead-board.lock python3 $(EMULATED)/boot/boot.py --kernel $(BOARD_OUT)/vmlinux \
  --initrd $(BOARD_OUT)/initramfs.cpio --profile $(KERNEL)

# Each scenario runs on the profiles its `# kernels:` line names (6 when it has none). The whole
# boot's bound grew by 300 s with scenarios 25 and 26 (about 60 and 100 s each alone), and by
# 240 s with 28 (Wi-Fi, about 90 s alone, 240 at most).
board-test: board $(VENV)/.stamp
	python3 $(EMULATED)/boot/console_check.py
	$(BOOT) --mode test --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-test.log --timeout 1440 $(if $(ONLY),--only $(ONLY)) $(BOOT_EXTRA)

board-shell: board
	$(BOOT) --mode shell --share $(BOARD_OUT)/share
endif

# Scenario 16 (the clip looped with sound on vkms and the loopback card) for MINUTES, not the
# 40 s `make test` gives it: threads, descriptors, mappings and memory read as it goes.
MINUTES ?= 60
board-soak: board
	$(BOOT) --mode test --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-soak.log \
	  --timeout $$(( $(MINUTES) * 60 + 600 )) --only 16 --long-loop $(MINUTES)

# The 7.x profile's scenarios: direct YUV scan-out on a real YUV plane, the joins, a configfs-built
# card with real hot-plug and an overlay plane, and the display basics.
board-test-7:
	@$(MAKE) --no-print-directory board-test KERNEL=7

# The sync group's scenario (41, three players on three screens of the 7.x board) playing
# SYNC_RUN seconds before its faults, not the 40 `make test` gives it; `make bench` runs 300.
SYNC_RUN ?= 300
board-wall-long:
	@$(MAKE) --no-print-directory board-test KERNEL=7 ONLY=41 BOOT_EXTRA="--sync-run $(SYNC_RUN)"

# The sync group across two emulated boards (issue 37's long runs; board/emulated/boot/wall_drift.py):
# the leader and the follower each in a QEMU guest of its own (one vCPU each), joined by a
# network of QEMU's own, the follower's clock 100 ppm fast (adjtimex) and netem 4 ms +- 2 ms each
# way. RUN seconds on playhead's own estimate of the leader's clock, then RUN on CLOCK_REALTIME
# with Debian's chronyd in both guests (the host's package, through the share), each followed by
# a follower's restart: about 2 x RUN + 5 minutes. Both guests in one hold of the board lock.
RUN ?= 1800
.PHONY: board-wall-drift
board-wall-drift: board
	flock /tmp/playhead-board.lock python3 $(EMULATED)/boot/wall_drift.py --kernel $(BOARD_OUT)/vmlinux \
	  --initrd $(BOARD_OUT)/initramfs.cpio --out $(BOARD_OUT)/wall-drift --run $(RUN)

# The board boots as a flashed one (BusyBox init, the supervisor, playhead as its user) and
# must show its first frame; the time from the kernel's start to it is printed.
board-appliance: board
	$(BOOT) --mode appliance --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-appliance.log --timeout 180 --linger 10

# The keyring the image checks bundles against, and the key and certificate bundles are signed
# with: the development ones unless an owner names their own (board/keys/README.md).
RAUC_KEYRING ?= board/keys/development.cert.pem
RAUC_KEY ?= board/keys/development.key.pem
RAUC_CERT ?= board/keys/development.cert.pem
# The system's version (the root's /etc/playhead-release): a later build is a later version, which
# is how the board tells an older bundle (refused unless forced). A bundle says its root's own
# version unless BUNDLE_VERSION is given.
IMAGE_VERSION ?= $(shell date -u +%Y.%m.%d.%H%M%S)-$(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
BUNDLE_VERSION ?=

ifneq ($(filter arm64 aarch64,$(ARCH)),)
image: image-arm64
image-test: image-test-arm64
bundle: bundle-arm64
else
# The disk image to flash on an x86_64 board (and that the emulated board boots from a virtual
# disk): GRUB for UEFI counting boots, two root slots (read-only squashfs, each with its own
# kernel built once from Debian's source and cached (board/image/kernel-appliance.sh), a small
# early boot, playhead on its own small FFmpeg built once from Debian's source and cached, and
# RAUC), and an ext4 /data (docs/updates.md).
IMAGE_OUT := build/image
IMAGE := $(IMAGE_OUT)/playhead-x86_64.img
# The disk the board boots from, as its kernel names it: /dev/vda (virtio, the emulated board),
# /dev/sda (SATA or USB), /dev/nvme0n1p for NVMe.
IMAGE_DISK ?= /dev/vda
BUNDLE := $(IMAGE_OUT)/playhead-x86_64.raucb
image: deps media
	@scripts/beside.sh wait $(BESIDE) image-ffmpeg
	IMAGE_VERSION="$(IMAGE_VERSION)" RAUC_KEYRING="$(RAUC_KEYRING)" SWIFT="$(SWIFT)" board/image/build-x86_64.sh $(IMAGE) $(IMAGE_DISK) $(MEDIA) $(BOARD_OUT) $(BOARD_CACHE) $(BOARD_SCRATCH)

# Boots the image twice with a power cut after each first frame; /data must come back clean. The
# first boot has QEMU's user network and an NTP server the test runs (Debian's chronyd, on the
# loopback only, never steering the host's clock), its cable pulled and plugged back.
# Then about 2 min more: a boot that counts what /data is written while the demo loops (a
# minute of it; `--measure SECONDS` of image-test.py for longer).
# Beside that boot (which only counts writes, by the guest's clock), the host's FFmpeg tests
# (PlayheadFFmpegTests: files, photos, HLS, HTTPS, UDP streams) once more on the image's own
# FFmpeg (mbedtls, not Debian's gnutls; only the demuxers, decoders and protocols it was
# configured with): whatever they play, the images play. Run on Debian's FFmpeg list, they once
# found the images showing no photo and opening no UDP stream.
image-test: image
	flock /tmp/playhead-board.lock python3 board/image/image-test.py $(IMAGE) --log $(IMAGE_OUT)/console.log \
	  --beside-measuring "board/image/ffmpeg-tests.sh $(BOARD_CACHE)/.. '$(SWIFTPM)' '$(SWIFT_BUILD_FLAGS)'"

# The image's bill of materials (board/image/sbom.py, written by `make image`) answers an
# advisory's question: FFmpeg and OpenSSL's libcrypto are found at the versions on the root, an
# absent name is said absent. Seconds, on the image already built (in `make test` it follows
# image-test, which built it); it builds nothing itself.
sbom-test:
	python3 board/image/sbom-test.py $(IMAGE_OUT)/playhead-x86_64.spdx.json $(IMAGE_OUT)/root

# A signed RAUC bundle of the image's root (the squashfs in slot A), of the root's version unless BUNDLE_VERSION is given;
# its bill of materials beside it ($(BUNDLE).spdx.json).
bundle: image
	board/image/bundle.sh $(BUNDLE) $(IMAGE_OUT)/root.sqfs "$(BUNDLE_VERSION)" $(RAUC_KEY) $(RAUC_CERT) $(RAUC_KEYRING)

# A/B updates on the emulated board (board/image/update-test.py, docs/updates.md), driven by
# playhead's `update` command on the console: UPDATE_CUTS power cuts early in installs (slot A
# comes back, /data clean); three bundles refused (a stranger's signature, another board's, an
# older version); the good one on a USB stick installed while playing, slot B booted, played,
# confirmed and named in `update`. Then, from slot B, a bundle whose playhead shows no frame into
# slot A: three boots of A, back on slot B. About 5 minutes.
UPDATE_BUNDLES := $(IMAGE_OUT)/bundles
UPDATE_CUTS ?= 1
update-bundles: image
	board/image/test-bundles.sh $(UPDATE_BUNDLES) $(IMAGE_OUT)/root.sqfs $(RAUC_KEY) $(RAUC_CERT) $(RAUC_KEYRING)

update-test: update-bundles
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE) --bundles $(UPDATE_BUNDLES) \
	  --cuts-first $(UPDATE_CUTS) --then-bad --log $(IMAGE_OUT)/console-update.log

# The longer runs, not in `make test`: the bad bundle from slot A into B on a fresh image, ten
# power cuts at random moments of installs, some after their end (about 8 minutes), and an empty
# slot B that GRUB's environment calls good (GRUB must pass it over after three tries).
update-test-long: update-bundles
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE) --bundles $(UPDATE_BUNDLES) --bad \
	  --log $(IMAGE_OUT)/console-update-bad.log
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE) --bundles $(UPDATE_BUNDLES) \
	  --power-cuts 10 --log $(IMAGE_OUT)/console-update-cuts.log
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE) --unbootable \
	  --log $(IMAGE_OUT)/console-unbootable.log
endif

# The arm64 image (board/image/README.md): a Raspberry Pi 4 family SD card made of Debian 13's
# arm64 kernel, device trees, Pi firmware and libraries with the aarch64 playhead; the emulated
# arm64 board boots the same card. `make image ARCH=arm64`, `make image-test ARCH=arm64`.
IMAGE_A64_OUT := build/image-arm64
IMAGE_A64 := $(IMAGE_A64_OUT)/playhead-rpi4-arm64.img
image-arm64: deps media build-arm64
	@scripts/beside.sh wait $(BESIDE_IMAGES) arm64-appliance-kernel
	IMAGE_VERSION="$(IMAGE_VERSION)" RAUC_KEYRING="$(RAUC_KEYRING)" board/image/build-arm64.sh $(IMAGE_A64) $(MEDIA) $(BOARD_A64_OUT) $(BOARD_A64_CACHE) $(BOARD_CACHE) build/arm64

image-test-arm64: image-arm64
	flock /tmp/playhead-board.lock python3 board/image/image-test.py $(IMAGE_A64) --arch arm64 --log $(IMAGE_A64_OUT)/console.log

# `make bundle ARCH=arm64`: the card's slot images (the root's squashfs and the FAT with its
# kernel and early boot, both kept beside the card by mkdisk.sh) as one signed RAUC bundle.
BUNDLE_A64 := $(IMAGE_A64_OUT)/playhead-rpi4-arm64.raucb
bundle-arm64: image-arm64
	BUNDLE_BOOT=$(IMAGE_A64_OUT)/boot.vfat board/image/bundle.sh $(BUNDLE_A64) $(IMAGE_A64_OUT)/root.sqfs "$(BUNDLE_VERSION)" \
	  $(RAUC_KEY) $(RAUC_CERT) $(RAUC_KEYRING) playhead-rpi4-arm64

# update-test on the card under the emulated arm64 board (TCG: slow, so not in `make test`): the
# refusals and the good bundle from a USB stick, then the bad one from the web server, its three
# tries and the fallback to slot A. 6.5 minutes on a quiet machine with the card's build.
UPDATE_A64_BUNDLES := $(IMAGE_A64_OUT)/bundles
update-bundles-arm64: image-arm64
	board/image/hook-test.sh
	BUNDLE_ARCH=arm64 board/image/test-bundles.sh $(UPDATE_A64_BUNDLES) $(IMAGE_A64_OUT)/root.sqfs $(RAUC_KEY) $(RAUC_CERT) $(RAUC_KEYRING)

update-test-arm64: update-bundles-arm64
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE_A64) --arch arm64 --bundles $(UPDATE_A64_BUNDLES) \
	  --log $(IMAGE_A64_OUT)/console-update.log
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE_A64) --arch arm64 --bundles $(UPDATE_A64_BUNDLES) --bad \
	  --log $(IMAGE_A64_OUT)/console-update-bad.log

# The card's power cuts, not in `make test` (about 15 minutes; run with three cuts so far): ten installs from the web server
# cut at a random moment of their first 50 s (RAUC 1.13 streams them: 20-50 s under TCG).
update-test-arm64-long: update-bundles-arm64
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE_A64) --arch arm64 --bundles $(UPDATE_A64_BUNDLES) \
	  --power-cuts 10 --cut-window 50 --log $(IMAGE_A64_OUT)/console-update-cuts.log

# The card's good and bad bundles in one run: the good one from the stick into slot B, then the
# bad one from the web server into slot A, U-Boot's three tries of A and slot B again (about 4
# minutes with the bundles on a quiet machine). `make test` runs its first half (one-way, about
# 1.5 minutes: the card's bundle installed and booted by U-Boot), to stay under 45 minutes;
# there a bad bundle's three tries and the fallback are proven on x86_64's GRUB (update-test),
# as are the refusals and the reboot at a time of day.
update-test-arm64-both-ways: update-bundles-arm64
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE_A64) --arch arm64 --bundles $(UPDATE_A64_BUNDLES) \
	  --both-ways --log $(IMAGE_A64_OUT)/console-update-both.log

update-test-arm64-one-way: update-bundles-arm64
	flock /tmp/playhead-board.lock python3 board/image/update-test.py $(IMAGE_A64) --arch arm64 --bundles $(UPDATE_A64_BUNDLES) \
	  --both-ways --one-way --log $(IMAGE_A64_OUT)/console-update-one-way.log

# The arm64 board (board/qemu-aarch64/README.md): QEMU's virt machine under TCG with Debian 13's
# arm64 kernel (vkms, gpio-sim and snd-dummy cross-built for it), the aarch64 playhead of
# `make build ARCH=arm64` with its libraries from the same sysroot, the guest tools
# cross-compiled, the same overlays and media. Its scenarios are those whose `# arches:` line
# names arm64.
BOARD_A64 := board/qemu-aarch64
BOARD_A64_OUT := build/board-arm64
BOARD_A64_CACHE := $(BOARD_CACHE)-arm64
# With A64_BENCH=1 (`make bench ARCH=arm64`) its initramfs-bench.cpio also carries trixie's
# arm64 ffmpeg, the decode reference.
A64_INITRAMFS := $(BOARD_A64_OUT)/initramfs$(if $(A64_BENCH),-bench).cpio
# It also waits for the card's kernel, the last build beside (only when it is not cached yet:
# 1,339 s of make alone on the two cores on 2026-12-04): the arm64 scenarios must not share the
# cores with it.
board-arm64: deps media build-arm64
	@scripts/beside.sh wait $(BESIDE_IMAGES) arm64-kernel && scripts/beside.sh wait $(BESIDE_IMAGES) arm64-ffmpeg
	@scripts/beside.sh wait $(BESIDE_IMAGES) arm64-appliance-kernel
	@abi=$$($(BOARD_A64)/host/kernel.sh $(BOARD_A64_OUT) $(BOARD_A64_CACHE) $(BOARD_CACHE) | tail -1) && \
	guest=$$($(EMULATED)/initramfs/guest-packages.sh $(BOARD_A64_CACHE) arm64 | tail -1) && \
	ffroot=$(if $(A64_BENCH),$$($(BOARD_A64)/host/bench-ffmpeg.sh $(BOARD_A64_CACHE) build/arm64/sysroot | tail -1)) && \
	ffprefix=$(if $(A64_BENCH),,$$(board/image/ffmpeg-arm64.sh $(BOARD_A64_CACHE) build/arm64/sysroot $(BOARD_CACHE)/buildroot-trixie | tail -1)) && \
	$(EMULATED)/tools/build-tools.sh $(BOARD_A64_OUT)/tools build/arm64/sysroot $(BOARD_CACHE)/buildroot-trixie && \
	FFMPEG_PREFIX=$$ffprefix $(EMULATED)/initramfs/mkinitramfs.sh $(A64_INITRAMFS) $$abi $(BOARD_A64_OUT)/$$abi $$guest \
	  build/arm64/playhead $(BOARD_A64_OUT)/tools $(MEDIA) build/arm64/sysroot $$ffroot && \
	ln -sfn $$abi/Image $(BOARD_A64_OUT)/Image

BOOT_A64 := flock /tmp/playhead-board.lock python3 $(EMULATED)/boot/boot.py --arch arm64 --kernel $(BOARD_A64_OUT)/Image \
  --initrd $(BOARD_A64_OUT)/initramfs.cpio

board-test-arm64: board-arm64
	$(BOOT_A64) --mode test --share $(BOARD_A64_OUT)/share --log $(BOARD_A64_OUT)/console-test.log --timeout 1140 $(if $(ONLY),--only $(ONLY))

board-shell-arm64: board-arm64
	$(BOOT_A64) --mode shell --share $(BOARD_A64_OUT)/share

# The peers playhead is measured against on the board: Debian's mpv and GStreamer, run in the
# guest from the host's root (only `make bench` needs them).
PEER_PACKAGES := wrk nginx-light mpv gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad \
  gstreamer1.0-libav gstreamer1.0-alsa
bench-deps: deps
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$(PEER_PACKAGES)"

# `make bench ARCH=arm64`: on the arm64 board, playhead's decoding against trixie's arm64 ffmpeg
# in the same guest, the display, A/V and button figures, the Pi 4 card's boot to first frame
# there; not the peers (they run from the host's root).
bench-arm64: deps
	scripts/gen-bench-media.sh $(MEDIA)
	$(MAKE) --no-print-directory board-arm64 A64_BENCH=1
	flock /tmp/playhead-board.lock python3 $(EMULATED)/boot/boot.py --arch arm64 --kernel $(BOARD_A64_OUT)/Image \
	  --initrd $(BOARD_A64_OUT)/initramfs-bench.cpio --memory 2048 --mode bench --share $(BOARD_A64_OUT)/share \
	  --media $(MEDIA) --log $(BOARD_A64_OUT)/console-bench.log --timeout 3600
	@# Boot to first frame from the Raspberry Pi 4 card on the same emulated board, and its sizes.
	$(MAKE) --no-print-directory image-arm64
	flock /tmp/playhead-board.lock python3 board/image/image-test.py $(IMAGE_A64) --arch arm64 \
	  --log $(IMAGE_A64_OUT)/console.log --linger 3
	board/image/report.sh $(IMAGE_A64_OUT) $(BOARD_A64_OUT)/initramfs.cpio build/arm64/playhead
	python3 board/image/goals.py $(IMAGE_OUT) $(IMAGE_A64_OUT)

# `make bench ONLY=peers` runs only the players side by side on the board; ONLY=loop only their
# one-second clip looped (the longest picture at a join).
ifneq ($(filter arm64 aarch64,$(ARCH)),)
bench: bench-arm64
else
bench: build bench-deps
	scripts/gen-bench-media.sh $(MEDIA)
	$(if $(ONLY),,python3 scripts/bench.py)
	$(if $(ONLY),,python3 scripts/api/api_bench.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --show-bin-path)/playhead $(MEDIA) build/api-bench)
	$(if $(ONLY),,/usr/bin/python3 scripts/content/content_bench.py $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --show-bin-path)/playhead $(MEDIA) build/content-bench)
	$(MAKE) --no-print-directory board && $(MAKE) --no-print-directory board BOARD_BENCH=1
	@# The bench's initramfs (the host's ffmpeg beside playhead): its --initrd is the last given.
	$(BOOT) --initrd $(BOARD_OUT)/initramfs-bench.cpio --mode bench --share $(BOARD_OUT)/share --media $(MEDIA) \
	  --log $(BOARD_OUT)/console-bench.log --timeout 1800 $(if $(ONLY),--only $(ONLY))
	$(if $(ONLY),,$(MAKE) --no-print-directory board-wall-long)
	$(if $(ONLY),,$(MAKE) --no-print-directory board-wall-drift)
	@# Boot to first frame (kernel start to the first page flip, on the monotonic clock both
	@# share), from the board's initramfs and from the disk image, beside the image's sizes.
	$(BOOT) --mode appliance --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-appliance.log --timeout 180 --linger 2
	$(MAKE) --no-print-directory image
	python3 board/image/image-test.py $(IMAGE) --log $(IMAGE_OUT)/console.log --linger 3 --measure 0
	board/image/report.sh $(IMAGE_OUT) $(BOARD_OUT)/initramfs.cpio $(BOARD_SCRATCH)/release/playhead
	@# The Raspberry Pi card booted on the emulated arm64 board too, so that issue 38's goals are
	@# read for both images in one run (board/image/goals.py): first frames, roots, the card.
	$(MAKE) --no-print-directory image-arm64
	flock /tmp/playhead-board.lock python3 board/image/image-test.py $(IMAGE_A64) --arch arm64 \
	  --log $(IMAGE_A64_OUT)/console.log --linger 3
	python3 board/image/goals.py $(IMAGE_OUT) $(IMAGE_A64_OUT)
	@# An update's figures: the bundle's size, the install's time while playing, and the new
	@# slot's boot to first frame beside the old slot's in the same run.
	$(MAKE) --no-print-directory update-bundles
	python3 board/image/update-test.py $(IMAGE) --bundles $(UPDATE_BUNDLES) --log $(IMAGE_OUT)/console-update.log | grep -E '^update-test: (bench|slot B)'
endif

# On a board with a display, playhead plays the demo right here; elsewhere the emulated board
# boots: at a terminal as the appliance (init, the supervisor, playhead's console on this
# terminal, the demo looping), otherwise it plays the demo once and saves a screenshot.
run: deps media
	@if [ -e /dev/dri/card0 ]; then \
	  $(MAKE) --no-print-directory build && \
	  $$($(SWIFTPM) build $(SWIFT_BUILD_FLAGS) -c release --show-bin-path)/playhead --video-output drm --screenshot build/screenshot.png \
	    --events text $(MEDIA)/demo.mp4 $(MEDIA)/h264_aac.mp4; \
	elif [ -t 0 ] && [ -t 1 ]; then \
	  $(MAKE) --no-print-directory board && \
	  $(BOOT) --mode appliance --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-run.log --timeout 86400; \
	else \
	  $(MAKE) --no-print-directory board && \
	  rm -f $(BOARD_OUT)/share/out/screenshot.png && \
	  $(BOOT) --mode run --share $(BOARD_OUT)/share --log $(BOARD_OUT)/console-run.log --timeout 600 && \
	  if [ -s $(BOARD_OUT)/share/out/screenshot.png ]; then \
	    cp $(BOARD_OUT)/share/out/screenshot.png build/screenshot.png && echo "run: the board's screen is in build/screenshot.png"; \
	  else echo "run: no screenshot was taken (see $(BOARD_OUT)/console-run.log)"; exit 1; fi; \
	fi

clean:
	rm -rf build .build
