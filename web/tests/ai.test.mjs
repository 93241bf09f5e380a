// A whole duel against the default AI, clicked through in headless Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer, launch, chooser, playToEnd, settle, SHOTS } from './helpers.mjs';

test('play-ai: a whole duel against the AI played on the mat', { timeout: 300000 }, async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(server.url);
    await page.locator('[data-testid="play-ai"]').click();
    // Leaving a duel asks first; "Stay" keeps the seat.
    await settle(page);
    await page.locator('[data-testid="leave"]').click();
    await page.locator('[data-testid="leave-confirm"]').waitFor();
    await page.locator('[data-testid="leave-no"]').click();
    assert.equal(await page.locator('[data-testid="leave-confirm"]').count(), 0);
    assert.equal(await page.locator('[data-testid="room-code"]').count(), 1);
    const clicks = await playToEnd(page, chooser(7));
    const result = page.locator('[data-testid="result"]');
    await result.waitFor();
    const text = await result.innerText();
    assert.match(text, /You win|You lose|Draw/);
    assert.ok(clicks > 0, 'the duel needed clicks');
    // The stored duel is listed and its replay file downloads.
    const id = (await page.getAttribute('[data-testid="watch-replay"]', 'href')).replace('#replay/', '');
    const file = await (await fetch(`${server.url}/api/replays/${id}`)).json();
    assert.equal(file.format, 1);
    assert.ok(file.replay.actions.length >= clicks);
    await page.screenshot({ path: join(SHOTS, 'ai-duel.png'), fullPage: true });
    // The replay viewer shows the start of the duel and steps forward.
    await page.locator('[data-testid="watch-replay"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 0 of' }).waitFor();
    await page.locator('[data-testid="replay-next"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 1 of' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'replay.png') });
    // The viewer's "Lobby" goes to the lobby (the match is over: out of its room too).
    await page.locator('[data-testid="replay-lobby"]').click();
    await page.locator('[data-testid="play-ai"]').waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
