#!/usr/bin/env bash
# Instructions per random duel, counted by callgrind: a figure that does not move with the
# machine's load, for comparing two builds of the engine (docs/PERFORMANCE.md). Counts
# only inside `ygo_cli::sim::play_game` (the duel's setup and its random play to the end, as
# `ygo bench` plays it: seed 2024, seats alternating), not the process start or the
# report's clone and legal-action loops. Not part of CI.
#
# Usage: tools/instructions.sh [--games N] [YGO_BINARY]
#   --games N    duels per pair (default 200; the count is exact, so few are needed)
#   YGO_BINARY   default $CARGO_TARGET_DIR/release/ygo (target/release/ygo), built first
# Prints one line per pair: the benchmark decks ($YGO_SHARED_DATA/decks, default
# ../shared/data, else the built-in copies), then goat-control vs chaos-turbo (Goat format).
# Needs valgrind (Debian: valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
games=200 ygo=
while [ $# -gt 0 ]; do
  case "$1" in
    --games) [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "instructions.sh: --games needs a whole number above 0" >&2; exit 2; }; games=$2; shift 2 ;;
    -h|--help) sed -n '8,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "instructions.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    *) ygo=$1; shift ;;
  esac
done
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
if [ -z "$ygo" ]; then
  ygo="${CARGO_TARGET_DIR:-target}/release/ygo"
  cargo build --release -q -p ygo
fi
[ -x "$ygo" ] || { echo "instructions.sh: $ygo is not an executable" >&2; exit 2; }
. tools/bench-decks.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# count LABEL ARGS...: instructions per duel of `ygo bench --games $games ARGS`.
count() {
  local label=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" --toggle-collect='*ygo_cli::sim::play_game*' \
    "$ygo" bench --games "$games" "$@" >/dev/null 2>"$work/valgrind.txt" || { cat "$work/valgrind.txt" >&2; exit 1; }
  local total
  total=$(awk '/^summary:/ {print $2}' "$work/cg.out")
  printf '%-32s %12.0f instructions per duel (%s instructions in %s duels)\n' "$label" "$(awk -v t="$total" -v g="$games" 'BEGIN {print t / g}')" "$total" "$games"
}
count "benchmark decks" "${bench_decks[@]}"
count "goat-control vs chaos-turbo" --deck goat-control --deck chaos-turbo
