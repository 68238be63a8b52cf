# The site's container image: one image for any domain (SITE_URL is read when the server starts).
# compose.yaml builds and runs it behind Caddy; docs/going-live.md walks the owner through it.

# The build: every dependency, the sources, `npm run build` (pages, pictures, the server and the
# owner's commands bundled into dist/server). Nothing of this stage but dist/ reaches the image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# The build writes the embedded database's template private (0600): readable by the user the
# server runs as, who copies it into a new DATA_DIR; the files stay root's, so not its to change.
RUN npm run build && chmod -R a+rX dist

# The production dependencies alone (sharp's and PGlite's files included), without npm's cache.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
# `npm start`'s memory settings, for whatever command starts a node here (docs/memory.md): malloc's
# arenas bounded, V8's old and young generations bounded (NODE_OPTIONS carries both flags).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=4" \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The pictures' sources: the launch list names the drawings not yet replaced by a photo.
COPY --from=build /app/images ./images
COPY package.json ./
# The owner's commands run their bundles here: there is no tsx (a dev dependency) in this image.
RUN npm pkg set \
      "scripts.start=node dist/server/index.js" \
      "scripts.owner:password=node dist/server/owner-password.js" \
      "scripts.backup=node dist/server/backup.js" \
      "scripts.restore=node dist/server/restore.js" \
      "scripts.check:launch=node dist/server/launch-check.js" \
  && mkdir -p /data /backups \
  && chown node:node /data /backups \
  && chmod 700 /data /backups
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself answers SIGTERM as under `npm start` (server/index.ts drains, then exits); compose
# adds an init process (init: true) that passes it on and reaps any child.
CMD ["node", "dist/server/index.js"]
