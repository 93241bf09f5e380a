//! MISC-3 over the network: every frame sent to one seat during a whole duel names no
//! card that seat has not seen (the opponent's hand, deck order, face-down cards).
//! The duel is rebuilt from its stored replay at each frame's step, and the engine's
//! own visibility decides what the seat has seen so far.

use std::collections::BTreeSet;

use crate::common::*;
use ygo_core::replay::ReplayFile;
use ygo_core::{Duel, Player};
use ygo_server::client::Received;
use ygo_server::protocol::{RoomOptions, ServerMsg};
use ygo_server::wire::{self, Audience};

/// Names and passcodes of cards owned by `other` that `viewer` has never seen up to now
/// (and that no card `viewer` owns shares).
struct Tracker {
    viewer: Player,
    seen: BTreeSet<u32>,
    own: BTreeSet<u32>,
}

impl Tracker {
    fn new(duel: &Duel, viewer: Player) -> Tracker {
        let own = duel.card_ids().filter(|&id| duel.card(id).owner() == viewer).map(|id| duel.card(id).code).collect();
        Tracker { viewer, seen: BTreeSet::new(), own }
    }
    fn observe(&mut self, duel: &Duel) {
        for id in duel.card_ids() {
            if duel.visible_to(id, self.viewer) {
                self.seen.insert(duel.card(id).code);
            }
        }
    }
    /// The unseen cards' (code, name).
    fn forbidden(&self, duel: &Duel) -> Vec<(u32, String)> {
        let mut out: Vec<(u32, String)> = duel
            .card_ids()
            .filter(|&id| duel.card(id).owner() != self.viewer)
            .map(|id| duel.card(id).code)
            .filter(|c| !self.seen.contains(c) && !self.own.contains(c))
            .map(|c| (c, duel.pool().get(c).map(|d| d.data.name.clone()).unwrap_or_default()))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

fn leaks(text: &str, forbidden: &[(u32, String)]) -> Vec<String> {
    forbidden
        .iter()
        .filter(|(code, name)| text.contains(&format!("\"code\":{code},")) || (!name.is_empty() && text.contains(name.as_str())))
        .map(|(c, n)| format!("{n} ({c})"))
        .collect()
}

/// Checks every state frame against the duel rebuilt at its step; returns the leaks.
fn check(frames: &[(usize, String)], file: &ReplayFile, viewer: Player, opponent_frames: bool) -> (usize, Vec<String>) {
    let pool = ygo_cards::pool();
    let mut duel = Duel::from_setup(pool.clone(), &file.replay.setup).unwrap();
    let mut tracker = Tracker::new(&duel, viewer);
    tracker.observe(&duel);
    let mut applied = 0;
    let mut found = Vec::new();
    let mut checked = 0;
    for (step, text) in frames {
        while applied < *step {
            let (p, a) = file.replay.actions[applied];
            duel.apply(p, a).unwrap();
            applied += 1;
            tracker.observe(&duel);
        }
        let forbidden = tracker.forbidden(&duel);
        // The control: the opponent's own view at the same moment, which must be caught.
        let text = if opponent_frames { serde_json::to_string(&wire::view(&duel, Audience::Seat(viewer.opp()))).unwrap() } else { text.clone() };
        checked += 1;
        for l in leaks(&text, &forbidden) {
            found.push(format!("step {step}: {l}"));
        }
    }
    (checked, found)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frames_to_a_seat_name_no_unseen_card() {
    let dir = TempDir::new("hidden");
    let s = server(&dir.db()).await;
    let mut c = connect(&s).await;
    let mut seen: Vec<Received> = Vec::new();
    let options = RoomOptions { vs_ai: Some("random".into()), ai_deck: Some("vanilla-kaiba".into()), ..RoomOptions::default() };
    create(&mut c, options, "vanilla-yugi", &mut seen).await;
    let result = play(&mut c, 5, &mut seen).await;
    let (status, body) = ygo_server::client::http_get(&s.addr.to_string(), &format!("/api/replays/{}", result.replay_id)).await.unwrap();
    assert_eq!(status, 200, "{body}");
    let file: ReplayFile = serde_json::from_str(&body).unwrap();
    let frames: Vec<(usize, String)> = seen
        .iter()
        .filter_map(|(text, m)| match m {
            ServerMsg::State(f) if f.view.is_some() => Some((f.step, text.clone())),
            _ => None,
        })
        .collect();
    assert!(frames.len() > 20, "a whole duel sends many frames ({})", frames.len());
    let (checked, found) = check(&frames, &file, Player::A, false);
    assert_eq!(checked, frames.len());
    assert!(found.is_empty(), "frames to A named unseen cards: {found:?}");
    // The checker catches a leak: B's own view (its hand) at the same moments.
    let (_, control) = check(&frames, &file, Player::A, true);
    assert!(!control.is_empty(), "the opponent's view must show cards A has not seen");
    s.stop().await;
}
