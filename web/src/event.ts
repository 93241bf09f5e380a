// The page of an event: standings with their tie-breaks (OMW%, OOMW%), every round's
// pairings with results, and each match's duels linked to their replay pages. Read over
// HTTP (`/api/events/ID`, `/api/events/ID/duels`): the public page (/event/ID) needs no
// login and no WebSocket. Opened from the lobby (#event/ID) by a logged-in account, it
// also has the controls, sent over the WebSocket: register a deck, drop, play my match;
// for the organizer, pair and re-pair rounds and name judges; for the organizer and the
// judges, each match of the round: watch, pause, resume, add time, award, propose a rewind.

import { button, el } from './dom';
import { send } from './network';
import { app, nameKey, render } from './state';
import type { DeckSource, EventDuel, EventInfo, EventPairingInfo } from './types';

const page = {
  id: '',
  info: null as EventInfo | null,
  duels: [] as EventDuel[],
  error: null as string | null,
  /// A running event is read again every few seconds (standings update live).
  timer: 0,
};

/// The controls' values survive re-renders.
const form = {
  deckKind: 'builtin' as 'builtin' | 'ydke' | 'ydk',
  deck: '',
  ydke: '',
  ydk: null as { text: string; file: string } | null,
  judgeName: '',
  repairReason: '',
  /// Per round and table ("round/table"): the judge's inputs.
  tables: new Map<string, { seconds: string; player: string; reason: string; step: string }>(),
};

/// An answer (`event` message) to a request this page sent over the WebSocket.
export function eventArrived(info: EventInfo) {
  if (page.id === info.id) page.info = info;
}

/// Sends an event request; its answer (or its error) comes back as `event` (or `error`).
function request(action: string, msg: object) {
  app.eventPending = action;
  app.eventError = null;
  send(msg);
  render();
}

function errorFor(action: string, testid: string): HTMLElement | string {
  const e = app.eventError;
  if (!e || e.action !== action) return '';
  // A refused deck names each violation: one a line.
  const lines = e.message.split(/; |\n/);
  return el('div', { class: 'error', 'data-testid': testid }, ...lines.map((l) => el('div', { class: 'violation' }, l)));
}

function deckSource(): DeckSource | null {
  if (form.deckKind === 'ydk') return form.ydk ? { kind: 'ydk', text: form.ydk.text, file: form.ydk.file } : null;
  if (form.deckKind === 'ydke') return { kind: 'ydke', url: form.ydke.trim() };
  return form.deck ? { kind: 'builtin', name: form.deck } : null;
}

function textInput(value: string, set: (v: string) => void, attrs: Record<string, string>): HTMLInputElement {
  const i = el('input', attrs) as HTMLInputElement;
  i.value = value;
  i.addEventListener('input', () => set(i.value));
  return i;
}

