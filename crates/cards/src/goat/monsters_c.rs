//! Goat batch 1 (monsters_c): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

use ygo_core::card::{type_bits, Attribute, Race, SpellKind, TrapKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{Phase, SummonKind, Zone};

use crate::mechanics::{fusion, turn_face_down};

const NIGHT_ASSAILANT: u32 = 16226786;
const NIMBLE_MOMONGA: u32 = 22567609;
const PETEN: u32 = 52624755;
const THUNDER_DRAGON: u32 = 31786629;
const SINISTER_SERPENT: u32 = 8131171;
const DARK_MAGICIAN: u32 = 46986414;
const BUSTER_BLADER: u32 = 78193831;
const MIRAGE_KNIGHT: u32 = 49217579;
const FLAME_SWORDSMAN: u32 = 45231177;
const LORD_OF_D: u32 = 17985575;
const DIVINE_DRAGON_RAGNAROK: u32 = 62113340;
const SPIRIT_REAPER: u32 = 23205979;
const NIGHTMARE_HORSE: u32 = 59290628;
const ZOMBYRA: u32 = 88472456;
const MARYOKUTAI: u32 = 71466592;
const WARRIOR_DAI_GREPHER: u32 = 75953262;
const SPIRIT_RYU: u32 = 67957315;
const POSSESSED_DARK_SOUL: u32 = 52860176;
const FRONTIER_WISEMAN: u32 = 38742075;
const DARK_BLADE: u32 = 11321183;
const PITCH_DARK_DRAGON: u32 = 47415292;
const FIREGRASS: u32 = 53293545;
const PETIT_DRAGON: u32 = 75356564;
const ARMAILL: u32 = 53153481;
const ONE_EYED_SHIELD_DRAGON: u32 = 33064647;
const CAVE_DRAGON: u32 = 93220472;
const LESSER_FIEND: u32 = 16475472;
const BARREL_DRAGON: u32 = 81480460;
const BLOWBACK_DRAGON: u32 = 25551951;
const BIG_KOALA: u32 = 42129512;
const DES_KANGAROO: u32 = 78613627;
const OJAMA_GREEN: u32 = 12482652;
const OJAMA_YELLOW: u32 = 42941100;
const OJAMA_BLACK: u32 = 79335209;
/// "At the start of the Damage Step, if this card attacks a monster in this position".
fn attacks_at_damage_step_start(target: F) -> Condition {
    Condition::All(vec![Condition::This(F::Attacker), Condition::EventCard(target)])
}
/// "When this card is Flip Summoned: destroy 1 targeted card of your opponent's matching".
fn flip_summon_destroys(text: &str, place: Place, filter: F) -> E {
    E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, text)
        .target_in(place, 1, 1, filter)
        .op(Op::destroy(Obj::Targets))
}

/// "Tribute Summoned": a Normal Summon with Tributes.
fn if_tribute_summoned(text: &str) -> E {
    E::trigger(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, text).when(Condition::This(F::Summoned(SummonKind::Tribute)))
}

/// "Special Summon 1 LIGHT monster with 1500 or less ATK from your Deck" (Shining Angel).
fn light_searcher() -> F {
    F::Monster & F::Attribute(Attribute::Light) & F::atk_at_most(1500) & F::can_special_summon()
}

/// The Spell Counter a Spellcaster gets each time a Spell Card's activation resolves.
fn spell_counter_per_spell() -> E {
    E::continuous("Each time a Spell Card is activated, this card gets 1 Spell Counter when that activation resolves (at most 3).")
        .modifier(Modifier::CounterPerActivation { kind: Counter::Spell, filter: F::Spell, max: 3 })
}

