# The review retrieval service and its catalog CLI, as one image (README "Running at scale").
#   docker build -t reviews .
#   docker run -p 3000:3000 reviews                       # embedded: bundled sample catalog
#   docker run --rm -e MONGODB_URL=… reviews reviews-catalog import /catalogs/new.json
# Plain `docker build` (no BuildKit feature is used). Two build arguments (docs/operations.md#the-image):
#   NODE_IMAGE       the Node 20 base image (default node:20-bookworm-slim)
#   BUILD_CA_CERTS   PEM text of extra CA certificates the build stage trusts when it downloads
#                    (a TLS-intercepting proxy); the runtime image never holds them:
#                    docker build --build-arg BUILD_CA_CERTS="$(cat proxy-ca.pem)" -t reviews .
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, compile, then prune to production dependencies ----
FROM ${NODE_IMAGE} AS build
ARG BUILD_CA_CERTS=
# Node (npm, pnpm) adds these to its own CA list; the file is empty when no certificate is given.
ENV NODE_EXTRA_CA_CERTS=/tmp/build-ca-certs.pem
RUN printf '%s\n' "$BUILD_CA_CERTS" >"$NODE_EXTRA_CA_CERTS" \
  && npm install -g pnpm@10.34.9 && npm cache clean --force
WORKDIR /app
# The dependency layer depends on the lockfile, the install settings and the patches alone, so
# editing sources reuses it.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
COPY patches ./patches
RUN pnpm fetch
COPY . .
# Then a fresh production-only install: `install --prod` over the full one unlinks the dev
# packages but leaves them in node_modules/.pnpm (270 MB against 66 MB).
RUN pnpm install --frozen-lockfile --offline \
  && pnpm run build \
  && rm -rf node_modules packages/*/node_modules apps/*/node_modules \
  && pnpm install --frozen-lockfile --offline --prod \
  && rm -rf apps/bench packages/*/src packages/*/test apps/*/src apps/*/test test .ci \
  && find . -name '*.tsbuildinfo' -not -path './node_modules/*' -delete \
  && chmod +x apps/catalog-cli/dist/main.js apps/catalog-cli/dist/subscriptions-main.js

# ---- runtime: compiled code and production dependencies only, run as the unprivileged `node` user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data \
  && chown node:node /data \
  && ln -s /app/apps/catalog-cli/dist/main.js /usr/local/bin/reviews-catalog \
  && ln -s /app/apps/catalog-cli/dist/subscriptions-main.js /usr/local/bin/reviews-subscriptions
USER node
VOLUME ["/data"]
# The service's port only: metrics answer on METRICS_PORT (9464) on the container's loopback
# unless METRICS_HOST says otherwise (compose.yaml sets 0.0.0.0 for its Prometheus).
EXPOSE 3000
# Ready = catalog published and stores reachable (GET /readyz); the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (drains requests in flight, then exits).
CMD ["node", "apps/server/dist/main.js"]
