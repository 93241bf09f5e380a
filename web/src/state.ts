// The client's state: what the server last said, and what the player has open. No rules.

import type { CardText, ResultInfo, RoomInfo, StateFrame, WireCard } from './types';

export interface Welcome {
  decks: string[];
  ais: string[];
  formats: string[];
  editions: string[];
}

/// What is open over the mat: a card's text, a pile's list, the leave confirmation.
export type Overlay =
  | { kind: 'card'; code: number }
  | { kind: 'pile'; title: string; player: string; zone: string; cards: (WireCard | null)[] }
  | { kind: 'leave' }
  | null;

export const app = {
  ws: null as WebSocket | null,
  welcome: null as Welcome | null,
  account: null as string | null,
  ratings: [] as { format: string; elo: number; games: number }[],
  room: null as RoomInfo | null,
  code: null as string | null,
  seat: null as string | null,
  frame: null as StateFrame | null,
  /// When `frame` arrived (ms, performance clock): the match clock counts down from it.
  frameAt: 0,
  /// The latest LP change of each side ("-1000"), shown until the next one or the next turn.
  lpDelta: [0, 0] as [number, number],
  /// Places whose card changed in the latest frame (summoned, Set, flipped, activated),
  /// and piles that grew (`A.gy` -> how many cards came): drawn highlighted for a moment.
  changed: new Set<string>(),
  grew: new Map<string, number>(),
  /// When they changed (ms, performance clock): the highlight lasts a moment, not every
  /// redraw after it.
  changedAt: 0,
  log: [] as string[],
  /// Log lines of the latest frame (the "what just happened" strip marks them new).
  fresh: 0,
  chat: [] as { from: string; text: string }[],
  results: [] as ResultInfo[],
  error: null as string | null,
  fatal: null as string | null,
  overlay: null as Overlay,
  /// The card whose action menu is open (`A.monsters.2`).
  menu: null as string | null,
  /// The phone layout's open tab.
  tab: 'log' as 'log' | 'chain' | 'chat',
  sideOut: null as number | null,
  sideIn: null as number | null,
  connected: false,
  reconnecting: false,
  /// The event request waiting for its answer (`create`, `register`, `pair`, ...): an
  /// `event` answer or an error of code `event` is its outcome.
  eventPending: null as string | null,
  /// The last event request the server refused, and why (shown next to its control).
  eventError: null as { action: string; message: string } | null,
  /// The event whose match (or judge's watch) this room is: leaving it goes back there.
  eventReturn: null as string | null,
};

/// The key a name is unique under on the server (case-folded, NFKC).
export function nameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

export const cards = new Map<number, CardText>();

// Counts the messages drawn, so a test can wait for the next one instead of sleeping.
export const counter = { updates: 0, states: 0 };

let renderHook: () => void = () => undefined;

export function setRender(f: () => void) {
  renderHook = f;
}

// A redraw replaces the page's elements. One that lands between a button's press and its
// release (a frame arriving, the card texts loading) would lose the click: the press went to
// the old element and the release to the new one. So while a pointer is down the redraw
// waits, and runs once after the release (after the click it completes).
// A release the page never sees (the pointer let go outside the window) ends the wait
// after a second.
let pressed = false;
let deferred = false;
let guard: ReturnType<typeof setTimeout> | undefined;

function release() {
  pressed = false;
  clearTimeout(guard);
  if (deferred) {
    deferred = false;
    setTimeout(() => renderHook(), 0);
  }
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
      clearTimeout(guard);
      guard = setTimeout(release, 1000);
    },
    true,
  );
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

export function render() {
  if (pressed) {
    deferred = true;
    return;
  }
  renderHook();
}

// The format whose card texts `cards` holds (or is fetching): a Goat room shows the 2005
// texts its cards play.
let cardsFormat: string | null = null;

export function loadCards(format = 'casual') {
  if (cardsFormat === format) return;
  cardsFormat = format;
  fetch(`/api/cards?format=${encodeURIComponent(format)}`)
    .then((r) => r.json())
    .then((all: Record<string, CardText>) => {
      if (cardsFormat !== format) return;
      cards.clear();
      for (const [code, c] of Object.entries(all)) cards.set(Number(code), c);
      render();
    })
    .catch(() => {
      if (cardsFormat === format) cardsFormat = null;
    });
}

const STORE = 'ygo-seat';

export function saveSeat(code: string, token: string | null) {
  if (token) sessionStorage.setItem(STORE, JSON.stringify({ code, token }));
}

export function savedSeat(): { code: string; token: string } | null {
  try {
    const s = sessionStorage.getItem(STORE);
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}

export function forgetSeat() {
  sessionStorage.removeItem(STORE);
}

/// Is a duel of this room being played now (leaving forfeits it)?
export function inDuel(): boolean {
  const f = app.frame;
  if (!app.seat || !f) return false;
  const last = app.results[app.results.length - 1];
  if (last?.match_over) return false;
  // No view yet: the duel is starting (choosing who goes first), which leaving also ends.
  return f.view === null || f.view.outcome === null || f.siding !== null;
}