/// Skilled Dark/White Magician: Tribute it with 3 Spell Counters to summon `code`.
fn skilled_magician(code: u32, text: &str) -> Behavior {
    let wanted = F::Named(code) & F::can_special_summon();
    Behavior {
        counters: vec![Counter::Spell],
        ..Behavior::with(vec![
            spell_counter_per_spell(),
            E::ignition(text)
                .when(Condition::All(vec![
                    Condition::Compare(Num::CountersOnThis(Counter::Spell), Cmp::Ge, Num::Const(3)),
                    Condition::Exists { place: Place::HandDeckOrGy(Who::You), filter: wanted.clone(), count: 1 },
                ]))
                .cost(Cost::tribute(1, !F::NotSelf))
                .op(Op::Choose { who: Who::You, place: Place::HandDeckOrGy(Who::You), filter: wanted, min: 1, max: 1 })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
        ])
    }
}

/// Rescue Cat's Beasts: Level 3 or lower Beast monsters.
fn small_beast() -> F {
    F::Monster & F::Race(Race::BEAST) & F::level_at_most(3) & F::can_special_summon()
}

/// Rescue Cat: send it to the GY to Special Summon 2 small Beasts from the Deck, destroyed
/// in the End Phase; `negate`: their effects are negated (today's text).
fn rescue_cat(text: &str, negate: bool) -> E {
    let mut summon = vec![
        Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: small_beast(), min: 2, max: 2 },
        Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
    ];
    if negate {
        summon.push(Op::Apply { what: Obj::Affected, modifier: Modifier::negate_monster_effects(), until: Duration::Permanent });
    }
    summon.push(Op::Remember { what: Obj::Affected, slot: Mem(0) });
    summon.push(Op::Later { at: Moment::EndPhase, ops: vec![Op::destroy(Obj::Memory(Mem(0)))] });
    let e = E::ignition(text).cost(Cost::send_self_to_gy()).when(Condition::All(vec![
        Condition::Exists { place: Place::Deck(Who::You), filter: small_beast(), count: 2 },
        // Its own zone frees one of the two it needs.
        Condition::FreeMonsterZones(1),
    ]));
    summon.into_iter().fold(e, E::op)
}

