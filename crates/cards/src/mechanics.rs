//! Mechanics written once: the declarations many cards share (issue 27), each taking the
//! card version it plays where the 2005 text differs from today's ([`Versions`]). A card file
//! calls these instead of keeping its own copy.

use ygo_core::card::type_bits;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, Zone};

use crate::Versions;

/// "Once per turn: you can change this card to face-down Defense Position" (Golem Sentry,
/// Medusa Worm, the Swarms, Stealth Bird).
pub fn turn_face_down() -> E {
    E::ignition("Once per turn: you can turn this card face-down in Defense Position.")
        .limit(Limit::PerCardPerTurn)
        .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceDownDefense })
}

/// "If this card attacked, it is changed to Defense Position at the end of the Battle Phase,
/// and its battle position cannot change until the end of your next turn" (Goblin Attack
/// Force, Giant Orc).
pub fn rests_after_attacking(text: &str) -> E {
    E::trigger(Trigger::end_of_battle_phase(), text)
        .when(Condition::This(F::ThisTurn(TurnFact::Attacked) & F::ThisTurn(TurnFact::Battled)))
        .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense })
        .op(Op::Apply { what: Obj::This, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::YourNextTurn })
}

/// A tag-out: "At the end of the Battle Phase, if this card battled: you can shuffle it into
/// the Deck (an Extra Deck monster: the Extra Deck; a cost) to Special Summon `count`
/// monsters matching `call` from your Deck" (the Gladiator Beasts). "Battled": it was in a
/// battle that reached the Damage Step, not only declared an attack (`docs/rulings/edison-1-e3.md`).
/// For 2 monsters a second free zone is needed (the card's own zone frees the first).
pub fn shuffle_in_after_battle(text: &str, call: F, count: u8) -> E {
    let call = call & F::can_special_summon();
    let mut when = vec![Condition::This(F::ThisTurn(TurnFact::Battled)), Condition::Exists { place: Place::Deck(Who::You), filter: call.clone(), count }];
    if count > 1 {
        when.push(Condition::FreeMonsterZones(count - 1));
    }
    E::optional_if(Trigger::end_of_battle_phase(), text)
        .when(Condition::All(when))
        .cost(Cost::shuffle_self_into_deck())
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: call, min: count, max: count })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// A Fusion Monster made of these named materials (with "Polymerization"), with its effects
/// (its first effect usually the continuous text naming the materials).
pub fn fusion(codes: &[u32], effects: Vec<E>) -> Behavior {
    Behavior { materials: Some(Materials::Fusion { slots: codes.iter().map(|&c| F::Named(c)).collect(), by_polymerization: true }), ..Behavior::with(effects) }
}

/// A Spirit monster (EFF-15): `text` says it cannot be Special Summoned (the rule is the
/// behaviour's `no_special_summon`); in the End Phase of a turn it was Normal Summoned or
/// flipped face-up it returns to its owner's hand; then its own effects.
pub fn spirit(text: &str, own: Vec<E>) -> Behavior {
    let mut effects = vec![E::continuous(text), E::spirit_return()];
    effects.extend(own);
    Behavior { no_special_summon: true, ..Behavior::with(effects) }
}

/// An upkeep cost: "once per turn, in your Standby Phase: pay `lp` LP, or destroy this card"
/// (the controller chooses; with too few LP only the destruction is possible).
pub fn upkeep(lp: i32, text: &str) -> E {
    E::trigger(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, text)
        .limit(Limit::PerCardPerTurn)
        .needs_card_on_field()
        .op(Op::ChooseOne(vec![vec![Op::pay_lp(Num::Const(lp))], vec![Op::destroy(Obj::This)]]))
}

/// "Toon World" (the Toon monsters' field).
pub const TOON_WORLD: u32 = 15259703;

/// A Toon monster: the Toon rules (it cannot attack the turn it is Summoned; it is destroyed
/// with "Toon World"; while you control "Toon World" and the opponent controls no Toon
/// monster, it can attack directly), then its own effects.
pub fn toon(own: Vec<E>) -> Vec<E> {
    let mut v = vec![
        E::continuous("It cannot attack the turn it is Summoned.")
            .when(Condition::This(F::ThisTurn(TurnFact::Summoned)))
            .modifier(Modifier::cannot_attack(Scope::This)),
        E::trigger(
            Trigger::LeftField(F::Named(TOON_WORLD) & F::SentBy(Sent::Destroyed)),
            "When \"Toon World\" on the field is destroyed, this card is destroyed.",
        )
        .op(Op::destroy(Obj::This)),
        E::continuous("While you control \"Toon World\" and your opponent controls no Toon monster, it can attack your opponent directly.")
            .when(Condition::All(vec![
                Condition::Exists { place: Place::SpellTraps(Who::You), filter: F::Named(TOON_WORLD) & F::FaceUp, count: 1 },
                Condition::NoneIn { place: Place::Monsters(Who::Opponent), filter: F::ability(type_bits::TOON) },
            ]))
            .modifier(Modifier::direct_attack(Scope::This)),
    ];
    v.extend(own);
    v
}

