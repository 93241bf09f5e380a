// The mat: both fields, hands and piles drawn from the view the server sent for this
// seat, the chain's sources and targets marked, the zones a choice offers highlighted.
// A click on a card selects it (its actions show in the prompt panel) or opens its text.

import { button, el } from './dom';
import { act } from './network';
import { app, render } from './state';
import type { WireAction, WireCard, WireLink, WireLoc, WireSide, WireSlot, WireView } from './types';

export const key = (l: { player: string; zone: string; index: number }) => `${l.player}.${l.zone}.${l.index}`;

/// How the player performs an action on the mat: on a card (select it, then its words), on
/// an attack target (select the attacker, then the target), on a zone, or in the prompt.
export function via(a: WireAction): string {
  if (a.place) return `place:${key(a.place)}`;
  if (a.card && (a.card.zone === 'gy' || a.card.zone === 'banished')) return `pile:${a.card.player}-${a.card.zone}`;
  if (a.card) return `card:${key(a.card)}`;
  return 'prompt';
}

// The actions the mat offers: the frame's in a room, none in the replay viewer.
let live: WireAction[] = [];

export function actionsOf(k: string): WireAction[] {
  return live.filter((a) => a.card && key(a.card) === k);
}

/// A change of the latest frame still being highlighted (for 1.6 s after it came).
function recent(): boolean {
  return performance.now() - app.changedAt < 1600;
}

/// The chain's marks on the mat: `CL n` on each source, `target of CL n` on each target.
function chainMarks(v: WireView): Map<string, string[]> {
  const m = new Map<string, string[]>();
  const add = (k: string, s: string) => m.set(k, [...(m.get(k) ?? []), s]);
  for (const l of v.links) {
    if (l.card) add(key(l.card), `CL${l.link}`);
    for (const t of l.targets) if (t.loc) add(key(t.loc), `target of CL${l.link}`);
  }
  // The attack being made: `attacks` on the attacker, `attacked` on its target.
  if (v.attack?.attacker.loc) add(key(v.attack.attacker.loc), 'attacks');
  if (v.attack?.target?.loc) add(key(v.attack.target.loc), 'attacked');
  return m;
}

interface Ctx {
  view: WireView;
  marks: Map<string, string[]>;
  /// Equip links: a card's key -> the colour class both ends share.
  equips: Map<string, string>;
  /// Attack targets of the selected attacker: target key -> action.
  attackOn: Map<string, WireAction>;
  /// Zone answers: zone key -> action.
  places: Map<string, WireAction>;
}

function context(view: WireView): Ctx {
  const equips = new Map<string, string>();
  let n = 0;
  for (const [si, side] of view.sides.entries()) {
    const p = si === 0 ? 'A' : 'B';
    side.spells.forEach((s, i) => {
      if (s?.equipped_to) {
        const cls = `equip-${n++ % 4}`;
        equips.set(key({ player: p, zone: 'spells', index: i }), cls);
        equips.set(key(s.equipped_to), cls);
      }
    });
  }
  const attackOn = new Map<string, WireAction>();
  const places = new Map<string, WireAction>();
  for (const a of live) {
    if (a.target && a.card && app.menu === key(a.card)) attackOn.set(key(a.target), a);
    if (a.place) places.set(key(a.place), a);
  }
  return { view, marks: chainMarks(view), equips, attackOn, places };
}

export function openCard(code: number) {
  app.overlay = { kind: 'card', code };
  render();
}

