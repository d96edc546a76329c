# Platen: one image, any number of instances. Build: docker build -t platen .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The root postinstall (on this image's Node 24 it only checks the version; docs/runtime.md).
COPY scripts/node-runtime.mjs scripts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/pdf-engine/package.json packages/pdf-engine/
COPY packages/client/package.json packages/client/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and the compiled server (apps/server/dist), then only what they need to run.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# HOST is set although production listens on 0.0.0.0 by default: a container must listen on its
# network interface, also when started with NODE_ENV=development to try the local payment pages
# (which then answer only from inside the container, and the server warns at start).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--expose-gc", "apps/server/dist/server.mjs"]
