//! The `[expect]` tables of a scenario: what each side's places, LP and the duel's
//! state must be after the steps.

use super::*;

pub(super) fn parse_expect(cx: &mut Ctx<'_>, t: &DeTable<'_>, e: &mut Expect) {
    cx.check_keys(t, &["A", "B", "winner", "phase", "turn", "turn_player", "chain", "log", "error"], "[expect]");
    for p in Player::BOTH {
        if let Some(v) = t.get(p.name()) {
            if let Some(st) = cx.table(v, &format!("expect.{}", p.name())) {
                parse_side_expect(cx, p, st, &mut e.sides[p.idx()]);
            }
        }
    }
    if let Some(v) = t.get("winner") {
        if let Some(s) = cx.string(v, "expect.winner") {
            e.winner = match s.trim() {
                "A" => Some(WinnerExp::Player(Player::A)),
                "B" => Some(WinnerExp::Player(Player::B)),
                "draw" => Some(WinnerExp::Draw),
                "none" => Some(WinnerExp::None),
                _ => {
                    cx.err(v.span(), format!("expect.winner = {} (\"A\", \"B\", \"draw\" or \"none\")", q(&s)));
                    None
                }
            };
        }
    }
    if let Some(v) = t.get("phase") {
        e.phase = cx.phase(v, "expect.phase");
    }
    if let Some(v) = t.get("turn") {
        e.turn = cx.int(v, "expect.turn", 1, 100_000).map(|n| n as u32);
    }
    if let Some(v) = t.get("turn_player") {
        e.turn_player = cx.player(v, "expect.turn_player");
    }
    if let Some(v) = t.get("chain") {
        if let Some(a) = cx.array(v, "expect.chain") {
            let mut names = Vec::new();
            for c in a {
                if let Some(n) = cx.card_name(c, "expect.chain") {
                    names.push(n);
                }
            }
            e.chain = Some(names);
        }
    }
    if let Some(v) = t.get("log") {
        if let Some(lt) = cx.table(v, "expect.log") {
            cx.check_keys(lt, &["contains", "not"], "expect.log");
            for (key, dest) in [("contains", &mut e.log_contains), ("not", &mut e.log_not)] {
                if let Some(x) = lt.get(key) {
                    if let Some(a) = cx.array(x, &format!("expect.log.{key}")) {
                        for s in a {
                            if let Some(s) = cx.string(s, &format!("expect.log.{key}")) {
                                dest.push(s);
                            }
                        }
                    }
                }
            }
        }
    }
    if let Some(v) = t.get("error") {
        e.error = match v.get_ref() {
            DeValue::Boolean(true) => Some(ErrorExp::Any),
            DeValue::Boolean(false) => None,
            DeValue::String(s) => Some(ErrorExp::Containing(s.to_string())),
            other => {
                cx.err(v.span(), format!("expect.error must be true or a text, found {}", kind_name(other)));
                None
            }
        };
    }
}

pub(super) fn parse_side_expect(cx: &mut Ctx<'_>, p: Player, t: &DeTable<'_>, s: &mut SideExpect) {
    let pn = p.name();
    cx.check_keys(t, &["lp", "hand", "deck_count", "extra", "gy", "banished", "monsters", "spells", "field"], &format!("expect.{pn}"));
    if let Some(v) = t.get("lp") {
        s.lp = cx.int(v, &format!("expect.{pn}.lp"), 0, 1_000_000_000).map(|n| n as i32);
    }
    if let Some(v) = t.get("deck_count") {
        s.deck_count = cx.int(v, &format!("expect.{pn}.deck_count"), 0, 10_000).map(|n| n as usize);
    }
    let lists: [(&str, &mut Option<CardsExp>, bool); 6] = [
        ("hand", &mut s.hand, false),
        ("extra", &mut s.extra, false),
        ("gy", &mut s.gy, false),
        ("banished", &mut s.banished, false),
        ("monsters", &mut s.monsters, true),
        ("spells", &mut s.spells, true),
    ];
    for (key, dest, detailed) in lists {
        if let Some(v) = t.get(key) {
            *dest = parse_cards_exp(cx, v, &format!("expect.{pn}.{key}"), detailed, key == "monsters");
        }
    }
    if let Some(v) = t.get("field") {
        let what = format!("expect.{pn}.field");
        s.field = match v.get_ref() {
            DeValue::String(x) if x.trim() == "none" => Some(CardsExp { exact: Some(vec![]), ..CardsExp::default() }),
            DeValue::String(_) => {
                cx.card_name(v, &what).map(|name| CardsExp { exact: Some(vec![CardExp { name, ..CardExp::default() }]), ..CardsExp::default() })
            }
            _ => parse_cards_exp(cx, v, &what, true, false),
        };
    }
}

