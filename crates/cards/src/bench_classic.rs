//! Card behaviours (see `lib.rs`): each card is a declaration in the effect vocabulary of
//! `ygo_core::effect`, with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::SummonKind;

const NORMAL_SPELL: EffectKind = EffectKind::Spell(SpellKind::Normal);
const NORMAL_TRAP: EffectKind = EffectKind::Trap(TrapKind::Normal);

/// "A monster this card destroyed by battle this turn, sent to the GY by that battle"
/// (Sword Hunter).
fn sword_hunter_victim() -> F {
    F::Monster & F::destroyed_by(Obj::This) & F::SentBy(Sent::Battle) & F::ThisTurn(TurnFact::Arrived)
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Mind Crush
        15800838 => Behavior::with(vec![E::new(
            NORMAL_TRAP,
            "Name 1 card. If your opponent holds it, they discard every copy of it from their hand; if not, you discard 1 card of your hand at random.",
        )
        .op(Op::declare(Declare::CardName))
        .op(Op::If {
            test: Test::Holds(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Declared, count: 1 }),
            then: vec![Op::Reveal(Obj::All(Place::Hand(Who::Opponent), F::Declared)), Op::Discard(Obj::All(Place::Hand(Who::Opponent), F::Declared))],
            otherwise: vec![Op::ChooseRandom { place: Place::Hand(Who::You), filter: F::Any, count: Num::Const(1) }, Op::Discard(Obj::Chosen)],
        })]),
        // Gilford the Lightning
        36354007 => Behavior {
            effects: vec![
                E::continuous("Instead of the usual 2 Tributes, you may Tribute 3 monsters to Tribute Summon this card (never to Set it)."),
                E::trigger(
                    Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                    "If it is Tribute Summoned with 3 Tributes: destroy every monster your opponent controls.",
                )
                .when(Condition::This(F::Summoned(SummonKind::Tribute) & F::stat(Stat::Tributes, Cmp::Ge, 3)))
                .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::Any))),
            ],
            tribute_rule: Some((3, F::Any, false)),
            ..Behavior::default()
        },
        // Kaiser Sea Horse
        17444133 => Behavior {
            effects: vec![E::continuous("When you Tribute Summon a LIGHT monster, this card may count as 2 Tributes on its own.")],
            double_tribute_for: Some(F::Attribute(Attribute::Light)),
            ..Behavior::default()
        },
        // Sword Hunter
        51345461 => Behavior::with(vec![E::trigger(
            Trigger::end_of_battle_phase(),
            "At the end of the Battle Phase: each monster this card destroyed by battle this Battle Phase that is still in the GY becomes an Equip Card on this card, giving it 200 ATK each.",
        )
        .when(Condition::Exists { place: Place::Gy(Who::Both), filter: sword_hunter_victim(), count: 1 })
        .needs_card_on_field()
        .op(Op::EquipAsCard {
            what: Obj::All(Place::Gy(Who::Both), sword_hunter_victim()),
            to: Obj::This,
            grants: Some(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(200), def: Num::Const(0) }),
        })]),
        // Victory Dragon
        44910027 => Behavior {
            effects: vec![
                E::continuous("Cannot be Special Summoned. Its Tribute Summon (or Set) needs 3 Dragon monsters as Tributes."),
                E::continuous("If its direct attack brings the opponent's LP to 0, its controller wins the Match."),
            ],
            no_special_summon: true,
            tribute_rule: Some((3, F::Race(Race::DRAGON), true)),
            wins: Some(WinCondition::MatchByDirectAttack),
            ..Behavior::default()
        },
        // Sangan
        26202165 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![ygo_core::types::Zone::Monster], cause: Cause::Any },
            "Once per turn, if this card goes from the field to the GY: add 1 monster with 1500 or less ATK from your Deck to your hand; for the rest of the turn you cannot activate cards or effects with that card's name.",
        )
        .from_gy()
        .limit(Limit::PerNamePerTurn)
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Monster & F::atk_at_most(1500), min: 1, max: 1 })
        .op(Op::ToHand(Obj::Chosen))
        .op(Op::ForbidNames { who: Who::You, names: Obj::Chosen, until: Duration::EndOfTurn })]),
        // Change of Heart
        4031928 => Behavior::with(vec![E::new(NORMAL_SPELL, "Take control of 1 targeted monster your opponent controls until the End Phase.")
            .target(1, F::Monster & F::OppControls)
            .op(Op::take_control(Obj::Targets, Duration::EndPhase))]),
        // Book of Secret Arts
        91595718 => Behavior::with(vec![E::spell(SpellKind::Equip, "Equip only to a Spellcaster monster (targeted); it gains 300 ATK and 300 DEF.")
            .target(1, F::FaceUp & F::Race(Race::SPELLCASTER))
            .op(Op::EquipTo(Obj::Targets))
            .modifier(Modifier::AtkDef { scope: Scope::Equipped, atk: Num::Const(300), def: Num::Const(300) })]),
        // Fissure
        66788016 => Behavior::with(vec![E::new(
            NORMAL_SPELL,
            "Destroy the face-up monster with the lowest ATK your opponent controls (you pick among a tie; not targeted).",
        )
        .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::FaceUp, count: 1 })
        .op(Op::Choose {
            who: Who::You,
            place: Place::Monsters(Who::Opponent),
            filter: F::FaceUp & F::stat(Stat::Atk, Cmp::Eq, Num::min_of(Stat::Atk, Obj::All(Place::Monsters(Who::Opponent), F::FaceUp))),
            min: 1,
            max: 1,
        })
        .op(Op::destroy(Obj::Chosen))]),
        // Card of Sanctity
        42664989 => Behavior::with(vec![E::new(
            NORMAL_SPELL,
            "Cost: banish every other card you control and every card in your hand (at least 1). Then draw until you hold 2 cards.",
        )
        .cost(Cost::banish_all_other(vec![Place::Field(Who::You), Place::Hand(Who::You)]))
        .op(Op::Draw { who: Who::You, count: Num::minus(Num::Const(2), Num::count_of(Obj::All(Place::Hand(Who::You), F::Any))) })]),
        // Magic Cylinder
        62279055 => Behavior::with(vec![E::new(
            NORMAL_TRAP,
            "When an opponent's monster declares an attack: target it; negate the attack, and if you do, your opponent takes damage equal to its ATK.",
        )
        .when(Condition::AttackDeclared(F::OppControls))
        .target(1, F::Attacker)
        .op(Op::negate_attack())
        .then_if_did(vec![Op::damage(Who::Opponent, Num::stat_of(Stat::Atk, Obj::Target(0)))])]),
        // Waboku
        12607053 => Behavior::with(vec![E::new(NORMAL_TRAP, "For the rest of this turn you take no battle damage and your monsters cannot be destroyed by battle.")
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoBattleDamage })
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::MonstersIndestructibleByBattle })]),
        // Reinforcements
        17814387 => Behavior::with(vec![E::new(NORMAL_TRAP, "1 targeted face-up monster gains 500 ATK until the end of this turn.")
            .target(1, F::Monster & F::FaceUp)
            .changes_stats_in_damage_step()
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(0) }, until: Duration::EndOfTurn })]),
        // Negate Attack
        14315573 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When an opponent's monster declares an attack: target it; negate that attack, then the Battle Phase ends.",
        )
        .when(Condition::AttackDeclared(F::OppControls))
        .target(1, F::Attacker)
        .op(Op::negate_attack())
        .op(Op::end_battle_phase())]),
        // Dragon Capture Jar
        50045299 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, every face-up Dragon monster on the field is changed to Defense Position (also those that arrive later) and cannot change its battle position.",
        )
        .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::Race(Race::DRAGON) & F::AttackPos), to: PosChange::FaceUpDefense })
        .modifier(Modifier::force_defense(Scope::Monsters(F::Race(Race::DRAGON))))
        .modifier(Modifier::cannot_change_position(Scope::Monsters(F::Race(Race::DRAGON))))]),
        // Lord of D.
        17985575 => Behavior::with(vec![E::continuous("While face-up, card effects cannot target Dragon monsters on the field.")
            .modifier(Modifier::untargetable(Scope::Monsters(F::Race(Race::DRAGON))))]),
        // The Flute of Summoning Dragon
        43973174 => Behavior::with(vec![E::new(
            NORMAL_SPELL,
            "Only while a face-up \"Lord of D.\" is on the field (checked again on resolution): Special Summon 1 or 2 Dragon monsters from your hand.",
        )
        .when(Condition::Exists { place: Place::Field(Who::Both), filter: F::Named(17985575) & F::FaceUp, count: 1 })
        .op(Op::only_if(
            Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Named(17985575) & F::FaceUp, count: 1 },
            vec![
                Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Race(Race::DRAGON) & F::can_special_summon(), min: 1, max: 2 },
                Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
            ],
        ))]),
        // Shrink
        55713623 => Behavior::with(vec![E::spell(SpellKind::QuickPlay, "1 targeted face-up monster has its original ATK halved until the end of this turn.")
            .target(1, F::Monster & F::FaceUp)
            .changes_stats_in_damage_step()
            .op(Op::Apply {
                what: Obj::Targets,
                modifier: Modifier::set_original(Some(Num::half(Num::stat_of(Stat::OriginalAtk, Obj::Targets))), None),
                until: Duration::EndOfTurn,
            })]),
        // Ookazi
        19523799 => Behavior::with(vec![E::new(NORMAL_SPELL, "Your opponent takes 800 damage.").op(Op::damage(Who::Opponent, Num::Const(800)))]),
        // Tremendous Fire
        46918794 => Behavior::with(vec![E::new(NORMAL_SPELL, "Your opponent takes 1000 damage and you take 500 damage.")
            .op(Op::damage(Who::Opponent, Num::Const(1000)))
            .op(Op::damage(Who::You, Num::Const(500)))]),
        // Stop Defense
        63102017 => Behavior::with(vec![E::new(NORMAL_SPELL, "Change 1 targeted Defense Position monster your opponent controls to face-up Attack Position.")
            .target(1, F::Monster & F::DefensePos & F::OppControls)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceUpAttack })]),
        // Just Desserts
        24068492 => Behavior::with(vec![E::new(NORMAL_TRAP, "Your opponent takes 500 damage for each monster they control.")
            .when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Any, count: 1 })
            .op(Op::damage(Who::Opponent, Num::per(500, Obj::All(Place::Monsters(Who::Opponent), F::Any))))]),
        // Ring of Destruction
        83555666 => Behavior::with(vec![E::new(
            NORMAL_TRAP,
            "Only in your opponent's turn, once per turn by name: target 1 face-up monster your opponent controls whose ATK does not exceed their LP; destroy it, and if you do, both players take damage equal to its original ATK.",
        )
        .when(Condition::opponents_turn())
        .limit(Limit::PerNamePerTurn)
        .target(1, F::Monster & F::FaceUp & F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Lp(Who::Opponent)))
        .op(Op::destroy(Obj::Targets))
        .then_if_did(vec![Op::damage(Who::Both, Num::stat_of(Stat::OriginalAtk, Obj::Affected))])]),
        _ => return None,
    })
}
