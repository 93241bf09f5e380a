//! Checking `[expect]` against a duel: every differing field, as "expected X, got Y".

use ygo_core::{Duel, Player, Position, Zone};

use super::parse::{CardExp, CardsExp, Expect, SideExpect, WinnerExp};

/// A card as the check sees it (omniscient: face-down cards are named).
#[derive(Clone, Debug)]
struct Seen {
    name: String,
    position: Position,
    atk: i32,
    def: i32,
    zone: u8,
    on_field: bool,
}

impl Seen {
    fn describe(&self, monsters: bool) -> String {
        if !self.on_field {
            return self.name.clone();
        }
        if monsters {
            format!("{} ({}, {}/{}, zone {})", self.name, self.position.text(), self.atk, self.def, self.zone)
        } else {
            let pos = if self.position.face_up() { "face-up" } else { "set" };
            format!("{} ({pos}, zone {})", self.name, self.zone)
        }
    }
}

fn matches(e: &CardExp, s: &Seen) -> bool {
    e.name == s.name
        // Spells/traps (no ATK): only face-up or Set counts.
        && e.position.is_none_or(|p| if s.atk == i32::MIN { p.face_up() == s.position.face_up() } else { p == s.position })
        && e.atk.is_none_or(|a| a == s.atk)
        && e.def.is_none_or(|d| d == s.def)
        && e.zone.is_none_or(|z| z == s.zone)
}

/// Can every expected entry be given its own actual card? `exact`: and no card is left.
fn assign(exp: &[CardExp], seen: &[Seen], exact: bool) -> bool {
    if exact && exp.len() != seen.len() {
        return false;
    }
    fn go(exp: &[CardExp], seen: &[Seen], used: &mut Vec<bool>) -> bool {
        let Some((first, rest)) = exp.split_first() else { return true };
        for (i, s) in seen.iter().enumerate() {
            if !used[i] && matches(first, s) {
                used[i] = true;
                if go(rest, seen, used) {
                    return true;
                }
                used[i] = false;
            }
        }
        false
    }
    // Detailed entries first: they constrain the most.
    let mut ordered: Vec<CardExp> = exp.iter().filter(|e| !e.is_plain()).cloned().collect();
    ordered.extend(exp.iter().filter(|e| e.is_plain()).cloned());
    let mut used = vec![false; seen.len()];
    go(&ordered, seen, &mut used)
}

fn names_diff(exp: &[CardExp], seen: &[Seen]) -> String {
    let mut left: Vec<&str> = seen.iter().map(|s| s.name.as_str()).collect();
    let mut missing = Vec::new();
    for e in exp {
        match left.iter().position(|n| *n == e.name) {
            Some(i) => {
                left.remove(i);
            }
            None => missing.push(e.name.as_str()),
        }
    }
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing: {}", missing.join(", ")));
    }
    if !left.is_empty() {
        parts.push(format!("unexpected: {}", left.join(", ")));
    }
    parts.join("; ")
}

fn list(seen: &[Seen], monsters: bool) -> String {
    format!("[{}]", seen.iter().map(|s| s.describe(monsters)).collect::<Vec<_>>().join(", "))
}

fn check_cards(what: &str, e: &CardsExp, seen: &[Seen], monsters: bool, out: &mut Vec<String>) {
    let shown = |v: &[CardExp]| format!("[{}]", v.iter().map(CardExp::describe).collect::<Vec<_>>().join(", "));
    if let Some(exact) = &e.exact {
        if !assign(exact, seen, true) {
            let d = names_diff(exact, seen);
            let d = if d.is_empty() { String::new() } else { format!(" ({d})") };
            out.push(format!("{what}: expected {}, got {}{d}", shown(exact), list(seen, monsters)));
        }
    }
    if let Some(contains) = &e.contains {
        if !assign(contains, seen, false) {
            out.push(format!("{what}: expected to contain {}, got {}", shown(contains), list(seen, monsters)));
        }
    }
    for n in &e.not {
        if seen.iter().any(|s| &s.name == n) {
            out.push(format!("{what}: expected no {n}, got {}", list(seen, monsters)));
        }
    }
    if let Some(c) = e.count {
        if c != seen.len() {
            out.push(format!("{what}: expected {c} card(s), got {} {}", seen.len(), list(seen, monsters)));
        }
    }
}

fn pile(duel: &Duel, p: Player, zone: Zone) -> Vec<Seen> {
    duel.player(p)
        .pile(zone)
        .map(|v| {
            v.iter().map(|&id| Seen { name: duel.name(id).to_string(), position: duel.card(id).position(), atk: 0, def: 0, zone: 0, on_field: false }).collect()
        })
        .unwrap_or_default()
}

