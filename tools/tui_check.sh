#!/usr/bin/env bash
# The full-screen duel in a real terminal (issue 16's check). For each size, 80x24 and
# 120x40, starts `ygo duel --seed 1` (the default AI and decks) in a tmux pane and plays
# turns 1-4 (two of each player) with keys, then on turn 5 checks the screen:
#   - the summary of the opponent's turn 4 lists what B did (compared with the same duel
#     played through `ygo duel --plain`);
#   - "2" only selects, Enter performs it, a second Enter does nothing (one action);
#   - each monster's stats sit under its own zone's column;
#   - the actions pane shows every label in full (compared with the plain mode's list);
#   - a card's text is shown for a card in the hand, on the field and in the GY;
#   - q asks before quitting; the exit prints the result line and seed.
# (That duel plays `--vs greedy`, the AI it was measured with.) Then, for each size, the
# position of tools/tui_position.toml (`ygo duel --position`) against the default AI, mcts:
#   - the AI's budget on screen; 1 Spell Counter under Breaker the Magical Warrior;
#   - Breaker's effect action named by what it does (its number from the line mode);
#   - a wrong activation (Book of Moon on one's own Breaker, asked once since the
#     opponent's Luster Dragon, listed first, could be targeted) taken back with u, u;
#   - the log naming the public Breaker turned face-down;
#   - Graceful Charity's two discards with stable numbers (the second screen keeps 4);
#   - Vorse Raider summoned to zone 4 by `4` with zone 3 taken;
#   - the response window right after that summon asking before Book of Moon;
#   - B's Trap Hole, answering in A's turn, in a box with its target until Enter.
# Synchronisation: every step polls the captured pane for the text the program draws once
# it waits for the next key (30 s safety timeout); no fixed sleeps.
# Needs tmux and perl. Usage: tools/tui_check.sh [path/to/ygo]  (default: target/release/ygo)
set -euo pipefail
YGO="$(realpath "${1:-target/release/ygo}")"
command -v tmux >/dev/null || { echo "tui_check: tmux is not installed"; exit 2; }
command -v perl >/dev/null || { echo "tui_check: perl is not installed"; exit 2; }
POSITION="$(cd "$(dirname "$0")" && pwd)/tui_position.toml"
DIR="$(mktemp -d)"
S="ygo-tui-check"
# A private tmux server (its own socket): its sessions never meet another tmux, and it is
# not shut down between sessions (a new session never races a server's exit).
SOCK="ygo-tui-check-$$"
tmux() { command tmux -L "$SOCK" "$@"; }
trap 'tmux kill-server 2>/dev/null || true; rm -rf "$DIR"' EXIT
cd "$DIR"
SEED=1

fail() { echo "tui_check ($SIZE): $*"; echo "--- screen:"; cat "$DIR/screen.txt"; exit 1; }
snap() { tmux capture-pane -p -t "$S" > "$DIR/screen.txt"; }
# wait_for TEXT: polls the pane until it shows TEXT.
wait_for() {
  local deadline=$((SECONDS + 30))
  while :; do
    snap
    grep -qF -- "$1" "$DIR/screen.txt" && return 0
    [ $SECONDS -ge $deadline ] && fail "timed out waiting for: $1"
    perl -e 'select(undef, undef, undef, 0.05)'
  done
}
# wait_gone TEXT: polls the pane until it no longer shows TEXT.
wait_gone() {
  local deadline=$((SECONDS + 30))
  while snap; grep -qF -- "$1" "$DIR/screen.txt"; do
    [ $SECONDS -ge $deadline ] && fail "timed out waiting for the screen to change from: $1"
    perl -e 'select(undef, undef, undef, 0.05)'
  done
}
expect() { grep -qF -- "$1" "$DIR/screen.txt" || fail "screen lacks: $1"; }
lacks() { ! grep -qF -- "$1" "$DIR/screen.txt" || fail "screen shows: $1"; }
keys() { tmux send-keys -t "$S" "$@"; }
# next_place: Tab in the card reader, then waits until it shows another place.
next_place() {
  local before deadline=$((SECONDS + 30))
  before="$(grep -F " · passcode" "$DIR/screen.txt")"
  keys Tab
  while snap; [ "$(grep -F " · passcode" "$DIR/screen.txt")" = "$before" ]; do
    [ $SECONDS -ge $deadline ] && fail "Tab did not move the card reader"
    perl -e 'select(undef, undef, undef, 0.05)'
  done
}
# type_line TEXT: types a command and Enter.
type_line() { tmux send-keys -t "$S" -l "$1"; keys Enter; }