/// "Pick 1 card matching `filter` in `place`, then `then`". In 2005 such an effect may be
/// activated with nothing there to find: the place is shown to the opponent and the Deck
/// shuffled instead (a branch); today's effect picks among what is there (the caller's
/// condition says there is one).
pub fn search(v: Versions, place: Place, filter: F, then: Vec<Op>) -> Vec<Op> {
    let mut found = vec![Op::Choose { who: Who::You, place, filter: filter.clone(), min: 1, max: 1 }];
    found.extend(then);
    match v {
        Versions::Current | Versions::Edison2010 => found,
        Versions::Goat2005 => vec![Op::If {
            test: Test::Holds(Condition::Exists { place, filter, count: 1 }),
            then: found,
            otherwise: vec![Op::Reveal(Obj::All(place, F::Any)), Op::ShuffleDeck(Who::You)],
        }],
    }
}

/// The same search as one step (the 2005 form: [`search`]).
pub fn search_or_show(place: Place, filter: F, then: Vec<Op>) -> Op {
    search(Versions::Goat2005, place, filter, then).remove(0)
}

/// "Special Summon 1 monster matching `filter` from your Deck" (in `pos`), found or shown
/// (the 2005 form of [`search`]).
pub fn summon_from_deck(filter: F, pos: SummonPos) -> Op {
    search_or_show(Place::Deck(Who::You), filter & F::can_special_summon(), vec![Op::special_summon(Obj::Chosen, pos)])
}

/// Adds the ops of a [`search`] to an effect.
fn with_ops(mut e: E, ops: Vec<Op>) -> E {
    for op in ops {
        e = e.op(op);
    }
    e
}

/// A floater: "When this card is destroyed by battle and sent to the GY: you can Special
/// Summon 1 monster matching `filter` from your Deck" (in `pos`). Today's text needs such a
/// monster in the Deck; the 2005 text only a free zone (then found or shown).
pub fn floater(v: Versions, text: &str, filter: F, pos: SummonPos) -> Behavior {
    let filter = filter & F::can_special_summon();
    let e = E::optional_when(Trigger::DestroyedByBattle, text).range(Range::Gy);
    let e = match v {
        Versions::Current | Versions::Edison2010 => e.when(Condition::Exists { place: Place::Deck(Who::You), filter: filter.clone(), count: 1 }),
        Versions::Goat2005 => e.when(Condition::FreeMonsterZones(1)),
    };
    Behavior::with(vec![with_ops(e, search(v, Place::Deck(Who::You), filter, vec![Op::special_summon(Obj::Chosen, pos)]))])
}

/// A searcher: "When this card is sent from the field to the GY: add 1 monster matching
/// `filter` from your Deck to your hand" (the 2005 form: mandatory, no name lock, activated
/// with or without one there).
pub fn searcher(text: &str, filter: F) -> Behavior {
    Behavior::with(vec![E::trigger(Trigger::SentToGy { from: vec![Zone::Monster, Zone::SpellTrap], cause: Cause::Any }, text)
        .range(Range::Gy)
        .op(search_or_show(Place::Deck(Who::You), F::Monster & filter, vec![Op::ToHand(Obj::Chosen)]))])
}

/// "Level Up!" (its passcode): it Special Summons the monster an LV monster names as its
/// level-up, ignoring the Summoning conditions.
pub const LEVEL_UP: u32 = 25290459;

/// An LV monster (the LV family): its behaviour, with the monster its text names as the one it
/// levels up to (`Behavior::level_up`, read by "Level Up!").
pub fn lv_monster(next: u32, b: Behavior) -> Behavior {
    Behavior { level_up: Some(next), ..b }
}

/// The Summoning condition of an LV monster that only the effect of the LV monster before it
/// (`prev`) may Special Summon; "Level Up!" ignores Summoning conditions, so it may too.
pub fn lv_summoned_only_by(prev: u32) -> F {
    F::Named(prev) | F::Named(LEVEL_UP)
}

