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
total=0 errors=0 breaks=0
for a in "${decks[@]}"; do
  for b in "${decks[@]}"; do
    # (exit 1 on a break: the JSON still says how many)
    line=$("$ygo" sim --format "$format" --check --games "$games" --seed "$seed" --deck "$a" --deck "$b" --json || true)
    # A run that printed no report (a crash: a panic, a stack overflow) counts as an error.
    read -r g e k <<<"$(python3 -c '
import json, sys
try:
    d = json.loads(sys.argv[1]); print(d["games"], d["errors"], d["invariants"]["breaks"])
except (ValueError, KeyError):
    print(0, 1, 0)' "$line")"
    printf '%-28s %-28s %6s games %3s errors %3s invariant breaks\n' "$a" "$b" "$g" "$e" "$k"
    total=$((total + g)) errors=$((errors + e)) breaks=$((breaks + k))
  done
done
echo "every pair of the $format decks: $total games, $errors errors, $breaks invariant breaks"
[ "$errors" -eq 0 ] && [ "$breaks" -eq 0 ]