/// Gatling Dragon: destroy exactly `n` monsters (chosen on resolution).
fn destroy_chosen(n: u8) -> Vec<Op> {
    vec![Op::Choose { who: Who::You, place: Place::Monsters(Who::Both), filter: F::Any, min: n, max: n }, Op::destroy(Obj::Chosen)]
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Mystic Swordsman LV6
        60482781 => Behavior {
            normal_set_only: true,
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned, but can be Set."),
                E::trigger(
                    Trigger::start_of_damage_step(),
                    "At the start of the Damage Step, if this card attacks a face-down Defense Position monster: destroy that monster without flipping it; you can place it on top of its owner's Deck instead of sending it to the GY.",
                )
                .when(attacks_at_damage_step_start(F::FaceDown & F::DefensePos))
                .op(Op::MayDo(vec![Op::destroy_to_deck_top(Obj::EventCard)]))
                .op(Op::destroy(Obj::EventCard)),
            ])
        },
        // Neko Mane King
        11021521 => Behavior::with(vec![E::trigger(
            Trigger::SentToGy { from: vec![], cause: Cause::OpponentEffect },
            "In your opponent's turn, when a card effect of your opponent sends this card from your side to your GY: the turn goes straight to its End Phase.",
        )
        .range(Range::Gy)
        .when(Condition::opponents_turn())
        .op(Op::skip_to_end_phase())]),
        // Night Assailant
        16226786 => Behavior::with(vec![
            E::flip("FLIP: destroy 1 targeted monster your opponent controls.")
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                .op(Op::destroy(Obj::Targets)),
            E::trigger(
                Trigger::SentToGy { from: vec![Zone::Hand], cause: Cause::Any },
                "When this card is sent from your hand to your GY: add 1 targeted Flip monster from your GY to your hand, except \"Night Assailant\".",
            )
            .range(Range::Gy)
            .target_in(Place::Gy(Who::You), 1, 1, F::ability(type_bits::FLIP) & !F::Named(NIGHT_ASSAILANT))
            .op(Op::ToHand(Obj::Targets)),
        ]),
        // Nimble Momonga
        22567609 => {
            let momonga = F::Named(NIMBLE_MOMONGA) & F::can_special_summon();
            Behavior::with(vec![E::trigger(
                Trigger::DestroyedByBattle,
                "When this card is destroyed by battle and sent to the GY: you gain 1000 LP; then you can Special Summon up to 2 \"Nimble Momonga\" from your Deck in face-down Defense Position.",
            )
            .range(Range::Gy)
            .op(Op::gain_lp(Who::You, Num::Const(1000)))
            .op(Op::only_if(
                Condition::All(vec![
                    Condition::Exists { place: Place::Deck(Who::You), filter: momonga.clone(), count: 1 },
                    Condition::FreeMonsterZones(1),
                ]),
                vec![Op::MayDo(vec![
                    Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: momonga, min: 1, max: 2 },
                    Op::special_summon(Obj::Chosen, SummonPos::FaceDownDefense),
                ])],
            ))])
        }
        // Ninja Grandmaster Sasuke
        4041838 => Behavior::with(vec![E::trigger(
            Trigger::start_of_damage_step(),
            "At the start of the Damage Step, if this card attacks a face-up Defense Position monster: destroy that monster.",
        )
        .when(attacks_at_damage_step_start(F::FaceUp & F::DefensePos))
        .op(Op::destroy(Obj::EventCard))]),
        // Old Vindictive Magician
        45141844 => Behavior::with(vec![E::flip("FLIP: destroy 1 targeted monster your opponent controls.")
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Peten the Dark Clown
        52624755 => {
            let peten = F::Named(PETEN) & F::can_special_summon();
            Behavior::with(vec![E::optional_when(
                Trigger::SentToGy { from: vec![], cause: Cause::Any },
                "When this card is sent to the GY: you can banish it from your GY to Special Summon 1 \"Peten the Dark Clown\" from your hand or Deck.",
            )
            .range(Range::Gy)
            .when(Condition::Exists { place: Place::HandOrDeck(Who::You), filter: peten.clone(), count: 1 })
            .cost(Cost::banish_from_gy(1, !F::NotSelf))
            .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: peten, min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
        }
        // Pitch-Black Warwolf
        88975532 => Behavior::with(vec![E::continuous("During the Battle Phase, your opponent cannot activate Trap Cards.")
            .when(Condition::in_battle_phase())
            .modifier(Modifier::cannot_activate(Who::Opponent, F::Trap))]),
        // Rescue Cat (today's text: the Beasts' effects are negated; once per turn)
        14878871 => Behavior::with(vec![rescue_cat(
            "Once per turn: you can send this face-up card to the GY to Special Summon 2 Level 3 or lower Beast monsters from your Deck; their effects are negated, and they are destroyed in the End Phase.",
            true,
        )
        .limit(Limit::PerNamePerTurn)]),
        // Royal Magical Library
        70791313 => Behavior {
            counters: vec![Counter::Spell],
            ..Behavior::with(vec![
                spell_counter_per_spell(),
                E::ignition("Remove 3 Spell Counters from this card: draw 1 card.")
                    .cost(Cost::RemoveCounters { kind: Counter::Spell, count: 3 })
                    .op(Op::Draw { who: Who::You, count: Num::Const(1) }),
            ])
        },
        // Sacred Crane
        30914564 => Behavior::with(vec![E::trigger(Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This }, "When this card is Special Summoned: draw 1 card.")
            .op(Op::Draw { who: Who::You, count: Num::Const(1) })]),
        // Sasuke Samurai
        16222645 => Behavior::with(vec![E::trigger(
            Trigger::start_of_damage_step(),
            "At the start of the Damage Step, if this card attacks a face-down Defense Position monster: destroy that monster.",
        )
        .when(attacks_at_damage_step_start(F::FaceDown & F::DefensePos))
        .op(Op::destroy(Obj::EventCard))]),
        // Sasuke Samurai #2
        11760174 => Behavior::with(vec![E::ignition(
            "Once per turn, in your Main Phase: you can pay 800 LP; until the End Phase, neither player can activate Spell or Trap Cards.",
        )
        .limit(Limit::PerCardPerTurn)
        .cost(Cost::pay_lp(Num::Const(800)))
        .op(Op::ApplyRule { modifier: Modifier::cannot_activate(Who::Both, F::Spell | F::Trap), until: Duration::EndPhase })]),
        // Sasuke Samurai #4
        64538655 => Behavior::with(vec![E::trigger(
            Trigger::start_of_damage_step(),
            "At the start of the Damage Step, if this card battles an opponent's monster: call a coin toss; if the call is right, destroy that monster.",
        )
        .when(Condition::EventCard(F::Monster))
        .op(Op::CallCoin)
        .then_if_did(vec![Op::destroy(Obj::EventCard)])]),
        // Shining Angel
        95956346 => Behavior::with(vec![E::optional_when(
            Trigger::DestroyedByBattle,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 LIGHT monster with 1500 or less ATK from your Deck in face-up Attack Position.",
        )
        .range(Range::Gy)
        .when(Condition::Exists { place: Place::Deck(Who::You), filter: light_searcher(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: light_searcher(), min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::Attack))]),
        // Skilled Dark Magician
        73752131 => skilled_magician(
            DARK_MAGICIAN,
            "You can Tribute this card while it has 3 Spell Counters to Special Summon 1 \"Dark Magician\" from your hand, Deck or GY.",
        ),
        // Skilled White Magician
        46363422 => skilled_magician(
            BUSTER_BLADER,
            "You can Tribute this card while it has 3 Spell Counters to Special Summon 1 \"Buster Blader\" from your hand, Deck or GY.",
        ),
        // Slate Warrior
        78636495 => Behavior::with(vec![
            E::flip("FLIP: this card gains 500 ATK and DEF.").op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(500), def: Num::Const(500) },
                until: Duration::Permanent,
            }),
            E::trigger(Trigger::DestroyedByBattle, "When this card is destroyed by battle: the monster that destroyed it loses 500 ATK and DEF.")
                .range(Range::Gy)
                .when(Condition::EventCard(F::OnField & F::FaceUp))
                .op(Op::Apply {
                    what: Obj::EventCard,
                    modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(-500) },
                    until: Duration::Permanent,
                }),
        ]),
        // Spear Dragon
        31553716 => Behavior::with(vec![
            E::continuous("When it attacks a Defense Position monster, it inflicts piercing battle damage.").modifier(Modifier::piercing(Scope::This)),
            E::trigger(Trigger::end_of_damage_step(), "If this card attacked, it changes to Defense Position at the end of the Damage Step.")
                .when(Condition::This(F::Attacker & F::AttackPos))
                .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense }),
        ]),
        // Spell Canceller
        84636823 => Behavior::with(vec![E::continuous("No Spell Card can be activated, and the effects of Spell Cards on the field are negated.")
            .modifier(Modifier::cannot_activate(Who::Both, F::Spell))
            .modifier(Modifier::negate_cards_on_field(F::Spell))]),
        // Stealth Bird
        3510565 => Behavior::with(vec![
            turn_face_down(),
            E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, "When this card is Flip Summoned: your opponent takes 1000 damage.")
                .op(Op::damage(Who::Opponent, Num::Const(1000))),
        ]),
        // Swarm of Locusts
        41872150 => Behavior::with(vec![
            turn_face_down(),
            flip_summon_destroys(
                "When this card is Flip Summoned: destroy 1 targeted Spell or Trap Card your opponent controls.",
                Place::SpellTraps(Who::Opponent),
                F::SpellTrap,
            ),
        ]),
        // Swarm of Scarabs
        15383415 => Behavior::with(vec![
            turn_face_down(),
            flip_summon_destroys("When this card is Flip Summoned: destroy 1 targeted monster your opponent controls.", Place::Monsters(Who::Opponent), F::Monster),
        ]),
        // Swift Gaia the Fierce Knight
        16589042 => Behavior {
            summon_without_tributes: Some(Condition::NoneIn { place: Place::Hand(Who::You), filter: F::Any }),
            ..Behavior::with(vec![E::continuous("While it is the only card in your hand, you can Normal Summon it without Tributing.")])
        },
        // The Rock Spirit
        76305638 => Behavior {
            no_normal_summon: true,
            summon_rule: Some(SummonRule::BanishFromGy(vec![F::Monster & F::Attribute(Attribute::Earth)])),
            ..Behavior::with(vec![
                E::continuous("Cannot be Normal Summoned or Set: it is Special Summoned from your hand by banishing 1 EARTH monster from your GY."),
                E::continuous("During your opponent's Battle Phase it gains 300 ATK.")
                    .when(Condition::All(vec![Condition::opponents_turn(), Condition::in_battle_phase()]))
                    .modifier(Modifier::AtkDef { scope: Scope::This, atk: Num::Const(300), def: Num::Const(0) }),
            ])
        },
        // The Wicked Worm Beast
        6285791 => Behavior::with(vec![E::trigger(Trigger::Phase { phase: Phase::End, whose: Who::You }, "In your End Phase, this face-up card returns to its owner's hand.")
            .op(Op::ToHand(Obj::This))]),
        // Thestalos the Firestorm Monarch
        26205777 => Behavior::with(vec![if_tribute_summoned(
            "When this card is Tribute Summoned: 1 random card from your opponent's hand is discarded; if it was a monster, your opponent takes 100 damage for each of its Levels.",
        )
        .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
        .op(Op::Discard(Obj::Chosen))
        .op(Op::If {
            test: Test::AffectedIs(F::Monster),
            then: vec![Op::damage(Who::Opponent, Num::Times(Box::new(Num::stat_of(Stat::Level, Obj::Affected)), 100))],
            otherwise: vec![],
        })]),
        // Thunder Dragon
        31786629 => Behavior::with(vec![E::ignition("Discard this card: add up to 2 \"Thunder Dragon\" from your Deck to your hand.")
            .from_hand()
            .cost(Cost::discard_self())
            .when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Named(THUNDER_DRAGON), count: 1 })
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Named(THUNDER_DRAGON), min: 1, max: 2 })
            .op(Op::ToHand(Obj::Chosen))]),
        // Toon Goblin Attack Force
        15270885 => Behavior::with(crate::mechanics::toon(vec![E::trigger(
                Trigger::end_of_battle_phase(),
                "If it attacked, it changes to Defense Position at the end of the Battle Phase, and its battle position cannot be changed until the end of your next turn.",
            )
            .when(Condition::This(F::ThisTurn(TurnFact::Attacked)))
            .op(Op::ChangePosition { what: Obj::This, to: PosChange::FaceUpDefense })
            .op(Op::Apply { what: Obj::This, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::YourNextTurn })])),
        // Tribe-Infecting Virus
        33184167 => Behavior::with(vec![E::ignition("Discard 1 card and declare 1 monster Type: destroy every face-up monster of that Type on the field.")
            .cost(Cost::discard(1, F::Any))
            .op(Op::declare(Declare::Race))
            .op(Op::destroy(Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::Declared)))]),
        // Tsukuyomi
        34853266 => {
            let face_down = |e: E| e.target(1, F::Monster & F::FaceUp).op(Op::ChangePosition { what: Obj::Targets, to: PosChange::FaceDownDefense });
            crate::mechanics::spirit(
                "Cannot be Special Summoned.",
                vec![
                    face_down(E::trigger(
                        Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
                        "When this card is Normal Summoned or flipped face-up: turn 1 targeted face-up monster on the field face-down in Defense Position.",
                    )),
                    face_down(E::trigger(Trigger::Flipped, "")),
                ],
            )
        }
        // Zaborg the Thunder Monarch
        51945556 => Behavior::with(vec![if_tribute_summoned("When this card is Tribute Summoned: destroy 1 targeted monster on the field.")
            .target(1, F::Monster)
            .op(Op::destroy(Obj::Targets))]),
        // Zombyra the Dark
        88472456 => Behavior::with(vec![
            E::continuous("It cannot attack directly.").modifier(Modifier::cannot_attack_directly(Scope::This)),
            E::trigger(Trigger::destroys_by_battle(), "Each time this card destroys a monster by battle, it loses 200 ATK.").op(Op::Apply {
                what: Obj::This,
                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-200), def: Num::Const(0) },
                until: Duration::Permanent,
            }),
        ]),
        // Sinister Serpent (today's text: once per turn; a Sinister Serpent is banished later)
        8131171 => Behavior::with(vec![sinister_serpent(
            "Once per turn, in your Standby Phase, if this card is in your GY: you can return it to your hand; in your opponent's next End Phase, 1 \"Sinister Serpent\" in your GY is banished.",
        )
        .limit(Limit::PerNamePerTurn)
        .op(Op::Later {
            at: Moment::OpponentsNextEndPhase,
            ops: vec![
                Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: F::Named(SINISTER_SERPENT), min: 1, max: 1 },
                Op::Banish { what: Obj::Chosen, face_down: false },
            ],
        })]),
        // ---- Fusion monsters (SUM-9) ----
        // Dark Balter the Terrible
        80071763 => Behavior {
            fusion_materials_only: true,
            ..fusion(
                &[POSSESSED_DARK_SOUL, FRONTIER_WISEMAN],
                vec![
                    E::continuous("Fusion materials: \"Possessed Dark Soul\" + \"Frontier Wiseman\", no substitutes. The effects of the Effect Monsters this card destroys by battle are negated.")
                        .modifier(Modifier::negate_battle_victims_in_gy()),
                    E::quick("When a Normal Spell Card is activated: you can pay 1000 LP to negate its effect.")
                        .when(Condition::chain_top_activates(F::spell_of(SpellKind::Normal)))
                        .cost(Cost::pay_lp(Num::Const(1000)))
                        .op(Op::negate_effect(false)),
                ],
            )
        },
        // Dark Blade the Dragon Knight
        86805855 => fusion(
            &[DARK_BLADE, PITCH_DARK_DRAGON],
            vec![
                E::continuous("Fusion materials: \"Dark Blade\" + \"Pitch-Dark Dragon\"."),
                E::optional_if(
                    Trigger::dealt_battle_damage(false, Subject::This),
                    "Each time this card inflicts battle damage to your opponent: you can banish up to 3 targeted monsters from your opponent's GY.",
                )
                .target_in(Place::Gy(Who::Opponent), 1, 3, F::Monster)
                .op(Op::Banish { what: Obj::Targets, face_down: false }),
            ],
        ),
        // Dark Flare Knight
        13722870 => fusion(
            &[DARK_MAGICIAN, FLAME_SWORDSMAN],
            vec![
                E::continuous("Fusion materials: \"Dark Magician\" + \"Flame Swordsman\". You take no battle damage from battles involving this card.")
                    .modifier(Modifier::no_battle_damage_to_controller(Scope::This)),
                E::trigger(
                    Trigger::DestroyedByBattle,
                    "When this card is destroyed by battle and sent to the GY: Special Summon 1 \"Mirage Knight\" from your hand or Deck.",
                )
                .range(Range::Gy)
                .when(Condition::Exists { place: Place::HandOrDeck(Who::You), filter: F::Named(MIRAGE_KNIGHT) & F::can_special_summon(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::HandOrDeck(Who::You), filter: F::Named(MIRAGE_KNIGHT) & F::can_special_summon(), min: 1, max: 1 })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
            ],
        ),
        // Darkfire Dragon
        17881964 => fusion(&[FIREGRASS, PETIT_DRAGON], vec![E::continuous("Fusion materials: \"Firegrass\" + \"Petit Dragon\".")]),
        // Dragoness the Wicked Knight
        70681994 => fusion(&[ARMAILL, ONE_EYED_SHIELD_DRAGON], vec![E::continuous("Fusion materials: \"Armaill\" + \"One-Eyed Shield Dragon\".")]),
        // Fiend Skull Dragon
        66235877 => Behavior {
            fusion_materials_only: true,
            ..fusion(
                &[CAVE_DRAGON, LESSER_FIEND],
                vec![E::continuous(
                    "Fusion materials: \"Cave Dragon\" + \"Lesser Fiend\", no substitutes. It also counts as an \"Archfiend\" card. The effects of Flip monsters are negated. A Trap effect that targets this card is negated when it resolves, and that Trap Card is destroyed.",
                )
                .modifier(Modifier::negate_monster_effects_of(Scope::Monsters(F::ability(type_bits::FLIP))))
                .modifier(Modifier::NegateTargeting { scope: Scope::This, filter: F::Trap, roll: None })],
            )
        },
        // Gatling Dragon
        87751584 => fusion(
            &[BARREL_DRAGON, BLOWBACK_DRAGON],
            vec![
                E::continuous("Fusion materials: \"Barrel Dragon\" + \"Blowback Dragon\"."),
                E::ignition("Once per turn: you can toss 3 coins and destroy as many monsters on the field as possible, up to the number of heads.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::Exists { place: Place::Monsters(Who::Both), filter: F::Any, count: 1 })
                    .op(Op::TossCoins(3))
                    .op(Op::If {
                        // More heads than other monsters: every monster, this one included.
                        test: Test::Compare(Num::Heads, Cmp::Gt, Num::count_of(Obj::All(Place::Monsters(Who::Both), F::NotSelf))),
                        then: vec![Op::destroy(Obj::All(Place::Monsters(Who::Both), F::Any))],
                        otherwise: vec![Op::If {
                            test: Test::Compare(Num::Heads, Cmp::Eq, Num::Const(1)),
                            then: destroy_chosen(1),
                            otherwise: vec![Op::If {
                                test: Test::Compare(Num::Heads, Cmp::Eq, Num::Const(2)),
                                then: destroy_chosen(2),
                                otherwise: vec![Op::If { test: Test::Compare(Num::Heads, Cmp::Eq, Num::Const(3)), then: destroy_chosen(3), otherwise: vec![] }],
                            }],
                        }],
                    }),
            ],
        ),
        // King Dragun
        13756293 => fusion(
            &[LORD_OF_D, DIVINE_DRAGON_RAGNAROK],
            vec![
                E::continuous("Fusion materials: \"Lord of D.\" + \"Divine Dragon Ragnarok\". Your opponent's card effects cannot target Dragon monsters on the field.")
                    .modifier(Modifier::untargetable_by_opponent(Scope::Monsters(F::Race(Race::DRAGON)))),
                E::ignition("Once per turn: you can Special Summon 1 Dragon monster from your hand.")
                    .limit(Limit::PerCardPerTurn)
                    .when(Condition::All(vec![
                        Condition::FreeMonsterZones(1),
                        Condition::Exists { place: Place::Hand(Who::You), filter: F::Race(Race::DRAGON) & F::can_special_summon(), count: 1 },
                    ]))
                    .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: F::Race(Race::DRAGON) & F::can_special_summon(), min: 1, max: 1 })
                    .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
            ],
        ),
        // Master of Oz
        27134689 => fusion(&[BIG_KOALA, DES_KANGAROO], vec![E::continuous("Fusion materials: \"Big Koala\" + \"Des Kangaroo\".")]),
        // Ojama King
        90140980 => {
            let lock = |e: E| e.op(Op::LockZones { who: Who::Opponent, count: 3 });
            fusion(
                &[OJAMA_GREEN, OJAMA_YELLOW, OJAMA_BLACK],
                vec![
                    E::continuous("Fusion materials: \"Ojama Green\" + \"Ojama Yellow\" + \"Ojama Black\"."),
                    lock(E::trigger(
                        Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
                        "When this card is Summoned or flipped face-up: choose up to 3 unused Monster Zones of your opponent; they cannot be used while this card is face-up on the field.",
                    )),
                    lock(E::trigger(Trigger::Flipped, "")),
                ],
            )
        }
        // Reaper on the Nightmare (today's text: destroyed after an effect that targets it)
        85684223 => fusion(&[SPIRIT_REAPER, NIGHTMARE_HORSE], reaper_on_the_nightmare(Modifier::destroy_after_targeted(Scope::This))),
        // Ryu Senshi
        49868263 => Behavior {
            fusion_materials_only: true,
            ..fusion(
                &[WARRIOR_DAI_GREPHER, SPIRIT_RYU],
                vec![
                    E::continuous("Fusion materials: \"Warrior Dai Grepher\" + \"Spirit Ryu\", no substitutes. A Spell effect that targets this card is negated when it resolves, and that Spell Card is destroyed.")
                        .modifier(Modifier::NegateTargeting { scope: Scope::This, filter: F::Spell, roll: None }),
                    E::quick("When a Normal Trap Card is activated: you can pay 1000 LP to negate its effect (this card must stay face-up on the field).")
                        .when(Condition::chain_top_activates(F::trap_of(TrapKind::Normal)))
                        .cost(Cost::pay_lp(Num::Const(1000)))
                        .needs_card_on_field()
                        .op(Op::negate_effect(false)),
                ],
            )
        },
        // The Last Warrior from Another Planet
        86099788 => fusion(
            &[ZOMBYRA, MARYOKUTAI],
            vec![
                E::continuous("Fusion materials: \"Zombyra the Dark\" + \"Maryokutai\". Neither player can Summon monsters.").modifier(Modifier::cannot_summon(Who::Both)),
                E::trigger(Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This }, "When this card is Special Summoned: destroy every other monster you control.")
                    .op(Op::destroy(Obj::All(Place::Monsters(Who::You), F::NotSelf))),
            ],
        ),
        // Twin-Headed Thunder Dragon
        54752875 => fusion(&[THUNDER_DRAGON, THUNDER_DRAGON], vec![E::continuous("Fusion materials: 2 \"Thunder Dragon\".")]),
        _ => return None,
    })
}

