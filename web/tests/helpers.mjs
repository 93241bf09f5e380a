// Shared by the browser tests: start `ygo serve` on a free loopback port (reading its
// `listening on` line, no sleeps), launch Debian's Chromium through playwright-core, and
// play a duel by clicking `data-action` elements.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const SHOTS = join(ROOT, 'target', 'web-check');
mkdirSync(SHOTS, { recursive: true });

export async function startServer(extra = []) {
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

/// A seeded choice among the offered actions: attacks and summons first, so duels end.
export function chooser(seed) {
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
  return (texts) => {
    const keen = texts.filter((t) => /^(attack|summon|activate|tribute|special|flip|set)/.test(t) || ['yes', 'first'].includes(t));
    const pool = keen.length && rnd() < 0.8 ? keen : texts;
    return pool[Math.floor(rnd() * pool.length)];
  };
}

export async function updates(page) {
  return Number(await page.getAttribute('#app', 'data-updates'));
}

/// Waits until this page has something to click or shows the result. Returns 'result',
/// 'act' or 'none' (a page that is only watching).
export async function settle(page, timeout = 60000) {
  await page.locator('[data-action], [data-testid="result"]').first().waitFor({ timeout });
  if (await page.locator('[data-testid="result"]').count()) return 'result';
  return 'act';
}

/// Clicks one offered action and waits for the server's next message to be drawn.
export async function clickOne(page, choose) {
  const texts = await page.$$eval('[data-action]', (es) => es.map((e) => e.getAttribute('data-action')));
  if (!texts.length) return null;
  const text = choose(texts);
  const before = await updates(page);
  await page.locator(`[data-action=${JSON.stringify(text)}]`).click();
  await page.waitForFunction((n) => Number(document.getElementById('app').getAttribute('data-updates')) > n, before, { timeout: 60000 });
  return text;
}

/// Plays until the result shows, by clicking `data-action` elements. Returns the clicks.
export async function playToEnd(page, choose, maxClicks = 5000) {
  let clicks = 0;
  while (clicks < maxClicks) {
    if ((await settle(page)) === 'result') return clicks;
    if (await clickOne(page, choose)) clicks += 1;
  }
  throw new Error(`no result after ${maxClicks} clicks`);
}
