//! Events in the database (`migrations/0002_events.sql`), through the same `Any` pool as
//! accounts and replays. Every change is one transaction; pairing a round advances the
//! event's round counter by a compare-and-set, so two server processes never pair the
//! same round twice, and a result is recorded once (`done = 0` in the update).

use sqlx::any::AnyRow;
use sqlx::Row;
use ygo_match::RegisteredDeck;

use super::{Event, LogEntry, Match, MatchSettings, Player, Snapshot, Status, Structure, MAX_PLAYERS};
use crate::db::{name_key, now_secs, Db};

fn event_of(r: &AnyRow) -> anyhow::Result<Event> {
    let status: String = r.get(5);
    Ok(Event {
        id: r.get(0),
        name: r.get(1),
        format: r.get(2),
        rounds: r.get::<i64, _>(3) as u32,
        organizer: r.get(4),
        status: Status::parse(&status).ok_or_else(|| anyhow::anyhow!("event {}: unknown status {status:?}", r.get::<String, _>(0)))?,
        round: r.get::<i64, _>(6) as u32,
        seed: r.get::<i64, _>(7) as u64,
        public_lists: r.get::<i64, _>(8) != 0,
        grace_secs: r.get::<i64, _>(10) as u32,
        round_started_ms: r.get(11),
        created_at: r.get(9),
        structure: serde_json::from_str(&r.get::<String, _>(12)).map_err(|e| anyhow::anyhow!("event {}: unreadable structure: {e}", r.get::<String, _>(0)))?,
        swiss_rounds: r.get::<i64, _>(13) as u32,
        match_settings: serde_json::from_str(&r.get::<String, _>(14))
            .map_err(|e| anyhow::anyhow!("event {}: unreadable match settings: {e}", r.get::<String, _>(0)))?,
        round_hours: r.get::<i64, _>(15) as u32,
        registration_deadline: r.get(16),
    })
}

const EVENT_COLS: &str =
    "id, name, format, rounds, organizer, status, round, seed, public_lists, created_at, grace_secs, round_started_ms, structure, swiss_rounds, \
     match_settings, round_hours, registration_deadline";

impl Db {
    /// Creates an event in registration; returns its id. `rounds`: the Swiss rounds
    /// (ignored by a single elimination).
    #[allow(clippy::too_many_arguments)]
    pub async fn create_event(
        &self,
        name: &str,
        format: &str,
        rounds: u32,
        organizer: &str,
        public_lists: bool,
        seed: u64,
        grace_secs: u32,
        structure: Structure,
        settings: (MatchSettings, u32, Option<i64>),
    ) -> anyhow::Result<String> {
        let id = crate::room::random_code(8);
        let swiss = structure.swiss_rounds(rounds);
        sqlx::query(
            "INSERT INTO events (id, name, format, rounds, organizer, status, round, seed, public_lists, created_at, grace_secs, round_started_ms, \
             structure, swiss_rounds, match_settings, round_hours, registration_deadline) \
             VALUES ($1, $2, $3, $4, $5, 'registration', 0, $6, $7, $8, $9, 0, $10, $11, $12, $13, $14)",
        )
        .bind(&id)
        .bind(name)
        .bind(format)
        .bind(swiss as i64)
        .bind(name_key(organizer))
        .bind(seed as i64)
        .bind(i64::from(public_lists))
        .bind(now_secs())
        .bind(grace_secs as i64)
        .bind(serde_json::to_string(&structure)?)
        .bind(swiss as i64)
        .bind(serde_json::to_string(&settings.0)?)
        .bind(settings.1 as i64)
        .bind(settings.2)
        .execute(&self.pool)
        .await?;
        Ok(id)
    }

    /// Recent events, newest first.
    pub async fn events(&self, limit: i64) -> anyhow::Result<Vec<Event>> {
        let q = format!("SELECT {EVENT_COLS} FROM events ORDER BY created_at DESC, id LIMIT $1");
        let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(limit).fetch_all(&self.pool).await?;
        rows.iter().map(event_of).collect()
    }

