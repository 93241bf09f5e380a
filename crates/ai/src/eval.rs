//! Scoring positions and actions. These read a whole duel, so players call them only on
//! *sampled* duels (see [`crate::Observation::sample`]), never on the real one.

use ygo_core::{Action, Duel, Loc, Player as Seat, Position, Zone};

/// The score of a finished duel, in LP units.
pub const WIN: f64 = 100_000.0;

/// The position for `me`, in LP units: LP difference, cards in hand, the board (monsters
/// by their stats, Set spells/traps), a deck about to run out. A finished duel is ±`WIN`.
pub fn evaluate(d: &Duel, me: Seat) -> f64 {
    if let Some(o) = d.outcome() {
        return match o.winner {
            Some(w) if w == me => WIN,
            Some(_) => -WIN,
            None => 0.0,
        };
    }
    side_value(d, me) - side_value(d, me.opp())
}

fn side_value(d: &Duel, p: Seat) -> f64 {
    let ps = d.player(p);
    let mut v = ps.lp() as f64;
    // Low LP is worth more per point: the last 2000 are the ones that lose the duel.
    v += (ps.lp().min(2000) as f64) * 0.5;
    v += 450.0 * ps.hand.len() as f64;
    for id in ps.monster_ids() {
        let c = d.card(id);
        let (atk, def) = (d.current_atk(id) as f64, d.current_def(id) as f64);
        v += 350.0 + if c.position() == Position::FaceUpAttack { 0.8 * atk } else { 0.5 * atk.max(def) };
    }
    v += 350.0 * ps.spells.iter().flatten().count() as f64;
    if ps.deck.len() < 4 {
        v -= 600.0 * (4 - ps.deck.len()) as f64;
    }
    v
}

/// ATK of the card at `loc` (0 if none).
fn atk_at(d: &Duel, loc: Loc) -> i32 {
    d.card_at(loc).map_or(0, |c| d.current_atk(c))
}

/// A fast prior for an action, from the rules of thumb of the classic game: summon the
/// strongest monster, attack what you can beat, tribute the weakest, go to battle with an
/// attacker. Higher is better; used by the rollout policy and to break ties.
pub fn prior(d: &Duel, a: &Action) -> f64 {
    let me = d.deciding_player().unwrap_or(Seat::A);
    match *a {
        Action::NormalSummon(l) | Action::TributeSummon(l) => 30.0 + atk_at(d, l) as f64 / 100.0,
        Action::Set(l) => match d.card_at(l) {
            Some(c) if d.data(c).is_monster() => 12.0 + d.current_def(c) as f64 / 200.0,
            _ => 8.0,
        },
        Action::Activate { .. } => 20.0,
        Action::SpecialSummon(l) => 35.0 + atk_at(d, l) as f64 / 100.0,
        Action::FlipSummon(_) => 10.0,
        Action::ChangePosition(l) => match d.card_at(l) {
            Some(c) if !d.card(c).position().attack() && d.current_atk(c) > strongest(d, me.opp()) => 9.0,
            Some(c) if d.card(c).position().attack() && d.current_atk(c) < strongest(d, me.opp()) => 6.0,
            _ => -5.0,
        },
        Action::Attack { attacker, target } => attack_prior(d, attacker, target),
        Action::ToBattle => {
            if d.player(me).monster_ids().any(|c| d.card(c).position() == Position::FaceUpAttack) {
                25.0
            } else {
                -10.0
            }
        }
        Action::Choose(l) => {
            // Tributes and costs: give up the least.
            let own = l.player == me;
            let v = d.card_at(l).map_or(0, |c| d.current_atk(c).max(d.current_def(c))) as f64 / 100.0;
            if own && l.zone == Zone::Monster {
                -v
            } else {
                v
            }
        }
        Action::Target(l) => {
            let v = d.card_at(l).map_or(0, |c| d.current_atk(c)) as f64 / 100.0 + 5.0;
            if l.player == me {
                -v
            } else {
                v
            }
        }
        Action::Position(p) if p.attack() => 1.0,
        Action::Yes => 1.0,
        _ => 0.0,
    }
}

