# Stand-in for a MongoDB server (mongo:8) where no registry answers: FerretDB 1.x, a server
# speaking the MongoDB wire protocol, over SQLite inside the container (no PostgreSQL needed).
# Built by .ci/stand-in-images.sh from a context holding the `ferretdb` binary that
# .ci/ensure-ferretdb.sh builds. No replica set, so no change streams (docs/operations.md).
ARG BASE_IMAGE=reviews-ci/bookworm:minbase
FROM ${BASE_IMAGE}
COPY ferretdb /usr/local/bin/ferretdb
RUN mkdir -p /state
EXPOSE 27017
ENTRYPOINT ["ferretdb", "--handler=sqlite", "--sqlite-url=file:/state/", "--listen-addr=:27017", "--telemetry=disable", "--log-level=warn"]
