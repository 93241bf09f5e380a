//! The `[state]` tables of a scenario: each side's piles and zones made into a
//! [`PositionSetup`], with the `equip_to` links resolved once every monster's zone is known.

use super::*;

pub(super) fn parse_state(cx: &mut Ctx<'_>, t: &DeTable<'_>, setup: &mut PositionSetup, side_lines: &mut [Option<usize>; 2], equips: &mut Vec<PendingEquip>) {
    cx.check_keys(t, &["turn", "turn_player", "phase", "step", "normal_summon_used", "A", "B"], "[state]");
    if let Some(v) = t.get("turn") {
        if let Some(n) = cx.int(v, "state.turn", 1, 2000) {
            setup.turn = n as u32;
        }
    }
    if let Some(v) = t.get("turn_player") {
        if let Some(p) = cx.player(v, "state.turn_player") {
            setup.turn_player = p;
        }
    }
    if let Some(v) = t.get("phase") {
        if let Some(p) = cx.phase(v, "state.phase") {
            setup.phase = p;
        }
    }
    if let Some(v) = t.get("step") {
        if let Some(s) = cx.string(v, "state.step") {
            setup.step = match s.trim() {
                "start" => Some(BattleStep::Start),
                "battle" => Some(BattleStep::Battle),
                "damage" => Some(BattleStep::Damage(DamageStep::Start)),
                "end" => Some(BattleStep::End),
                _ => {
                    cx.err(v.span(), format!("state.step = {} is not a battle step (start, battle, damage, end)", q(&s)));
                    None
                }
            };
        }
    }
    if let Some(v) = t.get("normal_summon_used") {
        if let Some(b) = cx.boolean(v, "state.normal_summon_used") {
            setup.normal_summon_used = b;
        }
    }
    for p in Player::BOTH {
        if let Some((k, v)) = t.get_key_value(p.name()) {
            side_lines[p.idx()] = cx.line(k.span());
            if let Some(st) = cx.table(v, &format!("[state.{}]", p.name())) {
                parse_side(cx, p, st, &mut setup.sides[p.idx()], equips);
            }
        }
    }
}

pub(super) fn parse_side(cx: &mut Ctx<'_>, p: Player, t: &DeTable<'_>, side: &mut SidePosition, equips: &mut Vec<PendingEquip>) {
    let pn = p.name();
    cx.check_keys(t, &["lp", "hand", "deck", "extra", "gy", "banished", "monsters", "spells", "field", "pendulum"], &format!("[state.{pn}]"));
    if let Some(v) = t.get("lp") {
        if let Some(n) = cx.int(v, &format!("{pn}.lp"), 0, 1_000_000_000) {
            side.lp = n as i32;
        }
    }
    for (key, dest) in [("hand", &mut side.hand), ("deck", &mut side.deck)] {
        let Some(v) = t.get(key) else { continue };
        dest.clear();
        if let Some(a) = cx.array(v, &format!("{pn}.{key}")) {
            for c in a {
                if let Some(code) = cx.card_code(c, &format!("{pn}.{key}")) {
                    dest.push(code);
                }
            }
        }
    }
    let lists = [
        ("extra", PlaceKind::Extra),
        ("gy", PlaceKind::Gy),
        ("banished", PlaceKind::Banished),
        ("monsters", PlaceKind::Monsters),
        ("spells", PlaceKind::Spells),
        ("pendulum", PlaceKind::Pendulum),
    ];
    for (key, kind) in lists {
        let Some(v) = t.get(key) else { continue };
        let what = format!("{pn}.{key}");
        let Some(a) = cx.array(v, &what) else { continue };
        let mut out = Vec::new();
        for (i, e) in a.iter().enumerate() {
            if let Some(pl) = parse_placed(cx, e, kind, &format!("{what}[{i}]")) {
                if let Some((target, span)) = pl.1 {
                    equips.push(PendingEquip { player: p, kind_is_field: false, index: out.len(), target, span });
                }
                out.push(pl.0);
            }
        }
        match kind {
            PlaceKind::Extra => side.extra = out,
            PlaceKind::Gy => side.gy = out,
            PlaceKind::Banished => side.banished = out,
            PlaceKind::Monsters => side.monsters = out,
            PlaceKind::Spells => side.spells = out,
            PlaceKind::Pendulum => side.pendulum = out,
            PlaceKind::Field => {}
        }
    }
    if let Some(v) = t.get("field") {
        let what = format!("{pn}.field");
        let entry = match v.get_ref() {
            DeValue::Array(a) if a.is_empty() => None,
            DeValue::String(s) if s.trim() == "none" => None,
            _ => Some(v),
        };
        if let Some(e) = entry {
            if let Some(pl) = parse_placed(cx, e, PlaceKind::Field, &what) {
                if let Some((target, span)) = pl.1 {
                    equips.push(PendingEquip { player: p, kind_is_field: true, index: 0, target, span });
                }
                side.field = Some(pl.0);
            }
        }
    }
}

