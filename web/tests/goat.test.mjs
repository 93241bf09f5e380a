// Whole Goat duels against the AI at a laptop's 1280x720 and a phone's 390x844, played
// the way a player plays: by clicking cards, attack targets and zones on the mat (and the
// prompt's buttons for answers that are about no card). At every decision the hand, both
// fields and the prompt are on the one screen, no button, log or chain line speaks the
// command language, every chain link with a target names it in the chain panel and in
// the log, and an attack being made is drawn from the attacker to its target. The first chain with a target is photographed (docs/web-chain-*.png are these).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, chooser, playToEnd, outsideViewport, commandWords, SHOTS } from './helpers.mjs';

async function goatRoom(page, url) {
  await page.goto(url);
  await page.locator('[data-testid="deck"]').selectOption('goat-control');
  await page.locator('[data-testid="ai-deck"]').selectOption('goat-control');
  await page.locator('[data-testid="format"]').selectOption('goat');
  await page.locator('[data-testid="create-room"]').click();
}

/// The chain links on screen with their targets, and the log lines.
async function chainAndLog(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid="chain"]');
    const links = [...(panel?.querySelectorAll('[data-link]') ?? [])].map((e) => ({
      text: e.textContent || '',
      link: e.getAttribute('data-link'),
      targets: e.querySelector('.targets')?.textContent || '',
    }));
    const log = [...document.querySelectorAll('[data-testid="log"] div')].map((e) => e.textContent || '');
    return { links, log };
  });
}

for (const [width, height, seeds] of [
  // Duels are played until one has shown an attack and a chain link with a target (the server draws each
  // room's seed, so how soon one comes varies), at most ten.
  [1280, 720, [21, 22, 23, 24, 25, 26, 27, 28, 29, 30]],
  [390, 844, [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]],
]) {
  test(`Goat duels at ${width}x${height} played on the mat`, { timeout: 900000 }, async () => {
    const server = await startServer();
    const browser = await launch();
    const phone = width < 500;
    let targeted = 0;
    let decisions = 0;
    let attacks = 0;
    try {
      for (const seed of seeds) {
        const ctx = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
        const page = await ctx.newPage();
        // A Goat room reads the 2005 texts of its cards (GOAT-8).
        const goatTexts = page.waitForResponse((r) => r.url().endsWith('/api/cards?format=goat') && r.status() === 200);
        await goatRoom(page, server.url);
        await goatTexts;
        const checked = new Set();
        await playToEnd(page, chooser(seed), 5000, async (p) => {
          decisions += 1;
          assert.deepEqual(await outsideViewport(p), [], `decision ${decisions}: everything on one screen`);
          assert.deepEqual(await commandWords(p), [], `decision ${decisions}: player words only`);
          // An attack being made is drawn from the attacker to its target (or, a direct
          // attack, to the defending player's LP) while both are on the mat.
          const attacker = await p.locator('[data-testid="mat"] .mark.attacker').count();
          const target = await p.locator('[data-testid="mat"] .mark.attacked, [data-testid="mat"][data-attack="direct"]').count();
          if (attacker && target) {
            await p.locator('[data-testid="attack-line"]').waitFor({ state: 'attached', timeout: 10000 });
            attacks += 1;
          }
          const { links, log } = await chainAndLog(p);
          for (const l of links) {
            if (!l.targets || checked.has(l.text)) continue;
            checked.add(l.text);
            const names = l.targets.replace(/^targeting /, '');
            assert.ok(names.length > 0, `link ${l.link} names its target`);
            // The log line was written on activation: a target face-down then (a Set card
            // it flipped since) reads "B's face-down card" there.
            const same = (then, now) => {
              const a = then.split(/, | and /);
              const b = now.split(/, | and /);
              return a.length === b.length && a.every((x, i) => x === b[i] || (/^[AB]'s face-down card$/.test(x) && b[i].startsWith(x.slice(0, 3))));
            };
            const marker = `(chain link ${l.link}), targeting `;
            assert.ok(
              log.some((line) => line.includes(marker) && same(line.slice(line.indexOf(marker) + marker.length), names)),
              `the log names the target of chain link ${l.link} (${names}): ${log.slice(-8).join(' | ')}`,
            );
            // A line runs from the link's source to its target when both lie on the mat.
            await p.waitForFunction((n) => {
              const mat = document.querySelector('[data-testid="mat"]');
              if (!mat) return true;
              const marked = (text) => [...mat.querySelectorAll('.mark')].filter((m) => m.textContent === text).map((m) => m.parentElement);
              const [source] = marked(`CL${n}`);
              const targets = marked(`target of CL${n}`).filter((t) => t !== source);
              if (!source || !targets.length) return true;
              return mat.querySelectorAll(`[data-testid="chain-lines"] line[data-link="${n}"]`).length === targets.length;
            }, l.link, { timeout: 10000 });
            if (targeted === 0) await p.screenshot({ path: join(SHOTS, `web-chain-${width}x${height}.png`) });
            targeted += 1;
          }
        });
        assert.match(await page.locator('[data-testid="result"]').innerText(), /You win|You lose|Draw/);
        await page.screenshot({ path: join(SHOTS, `goat-end-${width}x${height}-${seed}.png`) });
        await ctx.close();
        if (targeted > 0 && attacks > 0) break;
      }
      assert.ok(decisions > 20, `${decisions} decisions`);
      assert.ok(attacks > 0, 'an attack was drawn on the mat');
      assert.ok(targeted > 0, 'a chain link with a target was played and checked');
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
