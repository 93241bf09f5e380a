// The WebSocket to the server (docs/PROTOCOL.md): hello, resume after a drop, and the
// server's messages folded into the state.

import { eventArrived } from './event';
import { app, counter, forgetSeat, loadCards, render, saveSeat, savedSeat } from './state';
import { PROTOCOL_VERSION, type ServerMsg, type WireSide, type WireSlot, type WireView } from './types';

/// What changed on the table between two views: a card that came to a place, turned face
/// up or changed position; a GY or banished pile that grew.
function markChanges(old: WireView, now: WireView) {
  const changed = new Set<string>();
  const grew = new Map<string, number>();
  const sig = (s: WireSlot | null | undefined) => (s ? `${s.card?.code ?? '?'}:${s.position}` : '');
  now.sides.forEach((side: WireSide, i) => {
    const was = old.sides[i];
    const p = i === 0 ? 'A' : 'B';
    const zones: [string, (WireSlot | null)[], (WireSlot | null)[]][] = [
      ['monsters', side.monsters, was.monsters],
      ['spells', side.spells, was.spells],
      ['field', [side.field], [was.field]],
      ['pendulum', side.pendulum, was.pendulum],
    ];
    for (const [zone, list, before] of zones) {
      list.forEach((s, j) => {
        if (s && sig(s) !== sig(before[j])) changed.add(`${p}.${zone}.${j}`);
      });
    }
    if (side.gy.length > was.gy.length) grew.set(`${p}.gy`, side.gy.length - was.gy.length);
    if (side.banished.length > was.banished.length) grew.set(`${p}.banished`, side.banished.length - was.banished.length);
  });
  if (changed.size || grew.size) {
    app.changed = changed;
    app.grew = grew;
    app.changedAt = performance.now();
  }
}

export function send(msg: object) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

export function act(text: string) {
  app.menu = null;
  send({ type: 'action', text });
}

export function connect() {
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
        forgetSeat();
        app.error = m.message;
      } else if (m.code === 'event' && app.eventPending) {
        app.eventError = { action: app.eventPending, message: m.message };
        app.eventPending = null;
      } else app.error = m.message;
      break;
    case 'event': {
      const { type: _type, ...info } = m;
      const pending = app.eventPending;
      app.eventPending = null;
      app.eventError = null;
      eventArrived(info);
      if (pending === 'create') location.hash = `#event/${encodeURIComponent(info.id)}`;
      break;
    }
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
      app.eventPending = null;
      // An event's match (or a judge watching one) was asked for from the event's page:
      // the room shows now, and leaving it goes back to the event.
      if (location.hash.startsWith('#event/')) {
        app.eventReturn = decodeURIComponent(location.hash.slice(7));
        history.replaceState(null, '', location.pathname + location.search);
      }
      app.error = null;
      if (m.seat) saveSeat(m.code, m.token);
      break;
    case 'room':
      app.room = m;
      loadCards(m.options.format);
      break;
    case 'state': {
      const fresh = m.log_from === 0 || (app.frame && app.frame.duel !== m.duel);
      if (fresh) app.log = [];
      app.log.push(...m.log);
      app.fresh = m.log.length;
      const old = app.frame?.view;
      if (old && m.view && !fresh) {
        if (m.view.turn !== old.turn) app.lpDelta = [0, 0];
        m.view.sides.forEach((s, i) => {
          if (s.lp !== old.sides[i].lp) app.lpDelta[i] = s.lp - old.sides[i].lp;
        });
        markChanges(old, m.view);
      } else {
        app.lpDelta = [0, 0];
        app.changed = new Set();
        app.grew = new Map();
      }
      app.frame = m;
      app.frameAt = performance.now();
      counter.states += 1;
      // A menu of a card that has no action any more closes.
      if (!m.actions.length) app.menu = null;
      break;
    }
    case 'chat':
      app.chat.push({ from: m.from, text: m.text });
      if (app.chat.length > 100) app.chat.shift();
      break;
    case 'result':
      app.results.push(m);
      if (m.match_over) forgetSeat();
      break;
  }
  counter.updates += 1;
  render();
}
