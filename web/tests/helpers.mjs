// Shared by the browser tests: start `ygo serve` on a free loopback port (reading its
// `listening on` line, no sleeps), launch Debian's Chromium through playwright-core, and
// play a duel by clicking `data-action` elements.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SHOTS = join(ROOT, 'target', 'web-check');
mkdirSync(SHOTS, { recursive: true });

export async function startServer(extra = []) {
  // YGO_URL: a server already running (for working on web/src under `vite`, whose proxy
  // sends /ws and /api on to it); nothing to start or stop.
  if (process.env.YGO_URL) return { url: process.env.YGO_URL, stop: async () => undefined };
  const bin = process.env.YGO_BIN || join(ROOT, 'target', 'release', 'ygo');
  const dir = mkdtempSync(join(tmpdir(), 'ygo-web-'));
  const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'ygo.db'), ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok, fail) => {
    let buf = '';
    const timer = setTimeout(() => fail(new Error('ygo serve printed no "listening on" line in 60 s')), 60000);
    proc.stdout.on('data', (d) => {
      buf += d.toString();
      const m = buf.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    proc.on('exit', (code) => fail(new Error(`ygo serve exited with ${code}`)));
  });
  return { url, stop: () => new Promise((ok) => { proc.once('exit', ok); proc.kill('SIGTERM'); }) };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/// A seeded source of numbers in [0, 1) (xorshift32): the tests' choices repeat run to run.
export function seededRandom(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

/// A seeded choice among the offered actions: attacks and summons first, so duels end.
export function chooser(seed) {
  const rnd = seededRandom(seed);
  return (texts) => {
    const keen = texts.filter((t) => /^(attack|summon|activate|tribute|special|flip|set)/.test(t) || ['yes', 'first'].includes(t));
    const pool = keen.length && rnd() < 0.8 ? keen : texts;
    return pool[Math.floor(rnd() * pool.length)];
  };
}

export async function updates(page) {
  return Number(await page.getAttribute('#app', 'data-updates'));
}

/// State frames the page has had (`data-states`): an accepted action is followed by one.
export async function states(page) {
  return Number(await page.getAttribute('#app', 'data-states'));
}

/// Waits until this page has something to click or shows the result. Returns 'result',
/// 'act' or 'none' (a page that is only watching). Every action is listed (as
/// `data-action`, in the prompt's collapsed list) whether it is played on the mat or not.
export async function settle(page, timeout = 60000) {
  await page.locator('[data-action], [data-testid="result"]').first().waitFor({ state: 'attached', timeout });
  if (await page.locator('[data-testid="result"]').count()) return 'result';
  return 'act';
}

/// Plays one action the way a player does: on the mat (select the card, then its words in
/// the prompt, or the attack's target; a highlighted zone; a pile's card), or with the
/// prompt's buttons for answers that are not about a card. Then waits for what follows the
/// action: its state frame, its result, or an error shown for it. `before`: the page's
/// state frames when the action was read (by default, now). If the action went away before
/// its click landed (a newer message withdrew it: the opponent's, the clock's), nothing is
/// played and the answer is `null`: the caller reads the page again.
export async function perform(page, text, before = null) {
  const q = JSON.stringify(text);
  if (before === null) before = await states(page);
  const seen = await updates(page);
  const marks = () =>
    page.evaluate(() => [document.querySelectorAll('[data-testid="error"]').length, document.querySelectorAll('[data-testid="result"], [data-testid="back-to-lobby"]').length]);
  const [errors, results] = await marks();
  let via = null;
  try {
    // Inside the try: the action may have gone between the read of the texts and here.
    via = await page.locator(`[data-action=${q}]`).first().getAttribute('data-via', { timeout: 10000 });
    if (via.startsWith('place:')) {
      await page.locator(`[data-place-action=${q}]`).first().click();
    } else if (via.startsWith('pile:')) {
      await page.locator(`[data-testid="${via.slice(5)}"]`).first().click();
      // Two copies of a card in a pile have one text: either button plays it.
      await page.locator(`.overlay [data-menu-action=${q}]`).first().click();
    } else if (via.startsWith('card:')) {
      const loc = via.slice(5);
      if (!(await page.locator(`[data-loc="${loc}"].selected`).count())) await page.locator(`[data-loc="${loc}"]`).click();
      const target = page.locator(`[data-attack=${q}]`);
      if (await target.count()) await target.first().click();
      else await page.locator(`[data-menu-action=${q}]`).first().click();
    } else {
      await page.locator(`[data-prompt-action=${q}]`).first().click();
    }
  } catch (e) {
    const offered = await page.locator(`[data-action=${q}]`).count();
    if (e?.name === 'TimeoutError' && (await updates(page)) > seen && !offered) return null;
    throw e;
  }
  await page.waitForFunction(
    ([n, e, r]) =>
      Number(document.getElementById('app').getAttribute('data-states')) > n ||
      document.querySelectorAll('[data-testid="error"]').length > e ||
      document.querySelectorAll('[data-testid="result"], [data-testid="back-to-lobby"]').length > r,
    [before, errors, results],
    { timeout: 60000 },
  );
  return via;
}

/// Clicks one offered action (chosen by `choose` among the canonical texts) on the mat;
/// `null` if nothing was played (nothing offered, or the offer went away before the click).
export async function clickOne(page, choose) {
  // The state frame count first: the texts read belong to that frame or a newer one.
  const before = await states(page);
  const texts = await page.$$eval('[data-action]', (es) => es.map((e) => e.getAttribute('data-action')));
  if (!texts.length) return null;
  const text = choose(texts);
  return (await perform(page, text, before)) === null ? null : text;
}

/// Plays until the result shows, by clicking on the mat. `each` runs at every decision.
export async function playToEnd(page, choose, maxClicks = 5000, each = null) {
  let clicks = 0;
  while (clicks < maxClicks) {
    if ((await settle(page)) === 'result') return clicks;
    if (each) await each(page, clicks);
    if (await clickOne(page, choose)) clicks += 1;
  }
  throw new Error(`no result after ${maxClicks} clicks`);
}

/// What lies outside the viewport or needs the page scrolled: the hand, both fields and
/// the prompt (with its answer buttons) must be on the one screen. Empty: it all fits.
export async function outsideViewport(page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const bad = [];
    const inside = (e, what) => {
      const r = e.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) bad.push(`${what}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}x${vh}`);
    };
    // Before a duel's first view (choosing who goes first) there is only the prompt.
    const ids = document.querySelector('[data-testid="mat"]') ? ['my-hand', 'my-field', 'opp-field', 'prompt'] : ['prompt'];
    for (const id of ids) {
      const e = document.querySelector(`[data-testid="${id}"]`);
      if (e) inside(e, id);
      else bad.push(`${id}: missing`);
    }
    const doc = document.scrollingElement;
    if (doc.scrollHeight > vh + 1 || doc.scrollWidth > vw + 1) bad.push(`the page scrolls: ${doc.scrollWidth}x${doc.scrollHeight} in ${vw}x${vh}`);
    return bad;
  });
}

