# The app's production image: built with the development dependencies, run with production ones only.
#   docker build -t taxfirm .
#   docker run --env-file production.env -p 3000:3000 -v taxfirm-data:/data taxfirm
# Settings: README.md (Configuration) and docs/operations.md (Deploy and upgrade).

# The package files alone, which both stages install from: a change of source alone does not reinstall.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What a deploy ships besides node_modules: the same list as scripts/check-production-build.mjs.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/build apps/web/build
COPY packages/db/migrations packages/db/migrations
COPY scripts/run-cli.mjs scripts/build-if-needed.mjs scripts/start.mjs scripts/
# The server makes DATA_DIR private to its own user (0700) at start; that user is the image's unprivileged
# `node`, never root.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz answers 200 while the database answers; no curl in a slim image, so node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start-up (under an advisory lock on PostgreSQL). The tools run in the same image:
#   docker compose exec app npm run staff:create -- --email … --role admin --first-name … --last-name …
CMD ["node", "apps/server/dist/server.js"]