fn slots(duel: &Duel, p: Player, zone: Zone, n: usize) -> Vec<Seen> {
    let ps = duel.player(p);
    (0..n)
        .filter_map(|i| {
            let id = ps.slot(zone, i)?;
            let monster = zone == Zone::Monster;
            Some(Seen {
                name: duel.name(id).to_string(),
                position: duel.card(id).position(),
                atk: if monster { duel.current_atk(id) } else { i32::MIN },
                def: if monster { duel.current_def(id) } else { i32::MIN },
                zone: i as u8,
                on_field: true,
            })
        })
        .collect()
}

fn check_side(duel: &Duel, p: Player, e: &SideExpect, out: &mut Vec<String>) {
    let pn = p.name();
    if let Some(lp) = e.lp {
        let got = duel.lp(p);
        if got != lp {
            out.push(format!("{pn}.lp: expected {lp}, got {got}"));
        }
    }
    if let Some(n) = e.deck_count {
        let got = duel.player(p).deck.len();
        if got != n {
            out.push(format!("{pn}.deck_count: expected {n}, got {got}"));
        }
    }
    let piles = [("hand", &e.hand, Zone::Hand), ("extra", &e.extra, Zone::Extra), ("gy", &e.gy, Zone::Gy), ("banished", &e.banished, Zone::Banished)];
    for (key, exp, zone) in piles {
        if let Some(x) = exp {
            check_cards(&format!("{pn}.{key}"), x, &pile(duel, p, zone), false, out);
        }
    }
    if let Some(x) = &e.monsters {
        check_cards(&format!("{pn}.monsters"), x, &slots(duel, p, Zone::Monster, 7), true, out);
    }
    if let Some(x) = &e.spells {
        check_cards(&format!("{pn}.spells"), x, &slots(duel, p, Zone::SpellTrap, 5), false, out);
    }
    if let Some(x) = &e.field {
        check_cards(&format!("{pn}.field"), x, &slots(duel, p, Zone::Field, 1), false, out);
    }
}

/// Every difference between `[expect]` and the duel (the `error` key is the runner's).
pub fn check(duel: &Duel, e: &Expect) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(w) = e.winner {
        let got = match duel.outcome() {
            None => WinnerExp::None,
            Some(o) => o.winner.map_or(WinnerExp::Draw, WinnerExp::Player),
        };
        if got != w {
            let text = |w: WinnerExp| match w {
                WinnerExp::Player(p) => format!("{:?}", p.name()),
                WinnerExp::Draw => "\"draw\"".into(),
                WinnerExp::None => "\"none\" (the duel goes on)".into(),
            };
            let why = duel.outcome().map(|o| format!(" ({:?})", o.reason)).unwrap_or_default();
            out.push(format!("winner: expected {}, got {}{why}", text(w), text(got)));
        }
    }
    if let Some(t) = e.turn {
        if duel.turn() != t {
            out.push(format!("turn: expected {t}, got {}", duel.turn()));
        }
    }
    if let Some(p) = e.turn_player {
        if duel.turn_player() != p {
            out.push(format!("turn_player: expected {:?}, got {:?}", p.name(), duel.turn_player().name()));
        }
    }
    if let Some(ph) = e.phase {
        if duel.phase() != ph {
            out.push(format!("phase: expected {:?}, got {:?}", ph.name(), duel.phase().name()));
        }
    }
    for p in Player::BOTH {
        check_side(duel, p, &e.sides[p.idx()], &mut out);
    }
    if let Some(chain) = &e.chain {
        // Link 1 first, in order.
        let got: Vec<String> = duel.chain_cards().into_iter().map(|c| duel.name(c).to_string()).collect();
        if &got != chain {
            out.push(format!("chain: expected [{}], got [{}]", chain.join(", "), got.join(", ")));
        }
    }
    if !e.log_contains.is_empty() || !e.log_not.is_empty() {
        let lines = duel.log_lines();
        for s in &e.log_contains {
            if !lines.iter().any(|l| l.contains(s.as_str())) {
                out.push(format!("log: expected a line containing {s:?}, none does"));
            }
        }
        for s in &e.log_not {
            if let Some(l) = lines.iter().find(|l| l.contains(s.as_str())) {
                out.push(format!("log: expected no line containing {s:?}, got {l:?}"));
            }
        }
    }
    out
}
