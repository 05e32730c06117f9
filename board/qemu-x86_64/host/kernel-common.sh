# Shared by the kernel profiles (kernel.sh, kernel7.sh); sourced.
fail() { echo "board: $*" >&2; exit 1; }

# OUT/<abi> names the cached kernel; the ABI goes on the last line for the Makefile.
publish_link() {
  mkdir -p "$1" && ln -sfn "$2" "$1/$3"
  echo "$3"
}

# Marks DIR.tmp complete and moves it in place: a run cut short leaves no half cache behind.
publish() {
  touch "$2.tmp/.done"
  rm -rf "$2" && mv "$2.tmp" "$2"
  publish_link "$1" "$2" "$3"
}
