// The room screen: the mat, the prompt with its actions, the chain, what just happened,
// the log and chat; the card text, a pile and the leave confirmation as overlays.

import { board, chainPanel, key, phaseBar, pileOverlay, via, actionsOf } from './board';
import { button, el } from './dom';
import { act, send } from './network';
import { app, cards, forgetSeat, inDuel, render } from './state';
import type { StateFrame, WireAction } from './types';

export function leaveRoom() {
  send({ type: 'leave' });
  forgetSeat();
  app.code = null;
  app.room = null;
  app.frame = null;
  app.seat = null;
  app.results = [];
  app.log = [];
  app.chat = [];
  app.overlay = null;
  app.menu = null;
  const back = app.eventReturn;
  app.eventReturn = null;
  location.hash = back ? `#event/${encodeURIComponent(back)}` : '';
  render();
}

function askLeave() {
  if (inDuel()) {
    app.overlay = { kind: 'leave' };
    render();
  } else leaveRoom();
}

function cardOverlay(code: number): HTMLElement {
  const c = cards.get(code);
  if (!c) return el('div', { class: 'sheet', 'data-testid': 'card-text' }, el('em', {}, 'Loading the card texts…'));
  const stats = c.atk !== null ? `ATK ${c.atk} / DEF ${c.def ?? '-'}` : '';
  return el(
    'div',
    { class: 'sheet card-text', 'data-testid': 'card-text' },
    el('h3', {}, c.name),
    el('div', { class: 'meta' }, [c.kind, c.attribute?.toUpperCase(), c.race, c.level ? `Level ${c.level}` : null, stats].filter(Boolean).join(' · ')),
    el('p', {}, c.text),
  );
}

/// The overlay open now, if any: a click outside it or on Close shuts it.
export function overlayEl(): HTMLElement | null {
  const o = app.overlay;
  if (!o) return null;
  const close = () => {
    app.overlay = null;
    render();
  };
  let body: HTMLElement;
  if (o.kind === 'card') body = cardOverlay(o.code);
  else if (o.kind === 'pile') body = pileOverlay(o.title, o.player, o.zone, o.cards);
  else {
    const rated = app.room?.options.rated ? ' It is a rated match: your rating changes.' : '';
    body = el(
      'div',
      { class: 'sheet', 'data-testid': 'leave-confirm' },
      el('h3', {}, 'Leave this duel?'),
      el('p', {}, `Leaving now surrenders the duel${app.room?.options.mode === 'match' ? ' and the match' : ''}.${rated}`),
      button('Surrender and leave', leaveRoom, { 'data-testid': 'leave-yes', class: 'danger' }),
      button('Stay', close, { 'data-testid': 'leave-no' }),
    );
  }
  if (o.kind !== 'leave') body.prepend(button('Close', close, { class: 'close', 'data-testid': 'overlay-close' }));
  const shade = el('div', { class: 'overlay', 'data-testid': 'overlay' }, body);
  shade.addEventListener('click', (ev) => {
    if (ev.target === shade) close();
  });
  return shade;
}

function resultPanel(): HTMLElement | null {
  const r = app.results[app.results.length - 1];
  if (!r) return null;
  const me = app.seat;
  let headline: string;
  if (r.winner === null && !r.match_winner) headline = r.match_over && r.duel === 0 ? 'Match over' : 'Draw';
  else if (me && r.winner === me) headline = 'You win';
  else if (me && r.winner) headline = 'You lose';
  else headline = `${r.winner_name ?? r.match_winner ?? ''} wins`;
  const match = r.match_over ? (r.match_winner ? `Match: ${r.match_winner} wins (${r.duel_wins[0]}-${r.duel_wins[1]})` : 'Match over') : `Duel ${r.duel} of the match (${r.duel_wins[0]}-${r.duel_wins[1]})`;
  // A replay is stored when the match is over: no link to it before.
  const replay =
    r.replay_id && r.match_over
      ? el('div', {}, el('a', { href: `#replay/${r.replay_id}`, 'data-testid': 'watch-replay' }, 'Watch the replay'), ' · ', el('a', { href: `/api/replays/${r.replay_id}`, download: `ygo-${r.replay_id}.json` }, 'Download it'))
      : null;
  return el(
    'div',
    { class: 'panel result', 'data-testid': 'result', 'data-winner': r.winner ?? 'draw' },
    el('h2', {}, headline),
    el('div', {}, `${r.reason.replace(/_/g, ' ')} · turn ${r.turns}`),
    el('div', {}, match),
    r.ratings.length ? el('div', {}, 'Ratings: ' + r.ratings.map(([n, e]) => `${n} ${e}`).join(', ')) : null,
    replay,
    r.match_over ? button(app.eventReturn ? 'Back to the event' : 'Back to the lobby', leaveRoom, { 'data-testid': 'back-to-lobby' }) : null,
  );
}

