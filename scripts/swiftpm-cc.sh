#!/bin/sh
# The C compiler every swift build here is given (SwiftPM reads CC): the clang beside swift, as
# SwiftPM would pick, behind ccache when it is installed and CCACHE_DIR is set. The three builds
# of `make test` (debug, the board's release, the arm64 cross build) each compile about 424 C
# files of swift-nio-ssl's BoringSSL, the same every run; with the cache warm they took 333 s
# less together (2026-11-28, docs/testing.md). The
# Makefile sets CCACHE_BASEDIR to the package, so a clone elsewhere hits the same entries.
swift=$(command -v swift) && clang=$(dirname "$(readlink -f "$swift")")/clang
[ -x "${clang:-}" ] || clang=clang
if [ -n "${CCACHE_DIR:-}" ] && command -v ccache >/dev/null 2>&1; then exec ccache "$clang" "$@"; fi
exec "$clang" "$@"
