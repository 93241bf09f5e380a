//! `ygo cards coverage`: random self-play of every ordered pair of a deck set (the built-in
//! decks, a format's own decks under `--format`, or the decks given with `--deck`), counting for every declared effect of
//! every card in those decks how often it resolved (a chain link of that effect resolved) or
//! applied (a continuous effect of a face-up card on the field at the start of a turn). An
//! effect that never did is listed with its text, so a reader can tell a finding from an
//! effect random play cannot reach (a condition two random players rarely meet).

use std::collections::BTreeMap;

use ygo_cards::decks::{parse_builtin, side_of};
use ygo_core::{Duel, DuelSetup, Event, Zone};
use ygo_data::NamedDeck;

use crate::rules::Rules;

/// One effect's counts.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct EffectCount {
    /// The card's passcode.
    pub id: u32,
    /// The card's name.
    pub name: String,
    /// The effect's index among the card's declared effects.
    pub effect: usize,
    /// The start of its text.
    pub text: String,
    /// Chain links of this effect that resolved.
    pub resolved: u64,
    /// Turn starts at which it applied (continuous effects).
    pub applied: u64,
}

/// The result of a coverage run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Coverage {
    /// Duels played.
    pub duels: u64,
    /// Every measurable effect (one with steps to resolve or a continuous effect).
    pub effects: Vec<EffectCount>,
    /// How many of them never resolved nor applied.
    pub never: usize,
}

/// The deck set of a coverage run without `--deck`: a format's own built-in decks (`goat`:
/// the Goat lists), else the built-in decks that play today's cards.
pub fn deck_set(rules: &Rules) -> Vec<NamedDeck> {
    let named = |d: &ygo_cards::decks::BuiltinDeck| NamedDeck { name: d.name.to_string(), list: parse_builtin(d.ydk), side: side_of(d.ydk) };
    match rules.format {
        Some(f) => ygo_cards::decks::all().filter(|d| ygo_cards::decks::format_of(d.name) == Some(f.name)).map(named).collect(),
        None => ygo_cards::decks::BUILTIN.iter().map(named).collect(),
    }
}