    /// An event with its players and pairings.
    pub async fn event(&self, id: &str) -> anyhow::Result<Option<Snapshot>> {
        let q = format!("SELECT {EVENT_COLS} FROM events WHERE id = $1");
        let Some(row) = sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(&self.pool).await? else { return Ok(None) };
        let event = event_of(&row)?;
        let rows = sqlx::query("SELECT entry, name_key, name, deck, dropped FROM event_players WHERE event_id = $1 ORDER BY entry")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        let mut players = Vec::with_capacity(rows.len());
        for r in &rows {
            let deck: String = r.get(3);
            let deck: RegisteredDeck = serde_json::from_str(&deck).map_err(|e| anyhow::anyhow!("event {id}: a stored deck is unreadable: {e}"))?;
            players.push(Player { entry: r.get::<i64, _>(0) as usize, name_key: r.get(1), name: r.get(2), deck, dropped: r.get::<i64, _>(4) != 0 });
        }
        let rows = sqlx::query(
            "SELECT round, table_no, entry_a, entry_b, done, winner, wins_a, wins_b, room, match_id, clock_ms, clock_paused, deadline_ms FROM event_pairings \
             WHERE event_id = $1 ORDER BY round, table_no",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let matches = rows
            .iter()
            .map(|r| Match {
                round: r.get::<i64, _>(0) as u32,
                table: r.get::<i64, _>(1) as u32,
                a: r.get::<i64, _>(2) as usize,
                b: r.get::<Option<i64>, _>(3).map(|b| b as usize),
                done: r.get::<i64, _>(4) != 0,
                winner: r.get::<Option<i64>, _>(5).map(|w| w as usize),
                wins: [r.get::<i64, _>(6) as u8, r.get::<i64, _>(7) as u8],
                room: r.get(8),
                match_id: r.get(9),
                clock: r.get::<Option<i64>, _>(10).map(|ms| (std::time::Duration::from_millis(ms.max(0) as u64), r.get::<i64, _>(11) != 0)),
                deadline_ms: r.get(12),
            })
            .collect();
        let judges = sqlx::query("SELECT name_key, name FROM event_judges WHERE event_id = $1 ORDER BY added_at, name_key")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let log = sqlx::query("SELECT seq, at_ms, judge, action, round, table_no, detail, reason FROM event_log WHERE event_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| LogEntry {
                seq: r.get::<i64, _>(0) as u32,
                at_ms: r.get(1),
                judge: r.get(2),
                action: r.get(3),
                round: r.get::<Option<i64>, _>(4).map(|x| x as u32),
                table: r.get::<Option<i64>, _>(5).map(|x| x as u32),
                detail: r.get(6),
                reason: r.get(7),
            })
            .collect();
        Ok(Some(Snapshot { event, players, matches, judges, log }))
    }

