//! Hidden information stays hidden from the AI players (MISC-3): at many moments of random
//! duels, exchanging cards the deciding player has not seen (the opponent's hand and deck,
//! its own deck order, face-down cards) leaves that player's view and every AI's decision
//! at a fixed seed unchanged.

use ygo_ai::{by_name, Observation, RandomPlayer};
use ygo_cards::decks::{parse_builtin, BUILTIN};
use ygo_core::{Action, CardId, Duel, DuelSetup, Edition, Player};

/// A duel the deciding player cannot tell from `d`: up to `n` exchanges of hidden cards,
/// chosen from `seed`. Returns the duel and how many exchanges were made.
fn swapped(d: &Duel, viewer: Player, seed: u64, n: usize) -> (Duel, usize) {
    let mut out = d.clone();
    let ids: Vec<CardId> = d.card_ids().collect();
    let mut x = seed | 1;
    let mut next = || {
        // xorshift: a tiny deterministic stream for picking pairs.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut done = 0;
    for _ in 0..n * 20 {
        if done == n {
            break;
        }
        let a = ids[(next() % ids.len() as u64) as usize];
        let b = ids[(next() % ids.len() as u64) as usize];
        if out.card(a).code != out.card(b).code && out.swap_hidden_identities(viewer, a, b) {
            done += 1;
        }
    }
    (out, done)
}

fn decide(d: &Duel, ai: &str, seed: u64) -> Action {
    let obs = Observation::new(d).expect("a decision");
    let mut p = by_name(ai, seed).expect("known AI");
    p.decide_observed(&obs)
}

#[test]
fn unseen_cards_never_change_a_view_or_a_decision() {
    // RULE: MISC-3
    let mut moments = 0;
    let mut swaps = 0;
    for game in 0..40u64 {
        let (a, b) = ((game as usize) % BUILTIN.len(), (game as usize * 5 + 3) % BUILTIN.len());
        let mut s = DuelSetup::new(parse_builtin(BUILTIN[a].ydk), parse_builtin(BUILTIN[b].ydk), 1000 + game);
        s.edition = Edition::Mr2020;
        let Ok(mut d) = Duel::from_setup(ygo_cards::pool(), &s) else { continue };
        let mut policy = RandomPlayer::new(game);
        let mut step = 0u64;
        while let Some(p) = d.deciding_player() {
            step += 1;
            if step > 3000 {
                break;
            }
            let actions = d.legal_actions();
            if actions.len() > 1 && step.is_multiple_of(23) {
                let (other, n) = swapped(&d, p, game * 7919 + step, 3);
                if n > 0 {
                    moments += 1;
                    swaps += n;
                    assert_eq!(d.view(p), other.view(p), "game {game} step {step}: the view changed");
                    for ai in ["random", "greedy", "mcts:12"] {
                        let seed = step ^ 0x5eed;
                        assert_eq!(decide(&d, ai, seed), decide(&other, ai, seed), "game {game} step {step}: {ai} decided differently");
                    }
                }
            }
            let a = {
                let obs = Observation::with_actions(&d, actions).expect("a decision");
                use ygo_ai::Player as _;
                if obs.actions().len() == 1 {
                    obs.actions()[0]
                } else {
                    policy.decide_observed(&obs)
                }
            };
            d.apply(p, a).expect("a legal action");
        }
    }
    assert!(moments >= 200, "only {moments} moments checked");
    assert!(swaps >= moments);
}
