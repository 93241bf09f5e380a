//! The summoning pool (`pools/extra-deck-1.txt`): Ritual, Fusion (with substitutes),
//! Synchro, Xyz, Pendulum and Link monsters and the spells that summon them. Materials are
//! declared as data ([`Materials`]); Ritual and Fusion spells are one [`ExtraOp`] step.
//! Texts are our own short words.

use ygo_core::card::type_bits;
use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{BattleStep, DamageStep, Phase, SummonKind};

use crate::mechanics::fusion;

const NORMAL_SPELL: EffectKind = EffectKind::Spell(SpellKind::Normal);
const RITUAL_SPELL: EffectKind = EffectKind::Spell(SpellKind::Ritual);

const BLACK_LUSTER_SOLDIER: u32 = 5405694;
const RELINQUISHED: u32 = 64631466;
const POLYMERIZATION: u32 = 24094653;
const JUNK_SYNCHRON: u32 = 63977008;

fn named(codes: &[u32]) -> Vec<F> {
    codes.iter().map(|&c| F::Named(c)).collect()
}
fn synchro(tuner: F, effects: Vec<E>) -> Behavior {
    Behavior { effects, materials: Some(Materials::Synchro { tuner, non_tuner: F::Any, min: 1, max: u8::MAX }), ..Behavior::default() }
}

fn link(min: u8, max: u8, filter: F, effects: Vec<E>) -> Behavior {
    Behavior { effects, materials: Some(Materials::Link { min, max, filter }), ..Behavior::default() }
}

fn ritual_spell(text: &str, monster: F, from: RitualFrom, material: F, exact: bool) -> Behavior {
    Behavior::with(vec![E::new(RITUAL_SPELL, text).op(Op::Extra(ExtraOp::Ritual { monster, from, material, exact }))])
}

/// Relinquished / Thousand-Eyes Restrict: take 1 opponent's monster as an equip card (one at
/// a time); its printed ATK/DEF become this card's original ATK/DEF.
fn absorb() -> E {
    E::ignition("Once per turn, while no monster is equipped to it this way: you can target 1 monster your opponent controls; equip it to this card. This card's original ATK/DEF become that monster's.")
        .limit(Limit::PerCardPerTurn)
        .when(Condition::All(vec![
            Condition::NoneIn { place: Place::SpellTraps(Who::You), filter: F::monster_card() & F::equipped_to(Obj::This) },
            Condition::FreeSpellZones(1),
        ]))
        .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Any)
        .needs_card_on_field()
        .op(Op::EquipAsCard {
            what: Obj::Targets,
            to: Obj::This,
            grants: Some(Modifier::set_original(Some(Num::stat_of(Stat::OriginalAtk, Obj::Affected)), Some(Num::stat_of(Stat::OriginalDef, Obj::Affected)))),
        })
}

/// Stargazer/Timegazer: Scale 4 unless the other Pendulum Zone holds a "Magician" or "Odd-Eyes" card.
fn magician_scale() -> Modifier {
    Modifier::scale_unless_partner(4, F::NameHas("Magician".into()) | F::NameHas("Odd-Eyes".into()))
}

fn pendulum() -> F {
    F::ability(type_bits::PENDULUM)
}

/// Stargazer Magician's condition: exactly 1 card (and no other) went from the field to the
/// hand in this happening, outside the Damage Step. The count of one happening's moves is
/// this card's wording alone.
fn exactly_one_returned(q: &ygo_core::author::Query<'_>) -> bool {
    use ygo_core::{Event, Zone};
    let returned =
        q.duel.last_happening().iter().filter(|e| matches!(e, Event::Moved { from, to, .. } if from.zone.on_field() && to.zone == Zone::Hand)).count();
    returned == 1 && !matches!(q.duel.battle_step(), Some(BattleStep::Damage(_)))
}

fn level(n: u8) -> F {
    F::stat(Stat::Level, Cmp::Eq, n as i32)
}

