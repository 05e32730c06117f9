# Playhead: `make run` and `make test` are all a fresh machine needs.
SWIFT ?= swift
DEBIAN_PACKAGES := ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev pkg-config python3
MEDIA := build/media
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: deps build media test bench run clean

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing \
	    || { echo "make deps: could not install$$missing; install them with apt-get and retry"; exit 1; }; \
	fi

build: deps
	$(SWIFT) build -c release --product playhead

$(MEDIA)/.stamp: scripts/gen-media.sh
	@$(MAKE) --no-print-directory deps
	scripts/gen-media.sh $(MEDIA)
	touch $@

media: $(MEDIA)/.stamp

# The emulated board's tests (issue 3) join here as `board-test`.
# The run itself is bounded: a hung test fails the run in minutes, not at CI's limit. The
# KILL after the grace period matters: the test runner blocks SIGTERM.
test: deps media
	$(SWIFT) build --build-tests
	timeout -k 10 600 $(SWIFT) test --skip-build

bench: build
	scripts/gen-bench-media.sh $(MEDIA)
	python3 scripts/bench.py

# Until the emulated board exists (issue 3), the demo plays here with null outputs.
run: build media
	$$($(SWIFT) build -c release --show-bin-path)/playhead --video-output null --audio-output null --events text $(MEDIA)/demo.mp4 $(MEDIA)/h264_aac.mp4

clean:
	rm -rf build .build
