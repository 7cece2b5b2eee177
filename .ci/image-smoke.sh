#!/usr/bin/env bash
# Smoke test of the built image (docs/operations.md#the-image): runs one container of IMAGE
# (embedded mode, its bundled sample catalog) and checks, through its published port:
#   GET /readyz 200; a search answers with tools; a signup is accepted and its mail lands in the
#   container's DATA_DIR/outbox; /metrics answers inside the container (its listener is on the
#   container's loopback); SIGTERM makes /readyz answer 503 while searches are still served
#   (the drain), then the process exits 0.
# Each failing check says what failed and prints the container's log; the container is removed.
#   DOCKER_HOST=… .ci/image-smoke.sh reviews:ci
set -euo pipefail
image="${1:?usage: $0 IMAGE}"
name="reviews-smoke-$$"

cleanup() { docker rm -f -v "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
fail() {
  echo "image-smoke: FAILED: $*" >&2
  echo "--- container log (last 30 lines) ---" >&2
  docker logs --tail 30 "$name" >&2 2>&1 || true
  exit 1
}

docker run -d --name "$name" -p 127.0.0.1::3000 -e SHUTDOWN_DRAIN_MS=3000 "$image" >/dev/null ||
  fail "the container did not start"
port="$(docker port "$name" 3000/tcp | head -n 1 | sed 's/.*://')"
base="http://127.0.0.1:$port"

ready=0
for _ in $(seq 1 150); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = "200" ]; then
    ready=1
    break
  fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = "true" ] || fail "the container exited before it was ready"
  sleep 0.2
done
[ "$ready" = 1 ] || fail "GET /readyz did not answer 200 within 30 s"

search="$(curl -sf "$base/api/v1/tools?q=postgres&limit=3")" || fail "GET /api/v1/tools?q=postgres did not answer 2xx"
[ "$(jq '.items | length' <<<"$search")" -gt 0 ] || fail "the search for postgres found no tool: $search"

signup="$(curl -s -X POST "$base/subscribe" -H 'Content-Type: application/json' \
  -d '{"email":"smoke@example.com"}')"
[ "$(jq -r '.status' <<<"$signup" 2>/dev/null)" = "accepted" ] || fail "POST /subscribe was not accepted: $signup"
mail=""
for _ in $(seq 1 50); do
  mail="$(docker exec "$name" sh -c 'cat /data/outbox/*.eml 2>/dev/null' || true)"
  [ -n "$mail" ] && break
  sleep 0.1
done
grep -q 'To: .*smoke@example.com' <<<"$mail" || fail "no verification mail to smoke@example.com in /data/outbox"
grep -q '/subscribe/confirm?token=' <<<"$mail" || fail "the verification mail holds no confirmation link"

metrics="$(docker exec "$name" node -e \
  "fetch('http://127.0.0.1:9464/metrics').then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1) }, () => process.exit(1))")" ||
  fail "GET /metrics on the container's loopback (METRICS_PORT 9464) did not answer 200"
grep -q '^reviews_http_requests_total' <<<"$metrics" || fail "/metrics has no reviews_http_requests_total"

docker kill --signal TERM "$name" >/dev/null
sleep 0.5
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = "503" ] || fail "GET /readyz did not answer 503 during the drain"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v1/tools?q=redis")" = "200" ] || fail "a search was not served during the drain"
docker wait "$name" >/dev/null
code="$(docker inspect -f '{{.State.ExitCode}}' "$name")"
[ "$code" = "0" ] || fail "after SIGTERM the process exited $code, not 0"
docker logs "$name" 2>&1 | grep -q '"msg":"stopped"' || fail "the log has no \"stopped\" line after SIGTERM"
echo "image-smoke: $image ok (readyz, search, signup mail in the outbox, metrics, SIGTERM drain and exit 0)"
