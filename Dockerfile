# Balai Desa: one container with the site, the back office and the API on SQLite.
#   docker build -t balai-desa .
#   docker run -p 3000:3000 -e JWT_SECRET="$(openssl rand -base64 48)" \
#     -v balai-data:/app/data -v balai-uploads:/app/uploads balai-desa
FROM node:20-slim

# Native modules (better-sqlite3) build from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# postinstall derives the PostgreSQL schema and generates both Prisma clients.
COPY scripts/db-schema.mjs ./scripts/
RUN npm ci

COPY . .
RUN npm run build \
 && mkdir -p data uploads \
 && chown -R node:node data uploads

ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/app/data/balai-desa.db \
    UPLOADS_DIR=/app/uploads

USER node
EXPOSE 3000
VOLUME ["/app/data", "/app/uploads"]

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# Applies migrations, seeds an empty database, serves (the build above is up to date, so it is not rebuilt).
CMD ["node", "scripts/start.mjs"]