/// One card as it lies: monsters in Defense Position lie sideways (their text still
/// upright), Set Spells and Traps stand face-down, hand cards carry no position.
function cardEl(c: WireCard | null, position: string, k: string | null, ctx: Ctx | null, monsterZone: boolean, extra: string[] = []): HTMLElement {
  const classes = ['card', ...extra];
  const sideways = monsterZone && (position === 'defense' || position === 'set');
  if (sideways) classes.push('sideways');
  const acts = k ? actionsOf(k) : [];
  const attack = k && ctx ? ctx.attackOn.get(k) : undefined;
  const attrs: Record<string, string> = { class: '' };
  if (k) attrs['data-loc'] = k;
  const faceDown = !c || position === 'set' || position === 'set-attack';
  let e: HTMLElement;
  if (!c) {
    classes.push('back');
    e = el('div', attrs, el('span', { class: 'back-mark' }, 'ygo'));
    e.title = 'face-down card';
  } else {
    classes.push(c.kind);
    if (faceDown) classes.push('faceddown');
    const stats = c.kind === 'monster' ? `${c.atk ?? '?'}/${c.def ?? '-'}` : c.kind === 'spell' ? 'Spell' : 'Trap';
    e = el(
      'div',
      { ...attrs, 'data-code': String(c.code) },
      el('div', { class: 'name' }, c.name),
      c.kind === 'monster' && c.level > 0 ? el('div', { class: 'level' }, `Lv ${c.level}`) : null,
      c.attribute ? el('div', { class: `attr attr-${c.attribute}` }, c.attribute.toUpperCase()) : null,
      faceDown ? el('div', { class: 'setmark' }, 'Set') : null,
      el('div', { class: 'stats' }, stats),
    );
    e.title = c.name;
    if (c.counters.length) {
      e.append(el('div', { class: 'counters' }, c.counters.map(([n, x]) => `${x} ${n}`).join(', ')));
    }
  }
  if (k && ctx) {
    for (const mk of ctx.marks.get(k) ?? []) {
      const kind = mk.startsWith('target') ? 'target' : mk === 'attacks' ? 'attacker' : mk === 'attacked' ? 'attacked' : 'source';
      e.append(el('div', { class: `mark ${kind}` }, mk));
      classes.push(`is-${kind}`);
    }
    if (app.changed.has(k) && recent()) classes.push('just-changed');
    const eq = ctx.equips.get(k);
    if (eq) classes.push('equipped', eq);
  }
  if (acts.length) classes.push('actionable');
  if (k && app.menu === k) classes.push('selected');
  if (attack) {
    classes.push('attack-target');
    e.setAttribute('data-attack', attack.text);
  }
  e.className = classes.join(' ');
  e.addEventListener('click', (ev) => {
    ev.stopPropagation();
    if (attack) {
      act(attack.text);
      return;
    }
    if (k && acts.length) {
      app.menu = app.menu === k ? null : k;
      render();
      return;
    }
    if (c) openCard(c.code);
  });
  return e;
}

/// A zone's label on a phone's small zones: "M2", "S/T2", "F".
function shortLabel(label: string): string {
  const n = label.match(/\d+$/)?.[0] ?? '';
  if (label.startsWith('Monster')) return `M${n}`;
  if (label.startsWith('S/T')) return `S${n}`;
  if (label === 'Field') return 'F';
  if (label === 'Extra Monster') return 'EMZ';
  return label.startsWith('Left') ? 'PL' : label.startsWith('Right') ? 'PR' : label;
}

function slotEl(s: WireSlot | null | undefined, player: string, zone: string, index: number, label: string, ctx: Ctx): HTMLElement {
  const k = key({ player, zone, index });
  const z = el('div', { class: `zone zone-${zone}`, title: label, 'data-zone': k });
  if (s) z.append(cardEl(s.card, s.position, k, ctx, zone === 'monsters'));
  else z.append(el('span', { class: 'zone-label' }, el('span', { class: 'long' }, label), el('span', { class: 'short' }, shortLabel(label))));
  const place = ctx.places.get(k);
  if (place && !s) {
    z.classList.add('pickable');
    z.setAttribute('data-place-action', place.text);
    z.title = place.words;
    z.addEventListener('click', () => act(place.text));
  }
  return z;
}