fn strongest(d: &Duel, p: Seat) -> i32 {
    d.player(p).monster_ids().filter(|&c| d.card(c).face_up()).map(|c| d.current_atk(c)).max().unwrap_or(0)
}

fn attack_prior(d: &Duel, attacker: Loc, target: Option<Loc>) -> f64 {
    let atk = atk_at(d, attacker);
    let Some(t) = target else { return 50.0 + atk as f64 / 100.0 };
    let Some(tc) = d.card_at(t) else { return -50.0 };
    let c = d.card(tc);
    if c.position().attack() {
        let tatk = d.current_atk(tc);
        match atk.cmp(&tatk) {
            std::cmp::Ordering::Greater => 40.0 + tatk as f64 / 100.0,
            std::cmp::Ordering::Equal => -5.0,
            std::cmp::Ordering::Less => -60.0,
        }
    } else {
        let def = d.current_def(tc);
        if atk > def {
            30.0 + d.current_atk(tc) as f64 / 200.0
        } else {
            -40.0
        }
    }
}

/// Plays on after `me`'s action until `me` has a real choice again: forced answers are
/// taken, the opponent passes where it may; stops at the opponent's own decisions (its
/// Main Phase) or after `max_steps`.
pub fn advance(d: &mut Duel, me: Seat, max_steps: usize) {
    for _ in 0..max_steps {
        let Some(p) = d.deciding_player() else { return };
        let actions = d.legal_actions();
        if actions.len() == 1 {
            d.apply_unchecked(actions[0]);
        } else if p != me && actions.contains(&Action::Pass) {
            d.apply_unchecked(Action::Pass);
        } else {
            return;
        }
    }
}

/// A rule-of-thumb choice from the view alone (for callers that can give no
/// [`crate::Observation`]): summon the strongest monster from the hand, attack directly
/// or what is known to be weaker, go to battle with an attacker, otherwise the first
/// action that is not a phase change, else the first.
pub fn view_choice(view: &ygo_core::View) -> Action {
    let me = view.viewer;
    let known = |l: Loc| -> Option<ygo_core::view::KnownCard> {
        let s = &view.sides[l.player.idx()];
        let seen = match l.zone {
            Zone::Hand => return s.hand.get(l.index as usize).cloned(),
            Zone::Monster => s.monsters.get(l.index as usize).cloned().flatten(),
            _ => None,
        };
        match seen {
            Some(ygo_core::view::SeenCard::Known(k)) => Some(k),
            _ => None,
        }
    };
    let atk = |l: Loc| known(l).and_then(|k| k.atk).unwrap_or(0) as f64;
    let score = |a: &Action| -> f64 {
        match *a {
            Action::NormalSummon(l) | Action::TributeSummon(l) | Action::SpecialSummon(l) => 30.0 + atk(l) / 100.0,
            Action::Activate { .. } => 20.0,
            Action::Attack { attacker, target: None } => 50.0 + atk(attacker) / 100.0,
            Action::Attack { attacker, target: Some(t) } => match known(t) {
                Some(k) if k.position.attack() && atk(attacker) > k.atk.unwrap_or(0) as f64 => 40.0,
                Some(k) if !k.position.attack() && atk(attacker) > k.def.unwrap_or(0) as f64 => 30.0,
                _ => -40.0,
            },
            Action::ToBattle => {
                let attackers = view.sides[me.idx()]
                    .monsters
                    .iter()
                    .flatten()
                    .any(|c| matches!(c, ygo_core::view::SeenCard::Known(k) if k.position == Position::FaceUpAttack));
                if attackers {
                    25.0
                } else {
                    -10.0
                }
            }
            Action::Set(_) => 8.0,
            Action::Choose(l) if l.player == me && l.zone == Zone::Monster => -atk(l) / 100.0,
            Action::Target(l) if l.player != me => 5.0 + atk(l) / 100.0,
            Action::ToMain2 | Action::ToEnd | Action::EndTurn | Action::Pass => 0.0,
            _ => 1.0,
        }
    };
    let mut best = (f64::NEG_INFINITY, view.actions[0].0);
    for (a, _) in &view.actions {
        let s = score(a);
        if s > best.0 {
            best = (s, *a);
        }
    }
    best.1
}
