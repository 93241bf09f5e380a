#!/usr/bin/env bash
# A profile-guided release build of `ygo` (docs/PERFORMANCE.md): an instrumented build
# plays a broad training set (random duels of every built-in deck pair, both formats, not
# only the benchmark decks), llvm-profdata merges the profiles, and a second build uses
# them. The result is the same program as `cargo build --release`, laid out and inlined
# for the paths duels take. Not part of CI (timing is measured, never tested).
#
# Usage: tools/pgo.sh [--games N] [--out FILE]
#   --games N   random duels per training pair (default 150)
#   --out FILE  where to copy the built binary (default target/pgo/ygo)
# Needs the rustup component llvm-tools (rustup component add llvm-tools). Builds in
# $CARGO_TARGET_DIR (default target) under pgo-gen/ and pgo-use/: two full release builds,
# about 8 minutes on the 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '7,12p' "$0" | sed 's/^# \{0,1\}//'; }
games=150 out=
while [ $# -gt 0 ]; do
  case "$1" in
    --games) [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "pgo.sh: --games needs a whole number above 0" >&2; exit 2; }; games=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "pgo.sh: --out needs a file" >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "pgo.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
[ -x "$profdata" ] || { echo "pgo.sh: llvm-profdata not found at $profdata (rustup component add llvm-tools)" >&2; exit 2; }
target=${CARGO_TARGET_DIR:-target}
out=${out:-$target/pgo/ygo}
data=$(mktemp -d "${TMPDIR:-/tmp}/ygo-pgo.XXXXXX")
trap 'rm -rf "$data"' EXIT

# --target: the flags reach the crates of the binary only, not build scripts or macros.
echo "pgo.sh: 1/4 instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$data" cargo build --release -p ygo --target "$host" --target-dir "$target/pgo-gen"
gen="$target/pgo-gen/$host/release/ygo"

echo "pgo.sh: 2/4 training: $games random duels of each built-in deck pair" >&2
pairs=(
  "vanilla-yugi vanilla-kaiba" "classic-chain dragons-roar" "zombie-madness exodia" "bench-yugi bench-kaiba"
  "trap-stall ritual-fusion" "synchro pendulum-link" "goat-control chaos-control" "chaos-turbo warrior-toolbox"
  "zombie monarch" "bazoo-return lockdown-burn" "gravekeeper reasoning-gate" "goat-control chaos-turbo"
)
for pair in "${pairs[@]}"; do
  set -- $pair
  "$gen" sim --games "$games" --deck "$1" --deck "$2" >/dev/null
done
# The duel-level measurements of `ygo bench` (clone, legal actions, memory) too, briefly.
"$gen" bench --games 100 >/dev/null

echo "pgo.sh: 3/4 merging the profiles" >&2
"$profdata" merge -o "$data/merged.profdata" "$data"/*.profraw

echo "pgo.sh: 4/4 optimised build" >&2
RUSTFLAGS="-Cprofile-use=$data/merged.profdata" cargo build --release -p ygo --target "$host" --target-dir "$target/pgo-use"
mkdir -p "$(dirname "$out")"
cp "$target/pgo-use/$host/release/ygo" "$out"
echo "pgo.sh: built $out" >&2