function sidingPanel(f: StateFrame): HTMLElement | null {
  const s = f.siding;
  if (!s) return null;
  const list = (title: string, codes: number[], pick: 'out' | 'in') => {
    const box = el('div', { class: 'side-list' }, el('h4', {}, `${title} (${codes.length})`));
    codes.forEach((code) => {
      const chosen = pick === 'out' ? app.sideOut === code : app.sideIn === code;
      const item = el('div', { class: `side-card${chosen ? ' chosen' : ''}` }, cards.get(code)?.name ?? String(code));
      item.addEventListener('click', () => {
        if (pick === 'out') app.sideOut = code;
        else app.sideIn = code;
        render();
      });
      box.append(item);
    });
    return box;
  };
  const swap = () => {
    if (app.sideOut !== null && app.sideIn !== null) send({ type: 'side', out: [app.sideOut], into: [app.sideIn] });
    app.sideOut = null;
    app.sideIn = null;
  };
  return el(
    'div',
    { class: 'panel siding', 'data-testid': 'siding' },
    el('h3', {}, `Siding before duel ${s.next_duel}: pick a card of your deck and one of your Side Deck, then swap`),
    el('div', { class: 'side-lists' }, list('Main', s.main, 'out'), list('Extra', s.extra, 'out'), list('Side', s.side, 'in')),
    button('Swap', swap, { 'data-testid': 'side-swap' }),
  );
}

/// The question and the answers that are not on the mat; the selected card's actions.
function promptPanel(f: StateFrame, names: [string, string]): HTMLElement {
  const v = f.view;
  const acts = f.actions;
  let q: string;
  if (acts.length) q = v?.prompt ?? 'Your move';
  else if (v?.outcome) q = 'The duel is over.';
  else if (v?.deciding) q = `Waiting for ${names[v.deciding === 'A' ? 0 : 1]}…`;
  else q = '';
  const p = el('div', { class: `panel prompt${acts.length ? ' mine' : ''}`, 'data-testid': 'prompt' }, el('div', { class: 'question', 'data-testid': 'question' }, q));
  if (app.menu) {
    const mine = actionsOf(app.menu);
    if (mine.length) {
      const [player, zone, index] = app.menu.split('.');
      const side = v?.sides[player === 'A' ? 0 : 1];
      const slot = side ? (zone === 'hand' ? side.hand[Number(index)] : zone === 'monsters' ? side.monsters[Number(index)]?.card : zone === 'spells' ? side.spells[Number(index)]?.card : zone === 'field' ? side.field?.card : null) : null;
      const menu = el('div', { class: 'menu', 'data-testid': 'card-menu' }, el('div', { class: 'menu-title' }, slot?.name ?? 'This card'));
      for (const a of mine) menu.append(button(a.words, () => act(a.text), { 'data-menu-action': a.text, class: 'menu-action' }));
      if (mine.some((a) => a.target)) menu.append(el('div', { class: 'hint' }, 'or click the monster to attack'));
      if (slot) menu.append(button('Read the card', () => ((app.overlay = { kind: 'card', code: slot.code }), render()), { class: 'read' }));
      p.append(menu);
    }
  }
  const plain = acts.filter((a) => via(a) === 'prompt');
  const onMat = acts.length - plain.length;
  const row = el('div', { class: 'answers' });
  for (const a of plain) row.append(button(a.words || a.text, () => act(a.text), { 'data-prompt-action': a.text, class: answerClass(a) }));
  p.append(row);
  if (onMat && !app.menu) p.append(el('div', { class: 'hint' }, `${onMat} action${onMat > 1 ? 's' : ''} on highlighted cards and zones: click one.`));
  // Every action once more as a list (keyboard and screen readers; tests read it).
  if (acts.length) {
    const all = el('details', { class: 'all-actions' }, el('summary', {}, 'All actions as a list'));
    for (const a of acts) all.append(button(a.words || a.text, () => act(a.text), { 'data-action': a.text, 'data-via': via(a) }));
    p.append(all);
  }
  return p;
}

function answerClass(a: WireAction): string {
  return /^(pass|end|no)/.test(a.text) ? 'answer quiet' : 'answer';
}

const NOISE = /^(-- turn|Draw Phase|Standby Phase|Main Phase|Battle Phase|End Phase|Start Step|Battle Step|End Step)|draws|shuffles|after it resolved|resolves$|the chain has resolved/;

