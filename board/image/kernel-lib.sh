# Sourced by kernel-appliance-arm64.sh: the steps of an appliance kernel's configuration that do
# not depend on the architecture. kernel-appliance.sh (x86_64) has the same steps inline: its
# text is part of its cached kernel's key, and changing it would rebuild that kernel (28 minutes)
# for nothing; it moves onto this file with its next real change.
fail() { echo "appliance kernel: $*" >&2; exit 1; }

# Each name in the module lists: rcS's (`?` and parameters taken off) and the early boot's.
list_names() { grep -hv '^[[:space:]]*\(#\|$\|\[later\]\)' "$@" | awk '{sub(/^\?/, "", $1); print $1}'; }

# Every list's module ($lists), as a module or built in, in the kernel tree TREE of RELEASE: a
# module that localmodconfig dropped would otherwise show up only as an rcS line on the board.
check_modules() {
  local tree=$1 release=$2 m missing=""
  for m in $(list_names $lists); do
    modprobe -d "$tree" -S "$release" --show-depends "$m" >/dev/null 2>&1 || missing="$missing $m"
  done
  [ -z "$missing" ] || fail "the kernel in $tree has no$missing (neither built in nor a module)"
}

# localmodconfig's list, in lsmod's shape: every module the image can load (the lists' and what
# each needs, from the board kernel's index in BOARD, underscores as lsmod writes them).
lsmod_file() {
  local board=$1 abi=$2 m; shift 2
  for m in $(list_names "$@"); do
    modprobe -d "$board" -S "$abi" --show-depends "$m" || fail "the board's kernel $abi has no module $m"
  done | awk '$1=="insmod"{n=$2; sub(/.*\//, "", n); sub(/\.ko.*$/, "", n); gsub(/-/, "_", n); print n}' \
    | sort -u | awk 'BEGIN{print "Module Size Used_by"} {print $1, 0, 0}'
}

# SRC's .config (Debian's) narrowed by localmodconfig to WORK/lsmod, then FRAGMENT merged in, each
# of whose lines must hold in the final config: Kconfig quietly drops a line whose dependencies
# are off. Runs the caller's kmake; logs to WORK/config.log.
configure_kernel() {
  local src=$1 work=$2 fragment=$3 line sym
  # localmodconfig asks about nothing new in Debian's own config; Enter takes a default if it does.
  LSMOD=$work/lsmod kmake localmodconfig < <(yes '') >"$work/config.log" 2>&1 \
    || { tail -20 "$work/config.log" >&2; fail "localmodconfig failed (log above)"; }
  (cd "$src" && scripts/kconfig/merge_config.sh -m .config "$fragment") >>"$work/config.log" 2>&1 \
    || { tail -20 "$work/config.log" >&2; fail "merging $fragment failed (log above)"; }
  kmake olddefconfig >>"$work/config.log" 2>&1 || { tail -20 "$work/config.log" >&2; fail "olddefconfig failed"; }
  while IFS= read -r line; do
    case $line in
      "# CONFIG_"*" is not set")
        sym=${line#\# }; sym=${sym%% *}
        if grep -q "^$sym=" "$src/.config"; then fail "$fragment: $sym is still set"; fi ;;
      CONFIG_*)
        grep -qxF "$line" "$src/.config" \
          || fail "$fragment: '$line' did not hold (final: $(grep "^${line%%=*}=" "$src/.config" || echo "not set"))" ;;
    esac
  done < "$fragment"
}
