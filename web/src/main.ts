// The ygo browser client. It has no rules in it: it draws the view the server sends for
// this seat and sends back the canonical text of the action clicked. User text (names,
// chat, deck names) only ever goes into the page through textContent, never as HTML.

import './style.css';
import {
  PROTOCOL_VERSION,
  type CardText,
  type DeckSource,
  type ResultInfo,
  type RoomInfo,
  type ServerMsg,
  type StateFrame,
  type WireAction,
  type WireCard,
  type WireSide,
  type WireSlot,
  type WireView,
} from './types';

type Child = Node | string | null | undefined | false;

function el(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', (ev) => {
    ev.stopPropagation();
    onClick();
  });
  return b;
}

// ---- state -------------------------------------------------------------------------

interface Welcome {
  decks: string[];
  ais: string[];
  formats: string[];
  editions: string[];
}

const app = {
  ws: null as WebSocket | null,
  welcome: null as Welcome | null,
  account: null as string | null,
  ratings: [] as { format: string; elo: number; games: number }[],
  room: null as RoomInfo | null,
  code: null as string | null,
  seat: null as string | null,
  frame: null as StateFrame | null,
  log: [] as string[],
  chat: [] as { from: string; text: string }[],
  results: [] as ResultInfo[],
  error: null as string | null,
  fatal: null as string | null,
  selected: null as number | null,
  sideOut: null as number | null,
  sideIn: null as number | null,
  connected: false,
  reconnecting: false,
};

const cards = new Map<number, CardText>();
fetch('/api/cards')
  .then((r) => r.json())
  .then((all: Record<string, CardText>) => {
    for (const [code, c] of Object.entries(all)) cards.set(Number(code), c);
    render();
  })
  .catch(() => undefined);

const STORE = 'ygo-seat';

function saveSeat(code: string, token: string | null) {
  if (token) sessionStorage.setItem(STORE, JSON.stringify({ code, token }));
}

function savedSeat(): { code: string; token: string } | null {
  try {
    const s = sessionStorage.getItem(STORE);
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}

// ---- connection --------------------------------------------------------------------

function send(msg: object) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  app.ws = ws;
  ws.onopen = () => send({ type: 'hello', version: PROTOCOL_VERSION });
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data as string) as ServerMsg);
  ws.onclose = () => {
    app.connected = false;
    if (app.fatal) {
      render();
      return;
    }
    // A dropped connection comes back to its seat with its token.
    app.reconnecting = true;
    render();
    setTimeout(connect, 1000);
  };
}

function onMessage(m: ServerMsg) {
  switch (m.type) {
    case 'welcome': {
      app.welcome = { decks: m.decks, ais: m.ais, formats: m.formats, editions: m.editions };
      app.connected = true;
      app.reconnecting = false;
      const s = savedSeat();
      if (location.hash.startsWith('#watch/')) {
        send({ type: 'spectate', code: location.hash.slice(7) });
      } else if (s) {
        send({ type: 'resume', code: s.code, token: s.token });
      }
      break;
    }
    case 'error':
      if (m.code === 'version' || m.code === 'hello') app.fatal = m.message;
      else if (m.code === 'resume') {
        sessionStorage.removeItem(STORE);
        app.error = m.message;
      } else app.error = m.message;
      break;
    case 'session':
      app.account = m.name;
      app.ratings = m.ratings;
      app.error = null;
      break;
    case 'joined':
      if (app.code !== m.code) {
        app.log = [];
        app.chat = [];
        app.results = [];
        app.frame = null;
      }
      app.code = m.code;
      app.seat = m.seat;
      app.error = null;
      if (m.seat) saveSeat(m.code, m.token);
      break;
    case 'room':
      app.room = m;
      break;
    case 'state': {
      if (m.log_from === 0 || (app.frame && app.frame.duel !== m.duel)) app.log = [];
      app.log.push(...m.log);
      app.frame = m;
      break;
    }
    case 'chat':
      app.chat.push({ from: m.from, text: m.text });
      if (app.chat.length > 100) app.chat.shift();
      break;
    case 'result':
      app.results.push(m);
      if (m.match_over) sessionStorage.removeItem(STORE);
      break;
  }
  updates += 1;
  render();
}

