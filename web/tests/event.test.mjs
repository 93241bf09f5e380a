// The public pages of an event, opened without an account: `ygo loadtest --event-players 4`
// runs a 4-player Goat Swiss event of protocol clients against the server, then a fresh
// browser page opens /event/ID (standings with OMW%/OOMW% equal to the API's, every
// pairing with its result and its duels' replay links), follows a replay link to
// /replay/ID and steps the duel forward and back. Neither page opens a WebSocket. The
// lobby links the event's page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startServer, launch, assertStandings, ROOT, SHOTS } from './helpers.mjs';

test('the event page and a replay page open without login', { timeout: 600000 }, async () => {
  const server = await startServer(['--max-accounts-per-hour', '0', '--max-conns-per-addr', '0']);
  const browser = await launch();
  try {
    const bin = process.env.YGO_BIN || join(ROOT, 'target', 'release', 'ygo');
    const addr = new URL(server.url).host;
    const out = execFileSync(bin, ['loadtest', '--addr', addr, '--event-players', '4', '--format', 'goat', '--think-ms', '0', '--seed', '3'], { encoding: 'utf8', timeout: 540000 });
    const report = JSON.parse(out.trim().split('\n').pop());
    assert.equal(report.event_finished, true, out);
    assert.equal(report.errors, 0, out);
    assert.equal(report.matches, 4, out);
    const id = report.event_id;
    const api = await (await fetch(`${server.url}/api/events/${id}`)).json();

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${server.url}/event/${id}`);
    const root = page.locator(`[data-page="event"][data-event-id="${id}"]`);
    await root.waitFor();
    await page.locator('[data-testid="standing-row"]').first().waitFor();
    assert.equal(await root.getAttribute('data-status'), 'finished');
    assert.equal(await page.locator('[data-testid="event-name"]').innerText(), api.name);
    // The standings as the server computes them (ygo-match's tie-breaks), in its order.
    assert.equal(api.standings.length, 4);
    await assertStandings(page, api.standings);
    // Two rounds of two matches, each with its result and at least two duels.
    assert.equal(await page.locator('[data-testid="pairing-row"]').count(), 4);
    for (const p of api.pairings) {
      const row = page.locator(`[data-testid="pairing-row"][data-round="${p.round}"][data-table="${p.table}"]`);
      const text = await row.locator('[data-testid="pairing-result"]').innerText();
      assert.ok(p.winner ? text.startsWith(`${p.winner} wins`) : text.startsWith('draw'), text);
      assert.ok((await row.locator('[data-testid="replay-link"]').count()) >= 2);
    }
    await page.screenshot({ path: join(SHOTS, 'event-page.png'), fullPage: true });

    // A replay link: the duel's own page, played forward and back.
    const link = page.locator('[data-testid="replay-link"]').first();
    const replayId = await link.getAttribute('data-replay-id');
    await link.click();
    await page.waitForURL(`**/replay/${replayId}`);
    const viewer = page.locator(`[data-page="replay"][data-replay-id="${replayId}"]`);
    await viewer.waitFor();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 0 of' }).waitFor();
    await page.locator('[data-testid="replay-next"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 1 of' }).waitFor();
    await page.locator('[data-testid="replay-next"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 2 of' }).waitFor();
    await page.locator('[data-testid="replay-prev"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: 'action 1 of' }).waitFor();
    await page.locator('[data-testid="replay-last"]').click();
    await page.locator('[data-testid="replay-step"]').filter({ hasText: /action (\d+) of \1 / }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'replay-page.png') });
    // A deep link in a new page (no navigation from the SPA): the same viewer.
    const again = await ctx.newPage();
    again.on('websocket', (ws) => sockets.push(ws.url()));
    await again.goto(`${server.url}/replay/${replayId}`);
    await again.locator(`[data-page="replay"][data-replay-id="${replayId}"]`).waitFor();
    await again.locator('[data-testid="replay-step"]').filter({ hasText: 'action 0 of' }).waitFor();
    assert.deepEqual(sockets, [], 'the public pages need no WebSocket');
    // The lobby lists the event, linked to its page.
    const lobby = await ctx.newPage();
    await lobby.goto(server.url);
    await lobby.locator('[data-testid="event-link"]').filter({ hasText: api.name }).click();
    await lobby.waitForURL(`**/event/${id}`);
    await lobby.locator(`[data-page="event"][data-event-id="${id}"] [data-testid="standing-row"]`).first().waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
