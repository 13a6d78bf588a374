# syntax=docker/dockerfile:1
# arbitre against an external PostgreSQL: docker run -e DATABASE_URL=postgres://... -p 8080:8080 arbitre
# (migrations run at start-up). Build: docker build -t arbitre .

FROM rust:1-bookworm AS build
WORKDIR /src
# The whole workspace as it is, built by cargo itself: no manifest is copied alone and no
# source stubbed, so nothing here repeats what the manifests declare (crates, binaries,
# benches) and nothing can drift from them. BuildKit's cache mounts keep the registry and
# the target folder between builds, so a change of the sources rebuilds only what it
# touches. `tests/tests/dockerfile.rs` checks the build context (what `.dockerignore`
# leaves) against the manifests without a Docker daemon.
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    --mount=type=cache,target=/src/target,sharing=locked \
    cargo build --release --locked -p arbitre-api --bin arbitre \
    && cp target/release/arbitre /usr/local/bin/arbitre

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /nonexistent --shell /usr/sbin/nologin arbitre
COPY --from=build /usr/local/bin/arbitre /usr/local/bin/arbitre
USER arbitre
ENV ARBITRE_BIND=0.0.0.0:8080 \
    ARBITRE_LOG_FORMAT=json
EXPOSE 8080
# Probes the address arbitre serves on (ARBITRE_BIND, overridable with -e), a wildcard one via loopback.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD host="${ARBITRE_BIND%:*}"; case "$host" in 0.0.0.0) host=127.0.0.1 ;; "[::]") host="[::1]" ;; esac; \
        curl -fsS "http://$host:${ARBITRE_BIND##*:}/ready" || exit 1
# SIGTERM stops it gracefully: in-flight requests finish.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/arbitre"]
CMD ["serve"]