/// An LV monster's level-up: "send this face-up card to the GY to Special Summon 1 `next`
/// from your hand or Deck". `e` says when (its trigger and condition); today's text needs
/// the next monster to be there, the 2005 text finds it or shows the hand and Deck.
pub fn level_up(v: Versions, e: E, next: u32) -> E {
    let ops = search(v, Place::HandOrDeck(Who::You), F::Named(next) & F::can_special_summon(), vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)]);
    with_ops(e.cost(Cost::send_self_to_gy()), ops)
}

/// A Union monster's own words and numbers ([`union`]).
pub struct Union<'a> {
    /// What it equips to, in words ("\"X-Head Cannon\"", "Machine monster").
    pub host_text: &'a str,
    /// What it equips to (a face-up monster you control other than itself).
    pub host: F,
    /// The ATK and DEF the equipped monster gains.
    pub atk: i32,
    /// See `atk`.
    pub def: i32,
    /// Its 2005 text protects the equipped monster from destruction by card effects too, not
    /// only by battle ("Heavy Mech Support Platform"); today's texts all do.
    pub any_destruction_2005: bool,
}

/// The type bit of a Union monster, as a filter of cards wherever they are.
fn union_card() -> F {
    F::Frame(Frame::TypeBit(type_bits::UNION))
}

/// A Union monster (EFF-15): once per turn, either equip itself to a monster you control
/// (targeted) or, equipped, unequip and Special Summon itself; while equipped the monster
/// gains ATK/DEF, and this card is destroyed in its place. The 2005 rules
/// (`docs/rulings/unions.md`): Special Summoned in Attack Position only, a monster can have
/// only 1 Union monster equipped at a time, and the substitute covers battle only unless the
/// text says destruction of any kind; today's text: either face-up position, no such limit,
/// destruction by battle or card effect.
pub fn union(v: Versions, u: Union<'_>) -> Behavior {
    let old = v == Versions::Goat2005;
    let mut host = u.host & F::FaceUp & F::NotSelf;
    if old {
        host = host & !F::equipped_with(Obj::All(Place::SpellTraps(Who::Both), union_card()));
    }
    let one = if old { " (a monster can have only 1 Union monster equipped at a time)" } else { "" };
    let equip = E::ignition(&format!("Once per turn, either: you can target 1 {} you control and equip this card to it{one};", u.host_text))
        .limit(Limit::PerCardPerTurn)
        .limit_group(0)
        .when(Condition::All(vec![Condition::This(F::InPlace(Place::Monsters(Who::You))), Condition::FreeSpellZones(1)]))
        .target_in(Place::Monsters(Who::You), 1, 1, host)
        .needs_card_on_field()
        .op(Op::EquipAsCard { what: Obj::This, to: Obj::Targets, grants: None });
    let (pos, pos_text) = if old { (SummonPos::Attack, " in Attack Position") } else { (SummonPos::FaceUp, "") };
    let unequip = E::ignition(&format!("or, while equipped, unequip it and Special Summon it{pos_text}."))
        .limit(Limit::PerCardPerTurn)
        .limit_group(0)
        .when(Condition::All(vec![Condition::This(F::InPlace(Place::SpellTraps(Who::You))), Condition::FreeMonsterZones(1)]))
        .needs_card_on_field()
        .op(Op::special_summon(Obj::This, pos));
    let any = !old || u.any_destruction_2005;
    let (substitute, how) = if any {
        (Modifier::destroy_equipped_instead_by_any(Scope::Equipped), "")
    } else {
        (Modifier::destroy_equipped_instead(Scope::Equipped), " by battle")
    };
    let boost = E::continuous(&format!(
        "While equipped this way, the equipped monster gains {} ATK and {} DEF, and if it would be destroyed{how}, this card is destroyed instead.",
        u.atk, u.def
    ))
    .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(u.atk), def: Num::Const(u.def) })
    .modifier(substitute);
    Behavior::with(vec![equip, unequip, boost])
}

/// Mill: "send the top `n` cards of `who`'s Deck to the GY" (as many as there are).
pub fn mill(who: Who, n: u8) -> Op {
    Op::SendToGy(Obj::DeckTop(who, n))
}

/// "Once per turn, during your End Phase: send the top `n` cards of your Deck to the GY"
/// (the Lightsworn monsters' mandatory mill, while this card is face-up on the field).
pub fn end_phase_mill(n: u8, text: &str) -> E {
    E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::You }, text).limit(Limit::PerCardPerTurn).needs_card_on_field().op(mill(Who::You, n))
}

