//! Accounts, finished duels (with their replays) and Elo ratings, in SQLite (a file, the
//! default) or PostgreSQL (`postgres://...`), through sqlx's `Any` driver so one set of
//! queries and one migration folder serve both. Queries are checked at run time (no
//! `query!` macros: they need a database at compile time).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use serde::Serialize;
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use sqlx::Row;
use unicode_normalization::UnicodeNormalization;

use crate::guard::Pool;
use crate::protocol::RatingLine;

/// The rating a player starts a format with.
pub const START_ELO: i64 = 1500;
/// The Elo K-factor.
pub const K_FACTOR: f64 = 32.0;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

#[derive(Clone)]
pub struct Db {
    pub(crate) pool: AnyPool,
    hashing: Arc<Pool>,
    /// Password hashes computed or checked (a login with an unknown name checks one too).
    hashes: Arc<AtomicU64>,
}

/// The answer to a `register` or `login` when the hashing pool and its queue are full.
pub const BUSY: &str = "the server is busy checking passwords: try again in a moment";

/// A finished duel, as stored.
#[derive(Clone, Debug, Serialize)]
pub struct DuelRow {
    pub id: String,
    pub match_id: String,
    pub number: i64,
    pub player_a: String,
    pub player_b: String,
    pub user_a: Option<String>,
    pub user_b: Option<String>,
    /// `A`, `B`, or `None` for a draw.
    pub winner: Option<String>,
    pub reason: String,
    pub turns: i64,
    pub format: String,
    pub edition: String,
    pub rated: bool,
    pub finished_at: i64,
    pub engine_version: String,
    pub card_data_version: String,
    pub deck_a: String,
    pub deck_b: String,
}

/// The Elo result of a rated match for one player: `score` 1 win, 0.5 draw, 0 loss.
pub fn elo_update(mine: i64, theirs: i64, score: f64) -> i64 {
    let expected = 1.0 / (1.0 + 10f64.powf((theirs - mine) as f64 / 400.0));
    (mine as f64 + K_FACTOR * (score - expected)).round() as i64
}