# The same duel through the line mode, as a reference for the summary and the labels.
code=0
"$YGO" duel --plain --vs greedy --seed $SEED > "$DIR/plain.txt" <<'EOF' || code=$?
1
3
1
2
end phase
2
4
battle phase
q
EOF
[ $code = 3 ] || { echo "tui_check: the line mode ended with $code"; cat "$DIR/plain.txt"; exit 1; }
# B's turn 4 as the summary should list it: summons, Sets, activations, attacks, LP.
perl -ne 'next unless /^  \| (.*)$/; my $l = $1; $on = 1 if $l =~ /-- turn 4: B/; $on = 0 if $l =~ /-- turn 5/;
  print "$l\n" if $on && $l =~ /Summons|Sets |activates|attacks|LP \d/' "$DIR/plain.txt" > "$DIR/turn4.txt"
[ -s "$DIR/turn4.txt" ] || { echo "tui_check: B did nothing in turn 4 of seed $SEED"; cat "$DIR/plain.txt"; exit 1; }
# The last action list of the line mode (the Battle Phase of turn 5).
perl -ne '@l = () if /^== turn/; push @l, $1 if /^\s+\d+\. (.*)$/; END { print "$_\n" for @l }' "$DIR/plain.txt" > "$DIR/labels.txt"

