# Stand-in for node:20-bookworm-slim (the Dockerfile's NODE_IMAGE) where no registry answers:
# Debian bookworm with the host's Node 20 and npm, laid out as in the official image
# (/usr/local/bin/node, npm under /usr/local/lib/node_modules, a `node` user with uid 1000).
# Built by .ci/stand-in-images.sh from a context holding `node` and `npm/`.
ARG BASE_IMAGE=reviews-ci/bookworm:minbase
FROM ${BASE_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
