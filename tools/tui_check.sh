#!/usr/bin/env bash
# The full-screen duel in a real terminal: starts `ygo duel` in an 80x24 tmux pane, plays
# a few actions with keys, captures the screen and checks it. Needs tmux.
# Usage: tools/tui_check.sh [path/to/ygo]   (default: target/release/ygo)
set -euo pipefail
YGO="$(realpath "${1:-target/release/ygo}")"
command -v tmux >/dev/null || { echo "tui_check: tmux is not installed"; exit 2; }
S="ygo-tui-check-$$"
DIR="$(mktemp -d)"
trap 'tmux kill-session -t "$S" 2>/dev/null || true; rm -rf "$DIR"' EXIT
cd "$DIR"
tmux new-session -d -s "$S" -x 80 -y 24 "$YGO duel --vs random --seed 1; sleep 30"
snap() { sleep "${1:-0.7}"; tmux capture-pane -p -t "$S" > "$DIR/screen.txt"; }
expect() { grep -qF -- "$1" "$DIR/screen.txt" || { echo "tui_check: screen lacks: $1"; cat "$DIR/screen.txt"; exit 1; }; }
snap 1.5
expect "turn 1 (A) main1 phase"
expect "opponent B LP 8000"
expect "you A LP 8000"
expect " 1. normal summon"
# Action 1 (normal summon), then the zone question answered with Enter.
tmux send-keys -t "$S" 1; snap
tmux send-keys -t "$S" Enter; snap
expect "turn 3 (A) main1 phase"
expect "1300/2000 ATK"
# Turn 3: type a command with Tab completion.
tmux send-keys -t "$S" e n d Tab; snap
expect "A> end phase_"
tmux send-keys -t "$S" Enter; snap
expect "turn 5 (A)"
# q asks first; n stays.
tmux send-keys -t "$S" q; snap
expect "quit the duel? (y/n)"
tmux send-keys -t "$S" n; snap
expect "quit cancelled"
# Resize to 120x40 and back: the table is drawn again.
tmux resize-window -t "$S" -x 120 -y 40; snap
expect "opponent B LP"
tmux resize-window -t "$S" -x 80 -y 24; snap
expect "opponent B LP"
tmux send-keys -t "$S" q; snap 0.3
tmux send-keys -t "$S" y; snap
echo "tui_check: ok (80x24 table, keys, completion, quit prompt, resize)"
