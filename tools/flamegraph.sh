#!/usr/bin/env bash
# A flame graph of the benchmark duel (docs/PERFORMANCE.md): perf records `ygo bench` on
# the classic benchmark decks (random play, one core) with DWARF call graphs, and inferno
# renders the SVG (frames under 0.2% of the samples left out). Not part of CI: run it by hand after a change to the engine.
#
# Usage: tools/flamegraph.sh [--goat] [--games N] [--out FILE.svg]
#   --goat      profile goat-control vs chaos-turbo (Goat format) instead of the benchmark decks
#   --games N   duels to play (default 3000)
#   --out FILE  the SVG to write (default docs/flamegraph.svg, or docs/flamegraph-goat.svg)
# Needs perf (Debian: linux-perf) and cargo; installs inferno from crates.io into
# $CARGO_TARGET_DIR/tools (default target/tools) the first time. The benchmark decks come from
# $YGO_SHARED_DATA/decks (default ../shared/data beside the checkout), else the built-in copies.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '6,12p' "$0" | sed 's/^# \{0,1\}//'; }
goat=0 games=3000 out=
while [ $# -gt 0 ]; do
  case "$1" in
    --goat) goat=1; shift ;;
    --games) [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "flamegraph.sh: --games needs a whole number above 0" >&2; exit 2; }; games=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "flamegraph.sh: --out needs a file" >&2; exit 2; }; out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "flamegraph.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
command -v perf >/dev/null || { echo "flamegraph.sh: perf is not installed (apt-get install linux-perf)" >&2; exit 2; }
target=${CARGO_TARGET_DIR:-target}
tools="$target/tools"
if [ "$goat" = 1 ]; then
  decks=(--deck goat-control --deck chaos-turbo)
  out=${out:-docs/flamegraph-goat.svg}
  title="ygo bench --games $games: goat-control vs chaos-turbo (Goat format)"
else
  . tools/bench-decks.sh
  decks=("${bench_decks[@]}")
  out=${out:-docs/flamegraph.svg}
  title="ygo bench --games $games: Bench_Yugi_Classic vs Bench_Kaiba_Classic"
fi
cargo build --profile profiling -q -p ygo
if [ ! -x "$tools/bin/inferno-flamegraph" ]; then
  echo "installing inferno into $tools" >&2
  CARGO_TARGET_DIR="$tools/build" cargo install -q --locked inferno --root "$tools"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "recording $title" >&2
# cpu-clock (CPU time in ns, on machines with and without hardware counters) at 2 kHz; DWARF
# unwinding with 32 KB of stack per sample (perf's default 8 KB cuts the engine's deeper
# stacks into separate roots).
perf record -q -e cpu-clock -F 2000 -g --call-graph dwarf,32768 -o "$work/perf.data" -- "$target/profiling/ygo" bench --games "$games" "${decks[@]}" >&2
echo "rendering $out (perf script takes a minute)" >&2
# The Rust runtime's frames below `ygo::run` (lang_start, catch_unwind) are cut away.
perf script -i "$work/perf.data" 2>/dev/null | "$tools/bin/inferno-collapse-perf" | sed -E 's/^.*;ygo::run;/ygo::run;/' >"$work/stacks.txt"
"$tools/bin/inferno-flamegraph" --minwidth 0.2 --countname ns --title "$title" <"$work/stacks.txt" >"$out"
echo "$out: $(wc -c <"$out") bytes, $(awk '{n += $NF} END {printf "%.2f", n / 1e9}' "$work/stacks.txt") s of CPU sampled" >&2
