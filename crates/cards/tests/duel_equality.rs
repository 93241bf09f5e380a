//! `Duel`'s equality sees every field of the state: the tests that assert "the duel is
//! unchanged" (a rejected action, a serde round trip, a clone) rely on it.

use serde_json::{json, Value};
use ygo_ai::RandomPlayer;
use ygo_cards::decks::{parse_builtin, BUILTIN};
use ygo_core::effect::Counter;
use ygo_core::{Action, Duel, DuelSetup, Edition, Player};

/// Snapshots (as JSON objects) of random duels, taken after every action.
fn snapshots() -> (Duel, Vec<serde_json::Map<String, Value>>) {
    let pool = ygo_cards::pool();
    let mut base = None;
    let mut shots = Vec::new();
    for (a, b, seed) in [(0usize, 1usize, 7u64), (1, 0, 8), (2, 3, 9)] {
        let mut s = DuelSetup::new(parse_builtin(BUILTIN[a].ydk), parse_builtin(BUILTIN[b].ydk), seed);
        s.edition = Edition::Mr2020;
        let mut d = Duel::from_setup(pool.clone(), &s).unwrap();
        let mut rng = RandomPlayer::new(seed);
        let mut n = 0;
        while let Some(p) = d.deciding_player() {
            let act = rng.pick(&d.legal_actions());
            d.apply(p, act).unwrap();
            n += 1;
            if n % 20 == 0 {
                if let Value::Object(m) = serde_json::to_value(&d).unwrap() {
                    shots.push(m);
                }
            }
            if n == 250 && base.is_none() {
                base = Some(d.clone());
            }
        }
        // The end of the duel, with its outcome.
        if let Value::Object(m) = serde_json::to_value(&d).unwrap() {
            shots.push(m);
        }
    }
    (base.expect("a duel of 250 actions"), shots)
}

/// Small changes of a JSON value that keep its shape, where there are obvious ones.
fn nudges(v: &Value) -> Vec<Value> {
    match v {
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::Number(n) => n.as_u64().map(|x| Value::from(x ^ 1)).into_iter().collect(),
        Value::Array(a) if !a.is_empty() => {
            let mut out = vec![Value::Array(a[..a.len() - 1].to_vec())];
            for first in nudges(&a[0]) {
                let mut b = a.clone();
                b[0] = first;
                out.push(Value::Array(b));
            }
            out
        }
        _ => vec![],
    }
}

/// Values of the fields random duels between actions rarely or never fill, written out.
fn written_out(key: &str) -> Vec<Value> {
    let a = serde_json::to_value(Player::A).unwrap();
    match key {
        "cause" => vec![a.clone()],
        "resolved" => vec![json!([0])],
        "answer" => vec![serde_json::to_value(Some(Action::Yes)).unwrap()],
        "edition" => vec![serde_json::to_value(Edition::Expert).unwrap()],
        "control_returns" => vec![json!([[0, 1, a]])],
        // GOAT-7: a monster that came under another player's control this turn.
        "arrived_under" => vec![json!([[0, 1, 1, a]])],
        "counters" => vec![json!([[0, serde_json::to_value(Counter::Spell).unwrap(), 1]])],
        "held_spell_zones" => vec![json!([[0, 1]])],
        "xyz_materials" => vec![json!([[0, [1]]])],
        "gy_when_drawn" => vec![json!([[0, 1]])],
        "turns_advanced" => vec![json!([[0, 1, 1]])],
        "borrowed" => vec![json!([[0, a, 1, 2000]])],
        "copied_stats" => vec![json!([[0, { "level": 4, "attribute": null, "race": null, "atk": 100, "def": 0 }]])],
        "attack_again_on" => vec![json!([0, 1, 2, 3, 4])],
        "pending" => vec![json!([{ "card": 0, "effect": 0, "player": a, "moves": 0, "timing": 0, "optional": false, "when": false, "event_card": null }])],
        _ => vec![],
    }
}

#[test]
fn equality_sees_a_change_to_any_field_of_the_state() {
    let pool = ygo_cards::pool();
    let (base, shots) = snapshots();
    let Value::Object(fields) = serde_json::to_value(&base).unwrap() else { panic!("a duel serialises to an object") };
    let mut unseen = Vec::new();
    for (key, value) in &fields {
        // A value this field takes elsewhere in the duels played, else a nudge of its own.
        let mut candidates: Vec<Value> = shots.iter().filter_map(|s| s.get(key)).filter(|v| *v != value).take(1).cloned().collect();
        candidates.extend(nudges(value));
        candidates.extend(written_out(key));
        let mut seen = false;
        for c in candidates {
            let mut changed = fields.clone();
            changed.insert(key.clone(), c);
            let Ok(mut other) = serde_json::from_value::<Duel>(Value::Object(changed)) else { continue };
            other.attach_pool(pool.clone()).unwrap();
            assert!(other != base, "a change of `{key}` is not seen by Duel's equality");
            seen = true;
            break;
        }
        if !seen {
            unseen.push(key.clone());
        }
    }
    // Every serialised field could be changed, so the assertion above covered all of them.
    assert!(unseen.is_empty(), "no change could be made to {unseen:?}");
    // And an unchanged copy is equal.
    let mut same: Duel = serde_json::from_value(Value::Object(fields)).unwrap();
    same.attach_pool(pool).unwrap();
    assert!(same == base);
}