// ---- cards -------------------------------------------------------------------------

function cardText(code: number): CardText | undefined {
  return cards.get(code);
}

function cardFrame(c: WireCard | null, position: string, actions: WireAction[], extraClass = ''): HTMLElement {
  const classes = ['card', extraClass];
  if (position === 'defense' || position === 'set') classes.push('sideways');
  if (!c) {
    classes.push('back');
    const e = el('div', { class: classes.join(' '), title: 'face-down card' }, el('span', { class: 'back-mark' }, 'ygo'));
    addCardActions(e, actions);
    return e;
  }
  classes.push(c.kind);
  if (c.attribute) classes.push(`attr-${c.attribute}`);
  if (position === 'set' || position === 'set-attack') classes.push('faceddown');
  const stats =
    c.kind === 'monster'
      ? el('div', { class: 'stats' }, `${c.atk ?? '?'} / ${c.def ?? '-'}`)
      : el('div', { class: 'stats' }, c.kind === 'spell' ? 'Spell' : 'Trap');
  const e = el(
    'div',
    { class: classes.join(' '), 'data-code': String(c.code) },
    el('div', { class: 'name' }, c.name),
    c.kind === 'monster' && c.level > 0 ? el('div', { class: 'level' }, `★${c.level}`) : null,
    c.attribute ? el('div', { class: 'attr' }, c.attribute.toUpperCase()) : null,
    stats,
    el('div', { class: 'pos' }, position),
  );
  e.addEventListener('click', () => {
    app.selected = c.code;
    render();
  });
  addCardActions(e, actions);
  return e;
}

// A card with actions offers them on itself (the action list below has each one once
// more, as the element with `data-action`).
function addCardActions(e: HTMLElement, actions: WireAction[]) {
  if (actions.length === 0) return;
  e.classList.add('actionable');
  const menu = el('div', { class: 'card-actions' });
  for (const a of actions) menu.append(button(a.text, () => act(a.text), { 'data-card-action': a.text }));
  e.append(menu);
}

function act(text: string) {
  send({ type: 'action', text });
}

function actionsAt(player: string, zone: string, index: number): WireAction[] {
  const f = app.frame;
  if (!f) return [];
  return f.actions.filter((a) => a.card && a.card.player === player && a.card.zone === zone && a.card.index === index);
}

function slotEl(s: WireSlot | null | undefined, player: string, zone: string, index: number, label: string): HTMLElement {
  const z = el('div', { class: `zone zone-${zone}`, title: label });
  if (s) z.append(cardFrame(s.card, s.position, actionsAt(player, zone, index)));
  else z.append(el('span', { class: 'zone-label' }, label));
  return z;
}

function pile(label: string, count: number, list: WireCard[] | null, testid: string): HTMLElement {
  const p = el('div', { class: 'zone pile', 'data-testid': testid }, el('div', { class: 'pile-label' }, label), el('div', { class: 'pile-count' }, String(count)));
  if (list && list.length > 0) {
    p.classList.add('browsable');
    p.title = list.map((c) => c.name).join(', ');
    p.addEventListener('click', () => {
      app.selected = list[list.length - 1].code;
      render();
    });
  }
  return p;
}

