// The public pages of an event, opened without an account: `ygo loadtest --event-players 4`
// runs a 4-player Goat Swiss event of protocol clients against the server, then a fresh
// browser page opens /event/ID (standings with OMW%/OOMW% equal to the API's, every
// pairing with its result and its duels' replay links), follows a replay link to
// /replay/ID and steps the duel forward and back. Neither page opens a WebSocket. The
// lobby links the event's page. Then an organizer creates a double elimination with every
// setting of the form, and its page shows them and its rounds' stage labels.
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

    // An organizer creates a double elimination from the lobby's form with every setting
    // (structure, match-rules preset, minutes, round hours, registration deadline): the
    // event's page shows them. Three players register (protocol messages from the page);
    // the organizer pairs each round and awards its match: the rounds carry their stage
    // labels, the winners and losers brackets, then the grand final.
    const doubleStarted = Date.now();
    const octx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const org = await octx.newPage();
    await org.goto(server.url);
    await org.locator('[data-testid="user"]').fill('olga');
    await org.locator('[data-testid="password"]').fill('olga-password');
    await org.locator('[data-testid="register"]').click();
    await org.locator('[data-testid="account"]').filter({ hasText: 'olga' }).waitFor();
    // Two days from now, to the minute, as the form's datetime-local takes it (local time).
    const [local, deadline] = await org.evaluate(() => {
      const d = new Date(Date.now() + 2 * 86400000);
      d.setSeconds(0, 0);
      const two = (n) => String(n).padStart(2, '0');
      return [`${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`, d.getTime() / 1000];
    });
    await org.locator('[data-testid="ev-name"]').fill('Double Goat');
    await org.locator('[data-testid="ev-format"]').selectOption('goat');
    await org.locator('[data-testid="ev-structure"]').selectOption('double_elimination');
    assert.equal(await org.locator('[data-testid="ev-rounds"]').count(), 0, 'a double elimination has no Swiss rounds to set');
    await org.locator('[data-testid="ev-preset"]').selectOption('community');
    await org.locator('[data-testid="ev-minutes"]').fill('30');
    await org.locator('[data-testid="ev-round-hours"]').fill('24');
    await org.locator('[data-testid="ev-deadline"]').fill(local);
    await org.locator('[data-testid="ev-grace"]').fill('0');
    await org.locator('[data-testid="create-event"]').click();
    const droot = org.locator('[data-page="event"]');
    await droot.waitFor();
    const did = await droot.getAttribute('data-event-id');
    const structure = org.locator('[data-testid="event-structure"]');
    assert.equal(await structure.getAttribute('data-structure'), 'double_elimination');
    assert.match(await structure.innerText(), /^double elimination/);
    const settings = org.locator('[data-testid="event-settings"]');
    assert.equal(await settings.getAttribute('data-preset'), 'community');
    assert.equal(await settings.getAttribute('data-minutes'), '30');
    assert.equal(await settings.getAttribute('data-round-hours'), '24');
    assert.equal(await settings.getAttribute('data-registration-deadline'), String(deadline));
    const said = await settings.innerText();
    for (const part of ['community rules: 30 min', '24-hour rounds', 'registration until']) assert.ok(said.includes(part), said);
    const dapi = await (await fetch(`${server.url}/api/events/${did}`)).json();
    assert.deepEqual([dapi.structure, dapi.match_settings, dapi.round_hours, dapi.registration_deadline], [{ kind: 'double_elimination' }, { preset: 'community', minutes: 30 }, 24, deadline]);
    for (const name of ['dana', 'eli', 'fay']) {
      const answer = await org.evaluate(
        ([name, event]) =>
          new Promise((ok) => {
            const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
            ws.onopen = () => {
              ws.send(JSON.stringify({ type: 'hello', version: 1 }));
              ws.send(JSON.stringify({ type: 'register', name, password: `${name}-password` }));
              ws.send(JSON.stringify({ type: 'event_register', event, deck: { kind: 'builtin', name: 'goat-control' } }));
            };
            ws.onmessage = (m) => {
              const msg = JSON.parse(m.data);
              if (msg.type === 'event' || msg.type === 'error') {
                ws.close();
                ok(msg.type === 'event' ? 'registered' : msg.message);
              }
            };
          }),
        [name, did],
      );
      assert.equal(answer, 'registered', name);
    }
    const labels = new Set();
    for (let r = 1; r <= 8; r += 1) {
      await org.locator('[data-testid="event-pair"]').click();
      const rows = org.locator(`[data-testid="pairing-row"][data-round="${r}"]`);
      await rows.first().waitFor();
      for (const row of await rows.all()) {
        const stage = await row.getAttribute('data-stage');
        const label = await row.locator('[data-testid="pairing-stage"]').innerText();
        assert.equal(label, { winners: 'winners bracket', losers: 'losers bracket', grand_final: 'grand final' }[stage], `${stage}: ${label}`);
        labels.add(label);
      }
      // Each match of the round (a bye has none) goes to its player A.
      for (const judge of await org.locator('[data-testid="judge-row"]').all()) {
        const table = await judge.getAttribute('data-table');
        await judge.locator('[data-testid="judge-reason"]').fill('decided for the test');
        await judge.locator('[data-testid="judge-award-match"]').click();
        await org.locator(`[data-testid="pairing-row"][data-round="${r}"][data-table="${table}"] [data-testid="pairing-result"]`).filter({ hasText: ' wins ' }).waitFor();
      }
      if (labels.has('grand final')) break;
    }
    assert.deepEqual([...labels].sort(), ['grand final', 'losers bracket', 'winners bracket']);
    await droot.and(org.locator('[data-status="finished"]')).waitFor();
    await org.screenshot({ path: join(SHOTS, 'event-double.png'), fullPage: true });
    console.log(`the double elimination's part: ${Date.now() - doubleStarted} ms`);
  } finally {
    await browser.close();
    await server.stop();
  }
});
