# syntax=docker/dockerfile:1
# The service in a container: `docker build -t salon .`, then
#   docker run -p 3000:3000 -v salon-data:/data salon
# (docs/operations.md, "Container"). Two stages: the first installs everything and builds the
# service (dist/server) and the web pages (web/dist); the second holds only the production
# dependencies and the builds, and runs as an unprivileged user.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so that a change of the sources alone reuses this layer. Their install
# scripts wait for the sources (the `prepare` build needs them); better-sqlite3 and argon2 come
# as prebuilt binaries inside their packages, so no compiler is needed.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm rebuild --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/web/dist ./web/dist
# The data (SQLite database, uploads, generated secret) lives in a volume owned by the
# unprivileged `node` user of the base image; the code stays owned by root, read-only to it.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Node's fetch, since the slim image has no curl; /api/health answers 200 once migrations ran.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Plain node (not npm): signals reach the service directly, and it shuts down gracefully.
CMD ["node", "dist/server/main.js"]