// One side of the mat. The bottom side (`mine`) is drawn with its Monster Zones nearest
// the middle and its hand below; the top side mirrored.
function sideEl(side: WireSide, player: string, mine: boolean, name: string): HTMLElement {
  const pend = (i: number) => (side.pendulum.length > i ? slotEl(side.pendulum[i], player, 'pendulum', i, 'Pendulum') : el('div', { class: 'zone empty-pend' }));
  const mmz = el('div', { class: 'row' });
  mmz.append(slotEl(side.field, player, 'field', 0, 'Field'));
  for (let i = 0; i < 5; i++) mmz.append(slotEl(side.monsters[i], player, 'monsters', i, 'Monster'));
  mmz.append(pile('GY', side.gy.length, side.gy, `${player}-gy`));
  const stz = el('div', { class: 'row' });
  stz.append(pile('Extra', side.extra_count, side.extra, `${player}-extra`));
  for (let i = 0; i < 5; i++) stz.append(slotEl(side.spells[i], player, 'spells', i, 'Spell/Trap'));
  stz.append(pile('Deck', side.deck_count, null, `${player}-deck`));
  const extras = el('div', { class: 'row small' }, pend(0), pend(1), pile('Banished', side.banished.length, null, `${player}-banished`));
  const handRow = el('div', { class: 'hand' });
  // A view carries the viewer's own hand only; any other hand is its count, face down.
  if (side.hand.length) side.hand.forEach((c, i) => handRow.append(cardFrame(c, 'attack', actionsAt(player, 'hand', i), 'in-hand')));
  else for (let i = 0; i < side.hand_count; i++) handRow.append(cardFrame(null, 'attack', [], 'in-hand'));
  const lp = el('div', { class: 'lp', 'data-testid': `${player}-lp` }, `${name} (${player}) · LP ${side.lp} · hand ${side.hand_count}`);
  const rows = mine ? [mmz, stz, extras, handRow, lp] : [lp, handRow, extras, stz, mmz];
  return el('div', { class: `side ${mine ? 'mine' : 'theirs'}` }, ...rows);
}

function emzRow(v: WireView, me: string): HTMLElement {
  const opp = me === 'A' ? 'B' : 'A';
  const mine = v.sides[me === 'A' ? 0 : 1];
  const theirs = v.sides[me === 'A' ? 1 : 0];
  const row = el('div', { class: 'row emz' });
  row.append(el('div', { class: 'zone spacer' }), el('div', { class: 'zone spacer' }));
  for (let i = 0; i < 2; i++) {
    const own = mine.monsters[5 + i];
    const their = theirs.monsters[6 - i];
    if (mine.monsters.length <= 5) {
      row.append(el('div', { class: 'zone spacer' }));
    } else if (own) row.append(slotEl(own, me, 'monsters', 5 + i, 'Extra Monster'));
    else if (their) row.append(slotEl(their, opp, 'monsters', 6 - i, 'Extra Monster'));
    else row.append(slotEl(null, me, 'monsters', 5 + i, 'Extra Monster'));
    if (i === 0) row.append(el('div', { class: 'zone spacer' }));
  }
  row.append(el('div', { class: 'zone spacer' }), el('div', { class: 'zone spacer' }));
  return row;
}

const PHASES = ['draw', 'standby', 'main1', 'battle', 'main2', 'end'];

function phaseBar(v: WireView): HTMLElement {
  const bar = el('div', { class: 'phases', 'data-testid': 'phase' });
  for (const p of PHASES) bar.append(el('span', { class: p === v.phase ? 'on' : '' }, p));
  bar.append(el('span', { class: 'turn' }, `turn ${v.turn} (${v.turn_player})${v.step ? ' · ' + v.step : ''}`));
  return bar;
}

function board(v: WireView, me: string, names: [string, string]): HTMLElement {
  const opp = me === 'A' ? 'B' : me === 'B' ? 'A' : 'B';
  const mineSeat = me === 'public' ? 'A' : me;
  const idx = (p: string) => (p === 'A' ? 0 : 1);
  return el(
    'div',
    { class: 'board' },
    sideEl(v.sides[idx(opp)], opp, false, names[idx(opp)]),
    emzRow(v, mineSeat),
    sideEl(v.sides[idx(mineSeat)], mineSeat, true, names[idx(mineSeat)]),
  );
}

// ---- screens -----------------------------------------------------------------------

function infoPanel(): HTMLElement {
  const c = app.selected !== null ? cardText(app.selected) : undefined;
  if (!c) return el('div', { class: 'panel info', 'data-testid': 'card-text' }, el('em', {}, 'Click a card to read it.'));
  const stats = c.atk !== null ? `ATK ${c.atk} / DEF ${c.def ?? '-'}` : '';
  return el(
    'div',
    { class: 'panel info', 'data-testid': 'card-text' },
    el('h3', {}, c.name),
    el('div', { class: 'meta' }, [c.kind, c.attribute?.toUpperCase(), c.race, c.level ? `Level ${c.level}` : null, stats].filter(Boolean).join(' · ')),
    el('p', {}, c.text),
  );
}

let chatDraft = '';

