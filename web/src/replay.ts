// The replay viewer: the public view of a finished duel after any number of actions.

import { board, chainPanel, phaseBar } from './board';
import { button, el } from './dom';
import { app, render } from './state';
import { leaveRoom } from './room';
import type { WireView } from './types';

const replay = { id: '', step: 0, steps: 0, data: null as null | { view: WireView; log: string[]; chain: string[]; players: [string, string]; winner: string | null; reason: string } };

/// The viewer's "Lobby": out of a finished match's room too (a room still being played
/// is left only from its own screen, with its confirmation).
function toLobby() {
  if (location.pathname !== '/') {
    // The public page /replay/ID: the lobby is the site's root.
    location.href = '/';
    return;
  }
  const last = app.results[app.results.length - 1];
  if (app.code && (!app.seat || last?.match_over)) leaveRoom();
  else location.hash = '';
  render();
}

function loadReplay(id: string, step: number) {
  fetch(`/api/replays/${encodeURIComponent(id)}/view?step=${step}`)
    .then((r) => r.json())
    .then((d) => {
      if (d.error) {
        app.error = d.error;
      } else {
        replay.id = id;
        replay.step = d.step;
        replay.steps = d.steps;
        replay.data = d;
      }
      render();
    })
    .catch((e) => {
      app.error = String(e);
      render();
    });
}

export function replayScreen(id: string): HTMLElement {
  if (replay.id !== id) {
    replay.id = id;
    replay.data = null;
    loadReplay(id, 0);
  }
  const d = replay.data;
  const go = (s: number) => loadReplay(id, Math.max(0, Math.min(replay.steps, s)));
  const controls = el(
    'span',
    { class: 'controls' },
    button('First', () => go(0), { 'data-testid': 'replay-first' }),
    button('Back 10', () => go(replay.step - 10)),
    button('Back', () => go(replay.step - 1), { 'data-testid': 'replay-prev' }),
    el('span', { 'data-testid': 'replay-step' }, ` action ${replay.step} of ${replay.steps} `),
    button('Next', () => go(replay.step + 1), { 'data-testid': 'replay-next' }),
    button('Next 10', () => go(replay.step + 10)),
    button('Last', () => go(replay.steps), { 'data-testid': 'replay-last' }),
    ' ',
    el('a', { href: `/api/replays/${encodeURIComponent(id)}`, download: `ygo-${id}.json` }, 'Download'),
    ' ',
    el('a', { href: `/replay/${encodeURIComponent(id)}`, 'data-testid': 'replay-permalink' }, 'Link'),
    ' ',
    button('Lobby', toLobby, { 'data-testid': 'replay-lobby' }),
  );
  const body = el('div', { class: 'room-main' });
  if (d) {
    const log = el('div', { class: 'log', 'data-testid': 'log' });
    for (const l of d.log.slice(-200)) log.append(el('div', {}, l));
    body.append(
      el('div', { class: 'room-left' }, phaseBar(d.view, d.players), board(d.view, d.players, [])),
      el('div', { class: 'room-right' }, chainPanel(d.view.links, d.players), el('div', { class: 'panel tabs' }, el('h3', {}, 'Log'), log)),
    );
    setTimeout(() => (log.scrollTop = log.scrollHeight), 0);
  }
  return el('div', { class: 'room replay', 'data-page': 'replay', 'data-replay-id': id, 'data-step': String(replay.step) }, el('div', { class: 'room-head' }, el('b', {}, d ? `Replay: ${d.players[0]} vs ${d.players[1]}` : 'Replay'), controls), body);
}

