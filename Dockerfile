# The site's image (docs/decisions/0015-backups-and-deployment.md); compose.yaml runs two of it behind nginx.
# Build stage: every dependency (the build needs the dev ones), then the production build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run stage. The dev dependencies stay: the operator commands (npm run admin, backup, restore,
# storage:migrate) run TypeScript through tsx. postgresql-client 15 (Debian bookworm) is pg_dump and
# pg_restore for backups: it dumps PostgreSQL servers up to major version 15.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (is the process alive); nginx and orchestrators check readiness at /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same command as deploy/systemd/site@.service and the browser test tests/e2e/nginx-cluster.spec.ts.
CMD ["node", "build/node/main.js"]
