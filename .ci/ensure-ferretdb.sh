#!/usr/bin/env bash
# Builds FerretDB (a server speaking the MongoDB wire protocol over PostgreSQL or SQLite) from the
# Go module proxy when it is not there yet, so that the MongoDB suites have a real server on a
# machine without Docker. Prints the binary's path. Idempotent: skips when the binary exists.
#
# Version: the newest 1.x that builds, today 1.24.2. FerretDB 2 runs only over PostgreSQL with
# Microsoft's DocumentDB extension, which Debian does not package, so the line stays on 1.x. The Go
# proxy has refused a release before (403 for v1.24.1 on one day), so when it refuses one the
# script falls back to the next older release in VERSIONS and says so. FerretDB only embeds its
# version when built as the main module, so the module's source is copied out of the module cache
# and built with version.txt written.
set -euo pipefail

VERSIONS=(1.24.2 1.24.1 1.24.0)
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/reviews"

binary_of() { echo "${FERRETDB_CACHE_DIR:-$cache_root/ferretdb-$1}/ferretdb"; }

# Builds FerretDB $1 into its cache folder; fails (without output on stdout) when it cannot. The
# steps are chained with && because errexit is off inside a function called from an `if`.
build() {
  local version="$1" binary work status=0
  binary="$(binary_of "$version")"
  work="$(mktemp -d)"
  (
    cd "$work" &&
      go mod init ferretbuild >/dev/null 2>&1 &&
      go get "github.com/FerretDB/FerretDB@v$version" >&2 &&
      src="$(go list -m -f '{{.Dir}}' "github.com/FerretDB/FerretDB")" &&
      cp -r "$src" "$work/src" &&
      chmod -R u+w "$work/src" &&
      printf 'v%s\n' "$version" >"$work/src/build/version/version.txt" &&
      cd "$work/src" &&
      mkdir -p "$(dirname "$binary")" &&
      GOFLAGS=-mod=mod go build -trimpath -o "$binary.tmp" ./cmd/ferretdb >&2 &&
      mv "$binary.tmp" "$binary"
  ) || status=$?
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
  return "$status"
}

# Newest first: a cached binary, else a build; a refused or failed build falls back to the next.
for version in "${VERSIONS[@]}"; do
  binary="$(binary_of "$version")"
  if [ -x "$binary" ] && "$binary" --version >/dev/null 2>&1; then
    echo "$binary"
    exit 0
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "ensure-ferretdb: the Go toolchain is missing; cannot build FerretDB $version" >&2
    exit 1
  fi
  if build "$version"; then
    "$binary" --version >&2
    echo "$binary"
    exit 0
  fi
  echo "ensure-ferretdb: FerretDB $version did not build (above); trying the next older 1.x" >&2
done
echo "ensure-ferretdb: none of FerretDB ${VERSIONS[*]} could be built" >&2
exit 1