function pileEl(label: string, count: number, list: (WireCard | null)[] | null, player: string, zone: string): HTMLElement {
  const testid = `${player}-${zone}`;
  const acts = live.filter((a) => a.card && a.card.player === player && a.card.zone === zone);
  const p = el('div', { class: 'zone pile', 'data-testid': testid }, el('div', { class: 'pile-label' }, label), el('div', { class: 'pile-count' }, String(count)));
  const top = list && list.length ? list[list.length - 1] : null;
  if (top) p.append(el('div', { class: 'pile-top' }, top.name));
  if (list && list.some((c) => c)) {
    p.classList.add('browsable');
    p.title = `${label}: click to browse`;
  }
  if (acts.length) p.classList.add('actionable');
  const grew = app.grew.get(`${player}.${zone}`);
  if (grew && recent()) {
    p.classList.add('grew');
    p.append(el('div', { class: 'grew-mark', 'data-testid': `${testid}-grew` }, `+${grew}`));
  }
  p.addEventListener('click', () => {
    if (!list) return;
    app.overlay = { kind: 'pile', title: `${player === (app.seat ?? 'A') ? 'Your' : `${player}'s`} ${label}`, player, zone, cards: list };
    render();
  });
  return p;
}

/// A pile's cards to read, with the actions each offers (a card in the GY to banish,
/// to target...).
export function pileOverlay(title: string, player: string, zone: string, list: (WireCard | null)[]): HTMLElement {
  const body = el('div', { class: 'pile-list', 'data-testid': 'pile-list' });
  list.forEach((c, i) => {
    const k = key({ player, zone, index: i });
    const acts = actionsOf(k);
    const item = el('div', { class: 'pile-item' });
    if (c) {
      item.append(cardEl(c, 'attack', null, null, false));
      item.firstElementChild?.addEventListener('click', () => openCard(c.code));
    } else item.append(cardEl(null, 'set', null, null, false));
    for (const a of acts) item.append(button(a.words, () => ((app.overlay = null), act(a.text)), { 'data-menu-action': a.text, class: 'menu-action' }));
    body.append(item);
  });
  if (!list.length) body.append(el('em', {}, 'No cards.'));
  return el('div', { class: 'sheet' }, el('h3', {}, title), body);
}

function handEl(side: WireSide, player: string, mine: boolean, ctx: Ctx): HTMLElement {
  const row = el('div', { class: `hand ${mine ? 'my-hand' : 'their-hand'}`, 'data-testid': mine ? 'my-hand' : 'their-hand' });
  // A view carries the viewer's own hand; of any other hand its count, face down, and
  // the cards revealed to the viewer (MISC-7) face up where they lie.
  if (side.hand.length) side.hand.forEach((c, i) => row.append(cardEl(c, 'attack', key({ player, zone: 'hand', index: i }), ctx, false, ['in-hand'])));
  else {
    const shown = new Map(side.revealed.map(([i, c]) => [i, c]));
    for (let i = 0; i < side.hand_count; i++) {
      const c = shown.get(i);
      const card = c ? cardEl(c, 'attack', key({ player, zone: 'hand', index: i }), ctx, false, ['in-hand', 'revealed']) : cardEl(null, 'attack', null, null, false, ['in-hand']);
      if (c) card.setAttribute('data-testid', 'revealed-card');
      row.append(card);
    }
  }
  return row;
}

function infoEl(side: WireSide, player: string, name: string, idx: number, mine: boolean): HTMLElement {
  const d = app.lpDelta[idx];
  const banished = side.banished.map((s) => s.card);
  return el(
    'div',
    { class: 'info-bar' },
    el('span', { class: 'who' }, mine ? `${name} (you)` : name),
    el('span', { class: 'lp', 'data-testid': `${player}-lp` }, `LP ${side.lp}`),
    d ? el('span', { class: d < 0 ? 'lp-delta down' : 'lp-delta up', 'data-testid': `${player}-lp-delta` }, d > 0 ? `+${d}` : String(d)) : null,
    el('span', { class: 'count' }, `hand ${side.hand_count} · deck ${side.deck_count}`),
    pileEl('Banished', side.banished.length, banished, player, 'banished'),
  );
}

/// One side's two rows: Monster Zones nearest the middle.
function sideRows(side: WireSide, player: string, mine: boolean, ctx: Ctx): HTMLElement[] {
  const mmz = el('div', { class: 'row' });
  mmz.append(slotEl(side.field, player, 'field', 0, 'Field', ctx));
  for (let i = 0; i < 5; i++) mmz.append(slotEl(side.monsters[i], player, 'monsters', i, `Monster ${i + 1}`, ctx));
  mmz.append(pileEl('GY', side.gy.length, side.gy, player, 'gy'));
  const stz = el('div', { class: 'row' });
  const extraList = mine || side.extra.length ? side.extra : null;
  stz.append(pileEl('Extra', side.extra_count, extraList, player, 'extra'));
  for (let i = 0; i < 5; i++) stz.append(slotEl(side.spells[i], player, 'spells', i, `S/T ${i + 1}`, ctx));
  stz.append(pileEl('Deck', side.deck_count, null, player, 'deck'));
  const rows = [mmz, stz];
  // Pendulum Zones of their own (Master Rule 3) only once a card is in one.
  if (side.pendulum.some((s) => s)) {
    const pend = el('div', { class: 'row pend' });
    side.pendulum.forEach((s, i) => pend.append(slotEl(s, player, 'pendulum', i, i ? 'Right Pendulum' : 'Left Pendulum', ctx)));
    rows.push(pend);
  }
  return mine ? rows : rows.reverse();
}

function emzRow(v: WireView, me: string, ctx: Ctx): HTMLElement | null {
  const mine = v.sides[me === 'A' ? 0 : 1];
  if (mine.monsters.length <= 5) return null;
  const opp = me === 'A' ? 'B' : 'A';
  const theirs = v.sides[me === 'A' ? 1 : 0];
  // The Extra Monster Zones take a row only when a monster is there or may go there.
  const used = [5, 6].some((i) => mine.monsters[i] || theirs.monsters[i] || ctx.places.has(key({ player: me, zone: 'monsters', index: i })));
  if (!used) return null;
  const row = el('div', { class: 'row emz' });
  const spacer = () => el('div', { class: 'zone spacer' });
  row.append(spacer(), spacer());
  for (let i = 0; i < 2; i++) {
    const own = mine.monsters[5 + i];
    const their = theirs.monsters[6 - i];
    if (own) row.append(slotEl(own, me, 'monsters', 5 + i, 'Extra Monster', ctx));
    else if (their) row.append(slotEl(their, opp, 'monsters', 6 - i, 'Extra Monster', ctx));
    else row.append(slotEl(null, me, 'monsters', 5 + i, 'Extra Monster', ctx));
    if (i === 0) row.append(spacer());
  }
  row.append(spacer(), spacer());
  return row;
}

/// The whole mat, the viewer's side at the bottom (a spectator sees A at the bottom).
export function board(v: WireView, names: [string, string], actions: WireAction[]): HTMLElement {
  live = actions;
  const me = v.viewer === 'B' ? 'B' : 'A';
  const opp = me === 'A' ? 'B' : 'A';
  const idx = (p: string) => (p === 'A' ? 0 : 1);
  const ctx = context(v);
  const mySide = v.sides[idx(me)];
  const theirSide = v.sides[idx(opp)];
  const theirs = el(
    'div',
    { class: 'side theirs', 'data-testid': 'opp-field' },
    infoEl(theirSide, opp, names[idx(opp)], idx(opp), false),
    handEl(theirSide, opp, false, ctx),
    ...sideRows(theirSide, opp, false, ctx),
  );
  const mine = el('div', { class: 'side mine', 'data-testid': 'my-field' }, ...sideRows(mySide, me, true, ctx));
  const hand = handEl(mySide, me, true, ctx);
  const emz = emzRow(v, me, ctx);
  const attrs: Record<string, string> = { class: emz ? 'board has-emz' : 'board', 'data-testid': 'mat' };
  if (v.attack) attrs['data-attack'] = v.attack.target ? 'monster' : 'direct';
  const mat = el('div', attrs, theirs, emz, mine, hand, infoEl(mySide, me, names[idx(me)], idx(me), v.viewer === me));
  // The lines need the laid-out mat: drawn once it is on the page.
  if (v.links.length || v.attack) requestAnimationFrame(() => chainLines(mat, v));
  return mat;
}

const SVG = 'http://www.w3.org/2000/svg';

/// A line from each chain link's source to each of its targets, over the mat (both ends on
/// the mat: a source in a pile has its `CL n` in the chain panel only).
function chainLines(mat: HTMLElement, v: WireView) {
  const links = v.links;
  if (!mat.isConnected) return;
  const box = mat.getBoundingClientRect();
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'chain-lines');
  svg.setAttribute('data-testid', 'chain-lines');
  svg.setAttribute('width', String(box.width));
  svg.setAttribute('height', String(box.height));
  const defs = document.createElementNS(SVG, 'defs');
  const marker = document.createElementNS(SVG, 'marker');
  for (const [k, v] of Object.entries({ id: 'chain-arrow', viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '6', markerHeight: '6', orient: 'auto-start-reverse' })) marker.setAttribute(k, v);
  const tip = document.createElementNS(SVG, 'path');
  tip.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
  marker.append(tip);
  defs.append(marker);
  const amarker = marker.cloneNode(true) as SVGElement;
  amarker.setAttribute('id', 'attack-arrow');
  amarker.firstElementChild?.setAttribute('class', 'attack-tip');
  defs.append(amarker);
  svg.append(defs);
  const centre = (k: string): [number, number] | null => {
    const e = mat.querySelector(`[data-loc="${k}"]`);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
  };
  for (const l of links) {
    const from = l.card ? centre(key(l.card)) : null;
    if (!from) continue;
    for (const t of l.targets) {
      const to = t.loc ? centre(key(t.loc)) : null;
      if (!to || (to[0] === from[0] && to[1] === from[1])) continue;
      const line = document.createElementNS(SVG, 'line');
      for (const [k, v] of Object.entries({ x1: from[0], y1: from[1], x2: to[0], y2: to[1] })) line.setAttribute(k, v.toFixed(1));
      line.setAttribute('data-link', String(l.link));
      line.setAttribute('marker-end', 'url(#chain-arrow)');
      const label = document.createElementNS(SVG, 'title');
      label.textContent = `chain link ${l.link}: ${l.name} targets ${t.name}`;
      line.append(label);
      svg.append(line);
    }
  }
  // The attack: from the attacker to its target, or to the defending player's LP.
  const a = v.attack;
  const from = a?.attacker.loc ? centre(key(a.attacker.loc)) : null;
  if (a && from) {
    let to = a.target?.loc ? centre(key(a.target.loc)) : null;
    if (!to && !a.target && a.attacker.loc) {
      const lp = mat.querySelector(`[data-testid="${a.attacker.loc.player === 'A' ? 'B' : 'A'}-lp"]`);
      if (lp) {
        const r = lp.getBoundingClientRect();
        to = [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
      }
    }
    if (to) {
      const line = document.createElementNS(SVG, 'line');
      for (const [k, val] of Object.entries({ x1: from[0], y1: from[1], x2: to[0], y2: to[1] })) line.setAttribute(k, val.toFixed(1));
      line.setAttribute('class', 'attack-line');
      line.setAttribute('data-testid', 'attack-line');
      line.setAttribute('marker-end', 'url(#attack-arrow)');
      const label = document.createElementNS(SVG, 'title');
      label.textContent = `${a.attacker.name} attacks ${a.target ? a.target.name : 'directly'}`;
      line.append(label);
      svg.append(line);
    }
  }
  mat.querySelector('.chain-lines')?.remove();
  mat.append(svg);
}

/// Names as a list in words: "A", "A and B", "A, B and C".
export function listWords(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export const PHASES: [string, string][] = [
  ['draw', 'DP'],
  ['standby', 'SP'],
  ['main1', 'M1'],
  ['battle', 'BP'],
  ['main2', 'M2'],
  ['end', 'EP'],
];

export function phaseBar(v: WireView, names: [string, string]): HTMLElement {
  const bar = el('div', { class: 'phases', 'data-testid': 'phase' });
  const whose = v.turn_player === v.viewer ? 'your turn' : `${names[v.turn_player === 'A' ? 0 : 1]}'s turn`;
  bar.append(el('span', { class: 'turn' }, `Turn ${v.turn}, ${whose}`));
  for (const [p, short] of PHASES) bar.append(el('span', { class: p === v.phase ? 'ph on' : 'ph', title: p }, short));
  if (v.step) bar.append(el('span', { class: 'turn' }, v.step.replace(/_/g, ' ')));
  return bar;
}

/// The chain, link 1 first, each with its targets named.
export function chainPanel(links: WireLink[], names: [string, string]): HTMLElement {
  const p = el('div', { class: 'panel chain', 'data-testid': 'chain' }, el('h3', {}, links.length ? `Chain (${links.length})` : 'Chain'));
  if (!links.length) p.append(el('div', { class: 'muted' }, 'No chain.'));
  for (const l of links) {
    const who = names[l.controller === 'A' ? 0 : 1];
    const line = el('div', { class: 'link', 'data-link': String(l.link) }, el('b', {}, `${l.link}. `), `${l.name} (${who})`);
    if (l.targets.length) line.append(el('div', { class: 'targets' }, `targeting ${listWords(l.targets.map((t) => t.name))}`));
    line.addEventListener('click', () => openCard(l.code));
    p.append(line);
  }
  return p;
}

export type { WireLoc };
