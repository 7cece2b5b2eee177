#!/bin/sh
# What the official images' entry points do that the Debian packages do not (deploy/stand-ins/apt.Dockerfile).
set -eu
case "${1:-}" in
  redis-server)
    # The official redis image turns protected mode off when it is given no configuration file,
    # so that other containers may connect.
    exec "$@" --protected-mode no
    ;;
  postgres)
    # The official postgres image: a cluster in PGDATA made on first start, reachable from
    # other containers, with POSTGRES_HOST_AUTH_METHOD (trust) or POSTGRES_PASSWORD for `postgres`.
    bin="$(ls -d /usr/lib/postgresql/*/bin | head -n 1)"
    export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
    mkdir -p "$PGDATA" /var/run/postgresql
    chown -R postgres:postgres "$PGDATA" /var/run/postgresql
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
      method="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
      printf '%s\n' "${POSTGRES_PASSWORD:-}" >/tmp/pwfile
      chown postgres /tmp/pwfile
      setpriv --reuid=postgres --regid=postgres --init-groups \
        "$bin/initdb" -D "$PGDATA" -U postgres --pwfile=/tmp/pwfile --auth-local=trust \
        --auth-host="$method" >/dev/null
      rm -f /tmp/pwfile
      echo "host all all all $method" >>"$PGDATA/pg_hba.conf"
    fi
    shift
    exec setpriv --reuid=postgres --regid=postgres --init-groups \
      "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
    ;;
  *)
    exec "$@"
    ;;
esac
