# restlite in a container: `docker build -t restlite .` then
# `docker run -p 8080:8080 -v restlite-data:/data restlite` (see README.md, "Docker").

# ---- build: the same Swift release the project is tested with, on Debian 12 (bookworm) ----
FROM swift:6.3.1-bookworm AS build

# The Swift image already ships it today; naming it keeps the build working if a later image
# drops it: CSQLite links the system libsqlite3. (restlite imports FoundationEssentials only,
# never FoundationNetworking, so it does not link libcurl.)
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Resolve dependencies first, so this layer is reused while Package.swift stays the same.
COPY Package.* ./
RUN swift package resolve

COPY . .

# The Swift runtime and Foundation (ICU data included) are linked in statically. What is left
# dynamic (readelf -d): libc, libm, libstdc++, libgcc_s and libsqlite3.
RUN swift build -c release --product restlite --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/restlite" /staging/restlite

# ---- run: plain Debian 12, the distribution the binary was built on ----
FROM debian:bookworm-slim

# libsqlite3-0: the binary's one shared library beyond libc; tzdata and ca-certificates:
# what Foundation expects to find; libpq5: PostgreSQL's client library, loaded only when
# RESTLITE_DATABASE_URL (or --database) names a postgres:// database. The health check is the binary itself (`restlite health`).
# Versions are not pinned: bookworm's security updates replace exact versions, so pins would
# break rebuilds, and the base image tag already fixes the distribution release.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        ca-certificates \
        libpq5 \
        libsqlite3-0 \
        tzdata \
    && rm -rf /var/lib/apt/lists/*

# A fixed non-root user (uid/gid 10001, named restlite); /data is created and owned by it before it becomes a volume, so a
# new named volume starts out writable by the server.
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /app restlite \
    && mkdir -p /data \
    && chown restlite:restlite /data

# serve looks for seed/a3cats.json in the working directory when it seeds a new data folder
# (and falls back to the copy built into the binary).
WORKDIR /app
COPY seed/ ./seed/
COPY --from=build /staging/restlite /usr/local/bin/restlite

# The data folder for every command, so `docker exec <container> restlite keys list` needs no
# --data-dir (the CMD's flag says the same for serve).
ENV RESTLITE_DATA_DIR=/data

USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080

# /health needs no API key. `restlite health` asks http://127.0.0.1:$RESTLITE_PORT/health (8080
# when unset), so a container moved with -e RESTLITE_PORT stays healthy; no curl in the image.
# The server is up within a fraction of a second, so a short interval lets CI service
# containers (which wait for "healthy") go ahead after about 5 s; a check costs one short process.
HEALTHCHECK --interval=5s --timeout=3s --start-period=5s --retries=3 \
    CMD ["restlite", "health"]

# For tests: `docker run -e RESTLITE_MEMORY=1 -p 8080:8080 restlite` keeps everything in memory
# (the volume stays unused) and starts from the seed every time; see docs/TESTING.md.
# exec form: restlite is PID 1 and receives docker stop's SIGTERM, which it answers by
# draining connections and exiting. Any other command runs with `docker run restlite <cmd>`.
ENTRYPOINT ["restlite"]
CMD ["serve", "--host", "0.0.0.0", "--data-dir", "/data"]
