#!/usr/bin/env bash
# Makes the base image every local stand-in builds on, since no image registry is reachable from
# CI: Debian bookworm (minbase) from this machine's apt mirror by debootstrap, imported as
# reviews-ci/bookworm:minbase. The root file system is cached (~/.cache/reviews), so only the
# first run on a machine pays for debootstrap (about a minute). Needs DOCKER_HOST.
set -euo pipefail

image="reviews-ci/bookworm:minbase"
if docker image inspect "$image" >/dev/null 2>&1; then
  echo "$image"
  exit 0
fi
cache="${XDG_CACHE_HOME:-$HOME/.cache}/reviews"
tarball="$cache/bookworm-minbase.tar"
mirror="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)}"
mirror="${mirror:-http://deb.debian.org/debian}"
if [ ! -s "$tarball" ]; then
  command -v debootstrap >/dev/null 2>&1 || {
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  }
  root="$(mktemp -d)"
  trap 'rm -rf "$root"' EXIT
  if ! debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1; then
    echo "base-image: debootstrap of bookworm from $mirror failed; its log ($root.log):" >&2
    tail -n 20 "$root.log" >&2
    exit 1
  fi
  rm -f "$root.log"
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  mkdir -p "$cache"
  tar -C "$root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
fi
docker import --change 'CMD ["bash"]' "$tarball" "$image" >/dev/null
echo "$image"
