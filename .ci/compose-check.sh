#!/usr/bin/env bash
# Brings up compose.yaml (with compose.ferretdb.yaml: MongoDB's image cannot be had here) and
# checks the stack through its load balancer (docs/operations.md#the-compose-stack):
#   1. a catalog imported with the CLI container (`catalog` service) makes both instances ready;
#   2. both instances answer through the balancer, and the rate limit is shared through Redis
#      (the `api` bucket's remaining count falls by one per request, whichever instance answers);
#   3. a second catalog imported with the CLI reaches both instances;
#   4. a signup sent through one instance is seen by the other (its confirmation link answers there);
#   5. Prometheus reports both instances' metrics targets up;
#   6. stopping one instance (SIGTERM, drain) loses no request: every request through the
#      balancer during the stop answers 200.
# Images come from the environment (REVIEWS_IMAGE, CADDY_IMAGE, PROMETHEUS_IMAGE, REDIS_IMAGE,
# FERRETDB_IMAGE); the ports are free ones. Each failing check says what failed, prints the
# services' last log lines, and the stack is taken down (containers, network, volumes) either way.
set -euo pipefail
cd "$(dirname "$0")/.."

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-reviews-ci}"
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
export HTTP_PORT="${HTTP_PORT:-$(free_port)}"
export PROMETHEUS_PORT="${PROMETHEUS_PORT:-$(free_port)}"
compose=(docker-compose -f compose.yaml -f compose.ferretdb.yaml)
lb="http://127.0.0.1:$HTTP_PORT"
work="$(mktemp -d)"

cleanup() {
  "${compose[@]}" --profile tools down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "compose-check: FAILED: $*" >&2
  "${compose[@]}" logs --no-color --tail 15 >&2 2>&1 || true
  exit 1
}
step() { echo "compose-check: $*"; }

# `in_app SERVICE PATH [METHOD]`: status and body of a request made inside the instance's
# container, to its own port (bypassing the balancer).
in_app() {
  "${compose[@]}" exec -T "$1" node -e "
    fetch('http://127.0.0.1:3000' + process.argv[1], { method: process.argv[2] || 'GET' }).then(
      async (r) => { console.log(r.status); console.log(await r.text()); },
      (e) => { console.log(0); console.log(e.message); })" "$2" "${3:-GET}"
}
import_catalog() { # file on the host
  cp "$1" "$work/catalog.json"
  chmod a+rx "$work" && chmod a+r "$work/catalog.json"
  "${compose[@]}" run --rm -T -v "$work:/check:ro" catalog import /check/catalog.json >"$work/import.log" 2>&1 ||
    { cat "$work/import.log" >&2; fail "the catalog CLI container could not import $1"; }
}
wait_until() { # seconds, description, command…
  local seconds="$1" what="$2"
  shift 2
  for _ in $(seq 1 $((seconds * 5))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  fail "$what (waited $seconds s)"
}
healthy() { [ "$(docker inspect -f '{{.State.Health.Status}}' "$("${compose[@]}" ps -q "$1")")" = healthy ]; }
lb_ready() { [ "$(curl -s -o /dev/null -w '%{http_code}' "$lb/readyz")" = 200 ]; }
serves() { grep -q "$3" <<<"$(in_app "$1" "$2")"; }
both_targets_up() {
  curl -s "http://127.0.0.1:$PROMETHEUS_PORT/api/v1/targets" |
    jq -e '[.data.activeTargets[] | select(.labels.job == "reviews" and .health == "up")] | length == 2'
}

step "up (project $COMPOSE_PROJECT_NAME, balancer on :$HTTP_PORT, Prometheus on :$PROMETHEUS_PORT)"
"${compose[@]}" up -d --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "docker-compose up"; }
wait_until 60 "Redis did not become healthy" healthy redis

# 1. First catalog (an empty database has none, so no instance is ready before it).
import_catalog packages/service-common/catalog/sample-catalog.json
for app in app1 app2; do
  wait_until 60 "$app did not become ready (healthy) after the catalog import" healthy "$app"
done
wait_until 30 "the balancer did not answer GET /readyz with 200" lb_ready
step "1. catalog imported with the CLI container; both instances ready"