/// The command language's place suffixes (`@A.monsters#2`, `face-down@B.hand#0`, `@hand`).
export const PLACE_SUFFIX = /@(?:[AB]\.|hand\b)|#\d|face-down@/;

/// Button labels and log lines that read like the command language.
export async function commandWords(page) {
  return page.evaluate((src) => {
    const re = new RegExp(src);
    const texts = [...document.querySelectorAll('button, [data-testid="log"] div, [data-testid="strip"] div, [data-testid="chain"] div')].map((e) => e.textContent || '');
    // An effect is named by what it does, never by a number ("activate Breaker: effect 3").
    return texts.filter((t) => re.test(t) || /ruledestroy|Race\(|: effect \d/.test(t));
  }, PLACE_SUFFIX.source);
}

/// The page's standings rows equal the server's (`/api/events/ID`'s `standings`, computed by
/// ygo-match): player, points, OMW% and OOMW%, in the server's order.
export async function assertStandings(page, standings) {
  const rows = page.locator('[data-testid="standing-row"]');
  assert.equal(await rows.count(), standings.length);
  for (let i = 0; i < standings.length; i++) {
    const s = standings[i];
    const row = rows.nth(i);
    assert.equal(await row.getAttribute('data-player'), s.player);
    assert.equal(await row.locator('[data-testid="points"]').innerText(), String(s.points));
    assert.equal(await row.locator('[data-testid="omw"]').innerText(), `${(s.omw * 100).toFixed(2)}%`);
    assert.equal(await row.locator('[data-testid="oomw"]').innerText(), `${(s.oomw * 100).toFixed(2)}%`);
  }
}
