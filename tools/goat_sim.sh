#!/usr/bin/env bash
# Random self-play over every ordered pair of the built-in Goat decks: tools/format_sim.sh
# under the Goat format. Usage: tools/goat_sim.sh [YGO_BINARY] [GAMES_PER_PAIR] [SEED]
exec "$(dirname "$0")/format_sim.sh" goat "$@"
