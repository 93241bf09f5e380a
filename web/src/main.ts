// The ygo browser client. It has no rules in it: it draws the view the server sends for
// this seat and sends back the canonical text of the action clicked. The parts: network
// (the WebSocket), state, board (the mat), room, lobby, replay and event (the screens).
// Two public pages need no login and no WebSocket: `/replay/ID` (a finished duel played
// back) and `/event/ID` (an event's pairings, results and standings).

import './style.css';
import { button, el } from './dom';
import { eventScreen } from './event';
import { lobbyScreen } from './lobby';
import { connect } from './network';
import { replayScreen } from './replay';
import { overlayEl, roomScreen } from './room';
import { app, counter, loadCards, render, setRender } from './state';

/// The public page the path names (`/replay/ID`, `/event/ID`), if any.
function publicPage(): { kind: 'replay' | 'event'; id: string } | null {
  const m = /^\/(replay|event)\/([^/]+)\/?$/.exec(location.pathname);
  if (!m) return null;
  try {
    return { kind: m[1] as 'replay' | 'event', id: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}

const pub = publicPage();

function draw() {
  const root = document.getElementById('app');
  if (!root) return;
  root.setAttribute('data-updates', String(counter.updates));
  // State frames alone: the tests wait for the frame that follows an action.
  root.setAttribute('data-states', String(counter.states));
  const active = document.activeElement as HTMLElement | null;
  const focusId = active?.getAttribute('data-testid');
  root.replaceChildren();
  if (app.fatal) {
    root.append(el('div', { class: 'panel fatal', 'data-testid': 'fatal' }, el('h2', {}, 'Cannot talk to this server'), el('p', {}, app.fatal)));
    return;
  }
  if (app.error) root.append(el('div', { class: 'error', 'data-testid': 'error' }, app.error, button('Close', () => ((app.error = null), render()))));
  if (app.reconnecting && app.code) root.append(el('div', { class: 'error' }, 'Connection lost: reconnecting to your seat…'));
  const hash = location.hash;
  if (pub?.kind === 'replay') root.append(replayScreen(pub.id));
  else if (pub?.kind === 'event') root.append(eventScreen(pub.id));
  else if (hash.startsWith('#replay/')) root.append(replayScreen(hash.slice(8)));
  else if (hash.startsWith('#event/')) root.append(eventScreen(decodeURIComponent(hash.slice(7))));
  else if (app.code) root.append(roomScreen());
  else root.append(lobbyScreen());
  const o = overlayEl();
  if (o) root.append(o);
  if (focusId) {
    const again = root.querySelector(`[data-testid="${focusId}"]`) as HTMLElement | null;
    again?.focus();
  }
}

setRender(draw);
window.addEventListener('hashchange', render);
loadCards();
if (!pub) connect();
render();