/// The logged-in account's part: register (or change the deck), drop, play the match.
function playerPanel(info: EventInfo): HTMLElement {
  const me = nameKey(app.account ?? '');
  const reg = info.players.find((p) => nameKey(p.name) === me);
  const box = el('div', { class: 'panel', 'data-testid': 'player-panel' }, el('h3', {}, reg ? (reg.dropped ? 'You have dropped' : 'You are registered') : 'Take part'));
  if (info.status === 'registration') {
    const w = app.welcome;
    const decks = w ? w.decks.filter((d) => d.startsWith(`${info.format}-`)) : [];
    const choices = decks.length ? decks : (w?.decks ?? []);
    if (!form.deck || !choices.includes(form.deck)) form.deck = choices[0] ?? '';
    const kind = el('select', { 'data-testid': 'reg-deck-kind' }) as HTMLSelectElement;
    for (const [v, l] of [['builtin', 'a saved deck'], ['ydke', 'ydke:// code'], ['ydk', '.ydk file']]) kind.append(el('option', { value: v }, l));
    kind.value = form.deckKind;
    kind.addEventListener('change', () => {
      form.deckKind = kind.value as typeof form.deckKind;
      render();
    });
    let pick: HTMLElement;
    if (form.deckKind === 'builtin') {
      const s = el('select', { 'data-testid': 'reg-deck' }) as HTMLSelectElement;
      for (const d of choices) s.append(el('option', { value: d }, d));
      s.value = form.deck;
      s.addEventListener('change', () => (form.deck = s.value));
      pick = s;
    } else if (form.deckKind === 'ydke') {
      pick = textInput(form.ydke, (v) => (form.ydke = v), { placeholder: 'ydke://...', 'data-testid': 'reg-ydke', class: 'wide-input' });
    } else {
      const f = el('input', { type: 'file', accept: '.ydk', 'data-testid': 'reg-ydk' }) as HTMLInputElement;
      f.addEventListener('change', async () => {
        const file = f.files?.[0];
        if (file) form.ydk = { text: await file.text(), file: file.name };
      });
      pick = f;
    }
    const go = () => {
      const deck = deckSource();
      if (!deck) {
        app.eventError = { action: 'register', message: 'choose a deck first' };
        render();
        return;
      }
      request('register', { type: 'event_register', event: info.id, deck });
    };
    box.append(
      el('div', { class: 'form-row' }, el('label', {}, 'Deck ', kind), ' ', pick),
      button(reg ? 'Change my deck' : 'Register', go, { 'data-testid': 'event-register' }),
      errorFor('register', 'register-error'),
      el('div', { class: 'hint' }, `The deck is checked against ${info.format} at once, then locked when the first round is paired.`),
    );
  }
  if (reg && !reg.dropped && info.status !== 'finished') {
    const mine = info.pairings.find((p) => p.round === info.round && (nameKey(p.a) === me || (p.b !== null && nameKey(p.b) === me)));
    if (mine && info.status === 'running') {
      const opp = nameKey(mine.a) === me ? mine.b : mine.a;
      box.append(el('div', { 'data-testid': 'my-pairing' }, mine.b === null ? `Round ${info.round}: a bye` : `Round ${info.round}, table ${mine.table}: against ${opp}${mine.done ? ' (played)' : ''}`));
      if (mine.b !== null && !mine.done) box.append(button('Play my match', () => request('play', { type: 'event_play', event: info.id }), { 'data-testid': 'event-play', class: 'big' }));
    }
    box.append(button('Drop from the event', () => request('drop', { type: 'event_drop', event: info.id }), { 'data-testid': 'event-drop', class: 'danger' }));
  }
  box.append(errorFor('play', 'play-error'), errorFor('drop', 'drop-error'));
  return box;
}

/// The organizer's part: pair the next round, re-pair this one, name a judge.
function organizerPanel(info: EventInfo): HTMLElement {
  const done = info.pairings.filter((p) => p.round === info.round).every((p) => p.done);
  const box = el('div', { class: 'panel', 'data-testid': 'organizer-panel' }, el('h3', {}, 'Organizer'));
  if (info.status !== 'finished') {
    const label = info.round === 0 ? 'Pair round 1' : `Pair round ${info.round + 1}`;
    const row = el('div', { class: 'form-row' }, button(label, () => request('pair', { type: 'event_pair', event: info.id }), { 'data-testid': 'event-pair', class: 'big' }));
    if (info.round > 0 && !done) row.append(el('span', { class: 'muted' }, ` round ${info.round} is still being played`));
    box.append(row, errorFor('pair', 'pair-error'));
  }
  if (info.status === 'running') {
    box.append(
      el(
        'div',
        { class: 'form-row' },
        textInput(form.repairReason, (v) => (form.repairReason = v), { placeholder: 'why re-pair', 'data-testid': 'repair-reason' }),
        button(`Re-pair round ${info.round}`, () => request('repair', { type: 'event_repair', event: info.id, reason: form.repairReason }), { 'data-testid': 'event-repair' }),
      ),
      errorFor('repair', 'repair-error'),
    );
  }
  box.append(
    el(
      'div',
      { class: 'form-row' },
      textInput(form.judgeName, (v) => (form.judgeName = v), { placeholder: 'account name', 'data-testid': 'judge-name' }),
      button('Add judge', () => request('judge-add', { type: 'event_judge_add', event: info.id, name: form.judgeName.trim() }), { 'data-testid': 'judge-add' }),
    ),
    errorFor('judge-add', 'judge-add-error'),
    info.judges.length ? el('div', { 'data-testid': 'judges' }, `Judges: ${info.judges.join(', ')}`) : '',
  );
  return box;
}

