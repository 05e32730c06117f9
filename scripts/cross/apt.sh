# Sourced by the cross scripts: apt on Debian's registry with a configuration of its own (its
# own sources, lists, archives and an empty dpkg status), so the machine's apt is never touched.
# cross_apt DIR "SUITE..." ARCH [EXTRA_ARCH]  defines `xapt` and `xapt_cache` for that set-up.
# XAPT_COMPONENTS (default main) names the archive's components, e.g. "main non-free-firmware".
cross_apt() {
  local dir=$1 suites=$2 arch=$3 extra=${4:-}
  mkdir -p "$dir/lists/partial" "$dir/archives/partial" "$dir/parts"
  : > "$dir/status"
  local archs=$arch${extra:+,$extra} s
  : > "$dir/sources.list.new"
  for s in $suites; do
    echo "deb [arch=$archs signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $s ${XAPT_COMPONENTS:-main}" \
      >> "$dir/sources.list.new"
  done
  mv "$dir/sources.list.new" "$dir/sources.list"
  XAPT_OPTS=(-o Dir::Etc::sourcelist="$dir/sources.list" -o Dir::Etc::sourceparts="$dir/parts" -o Dir::Etc::preferencesparts="$dir/parts"
    -o Dir::State::Lists="$dir/lists" -o Dir::State::status="$dir/status" -o Dir::Cache="$dir"
    -o Dir::Cache::archives="$dir/archives" -o APT::Architecture="$arch" -o APT::Architectures::="$arch"
    -o APT::Sandbox::User=root -o APT::Install-Recommends=false)
  [ -n "$extra" ] && XAPT_OPTS+=(-o APT::Architectures::="$extra")
  # Lists younger than a day are good enough; an update that fails (no network) keeps the old ones.
  if [ -z "$(find "$dir/lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ]; then
    apt-get "${XAPT_OPTS[@]}" -q update >&2 || echo "cross: apt-get update failed; using the lists there are" >&2
  fi
}
xapt() { apt-get "${XAPT_OPTS[@]}" "$@"; }
xapt_cache() { apt-cache "${XAPT_OPTS[@]}" "$@"; }
# The candidate version of PACKAGE (with :arch), or nothing.
xapt_version() { xapt_cache policy "$1" 2>/dev/null | awk '/Candidate:/{print $2}' | grep -v '(none)' || true; }
# The Swift release a Debian swiftlang version carries: 6.2.3-1+b1 -> 6.2.3.
swift_release() { local v=${1#*:}; echo "${v%%-*}"; }
