# Stand-ins for the official Caddy, Prometheus, Redis and PostgreSQL images where no registry
# answers (docs/operations.md#stand-in-images): Debian bookworm's own packages, one target each,
# run the way the official image runs them (same command, ports and paths; entrypoint.sh does
# what the official entry points do). .ci/stand-in-images.sh builds them:
#   docker build -f deploy/stand-ins/services.Dockerfile --target redis deploy/stand-ins
ARG BASE_IMAGE=reviews-ci/bookworm:minbase

FROM ${BASE_IMAGE} AS apt
# No init system in a container: package scripts must not try to start services.
RUN printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
COPY entrypoint.sh /usr/local/bin/stand-in-entrypoint

FROM apt AS caddy
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends caddy \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /etc/caddy /data /config
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]

FROM apt AS prometheus
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends prometheus \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /prometheus && chown nobody /prometheus
USER nobody
EXPOSE 9090
ENTRYPOINT ["/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]

FROM apt AS redis
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
ENTRYPOINT ["stand-in-entrypoint"]
CMD ["redis-server"]

FROM apt AS postgres
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
  && rm -rf /var/lib/apt/lists/* && rm -rf /var/lib/postgresql/15/main
EXPOSE 5432
ENTRYPOINT ["stand-in-entrypoint"]
CMD ["postgres"]
