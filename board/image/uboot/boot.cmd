# The arm64 card's boot (boot.scr on the FAT, made by mkdisk.sh with mkimage): RAUC's A/B boot
# counting on a U-Boot environment file of our own on this FAT, bootcount.env (env export -c:
# a CRC32 and the variables; /etc/fw_env.config names the same file for RAUC's fw_setenv).
# BOOT_ORDER lists the slots by preference; BOOT_X_LEFT is how many boots slot X has left before
# it must be confirmed (RAUC sets 3 when it installs or marks the slot good, 0 when it marks it
# bad or starts writing it). The first slot of BOOT_ORDER with boots left is booted, one boot
# taken first. Not U-Boot's own uboot.env: the Pi's U-Boot loads that at start and would then
# have only these three variables, and no bootcmd.
# The same script under the Pi firmware (Debian's u-boot-rpi, config.txt's kernel=u-boot.bin)
# and on the emulated board (Debian's u-boot-qemu as QEMU's -bios, -machine virt).
# Slot A: root partition 2, kernel and early boot on partition 5; slot B: 3 and 6; /data: 7.

setenv MAX_TRIES 3
setenv countfile bootcount.env
setenv countsize 0x4000
# Kernel parameters a test adds (image-test's measuring boot); empty on a flashed board.
setenv extra

if test "${board}" = rpi; then
  # The Pi's defaults leave 38 MB for the kernel, which Debian's Image (37.7 MB) nearly fills,
  # and this script lies above them: addresses of our own, low in the Pi's first gigabyte.
  setenv kaddr 0x04000000
  setenv raddr 0x08000000
  # booti unpacks the kernel here, then moves it back to kaddr.
  setenv kernel_comp_addr_r 0x0a000000
  # The firmware's device tree (config.txt and its overlays applied), and the mini UART.
  setenv fdt ${fdt_addr}
  setenv console ttyS1,115200
else
  setenv kaddr ${kernel_addr_r}
  setenv raddr ${ramdisk_addr_r}
  setenv kernel_comp_addr_r 0x48000000
  # QEMU's device tree, which U-Boot itself runs on.
  setenv fdt ${fdtcontroladdr}
  setenv console ttyAMA0
fi

# Defaults for a file that cannot be read: slot A as flashed. env import -c checks the CRC and
# deletes a named variable the file lacks.
setenv BOOT_ORDER "A B"
setenv BOOT_A_LEFT 3
setenv BOOT_B_LEFT 0
if fatload ${devtype} ${devnum}:1 ${kaddr} ${countfile}; then
  if env import -c ${kaddr} ${filesize} BOOT_ORDER BOOT_A_LEFT BOOT_B_LEFT; then
    test -n "${BOOT_ORDER}" || setenv BOOT_ORDER "A B"
    test -n "${BOOT_A_LEFT}" || setenv BOOT_A_LEFT 0
    test -n "${BOOT_B_LEFT}" || setenv BOOT_B_LEFT 0
  else
    echo "u-boot: ${countfile} is damaged: slot A"
  fi
else
  echo "u-boot: no ${countfile}: slot A"
fi

setenv slot
for s in ${BOOT_ORDER}; do
  if test -z "${slot}"; then
    if test "${s}" = A && test "${BOOT_A_LEFT}" -gt 0; then setenv slot A; fi
    if test "${s}" = B && test "${BOOT_B_LEFT}" -gt 0; then setenv slot B; fi
  fi
done
if test -z "${slot}"; then
  # No slot has boots left and none confirmed: a board that stops here is dead in the field, so
  # the tries start over, the first slot of BOOT_ORDER first.
  echo "u-boot: no slot confirmed its boot in ${MAX_TRIES} tries (BOOT_ORDER=${BOOT_ORDER} BOOT_A_LEFT=${BOOT_A_LEFT} BOOT_B_LEFT=${BOOT_B_LEFT}); trying again"
  setenv BOOT_A_LEFT ${MAX_TRIES}
  setenv BOOT_B_LEFT ${MAX_TRIES}
  for s in ${BOOT_ORDER}; do
    if test -z "${slot}"; then
      if test "${s}" = A || test "${s}" = B; then setenv slot ${s}; fi
    fi
  done
  test -n "${slot}" || setenv slot A
fi
# setexpr counts in hex: the same digits from 0 to 9.
if test "${slot}" = A; then
  setexpr BOOT_A_LEFT ${BOOT_A_LEFT} - 1
  setenv left ${BOOT_A_LEFT}
  setenv rootpart 2
  setenv bootpart 5
else
  setexpr BOOT_B_LEFT ${BOOT_B_LEFT} - 1
  setenv left ${BOOT_B_LEFT}
  setenv rootpart 3
  setenv bootpart 6
fi
setexpr try ${MAX_TRIES} - ${left}
env export -c -s ${countsize} ${kaddr} BOOT_ORDER BOOT_A_LEFT BOOT_B_LEFT
fatwrite ${devtype} ${devnum}:1 ${kaddr} ${countfile} ${countsize} || echo "u-boot: ${countfile} could not be written"
echo "u-boot: slot ${slot}, try ${try} of ${MAX_TRIES} (BOOT_ORDER=${BOOT_ORDER} BOOT_A_LEFT=${BOOT_A_LEFT} BOOT_B_LEFT=${BOOT_B_LEFT})"

# The partitions by PARTUUID (the card's MBR signature and the number): the kernel may call the
# card mmcblk0 or mmcblk1 (initramfs-init).
part uuid ${devtype} ${devnum}:${rootpart} rootuuid
part uuid ${devtype} ${devnum}:7 datauuid
setenv bootargs "root=PARTUUID=${rootuuid} data=PARTUUID=${datauuid} rauc.slot=${slot} console=${console} quiet panic=5 ${extra}"
# The kernel is packed with LZ4 (half the bytes to read from the card, and quick to unpack):
# booti unpacks it when told where and how large the packed file is.
if fatload ${devtype} ${devnum}:${bootpart} ${kaddr} Image.lz4; then
  setenv kernel_comp_size ${filesize}
  if fatload ${devtype} ${devnum}:${bootpart} ${raddr} initrd.gz; then
    booti ${kaddr} ${raddr}:${filesize} ${fdt}
  fi
fi
# A slot whose kernel cannot be loaded has had its try counted: a reset moves on, and after
# MAX_TRIES to the next slot, instead of stopping at U-Boot's prompt with nobody there.
echo "u-boot: slot ${slot} cannot be started (its kernel or early boot is unreadable); resetting"
sleep 5
reset
