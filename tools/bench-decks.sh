# Sourced by tools/flamegraph.sh and tools/instructions.sh (not run by itself): sets
# `bench_decks` to the `--deck` arguments of the classic benchmark decks, the shared files
# ($YGO_SHARED_DATA/decks, default ../shared/data beside the checkout) when both exist, else
# the built-in bench-yugi and bench-kaiba (the same lists), with a note on stderr.
shared=${YGO_SHARED_DATA:-$(cd .. && pwd)/shared/data}
if [ -f "$shared/decks/Bench_Yugi_Classic.ydk" ] && [ -f "$shared/decks/Bench_Kaiba_Classic.ydk" ]; then
  bench_decks=(--deck "$shared/decks/Bench_Yugi_Classic.ydk" --deck "$shared/decks/Bench_Kaiba_Classic.ydk")
else
  echo "note: $shared/decks/Bench_*_Classic.ydk not found; using the built-in bench-yugi and bench-kaiba (the same lists)" >&2
  bench_decks=(--deck bench-yugi --deck bench-kaiba)
fi
