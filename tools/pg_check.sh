#!/usr/bin/env bash
# The PostgreSQL path of `ygo serve`: a throwaway cluster (initdb refuses root, so it runs
# as the postgres user), two server processes on one database (crates/server/tests/postgres.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq postgresql) >/dev/null
fi
B=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
D=$(mktemp -d)
chown postgres "$D"
PORT=${YGO_PG_PORT:-55432}
cleanup() { su postgres -c "$B/pg_ctl -D $D/data -m fast stop" >/dev/null 2>&1 || true; rm -rf "$D"; }
trap cleanup EXIT
su postgres -c "$B/initdb -D $D/data -A trust -U postgres" >/dev/null
su postgres -c "$B/pg_ctl -D $D/data -l $D/log -w -o '-p $PORT -k $D -c listen_addresses=127.0.0.1' start" >/dev/null
su postgres -c "$B/createdb -h 127.0.0.1 -p $PORT -U postgres ygo_test"
. tools/ygo-bin.sh
export YGO_TEST_PG_URL="postgres://postgres@127.0.0.1:$PORT/ygo_test"
# Built with the workspace's features (as `cargo test --workspace` builds), so the
# dependencies compiled by the tests are used again rather than built a second time; the
# feature belongs to a crate holding only this test (crates/pg-tests), so enabling it
# rebuilds nothing else (a web/dist rebuilt since the last build does recompile the
# server, which embeds it: .ci/run runs this before tools/web_check.sh).
cargo test --release -q --workspace --features ygo-pg-tests/pg --test postgres
