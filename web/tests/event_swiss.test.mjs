// Issue 36's acceptance test: an 8-player Swiss event of 3 rounds in Goat, run from the
// browser. Two pages (Alice, who organizes it and plays, at 1280x720; Bob at a phone's
// 390x844) and six protocol clients (`ygo loadtest --join-event ID --clients 6`: accounts,
// legal Goat decks, random legal actions). Alice creates the event by clicking, registers
// an illegal deck first (its violations named one a line) then a legal one; she pairs each
// round by clicking; both pages play every match to its end by clicking legal actions. In
// round 1 (round 2 if they meet in round 1) Alice judges Bob's match: pauses its clock (Bob's
// page shows it paused), adds two minutes (Bob's page shows them), resumes it, and proposes
// a rewind both players accept (Bob by clicking, his opponent's client by protocol). At the
// end the page's standings with their tie-breaks equal the JSON API's (the server computes
// them with ygo-match), and the event page and a replay page open in a fresh context
// without login.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startServer, launch, clickOne, seededRandom, assertStandings, ROOT, SHOTS } from './helpers.mjs';

/// Quick duels (the clients' `keen` choice, crates/server/src/loadtest.rs): a direct
/// attack, an attack, a summon, attack position, the Battle Phase, a zone, the End Phase,
/// passing, each nine times in ten when offered; else any action (seeded).
function quick(seed) {
  const rnd = seededRandom(seed);
  const classes = [
    (t) => t.startsWith('attack ') && t.endsWith(' directly'),
    (t) => t.startsWith('attack '),
    (t) => /^(normal|tribute|special|flip) summon/.test(t),
    (t) => ['position atk', 'first', 'ready'].includes(t),
    (t) => t.startsWith('battle phase'),
    (t) => t.startsWith('zone '),
    (t) => t.startsWith('end phase'),
    (t) => t.startsWith('pass'),
  ];
  return (texts) => {
    for (const c of classes) {
      const pool = texts.filter(c);
      if (pool.length && rnd() < 0.9) return pool[Math.floor(rnd() * pool.length)];
    }
    return texts[Math.floor(rnd() * texts.length)];
  };
}

/// Plays the page's match (best of 3, siding's "ready" included) to its end, by clicking.
/// `each` runs before each click; it returns true to stop clicking for now.
async function playMatch(page, choose, each = null) {
  let clicks = 0;
  for (;;) {
    await page.locator('[data-action], [data-testid="back-to-lobby"]').first().waitFor({ state: 'attached', timeout: 120000 });
    if (await page.locator('[data-testid="back-to-lobby"]').count()) return clicks;
    if (each && (await each(page, clicks))) return clicks;
    // clickOne waits for the state frame that follows its action: the next read is of
    // the page after it.
    if (await clickOne(page, choose)) clicks += 1;
  }
}

async function account(page, url, name) {
  await page.goto(url);
  await page.locator('[data-testid="user"]').fill(name);
  await page.locator('[data-testid="password"]').fill(`${name}-password`);
  await page.locator('[data-testid="register"]').click();
  await page.locator('[data-testid="account"]').filter({ hasText: name }).waitFor();
}

/// The page's pairing line of round `r` (the event page reads the event every 3 s).
async function myPairing(page, r) {
  const line = page.locator('[data-testid="my-pairing"]').filter({ hasText: `Round ${r},` });
  await line.waitFor({ timeout: 60000 });
  return line.innerText();
}

async function noHorizontalScroll(page, what) {
  const [sw, vw] = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
  assert.ok(sw <= vw + 1, `${what}: the page scrolls sideways (${sw} in ${vw})`);
}

