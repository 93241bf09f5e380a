// The lobby: account, a quick duel against the AI, a room to set up or join, the
// events (linked to their public pages), the finished duels with their replays.

import { button, el } from './dom';
import { send } from './network';
import { app, render } from './state';
import type { DeckSource } from './types';

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

export function lobbyScreen(): HTMLElement {
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
  const events = el('div', { class: 'panel', 'data-testid': 'events' }, el('h3', {}, 'Events ', button('Refresh', render, { 'data-testid': 'events-refresh', class: 'quiet' })));
  if (app.account) events.append(createEventForm());
  loadEvents(events);
  return el('div', { class: 'lobby' }, el('h1', {}, 'ygo'), account, play, join, events, hist);
}

// The organizer's new event: its values survive re-renders.
const ev = {
  name: '',
  format: 'goat',
  structure: 'swiss' as 'swiss' | 'single_elimination' | 'double_elimination' | 'swiss_top_cut',
  rounds: '3',
  top: '8',
  publicLists: true,
  grace: '600',
  preset: 'format' as 'format' | 'community' | 'official',
  minutes: '',
  roundHours: '',
  deadline: '',
};

/// The rounds follow from the player count (the server ignores `rounds`).
const bracketOnly = () => ev.structure === 'single_elimination' || ev.structure === 'double_elimination';

/// "Create event" (a logged-in account organizes it): name, format, structure, public
/// decklists, the no-show grace time, the match rules (a preset, minutes), the round
/// length of a multi-day event and the registration deadline. The answer opens the
/// event's page (#event/ID).
function createEventForm(): HTMLElement {
  const text = (key: 'name' | 'rounds' | 'grace' | 'minutes' | 'roundHours' | 'deadline', attrs: Record<string, string>) => {
    const i = el('input', attrs) as HTMLInputElement;
    i.value = ev[key];
    i.addEventListener('input', () => (ev[key] = i.value));
    return i;
  };
  const choose = (key: 'format' | 'structure' | 'top' | 'preset', options: [string, string][], testid: string) => {
    const s = el('select', { 'data-testid': testid }) as HTMLSelectElement;
    for (const [v, l] of options) s.append(el('option', { value: v }, l));
    s.value = ev[key];
    s.addEventListener('change', () => {
      (ev as Record<string, unknown>)[key] = s.value;
      render();
    });
    return s;
  };
  const lists = el('input', { type: 'checkbox', 'data-testid': 'ev-public-lists' }) as HTMLInputElement;
  lists.checked = ev.publicLists;
  lists.addEventListener('change', () => (ev.publicLists = lists.checked));
  const create = () => {
    const rounds = Number(ev.rounds);
    const msg: Record<string, unknown> = {
      type: 'create_event',
      name: ev.name.trim(),
      format: ev.format,
      // Single elimination: the rounds follow from the player count (the server ignores these).
      rounds: bracketOnly() ? 1 : rounds,
      public_lists: ev.publicLists,
      grace_seconds: Number(ev.grace),
    };
    // Swiss is the default: the structure is named only when it is another one.
    if (ev.structure === 'single_elimination') msg.structure = { kind: 'single_elimination' };
    if (ev.structure === 'double_elimination') msg.structure = { kind: 'double_elimination' };
    if (ev.structure === 'swiss_top_cut') msg.structure = { kind: 'swiss_top_cut', top: Number(ev.top) };
    // The format's default match rules are the default: named only when changed.
    if (ev.preset !== 'format' || ev.minutes.trim()) {
      msg.match_settings = ev.minutes.trim() ? { preset: ev.preset, minutes: Number(ev.minutes) } : { preset: ev.preset };
    }
    if (ev.roundHours.trim()) msg.round_hours = Number(ev.roundHours);
    if (ev.deadline) {
      // A datetime-local value is the browser's local time.
      const t = new Date(ev.deadline).getTime();
      if (!Number.isNaN(t)) msg.registration_deadline = Math.floor(t / 1000);
    }
    app.eventPending = 'create';
    app.eventError = null;
    send(msg);
    render();
  };
  const err = app.eventError?.action === 'create' ? el('div', { class: 'error', 'data-testid': 'create-event-error' }, app.eventError.message) : null;
  return el(
    'details',
    { class: 'create-event', 'data-testid': 'create-event-form', open: '' },
    el('summary', {}, 'Create event'),
    el('label', {}, 'Name ', text('name', { placeholder: 'event name', 'data-testid': 'ev-name', maxlength: '60' })),
    el('label', {}, 'Format ', choose('format', [['goat', 'goat'], ['edison', 'edison']], 'ev-format')),
    el(
      'label',
      {},
      'Structure ',
      choose(
        'structure',
        [
          ['swiss', 'Swiss'],
          ['single_elimination', 'single elimination'],
          ['double_elimination', 'double elimination'],
          ['swiss_top_cut', 'Swiss + top cut'],
        ],
        'ev-structure',
      ),
    ),
    !bracketOnly() ? el('label', {}, 'Swiss rounds ', text('rounds', { type: 'number', min: '1', max: '15', class: 'num', 'data-testid': 'ev-rounds' })) : null,
    ev.structure === 'swiss_top_cut' ? el('label', {}, 'Top ', choose('top', [['2', '2'], ['4', '4'], ['8', '8']], 'ev-top')) : null,
    el(
      'label',
      {},
      'Match rules ',
      choose(
        'preset',
        [
          ['format', "the format's default"],
          ['community', 'community: 50 min, natural end, 1-1 draws'],
          ['official', 'official: 40 min, extra turns (MATCH-5..8)'],
        ],
        'ev-preset',
      ),
    ),
    el('label', {}, 'Minutes ', text('minutes', { type: 'number', min: '1', max: '180', class: 'num', placeholder: 'preset', 'data-testid': 'ev-minutes' })),
    el('label', {}, 'Round hours ', text('roundHours', { type: 'number', min: '0', max: '168', class: 'num', placeholder: 'none', 'data-testid': 'ev-round-hours', title: 'a multi-day event: each round ends this long after its pairing; a match not finished by then is decided as at time' })),
    el('label', {}, 'Registration until ', text('deadline', { type: 'datetime-local', 'data-testid': 'ev-deadline' })),
    el('label', {}, lists, ' decklists public after the event'),
    el('label', {}, 'Grace (s) ', text('grace', { type: 'number', min: '0', class: 'num', 'data-testid': 'ev-grace', title: 'a player not at their match this long after the pairing loses it (0: no rule)' })),
    button('Create event', create, { 'data-testid': 'create-event' }),
    err,
  );
}

/// The newest events, each linked to its public page (`/event/ID`).
function loadEvents(box: HTMLElement) {
  fetch('/api/events')
    .then((r) => r.json())
    .then((rows: { id: string; name: string; format: string; rounds: number; status: string; round: number }[]) => {
      if (!rows.length) box.append(el('div', { class: 'muted' }, 'None yet.'));
      for (const e of rows.slice(0, 10)) {
        const where = e.status === 'running' ? `round ${e.round} of ${e.rounds}` : e.status;
        // Logged in: the event's page in this connection (its controls); otherwise its public page.
        const href = app.account ? `#event/${encodeURIComponent(e.id)}` : `/event/${encodeURIComponent(e.id)}`;
        box.append(el('div', {}, el('a', { href, 'data-testid': 'event-link' }, e.name), ` (${e.format}, ${where})`));
      }
    })
    .catch(() => undefined);
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

