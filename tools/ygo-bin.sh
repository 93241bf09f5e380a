# Sourced by tools/web_check.sh and tools/pg_check.sh from the repository's root: YGO_BIN is
# a `ygo` binary already built (.ci/run passes the one its tests built), else it is built
# here; exported as an absolute path.
if [ -z "${YGO_BIN:-}" ]; then
  cargo build --release -q -p ygo
  YGO_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/ygo"
fi
YGO_BIN="$(realpath "$YGO_BIN")"
export YGO_BIN
