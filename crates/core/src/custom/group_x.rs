//! Unique effects of the Extra Deck summoning pool (`crates/cards/src/extra_deck.rs`; see
//! `custom/mod.rs`).

use crate::effect::Obj;
use crate::effect::{Duration, Modifier, Op, Scope};
use crate::event::{Event, Reason};
use crate::modifiers::Lingering;
use crate::resolve::{OpFlow, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{BattleStep, Player, Position, SummonKind, Zone};

const JUNK_WARRIOR: u32 = 60800381;
const RED_DRAGON_ARCHFIEND: u32 = 70902743;
const STARDUST_DRAGON: u32 = 44508094;
const SPEED_WARRIOR: u32 = 9365703;
const UTOPIA: u32 = 84013237;
const DECODE_TALKER: u32 = 1861629;
const RELINQUISHED: u32 = 64631466;
const ODD_EYES: u32 = 16178681;
const THOUSAND_EYES_RESTRICT: u32 = 63519819;
const LINK_SPIDER: u32 = 98978921;
const STARGAZER: u32 = 94415058;

pub(crate) fn run(d: &mut Duel, code: u32, i: u8, r: &mut Resolution) -> Option<OpFlow> {
    match (code, i) {
        // Stargazer Magician: the monster to summon is one in the hand with the returned
        // card's name (copies in a hidden hand are interchangeable; the returned card itself
        // when it is there).
        (STARGAZER, 0) => {
            let p = r.controller();
            r.chosen.clear();
            if let Some(back) = r.link.event_card {
                let name = d.data(back).name_code();
                let pick = if d.card(back).zone == Zone::Hand && d.card(back).controller == p {
                    Some(back)
                } else {
                    d.player(p).hand.iter().copied().find(|&c| d.data(c).name_code() == name)
                };
                r.chosen.extend(pick);
            }
            r.did = !r.chosen.is_empty();
            Some(OpFlow::Next)
        }
        // Junk Warrior: gains the total ATK of the Level 2 or lower monsters you control.
        (JUNK_WARRIOR, 0) => {
            let me = r.card();
            let p = r.controller();
            if d.card(me).zone != Zone::Monster || !d.card(me).face_up() {
                return Some(OpFlow::Stop);
            }
            let gain: i32 = d
                .player(p)
                .monster_ids()
                .filter(|&m| m != me && d.card(m).face_up() && d.current_level(m) <= 2 && d.current_level(m) > 0)
                .map(|m| d.current_atk(m))
                .sum();
            let (turn, moves) = (d.turn, d.card(me).moves);
            d.lingering.push(Lingering {
                source: me,
                card: Some((me, moves)),
                controller: p,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: gain, def: 0 },
                until: Duration::Permanent,
                turn,
                source_moves: moves,
            });
            Some(OpFlow::Next)
        }
        // Relinquished / Thousand-Eyes Restrict: the targeted opponent's monster becomes an
        // equip card of this card (in your S/T zone); this card's original ATK/DEF become
        // its printed ones while it stays equipped.
        (RELINQUISHED | THOUSAND_EYES_RESTRICT, 0) => {
            let me = r.card();
            let p = r.controller();
            let Some(&t) = d.objects(&Obj::Targets, r).first() else { return Some(OpFlow::Stop) };
            let zone = d.free_spell_zones(p).first().copied();
            let mc = d.card(me);
            if mc.zone != Zone::Monster || !mc.face_up() || d.card(t).zone != Zone::Monster || d.equipped_monster_card(me).is_some() {
                return Some(OpFlow::Stop);
            }
            let Some(z) = zone else { return Some(OpFlow::Stop) };
            d.move_card(t, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
            d.cards[t.0 as usize].equip_to = Some(me);
            d.emit(Event::Equipped { card: t, to: me });
            let (atk, def) = (d.data(t).atk.unwrap_or(0).max(0), d.data(t).def.unwrap_or(0).max(0));
            let (turn, me_moves, t_moves) = (d.turn, d.card(me).moves, d.card(t).moves);
            d.lingering.push(Lingering {
                source: t,
                card: Some((me, me_moves)),
                controller: p,
                modifier: Modifier::SetOriginal { atk: Some(atk), def: Some(def) },
                until: Duration::WhileSourceOnField,
                turn,
                source_moves: t_moves,
            });
            Some(OpFlow::Next)
        }
        // Red Dragon Archfiend: destroy your other monsters that did not declare an attack.
        (RED_DRAGON_ARCHFIEND, 0) => {
            let me = r.card();
            let p = r.controller();
            let turn = d.turn;
            let doomed: Vec<CardId> = d.player(p).monster_ids().filter(|&m| m != me && d.card(m).attacked_turn != turn).collect();
            for m in doomed {
                d.send_to_gy(m, Reason::Destroy);
            }
            Some(OpFlow::Next)
        }
        _ => None,
    }
}

pub(crate) fn condition(d: &Duel, code: u32, i: u8, p: Player, source: CardId) -> Option<bool> {
    match (code, i) {
        // Stargazer Magician: exactly 1 card (and no other) went from the field to the hand
        // in this happening, and not in the Damage Step.
        (STARGAZER, 0) => {
            let returned = d.recent.iter().filter(|e| matches!(e, Event::Moved { from, to, .. } if from.zone.on_field() && to.zone == Zone::Hand)).count();
            Some(returned == 1 && !matches!(d.step, Some(BattleStep::Damage(_))))
        }
        // Stardust Dragon: the chain's last link would destroy a card on the field.
        (STARDUST_DRAGON, 0) => Some(
            d.chain
                .last()
                .is_some_and(|l| !l.activation_negated && d.effect_decl(l.card, l.effect).is_some_and(|e| e.ops.iter().any(|o| matches!(o, Op::Destroy(_))))),
        ),
        // Relinquished / Thousand-Eyes Restrict: no monster equipped by this effect yet (max. 1)
        // and a free S/T zone to hold one.
        (RELINQUISHED | THOUSAND_EYES_RESTRICT, 0) => {
            Some(d.equipped_monster_card(source).is_none() && !d.free_spell_zones(d.card(source).controller).is_empty())
        }
        // Odd-Eyes Pendulum Dragon: it is in one of its controller's Pendulum Zones.
        (ODD_EYES, 0) => {
            let p = d.card(source).controller;
            Some(d.pendulum_card(p, 0) == Some(source) || d.pendulum_card(p, 1) == Some(source))
        }
        // Link Spider: it points to at least one free Main Monster Zone of its controller.
        (LINK_SPIDER, 0) => {
            let p = d.card(source).controller;
            Some(d.free_main_monster_zones(p).into_iter().any(|z| d.points_to_zone(source, p, z as usize)))
        }
        // Odd-Eyes Pendulum Dragon (Pendulum Zone): during damage calculation, the battle
        // involves a face-up Pendulum monster its controller controls.
        (ODD_EYES, 1) => {
            let p = d.card(source).controller;
            let in_zone = d.pendulum_card(p, 0) == Some(source) || d.pendulum_card(p, 1) == Some(source);
            let yours = |m: CardId| {
                let c = d.card(m);
                c.zone == Zone::Monster && c.face_up() && c.controller == p && d.data(m).has(crate::card::type_bits::PENDULUM)
            };
            Some(
                in_zone
                    && d.step == Some(BattleStep::Damage(crate::types::DamageStep::DuringCalculation))
                    && d.current_attack().is_some_and(|a| yours(a.attacker) || a.target.is_some_and(yours)),
            )
        }
        // Number 39: Utopia: it has no material.
        (UTOPIA, 1) => Some(d.card(source).materials.is_empty()),
        // Decode Talker: the opponent's chain link targets a card you control.
        (DECODE_TALKER, 0) => Some(d.chain.last().is_some_and(|l| {
            l.controller != p && !l.activation_negated && l.targets.iter().any(|&(c, _)| d.card(c).zone.on_field() && d.card(c).controller == p)
        })),
        // Junk Warrior: it was Synchro Summoned.
        (JUNK_WARRIOR, 0) => Some(d.card(source).summon == SummonKind::Synchro),
        // Speed Warrior: Normal Summoned this turn, in the Battle Step.
        (SPEED_WARRIOR, 0) => {
            let c = d.card(source);
            Some(c.zone == Zone::Monster && c.summon == SummonKind::Normal && c.entered_turn == d.turn && d.step == Some(BattleStep::Battle))
        }
        // Number 39: Utopia: a monster (either player's) has just declared an attack.
        (UTOPIA, 0) => Some(
            d.chain.is_empty()
                && d.current_attacker().is_some_and(|a| d.recent.iter().any(|e| matches!(e, Event::AttackDeclared { attacker, .. } if *attacker == a))),
        ),
        // Red Dragon Archfiend: it attacked a Defense Position monster in this battle (the
        // target is still in Defense Position, or it was destroyed with no battle damage).
        (RED_DRAGON_ARCHFIEND, 0) => Some(d.current_attack().is_some_and(|a| {
            a.attacker == source
                && a.target.is_some_and(|t| {
                    let tc = d.card(t);
                    (tc.zone == Zone::Monster && !tc.position.attack())
                        || (tc.zone != Zone::Monster && !d.recent.iter().any(|e| matches!(e, Event::BattleDamage { .. })))
                })
        })),
        _ => None,
    }
}

pub(crate) fn wins(_d: &Duel, _code: u32, _card: CardId) -> Option<bool> {
    None
}
