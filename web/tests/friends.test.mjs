// Two browser pages play each other in one room, joined through its code; a third watches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, chooser, settle, clickOne, SHOTS } from './helpers.mjs';

test('two pages duel through a room code; a spectator sees neither hand', { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx1 = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const ctx2 = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const ctx3 = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const [p1, p2, watcher] = await Promise.all([ctx1.newPage(), ctx2.newPage(), ctx3.newPage()]);
    await p1.goto(server.url);
    await p1.locator('[data-testid="name"]').fill('Yugi <b>');
    await p1.locator('[data-testid="vs"]').selectOption('friend');
    await p1.locator('[data-testid="create-room"]').click();
    const code = (await p1.locator('[data-testid="share-code"]').innerText()).trim();
    assert.match(code, /^[A-Z0-9]{6}$/);
    await watcher.goto(server.url);
    await watcher.locator('[data-testid="join-code"]').fill(code);
    await watcher.locator('[data-testid="spectate"]').click();
    await p2.goto(server.url);
    await p2.locator('[data-testid="name"]').fill('Kaiba');
    await p2.locator('[data-testid="deck"]').selectOption('vanilla-kaiba');
    await p2.locator('[data-testid="join-code"]').fill(code);
    await p2.locator('[data-testid="join"]').click();
    // Chat is shown as text (the name and the line are escaped, not markup); it is a tab
    // beside the log.
    await p2.locator('[data-testid="tab-chat"]').click();
    await p1.locator('[data-testid="tab-chat"]').click();
    await p2.locator('[data-testid="chat-input"]').fill('<img src=x onerror=alert(1)> good luck');
    await p2.locator('[data-testid="chat-send"]').click();
    await p1.locator('[data-testid="chat"]').filter({ hasText: '<img src=x onerror=alert(1)> good luck' }).waitFor();
    assert.equal(await p1.locator('[data-testid="chat"] img').count(), 0);
    const pick = [chooser(11), chooser(12)];
    const pages = [p1, p2];
    let clicks = 0;
    let watchedHidden = false;
    for (;;) {
      // Whoever has something to click clicks; stop when both show the result.
      const states = await Promise.all(pages.map((p) => p.locator('[data-action], [data-testid="result"]').count()));
      const done = await Promise.all(pages.map((p) => p.locator('[data-testid="result"]').count()));
      if (done[0] && done[1]) break;
      let acted = false;
      for (let i = 0; i < 2; i++) {
        if (!done[i] && states[i] && (await pages[i].locator('[data-action]').count())) {
          if (await clickOne(pages[i], pick[i])) {
            acted = true;
            clicks += 1;
          }
        }
      }
      if (!acted) await Promise.race(pages.map((p) => settle(p)));
      if (!watchedHidden && clicks > 6) {
        // The spectator: both hands face down, names of the seats shown as text.
        // Both counts are read in one evaluation: the board re-renders as the duel goes on,
        // and two separate reads could see two different boards.
        const [hands, backs] = await watcher.evaluate(() => [
          document.querySelectorAll('.hand .card').length,
          document.querySelectorAll('.hand .card.back').length,
        ]);
        assert.ok(hands > 0 && hands === backs, `spectator hands: ${hands} cards, ${backs} backs`);
        assert.equal(await watcher.locator('[data-action]').count(), 0);
        await watcher.screenshot({ path: join(SHOTS, 'spectator.png'), fullPage: true });
        watchedHidden = true;
      }
      assert.ok(clicks < 5000, 'the duel ends');
    }
    assert.ok(watchedHidden);
    const r1 = await p1.locator('[data-testid="result"]').innerText();
    const r2 = await p2.locator('[data-testid="result"]').innerText();
    assert.ok(/You win/.test(r1) !== /You win/.test(r2) || (/Draw/.test(r1) && /Draw/.test(r2)), `${r1} / ${r2}`);
    await watcher.locator('[data-testid="result"]').waitFor();
    await p1.screenshot({ path: join(SHOTS, 'friends.png'), fullPage: true });
    assert.match(await p2.locator('.room-head').innerText(), /Yugi <b>/);
  } finally {
    await browser.close();
    await server.stop();
  }
});
