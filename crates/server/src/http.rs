//! HTTP: the embedded web client, the WebSocket endpoint, and a small JSON API (health,
//! cards, finished duels, replays, ratings, events with CSV exports).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use rust_embed::RustEmbed;
use serde_json::json;
use ygo_core::card::Kind;
use ygo_core::replay::{Replay, ReplayFile};

use crate::wire::{self, Audience};
use crate::AppState;

/// The built web client (`web/dist`, made by `npm run build` in `web/`).
#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Assets;

pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/ws", get(crate::ws::upgrade))
        .route("/api/health", get(health))
        .route("/api/cards", get(cards))
        .route("/api/duels", get(duels))
        .route("/api/ratings", get(ratings))
        .route("/api/replays/{id}", get(replay_file))
        .route("/api/replays/{id}/view", get(replay_view))
        .route("/api/events", get(events))
        .route("/api/events/{id}", get(event))
        .route("/api/events/{id}/standings.csv", get(event_standings_csv))
        .route("/api/events/{id}/pairings.csv", get(event_pairings_csv))
        .route("/api/events/{id}/duels", get(event_duels))
        .route("/api/{*rest}", get(api_not_found))
        .route("/favicon.ico", get(favicon))
        .route("/event/{id}", get(page))
        .route("/replay/{id}", get(page))
        .fallback(asset)
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

/// The content security policy of every answer: scripts, styles and images from this
/// origin only, WebSockets to it, no framing by other pages (clickjacking).
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

async fn security_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, header::HeaderValue::from_static(CSP));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, header::HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, header::HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, header::HeaderValue::from_static("no-referrer"));
    r
}

async fn api_not_found(uri: axum::http::Uri) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "error": format!("no API path {}", uri.path()) }))).into_response()
}

/// The web client's icon when it ships one, else a small built-in one.
async fn favicon() -> Response {
    if let Some(file) = Assets::get("favicon.ico") {
        return ([(header::CONTENT_TYPE, "image/x-icon")], file.data).into_response();
    }
    const ICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='#3b2a7a'/><path d='M4 4l4 5 4-5M8 9v4' stroke='#f5d76e' stroke-width='2' fill='none'/></svg>";
    ([(header::CONTENT_TYPE, "image/svg+xml")], ICON).into_response()
}

/// The public pages (`/event/ID`, `/replay/ID`): the web client, which reads its route
/// from the path (no login needed).
async fn page() -> Response {
    match Assets::get("index.html") {
        Some(file) => ([(header::CONTENT_TYPE, "text/html")], file.data).into_response(),
        None => (StatusCode::NOT_FOUND, "the web client is not built: run `npm ci && npm run build` in web/ and rebuild ygo").into_response(),
    }
}

async fn asset(uri: axum::http::Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Assets::get(path).or_else(|| if path.contains('.') { None } else { Assets::get("index.html") }) {
        Some(file) => {
            let mime = mime_guess::from_path(if Assets::get(path).is_some() { path } else { "index.html" }).first_or_octet_stream();
            ([(header::CONTENT_TYPE, mime.as_ref().to_string())], file.data).into_response()
        }
        None if path == "index.html" => {
            (StatusCode::NOT_FOUND, "the web client is not built: run `npm ci && npm run build` in web/ and rebuild ygo").into_response()
        }
        None => (StatusCode::NOT_FOUND, format!("no such file: /{path}")).into_response(),
    }
}

async fn health(State(state): State<Arc<AppState>>) -> Json<serde_json::Value> {
    Json(json!({
        "ok": true,
        "pid": std::process::id(),
        "version": env!("CARGO_PKG_VERSION"),
        "protocol": crate::protocol::PROTOCOL_VERSION,
        "rooms": state.room_count(),
        "connections": state.conns.total(),
        "ai_running": state.ai.running(),
        "ai_waiting": state.ai.inside().saturating_sub(state.ai.running()),
    }))
}

/// Every card of the shipped pool, with its text (public data), once.
#[derive(serde::Deserialize)]
struct CardsQuery {
    format: Option<String>,
}

/// The texts of every card of a format's pool (`?format=goat`: the 2005 versions a Goat room
/// plays; no format: today's cards), one JSON object by passcode. Each format's answer is
/// built once.
async fn cards(Query(q): Query<CardsQuery>) -> Response {
    static CARDS: OnceLock<std::sync::Mutex<BTreeMap<String, axum::body::Bytes>>> = OnceLock::new();
    let format = match crate::formats::resolve(q.format.as_deref().unwrap_or(crate::formats::DEFAULT_FORMAT)) {
        Ok(f) => f,
        Err(e) => return (StatusCode::BAD_REQUEST, Json(json!({ "error": e }))).into_response(),
    };
    let body = CARDS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry(format.name.clone())
        .or_insert_with(|| cards_json(&format.pool()).into())
        .clone();
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn cards_json(pool: &ygo_core::pool::CardPool) -> String {
    let mut all = BTreeMap::new();
    for def in pool.iter() {
        let d = &def.data;
        let kind = match d.kind {
            Kind::Monster(f) => format!("{f:?} monster").to_lowercase(),
            Kind::Spell(s) => format!("{s:?} spell").to_lowercase(),
            Kind::Trap(t) => format!("{t:?} trap").to_lowercase(),
        };
        all.insert(
            d.id,
            json!({
                "name": d.name, "kind": kind, "text": d.text, "level": d.level,
                "attribute": d.attribute.map(|a| format!("{a:?}").to_lowercase()),
                "race": d.race.map(|r| ygo_core::card::RACE_NAMES.get(r.0 as usize).map_or_else(|| format!("{r:?}"), |n| n.to_string())),
                "atk": d.atk, "def": d.def, "scales": [d.lscale, d.rscale],
                "implemented": def.implemented,
            }),
        );
    }
    serde_json::to_string(&all).expect("cards serialize")
}

#[derive(serde::Deserialize)]
struct DuelsQuery {
    user: Option<String>,
    limit: Option<i64>,
}

fn internal(e: impl std::fmt::Display) -> Response {
    (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "error": e.to_string() }))).into_response()
}