/// A placed card: a name alone, or a table. Returns the card and its `equip_to` text.
pub(super) fn parse_placed(cx: &mut Ctx<'_>, v: &Val<'_>, kind: PlaceKind, what: &str) -> Option<(Placed, Option<EquipText>)> {
    let t = match v.get_ref() {
        DeValue::String(_) | DeValue::Integer(_) => {
            let code = cx.card_code(v, what)?;
            check_monster(cx, v, kind, code, what);
            return Some((Placed::new(code), None));
        }
        DeValue::Table(t) => t,
        other => {
            cx.err(v.span(), format!("{what} must be a card name or a table, found {}", kind_name(other)));
            return None;
        }
    };
    cx.check_keys(t, kind.keys(), what);
    let Some(card) = t.get("card") else {
        cx.err(v.span(), format!("{what} has no `card`"));
        return None;
    };
    let code = cx.card_code(card, what)?;
    let mut pl = Placed::new(code);
    if let Some(pv) = t.get("position") {
        if let Some(s) = cx.string(pv, &format!("{what}.position")) {
            let pos = match (s.trim(), kind) {
                ("atk", _) => Some(Position::FaceUpAttack),
                ("def", PlaceKind::Monsters) => Some(Position::FaceUpDefense),
                ("set", PlaceKind::Monsters | PlaceKind::Spells | PlaceKind::Field) => Some(Position::FaceDownDefense),
                ("set", PlaceKind::Extra) => None,
                _ => {
                    cx.err(pv.span(), format!("{what}.position = {} is not valid here (atk, def or set)", q(&s)));
                    None
                }
            };
            pl.position = pos;
        }
    }
    if let Some(sv) = t.get("set") {
        if cx.boolean(sv, &format!("{what}.set")) == Some(true) {
            pl.position = Some(Position::FaceDownDefense);
        }
    }
    if let Some(zv) = t.get("zone") {
        if let Some(z) = cx.int(zv, &format!("{what}.zone"), 0, 6) {
            pl.zone = Some(z as u8);
        }
    }
    if let Some(x) = t.get("set_turn") {
        pl.set_turn = cx.int(x, &format!("{what}.set_turn"), 0, 2000).map(|n| n as u32);
    }
    if let Some(x) = t.get("summoned_turn") {
        pl.summoned_turn = cx.int(x, &format!("{what}.summoned_turn"), 0, 2000).map(|n| n as u32);
    }
    if let Some(x) = t.get("summoned") {
        if let Some(s) = cx.string(x, &format!("{what}.summoned")) {
            pl.summoned = match s.trim() {
                "normal" => Some(SummonKind::Normal),
                "tribute" => Some(SummonKind::Tribute),
                "flip" => Some(SummonKind::Flip),
                "special" => Some(SummonKind::Special),
                "set" => Some(SummonKind::Set),
                _ => {
                    cx.err(x.span(), format!("{what}.summoned = {} (normal, tribute, flip, special, set)", q(&s)));
                    None
                }
            };
        }
    }
    if let Some(x) = t.get("attacked") {
        pl.attacked = cx.boolean(x, &format!("{what}.attacked")).unwrap_or(false);
    }
    if let Some(x) = t.get("properly_summoned") {
        pl.properly_summoned = cx.boolean(x, &format!("{what}.properly_summoned")).unwrap_or(false);
    }
    if let Some(x) = t.get("face_down") {
        pl.face_down = cx.boolean(x, &format!("{what}.face_down")).unwrap_or(false);
    }
    if let Some(x) = t.get("owner") {
        pl.owner = cx.player(x, &format!("{what}.owner"));
    }
    if let Some(x) = t.get("counters") {
        if let Some(ct) = cx.table(x, &format!("{what}.counters")) {
            for (k, n) in ct.iter() {
                if let Some(n) = cx.int(n, &format!("{what}.counters.{}", k.get_ref()), 0, u16::MAX as i64) {
                    pl.counters.push((k.get_ref().to_string(), n as u16));
                }
            }
        }
    }
    if let Some(x) = t.get("materials") {
        if let Some(a) = cx.array(x, &format!("{what}.materials")) {
            for m in a {
                if let Some(c) = cx.card_code(m, &format!("{what}.materials")) {
                    pl.materials.push(c);
                }
            }
        }
    }
    check_monster(cx, card, kind, code, what);
    let equip = match t.get("equip_to") {
        Some(x) => cx.string(x, &format!("{what}.equip_to")).map(|s| (s, x.span())),
        None => None,
    };
    Some((pl, equip))
}

