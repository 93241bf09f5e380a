#!/usr/bin/env bash
# Random self-play over every ordered pair of a format's built-in decks (goat: the thirty-one
# Goat decks, the ten 2005 lists and those built for the Goat pool parts 2 and 3; edison: the
# twelve Edison decks, the ten lists that play and the two coverage decks of the pool part 1), under --format FORMAT, seats alternating inside each pair, the
# duel's invariants checked after every action (sim --check): prints one line per pair and
# the totals; exit 1 if any game could not be played or broke an invariant.
# Usage: tools/format_sim.sh FORMAT [YGO_BINARY] [GAMES_PER_PAIR] [SEED]
set -euo pipefail
format=${1:?usage: tools/format_sim.sh goat|edison [YGO_BINARY] [GAMES_PER_PAIR] [SEED]}
ygo=${2:-target/release/ygo}
games=${3:-100}
seed=${4:-1}
case "$format" in
  goat)
    decks=(goat-control chaos-control chaos-turbo warrior-toolbox zombie monarch bazoo-return lockdown-burn gravekeeper reasoning-gate
      reaction-traps trick-traps quick-answers pool2-monsters pool2-spells pool2-more pool2-rest
      pool3a-flip pool3a-battle pool3b-flip pool3b-battle goat-p2e-hands goat-p2d-partners goat-p3c-mechanics
      goat-p2-responses goat-p2-late goat-p3-late goat-p2o-scorpions goat-p2n-tricks goat-p2l-spells goat-p2p-engine goat-p2q-engine) ;;
  edison)
    decks=(edison-lightsworn-monarchs edison-synchro-cat edison-gladiator-beasts edison-doomcal-gadgets edison-twilight
      edison-flamvell edison-x-sabers edison-blackwings edison-six-samurai edison-quickdraw-dandy edison-p1-engine edison-p1-engine2 edison-p1-engine3) ;;
  *) echo "tools/format_sim.sh: unknown format '$format' (goat or edison)" >&2; exit 2 ;;
esac
# The pairs run in parallel, one `ygo sim` per core (YGO_SIM_JOBS to choose: `sim` plays on
# one thread), each writing its JSON report to a file; one Python run then reads them all in
# the pairs' order. On a terminal, a line per finished pair shows the progress.
jobs=${YGO_SIM_JOBS:-$(nproc 2>/dev/null || echo 2)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "tools/format_sim.sh: YGO_SIM_JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pairs="$tmp/pairs"
n=0
for a in "${decks[@]}"; do
  for b in "${decks[@]}"; do
    printf '%s %s %s\n' "$n" "$a" "$b" >>"$pairs"
    n=$((n + 1))
  done
done
[ -t 2 ] && progress=1 || progress=0
# (exit 1 on a break: the JSON still says how many; a run that printed no report, a crash,
# leaves an empty or partial file, counted as an error below)
xargs -P "$jobs" -L 1 sh -c '"$1" sim --format "$2" --check --games "$3" --seed "$4" --deck "$8" --deck "$9" --json >"$5/$7.json" 2>"$5/$7.err" || true
  [ "$6" = 1 ] && echo "format_sim: $8 vs $9 done" >&2; exit 0' sh "$ygo" "$format" "$games" "$seed" "$tmp" "$progress" <"$pairs" ||
  { echo "tools/format_sim.sh: a run could not be started" >&2; exit 1; }
python3 - "$tmp" "$format" <<'PY_END'
import json, sys, os
tmp, fmt = sys.argv[1], sys.argv[2]
total = errors = breaks = 0
with open(os.path.join(tmp, "pairs")) as f:
    for line in f:
        i, a, b = line.split()
        try:
            with open(os.path.join(tmp, i + ".json")) as r:
                d = json.loads(r.read())
            g, e, k = d["games"], d["errors"], d["invariants"]["breaks"]
        except (OSError, ValueError, KeyError):
            g, e, k = 0, 1, 0
            with open(os.path.join(tmp, i + ".err")) as r:
                err = r.read().strip().splitlines()
            print(f"{a} vs {b}: no report" + (f" ({err[-1]})" if err else ""), file=sys.stderr)
        print(f"{a:<28} {b:<28} {g:>6} games {e:>3} errors {k:>3} invariant breaks")
        total, errors, breaks = total + g, errors + e, breaks + k
print(f"every pair of the {fmt} decks: {total} games, {errors} errors, {breaks} invariant breaks")
sys.exit(0 if errors == 0 and breaks == 0 else 1)
PY_END