/// The last things that happened (summons, activations, attacks, LP), newest last; the
/// opponent's lines marked, and the opponent's latest activation of this turn kept in it
/// however much happened since.
function strip(): HTMLElement {
  const n = app.log.length;
  const opp = app.seat === 'A' ? 'B' : app.seat === 'B' ? 'A' : null;
  const theirs = (l: string) => opp !== null && (l.startsWith(`${opp} `) || l.startsWith(`${opp}'s `));
  const shown: number[] = [];
  for (let i = n - 1; i >= 0 && shown.length < 4; i--) if (!NOISE.test(app.log[i])) shown.unshift(i);
  let pinned = -1;
  if (opp) {
    for (let i = n - 1; i >= 0 && !app.log[i].startsWith('-- turn'); i--) {
      if (app.log[i].startsWith(`${opp} activates `)) {
        pinned = i;
        break;
      }
    }
  }
  if (pinned >= 0 && !shown.includes(pinned)) shown.unshift(pinned);
  const line = (i: number) => {
    const cls = [i >= n - app.fresh ? 'new' : '', theirs(app.log[i]) ? 'opp' : '', i === pinned ? 'pinned' : ''].filter(Boolean).join(' ');
    return el('div', { class: cls }, app.log[i]);
  };
  const box = el('div', { class: 'panel strip', 'data-testid': 'strip' }, ...shown.map(line));
  // A phone shows its last lines: the newest is the one to see.
  setTimeout(() => (box.scrollTop = box.scrollHeight), 0);
  return box;
}

function logEl(): HTMLElement {
  const log = el('div', { class: 'log', 'data-testid': 'log' });
  for (const line of app.log.slice(-300)) log.append(el('div', {}, line));
  setTimeout(() => (log.scrollTop = log.scrollHeight), 0);
  return log;
}

let chatDraft = '';

function chatEl(): HTMLElement {
  const list = el('div', { class: 'chat-list', 'data-testid': 'chat' });
  for (const m of app.chat) list.append(el('div', {}, el('b', {}, m.from + ': '), m.text));
  const input = el('input', { type: 'text', maxlength: '300', placeholder: 'Say something', 'data-testid': 'chat-input' }) as HTMLInputElement;
  input.value = chatDraft;
  input.addEventListener('input', () => {
    chatDraft = input.value;
  });
  const sendChat = () => {
    if (input.value.trim()) send({ type: 'chat', text: input.value });
    input.value = '';
    chatDraft = '';
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') sendChat();
  });
  setTimeout(() => (list.scrollTop = list.scrollHeight), 0);
  return el('div', { class: 'chat' }, list, el('div', { class: 'chat-send' }, input, button('Send', sendChat, { 'data-testid': 'chat-send' })));
}

/// Log, chain and chat under tabs (the chain tab only on a phone: the desktop shows it
/// always).
function tabs(f: StateFrame | null, names: [string, string]): HTMLElement {
  const links = f?.view?.links ?? [];
  const tab = (id: 'log' | 'chain' | 'chat', label: string) =>
    button(label, () => ((app.tab = id), render()), { class: `tab tab-${id}${app.tab === id ? ' on' : ''}`, 'data-testid': `tab-${id}` });
  const head = el('div', { class: 'tab-head' }, tab('log', 'Log'), tab('chain', links.length ? `Chain (${links.length})` : 'Chain'), tab('chat', app.chat.length ? `Chat (${app.chat.length})` : 'Chat'));
  const body = el('div', { class: `tab-body show-${app.tab}` });
  body.append(el('div', { class: 'pane pane-log' }, logEl()), el('div', { class: 'pane pane-chain' }, chainPanel(links, names)), el('div', { class: 'pane pane-chat' }, chatEl()));
  return el('div', { class: 'panel tabs' }, head, body);
}

function clockText(f: StateFrame): string | null {
  const parts: string[] = [];
  const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const over = app.results[app.results.length - 1]?.match_over;
  const elapsed = Math.floor((performance.now() - app.frameAt) / 1000);
  if (f.clock.match_left_s !== null && !over) {
    // The clock stops with the duel (and while siding, when the server says so), and
    // while a judge has paused it.
    const running = f.view && !f.view.outcome && !f.clock.paused;
    const left = mmss(Math.max(0, f.clock.match_left_s - (running ? elapsed : 0)));
    parts.push(f.clock.paused ? `match clock ${left} paused by a judge` : `match clock ${left}`);
  }
  if (f.clock.waiting_for && !over) parts.push(`waiting for ${f.clock.waiting_for} to reconnect (${Math.max(0, (f.clock.waiting_left_s ?? 0) - elapsed)} s)`);
  return parts.length ? parts.join(' · ') : null;
}