/// A non-monster listed in `monsters` (the engine reports it too, without a line).
pub(super) fn check_monster(cx: &mut Ctx<'_>, v: &Val<'_>, kind: PlaceKind, code: u32, what: &str) {
    let Some(def) = cx.pool.get(code) else { return };
    if kind == PlaceKind::Monsters && !def.data.is_monster() {
        let name = def.data.name.clone();
        cx.err(v.span(), format!("{what}: {} is not a monster", q(&name)));
    }
}

/// The zone every listed monster gets, as `Duel::from_position` places them: its `zone`,
/// else the lowest Main Monster Zone free at that point of the list.
pub(super) fn monster_zones(side: &SidePosition) -> Vec<Option<u8>> {
    let mut used = [false; 7];
    let mut out = Vec::new();
    for m in &side.monsters {
        let z = match m.zone {
            Some(z) => Some(z),
            None => (0..5u8).find(|&i| !used[i as usize]),
        };
        if let Some(z) = z {
            if (z as usize) < 7 {
                used[z as usize] = true;
            }
        }
        out.push(z);
    }
    out
}

pub(super) fn resolve_equips(cx: &mut Ctx<'_>, setup: &mut PositionSetup, equips: Vec<PendingEquip>) {
    for e in equips {
        let Some(pat) = CardPattern::parse(&e.target) else {
            cx.err(e.span, format!("equip_to = {} is not a card name", q(&e.target)));
            continue;
        };
        let Some(name) = pat.name.clone() else {
            cx.err(e.span, "equip_to must name a face-up monster by name".to_string());
            continue;
        };
        let order = match pat.player {
            Some(p) => vec![p],
            None => vec![e.player, e.player.opp()],
        };
        let mut found: Option<Vec<(Player, u8)>> = None;
        for p in order {
            let side = &setup.sides[p.idx()];
            let zones = monster_zones(side);
            let hits: Vec<(Player, u8)> = side
                .monsters
                .iter()
                .zip(zones)
                .filter_map(|(m, z)| {
                    let z = z?;
                    let d = cx.pool.get(m.code)?;
                    let name_ok = d.data.name.eq_ignore_ascii_case(name.trim()) || name.trim().parse::<u32>().ok() == Some(m.code);
                    (name_ok && pat.index.is_none_or(|i| i == z)).then_some((p, z))
                })
                .collect();
            if !hits.is_empty() {
                found = Some(hits);
                break;
            }
        }
        match found.as_deref() {
            Some([one]) => {
                let side = &mut setup.sides[e.player.idx()];
                let slot = if e.kind_is_field { side.field.as_mut() } else { side.spells.get_mut(e.index) };
                if let Some(pl) = slot {
                    pl.equip_to = Some(*one);
                }
            }
            Some(many) => {
                let places: Vec<String> = many.iter().map(|(p, z)| format!("{}@{}.monsters#{z}", name.trim(), p.name())).collect();
                cx.err(e.span, format!("equip_to = {} is ambiguous: write one of {}", q(&e.target), places.join(", ")));
            }
            None => cx.err(e.span, format!("equip_to = {}: no such monster in the `monsters` lists", q(&e.target))),
        }
    }
}