/// A judge's tools on each match of the current round.
function judgePanel(info: EventInfo): HTMLElement {
  const box = el('div', { class: 'panel', 'data-testid': 'judge-panel' }, el('h3', {}, `Judge: round ${info.round}`));
  for (const p of info.pairings.filter((p) => p.round === info.round && p.b !== null)) {
    // Per round and table: a table's players change from round to round.
    const key = `${p.round}/${p.table}`;
    let v = form.tables.get(key);
    if (!v) {
      v = { seconds: '300', player: p.a, reason: '', step: '0' };
      form.tables.set(key, v);
    }
    const t = v;
    const judge = (action: object, what: string) => request(`judge-${p.table}`, { type: 'event_judge', event: info.id, round: info.round, table: p.table, action, reason: t.reason.trim() || what });
    const who = el('select', { 'data-testid': 'judge-player' }) as HTMLSelectElement;
    for (const n of [p.a, p.b ?? '']) who.append(el('option', { value: n }, n));
    who.value = t.player;
    who.addEventListener('change', () => (t.player = who.value));
    const row = el(
      'div',
      { class: 'judge-row', 'data-testid': 'judge-row', 'data-table': String(p.table) },
      el('div', { class: 'judge-title' }, `Table ${p.table}: ${p.a} vs ${p.b}`, el('span', { class: 'muted' }, p.done ? ' · over' : p.room ? ' · playing' : ' · not started')),
      el(
        'div',
        { class: 'form-row' },
        button('Watch', () => request(`judge-${p.table}`, { type: 'event_judge', event: info.id, round: info.round, table: p.table, action: { kind: 'watch' } }), { 'data-testid': 'judge-watch' }),
        button('Pause', () => judge({ kind: 'pause' }, ''), { 'data-testid': 'judge-pause' }),
        button('Resume', () => judge({ kind: 'resume' }, ''), { 'data-testid': 'judge-resume' }),
        textInput(t.seconds, (x) => (t.seconds = x), { type: 'number', min: '-3600', max: '3600', class: 'num', 'data-testid': 'judge-seconds', 'aria-label': 'seconds (negative: take time off)', title: 'seconds to add; a negative number takes time off' }),
        button('Add time', () => judge({ kind: 'add_time', seconds: Number(t.seconds) }, ''), { 'data-testid': 'judge-add-time' }),
      ),
      el(
        'div',
        { class: 'form-row' },
        who,
        textInput(t.reason, (x) => (t.reason = x), { placeholder: 'reason', 'data-testid': 'judge-reason' }),
        button('Award game', () => judge({ kind: 'award_game', player: t.player }, ''), { 'data-testid': 'judge-award-game' }),
        button('Award match', () => judge({ kind: 'award_match', player: t.player }, ''), { 'data-testid': 'judge-award-match' }),
      ),
      el(
        'div',
        { class: 'form-row' },
        el('label', {}, 'rewind to step ', textInput(t.step, (x) => (t.step = x), { type: 'number', min: '0', class: 'num', 'data-testid': 'judge-step' })),
        button('Propose rewind', () => judge({ kind: 'rewind', step: Number(t.step) }, ''), { 'data-testid': 'judge-rewind' }),
      ),
      errorFor(`judge-${p.table}`, 'judge-error'),
    );
    box.append(row);
  }
  if (info.log.length) {
    const log = el('details', { 'data-testid': 'judge-log' }, el('summary', {}, `Judge log (${info.log.length})`));
    for (const l of info.log) log.append(el('div', {}, `${l.judge}: ${l.action}${l.table !== null ? ` (round ${l.round}, table ${l.table})` : ''}: ${l.detail}${l.reason ? ` (${l.reason})` : ''}`));
    box.append(log);
  }
  return box;
}

/// The controls a logged-in account has on this event (none on the public page).
function controls(info: EventInfo): HTMLElement[] {
  if (!app.welcome) return [el('div', { class: 'panel muted' }, 'To take part, ', el('a', { href: `/#event/${encodeURIComponent(info.id)}`, 'data-testid': 'event-login-link' }, 'open this event from the lobby'), ' and log in.')];
  if (!app.account) return [el('div', { class: 'panel muted', 'data-testid': 'event-login-hint' }, 'Log in in the ', el('a', { href: '#' }, 'lobby'), ' to register or judge.')];
  const me = nameKey(app.account);
  const out = [playerPanel(info)];
  const organizer = nameKey(info.organizer) === me;
  if (organizer) out.push(organizerPanel(info));
  if (info.status === 'running' && (organizer || info.judges.some((j) => nameKey(j) === me))) out.push(judgePanel(info));
  return out;
}

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

/// The event's structure (`structure`: Swiss by default).
function structureText(info: EventInfo): string {
  const s = info.structure;
  if (s?.kind === 'single_elimination') return `single elimination, ${info.rounds} rounds`;
  if (s?.kind === 'double_elimination') {
    const n = info.status === 'finished' ? `${info.rounds} rounds` : `at least ${info.rounds} rounds`;
    return `double elimination (a player leaves after a second loss; a grand final, and a second one if the losers-bracket player wins the first), ${n}`;
  }
  if (s?.kind === 'swiss_top_cut') return `Swiss, then a top ${s.top} cut: ${info.rounds} rounds in all`;
  return `Swiss, ${info.rounds} rounds`;
}

