#!/usr/bin/env bash
# A Docker engine of CI's own: Debian's docker.io (dockerd 20.10, containerd, runc), with its own
# data root, exec root, pid file and socket, so that it never meets another engine on the machine.
#   .ci/docker-engine.sh start   installs docker.io when dockerd is missing, starts the engine
#                                unless it already answers, prints the DOCKER_HOST to use
#   .ci/docker-engine.sh stop    stops the engine this script started (and only that one)
# Default bridge and iptables stay on: port mapping needs them.
set -euo pipefail

name="${REVIEWS_DOCKER_NAME:-reviews-docker}"
socket="/run/$name.sock"
pidfile="/run/$name.pid"
host="unix://$socket"
log="${TMPDIR:-/tmp}/$name.log"

answers() { DOCKER_HOST="$host" docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

case "${1:-}" in
  start)
    if ! command -v dockerd >/dev/null 2>&1 || ! command -v docker >/dev/null 2>&1; then
      echo "docker-engine: installing Debian's docker.io" >&2
      apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null
    fi
    if ! answers; then
      dockerd --data-root "/var/lib/$name" --exec-root "/run/$name" --pidfile "$pidfile" \
        -H "$host" >"$log" 2>&1 &
      for _ in $(seq 1 100); do answers && break; sleep 0.2; done
      if ! answers; then
        echo "docker-engine: dockerd did not answer on $host within 20 s; its log ($log):" >&2
        tail -n 20 "$log" >&2
        exit 1
      fi
    fi
    echo "$host"
    ;;
  stop)
    if [ -f "$pidfile" ]; then
      pid="$(cat "$pidfile")"
      if kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        if kill -0 "$pid" 2>/dev/null; then
          echo "docker-engine: dockerd ($pid) did not stop within 30 s" >&2
          exit 1
        fi
      fi
    fi
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