check_size() {
  SIZE="$1x$2"
  local W=$1
  S="ygo-tui-check-$1x$2"
  tmux new-session -d -s "$S" -x "$1" -y "$2" "'$YGO' duel --vs greedy --seed $SEED; echo \"ygo exited \$?\"; sleep 600"
  wait_for "turn 1 (A) Main Phase 1"
  expect "B (opponent)  LP 8000"
  expect "A (you)  LP 8000"
  expect " 1. Normal Summon"
  # Turn 1: summon the first monster to zone 3 (the turn then ends by itself).
  keys 1; wait_for "1. Normal Summon Giant Soldier of Stone -- Enter does it"
  keys Enter; wait_for "choose a zone for Giant Soldier of Stone"
  keys 3 Enter; wait_for "what B did in turn 2 -- Enter closes"
  expect "* B Normal Summons Luster Dragon in zone 1"
  keys Enter; wait_gone "what B did"
  # Turn 3: summon to zone 2, then end the turn (asked once: a monster could attack).
  keys 1 Enter; wait_for "choose a zone for Gamma The Magnet Warrior"
  keys 2 Enter; wait_for "1500/1800 ATK"
  type_line "end phase"; wait_for "go to the End Phase? you could still:"
  keys y; wait_for "what B did in turn 4 -- Enter closes"

  # The summary lists every summon, attack and LP change of B's turn 4 (its box drawn in
  # full: the pane is read again until its last line is there).
  wait_for "│* LP now: you (A)"
  perl -ne 'if (/^│\* (.*?)\s*│$/) { push @i, $1 } elsif (@i && /^│  (\S.*?)\s*│$/) { $i[-1] .= " $1" } END { print "$_\n" for @i }' \
    "$DIR/screen.txt" > "$DIR/summary.txt"
  while IFS= read -r line; do
    grep -qxF -- "$line" "$DIR/summary.txt" || fail "the summary lacks: $line"
  done < "$DIR/turn4.txt"
  keys Enter; wait_gone "what B did"
  expect "your Main Phase 1: summon, set, activate, or move on"

  # "2" selects action 2 and does nothing else; Enter performs it; a second Enter does
  # nothing (nothing is selected after an action).
  keys 2; wait_for "2. Normal Summon Alpha The Magnet Warrior -- Enter does it"
  lacks "A> Normal Summon Alpha"
  keys Enter; wait_for "choose a zone for Alpha The Magnet Warrior"
  keys Enter; wait_for "nothing selected: type an action's number"
  [ "$(grep -c 'A> Normal Summon Alpha' "$DIR/screen.txt")" = 1 ] || fail "one Normal Summon in the log"
  keys 4 Enter; wait_for "1400/1700 ATK"

  # Each monster's stats start in the column where its name starts, a multiple of W/5.
  perl -CSD -e '
    my $w = shift; my $col = int($w / 5); my @r = <>; chomp @r; my $n = 0;
    my ($div) = grep { $r[$_] =~ /^1-+2-+3/ } 0..$#r; defined $div or die "no zone numbers\n";
    for my $i (1..5) { substr($r[$div], ($i - 1) * $col, 1) eq $i or die "zone $i is not at column ", ($i - 1) * $col, "\n" }
    for my $y (0..$#r) {
      next if $y <= 1;
      while ($r[$y] =~ /(\d+\/[\d?-]+ (?:ATK|DEF|SET)|SET)/g) {
        my $x = $-[1]; $n++;
        $x % $col == 0 or die "stats \"$1\" at column $x, not a zone column (row $y)\n";
        # A name starts there (not the "." of an empty zone).
        my ($name) = grep { length($r[$_]) > $x && substr($r[$_], $x) !~ /^( |\.( |$))/ } ($y - 2, $y - 1);
        defined $name or die "stats \"$1\" at column $x with no name above it (row $y)\n";
        $x == 0 || substr($r[$name], $x - 1, 1) eq " " or die "the name above \"$1\" does not start at column $x\n";
      }
    }
    $n >= 3 or die "expected 3 monsters on the field, found $n\n";
  ' "$W" "$DIR/screen.txt" || fail "a monster's stats are not under its zone"

  # A card's text in the hand, on the field and in the GY (v, Tab from place to place).
  keys v; wait_for "read cards: Up/Down choose, Tab next place (Shift-Tab back), Esc closes"
  wait_for "in your hand · passcode"
  expect "Normal Monster · "
  expect "Normal monster: no effect."
  next_place; expect "in your zone 4 · passcode"
  expect "Alpha The Magnet Warrior"
  expect "now: ATK 1400 / DEF 1700, Attack Position"
  for _ in 1 2 3 4 5; do
    grep -qF "in your GY · passcode" "$DIR/screen.txt" && break
    next_place
  done
  expect "in your GY · passcode"
  expect "Level "
  keys Escape; wait_for "your Main Phase 1: summon, set, activate, or move on"

  # The Battle Phase: every attack label is shown in full, as the line mode words it.
  type_line "battle phase"; wait_for "your Battle Phase, Battle Step: attack, or move on"
  perl -CSD -e '
    my $half = int(shift() / 2) - 1; my (@i, $on);
    while (<>) {
      chomp; my $l = substr($_, 0, $half); $l =~ s/\s+$//;
      if (/^ actions \(/) { $on = 1; next } next unless $on;
      if ($l =~ /^\s?\d+\. (.*)$/) { push @i, $1 } elsif (@i && $l =~ /^    (\S.*)$/) { $i[-1] .= " $1" } else { last }
    }
    print "$_\n" for @i;
  ' "$W" "$DIR/screen.txt" > "$DIR/shown.txt"
  grep -q " attacks " "$DIR/shown.txt" || fail "no attack is listed"
  diff "$DIR/labels.txt" "$DIR/shown.txt" > "$DIR/labels.diff" || { cat "$DIR/labels.diff"; fail "action labels differ from the line mode's"; }

  # The log scrolls back to the start of the duel.
  for _ in $(seq 1 40); do
    grep -qF "A shuffles their Deck" "$DIR/screen.txt" && break
    before="$(grep -o ' log ([^)]*' "$DIR/screen.txt" || true)"
    keys PPage; wait_gone "$before"
  done
  expect "A shuffles their Deck"
  keys End; wait_for " log (PgUp: earlier) "

  # q asks; n stays; q y quits and the result and seed are printed.
  keys q; wait_for "quit the duel? (y/n)"
  keys n; wait_for "quit cancelled"
  keys q; wait_for "quit the duel? (y/n)"
  keys y; wait_for "ygo exited 3"
  expect "seed $SEED"
  echo "tui_check: $SIZE ok (summary, one action per 2+Enter, zone columns, labels, card texts, log scroll, quit)"
}

# The position of tools/tui_position.toml, against the default AI (mcts): its numbers as
# the line mode lists them (the same order on every screen).
"$YGO" duel --plain --seed $SEED --position "$POSITION" > "$DIR/pos-plain.txt" <<<"q" || true
# number_of LABEL: the number the line mode gives the action LABEL (whole label).
number_of() {
  local n
  n="$(perl -ne 'BEGIN { $l = shift } print "$1\n" if /^\s+(\d+)\. \Q$l\E$/' "$1" "$DIR/pos-plain.txt" | head -1)"
  [ -n "$n" ] || { echo "tui_check: the line mode does not list: $1"; cat "$DIR/pos-plain.txt"; exit 1; }
  echo "$n"
}
BREAKER="activate Breaker the Magical Warrior (zone 3): remove 1 Spell Counter from this card to destroy 1 targeted spell or trap on the field"
N_BREAKER="$(number_of "$BREAKER")"
N_MOON="$(number_of "activate Book of Moon from your hand")"
N_CHARITY="$(number_of "activate Graceful Charity from your hand")"
N_VORSE="$(number_of "Normal Summon Vorse Raider")"
# flat_message: the message lines (above the prompt line) joined into one.
flat_message() { perl -ne 'push @l, $_; END { my @m; for my $x (reverse @l[0..$#l-1]) { last if $x =~ /[│┘]/; unshift @m, $x } my $t = join " ", map { s/^\s+|\s+$//gr } @m; print "$t\n" }' "$DIR/screen.txt"; }
# log_lines WIDTH: the log pane's lines (right half, below " log ("), wrapped ones joined.
log_lines() {
  perl -CSD -e 'my $half = int(shift() / 2); my ($on, @l);
    while (<>) { chomp; next if length($_) <= $half; my $r = substr($_, $half); $r =~ s/\s+$//;
      if ($r =~ / log \(/) { $on = 1; next } next unless $on; last if $r eq "" && 0;
      if ($r =~ /^  (\S.*)$/ && @l) { $l[-1] .= " $1" } elsif ($r ne "") { push @l, $r } }
    print "$_\n" for @l' "$1" "$DIR/screen.txt"
}
# wait_message TEXT: polls the pane until the message (wrapped over lines) shows TEXT.
wait_message() {
  local deadline=$((SECONDS + 30))
  while snap; ! flat_message | grep -qF -- "$1"; do
    [ $SECONDS -ge $deadline ] && fail "timed out waiting for the message: $1"
    perl -e 'select(undef, undef, undef, 0.05)'
  done
}
expect_message() { flat_message | grep -qF -- "$1" || fail "the message lacks: $1 (message: $(flat_message))"; }

check_position() {
  SIZE="$1x$2 position"
  S="ygo-tui-position-$1x$2"
  tmux new-session -d -s "$S" -x "$1" -y "$2" "'$YGO' duel --seed $SEED --position '$POSITION'; echo \"ygo exited \$?\"; sleep 600"
  wait_for "turn 3 (A) Main Phase 1"
  # The default AI with its budget.
  if [ "$1" -ge 100 ]; then expect "vs mcts (200 iterations a decision)"; else expect "vs mcts 200 it."; fi
  keys Enter; wait_gone "what B did"
  # Counters on Breaker, under its zone.
  expect "1 Spell ctr"
  # Breaker's effect action is named by what it does.
  keys "$N_BREAKER"; wait_message "-- Enter does it"
  expect_message "$N_BREAKER. $BREAKER -- Enter does it"
  keys Escape; wait_gone "-- Enter does it"

  # A wrong activation taken back: Book of Moon lists the opponent's Luster Dragon first;
  # A's own Breaker asks once; after it resolved, u twice returns to before the activation.
  keys "$N_MOON" Enter; wait_for "Book of Moon: choose 1 target"
  expect " 1. target the opponent's Luster Dragon"
  keys 2 Enter; wait_message "y: yes, any other key: no"
  expect_message "your own card, though one of the opponent's could be chosen: target Breaker the Magical Warrior (zone 3)?"
  keys y; wait_for "1600/1000 SET"
  # The log: a public monster turned face-down is named, with its controller.
  log_lines "$1" | grep -qxF "A's Breaker the Magical Warrior (zone 3) is turned face-down: Attack Position to face-down Defense Position" \
    || fail "the log lacks Breaker turned face-down: $(log_lines "$1")"
  keys u; wait_for " 2. target Breaker the Magical Warrior"
  expect "took back your last choice"
  keys u; wait_for "hand: Book of Moon · Graceful Charity · Vorse Raider"
  expect "took back your last choice"
  expect "1 Spell ctr"

  # A two-card discard with stable numbers: Graceful Charity draws Celtic Guardian,
  # Summoned Skull and Luster Dragon; 3 discards Celtic Guardian, and the next screen
  # still shows Summoned Skull as 4.
  keys "$N_CHARITY" Enter; wait_for "chain link 1: your Graceful Charity"
  keys 2 Enter; wait_for "Graceful Charity: choose 2 cards"
  expect " 3. choose Celtic Guardian from your"
  keys 3 Enter; wait_for "Graceful Charity: choose 1 card more"
  expect " 4. choose Summoned Skull from your"
  lacks " 3. choose"
  keys 4 Enter; wait_for "your Main Phase 1: summon, set, activate, or move on"
  expect "hand: Book of Moon · Vorse Raider · Luster Dragon"

  # A zone by its own number with zone 3 taken: 4 is Monster Zone 4.
  keys "$N_VORSE" Enter; wait_for "choose a zone for Vorse Raider"
  expect " 4. Monster Zone 4"
  lacks " 3. Monster Zone"
  keys 4 Enter; wait_for "A Normal Summons Vorse Raider in zone 4"
  perl -CSD -e 'my $col = 3 * int(shift() / 5); my $div = 0;
    while (<>) { $div = 1 if /^1-+2-+3/; my $i = index($_, "Vorse Raider"); exit($i == $col ? 0 : 1) if $div && $i >= 0 } exit 1' \
    "$1" "$DIR/screen.txt" || fail "Vorse Raider is not under zone 4"
  # The window right after one's own summon: 1 (Book of Moon) asks first; n keeps it.
  keys 1 Enter; wait_message "a response window opened"
  keys n; wait_for "not done: choose again"
  # Passing lets B answer with Trap Hole: shown in a box, with its target, until read.
  keys 2 Enter; wait_for " B acted -- Enter: read "
  perl -ne 'if (/│\* (.*?)\s*│/) { push @i, $1 } elsif (@i && /│  (\S.*?)\s*│/) { $i[-1] .= " $1" } END { print "$_\n" for @i }' "$DIR/screen.txt" > "$DIR/box.txt"
  grep -qF "B activates Trap Hole (chain link 1), targeting A's Vorse Raider" "$DIR/box.txt" || fail "the box lacks B's Trap Hole and its target: $(cat "$DIR/box.txt")"
  keys Enter; wait_gone " B acted -- Enter: read "
  keys q; wait_for "quit the duel? (y/n)"
  keys y; wait_for "ygo exited 3"
  echo "tui_check: $SIZE ok (mcts budget shown, counters on Breaker, effect named, take-back, own-card target asked, stable discard numbers, zone 4 with zone 3 taken, own-window asked, B's Trap Hole boxed with its target)"
}

check_size 80 24
check_size 120 40
check_position 80 24
check_position 120 40