function chatPanel(): HTMLElement {
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
  return el('div', { class: 'panel chat' }, el('h3', {}, 'Chat'), list, el('div', { class: 'chat-send' }, input, button('Send', sendChat, { 'data-testid': 'chat-send' })));
}

function sidingPanel(f: StateFrame): HTMLElement | null {
  const s = f.siding;
  if (!s) return null;
  const list = (title: string, codes: number[], pick: 'out' | 'in') => {
    const box = el('div', { class: 'side-list' }, el('h4', {}, `${title} (${codes.length})`));
    codes.forEach((code) => {
      const chosen = pick === 'out' ? app.sideOut === code : app.sideIn === code;
      const item = el('div', { class: `side-card${chosen ? ' chosen' : ''}` }, cardText(code)?.name ?? String(code));
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
  return el(
    'div',
    { class: 'panel result', 'data-testid': 'result', 'data-winner': r.winner ?? 'draw' },
    el('h2', {}, headline),
    el('div', {}, `${r.reason} · turn ${r.turns}`),
    el('div', {}, match),
    r.ratings.length ? el('div', {}, 'Ratings: ' + r.ratings.map(([n, e]) => `${n} ${e}`).join(', ')) : null,
    r.replay_id ? el('div', {}, el('a', { href: `#replay/${r.replay_id}`, 'data-testid': 'watch-replay' }, 'Watch the replay'), ' · ', el('a', { href: `/api/replays/${r.replay_id}`, download: `ygo-${r.replay_id}.json` }, 'Download it (ygo replay FILE)')) : null,
    r.match_over ? button('Back to the lobby', leaveRoom, { 'data-testid': 'back-to-lobby' }) : null,
  );
}

function leaveRoom() {
  send({ type: 'leave' });
  sessionStorage.removeItem(STORE);
  app.code = null;
  app.room = null;
  app.frame = null;
  app.seat = null;
  app.results = [];
  app.log = [];
  app.chat = [];
  location.hash = '';
  render();
}

function roomScreen(): HTMLElement {
  const r = app.room;
  const f = app.frame;
  const names: [string, string] = [r?.seats[0]?.name ?? 'A', r?.seats[1]?.name ?? 'B'];
  const head = el(
    'div',
    { class: 'room-head' },
    el('span', {}, 'Room '),
    el('b', { 'data-testid': 'room-code' }, app.code ?? ''),
    el('span', { 'data-testid': 'room-status' }, ` · ${r?.status ?? ''}`),
    r ? el('span', {}, ` · ${r.options.mode === 'match' ? 'best of 3' : 'single duel'} · ${r.options.format} · ${r.edition}${r.options.rated ? ' · rated' : ''}`) : null,
    el('span', {}, app.seat ? ` · you are ${app.seat}` : ' · spectating'),
    r ? el('span', {}, ` · ${names[0]}${r.seats[0]?.connected === false ? ' (away)' : ''} vs ${r.seats[1] ? names[1] + (r.seats[1].connected ? '' : ' (away)') : 'waiting for a player'} · spectators ${r.spectators}`) : null,
    r && r.options.mode === 'match' ? el('span', {}, ` · duels ${r.duel_wins[0]}-${r.duel_wins[1]}`) : null,
    button('Leave', leaveRoom, { 'data-testid': 'leave' }),
  );
  const clock = f ? clockEl(f) : null;
  const main = el('div', { class: 'room-main' });
  const left = el('div', { class: 'room-left' });
  if (r && r.status === 'waiting') {
    left.append(el('div', { class: 'panel waiting' }, el('h2', {}, 'Waiting for a player'), el('p', {}, 'Give your friend this code: '), el('div', { class: 'big-code', 'data-testid': 'share-code' }, app.code ?? '')));
  }
  if (f?.view) {
    left.append(phaseBar(f.view), board(f.view, f.view.viewer, names));
  }
  const res = resultPanel();
  if (res) left.append(res);
  if (f) {
    const sp = sidingPanel(f);
    if (sp) left.append(sp);
    const acts = el('div', { class: 'panel actions', 'data-testid': 'actions' }, el('h3', {}, f.actions.length ? 'Your move' : f.view?.deciding ? `Waiting for ${f.view.deciding}` : ''));
    for (const a of f.actions) acts.append(button(a.text, () => act(a.text), { 'data-action': a.text }));
    left.append(acts);
  }
  const right = el('div', { class: 'room-right' });
  if (clock) right.append(clock);
  if (f && f.chain.length) right.append(el('div', { class: 'panel chain', 'data-testid': 'chain' }, el('h3', {}, 'Chain'), ...f.chain.map((c) => el('div', {}, c))));
  right.append(infoPanel());
  const log = el('div', { class: 'log', 'data-testid': 'log' });
  for (const line of app.log.slice(-300)) log.append(el('div', {}, line));
  right.append(el('div', { class: 'panel' }, el('h3', {}, 'Log'), log));
  right.append(chatPanel());
  main.append(left, right);
  setTimeout(() => {
    log.scrollTop = log.scrollHeight;
  }, 0);
  return el('div', { class: 'room' }, head, main);
}

function clockEl(f: StateFrame): HTMLElement | null {
  const parts: string[] = [];
  const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  if (f.clock.match_left_s !== null) parts.push(`match clock ${mmss(f.clock.match_left_s)}`);
  if (f.clock.waiting_for) parts.push(`waiting for ${f.clock.waiting_for} to reconnect (${f.clock.waiting_left_s ?? 0} s)`);
  if (!parts.length) return null;
  return el('div', { class: 'panel clock', 'data-testid': 'clock' }, parts.join(' · '));
}

// The lobby's form values survive re-renders.
const form = {
  name: '',
  user: '',
  password: '',
  deckKind: 'builtin' as 'builtin' | 'ydk' | 'ydke',
  deck: 'vanilla-yugi',
  ydk: null as { text: string; file: string } | null,
  ydke: '',
  mode: 'single',
  vs: 'greedy',
  aiDeck: 'vanilla-kaiba',
  format: 'casual',
  edition: '',
  rated: false,
  lp: '8000',
  code: '',
};

function deckSource(): DeckSource | null {
  if (form.deckKind === 'ydk') return form.ydk ? { kind: 'ydk', text: form.ydk.text, file: form.ydk.file } : null;
  if (form.deckKind === 'ydke') return { kind: 'ydke', url: form.ydke.trim() };
  return { kind: 'builtin', name: form.deck };
}

function input(key: 'name' | 'user' | 'password' | 'ydke' | 'code', attrs: Record<string, string>): HTMLInputElement {
  const i = el('input', attrs) as HTMLInputElement;
  i.value = form[key];
  i.addEventListener('input', () => {
    form[key] = i.value;
  });
  return i;
}

function select(key: 'deck' | 'mode' | 'vs' | 'aiDeck' | 'format' | 'edition' | 'lp' | 'deckKind', options: [string, string][], testid: string): HTMLSelectElement {
  const s = el('select', { 'data-testid': testid }) as HTMLSelectElement;
  for (const [value, label] of options) {
    const o = el('option', { value }, label) as HTMLOptionElement;
    s.append(o);
  }
  s.value = form[key] as string;
  s.addEventListener('change', () => {
    (form as Record<string, unknown>)[key] = s.value;
    render();
  });
  return s;
}

function createRoom(vsAi: string | null, deck: DeckSource | null, aiDeck: string | null) {
  if (!deck) {
    app.error = 'choose a .ydk file first';
    render();
    return;
  }
  send({
    type: 'create_room',
    options: { mode: form.mode, vs_ai: vsAi, ai_deck: aiDeck, format: form.format, edition: form.edition || null, rated: form.rated, lp: Number(form.lp) },
    deck,
    name: form.name || null,
  });
}

function lobbyScreen(): HTMLElement {
  const w = app.welcome;
  if (!w) return el('div', { class: 'panel' }, app.reconnecting ? 'Reconnecting…' : 'Connecting…');
  const opts = (xs: string[]) => xs.map((x) => [x, x] as [string, string]);
  const account = app.account
    ? el('div', { class: 'panel' }, el('h3', {}, 'Account'), el('div', { 'data-testid': 'account' }, `Logged in as ${app.account}`), el('div', {}, app.ratings.length ? 'Ratings: ' + app.ratings.map((r) => `${r.format} ${r.elo} (${r.games})`).join(', ') : 'No rated match yet.'))
    : el(
        'div',
        { class: 'panel' },
        el('h3', {}, 'Account (for rated matches and your history)'),
        input('user', { placeholder: 'name', 'data-testid': 'user' }),
        input('password', { placeholder: 'password', type: 'password', 'data-testid': 'password' }),
        button('Log in', () => send({ type: 'login', name: form.user, password: form.password }), { 'data-testid': 'login' }),
        button('Register', () => send({ type: 'register', name: form.user, password: form.password }), { 'data-testid': 'register' }),
      );
  const file = el('input', { type: 'file', accept: '.ydk', 'data-testid': 'ydk-file' }) as HTMLInputElement;
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) form.ydk = { text: await f.text(), file: f.name };
  });
  const deckPick =
    form.deckKind === 'builtin'
      ? select('deck', opts(w.decks), 'deck')
      : form.deckKind === 'ydk'
        ? file
        : input('ydke', { placeholder: 'ydke://...', 'data-testid': 'ydke', size: '40' });
  const rated = el('input', { type: 'checkbox', 'data-testid': 'rated' }) as HTMLInputElement;
  rated.checked = form.rated;
  rated.addEventListener('change', () => {
    form.rated = rated.checked;
  });
  const play = el(
    'div',
    { class: 'panel' },
    el('h3', {}, 'Play'),
    button('Play against the AI', () => createRoom('greedy', { kind: 'builtin', name: 'vanilla-yugi' }, 'vanilla-kaiba'), { 'data-testid': 'play-ai', class: 'big' }),
    el('div', { class: 'hint' }, 'greedy AI, vanilla-yugi vs vanilla-kaiba, one duel'),
    el('h4', {}, 'Or set up a room'),
    el('label', {}, 'Your name ', input('name', { placeholder: 'guest', 'data-testid': 'name' })),
    el('label', {}, 'Deck ', select('deckKind', [['builtin', 'built-in'], ['ydk', '.ydk file'], ['ydke', 'ydke:// URL']], 'deck-kind'), ' ', deckPick),
    el('label', {}, 'Opponent ', select('vs', [...opts(w.ais).map(([v]) => [v, `AI: ${v}`] as [string, string]), ['friend', 'a friend (get a code)']], 'vs')),
    form.vs !== 'friend' ? el('label', {}, 'AI deck ', select('aiDeck', opts(w.decks), 'ai-deck')) : null,
    el('label', {}, 'Mode ', select('mode', [['single', 'single duel'], ['match', 'best of 3 (siding, 40-minute clock)']], 'mode')),
    el('label', {}, 'Format ', select('format', opts(w.formats), 'format')),
    el('label', {}, 'Edition ', select('edition', [['', "the format's"], ...opts(w.editions)], 'edition')),
    el('label', {}, 'LP ', select('lp', opts(['8000', '4000', '2000']), 'lp')),
    form.vs === 'friend' ? el('label', {}, rated, ' rated (both players logged in)') : null,
    button('Create room', () => createRoom(form.vs === 'friend' ? null : form.vs, deckSource(), form.vs === 'friend' ? null : form.aiDeck), { 'data-testid': 'create-room' }),
  );
  const join = el(
    'div',
    { class: 'panel' },
    el('h3', {}, 'Join a friend'),
    input('code', { placeholder: 'room code', 'data-testid': 'join-code', size: '8' }),
    button('Join (with the deck above)', () => send({ type: 'join_room', code: form.code.trim(), deck: deckSource(), name: form.name || null }), { 'data-testid': 'join' }),
    button('Watch', () => send({ type: 'spectate', code: form.code.trim() }), { 'data-testid': 'spectate' }),
  );
  const hist = el('div', { class: 'panel history', 'data-testid': 'history' }, el('h3', {}, 'Finished duels'));
  loadHistory(hist);
  return el('div', { class: 'lobby' }, el('h1', {}, 'ygo'), account, play, join, hist);
}

