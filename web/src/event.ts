// The public page of an event (/event/ID): standings with their tie-breaks (OMW%, OOMW%),
// every round's pairings with results, and each match's duels linked to their replay
// pages. Read over HTTP (`/api/events/ID`, `/api/events/ID/duels`): no login.

import { button, el } from './dom';
import { render } from './state';
import type { EventDuel, EventInfo, EventPairingInfo } from './types';

const page = {
  id: '',
  info: null as EventInfo | null,
  duels: [] as EventDuel[],
  error: null as string | null,
  /// A running event is read again every few seconds (standings update live).
  timer: 0,
};

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  const d = await r.json();
  if (!r.ok) throw new Error(d?.error ?? `HTTP ${r.status}`);
  return d as T;
}

function load(id: string) {
  const base = `/api/events/${encodeURIComponent(id)}`;
  Promise.all([getJson<EventInfo>(base), getJson<EventDuel[]>(`${base}/duels`)])
    .then(([info, duels]) => {
      if (page.id !== id) return;
      page.info = info;
      page.duels = duels;
      page.error = null;
      if (info.status === 'finished' && page.timer) {
        clearInterval(page.timer);
        page.timer = 0;
      }
      render();
    })
    .catch((e) => {
      if (page.id !== id) return;
      page.error = e instanceof Error ? e.message : String(e);
      render();
    });
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

function result(p: EventPairingInfo): string {
  if (p.b === null) return 'bye';
  if (!p.done) return p.room ? 'playing' : 'to play';
  const score = `${p.wins[0]}-${p.wins[1]}`;
  return p.winner === null ? `draw ${score}` : `${p.winner} wins ${score}`;
}

function standings(info: EventInfo): HTMLElement {
  const head = el('tr', {}, ...['Rank', 'Player', 'Points', 'W-L-D', 'Byes', 'OMW%', 'OOMW%', 'Duels +/-'].map((h) => el('th', {}, h)));
  const rows = info.standings.map((s) =>
    el(
      'tr',
      { 'data-testid': 'standing-row', 'data-player': s.player },
      el('td', {}, String(s.rank)),
      el('td', {}, s.player),
      el('td', { 'data-testid': 'points' }, String(s.points)),
      el('td', {}, `${s.wins}-${s.losses}-${s.draws}`),
      el('td', {}, String(s.byes)),
      el('td', { 'data-testid': 'omw' }, pct(s.omw)),
      el('td', { 'data-testid': 'oomw' }, pct(s.oomw)),
      el('td', {}, String(s.duel_diff)),
    ),
  );
  return el('table', { class: 'event-table', 'data-testid': 'standings' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

function round(info: EventInfo, r: number): HTMLElement {
  const head = el('tr', {}, ...['Table', 'Player A', 'Player B', 'Result', 'Replays'].map((h) => el('th', {}, h)));
  const rows = info.pairings
    .filter((p) => p.round === r)
    .map((p) => {
      const links = el('td', {});
      for (const d of page.duels.filter((d) => p.match_id !== null && d.match_id === p.match_id)) {
        links.append(el('a', { href: `/replay/${d.id}`, 'data-testid': 'replay-link', 'data-replay-id': d.id }, `duel ${d.number}`), ' ');
      }
      return el(
        'tr',
        { 'data-testid': 'pairing-row', 'data-round': String(p.round), 'data-table': String(p.table) },
        el('td', {}, String(p.table)),
        el('td', {}, p.a),
        el('td', {}, p.b ?? '(bye)'),
        el('td', { 'data-testid': 'pairing-result' }, result(p)),
        links,
      );
    });
  return el(
    'div',
    { class: 'panel', 'data-testid': 'round', 'data-round': String(r) },
    el('h3', {}, `Round ${r}`),
    el('table', { class: 'event-table', 'data-testid': 'pairings' }, el('thead', {}, head), el('tbody', {}, ...rows)),
  );
}

export function eventScreen(id: string): HTMLElement {
  if (page.id !== id) {
    page.id = id;
    page.info = null;
    page.duels = [];
    page.error = null;
    if (page.timer) clearInterval(page.timer);
    page.timer = window.setInterval(() => load(id), 10000);
    load(id);
  }
  const root = el('div', { class: 'event-page', 'data-page': 'event', 'data-event-id': id });
  const info = page.info;
  if (page.error) root.append(el('div', { class: 'error', 'data-testid': 'event-error' }, page.error));
  if (!info) {
    root.append(el('p', { class: 'muted' }, page.error ? '' : 'Loading the event…'));
    return root;
  }
  const base = `/api/events/${encodeURIComponent(id)}`;
  root.setAttribute('data-status', info.status);
  root.append(
    el(
      'div',
      { class: 'panel' },
      el('h2', { 'data-testid': 'event-name' }, info.name),
      el(
        'div',
        {},
        `${info.format} · Swiss, ${info.rounds} rounds · `,
        el('span', { 'data-testid': 'event-status' }, info.status === 'running' ? `round ${info.round} of ${info.rounds}` : info.status),
        ` · ${info.players.length} players · organizer ${info.organizer}`,
        info.grace_seconds > 0 ? ` · a player not at their match ${Math.round(info.grace_seconds / 60)} min after the pairing loses it` : '',
      ),
      el(
        'div',
        { class: 'muted' },
        'Export: ',
        el('a', { href: base }, 'JSON'),
        ' · ',
        el('a', { href: `${base}/standings.csv` }, 'standings CSV'),
        ' · ',
        el('a', { href: `${base}/pairings.csv` }, 'pairings CSV'),
        ' · ',
        button('Refresh', () => load(id), { 'data-testid': 'event-refresh' }),
        ' · ',
        el('a', { href: '/' }, 'Lobby'),
      ),
    ),
  );
  if (info.standings.length) {
    root.append(
      el(
        'div',
        { class: 'panel' },
        el('h3', {}, info.status === 'finished' ? 'Final standings' : 'Standings'),
        standings(info),
        el('div', { class: 'hint' }, 'Ties broken by OMW% (opponents’ match-win percentage, each at least 33.33%, byes left out), then OOMW%, then duels won minus lost.'),
      ),
    );
  }
  for (let r = info.round; r >= 1; r--) root.append(round(info, r));
  if (info.round === 0) {
    root.append(el('div', { class: 'panel' }, el('h3', {}, 'Registered'), el('ul', {}, ...info.players.map((p) => el('li', {}, p.name)))));
  }
  const lists = info.players.filter((p) => p.deck);
  if (lists.length) {
    const box = el('div', { class: 'panel', 'data-testid': 'decklists' }, el('h3', {}, 'Decklists'));
    for (const p of lists) box.append(el('details', {}, el('summary', {}, p.name), el('pre', {}, p.deck ?? '')));
    root.append(box);
  }
  return root;
}
