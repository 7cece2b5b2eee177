#!/usr/bin/env bash
# CI's Docker phase (docs/development.md#ci-the-docker-phase), run by .ci/run after the README's
# test command. On an engine of its own (.ci/docker-engine.sh), stopped at the end if this script
# started it:
#   1. stand-in images for the official ones no registry serves here (.ci/stand-in-images.sh);
#   2. the image, built from the Dockerfile with the stand-in Node image (NODE_IMAGE) and this
#      machine's extra CA certificates for its build stage (BUILD_CA_CERTS), then smoke-tested
#      (.ci/image-smoke.sh);
#   3. the Testcontainers phase: the Redis, PostgreSQL and MongoDB-protocol suites with no server
#      URL set, so each starts its server through Testcontainers (test/services/global-setup.mjs);
#   4. the compose stack, checked through its balancer (.ci/compose-check.sh); COMPOSE=0 skips it.
# Each step prints its cost in seconds; a failing step says which one failed.
set -euo pipefail
cd "$(dirname "$0")/.."

current=""
started_engine=0
finish() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -n "$current" ]; then
    echo "docker-phase: FAILED at: $current" >&2
  fi
  if [ "$started_engine" = 1 ]; then
    .ci/docker-engine.sh stop || status=1
  fi
  exit "$status"
}
trap finish EXIT
step() { # description, command…
  current="$1"
  shift
  local start=$SECONDS
  "$@"
  echo "docker-phase: $current: $((SECONDS - start)) s"
}

# The engine: ours if one already answers on our socket (a previous step of the same run), else
# started here and stopped at the end.
name="${REVIEWS_DOCKER_NAME:-reviews-docker}"
if ! DOCKER_HOST="unix:///run/$name.sock" docker version >/dev/null 2>&1; then
  started_engine=1
fi
current="starting the Docker engine (.ci/docker-engine.sh)"
start=$SECONDS
DOCKER_HOST="$(.ci/docker-engine.sh start)"
export DOCKER_HOST
echo "docker-phase: $current: $((SECONDS - start)) s"
# Debian's docker-compose (1.29) for the compose stack; curl and jq for the checks.
missing=()
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
if [ "${#missing[@]}" -gt 0 ]; then
  current="installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

current="building the stand-in images (.ci/stand-in-images.sh)"
start=$SECONDS
images="$(.ci/stand-in-images.sh)"
set -a
eval "$images"
set +a
echo "docker-phase: $current: $((SECONDS - start)) s"

export REVIEWS_IMAGE=reviews:ci
build_image() {
  local log
  log="$(mktemp)"
  if ! docker build -t "$REVIEWS_IMAGE" --build-arg "NODE_IMAGE=$NODE_IMAGE" \
    --build-arg "BUILD_CA_CERTS=$(cat /usr/local/share/ca-certificates/*.crt 2>/dev/null || true)" \
    . >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}
step "building the image (docker build, NODE_IMAGE=$NODE_IMAGE)" build_image
step "smoke test of the image (.ci/image-smoke.sh)" .ci/image-smoke.sh "$REVIEWS_IMAGE"

# One suite file (or two) per server kind, each against a container Testcontainers starts.
testcontainers_phase() {
  local log
  log="$(mktemp)"
  if ! env -u REDIS_TEST_URL -u POSTGRES_TEST_URL -u MONGODB_URL -u MONGODB_TEST_URL -u FERRETDB_BIN \
    TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=localhost \
    REDIS_TEST_IMAGE="$REDIS_IMAGE" POSTGRES_TEST_IMAGE="$POSTGRES_IMAGE" MONGODB_TEST_IMAGE="$FERRETDB_IMAGE" \
    npx --yes pnpm@10 test:only \
    packages/adapters-persistence/test/rate-limiting/redis-rate-limiter.test.ts \
    packages/adapters-persistence/test/postgres/postgres-storage.test.ts \
    packages/adapters-persistence/test/subscription/postgres-subscription-store.contract.test.ts \
    packages/adapters-persistence/test/subscription/mongo-subscription-store.contract.test.ts \
    packages/adapters-persistence/test/catalog/mongo-catalog-source.contract.test.ts >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    rm -f "$log"
    return 1
  fi
  # test/services/global-setup.mjs names each server it started; all three must be there.
  for started in "(Testcontainers, $REDIS_IMAGE)" "(Testcontainers, $POSTGRES_IMAGE)" \
    "$FERRETDB_IMAGE (Testcontainers)"; do
    if ! grep -qF -- "$started" "$log"; then
      tail -n 30 "$log" >&2
      rm -f "$log"
      echo "docker-phase: no server in the Testcontainers phase was $started" >&2
      return 1
    fi
  done
  grep -E '^(Tests:|Optional groups that ran)' "$log"
  rm -f "$log"
}
step "Testcontainers phase (server suites with no URL set)" testcontainers_phase

if [ "${COMPOSE:-1}" = 1 ]; then
  step "compose stack through its balancer (.ci/compose-check.sh)" .ci/compose-check.sh
fi
current=""