/// Reaper on the Nightmare, with the way it is destroyed when targeted.
fn reaper_on_the_nightmare(when_targeted: Modifier) -> Vec<E> {
    vec![
        E::continuous("Fusion materials: \"Spirit Reaper\" + \"Nightmare Horse\". It cannot be destroyed by battle.")
            .modifier(Modifier::indestructible_by_battle(Scope::This)),
        E::continuous("When a card effect targets this face-up card, it is destroyed.").modifier(when_targeted),
        E::continuous("It can attack your opponent directly even while they control monsters.").modifier(Modifier::direct_attack(Scope::This)),
        E::trigger(
            Trigger::dealt_battle_damage(true, Subject::This),
            "When this card inflicts battle damage to your opponent with a direct attack: 1 random card from their hand is discarded.",
        )
        .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
        .op(Op::Discard(Obj::Chosen)),
    ]
}

/// Sinister Serpent: in its controller's Standby Phase it may return from the GY to the hand.
fn sinister_serpent(text: &str) -> E {
    E::optional_if(Trigger::Phase { phase: Phase::Standby, whose: Who::You }, text).range(Range::Gy).op(Op::ToHand(Obj::This))
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Rescue Cat (2005: the Beasts keep their effects; no once-per-turn limit)
        14878871 => Behavior::with(vec![rescue_cat(
            "You can send this face-up card to the GY to Special Summon 2 Level 3 or lower Beast monsters from your Deck; they are destroyed in the End Phase.",
            false,
        )]),
        // Reaper on the Nightmare (2005: destroyed as soon as an effect targets it)
        85684223 => fusion(&[SPIRIT_REAPER, NIGHTMARE_HORSE], reaper_on_the_nightmare(Modifier::destroy_when_targeted(Scope::This))),
        // Shining Angel (2005: a floater that may find nothing, VER-1)
        95956346 => crate::mechanics::floater(
            crate::Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 LIGHT monster with 1500 or less ATK from your Deck in face-up Attack Position (with none there, show your Deck); then shuffle your Deck.",
            F::Monster & F::Attribute(Attribute::Light) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Sinister Serpent (2005: no once-per-turn limit, nothing banished later)
        8131171 => Behavior::with(vec![sinister_serpent("In your Standby Phase, if this card is in your GY: you can return it to your hand.")]),
        _ => return None,
    })
}
