// A page reloaded mid-duel comes back to its seat (its token is in sessionStorage) and
// finishes the duel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, chooser, settle, clickOne, playToEnd, SHOTS } from './helpers.mjs';

test('a page reloaded mid-duel resumes its seat', { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(server.url);
    await page.locator('[data-testid="play-ai"]').click();
    const pick = chooser(3);
    let clicks = 0;
    while (clicks < 8) {
      assert.equal(await settle(page), 'act', 'the duel should last more than 8 clicks');
      if (await clickOne(page, pick)) clicks += 1;
    }
    const code = await page.locator('[data-testid="room-code"]').innerText();
    const lpBefore = await page.locator('[data-testid="A-lp"]').innerText();
    await page.reload();
    await page.locator('[data-testid="room-code"]').filter({ hasText: code }).waitFor();
    await page.locator('[data-testid="A-lp"]').waitFor();
    assert.equal(await page.locator('[data-testid="A-lp"]').innerText(), lpBefore);
    // The log came back whole, not only from the reload on.
    assert.ok((await page.locator('[data-testid="log"] div').count()) > 5);
    await page.screenshot({ path: join(SHOTS, 'reconnected.png'), fullPage: true });
    await playToEnd(page, pick);
    assert.match(await page.locator('[data-testid="result"]').innerText(), /You win|You lose|Draw/);
  } finally {
    await browser.close();
    await server.stop();
  }
});