async fn duels(State(state): State<Arc<AppState>>, Query(q): Query<DuelsQuery>) -> Response {
    match state.db.duels(q.user.as_deref(), q.limit.unwrap_or(50).clamp(1, 200)).await {
        Ok(rows) => Json(rows).into_response(),
        Err(e) => internal(e),
    }
}

#[derive(serde::Deserialize)]
struct RatingsQuery {
    format: Option<String>,
}

async fn ratings(State(state): State<Arc<AppState>>, Query(q): Query<RatingsQuery>) -> Response {
    let format = q.format.unwrap_or_else(|| crate::formats::DEFAULT_FORMAT.into());
    match state.db.leaderboard(&format, 100).await {
        Ok(rows) => Json(rows.into_iter().map(|(name, elo, games)| json!({ "name": name, "elo": elo, "games": games })).collect::<Vec<_>>()).into_response(),
        Err(e) => internal(e),
    }
}

fn not_found(id: &str) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "error": format!("no finished duel {id:?}") }))).into_response()
}

async fn load_replay(state: &AppState, id: &str) -> Result<(crate::db::DuelRow, Replay), Response> {
    match state.db.duel(id).await {
        Ok(Some((row, json))) => match serde_json::from_str::<Replay>(&json) {
            Ok(r) => Ok((row, r)),
            Err(e) => Err(internal(format!("stored replay {id} is unreadable: {e}"))),
        },
        Ok(None) => Err(not_found(id)),
        Err(e) => Err(internal(e)),
    }
}

/// The `ygo replay` file of a finished duel, as a download.
async fn replay_file(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    let (row, replay) = match load_replay(&state, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let duel = match replay.play(crate::formats::pool_of(&row.format)) {
        Ok(d) => d,
        Err(e) => return (StatusCode::CONFLICT, Json(json!({ "error": format!("this build cannot play duel {id} back: {e}") }))).into_response(),
    };
    let mut file = ReplayFile::record(&duel, replay, row.card_data_version.clone(), [row.deck_a.clone(), row.deck_b.clone()]);
    file.engine_version = row.engine_version.clone();
    file.play_format = crate::formats::resolve(&row.format).ok().and_then(|f| f.play_format());
    let body = serde_json::to_string(&file).expect("replays serialize");
    let name = format!("attachment; filename=\"ygo-{}.json\"", id.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>());
    ([(header::CONTENT_TYPE, "application/json".to_string()), (header::CONTENT_DISPOSITION, name)], body).into_response()
}

#[derive(serde::Deserialize)]
struct StepQuery {
    step: Option<usize>,
}

/// The public view of a finished duel after `step` actions (the replay viewer).
async fn replay_view(State(state): State<Arc<AppState>>, Path(id): Path<String>, Query(q): Query<StepQuery>) -> Response {
    let (row, replay) = match load_replay(&state, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let steps = replay.actions.len();
    let step = q.step.unwrap_or(0).min(steps);
    let duel = match replay.play_to(crate::formats::pool_of(&row.format), step) {
        Ok(d) => d,
        Err(e) => return (StatusCode::CONFLICT, Json(json!({ "error": format!("this build cannot play duel {id} back: {e}") }))).into_response(),
    };
    Json(json!({
        "id": id, "steps": steps, "step": step,
        "players": [row.player_a, row.player_b], "winner": row.winner, "reason": row.reason,
        "view": wire::view(&duel, Audience::Public),
        "chain": wire::chain(&duel),
        "log": wire::log_lines(&duel, 0, Audience::Public),
    }))
    .into_response()
}

/// Recent events, newest first (id, name, format, rounds, status, round).
async fn events(State(state): State<Arc<AppState>>) -> Response {
    match state.db.events(100).await {
        Ok(rows) => Json(
            rows.iter()
                .map(|e| json!({ "id": e.id, "name": e.name, "format": e.format, "rounds": e.rounds, "status": e.status, "round": e.round }))
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => internal(e),
    }
}

async fn load_event(state: &AppState, id: &str) -> Result<crate::event::EventInfo, Response> {
    match state.db.event(id).await {
        Ok(Some(s)) => Ok(s.info()),
        Ok(None) => Err((StatusCode::NOT_FOUND, Json(json!({ "error": format!("no event {id:?}") }))).into_response()),
        Err(e) => Err(internal(e)),
    }
}

/// An event: players, pairings with results, standings (the protocol's `event` message).
async fn event(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    match load_event(&state, &id).await {
        Ok(info) => Json(info).into_response(),
        Err(r) => r,
    }
}

fn csv(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], body).into_response()
}

async fn event_standings_csv(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    match load_event(&state, &id).await {
        Ok(info) => csv(crate::event::standings_csv(&info.standings)),
        Err(r) => r,
    }
}

async fn event_pairings_csv(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    match load_event(&state, &id).await {
        Ok(info) => csv(crate::event::pairings_csv(&info.pairings)),
        Err(r) => r,
    }
}

/// The stored duels of an event's matches (each one's replay: `/replay/ID`), by round,
/// table and duel number.
async fn event_duels(State(state): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    if let Err(r) = load_event(&state, &id).await {
        return r;
    }
    match state.db.event_duels(&id).await {
        Ok(rows) => Json(rows).into_response(),
        Err(e) => internal(e),
    }
}