/// Plays `games` duels per ordered pair of `decks` with uniform random players.
pub fn run(decks: &[NamedDeck], rules: &Rules, games: u64, seed: u64, mut progress: impl FnMut(u64, u64)) -> anyhow::Result<Coverage> {
    let pool = &rules.pool;
    // (passcode, effect index) -> counts, in passcode order.
    let mut counts: BTreeMap<(u32, usize), EffectCount> = BTreeMap::new();
    for d in decks {
        for code in d.list.main.iter().chain(&d.list.extra) {
            let Some(def) = pool.get(*code) else { continue };
            for (i, e) in def.behavior.effects.iter().enumerate() {
                if !e.ops.is_empty() || !e.modifiers.is_empty() {
                    let text: String = e.text.chars().take(70).collect();
                    counts.entry((*code, i)).or_insert_with(|| EffectCount {
                        id: *code,
                        name: def.data.name.clone(),
                        effect: i,
                        text,
                        ..EffectCount::default()
                    });
                }
            }
        }
    }
    let total = games * (decks.len() * decks.len()) as u64;
    let mut n = 0u64;
    for (i, a) in decks.iter().enumerate() {
        for (j, b) in decks.iter().enumerate() {
            for g in 0..games {
                n += 1;
                let mut s = DuelSetup::new(a.list.clone(), b.list.clone(), seed ^ n.wrapping_mul(0x9e37_79b9));
                s.edition = rules.edition;
                let mut duel = Duel::from_setup(pool.clone(), &s).map_err(|e| anyhow::anyhow!("{} vs {}: {e:?}", a.name, b.name))?;
                let mut rng = ygo_ai::RandomPlayer::new(seed.wrapping_add(n) ^ ((i * 31 + j) as u64) ^ g);
                let mut seen = 0usize;
                // The (passcode, effect) of each chain link of the current chain.
                let mut links: Vec<(u32, usize)> = Vec::new();
                while duel.deciding_player().is_some() {
                    let acts = duel.legal_actions();
                    duel.apply_unchecked(rng.pick(&acts));
                    for e in &duel.events()[seen..] {
                        match e {
                            Event::Activated { card, effect, link, .. } => {
                                let at = usize::from(*link).saturating_sub(1);
                                links.truncate(at);
                                links.push((duel.card(*card).code, usize::from(*effect)));
                            }
                            Event::LinkResolved { link, .. } => {
                                if let Some(key) = links.get(usize::from(*link).saturating_sub(1)) {
                                    if let Some(c) = counts.get_mut(key) {
                                        c.resolved += 1;
                                    }
                                }
                            }
                            Event::ChainEnded => links.clear(),
                            Event::TurnStarted { .. } => {
                                for c in duel.card_ids() {
                                    let st = duel.card(c);
                                    if !(st.zone().on_field() && st.face_up() && (st.zone() == Zone::Monster || st.active)) {
                                        continue;
                                    }
                                    for (k, e) in pool.def(st.def).behavior.effects.iter().enumerate() {
                                        if !e.modifiers.is_empty() {
                                            if let Some(c) = counts.get_mut(&(st.code, k)) {
                                                c.applied += 1;
                                            }
                                        }
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    seen = duel.events().len();
                }
                progress(n, total);
            }
        }
    }
    let effects: Vec<EffectCount> = counts.into_values().collect();
    let never = effects.iter().filter(|e| e.resolved == 0 && e.applied == 0).count();
    Ok(Coverage { duels: total, effects, never })
}

/// Effects that random self-play of the built-in decks is not expected to reach, and why
/// (passcode, effect index, reason): the report prints the reason under such an effect when
/// it never resolved nor applied, so a reader tells them from a finding. Each is checked by a
/// scenario instead.
pub const WHY_NEVER: &[(u32, usize, &str)] = &[
    // Edison (issue 34).
    (2322421, 0, "Road Warrior: its Tuner \"Road Synchron\" is not in the Edison pool; only Quickdraw Synchron (edison-quickdraw-dandy) may stand in, which random play rarely lines up with Level 3 (road-warrior.toml, quickdraw-synchron-for-road-warrior.toml)"),
    (46195773, 0, "Turbo Warrior: its Tuner \"Turbo Synchron\" is not in the Edison pool; only Quickdraw Synchron may stand in (turbo-warrior.toml)"),
    (39402797, 1, "Trident Dragion: a Level 10 Synchro of a Dragon Tuner and Dragons only, which no built-in deck holds (trident-dragion.toml)"),
    (6021033, 0, "Doomkaiser Dragon: needs the Limited Plaguespreader Zombie and a Zombie non-Tuner on the field together (edison-p1-engine; doomkaiser-dragon.toml)"),
    (50304345, 1, "Evil HERO Infernal Prodigy: needs it Tributed for the Tribute Summon of a HERO (Destiny HERO - Malicious in edison-p1-engine) that is still face-up in the End Phase (evil-hero-infernal-prodigy-draws.toml)"),
    (19974580, 0, "Iron Chain Dragon: banishes \"Iron Chain\" monsters from the GY, and the pool's only one is itself, from the Extra Deck (iron-chain-dragon.toml)"),
    (27970830, 4, "Gateway of the Six: no \"Shien\" monster is in the Edison pool, and 6 Bushido Counters are needed too (gateway-of-the-six.toml)"),
    (69031175, 2, "Blackwing Armor Master: needs a Wedge Counter on an opponent's monster, placed only on a monster it attacked that survived the battle (2500 ATK, it destroys most), then the removal in a later window; random play seldom builds that (blackwing-armor-master-counters-removed.toml)"),
    (25862681, 1, "Ancient Fairy Dragon: needs a Field Spell on the field; of the built-in Edison decks only edison-p1-engine plays one (Black Garden) (ancient-fairy-dragon.toml)"),
];

/// Why random play is not expected to reach this effect, if known ([`WHY_NEVER`]).
pub fn why_never(id: u32, effect: usize) -> Option<&'static str> {
    WHY_NEVER.iter().find(|&&(c, e, _)| c == id && e == effect).map(|&(_, _, why)| why)
}

/// The report in words: one line per effect, then the effects that never resolved or applied.
pub fn report_text(c: &Coverage, label: &str) -> String {
    let mut text = String::new();
    for e in &c.effects {
        text.push_str(&format!("{:>9}  {:<45} #{}  resolved {:>6}  applied {:>6}\n", e.id, e.name, e.effect, e.resolved, e.applied));
    }
    let cards: std::collections::BTreeSet<u32> = c.effects.iter().map(|e| e.id).collect();
    text.push_str(&format!(
        "{} duels ({label}); {} of {} effects of {} cards in the decks never resolved or applied\n",
        c.duels,
        c.never,
        c.effects.len(),
        cards.len()
    ));
    for e in c.effects.iter().filter(|e| e.resolved == 0 && e.applied == 0) {
        text.push_str(&format!("  never: {} ({}) #{}: {}\n", e.name, e.id, e.effect, e.text));
        if let Some(why) = why_never(e.id, e.effect) {
            text.push_str(&format!("    why: {why}\n"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_counts_the_effects_that_resolve() {
        let rules = Rules::default();
        let deck = crate::decks::load_deck("classic-chain").unwrap();
        let mut calls = 0;
        let c = run(std::slice::from_ref(&deck), &rules, 3, 7, |_, _| calls += 1).unwrap();
        assert_eq!((c.duels, calls), (3, 3));
        assert!(!c.effects.is_empty());
        // Every counted effect belongs to a card of the deck, and some did resolve.
        assert!(c.effects.iter().all(|e| deck.list.main.contains(&e.id)));
        assert!(c.effects.iter().any(|e| e.resolved > 0));
        assert_eq!(c.never, c.effects.iter().filter(|e| e.resolved == 0 && e.applied == 0).count());
        assert!(report_text(&c, "edition mr2020").contains("3 duels (edition mr2020)"));
    }

    #[test]
    fn every_reason_names_a_declared_effect_of_a_deck_card() {
        let edison = Rules::of_format(ygo_data::Format::by_name("edison").unwrap());
        let in_decks: std::collections::BTreeSet<u32> =
            deck_set(&edison).iter().flat_map(|d| d.list.main.iter().chain(&d.list.extra).copied().collect::<Vec<_>>()).collect();
        for &(id, effect, why) in WHY_NEVER {
            let def = edison.pool.get(id).unwrap_or_else(|| panic!("{why}"));
            assert!(effect < def.behavior.effects.len() && in_decks.contains(&id), "{why}");
            assert_eq!(why_never(id, effect), Some(why));
        }
    }

    #[test]
    fn a_format_covers_its_own_decks() {
        let goat = Rules::of_format(ygo_data::Format::by_name("goat").unwrap());
        let set = deck_set(&goat);
        assert_eq!(set.len(), ygo_cards::decks::GOAT.len());
        assert_eq!(set.len(), 32, "the ten 2005 lists, the sixteen Goat pool part 2 decks and the six of part 3");
        assert!(set.iter().all(|d| ygo_cards::decks::format_of(&d.name) == Some("goat")));
        assert_eq!(deck_set(&Rules::default()).len(), ygo_cards::decks::BUILTIN.len());
    }
}
