#!/bin/sh
# After the packages are installed: /data (the card's third partition) in fstab, where rcS
# checks and mounts it, and its mount point on the read-only root.
set -eu
mkdir -p "${TARGET_DIR}/data"
grep -q '[[:space:]]/data[[:space:]]' "${TARGET_DIR}/etc/fstab" 2>/dev/null \
  || echo "/dev/mmcblk0p3 /data ext4 noatime,data=journal,commit=2,errors=remount-ro 0 2" >> "${TARGET_DIR}/etc/fstab"
# rcS loads these (the Pi's sound goes through HDMI and the headphone jack, vc4 handles both).
cat > "${TARGET_DIR}/etc/modules" <<MODULES
vc4
snd-bcm2835
MODULES