test('an 8-player Swiss event of 3 rounds run and played in the browser', { timeout: 600000 }, async () => {
  const started = Date.now();
  const server = await startServer(['--max-accounts-per-hour', '0', '--max-conns-per-addr', '0']);
  const browser = await launch();
  let loadtest = null;
  try {
    const alice = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    const bob = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })).newPage();
    await account(alice, server.url, 'alice');
    await account(bob, server.url, 'bob');

    // Alice creates the event from the lobby's Events panel: its page opens.
    await alice.locator('[data-testid="ev-name"]').fill('Browser Goat Swiss');
    await alice.locator('[data-testid="ev-format"]').selectOption('goat');
    await alice.locator('[data-testid="ev-structure"]').selectOption('swiss');
    await alice.locator('[data-testid="ev-rounds"]').fill('3');
    await alice.locator('[data-testid="ev-grace"]').fill('0');
    await alice.locator('[data-testid="create-event"]').click();
    const root = alice.locator('[data-page="event"]');
    await root.waitFor();
    const id = await root.getAttribute('data-event-id');
    await alice.locator('[data-testid="organizer-panel"]').waitFor();

    // Six protocol clients join it.
    const bin = process.env.YGO_BIN || join(ROOT, 'target', 'release', 'ygo');
    const addr = new URL(server.url).host;
    let out = '';
    loadtest = spawn(bin, ['loadtest', '--addr', addr, '--join-event', id, '--clients', '6', '--think-ms', '0', '--seed', '11', '--timeout', '500'], { stdio: ['ignore', 'pipe', 'inherit'] });
    loadtest.stdout.on('data', (d) => (out += d.toString()));
    const clientsDone = new Promise((ok) => loadtest.once('exit', (code) => ok(code)));

    // An illegal deck (a .ydk of nine cards: forbidden, limited and too few) is refused,
    // each violation on its own line.
    const cards = await (await fetch(`${server.url}/api/cards?format=goat`)).json();
    const code = (name) => Object.entries(cards).find(([, c]) => c.name === name)?.[0];
    const bad = ['Pot of Greed', 'Sangan', 'Breaker the Magical Warrior'].map(code);
    assert.ok(bad.every(Boolean), `card codes: ${bad}`);
    const ydk = ['#created by the event test', '#main', ...bad.flatMap((c) => [c, c, c]), '#extra', '!side', ''].join('\n');
    await alice.locator('[data-testid="reg-deck-kind"]').selectOption('ydk');
    await alice.locator('[data-testid="reg-ydk"]').setInputFiles({ name: 'illegal.ydk', mimeType: 'text/plain', buffer: Buffer.from(ydk) });
    await alice.locator('[data-testid="event-register"]').click();
    const refused = alice.locator('[data-testid="register-error"]');
    await refused.waitFor();
    const violations = await refused.locator('.violation').allInnerTexts();
    assert.ok(violations.length >= 3, `one violation a line: ${JSON.stringify(violations)}`);
    assert.ok(violations.some((v) => v.includes('Pot of Greed')), JSON.stringify(violations));
    assert.ok(violations.some((v) => /40|size|at least/i.test(v)), JSON.stringify(violations));
    await alice.screenshot({ path: join(SHOTS, 'event-register-refused.png'), fullPage: true });
    // Then a legal one: a saved Goat deck.
    await alice.locator('[data-testid="reg-deck-kind"]').selectOption('builtin');
    await alice.locator('[data-testid="reg-deck"]').selectOption({ index: 0 });
    await alice.locator('[data-testid="event-register"]').click();
    await alice.locator('[data-testid="player-panel"] h3').filter({ hasText: 'You are registered' }).waitFor();

    // Bob opens the event from his lobby and registers another saved deck.
    await bob.locator('[data-testid="events-refresh"]').click();
    await bob.locator('[data-testid="event-link"]').filter({ hasText: 'Browser Goat Swiss' }).click();
    await bob.locator(`[data-page="event"][data-event-id="${id}"]`).waitFor();
    await bob.locator('[data-testid="reg-deck"]').selectOption({ index: 1 });
    await bob.locator('[data-testid="event-register"]').click();
    await bob.locator('[data-testid="player-panel"] h3').filter({ hasText: 'You are registered' }).waitFor();

    // Eight players: Alice pairs each round.
    await alice.locator('[data-testid="registered-player"]').nth(7).waitFor({ timeout: 120000 });
    assert.equal(await alice.locator('[data-testid="registered-player"]').count(), 8);
    await noHorizontalScroll(alice, 'the event page at 1280x720');
    await noHorizontalScroll(bob, 'the event page at 390x844');

    let judged = false;
    for (let r = 1; r <= 3; r++) {
      await alice.locator('[data-testid="event-pair"]').click();
      const a = await myPairing(alice, r);
      const b = await myPairing(bob, r);
      const together = a.includes('against bob');
      const judgeNow = !judged && !together;
      if (r === 1) await noHorizontalScroll(alice, 'the judge panel at 1280x720');

      // Bob goes to his match.
      await bob.locator('[data-testid="event-play"]').click();
      await bob.locator('[data-testid="room-code"]').waitFor();
      if (judgeNow) {
        judged = true;
        const table = /table (\d+)/.exec(b)[1];
        const row = alice.locator(`[data-testid="judge-row"][data-table="${table}"]`);
        const clock = bob.locator('[data-testid="clock"]');
        // His duel is on (the opponent joined): a few decisions in.
        await playMatch(bob, quick(r), async (p) => Number(await p.locator('.room').getAttribute('data-step')) >= 6);
        await clock.waitFor();
        await row.locator('[data-testid="judge-pause"]').click();
        await bob.locator('[data-testid="clock"][data-paused="true"]').waitFor();
        assert.match(await clock.innerText(), /paused/);
        const left = Number(await clock.getAttribute('data-left'));
        await row.locator('[data-testid="judge-seconds"]').fill('120');
        assert.equal(await row.locator('[data-testid="judge-seconds"]').inputValue(), '120');
        await row.locator('[data-testid="judge-add-time"]').click();
        // The clock's next value (or the judge's error), then it is the old one plus 120 s.
        await Promise.race([
          bob.waitForFunction((l) => document.querySelector('[data-testid="clock"]')?.getAttribute('data-left') !== String(l), left, { timeout: 30000 }),
          row.locator('[data-testid="judge-error"]').waitFor({ timeout: 30000 }),
        ]);
        if (await alice.locator('[data-testid="judge-error"]').count()) assert.fail(`add time was refused: ${await alice.locator('[data-testid="judge-error"]').innerText()}`);
        assert.equal(Number(await clock.getAttribute('data-left')), left + 120, await clock.innerText());
        const mmss = `${Math.floor((left + 120) / 60)}:${String((left + 120) % 60).padStart(2, '0')}`;
        assert.ok((await clock.innerText()).includes(mmss), `${await clock.innerText()} shows ${mmss}`);
        await row.locator('[data-testid="judge-resume"]').click();
        await bob.locator('[data-testid="clock"][data-paused="false"]').waitFor();

        // A rewind to step 2, proposed while Bob decides: both players accept.
        await bob.locator('[data-action]').first().waitFor({ state: 'attached' });
        const from = Number(await bob.locator('.room').getAttribute('data-step'));
        await row.locator('[data-testid="judge-step"]').fill('2');
        await row.locator('[data-testid="judge-reason"]').fill('a misclick, both agree');
        await row.locator('[data-testid="judge-rewind"]').click();
        const prompt = bob.locator('[data-testid="rewind"][data-step="2"]');
        await Promise.race([prompt.waitFor({ state: 'attached' }), row.locator('[data-testid="judge-error"]').waitFor()]);
        if (await alice.locator('[data-testid="judge-error"]').count()) assert.fail(`the rewind was refused: ${await alice.locator('[data-testid="judge-error"]').innerText()}`);
        await bob.screenshot({ path: join(SHOTS, 'event-rewind.png') });
        await prompt.locator('[data-testid="rewind-accept"]').click();
        await bob.locator('[data-testid="chat"] div').filter({ hasText: `rewound from step ${from} to step 2, both players agreeing` }).waitFor({ state: 'attached' });
        await bob.locator('[data-testid="rewind"]').waitFor({ state: 'detached' });
      }
      // Alice plays her match too; both to the end.
      await alice.locator('[data-testid="event-play"]').click();
      await alice.locator('[data-testid="room-code"]').waitFor();
      const t0 = Date.now();
      const [ca, cb] = await Promise.all([playMatch(alice, quick(100 + r)), playMatch(bob, quick(200 + r))]);
      console.log(`round ${r}: ${ca} and ${cb} clicks, ${((Date.now() - t0) / 1000).toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s in)`);
      assert.ok(ca > 0 && cb > 0, `round ${r}: both pages clicked (${ca}, ${cb})`);
      for (const p of [alice, bob]) {
        await p.locator('[data-testid="back-to-lobby"]').click();
        await p.locator(`[data-page="event"][data-event-id="${id}"]`).waitFor();
      }
      // The round's results are in before the next pairing (every match done).
      await alice.locator(`[data-testid="round"][data-round="${r}"] [data-testid="pairing-result"]`).filter({ hasText: /^(to play|playing)$/ }).first().waitFor({ state: 'detached', timeout: 180000 });
    }
    assert.ok(judged, 'a match of Bob was judged');

    // The end: the clients stop once the event is finished.
    assert.equal(await clientsDone, 0, out);
    const report = JSON.parse(out.trim().split('\n').pop());
    assert.equal(report.registered, 6, out);
    assert.equal(report.errors, 0, out);
    const api = await (await fetch(`${server.url}/api/events/${id}`)).json();
    assert.equal(api.status, 'finished');
    assert.equal(api.pairings.length, 12);
    assert.ok(api.log.some((l) => l.action === 'rewind' && l.judge.toLowerCase() === 'alice'), JSON.stringify(api.log));
    assert.ok(api.log.some((l) => l.action === 'add_time'), JSON.stringify(api.log));
    await alice.locator('[data-page="event"][data-status="finished"]').waitFor({ timeout: 30000 });
    assert.equal(api.standings.length, 8);
    await assertStandings(alice, api.standings);
    await alice.screenshot({ path: join(SHOTS, 'event-swiss-final.png'), fullPage: true });

    // A fresh context, no login: the event page and a replay page.
    const anon = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    const sockets = [];
    // (Vite's dev server, with YGO_URL, opens its own socket: only the game's /ws counts.)
    anon.on('websocket', (ws) => new URL(ws.url()).pathname === '/ws' && sockets.push(ws.url()));
    await anon.goto(`${server.url}/event/${id}`);
    await anon.locator(`[data-page="event"][data-event-id="${id}"][data-status="finished"]`).waitFor();
    assert.equal(await anon.locator('[data-testid="standing-row"]').count(), 8);
    const link = anon.locator('[data-testid="replay-link"]').first();
    const replayId = await link.getAttribute('data-replay-id');
    await anon.goto(`${server.url}/replay/${replayId}`);
    await anon.locator(`[data-page="replay"][data-replay-id="${replayId}"]`).waitFor();
    await anon.locator('[data-testid="replay-step"]').filter({ hasText: 'action 0 of' }).waitFor();
    assert.deepEqual(sockets, [], 'the public pages need no WebSocket');
    console.log(`event test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    // What the pages showed when it failed.
    for (const [i, ctx] of browser.contexts().entries()) for (const [j, p] of ctx.pages().entries()) await p.screenshot({ path: join(SHOTS, `event-failed-${i}-${j}.png`), fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    if (loadtest && loadtest.exitCode === null) {
      const gone = new Promise((ok) => loadtest.once('exit', ok));
      loadtest.kill('SIGTERM');
      await gone;
    }
    await browser.close();
    await server.stop();
  }
});
