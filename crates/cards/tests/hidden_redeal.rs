//! MISC-9 and MISC-3 over the Goat decks: in random duels of every ordered pair of the ten
//! Goat decks (the 2005 pool), dealing again what the deciding player cannot see (the
//! opponent's hand, face-down cards and both Deck orders, `Duel::determinized`) never changes
//! that player's legal actions or view (the view lists the actions with their texts), and
//! the revealed cards the player knows (MISC-7) are dealt as they are. A player knows what
//! their own Deck holds (MISC-9): a sample deals their Deck from its own cards only.

use ygo_ai::RandomPlayer;
use ygo_cards::decks::{parse_builtin, BuiltinDeck, GOAT};
use ygo_core::{Duel, DuelSetup, Edition};

/// Plays one random duel of `a` against `b` (Expert Rule, the 2005 versions); at every 7th
/// decision with a choice, compares the deciding player's legal actions and view with those
/// of two redealt samples. Returns (moments compared, moments at which the opponent's hand
/// held a card the player knows).
fn redeal_duel(pool: &std::sync::Arc<ygo_core::pool::CardPool>, a: &BuiltinDeck, b: &BuiltinDeck, seed: u64) -> (u64, u64) {
    let (mut moments, mut known_moments) = (0u64, 0u64);
    let mut s = DuelSetup::new(parse_builtin(a.ydk), parse_builtin(b.ydk), 7000 + seed);
    s.edition = Edition::Expert;
    let mut d = Duel::from_setup(pool.clone(), &s).unwrap_or_else(|e| panic!("{} vs {}: {e:?}", a.name, b.name));
    let mut policy = RandomPlayer::new(seed * 13 + 5);
    let mut step = 0u64;
    while let Some(p) = d.deciding_player() {
        step += 1;
        let legal = d.legal_actions();
        // Every 7th decision with a choice: two samples of what p cannot see.
        if legal.len() > 1 && step.is_multiple_of(7) {
            moments += 1;
            let view = d.view(p);
            known_moments += u64::from(!view.sides[p.opp().idx()].known_hand.is_empty());
            for r in 0..2 {
                let other = d.determinized(p, seed * 1_000_003 + step * 2 + r);
                assert_eq!(other.deciding_player(), Some(p), "seed {seed} step {step}: another player decides");
                assert_eq!(other.legal_actions(), legal, "seed {seed} ({} vs {}) step {step}: {p:?}'s legal actions depend on hidden cards", a.name, b.name);
                assert_eq!(other.view(p), view, "seed {seed} ({} vs {}) step {step}: {p:?}'s view depends on hidden cards", a.name, b.name);
            }
        }
        let act = policy.pick(&legal);
        d.apply(p, act).unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
    }
    (moments, known_moments)
}

