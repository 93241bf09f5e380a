#!/usr/bin/env bash
# The browser client: rebuild web/dist from the committed lock (CI fails when the
# committed build is stale), then play in headless Chromium against `ygo serve`
# (web/tests/*.test.mjs: a whole duel against the AI, two pages through a room code with
# a spectator, a page reloaded mid-duel, whole Goat duels at 1280x720 and 390x844 played by
# clicking on the mat; a 4-player Goat event run by `ygo loadtest --event-players 4`, then
# its public /event/ID page and a /replay/ID page opened without login; an 8-player Goat
# Swiss event of 3 rounds created, paired, judged and played by clicking in two pages beside
# six `ygo loadtest --join-event` clients; a double elimination created from the lobby's
# form with every setting, its rounds' stage labels through to the grand final). Screenshots go to target/web-check/ (docs/web-chain-*.png are the
# Goat tests' web-chain-*.png).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null
fi
cd web
npm ci --no-audit --no-fund --loglevel=error
npm run build >/dev/null
if [ -n "$(git status --porcelain -- dist)" ]; then
  echo "web/dist is stale: run 'npm run build' in web/ and commit web/dist" >&2
  git status --porcelain -- dist >&2
  exit 1
fi
cd ..
. tools/ygo-bin.sh
cd web
# Two test files at a time (each starts its own server on a free port with its own
# database, and its own Chromium): on 2 cores the files' waits for the page and the AI
# overlap, which takes minutes off the run; node's default on 2 cores is one at a time.
node --test --test-concurrency=2 tests/