setInterval(() => {
  const c = document.querySelector('[data-testid="clock"]');
  if (c && app.frame) c.textContent = clockText(app.frame) ?? '';
}, 1000);

/// A rewind a judge proposed: each player accepts or refuses it; it happens once both
/// have accepted.
function rewindPanel(f: StateFrame, names: [string, string]): HTMLElement | null {
  const r = f.rewind;
  if (!r) return null;
  const mine = app.seat === 'A' ? 0 : app.seat === 'B' ? 1 : null;
  const state = (i: number) => `${names[i]} ${r.accepted[i] ? 'accepted' : 'has not answered'}`;
  return el(
    'div',
    { class: 'panel rewind', 'data-testid': 'rewind', 'data-step': String(r.step) },
    el('h3', {}, `Judge ${r.judge} proposes to rewind this duel to step ${r.step} (it is at step ${f.step})`),
    r.reason ? el('div', {}, `Reason: ${r.reason}`) : null,
    el('div', { class: 'muted' }, `${state(0)} · ${state(1)}. It happens once both players accept.`),
    mine !== null && !r.accepted[mine]
      ? el(
          'div',
          {},
          button('Accept the rewind', () => send({ type: 'rewind_answer', accept: true }), { 'data-testid': 'rewind-accept' }),
          button('Refuse', () => send({ type: 'rewind_answer', accept: false }), { 'data-testid': 'rewind-refuse', class: 'danger' }),
        )
      : null,
  );
}

export function roomScreen(): HTMLElement {
  const r = app.room;
  const f = app.frame;
  const names: [string, string] = [r?.seats[0]?.name ?? 'A', r?.seats[1]?.name ?? 'B'];
  const away = (i: number) => (r?.seats[i] && !r.seats[i]?.connected ? ' (away)' : '');
  const head = el(
    'div',
    { class: 'room-head' },
    el('span', {}, 'Room '),
    el('b', { 'data-testid': 'room-code' }, app.code ?? ''),
    el('span', { 'data-testid': 'room-status', class: 'wide' }, ` · ${r?.status ?? ''}`),
    r ? el('span', { class: 'wide' }, ` · ${r.options.mode === 'match' ? 'best of 3' : 'single duel'} · ${r.options.format}${r.options.rated ? ' · rated' : ''}`) : null,
    r ? el('span', { class: 'players' }, ` · ${names[0]}${away(0)} vs ${r.seats[1] ? names[1] + away(1) : 'waiting for a player'}`) : null,
    app.seat ? null : el('span', {}, ` · watching (${r?.spectators ?? 0})`),
    r && r.options.mode === 'match' ? el('span', {}, ` · duels ${r.duel_wins[0]}-${r.duel_wins[1]}`) : null,
    f && clockText(f)
      ? el('span', { class: 'clock', 'data-testid': 'clock', 'data-left': String(f.clock.match_left_s ?? ''), 'data-paused': String(f.clock.paused) }, clockText(f) ?? '')
      : null,
    button(app.seat ? 'Leave' : app.eventReturn ? 'Event' : 'Lobby', askLeave, { 'data-testid': 'leave', class: 'leave' }),
  );
  const left = el('div', { class: 'room-left' });
  if (r && r.status === 'waiting') {
    left.append(el('div', { class: 'panel waiting' }, el('h2', {}, 'Waiting for a player'), el('p', {}, 'Give your friend this code: '), el('div', { class: 'big-code', 'data-testid': 'share-code' }, app.code ?? '')));
  }
  const sp = f ? sidingPanel(f) : null;
  if (sp) left.append(sp);
  else if (f?.view) left.append(phaseBar(f.view, names), board(f.view, names, f.actions));
  const right = el('div', { class: 'room-right' });
  const res = resultPanel();
  if (res) right.append(res);
  const rw = f ? rewindPanel(f, names) : null;
  if (rw) right.append(rw);
  if (f) right.append(promptPanel(f, names));
  if (f?.view) {
    if (f.view.links.length) right.append(el('div', { class: 'desk-chain' }, chainPanel(f.view.links, names)));
    right.append(strip());
  }
  right.append(tabs(f, names));
  const room = el('div', { class: 'room', 'data-step': String(f?.step ?? ''), 'data-duel': String(f?.duel ?? '') }, head, el('div', { class: 'room-main' }, left, right));
  room.addEventListener('click', () => {
    if (app.menu) {
      app.menu = null;
      render();
    }
  });
  return room;
}

export { key };