/// "If this card is sent from your Deck to the GY (by anything, a mill or a cost)": a
/// trigger of this card in the GY (Wulf, Lightsworn Beast); `optional` for "you can".
pub fn sent_from_deck(optional: bool, text: &str) -> E {
    let t = Trigger::SentToGy { from: vec![Zone::Deck], cause: Cause::Any };
    let e = if optional { E::optional_if(t, text) } else { E::trigger(t, text) };
    e.range(Range::Gy)
}

/// Banish this card from the GY (the cost of an effect activated in the GY).
pub fn banish_self_from_gy() -> Cost {
    Cost::Cards { how: CostMove::Banish, from: CostFrom::This, filter: F::Any, count: CostCount::Range(1, 1) }
}

/// "Iron Core of Koa'ki Meiru" (its passcode): the Core the Koa'ki Meiru monsters keep
/// themselves with.
pub const IRON_CORE_OF_KOAKI_MEIRU: u32 = 36623431;

/// A Koa'ki Meiru monster's upkeep: "in each of your End Phases, destroy this card unless you
/// send 1 "Iron Core of Koa'ki Meiru" from your hand to the GY or reveal 1 card matching
/// `reveal` in your hand". A mandatory trigger of the face-up card; on resolution its
/// controller picks a way to keep it among those possible (the Core, the reveal), or lets it
/// be destroyed.
pub fn koaki_meiru_upkeep(reveal: F, text: &str) -> E {
    let core = F::Named(IRON_CORE_OF_KOAKI_MEIRU);
    E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::You }, text).needs_card_on_field().op(Op::ChooseOne(vec![
        vec![Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: core, min: 1, max: 1 }, Op::SendToGy(Obj::Chosen)],
        vec![Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: reveal, min: 1, max: 1 }, Op::Reveal(Obj::Chosen)],
        vec![Op::destroy(Obj::This)],
    ]))
}

/// Any sub-step of the Damage Step ("during the Damage Step only", or an effect usable in it).
pub fn in_damage_step() -> Condition {
    Condition::Any(
        [DamageStep::Start, DamageStep::BeforeCalculation, DamageStep::DuringCalculation, DamageStep::AfterCalculation, DamageStep::End]
            .into_iter()
            .map(|s| Condition::step(BattleStep::Damage(s)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_differ_only_where_the_2005_text_does() {
        let today = floater(Versions::Current, "t", F::Monster, SummonPos::FaceUp);
        let old = floater(Versions::Goat2005, "t", F::Monster, SummonPos::FaceUp);
        assert_eq!(today.effects[0].condition, Condition::Exists { place: Place::Deck(Who::You), filter: F::Monster & F::can_special_summon(), count: 1 });
        assert_eq!(old.effects[0].condition, Condition::FreeMonsterZones(1));
        assert!(matches!(today.effects[0].ops[0], Op::Choose { .. }));
        assert!(matches!(old.effects[0].ops[0], Op::If { .. }));
        assert_eq!(fusion(&[1, 2], vec![]).materials, Some(Materials::Fusion { slots: vec![F::Named(1), F::Named(2)], by_polymerization: true }));
        let s = spirit("t", vec![E::ignition("own")]);
        assert!(s.no_special_summon);
        assert_eq!(s.effects[1], E::spirit_return());
        assert_eq!(s.effects[2].text, "own");
        assert!(matches!(&upkeep(100, "t").ops[0], Op::ChooseOne(b) if b[0] == vec![Op::pay_lp(Num::Const(100))]));
    }

    #[test]
    fn the_2005_union_rules_differ_from_todays() {
        let u = || Union { host_text: "monster", host: F::Monster, atk: 1, def: 1, any_destruction_2005: false };
        let (today, old) = (union(Versions::Current, u()), union(Versions::Goat2005, u()));
        assert_eq!(today.effects[1].ops[0], Op::special_summon(Obj::This, SummonPos::FaceUp));
        assert_eq!(old.effects[1].ops[0], Op::special_summon(Obj::This, SummonPos::Attack));
        assert!(today.effects[2].modifiers.contains(&Modifier::destroy_equipped_instead_by_any(Scope::Equipped)));
        assert!(old.effects[2].modifiers.contains(&Modifier::destroy_equipped_instead(Scope::Equipped)));
        assert_ne!(today.effects[0].target, old.effects[0].target);
        assert_eq!(today.effects[0].limit_group, today.effects[1].limit_group);
    }
}