/// The behaviour of a card of this pool by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // ---- Ritual (SUM-8) ----
        // Black Luster Ritual
        55761792 => ritual_spell(
            "Ritual Summon \"Black Luster Soldier\" from your hand by Tributing monsters from your hand or field whose Levels total 8 or more.",
            F::Named(BLACK_LUSTER_SOLDIER),
            RitualFrom::HandOrField,
            F::Monster,
            false,
        ),
        // Black Luster Soldier
        5405694 => Behavior::with(vec![E::continuous("A Ritual monster: Ritual Summoned with \"Black Luster Ritual\".")]),
        // Advanced Ritual Art
        46052429 => ritual_spell(
            "Ritual Summon 1 Ritual monster from your hand by sending Normal monsters from your Deck to the GY whose Levels total exactly its Level.",
            F::Any,
            RitualFrom::Deck,
            F::ability(type_bits::NORMAL),
            true,
        ),
        // Relinquished
        64631466 => Behavior::with(vec![
            E::continuous("A Ritual monster: Ritual Summoned with \"Black Illusion Ritual\". If it would be destroyed by battle, the monster equipped to it by its effect is destroyed instead. While so equipped, battle damage you take from its battles is dealt to your opponent too.")
                .modifier(Modifier::destroy_equipped_instead(Scope::This))
                .modifier(Modifier::reflect_battle_damage(Scope::This)),
            absorb(),
        ]),
        // Black Illusion Ritual
        41426869 => ritual_spell(
            "Ritual Summon \"Relinquished\" from your hand by Tributing monsters from your hand or field whose Levels total 1 or more.",
            F::Named(RELINQUISHED),
            RitualFrom::HandOrField,
            F::Monster,
            false,
        ),
        // ---- Fusion (SUM-9) ----
        // Polymerization
        24094653 => Behavior::with(vec![E::new(
            NORMAL_SPELL,
            "Fusion Summon 1 Fusion monster from your Extra Deck, sending its materials from your hand or field to the GY.",
        )
        .op(Op::Extra(ExtraOp::Fusion))]),
        // Flame Swordsman: Flame Manipulator + Masaki the Legendary Swordsman
        45231177 => fusion(&[34460851, 44287299], vec![E::continuous("Fusion materials: \"Flame Manipulator\" + \"Masaki the Legendary Swordsman\".")]),
        // Blue-Eyes Ultimate Dragon: 3 Blue-Eyes White Dragon
        23995346 => fusion(&[89631139, 89631139, 89631139], vec![E::continuous("Fusion materials: 3 \"Blue-Eyes White Dragon\".")]),
        // Thousand-Eyes Restrict: Relinquished + Thousand-Eyes Idol
        63519819 => Behavior {
            effects: vec![
                E::continuous("Fusion materials: \"Relinquished\" + \"Thousand-Eyes Idol\". Every other monster on the field can neither attack nor change its battle position. If it would be destroyed by battle, the monster equipped to it by its effect is destroyed instead.")
                    .modifier(Modifier::cannot_attack(Scope::Monsters(F::NotSelf)))
                    .modifier(Modifier::cannot_change_position(Scope::Monsters(F::NotSelf)))
                    .modifier(Modifier::destroy_equipped_instead(Scope::This)),
                absorb(),
            ],
            materials: Some(Materials::Fusion { slots: named(&[RELINQUISHED, 27125110]), by_polymerization: true }),
            ..Behavior::default()
        },
        // Black Skull Dragon: Summoned Skull + Red-Eyes Black Dragon
        11901678 => fusion(&[70781052, 74677422], vec![E::continuous("Fusion materials: \"Summoned Skull\" + \"Red-Eyes Black Dragon\".")]),
        // Gaia the Dragon Champion: Gaia The Fierce Knight + Curse of Dragon
        66889139 => fusion(&[6368038, 28279543], vec![E::continuous("Fusion materials: \"Gaia The Fierce Knight\" + \"Curse of Dragon\".")]),
        // Elemental HERO Flame Wingman
        35809262 => Behavior {
            effects: vec![
                E::continuous("Fusion materials: \"Elemental HERO Avian\" + \"Elemental HERO Burstinatrix\". Must be Fusion Summoned."),
                E::trigger(
                    Trigger::destroys_by_battle_to_gy(),
                    "When it destroys a monster by battle and sends it to the GY: inflict damage to your opponent equal to that monster's ATK.",
                )
                .op(Op::damage(Who::Opponent, Num::stat_of(Stat::OriginalAtk, Obj::EventCard))),
            ],
            materials: Some(Materials::Fusion { slots: named(&[21844576, 58932615]), by_polymerization: true }),
            ..Behavior::default()
        },
        // Evil HERO Inferno Wing: the same materials, but never with Polymerization.
        22160245 => Behavior {
            effects: vec![
                E::continuous("Fusion materials: \"Elemental HERO Avian\" + \"Elemental HERO Burstinatrix\". Only Special Summoned with \"Dark Fusion\" (never with \"Polymerization\"). It deals piercing battle damage.")
                    .modifier(Modifier::piercing(Scope::This)),
                E::trigger(
                    Trigger::destroys_by_battle_to_gy(),
                    "When it destroys a monster by battle and sends it to the GY: inflict damage to your opponent equal to that monster's original ATK or DEF, whichever is higher.",
                )
                .op(Op::damage(Who::Opponent, Num::max(Num::stat_of(Stat::OriginalAtk, Obj::EventCard), Num::stat_of(Stat::OriginalDef, Obj::EventCard)))),
            ],
            materials: Some(Materials::Fusion { slots: named(&[21844576, 58932615]), by_polymerization: false }),
            ..Behavior::default()
        },
        // King of the Swamp
        79109599 => Behavior {
            effects: vec![
                E::continuous("It can stand in for 1 Fusion material named on a Fusion monster (the other materials must be correct)."),
                E::ignition("Discard this card: add 1 \"Polymerization\" from your Deck to your hand.")
                    .from_hand()
                    .cost(Cost::discard_self())
                    .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Named(POLYMERIZATION), min: 1, max: 1 })
                    .op(Op::ToHand(Obj::Chosen))
                    .op(Op::ShuffleDeck(Who::You)),
            ],
            fusion_substitute: true,
            ..Behavior::default()
        },
        // Goddess with the Third Eye
        53493204 => Behavior {
            effects: vec![E::continuous("It can stand in for 1 Fusion material named on a Fusion monster (the other materials must be correct).")],
            fusion_substitute: true,
            ..Behavior::default()
        },
        // ---- Synchro (SUM-10) ----
        // Stardust Dragon
        44508094 => synchro(
            F::Any,
            vec![E::quick("1 Tuner + 1 or more non-Tuners. When a card or effect that would destroy a card on the field is activated: you can Tribute this card; negate that activation and destroy that card.")
                .when(Condition::chain_top_destroys())
                .cost(Cost::tribute(1, !F::NotSelf))
                .op(Op::negate_activation(true)),
                E::optional_if(
                    Trigger::Phase { phase: Phase::End, whose: Who::Both },
                    "In the End Phase of a turn its negation above was applied: you can Special Summon it from your GY.",
                )
                .range(Range::Gy)
                .when(Condition::ResolvedThisTurn(0))
                .op(Op::special_summon(Obj::This, SummonPos::FaceUp))],
        ),
        // Red Dragon Archfiend
        70902743 => synchro(
            F::Any,
            vec![
                E::trigger(
                    Trigger::end_of_damage_step(),
                    "1 Tuner + 1 or more non-Tuners. After it attacks a Defense Position monster: destroy every Defense Position monster your opponent controls.",
                )
                .when(Condition::attacked_defense_position())
                .op(Op::destroy(Obj::All(Place::Monsters(Who::Opponent), F::DefensePos))),
                E::trigger(
                    Trigger::Phase { phase: Phase::End, whose: Who::You },
                    "In your End Phase: destroy every other monster you control that did not declare an attack this turn.",
                )
                .needs_card_on_field()
                .op(Op::destroy(Obj::All(Place::Monsters(Who::You), F::NotSelf & !F::ThisTurn(TurnFact::Attacked)))),
            ],
        ),
        // Junk Synchron
        63977008 => Behavior::with(vec![E::optional_when(
            Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
            "A Tuner. When it is Normal Summoned: you can Special Summon 1 targeted Level 2 or lower monster from your GY in Defense Position; its effects are negated.",
        )
        .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::level_at_most(2) & F::can_special_summon())
        .op(Op::special_summon(Obj::Targets, SummonPos::Defense))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent })]),
        // Junk Warrior
        60800381 => synchro(
            F::Named(JUNK_SYNCHRON),
            vec![E::trigger(
                Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                "\"Junk Synchron\" + 1 or more non-Tuners. If it is Synchro Summoned: it gains ATK equal to the total ATK of the Level 2 or lower monsters you control.",
            )
            .when(Condition::This(F::Summoned(SummonKind::Synchro)))
            .op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef {
                    scope: Scope::This,
                    atk: Num::sum_of(Stat::Atk, Obj::All(Place::Monsters(Who::You), F::NotSelf & F::FaceUp & F::level_at_most(2) & F::level_at_least(1))),
                    def: Num::Const(0),
                },
                until: Duration::Permanent,
            })],
        ),
        // Speed Warrior
        9365703 => Behavior::with(vec![E::quick(
            "Once per turn, in the Battle Step of the turn it was Normal Summoned: you can double its original ATK until the end of the Battle Phase.",
        )
        .when(Condition::All(vec![
            Condition::This(F::Summoned(SummonKind::Normal) & F::ThisTurn(TurnFact::Arrived)),
            Condition::step(BattleStep::Battle),
        ]))
        .limit(Limit::PerCardPerTurn)
        .op(Op::Apply {
            what: Obj::This,
            modifier: Modifier::set_original(Some(Num::Times(Box::new(Num::stat_of(Stat::OriginalAtk, Obj::This)), 2)), None),
            until: Duration::EndOfBattlePhase,
        })]),
        // ---- Xyz (SUM-11) ----
        // Number 39: Utopia
        84013237 => Behavior {
            effects: vec![E::quick("2 Level 4 monsters. When a monster declares an attack: you can detach 1 material from it; negate that attack.")
                .when(Condition::AttackDeclared(F::Any))
                .cost(Cost::DetachMaterial(1))
                .op(Op::negate_attack()),
                E::trigger(Trigger::attack_targeted(), "If it is chosen as an attack target while it has no material: destroy it.")
                    .when(Condition::This(F::stat(Stat::Materials, Cmp::Eq, 0)))
                    .op(Op::destroy(Obj::This))],
            materials: Some(Materials::Xyz { count: 2, filter: F::Any }),
            ..Behavior::default()
        },
        // ---- Pendulum (SUM-12) ----
        // Odd-Eyes Pendulum Dragon
        16178681 => Behavior::with(vec![E::continuous(
            "A Pendulum monster (Scale 4). When it battles an opponent's monster, the battle damage it inflicts to your opponent is doubled.",
        )
        .modifier(Modifier::double_battle_damage(Scope::This)),
            E::optional_if(
                Trigger::Phase { phase: Phase::End, whose: Who::You },
                "Pendulum effect, once per turn: in your End Phase, you can destroy it in its Pendulum Zone, and if you do, add 1 Pendulum monster with 1500 or less ATK from your Deck to your hand.",
            )
            .range(Range::PendulumZone)
            .limit(Limit::PerNamePerTurn)
            .op(Op::destroy(Obj::This))
            .then_if_did(vec![
                Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: pendulum() & F::atk_at_most(1500), min: 1, max: 1 },
                Op::ToHand(Obj::Chosen),
            ]),
            E::quick(
                "Pendulum effect, once per turn: during damage calculation of a battle involving a Pendulum monster you control, you can make the battle damage you take from it 0.",
            )
            .in_damage_step()
            .range(Range::PendulumZone)
            .when(Condition::All(vec![
                Condition::step(BattleStep::Damage(DamageStep::DuringCalculation)),
                Condition::Battling(pendulum() & F::YouControl & F::FaceUp),
            ]))
            .limit(Limit::PerNamePerTurn)
            .op(Op::NoBattleDamage),
        ]),
        // Stargazer Magician
        94415058 => Behavior::with(vec![E::continuous(
            "A Pendulum monster (Scale 1). In a Pendulum Zone, its Scale becomes 4 unless your other Pendulum Zone holds a \"Magician\" or \"Odd-Eyes\" card. Also there: while a Pendulum monster you control battles, your opponent cannot activate Spell Cards until the end of the Damage Step.",
        )
        .modifier(magician_scale())
        .modifier(Modifier::pendulum_battle_lock(F::Spell)),
        E::optional_when(
            Trigger::ReturnedToHand(Subject::Any(pendulum())),
            "Once per turn, when exactly 1 other Pendulum monster you control (and no other card) is returned to your hand by an opponent's card effect, outside the Damage Step: you can Special Summon 1 monster with its name from your hand.",
        )
        .limit(Limit::PerCardPerTurn)
        .when(Condition::Custom(CustomCheck { name: "stargazer-exactly-one-returned", holds: exactly_one_returned }))
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::same_name_as(Obj::EventCard) & F::can_special_summon(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))]),
        // Timegazer Magician
        20409757 => Behavior::with(vec![E::continuous(
            "A Pendulum monster (Scale 8). It can be activated to a Pendulum Zone only while you control no monsters. In a Pendulum Zone, its Scale becomes 4 unless your other Pendulum Zone holds a \"Magician\" or \"Odd-Eyes\" card. Also there: while a Pendulum monster you control battles, your opponent cannot activate Trap Cards until the end of the Damage Step.",
        )
        .modifier(magician_scale())
        .modifier(Modifier::pendulum_battle_lock(F::Trap))
        .modifier(Modifier::scale_activation_needs(Condition::NoneIn { place: Place::Monsters(Who::You), filter: F::Any })),
        E::continuous(
            "As a monster in a Monster Zone: once per turn, the first time a card effect of your opponent would destroy cards in your Pendulum Zones, they are not destroyed.",
        )
        .when(Condition::This(F::InPlace(Place::Monsters(Who::You))))
        // A Pendulum monster card among the Spell & Trap cards is in a Pendulum Zone.
        .modifier(Modifier::ShieldOncePerTurn(Scope::FieldCards(F::card_type(type_bits::PENDULUM) & F::SpellTrap & F::YouControl)))]),
        // ---- Link (SUM-13) ----
        // Decode Talker
        1861629 => link(
            2,
            3,
            F::effect_monster(),
            vec![
                E::continuous("2 or more Effect monsters. It gains 500 ATK for each monster it points to.").modifier(Modifier::AtkDef {
                    scope: Scope::This,
                    atk: Num::per(500, Obj::All(Place::Monsters(Who::Both), F::PointedTo)),
                    def: Num::Const(0),
                }),
                E::quick("When your opponent activates a card or effect that targets a card you control: you can Tribute 1 monster it points to; negate the activation and destroy that card.")
                    .when(Condition::All(vec![Condition::chain_top_is(F::OppControls), Condition::chain_top_targets(F::YouControl & F::OnField)]))
                    .cost(Cost::tribute(1, F::PointedTo))
                    .op(Op::negate_activation(true)),
            ],
        ),
        // Link Spider
        98978921 => link(
            1,
            1,
            F::ability(type_bits::NORMAL),
            vec![E::ignition("1 Normal monster. Once per turn: you can Special Summon 1 Level 4 or lower Normal monster from your hand to a zone of yours it points to.")
                .limit(Limit::PerCardPerTurn)
                .when(Condition::FreeLinkedZone)
                .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::ability(type_bits::NORMAL) & F::level_at_most(4) & F::can_special_summon(), min: 1, max: 1 })
                .op(Op::special_summon_pointed(Obj::Chosen, SummonPos::FaceUp))],
        ),
        // Linkuriboh
        41999284 => link(
            1,
            1,
            level(1),
            vec![
                E::quick("1 Level 1 monster. When an opponent's monster declares an attack: you can Tribute this card; that monster's ATK becomes 0 until the end of the turn.")
                    .when(Condition::AttackDeclared(F::OppControls))
                    .cost(Cost::tribute(1, !F::NotSelf))
                    .op(Op::Apply {
                        what: Obj::All(Place::Monsters(Who::Opponent), F::Attacker),
                        modifier: Modifier::set_current(Scope::This, Some(Num::Const(0)), None),
                        until: Duration::EndOfTurn,
                    }),
                E::quick("Once per turn, if it is in your GY: you can Tribute 1 Level 1 monster; Special Summon it.")
                    .range(Range::Gy)
                    .limit(Limit::PerNamePerTurn)
                    .cost(Cost::tribute(1, level(1)))
                    .op(Op::special_summon(Obj::This, SummonPos::Attack)),
            ],
        ),
        // Sorcerer of Dark Magic
        88619463 => Behavior {
            effects: vec![
                E::continuous("Never Normal Summoned or Set: Special Summoned from the hand by Tributing 2 Level 6 or higher Spellcaster monsters, and in no other way."),
                E::quick("When a trap card is activated: you can negate the activation and destroy it.")
                    .when(Condition::chain_top_activates(F::Trap))
                    .needs_card_on_field()
                    .op(Op::negate_activation(true)),
            ],
            no_normal_summon: true,
            // "Cannot be Special Summoned by other ways": never revived, even once properly summoned.
            no_special_summon: true,
            summon_rule: Some(SummonRule::Tribute { count: 2, filter: F::Race(Race::SPELLCASTER) & F::level_at_least(6) }),
            ..Behavior::default()
        },
        _ => return None,
    })
}
