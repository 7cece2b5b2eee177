#!/usr/bin/env bash
# Builds FerretDB (a server speaking the MongoDB wire protocol over PostgreSQL or SQLite) from the
# Go module proxy when it is not there yet, so that the MongoDB suites have a real server on a
# machine without Docker. Prints the binary's path. Idempotent: skips when the binary exists.
#
# Version: 1.24.0. The issue names 1.24.1, but the Go proxy here answers 403 for v1.24.1; 1.24.0
# is the newest 1.x it serves. FerretDB only embeds its version when built as the main module,
# so the module's source is copied out of the module cache and built with version.txt written.
set -euo pipefail

version="1.24.0"
dest_dir="${FERRETDB_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/reviews/ferretdb-$version}"
binary="$dest_dir/ferretdb"

if [ -x "$binary" ] && "$binary" --version >/dev/null 2>&1; then
  echo "$binary"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "ensure-ferretdb: the Go toolchain is missing; cannot build FerretDB $version" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
(
  cd "$work"
  go mod init ferretbuild >/dev/null 2>&1
  go get "github.com/FerretDB/FerretDB@v$version" >&2
  src="$(go list -m -f '{{.Dir}}' "github.com/FerretDB/FerretDB")"
  cp -r "$src" "$work/src"
  chmod -R u+w "$work/src"
  printf 'v%s\n' "$version" >"$work/src/build/version/version.txt"
  cd "$work/src"
  mkdir -p "$dest_dir"
  GOFLAGS=-mod=mod go build -trimpath -o "$binary.tmp" ./cmd/ferretdb >&2
  mv "$binary.tmp" "$binary"
)
"$binary" --version >&2
echo "$binary"
