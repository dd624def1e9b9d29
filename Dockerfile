# syntax=docker/dockerfile:1
# The Examiner scoring server as a container image. The build stage makes the
# `npm run dist:server` folder; the runtime stage holds Node and that folder only.
# Build:  docker build -t examiner-scoring:0.1.0 .
# Run:    docker run -p 8080:8080 -v "$PWD/keys.txt:/run/secrets/examiner-api-keys:ro" examiner-scoring:0.1.0
# Settings and why: docs/deploy.md.

# The major version of package.json's "engines" (^22.13.0 first).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Install scripts stay off: nothing the server needs builds natively (the Electron binary and
# better-sqlite3 belong to the desktop app), and esbuild ships its binary as a package.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json tsconfig.node.json ./
COPY scripts/dist-server.mjs scripts/
COPY resources/calibration resources/calibration
# The vendored 16 kHz acoustic model: the default engine's second opinion on doubtful words.
COPY resources/models resources/models
COPY src/shared src/shared
COPY src/engine src/engine
COPY src/server src/server
RUN npm run dist:server

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the server's user: the process cannot change its own code.
COPY --from=build /src/dist/server/ /app/
# The official Node images' unprivileged user (uid 1000).
USER node
EXPOSE 8080
# 503 while the workers load the speech model and while draining; the start period covers
# the model load on a slow node.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM: it drains (finishes the answers it admitted,
# answers 503 to new work and to /health) and exits 0. Its scoring workers are its own
# children, which it waits for, so no init process is needed.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "server.js"]
# Keys from a mounted file: a Docker or Compose secret, or a Kubernetes Secret volume
# (EXAMINER_API_KEYS, comma-separated, also works). 50 s of drain covers the longest
# scoring budget (45 s); give the container a stop timeout above it (docker stop -t 60).
CMD ["--port", "8080", "--host", "0.0.0.0", \
     "--keys", "/run/secrets/examiner-api-keys", \
     "--block-private-networks", "--drain-seconds", "50"]
