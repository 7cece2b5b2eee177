#!/usr/bin/env bash
# Builds the local stand-ins for the official images that CI cannot pull (no registry answers
# here), each from Debian bookworm (.ci/base-image.sh) and deploy/stand-ins/
# (docs/operations.md#stand-in-images). Prints one NAME=IMAGE line per stand-in, to be exported:
#   NODE_IMAGE        node:20-bookworm-slim   the host's Node 20 and npm
#   CADDY_IMAGE       caddy:2.10-alpine       Debian's caddy
#   PROMETHEUS_IMAGE  prom/prometheus:v3.5.0  Debian's prometheus
#   REDIS_IMAGE       redis:7-alpine          Debian's redis-server
#   POSTGRES_IMAGE    postgres:17             Debian's postgresql
#   FERRETDB_IMAGE    (for mongo:8)           FerretDB 1.x over SQLite (.ci/ensure-ferretdb.sh)
# Docker's layer cache makes a second run take seconds. Needs DOCKER_HOST.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "stand-in-images: $*" >&2
  exit 1
}

base="$(.ci/base-image.sh)" || fail "the Debian base image could not be made (above)"
log="$(mktemp)"
context="$(mktemp -d)"
trap 'rm -rf "$context" "$log"' EXIT

build() { # image, then docker build arguments
  local image="$1"
  shift
  if ! docker build --build-arg "BASE_IMAGE=$base" -t "$image" "$@" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    fail "building $image failed (docker build output above)"
  fi
}

# Node: the host's binary and npm, in the official image's layout.
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(dirname "$(readlink -f "$(command -v npm)")")/.."
cp "$node_bin" "$context/node"
cp -r "$(readlink -f "$npm_dir")" "$context/npm"
cp deploy/stand-ins/node.Dockerfile "$context/Dockerfile"
build reviews-ci/node:20-bookworm-slim "$context"
echo "NODE_IMAGE=reviews-ci/node:20-bookworm-slim"

# Caddy, Prometheus, Redis, PostgreSQL: Debian's packages (the classic builder builds every stage
# before the target, so the last target builds them all and the others come from the cache).
for target in postgres caddy prometheus redis; do
  build "reviews-ci/$target" -f deploy/stand-ins/services.Dockerfile --target "$target" deploy/stand-ins
done
echo "CADDY_IMAGE=reviews-ci/caddy"
echo "PROMETHEUS_IMAGE=reviews-ci/prometheus"
echo "REDIS_IMAGE=reviews-ci/redis"
echo "POSTGRES_IMAGE=reviews-ci/postgres"

# FerretDB: the binary .ci/ensure-ferretdb.sh builds (it links only the C library).
ferretdb="$(.ci/ensure-ferretdb.sh)" || fail "FerretDB could not be built (above)"
rm -rf "${context:?}"/*
cp "$ferretdb" "$context/ferretdb"
cp deploy/stand-ins/ferretdb.Dockerfile "$context/Dockerfile"
build reviews-ci/ferretdb "$context"
echo "FERRETDB_IMAGE=reviews-ci/ferretdb"