#[test]
fn redealing_hidden_cards_never_changes_a_players_actions_or_view() {
    // RULE: MISC-9
    // RULE: MISC-7
    let pool = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let n = std::env::var("YGO_REDEAL_DUELS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000u64);
    let k = GOAT.len() as u64;
    let (mut moments, mut known_moments) = (0u64, 0u64);
    for seed in 0..n {
        let (a, b) = (&GOAT[(seed % k) as usize], &GOAT[((seed / k) % k) as usize]);
        let (m, known) = redeal_duel(&pool, a, b, seed);
        moments += m;
        known_moments += known;
    }
    assert!(moments > 1000, "only {moments} moments compared");
    eprintln!("{moments} moments compared, {known_moments} with revealed hand cards known");
}

#[test]
fn a_card_drawn_face_up_stays_known_in_the_hand() {
    // RULE: MISC-7
    // RULE: MISC-9
    // Pharaoh's Treasure, shuffled face-up into its Deck and drawn: both players saw it
    // drawn, so a redeal keeps it in the hand (these two duels of the 28-deck pairing once
    // dealt another card there and showed it in the chain).
    let pool = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let deck = |name: &str| GOAT.iter().find(|d| d.name == name).unwrap_or_else(|| panic!("no built-in deck {name}"));
    let mut moments = 0u64;
    for (seed, a, b) in [(54u64, "goat-p2-late", "chaos-control"), (305, "goat-p2-late", "reaction-traps")] {
        moments += redeal_duel(&pool, deck(a), deck(b), seed).0;
    }
    assert!(moments > 50, "only {moments} moments compared");
}

/// Magical Hats (MISC-3, MISC-8, MISC-9): B attacks A's face-up "Mystical Elf"; A answers
/// with "Magical Hats", picking the Elf and "Pot of Greed" and "Dark Hole" from the Deck.
/// Returns the duel once B decides again (the replay), and where the Elf went.
fn hats_after_shuffle(seed: u64) -> (Duel, u8) {
    use ygo_core::{Phase, Placed, Player, PositionSetup};
    let pool = ygo_cards::pool_with(ygo_cards::Versions::Goat2005);
    let code = |name: &str| pool.def(pool.find(name).unwrap_or_else(|| panic!("no card {name}"))).data.id;
    let mut pos = PositionSetup { turn: 4, turn_player: Player::B, phase: Phase::Battle, seed, edition: Edition::Expert, ..Default::default() };
    let a = &mut pos.sides[0];
    a.monsters = vec![Placed { zone: Some(2), ..Placed::new(code("Mystical Elf")) }];
    a.spells = vec![Placed { position: Some(ygo_core::Position::FaceDownDefense), ..Placed::new(code("Magical Hats")) }];
    a.deck = vec![code("Kuriboh"), code("Pot of Greed"), code("Celtic Guardian"), code("Dark Hole"), code("Kuriboh")];
    pos.sides[1].monsters = vec![Placed::new(code("Gemini Elf"))];
    pos.sides[1].deck = vec![code("Kuriboh"); 5];
    let mut d = Duel::from_position(pool.clone(), &pos).unwrap();
    let attack = d.find_action("attack Gemini Elf -> Mystical Elf").unwrap();
    d.apply(Player::B, attack).unwrap();
    let mut activated = false;
    while let Some(p) = d.deciding_player() {
        let legal = d.legal_actions_with_text();
        if legal.len() == 1 {
            d.apply(p, legal[0].0).unwrap();
            continue;
        }
        if p == Player::B {
            if activated && d.chain_len() == 0 {
                break;
            }
            let pass = d.find_action("pass").unwrap();
            d.apply(p, pass).unwrap();
            continue;
        }
        let wanted = ["activate Magical Hats", "choose Mystical Elf", "choose Pot of Greed", "choose Dark Hole", "done"];
        let pick = wanted.iter().find_map(|w| legal.iter().find(|(_, t)| t == w)).map(|(x, _)| *x).unwrap_or(legal[0].0);
        activated |= legal.iter().any(|(x, t)| *x == pick && t == "activate Magical Hats");
        d.apply(p, pick).unwrap();
    }
    let elf = d.player(Player::A).monsters.iter().flatten().copied().find(|&c| d.name(c) == "Mystical Elf").expect("the Elf is on the field");
    assert_eq!(d.player(Player::A).monsters.iter().flatten().count(), 3, "seed {seed}: three face-down cards");
    (d.clone(), d.card(elf).slot())
}

#[test]
fn after_magical_hats_the_opponent_cannot_tell_where_the_monster_went() {
    // RULE: MISC-3
    // RULE: MISC-8
    // RULE: MISC-9
    use ygo_core::Player;
    let (first, _) = hats_after_shuffle(0);
    let view = first.view(Player::B);
    let log = |d: &Duel| d.events().iter().map(|e| d.event_text_for(e, Some(Player::B))).collect::<Vec<_>>();
    let first_log = log(&first);
    let mut zones = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let (d, zone) = hats_after_shuffle(seed);
        zones.insert(zone);
        assert_eq!(d.deciding_player(), Some(Player::B));
        // The same view (with the same legal actions, as texts) and the same log as B reads it,
        // wherever the Elf went.
        assert_eq!(d.view(Player::B), view, "seed {seed}: B's view tells where the monster went");
        assert_eq!(d.legal_actions(), first.legal_actions(), "seed {seed}: B's actions differ");
        assert_eq!(log(&d), first_log, "seed {seed}: B's log tells where the monster went");
        // Every face-down card reads alike to B: hidden, face-down Defense.
        for c in d.player(Player::A).monsters.iter().flatten() {
            assert!(!d.visible_to(*c, Player::B));
        }
    }
    // The duel's own random source deals the zones: the Elf is not always in the same one.
    assert!(zones.len() > 1, "the Elf always went to zone {zones:?}");
}
