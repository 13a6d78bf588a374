# arbitre against an external PostgreSQL: docker run -e DATABASE_URL=postgres://... -p 8080:8080 arbitre
# (migrations run at start-up). Build: docker build -t arbitre .

FROM rust:1-bookworm AS build
WORKDIR /src
# The dependencies first, built from the manifests alone (the workspace's crates as empty
# stubs): this layer is built again only when a Cargo.toml or Cargo.lock changes, not with
# every change of the sources.
COPY Cargo.toml Cargo.lock ./
COPY core/Cargo.toml core/
COPY api/Cargo.toml api/
COPY tests/Cargo.toml tests/
RUN mkdir -p core/src core/benches api/src tests/src \
    && touch core/src/lib.rs api/src/lib.rs tests/src/lib.rs \
    && for stub in api/src/main.rs core/benches/verify.rs core/benches/sgf_parse.rs; do \
           echo 'fn main() {}' > "$stub"; done \
    && cargo build --release --locked -p arbitre-api --bin arbitre \
    && rm -rf core/src core/benches api/src tests/src
COPY . .
# The sources may be older than the stubs' build: touched, they are built again.
RUN touch core/src/lib.rs api/src/lib.rs api/src/main.rs \
    && cargo build --release --locked -p arbitre-api --bin arbitre \
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
