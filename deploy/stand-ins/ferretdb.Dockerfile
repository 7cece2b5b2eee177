# Stand-in for a MongoDB server where no registry answers (docs/operations.md#stand-in-images):
# FerretDB 1.x, a server speaking the MongoDB wire protocol, over SQLite inside the container
# (no PostgreSQL needed), laid out as the official FerretDB image (/ferretdb, state in /state).
# It serves as MONGODB_TEST_IMAGE for Testcontainers and as FERRETDB_IMAGE in compose.ferretdb.yaml.
# Built by .ci/stand-in-images.sh from a context holding the `ferretdb` binary that
# .ci/ensure-ferretdb.sh builds (it links only the C library). No replica set, so no change streams.
ARG BASE_IMAGE=reviews-ci/bookworm:minbase
FROM ${BASE_IMAGE}
COPY ferretdb /ferretdb
RUN mkdir -p /state
ENV FERRETDB_HANDLER=sqlite \
    FERRETDB_SQLITE_URL=file:/state/ \
    FERRETDB_LISTEN_ADDR=:27017 \
    FERRETDB_TELEMETRY=disable
EXPOSE 27017
ENTRYPOINT ["/ferretdb"]