pub(crate) fn now_secs() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The key a name is unique under: its NFKC form, case-folded (names differ by more than
/// case and by more than a full-width or other compatibility look-alike).
pub fn name_key(name: &str) -> String {
    let n: String = name.trim().nfkc().collect();
    n.to_lowercase().nfkc().collect()
}

/// Characters a name may not hold: control, invisible (zero-width, joiners, soft hyphen,
/// BOM, the invisible operators, variation selectors, tag characters) and bidirectional
/// controls (embeddings, overrides, isolates, marks), which make one name look like another.
pub fn hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Bidirectional controls (embeddings, overrides, isolates, marks): chat drops them.
pub fn bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A display or account name, NFKC-normalised: 1 to 24 characters, none of them control,
/// invisible or bidirectional-control characters, not all spaces (the page shows names as
/// text, so `<` and `&` are harmless).
pub fn check_name(name: &str) -> Result<String, String> {
    let n: String = name.nfkc().collect();
    let n = n.trim();
    if n.is_empty() || n.chars().count() > 24 {
        return Err("a name has 1 to 24 characters".into());
    }
    if n.chars().any(hidden_char) {
        return Err("a name has no control, invisible or text-direction characters".into());
    }
    if n.chars().all(|c| c.is_whitespace()) {
        return Err("a name has 1 to 24 characters".into());
    }
    Ok(n.to_string())
}

impl Db {
    /// Opens (creating a SQLite file if needed) and migrates. `spec` is a file path or a
    /// `postgres://` / `sqlite:` URL.
    pub async fn open(spec: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let url = if spec.starts_with("postgres://") || spec.starts_with("postgresql://") || spec.starts_with("sqlite:") {
            spec.to_string()
        } else {
            format!("sqlite://{spec}?mode=rwc")
        };
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .connect(&url)
            .await
            .map_err(|e| anyhow::anyhow!("--db {spec}: cannot open the database: {e}"))?;
        MIGRATOR.run(&pool).await.map_err(|e| anyhow::anyhow!("--db {spec}: migrations failed: {e}"))?;
        Ok(Db { pool, hashing: Arc::new(Pool::new(2, 32)), hashes: Arc::new(AtomicU64::new(0)) })
    }

    /// At most `workers` password hashes at once and `queue` waiting (the rest: [`BUSY`]).
    pub fn limit_hashing(mut self, workers: usize, queue: usize) -> Db {
        self.hashing = Arc::new(Pool::new(workers, queue));
        self
    }

    /// Password hashes computed or checked so far.
    pub fn hash_count(&self) -> u64 {
        self.hashes.load(Ordering::Relaxed)
    }

    /// Runs one password hash or check on the bounded pool.
    async fn hash_job<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        let mut ticket = self.hashing.enter().ok_or_else(|| BUSY.to_string())?;
        ticket.run().await;
        self.hashes.fetch_add(1, Ordering::Relaxed);
        tokio::task::spawn_blocking(job).await.map_err(|e| format!("hashing failed: {e}"))
    }

    /// Creates an account. Errors name the problem (taken name, bad name, short password).
    pub async fn register(&self, name: &str, password: &str) -> Result<String, String> {
        let name = check_name(name)?;
        if name_key(&name).starts_with("guest-") {
            return Err("names starting with \"guest-\" are the server's names for guests".into());
        }
        if password.chars().count() < 6 || password.len() > 200 {
            return Err("a password has 6 to 200 characters".into());
        }
        let password = password.to_string();
        let hash = self
            .hash_job(move || Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
            .await?
            .map_err(|e| format!("hashing failed: {e}"))?;
        let r = sqlx::query("INSERT INTO users (name_key, name, password_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING")
            .bind(name_key(&name))
            .bind(&name)
            .bind(hash)
            .bind(now_secs())
            .execute(&self.pool)
            .await
            .map_err(|e| format!("database error: {e}"))?;
        if r.rows_affected() == 0 {
            return Err(format!("the name {name:?} is taken"));
        }
        Ok(name)
    }

    /// Checks a name and password; returns the account's name as registered.
    pub async fn login(&self, name: &str, password: &str) -> Result<String, String> {
        let row = sqlx::query("SELECT name, password_hash FROM users WHERE name_key = $1")
            .bind(name_key(name))
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| format!("database error: {e}"))?;
        // An unknown name is checked against a dummy hash: the answer takes as long as for
        // a known name, so timing does not tell which names have accounts.
        let hash = row.as_ref().map(|row| row.get::<String, _>(1));
        let password = password.to_string();
        let ok = self
            .hash_job(move || {
                let hash = hash.unwrap_or_else(|| dummy_hash().to_string());
                PasswordHash::new(&hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
            })
            .await?;
        match row {
            Some(row) if ok => Ok(row.get(0)),
            _ => Err("wrong name or password".into()),
        }
    }

    /// Whether an account has this name (as [`name_key`] compares names).
    pub async fn account_exists(&self, name: &str) -> anyhow::Result<bool> {
        let row = sqlx::query("SELECT 1 FROM users WHERE name_key = $1").bind(name_key(name)).fetch_optional(&self.pool).await?;
        Ok(row.is_some())
    }

    /// The display name of the account with this name (as [`name_key`] compares names).
    pub async fn account_name(&self, name: &str) -> anyhow::Result<Option<String>> {
        let row = sqlx::query("SELECT name FROM users WHERE name_key = $1").bind(name_key(name)).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub async fn ratings(&self, name: &str) -> anyhow::Result<Vec<RatingLine>> {
        let rows = sqlx::query("SELECT format, elo, games FROM ratings WHERE name_key = $1 ORDER BY format").bind(name_key(name)).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|r| RatingLine { format: r.get(0), elo: r.get(1), games: r.get(2) }).collect())
    }

    /// The leaderboard of a format: (name, elo, games), best first.
    pub async fn leaderboard(&self, format: &str, limit: i64) -> anyhow::Result<Vec<(String, i64, i64)>> {
        let rows = sqlx::query(
            "SELECT u.name, r.elo, r.games FROM ratings r JOIN users u ON u.name_key = r.name_key WHERE r.format = $1 ORDER BY r.elo DESC, u.name LIMIT $2",
        )
        .bind(format)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect())
    }

    /// Stores a finished duel, and for the last duel of a match its publication (its
    /// duels' replays are served from then on) and a rated match's rating changes, in one
    /// transaction (retried when another server changed the same ratings). Returns the
    /// new ratings `(name, elo)`.
    pub async fn finish_duel(&self, row: &DuelRow, replay_json: &str, rating: Option<RatedResult>, match_over: bool) -> anyhow::Result<Vec<(String, i64)>> {
        self.record(Some((row, replay_json)), rating, match_over.then_some(row.match_id.as_str())).await
    }

    /// The end of a match with no duel left to store (a player left between duels, or
    /// time ran out between them): its duels become public, a rated match is rated.
    pub async fn end_match(&self, match_id: &str, rating: Option<RatedResult>) -> anyhow::Result<Vec<(String, i64)>> {
        self.record(None, rating, Some(match_id)).await
    }

    async fn record(&self, duel: Option<(&DuelRow, &str)>, rating: Option<RatedResult>, publish: Option<&str>) -> anyhow::Result<Vec<(String, i64)>> {
        for _ in 0..20 {
            let mut tx = self.pool.begin().await?;
            if let Some((row, replay_json)) = duel {
                insert_duel(&mut tx, row, replay_json).await?;
            }
            if let Some(m) = publish {
                sqlx::query("UPDATE duels SET public = 1 WHERE match_id = $1").bind(m).execute(&mut *tx).await?;
            }
            let Some(r) = &rating else {
                tx.commit().await?;
                return Ok(Vec::new());
            };
            let mut current = Vec::new();
            for name in &r.names {
                sqlx::query("INSERT INTO ratings (name_key, format, elo, games) VALUES ($1, $2, $3, 0) ON CONFLICT (name_key, format) DO NOTHING")
                    .bind(name_key(name))
                    .bind(&r.format)
                    .bind(START_ELO)
                    .execute(&mut *tx)
                    .await?;
                let row = sqlx::query("SELECT elo, games FROM ratings WHERE name_key = $1 AND format = $2")
                    .bind(name_key(name))
                    .bind(&r.format)
                    .fetch_one(&mut *tx)
                    .await?;
                current.push((row.get::<i64, _>(0), row.get::<i64, _>(1)));
            }
            let new = [elo_update(current[0].0, current[1].0, r.score_a), elo_update(current[1].0, current[0].0, 1.0 - r.score_a)];
            let mut all = true;
            for i in 0..2 {
                let done = sqlx::query("UPDATE ratings SET elo = $1, games = games + 1 WHERE name_key = $2 AND format = $3 AND games = $4")
                    .bind(new[i])
                    .bind(name_key(&r.names[i]))
                    .bind(&r.format)
                    .bind(current[i].1)
                    .execute(&mut *tx)
                    .await?;
                all &= done.rows_affected() == 1;
            }
            if all {
                tx.commit().await?;
                return Ok(vec![(r.names[0].clone(), new[0]), (r.names[1].clone(), new[1])]);
            }
            tx.rollback().await?;
        }
        anyhow::bail!("the ratings kept changing under this update (20 tries)")
    }

    /// Recent finished duels, newest first; of one account when `user` is given.
    pub async fn duels(&self, user: Option<&str>, limit: i64) -> anyhow::Result<Vec<DuelRow>> {
        let cols = "id, match_id, number, player_a, player_b, user_a, user_b, winner, reason, turns, format, edition, rated, finished_at, \
                    engine_version, card_data_version, deck_a, deck_b";
        let rows = match user {
            Some(u) => {
                let q = format!("SELECT {cols} FROM duels WHERE public = 1 AND (user_a = $1 OR user_b = $1) ORDER BY finished_at DESC, id LIMIT $2");
                sqlx::query(sqlx::AssertSqlSafe(q)).bind(name_key(u)).bind(limit).fetch_all(&self.pool).await?
            }
            None => {
                let q = format!("SELECT {cols} FROM duels WHERE public = 1 ORDER BY finished_at DESC, id LIMIT $1");
                sqlx::query(sqlx::AssertSqlSafe(q)).bind(limit).fetch_all(&self.pool).await?
            }
        };
        Ok(rows.iter().map(duel_row).collect())
    }

    /// The public duels of an event's matches, by round, table and duel number.
    pub async fn event_duels(&self, event: &str) -> anyhow::Result<Vec<DuelRow>> {
        let rows = sqlx::query(
            "SELECT d.id, d.match_id, d.number, d.player_a, d.player_b, d.user_a, d.user_b, d.winner, d.reason, d.turns, d.format, d.edition, d.rated, \
             d.finished_at, d.engine_version, d.card_data_version, d.deck_a, d.deck_b \
             FROM duels d JOIN event_pairings p ON p.match_id = d.match_id \
             WHERE p.event_id = $1 AND d.public = 1 ORDER BY p.round, p.table_no, d.number",
        )
        .bind(event)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(duel_row).collect())
    }

    /// One stored duel of a finished match, and its replay JSON.
    pub async fn duel(&self, id: &str) -> anyhow::Result<Option<(DuelRow, String)>> {
        let row = sqlx::query(
            "SELECT id, match_id, number, player_a, player_b, user_a, user_b, winner, reason, turns, format, edition, rated, finished_at, \
             engine_version, card_data_version, deck_a, deck_b, replay FROM duels WHERE id = $1 AND public = 1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (duel_row(&r), r.get(18))))
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

async fn insert_duel(tx: &mut sqlx::Transaction<'_, sqlx::Any>, row: &DuelRow, replay_json: &str) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO duels (id, match_id, number, player_a, player_b, user_a, user_b, winner, reason, turns, format, edition, rated, finished_at, \
         engine_version, card_data_version, deck_a, deck_b, replay) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
    )
    .bind(&row.id)
    .bind(&row.match_id)
    .bind(row.number)
    .bind(&row.player_a)
    .bind(&row.player_b)
    .bind(row.user_a.clone())
    .bind(row.user_b.clone())
    .bind(row.winner.clone())
    .bind(&row.reason)
    .bind(row.turns)
    .bind(&row.format)
    .bind(&row.edition)
    .bind(row.rated as i64)
    .bind(row.finished_at)
    .bind(&row.engine_version)
    .bind(&row.card_data_version)
    .bind(&row.deck_a)
    .bind(&row.deck_b)
    .bind(replay_json)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A rated match's result for the rating update.
#[derive(Clone, Debug)]
pub struct RatedResult {
    pub format: String,
    /// Account names of seats A and B.
    pub names: [String; 2],
    /// A's score: 1 win, 0.5 draw, 0 loss.
    pub score_a: f64,
}

fn duel_row(r: &sqlx::any::AnyRow) -> DuelRow {
    DuelRow {
        id: r.get(0),
        match_id: r.get(1),
        number: r.get(2),
        player_a: r.get(3),
        player_b: r.get(4),
        user_a: r.get(5),
        user_b: r.get(6),
        winner: r.get(7),
        reason: r.get(8),
        turns: r.get(9),
        format: r.get(10),
        edition: r.get(11),
        rated: r.get::<i64, _>(12) != 0,
        finished_at: r.get(13),
        engine_version: r.get(14),
        card_data_version: r.get(15),
        deck_a: r.get(16),
        deck_b: r.get(17),
    }
}

/// The hash an unknown name's login is checked against (of a random password, made once).
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let mut b = [0u8; 16];
        getrandom::fill(&mut b).expect("the system random source works");
        let password: String = b.iter().map(|x| format!("{x:02x}")).collect();
        Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()).expect("argon2 hashes a short password")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_moves_toward_the_result() {
        assert_eq!(elo_update(1500, 1500, 1.0), 1516);
        assert_eq!(elo_update(1500, 1500, 0.0), 1484);
        assert_eq!(elo_update(1500, 1500, 0.5), 1500);
        // Beating a much stronger player gains more.
        assert!(elo_update(1400, 1800, 1.0) - 1400 > 16);
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("Yugi").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert_eq!(check_name(" <b>Yugi</b> ").unwrap(), "<b>Yugi</b>");
        assert!(check_name(&"x".repeat(25)).is_err());
    }

    #[test]
    fn look_alike_names_share_a_key_and_hidden_characters_are_refused() {
        // Full-width letters normalise to the plain ones (NFKC), and case folds.
        assert_eq!(check_name("\u{FF39}\u{FF55}\u{FF47}\u{FF49}").unwrap(), "Yugi");
        assert_eq!(name_key("\u{FF39}\u{FF35}\u{FF27}\u{FF29}"), name_key("yugi"));
        assert_eq!(name_key("YUGI"), "yugi");
        for bad in ["Yu\u{200B}gi", "Yugi\u{202E}", "\u{2066}Yugi", "Yu\u{00AD}gi", "Yugi\u{FEFF}", "Yu\u{2060}gi", "\u{3164}"] {
            assert!(check_name(bad).is_err(), "{bad:?} is refused");
        }
        assert!(check_name("Jōnouchi").is_ok() && check_name("城之内").is_ok(), "letters of any script are names");
    }

    #[tokio::test]
    async fn accounts_and_ratings_in_sqlite() {
        let dir = std::env::temp_dir().join(format!("ygo-db-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        let db = Db::open(path.to_str().unwrap()).await.unwrap();
        assert_eq!(db.register("Yugi", "pyramid").await.unwrap(), "Yugi");
        assert!(db.register("yugi", "another1").await.unwrap_err().contains("taken"));
        assert!(db.register("Kaiba", "short").await.unwrap_err().contains("6 to 200"));
        assert!(db.register("Guest-12", "another1").await.unwrap_err().contains("guest"));
        // A full hashing pool refuses at once.
        let full = db.clone().limit_hashing(1, 0);
        let mut held = full.hashing.enter().expect("the one place");
        held.run().await;
        assert_eq!(full.login("Yugi", "pyramid").await.unwrap_err(), BUSY);
        drop(held);
        assert_eq!(full.login("Yugi", "pyramid").await.unwrap(), "Yugi");
        assert_eq!(db.login("YUGI", "pyramid").await.unwrap(), "Yugi");
        assert!(db.login("Yugi", "wrong!!").await.is_err());
        // A login with an unknown name checks a hash too (as long as a known one's).
        let before = db.hash_count();
        assert_eq!(db.login("nobody-at-all", "whatever").await.unwrap_err(), "wrong name or password");
        assert_eq!(db.hash_count(), before + 1, "an unknown name is checked against the dummy hash");
        db.register("Kaiba", "blue-eyes").await.unwrap();
        let row = DuelRow {
            id: "d1".into(),
            match_id: "m1".into(),
            number: 1,
            player_a: "Yugi".into(),
            player_b: "Kaiba".into(),
            user_a: Some("yugi".into()),
            user_b: Some("kaiba".into()),
            winner: Some("A".into()),
            reason: "lp".into(),
            turns: 9,
            format: "casual".into(),
            edition: "mr2020".into(),
            rated: true,
            finished_at: 1,
            engine_version: "0".into(),
            card_data_version: "0".into(),
            deck_a: "a".into(),
            deck_b: "b".into(),
        };
        let rated = RatedResult { format: "casual".into(), names: ["Yugi".into(), "Kaiba".into()], score_a: 1.0 };
        let new = db.finish_duel(&row, "{}", Some(rated), true).await.unwrap();
        assert_eq!(new, vec![("Yugi".to_string(), 1516), ("Kaiba".to_string(), 1484)]);
        assert_eq!(db.ratings("yugi").await.unwrap(), vec![RatingLine { format: "casual".into(), elo: 1516, games: 1 }]);
        assert_eq!(db.duels(Some("Kaiba"), 10).await.unwrap().len(), 1);
        assert_eq!(db.duel("d1").await.unwrap().unwrap().1, "{}");
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