function loadHistory(box: HTMLElement) {
  const q = app.account ? `?user=${encodeURIComponent(app.account)}&limit=20` : '?limit=20';
  fetch('/api/duels' + q)
    .then((r) => r.json())
    .then((rows: { id: string; player_a: string; player_b: string; winner: string | null; reason: string; turns: number; format: string; rated: boolean }[]) => {
      if (!rows.length) box.append(el('div', {}, 'None yet.'));
      for (const d of rows) {
        const w = d.winner === 'A' ? d.player_a : d.winner === 'B' ? d.player_b : 'draw';
        box.append(el('div', {}, `${d.player_a} vs ${d.player_b}: ${w} (${d.reason}, turn ${d.turns}, ${d.format}${d.rated ? ', rated' : ''}) `, el('a', { href: `#replay/${d.id}` }, 'watch'), ' ', el('a', { href: `/api/replays/${d.id}`, download: `ygo-${d.id}.json` }, 'download')));
      }
    })
    .catch(() => undefined);
}

// ---- replays -------------------------------------------------------------------------

const replay = { id: '', step: 0, steps: 0, data: null as null | { view: WireView; log: string[]; chain: string[]; players: [string, string]; winner: string | null; reason: string } };

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

function replayScreen(id: string): HTMLElement {
  if (replay.id !== id) {
    replay.id = id;
    replay.data = null;
    loadReplay(id, 0);
  }
  const d = replay.data;
  const go = (s: number) => loadReplay(id, Math.max(0, Math.min(replay.steps, s)));
  const controls = el(
    'div',
    { class: 'panel' },
    button('⏮', () => go(0)),
    button('◀ 10', () => go(replay.step - 10)),
    button('◀', () => go(replay.step - 1), { 'data-testid': 'replay-prev' }),
    el('span', { 'data-testid': 'replay-step' }, ` action ${replay.step} of ${replay.steps} `),
    button('▶', () => go(replay.step + 1), { 'data-testid': 'replay-next' }),
    button('10 ▶', () => go(replay.step + 10)),
    button('⏭', () => go(replay.steps)),
    ' ',
    el('a', { href: `/api/replays/${id}`, download: `ygo-${id}.json` }, 'Download (ygo replay FILE)'),
    ' ',
    button('Lobby', () => {
      location.hash = '';
    }),
  );
  const body = el('div', { class: 'room-main' });
  if (d) {
    const log = el('div', { class: 'log' });
    for (const l of d.log.slice(-200)) log.append(el('div', {}, l));
    body.append(el('div', { class: 'room-left' }, phaseBar(d.view), board(d.view, 'public', d.players)), el('div', { class: 'room-right' }, infoPanel(), el('div', { class: 'panel' }, el('h3', {}, 'Log'), log)));
    setTimeout(() => (log.scrollTop = log.scrollHeight), 0);
  }
  return el('div', { class: 'room replay' }, el('h2', {}, d ? `Replay: ${d.players[0]} vs ${d.players[1]}` : 'Replay'), controls, body);
}