# 2. Both answer; one rate-limit bucket across them (requests to unknown tools: 404, logged with
# their path, counted in the `api` bucket).
marker="compose-check-$$"
previous=""
for i in $(seq 1 8); do
  headers="$(curl -s -D - -o /dev/null "$lb/api/v1/tools/$marker-$i")"
  remaining="$(tr -d '\r' <<<"$headers" | sed -n 's/^[Rr]ate[Ll]imit: .*"api";r=\([0-9]*\).*/\1/p')"
  [ -n "$remaining" ] || fail "no RateLimit header for the api bucket through the balancer: $headers"
  if [ -n "$previous" ] && [ "$remaining" -ne $((previous - 1)) ]; then
    fail "the api bucket went from r=$previous to r=$remaining: the instances do not share their limits"
  fi
  previous="$remaining"
done
for app in app1 app2; do
  grep -q "/api/v1/tools/$marker-" <<<"$("${compose[@]}" logs --no-color "$app")" ||
    fail "$app served none of the 8 requests sent through the balancer"
done
step "2. both instances answered through the balancer; the api bucket fell by one per request across them (Redis)"

# 3. A second catalog (one tool renamed) reaches both instances.
jq '.tools[0].name = "Composecheck Renamed" | .publishedAt = (now | todate)' \
  packages/service-common/catalog/sample-catalog.json >"$work/second.json"
tool="$(jq -r '.tools[0].id' "$work/second.json")"
import_catalog "$work/second.json"
for app in app1 app2; do
  wait_until 30 "$app does not serve the second catalog (tool $tool renamed)" \
    serves "$app" "/api/v1/tools/$tool" 'Composecheck Renamed'
done
step "3. a second catalog imported with the CLI container reached both instances"

# 4. A signup through the balancer: its mail is in the outbox of the instance that took it, and
# its confirmation link answers on the other one (one subscription store).
signup="$(curl -s -X POST "$lb/subscribe" -H 'Content-Type: application/json' -d '{"email":"compose-check@example.com"}')"
[ "$(jq -r .status <<<"$signup" 2>/dev/null)" = accepted ] || fail "POST /subscribe through the balancer: $signup"
took="" other="" token=""
for _ in $(seq 1 25); do
  for app in app1 app2; do
    mail="$("${compose[@]}" exec -T "$app" sh -c 'cat /data/outbox/*.eml 2>/dev/null' || true)"
    # The text part may be quoted-printable: join soft line breaks, decode "=3D".
    token="$(sed -e ':a' -e '/=\r\?$/{N;s/=\r\?\n//;ba}' -e 's/=3D/=/g' <<<"$mail" |
      grep -o 'confirm?token=[A-Za-z0-9_-]*' | head -n 1 | cut -d= -f2 || true)"
    if [ -n "$token" ]; then
      took="$app"
      break 2
    fi
  done
  sleep 0.2
done
[ -n "$token" ] || fail "no verification mail in either instance's outbox"
other="$([ "$took" = app1 ] && echo app2 || echo app1)"
answer="$(in_app "$other" "/subscribe/confirm?token=$token")"
[ "$(head -n 1 <<<"$answer")" = 200 ] ||
  fail "the confirmation link of a signup taken by $took does not answer 200 on $other: $(head -c 300 <<<"$answer")"
step "4. a signup taken by $took is seen by $other (its confirmation link answers there)"

# 5. Prometheus: both targets up (scrape interval 15 s).
wait_until 40 "Prometheus does not report both targets up" both_targets_up
step "5. Prometheus reports app1:9464 and app2:9464 up"

# 6. Stop app1 while requests flow through the balancer: none may fail.
: >"$work/statuses"
(
  end=$((SECONDS + 12))
  while [ "$SECONDS" -lt "$end" ]; do
    curl -s -o /dev/null -w '%{http_code}\n' --max-time 10 "$lb/" >>"$work/statuses"
    sleep 0.15
  done
) &
load=$!
sleep 1
"${compose[@]}" stop app1 >/dev/null 2>&1
wait "$load"
total="$(wc -l <"$work/statuses")"
failed="$(grep -vc '^200$' "$work/statuses" || true)"
[ "$failed" = 0 ] || fail "$failed of $total requests through the balancer failed while app1 stopped: $(sort "$work/statuses" | uniq -c | tr '\n' ' ')"
code="$(docker inspect -f '{{.State.ExitCode}}' "$("${compose[@]}" ps -q app1)")"
[ "$code" = 0 ] || fail "app1 exited $code after SIGTERM"
step "6. app1 stopped (exit 0) while $total requests went through the balancer: all answered 200"
echo "compose-check: ok"
