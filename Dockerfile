# syntax=docker/dockerfile:1
# Balai Desa in one container: the site, the back office and the API, on SQLite.
#   docker build -t balai-desa .
#   docker run -d --name balai -p 3000:3000 \
#     -v balai-data:/app/data -v balai-uploads:/app/uploads -v balai-backups:/app/backups balai-desa
#   docker exec balai npm run backup            # -> /app/backups/balai-desa-YYYYMMDD-HHMMSS.tar.gz
#   docker exec balai npm run reset-password -- admin   # a one-time link when nobody can log in
# Behind a TLS proxy add -e SITE_URL=https://... -e TRUST_PROXY=1. Without JWT_SECRET the server generates one in
# the data volume on first start (docs/decisions/021-npm-start-is-production.md).
ARG NODE_IMAGE=node:22-bookworm-slim

# Build: every dependency (compilers in case a native module has no prebuilt binary), the site, then only the
# production dependencies are kept.
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# npm 11 honours package.json allowScripts (the Prisma packages' install scripts stay off), as on a developer's machine.
RUN npm install -g npm@11
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# postinstall derives the PostgreSQL schema and generates both Prisma clients.
COPY scripts/db-schema.mjs ./scripts/
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev

# Run: production dependencies (the Prisma CLI among them, for migrations), the build, the server and the
# operator scripts. Nothing is built here or at start.
FROM ${NODE_IMAGE}
# pg_dump/pg_restore for `npm run backup` / `npm run restore` on PostgreSQL: Debian bookworm's, version 15, which
# dumps servers up to 15 (docker-compose.yml runs postgres:15 for that reason).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/app/data/balai-desa.db \
    UPLOADS_DIR=/app/uploads
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/server.mjs ./
COPY --from=build /app/server ./server
# The plain modules the front (server.mjs, server/) and the operator scripts share with the app: environment, log,
# storage, upload kinds, picture widths, the gambling spam guard with its words (`npm run scan`).
COPY --from=build /app/core ./core
COPY --from=build /app/scripts/migrate.mjs /app/scripts/backup.mjs /app/scripts/backup-lib.mjs \
     /app/scripts/backup-install.mjs /app/scripts/restore.mjs \
     /app/scripts/migrate-data.mjs /app/scripts/pg-cluster.mjs /app/scripts/reset-password.mjs /app/scripts/scan.mjs ./scripts/
# The folders the server and `npm run backup` write to belong to the user the container runs as.
RUN mkdir -p data uploads backups \
 && chown node:node data uploads backups
USER node
EXPOSE 3000
VOLUME ["/app/data", "/app/uploads", "/app/backups"]

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# Migrations first (an empty volume gets the schema), then the server as PID 1 so it receives SIGTERM.
CMD ["sh", "-c", "node scripts/migrate.mjs && exec node server.mjs"]