pub(super) fn parse_cards_exp(cx: &mut Ctx<'_>, v: &Val<'_>, what: &str, detailed: bool, monsters: bool) -> Option<CardsExp> {
    let mut out = CardsExp::default();
    match v.get_ref() {
        DeValue::Array(a) => out.exact = Some(parse_card_list(cx, a, what, detailed, monsters)),
        DeValue::Table(t) => {
            cx.check_keys(t, &["contains", "count", "not"], what);
            if t.is_empty() {
                cx.err(v.span(), format!("{what}: write a list, {{ contains = [...] }} or {{ count = N }}"));
            }
            if let Some(x) = t.get("contains") {
                if let Some(a) = cx.array(x, &format!("{what}.contains")) {
                    out.contains = Some(parse_card_list(cx, a, &format!("{what}.contains"), detailed, monsters));
                }
            }
            if let Some(x) = t.get("not") {
                if let Some(a) = cx.array(x, &format!("{what}.not")) {
                    for c in a {
                        if let Some(n) = cx.card_name(c, &format!("{what}.not")) {
                            out.not.push(n);
                        }
                    }
                }
            }
            if let Some(x) = t.get("count") {
                out.count = cx.int(x, &format!("{what}.count"), 0, 10_000).map(|n| n as usize);
            }
        }
        other => {
            cx.err(v.span(), format!("{what} must be a list or a table, found {}", kind_name(other)));
            return None;
        }
    }
    Some(out)
}

pub(super) fn parse_card_list(cx: &mut Ctx<'_>, a: &[Val<'_>], what: &str, detailed: bool, monsters: bool) -> Vec<CardExp> {
    let mut out = Vec::new();
    for c in a {
        match c.get_ref() {
            DeValue::Table(t) if detailed => {
                let keys: &[&str] = if monsters { &["card", "position", "atk", "def", "zone"] } else { &["card", "position", "set", "zone"] };
                cx.check_keys(t, keys, what);
                let Some(card) = t.get("card") else {
                    cx.err(c.span(), format!("{what}: an entry has no `card`"));
                    continue;
                };
                let Some(name) = cx.card_name(card, what) else { continue };
                let mut e = CardExp { name, ..CardExp::default() };
                if let Some(x) = t.get("position") {
                    if let Some(s) = cx.string(x, &format!("{what}.position")) {
                        e.position = match s.trim() {
                            "atk" => Some(Position::FaceUpAttack),
                            "def" if monsters => Some(Position::FaceUpDefense),
                            "set" => Some(Position::FaceDownDefense),
                            _ => {
                                cx.err(x.span(), format!("{what}.position = {} (atk, def or set)", q(&s)));
                                None
                            }
                        };
                    }
                }
                if let Some(x) = t.get("set") {
                    e.position = match cx.boolean(x, &format!("{what}.set")) {
                        Some(true) => Some(Position::FaceDownDefense),
                        Some(false) => Some(Position::FaceUpAttack),
                        None => None,
                    };
                }
                if let Some(x) = t.get("atk") {
                    e.atk = cx.int(x, &format!("{what}.atk"), 0, 1_000_000).map(|n| n as i32);
                }
                if let Some(x) = t.get("def") {
                    e.def = cx.int(x, &format!("{what}.def"), 0, 1_000_000).map(|n| n as i32);
                }
                if let Some(x) = t.get("zone") {
                    e.zone = cx.int(x, &format!("{what}.zone"), 0, 6).map(|n| n as u8);
                }
                out.push(e);
            }
            _ => {
                if let Some(name) = cx.card_name(c, what) {
                    out.push(CardExp { name, ..CardExp::default() });
                }
            }
        }
    }
    out
}
