################################################################################
#
# playhead
#
################################################################################

# The repository this external tree lives in is the source.
PLAYHEAD_VERSION = 0.13.0
PLAYHEAD_SITE = $(BR2_EXTERNAL_PLAYHEAD_PATH)/..
PLAYHEAD_SITE_METHOD = local
PLAYHEAD_DEPENDENCIES = ffmpeg alsa-lib libdrm libgpiod
PLAYHEAD_OVERLAY = $(BR2_EXTERNAL_PLAYHEAD_PATH)/../rootfs-overlay

# Its own user, in the groups of the devices it opens; never root. Buildroot makes the account
# (and groups input and gpio when the skeleton has none), so the overlay's own account files
# are left out below.
define PLAYHEAD_USERS
	playhead -1 playhead -1 * /data/state - video,audio,input,gpio,dialout,watchdog Playhead media player
endef

PLAYHEAD_PREBUILT = $(call qstrip,$(BR2_PACKAGE_PLAYHEAD_PREBUILT))
PLAYHEAD_SWIFT = $(call qstrip,$(BR2_PACKAGE_PLAYHEAD_SWIFT))
PLAYHEAD_SWIFT_SDK = $(call qstrip,$(BR2_PACKAGE_PLAYHEAD_SWIFT_SDK))

ifeq ($(PLAYHEAD_PREBUILT),)
# pkg-config answers from the staging directory, so the C wrapper targets find the target's
# FFmpeg, ALSA and libdrm.
define PLAYHEAD_BUILD_CMDS
	cd $(@D) && PKG_CONFIG_SYSROOT_DIR=$(STAGING_DIR) \
		PKG_CONFIG_LIBDIR=$(STAGING_DIR)/usr/lib/pkgconfig:$(STAGING_DIR)/usr/share/pkgconfig \
		$(PLAYHEAD_SWIFT) build -c release --product playhead --static-swift-stdlib \
		--swift-sdk $(PLAYHEAD_SWIFT_SDK) --scratch-path $(@D)/.build-target
	cp $$(cd $(@D) && $(PLAYHEAD_SWIFT) build -c release --swift-sdk $(PLAYHEAD_SWIFT_SDK) \
		--scratch-path $(@D)/.build-target --show-bin-path)/playhead $(@D)/playhead.bin
endef
else
define PLAYHEAD_BUILD_CMDS
	cp $(PLAYHEAD_PREBUILT) $(@D)/playhead.bin
endef
endif

define PLAYHEAD_INSTALL_TARGET_CMDS
	$(INSTALL) -D -m 0755 $(@D)/playhead.bin $(TARGET_DIR)/usr/bin/playhead
	rsync -a --exclude=README.md --exclude=/etc/passwd --exclude=/etc/group --exclude=/etc/shadow \
		--exclude=/usr/lib/systemd $(PLAYHEAD_OVERLAY)/ $(TARGET_DIR)/
	mkdir -p $(TARGET_DIR)/media/usb
	# The supervisor asks playhead for its status through the socket with this small client.
	$(TARGET_CC) $(TARGET_CFLAGS) $(TARGET_LDFLAGS) -o $(TARGET_DIR)/usr/bin/ph-socket \
		$(@D)/board/emulated/tools/ph-socket.c
	$(INSTALL) -D -m 0644 $(@D)/build/media/slate.mp4 $(TARGET_DIR)/usr/share/playhead/slate.mp4 2>/dev/null || \
		echo "playhead: no build/media/slate.mp4 (run 'make media' in the repository): safe mode shows nothing"
endef

define PLAYHEAD_INSTALL_INIT_SYSTEMD
	$(INSTALL) -D -m 0644 $(PLAYHEAD_OVERLAY)/usr/lib/systemd/system/playhead.service \
		$(TARGET_DIR)/usr/lib/systemd/system/playhead.service
	$(INSTALL) -D -m 0644 $(PLAYHEAD_OVERLAY)/usr/lib/systemd/system/playhead-safe-mode.service \
		$(TARGET_DIR)/usr/lib/systemd/system/playhead-safe-mode.service
endef

$(eval $(generic-package))