/// The match rules (`match_settings`) in words.
function rulesText(info: EventInfo): string {
  const m = info.match_settings;
  if (!m) return '';
  const len = m.minutes ? `${m.minutes} min` : '';
  if (m.preset === 'community') return `community rules: ${len || '50 min'}, a game at time plays to its natural end, 1-1 at time is a draw`;
  if (m.preset === 'official') return `official rules: ${len || '40 min'}, then extra turns and judgment (MATCH-5..8)`;
  return len ? `${len} matches` : '';
}

/// A Unix time (milliseconds) as the browser's local date and time.
const when = (ms: number) => new Date(ms).toLocaleString();

const STAGES: Record<string, string> = { winners: 'winners bracket', losers: 'losers bracket', grand_final: 'grand final', elimination: 'elimination', swiss: 'Swiss' };

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
  const double = info.structure?.kind === 'double_elimination';
  const head = el('tr', {}, ...[...(double ? ['Bracket'] : []), 'Table', 'Player A', 'Player B', 'Result', 'Replays'].map((h) => el('th', {}, h)));
  const rows = info.pairings
    .filter((p) => p.round === r)
    .map((p) => {
      const links = el('td', {});
      for (const d of page.duels.filter((d) => p.match_id !== null && d.match_id === p.match_id)) {
        links.append(el('a', { href: `/replay/${d.id}`, 'data-testid': 'replay-link', 'data-replay-id': d.id }, `duel ${d.number}`), ' ');
      }
      return el(
        'tr',
        { 'data-testid': 'pairing-row', 'data-round': String(p.round), 'data-table': String(p.table), 'data-stage': p.stage },
        double ? el('td', { 'data-testid': 'pairing-stage' }, STAGES[p.stage] ?? p.stage) : null,
        el('td', {}, String(p.table)),
        el('td', {}, p.a),
        el('td', {}, p.b ?? '(bye)'),
        el('td', { 'data-testid': 'pairing-result' }, result(p)),
        links,
      );
    });
  const these = info.pairings.filter((p) => p.round === r);
  const elimination = these.some((p) => p.stage !== 'swiss');
  const stages = [...new Set(these.map((p) => STAGES[p.stage] ?? p.stage))];
  const deadline = these.find((p) => p.deadline !== null)?.deadline ?? null;
  return el(
    'div',
    { class: 'panel', 'data-testid': 'round', 'data-round': String(r), 'data-stage': elimination ? 'elimination' : 'swiss' },
    el('h3', {}, elimination ? `Round ${r} (${double ? stages.join(', ') : 'elimination'})` : `Round ${r}`),
    deadline !== null ? el('div', { class: 'hint', 'data-testid': 'round-deadline' }, `Deadline ${when(deadline)}: a match not finished by then is decided as at time.`) : null,
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
    page.timer = window.setInterval(() => load(id), 3000);
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
        `${info.format} · `,
        el('span', { 'data-testid': 'event-structure', 'data-structure': info.structure?.kind ?? 'swiss' }, structureText(info)),
        ' · ',
        el('span', { 'data-testid': 'event-status' }, info.status === 'running' ? `round ${info.round} of ${info.rounds}` : info.status),
        ` · ${info.players.length} players · organizer ${info.organizer}`,
        info.grace_seconds > 0 ? ` · a player not at their match ${Math.round(info.grace_seconds / 60)} min after the pairing loses it` : '',
      ),
      el(
        'div',
        {
          'data-testid': 'event-settings',
          'data-preset': info.match_settings?.preset ?? 'format',
          'data-minutes': String(info.match_settings?.minutes ?? ''),
          'data-round-hours': String(info.round_hours),
          'data-registration-deadline': String(info.registration_deadline ?? ''),
        },
        [
          rulesText(info),
          info.round_hours > 0 ? `${info.round_hours}-hour rounds` : '',
          info.registration_deadline !== null ? `registration until ${when(info.registration_deadline * 1000)}` : '',
        ]
          .filter((x) => x)
          .join(' · '),
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
  root.append(...controls(info));
  for (let r = info.round; r >= 1; r--) root.append(round(info, r));
  if (info.round === 0) {
    root.append(el('div', { class: 'panel' }, el('h3', {}, `Registered (${info.players.length})`), el('ul', { 'data-testid': 'registered' }, ...info.players.map((p) => el('li', { 'data-testid': 'registered-player' }, p.name)))));
  }
  const lists = info.players.filter((p) => p.deck);
  if (lists.length) {
    const box = el('div', { class: 'panel', 'data-testid': 'decklists' }, el('h3', {}, 'Decklists'));
    for (const p of lists) box.append(el('details', {}, el('summary', {}, p.name), el('pre', {}, p.deck ?? '')));
    root.append(box);
  }
  return root;
}