    /// Registers an account with its (already checked) deck, or replaces the deck of an
    /// account already registered, while the event takes registrations.
    pub async fn register_player(&self, id: &str, name: &str, deck: &RegisteredDeck) -> anyhow::Result<Result<(), String>> {
        let key = name_key(name);
        let deck_json = serde_json::to_string(deck)?;
        for _ in 0..20 {
            // The transaction writes first, so that SQLite takes its write lock at once
            // (waiting its turn behind another registration) instead of failing with
            // "database is locked" when a read transaction would have to become a writer.
            let mut tx = self.pool.begin().await?;
            let updated = sqlx::query(
                "UPDATE event_players SET deck = $1, dropped = 0 WHERE event_id = $2 AND name_key = $3 \
                 AND EXISTS (SELECT 1 FROM events WHERE id = $2 AND status = 'registration')",
            )
            .bind(&deck_json)
            .bind(id)
            .bind(&key)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 1 {
                tx.commit().await?;
                return Ok(Ok(()));
            }
            let status: Option<String> = sqlx::query("SELECT status FROM events WHERE id = $1").bind(id).fetch_optional(&mut *tx).await?.map(|r| r.get(0));
            match status.as_deref() {
                None => return Ok(Err(format!("no event {id:?}"))),
                Some("registration") => {}
                Some(_) => return Ok(Err("registration is closed: the event has started".into())),
            }
            let count: i64 = sqlx::query("SELECT COUNT(*) FROM event_players WHERE event_id = $1").bind(id).fetch_one(&mut *tx).await?.get(0);
            if count as usize >= MAX_PLAYERS {
                return Ok(Err(format!("the event is full ({MAX_PLAYERS} players)")));
            }
            let inserted = sqlx::query(
                "INSERT INTO event_players (event_id, entry, name_key, name, deck, dropped, registered_at) VALUES ($1, $2, $3, $4, $5, 0, $6) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(count)
            .bind(&key)
            .bind(name)
            .bind(&deck_json)
            .bind(now_secs())
            .execute(&mut *tx)
            .await?;
            if inserted.rows_affected() == 1 {
                tx.commit().await?;
                return Ok(Ok(()));
            }
            // Another registration took that entry number at the same moment: try again.
            tx.rollback().await?;
        }
        anyhow::bail!("registrations kept colliding (20 tries)")
    }

    /// Drops a player: before the event starts the entry is withdrawn (kept as dropped,
    /// so entry numbers stay put); once it runs, they are not paired again.
    pub async fn drop_player(&self, id: &str, name: &str) -> anyhow::Result<bool> {
        let r = sqlx::query("UPDATE event_players SET dropped = 1 WHERE event_id = $1 AND name_key = $2 AND dropped = 0")
            .bind(id)
            .bind(name_key(name))
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Stores the pairings of the round after `from_round` and makes it the current one,
    /// with `rounds` rounds in all (a bracket's count is known once it is seeded); `false`
    /// if another process paired it first (nothing is written then).
    pub async fn store_round(&self, id: &str, from_round: u32, pairings: &[ygo_match::swiss::Pairing], rounds: u32) -> anyhow::Result<bool> {
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE events SET round = $1, status = 'running', round_started_ms = $4, rounds = $5 WHERE id = $2 AND round = $3 AND status <> 'finished'",
        )
        .bind(from_round as i64 + 1)
        .bind(id)
        .bind(from_round as i64)
        .bind(super::now_ms())
        .bind(rounds as i64)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let deadline = round_deadline(&mut tx, id).await?;
        insert_pairings(&mut tx, id, from_round + 1, pairings, deadline).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Replaces the pairings at `tables` of the current round `round` (none of them
    /// started: no room opened, no result but a bye) by `pairings`, with `rounds` rounds in
    /// all; the other pairings stay. If one of those tables has started meanwhile: `false`
    /// and nothing changes. The round's grace time counts again from now.
    pub async fn repair_round(&self, id: &str, round: u32, tables: &[u32], pairings: &[ygo_match::swiss::Pairing], rounds: u32) -> anyhow::Result<bool> {
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query("UPDATE events SET round_started_ms = $1, rounds = $4 WHERE id = $2 AND round = $3 AND status = 'running'")
            .bind(super::now_ms())
            .bind(id)
            .bind(round as i64)
            .bind(rounds as i64)
            .execute(&mut *tx)
            .await?;
        if moved.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        for &t in tables {
            let gone = sqlx::query(
                "DELETE FROM event_pairings WHERE event_id = $1 AND round = $2 AND table_no = $3 AND room IS NULL AND (done = 0 OR entry_b IS NULL)",
            )
            .bind(id)
            .bind(round as i64)
            .bind(t as i64)
            .execute(&mut *tx)
            .await?;
            if gone.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        let deadline = round_deadline(&mut tx, id).await?;
        insert_pairings(&mut tx, id, round, pairings, deadline).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Remembers the room a pairing's match is played in, unless another room was opened
    /// for it first; returns the room code that holds the match.
    pub async fn open_pairing_room(&self, id: &str, round: u32, table: u32, room: &str) -> anyhow::Result<Option<String>> {
        sqlx::query("UPDATE event_pairings SET room = $1 WHERE event_id = $2 AND round = $3 AND table_no = $4 AND room IS NULL AND done = 0")
            .bind(room)
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .execute(&self.pool)
            .await?;
        let row = sqlx::query("SELECT room FROM event_pairings WHERE event_id = $1 AND round = $2 AND table_no = $3")
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.get::<Option<String>, _>(0)))
    }

    /// Forgets the room of an unfinished pairing (the room closed without a result: the
    /// server shut down, or the room idled out), so the players can open another.
    /// `clock`: what was left on the match clock (and whether it was paused), kept for the
    /// pairing's next room.
    pub async fn close_pairing_room(&self, id: &str, round: u32, table: u32, room: &str, clock: Option<(std::time::Duration, bool)>) -> anyhow::Result<()> {
        if let Some((left, paused)) = clock {
            sqlx::query(
                "UPDATE event_pairings SET clock_ms = $1, clock_paused = $2 WHERE event_id = $3 AND round = $4 AND table_no = $5 AND room = $6 AND done = 0",
            )
            .bind(left.as_millis() as i64)
            .bind(i64::from(paused))
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .bind(room)
            .execute(&self.pool)
            .await?;
        }
        sqlx::query("UPDATE event_pairings SET room = NULL WHERE event_id = $1 AND round = $2 AND table_no = $3 AND room = $4 AND done = 0")
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .bind(room)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records a match result (once), and finishes the event when it was the last match
    /// of the last round. `winner` is an entry number; `None` is a draw; `match_id` is the
    /// id the match's duels are stored under.
    /// In an elimination round a drawn match goes to the pairing's higher seed, its `a`.
    pub async fn record_pairing(&self, id: &str, round: u32, table: u32, winner: Option<usize>, wins: [u8; 2], match_id: &str) -> anyhow::Result<bool> {
        let mut tx = self.pool.begin().await?;
        let winner = match winner {
            Some(w) => Some(w),
            None => sqlx::query(
                "SELECT p.entry_a FROM event_pairings p JOIN events e ON e.id = p.event_id \
                 WHERE p.event_id = $1 AND p.round = $2 AND p.table_no = $3 AND p.round > e.swiss_rounds",
            )
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| r.get::<i64, _>(0) as usize),
        };
        let r = sqlx::query(
            "UPDATE event_pairings SET done = 1, winner = $1, wins_a = $2, wins_b = $3, match_id = $4 WHERE event_id = $5 AND round = $6 AND table_no = $7 AND done = 0",
        )
            .bind(winner.map(|w| w as i64))
            .bind(wins[0] as i64)
            .bind(wins[1] as i64)
            .bind(match_id)
            .bind(id)
            .bind(round as i64)
            .bind(table as i64)
            .execute(&mut *tx)
            .await?;
        if r.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let open: i64 = sqlx::query("SELECT COUNT(*) FROM event_pairings WHERE event_id = $1 AND round = $2 AND done = 0")
            .bind(id)
            .bind(round as i64)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        let double = sqlx::query("SELECT structure FROM events WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some_and(|r| serde_json::from_str::<Structure>(&r.get::<String, _>(0)).ok() == Some(Structure::DoubleElimination));
        if open == 0 && !double {
            sqlx::query("UPDATE events SET status = 'finished' WHERE id = $1 AND round = $2 AND rounds = $2")
                .bind(id)
                .bind(round as i64)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        if open == 0 && double {
            // A double elimination is over when its bracket has its champion (the grand
            // final, or its reset, is over).
            if let Some(snap) = self.event(id).await? {
                if snap.event.round == round && snap.next_double(round + 1).is_empty() {
                    sqlx::query("UPDATE events SET status = 'finished', rounds = $2 WHERE id = $1 AND round = $2")
                        .bind(id)
                        .bind(round as i64)
                        .execute(&self.pool)
                        .await?;
                }
            }
        }
        Ok(true)
    }

    /// Names a judge of an event (an account: its name key and display name); `false` if
    /// they were one already.
    pub async fn add_judge(&self, id: &str, key: &str, name: &str) -> anyhow::Result<bool> {
        let r = sqlx::query("INSERT INTO event_judges (event_id, name_key, name, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(key)
            .bind(name)
            .bind(super::now_ms())
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Appends a judge action to the event's log (the next sequence number; a collision
    /// with another process's entry tries again).
    pub async fn log_event(&self, id: &str, judge: &str, action: &str, at: Option<(u32, u32)>, detail: &str, reason: &str) -> anyhow::Result<()> {
        let mut last = None;
        for _ in 0..20 {
            let r = sqlx::query(
                "INSERT INTO event_log (event_id, seq, at_ms, judge, action, round, table_no, detail, reason) \
                 SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6, $7, $8 FROM event_log WHERE event_id = $1",
            )
            .bind(id)
            .bind(super::now_ms())
            .bind(judge)
            .bind(action)
            .bind(at.map(|(r, _)| r as i64))
            .bind(at.map(|(_, t)| t as i64))
            .bind(detail)
            .bind(reason)
            .execute(&self.pool)
            .await;
            match r {
                Ok(_) => return Ok(()),
                Err(e) => last = Some(e),
            }
        }
        Err(anyhow::anyhow!("the event log kept colliding (20 tries): {}", last.map_or_else(String::new, |e| e.to_string())))
    }
}

/// Inserts a round's pairings (a bye is won at once); a round with nothing left to play
/// (byes only: one player left) finishes the event when it is its last round.
/// The deadline of a round paired now: `round_hours` from now (Unix milliseconds), if the
/// event has a round length.
async fn round_deadline(tx: &mut sqlx::Transaction<'static, sqlx::Any>, id: &str) -> anyhow::Result<Option<i64>> {
    let hours: i64 = sqlx::query("SELECT round_hours FROM events WHERE id = $1").bind(id).fetch_one(&mut **tx).await?.get(0);
    Ok((hours > 0).then(|| super::now_ms() + hours * 3_600_000))
}

async fn insert_pairings(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    round: u32,
    pairings: &[ygo_match::swiss::Pairing],
    deadline_ms: Option<i64>,
) -> anyhow::Result<()> {
    for p in pairings {
        let bye = p.b.is_none();
        sqlx::query(
            "INSERT INTO event_pairings (event_id, round, table_no, entry_a, entry_b, done, winner, wins_a, wins_b, room, match_id, deadline_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, NULL, NULL, $8)",
        )
        .bind(id)
        .bind(p.round as i64)
        .bind(p.table as i64)
        .bind(p.a as i64)
        .bind(p.b.map(|b| b as i64))
        .bind(i64::from(bye))
        .bind(if bye { Some(p.a as i64) } else { None })
        .bind(deadline_ms)
        .execute(&mut **tx)
        .await?;
    }
    let open: i64 = sqlx::query("SELECT COUNT(*) FROM event_pairings WHERE event_id = $1 AND round = $2 AND done = 0")
        .bind(id)
        .bind(round as i64)
        .fetch_one(&mut **tx)
        .await?
        .get(0);
    if open == 0 {
        // Only byes (one player left): the round is over at once.
        sqlx::query("UPDATE events SET status = 'finished' WHERE id = $1 AND rounds = $2").bind(id).bind(round as i64).execute(&mut **tx).await?;
    }
    Ok(())
}