// ---- render --------------------------------------------------------------------------

// Counts the messages drawn, so a test can wait for the next one instead of sleeping.
let updates = 0;

function render() {
  const root = document.getElementById('app');
  if (!root) return;
  root.setAttribute('data-updates', String(updates));
  const active = document.activeElement as HTMLElement | null;
  const focusId = active?.getAttribute('data-testid');
  root.replaceChildren();
  if (app.fatal) {
    root.append(el('div', { class: 'panel fatal', 'data-testid': 'fatal' }, el('h2', {}, 'Cannot talk to this server'), el('p', {}, app.fatal)));
    return;
  }
  if (app.error) root.append(el('div', { class: 'error', 'data-testid': 'error' }, app.error, button('×', () => ((app.error = null), render()))));
  if (app.reconnecting && app.code) root.append(el('div', { class: 'error' }, 'Connection lost: reconnecting to your seat…'));
  const hash = location.hash;
  if (hash.startsWith('#replay/')) root.append(replayScreen(hash.slice(8)));
  else if (app.code) root.append(roomScreen());
  else root.append(lobbyScreen());
  if (focusId) {
    const again = root.querySelector(`[data-testid="${focusId}"]`) as HTMLElement | null;
    again?.focus();
  }
}

window.addEventListener('hashchange', render);
connect();
render();
