//! Goat batch 1 (traps): cards of `../shared/spec/pools/goat-1.txt`, each a declaration in
//! the effect vocabulary with its rules text in the project's own words.

#[allow(unused_imports)]
use ygo_core::card::{Attribute, Kind, Race, SpellKind, TrapKind};
#[allow(unused_imports)]
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::Phase;

/// "Ojama Token" (the token card Ojama Trio creates).
const OJAMA_TOKEN: u32 = 29843092;

/// The cards the opponent drew this turn, still in their hand.
fn drawn_by_opponent() -> F {
    F::SentBy(Sent::Draw) & F::ThisTurn(TurnFact::Arrived)
}

/// "When a Spell Card is activated" (the chain's last link is a Spell Card's activation).
fn spell_activated() -> Condition {
    Condition::chain_top_activates(F::Spell)
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Bad Reaction to Simochi
        40633297 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, whenever a card effect would make your opponent gain LP, they take that much damage instead.",
        )
        .modifier(Modifier::opponent_gains_become_damage())]),
        // Bottomless Trap Hole
        29401950 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent Normal, Flip or Special Summons 1 or more monsters with 1500 or more ATK: destroy those monsters and banish them.",
        )
        .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::OppControls & F::FaceUp & F::atk_at_least(1500) })
        .op(Op::destroy_and_banish(Obj::All(Place::Monsters(Who::Opponent), F::JustSummoned & F::FaceUp & F::atk_at_least(1500))))]),
        // Chain Disappearance
        57139487 => {
            let weak = || F::JustSummoned & F::FaceUp & F::atk_at_most(1000);
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "When 1 or more monsters with 1000 or less ATK are Summoned: banish them; then your opponent banishes every card with the same name from their hand and Deck.",
            )
            .when(Condition::JustSummoned { normal: true, flip: true, special: true, filter: F::FaceUp & F::atk_at_most(1000) })
            .op(Op::Banish { what: Obj::All(Place::Monsters(Who::Both), weak()), face_down: false })
            .then_if_did(vec![
                Op::Banish { what: Obj::All(Place::HandOrDeck(Who::Opponent), F::same_name_as(Obj::Affected)), face_down: false },
                Op::ShuffleDeck(Who::Opponent),
            ])])
        }
        // Deck Devastation Virus (today's count: the turn it resolves in and every turn up to
        // the end of the opponent's 3rd turn; the 2005 count is in `behavior_2005`)
        35027493 => {
            let since = |n| Condition::TurnsSince { anchor: Anchor::Memory(Mem(0)), whose: Who::Both, n };
            deck_devastation_virus(
                Condition::Any(vec![
                    Condition::ResolvedThisTurn(0),
                    since(1),
                    since(2),
                    since(3),
                    since(4),
                    Condition::All(vec![since(5), Condition::opponents_turn()]),
                ]),
                "Until the end of your opponent's 3rd turn (the turn it resolves in counts when it is theirs), each time they draw, look at the drawn cards and destroy the monsters among them with 1500 or less ATK.",
            )
        }
        // Curse of Royal
        2926176 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When a spell or trap card is activated that destroys 1 targeted spell or trap: negate the activation and destroy it.",
        )
        .when(Condition::All(vec![
            Condition::chain_top_activates(F::Spell | F::Trap),
            Condition::chain_top_destroys(),
            Condition::chain_top_targets(F::SpellTrap & F::OnField),
        ]))
        .op(Op::negate_activation(true))]),
        // Divine Wrath
        49010598 => Behavior::with(vec![E::trap(TrapKind::Counter, "When a monster effect is activated: discard 1 card; negate the activation and destroy that monster.")
            .when(Condition::chain_top_is(F::monster_card()))
            .cost(Cost::discard(1, F::Any))
            .op(Op::negate_activation(true))]),
        // Drop Off
        55773067 => {
            let normal_draw = || F::SentBy(Sent::Draw) & !F::SentBy(Sent::Effect);
            Behavior::with(vec![E::trap(TrapKind::Normal, "When your opponent draws for their Draw Phase: they discard the card they drew.")
                .when(Condition::All(vec![
                    Condition::opponents_turn(),
                    Condition::in_phase(Phase::Draw),
                    Condition::Exists { place: Place::Hand(Who::Opponent), filter: normal_draw() & F::JustArrived, count: 1 },
                ]))
                .op(Op::Discard(Obj::All(Place::Hand(Who::Opponent), normal_draw() & F::ThisTurn(TurnFact::Arrived))))])
        }
        // Fake Trap
        3027001 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "When your opponent activates a card or effect that would destroy 1 or more traps you control: this card is destroyed instead, and your traps cannot be destroyed by card effects until that chain has resolved.",
        )
        .when(Condition::All(vec![Condition::chain_top_is(F::OppControls), Condition::chain_top_would_destroy(F::Trap & F::YouControl & F::OnField)]))
        .op(Op::Apply { what: Obj::All(Place::SpellTraps(Who::You), F::Trap), modifier: Modifier::indestructible_by_effect(Scope::This), until: Duration::EndOfChain })
        .op(Op::destroy(Obj::This))]),
        // Final Attack Orders
        52503575 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, every face-up monster on the field is in Attack Position (also those that arrive later) and cannot change its battle position.",
        )
        .op(Op::ChangePosition { what: Obj::All(Place::Monsters(Who::Both), F::FaceUp & F::DefensePos), to: PosChange::FaceUpAttack })
        .modifier(Modifier::force_attack(Scope::Monsters(F::Any)))]),
        // Gift of The Mystical Elf
        98299011 => Behavior::with(vec![E::trap(TrapKind::Normal, "Gain 300 LP for each monster on the field.")
            .op(Op::gain_lp(Who::You, Num::per(300, Obj::All(Place::Monsters(Who::Both), F::Any))))]),
        // Gravity Bind
        85742772 => Behavior::with(vec![E::trap(TrapKind::Continuous, "While this card is face-up, no Level 4 or higher monster can declare an attack.")
            .modifier(Modifier::cannot_attack(Scope::Monsters(F::level_at_least(4))))]),
        // Magic Drain
        59344077 => Behavior::with(vec![E::trap(
            TrapKind::Counter,
            "When your opponent activates a spell card: they may discard 1 spell card to negate this card's effect; if they do not, negate their spell's activation and destroy it.",
        )
        .when(Condition::chain_top_activates(F::Spell & F::OppControls))
        .op(Op::Choose { who: Who::Opponent, place: Place::Hand(Who::Opponent), filter: F::Spell, min: 0, max: 1 })
        .op(Op::Discard(Obj::Chosen))
        .op(Op::If { test: Test::Did, then: vec![], otherwise: vec![Op::negate_activation(true)] })]),
        // Last Turn
        28566710 => {
            let chosen = || Obj::Memory(Mem(0));
            let alone = |who: Who| {
                Condition::All(vec![
                    Condition::Compare(Num::count_of(Obj::All(Place::Field(Who::Both), F::Any)), Cmp::Eq, Num::Const(1)),
                    Condition::Exists { place: Place::Monsters(who), filter: F::Any, count: 1 },
                ])
            };
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Only in your opponent's turn while your LP are 1000 or less: pick 1 monster you control; every other card on the field and every card in both hands goes to the GY. Then your opponent Special Summons 1 monster from their Deck in Attack Position, which attacks your monster at once (no battle damage). In the End Phase, the player whose monster is alone on the field wins the Duel; in any other case the Duel is a draw.",
            )
            .when(Condition::All(vec![
                Condition::opponents_turn(),
                Condition::Compare(Num::Lp(Who::You), Cmp::Le, Num::Const(1000)),
                Condition::Exists { place: Place::Monsters(Who::You), filter: F::Any, count: 1 },
            ]))
            .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::You), filter: F::Any, min: 1, max: 1 })
            .op(Op::Remember { what: Obj::Chosen, slot: Mem(0) })
            // Every other card (the hands and the field may hold none: the activation does not
            // need them).
            .op(Op::SendToGy(Obj::Filtered(Box::new(Obj::All(Place::Field(Who::Both), F::Any)), !F::one_of(chosen()))))
            .op(Op::SendToGy(Obj::Filtered(Box::new(Obj::All(Place::Hand(Who::Both), F::Any)), F::Any)))
            .op(Op::Choose { who: Who::Opponent, place: Place::Deck(Who::Opponent), filter: F::Monster & F::can_special_summon(), min: 1, max: 1 })
            .op(Op::SpecialSummon { what: Obj::Chosen, pos: SummonPos::Attack, side: Side::Owner })
            .op(Op::BattleNow { attacker: Obj::Affected, target: chosen(), no_damage: true })
            .op(Op::Later {
                at: Moment::EndPhase,
                ops: vec![Op::If {
                    test: Test::Holds(alone(Who::You)),
                    then: vec![Op::Win(Who::You)],
                    otherwise: vec![Op::If { test: Test::Holds(alone(Who::Opponent)), then: vec![Op::Win(Who::Opponent)], otherwise: vec![Op::Win(Who::Both)] }],
                }],
            })])
        }
        // Light of Intervention
        62867251 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "While this card is face-up, no monster can be Set; a Normal Summon may be in face-up Defense Position, and a monster that would be Special Summoned face-down is Special Summoned in face-up Defense Position instead.",
        )
        .modifier(Modifier::no_monster_sets())]),
        // Magical Thorn
        53119267 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(Trigger::AnyDiscarded(F::OppControls), "While it is face-up, each time cards are discarded from your opponent's hand, they take 500 damage for each of them.")
                .op(Op::damage(Who::Opponent, Num::per(500, Obj::EventCard))),
        ]),
        // Nightmare Wheel
        54704216 => Behavior::with(vec![
            E::trap(
                TrapKind::Continuous,
                "Target 1 monster your opponent controls: while this card is face-up, it cannot attack or change its battle position; when it leaves the field, this card is destroyed.",
            )
            .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::cannot_attack(Scope::This), until: Duration::WhileSourceOnField })
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::cannot_change_position(Scope::This), until: Duration::WhileSourceOnField })
            .op(Op::Apply { what: Obj::Targets, modifier: Modifier::source_destroyed_when_it_leaves(), until: Duration::WhileSourceOnField })
            .op(Op::Remember { what: Obj::Targets, slot: Mem(0) }),
            E::trigger(
                Trigger::Phase { phase: Phase::Standby, whose: Who::You },
                "In each of your Standby Phases, while that monster is still on the field (also when this resolves): your opponent takes 500 damage.",
            )
            .when(Condition::Remembered(Mem(0)))
            .needs_card_on_field()
            .op(Op::only_if(Condition::Remembered(Mem(0)), vec![Op::damage(Who::Opponent, Num::Const(500))])),
        ]),
        // Ojama Trio
        29843091 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Special Summon 3 Ojama Tokens (Beast, LIGHT, Level 2, 0/1000) to your opponent's field in Defense Position. They cannot be Tributed for a Tribute Summon; each time one is destroyed, its controller takes 300 damage.",
        )
        .op(Op::summon_tokens_for(Who::Opponent, OJAMA_TOKEN, 3, SummonPos::Defense))
        .op(Op::Apply { what: Obj::Affected, modifier: Modifier::no_tribute_summon_material(Scope::This), until: Duration::Permanent })]),
        // Ojama Token: the 300 damage of Ojama Trio is written on the token it creates (no
        // other card creates Ojama Tokens), as a trigger of the token leaving the field.
        OJAMA_TOKEN => Behavior::with(vec![E::trigger(
            Trigger::LeftField(F::SentBy(Sent::Destroyed)),
            "A token made by \"Ojama Trio\" (Beast, LIGHT, Level 2, 0/1000): when it is destroyed, its controller takes 300 damage.",
        )
        .op(Op::damage(Who::You, Num::Const(300)))]),
        // Phoenix Wing Wind Blast
        63356631 => Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card, then target 1 card your opponent controls: put it on top of its owner's Deck.")
            .cost(Cost::discard(1, F::Any))
            .target_in(Place::Field(Who::Opponent), 1, 1, F::Any)
            .op(Op::ToDeck { what: Obj::Targets, top: true })]),
        // Pikeru's Circle of Enchantment
        74270067 => Behavior::with(vec![E::trap(TrapKind::Normal, "You take no effect damage for the rest of this turn.")
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoEffectDamage })]),
        // Raigeki Break
        4178474 => Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card, then target 1 card on the field: destroy it.")
            .cost(Cost::discard(1, F::Any))
            .target(1, F::Any)
            .op(Op::destroy(Obj::Targets))]),
        // Return from the Different Dimension
        27174286 => {
            let summonable = || F::Monster & F::FaceUp & F::can_special_summon();
            Behavior::with(vec![E::trap(
                TrapKind::Normal,
                "Pay half your LP: Special Summon as many of your banished monsters as you can (up to your free zones). In the End Phase, banish every monster summoned this way.",
            )
            .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Banished(Who::You), filter: summonable(), count: 1 }]))
            .cost(Cost::pay_lp(Num::half(Num::Lp(Who::You))))
            // As many as possible: every candidate is picked (at most 5, the zones there
            // are); the first picked fill the free zones.
            .op(Op::Choose { who: Who::You, place: Place::Banished(Who::You), filter: summonable(), min: 5, max: 5 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
            .op(Op::Remember { what: Obj::Affected, slot: Mem(0) })
            .op(Op::Later { at: Moment::EndPhase, ops: vec![Op::Banish { what: Obj::Memory(Mem(0)), face_down: false }] })])
        }
        // Rite of Spirit
        30450531 => Behavior::with(vec![E::trap(TrapKind::Normal, "Target 1 \"Gravekeeper's\" monster in your GY: Special Summon it. \"Necrovalley\" does not affect this card.")
            .when(Condition::FreeMonsterZones(1))
            .target_in(Place::Gy(Who::You), 1, 1, F::Monster & F::NameHas("Gravekeeper's".into()) & F::can_special_summon())
            .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp))]),
        // Robbin' Goblin
        88279736 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(
                Trigger::dealt_battle_damage(false, Subject::Any(F::YouControl)),
                "While it is face-up, each time a monster you control inflicts battle damage to your opponent, they discard 1 random card.",
            )
            .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
            .op(Op::Discard(Obj::Chosen)),
        ]),
        // Rock Bombardment
        20781762 => Behavior::with(vec![E::trap(TrapKind::Normal, "Send 1 Rock monster from your Deck to the GY: your opponent takes 500 damage.")
            .cost(Cost::send_from_deck(1, F::Monster & F::Race(Race::ROCK)))
            .op(Op::damage(Who::Opponent, Num::Const(500)))]),
        // Royal Oppression
        93016201 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "While it is face-up, either player can pay 800 LP to negate the Special Summon of a monster, or an effect that Special Summons, and destroy that card.",
            )
            .by_either_player()
            .when(Condition::All(vec![Condition::This(F::FaceUp), Condition::Any(vec![Condition::special_summon_pending(), Condition::chain_top_special_summons()])]))
            .cost(Cost::pay_lp(Num::Const(800)))
            .op(Op::If { test: Test::Holds(Condition::special_summon_pending()), then: vec![Op::negate_summon()], otherwise: vec![Op::negate_effect(true)] }),
        ]),
        // Sakuretsu Armor
        56120475 => Behavior::with(vec![E::trap(TrapKind::Normal, "When an opponent's monster declares an attack: target it; destroy it.")
            .when(Condition::AttackDeclared(F::OppControls))
            .target(1, F::Attacker)
            .op(Op::destroy(Obj::Targets))]),
        // Secret Barrel
        27053506 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent takes 200 damage for each card in their hand and each card they control.").op(Op::damage(Who::Opponent, Num::Times(
                Box::new(Num::plus(Num::count_of(Obj::All(Place::Hand(Who::Opponent), F::Any)), Num::count_of(Obj::All(Place::Field(Who::Opponent), F::Any)))),
                200,
            )))]),
        // Skull Lair
        6733059 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trap(
                TrapKind::Continuous,
                "While it is face-up: banish any number of monster cards from your GY, then target 1 face-up monster on the field whose Level equals the number banished; destroy it.",
            )
            .when(Condition::This(F::FaceUp))
            .cost(Cost::banish_any_from_gy(F::monster_card()))
            .target(1, F::Monster & F::FaceUp & F::stat(Stat::Level, Cmp::Eq, Num::Cost(CostStat::Cards)))
            .op(Op::destroy(Obj::Targets)),
        ]),
        // Solar Ray
        44472639 => {
            let light = || F::Monster & F::FaceUp & F::Attribute(Attribute::Light);
            Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent takes 600 damage for each face-up LIGHT monster you control.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: light(), count: 1 })
                .op(Op::damage(Who::Opponent, Num::per(600, Obj::All(Place::Monsters(Who::You), light()))))])
        }
        // Solemn Wishes
        35346968 => Behavior::with(vec![
            E::trap(TrapKind::Continuous, "Activate this card to put it face-up on the field."),
            E::trigger(Trigger::Drew(Who::You), "While it is face-up, each time you draw (1 or more cards at once), you gain 500 LP.")
                .op(Op::gain_lp(Who::You, Num::Const(500))),
        ]),
        // Spell Purification
        1669772 => {
            let continuous = || F::FaceUp & F::card_kind(Kind::Spell(SpellKind::Continuous));
            Behavior::with(vec![E::trap(TrapKind::Normal, "Discard 1 card: destroy every face-up Continuous Spell on the field.")
                .cost(Cost::discard(1, F::Any))
                .when(Condition::Exists { place: Place::SpellTraps(Who::Both), filter: continuous(), count: 1 })
                .op(Op::destroy(Obj::All(Place::SpellTraps(Who::Both), continuous())))])
        }
        // Spell Shield Type-8
        38275183 => Behavior::with(vec![
            E::trap(TrapKind::Counter, "Choose 1 of its two effects. 1: When a spell card is activated that targets 1 monster on the field: negate the activation and destroy it.")
                .when(Condition::All(vec![spell_activated(), Condition::chain_top_targets(F::Monster & F::OnField)]))
                .op(Op::negate_activation(true)),
            E::trap(TrapKind::Counter, "2: When a spell card is activated: send 1 spell card from your hand to the GY; negate the activation and destroy it.")
                .when(spell_activated())
                .cost(Cost::discard(1, F::Spell))
                .op(Op::negate_activation(true)),
        ]),
        // Threatening Roar
        36361633 => Behavior::with(vec![E::trap(TrapKind::Normal, "Your opponent's monsters cannot declare an attack for the rest of this turn.")
            .op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::OppControls)), until: Duration::EndOfTurn })]),
        // Trap Dustshoot
        64697231 => Behavior::with(vec![E::trap(
            TrapKind::Normal,
            "Only while your opponent holds 4 or more cards: look at their hand, pick 1 monster card in it and shuffle it into their Deck.",
        )
        .when(Condition::Exists { place: Place::Hand(Who::Opponent), filter: F::Any, count: 4 })
        .op(Op::Reveal(Obj::All(Place::Hand(Who::Opponent), F::Any)))
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::Opponent), filter: F::monster_card(), min: 1, max: 1 })
        .op(Op::ToDeck { what: Obj::Chosen, top: false })]),
        // Wall of Revealing Light
        17078030 => Behavior::with(vec![E::trap(
            TrapKind::Continuous,
            "Pay any multiple of 1000 LP: while this card is face-up, monsters your opponent controls with ATK less than or equal to the LP paid cannot declare an attack.",
        )
        .cost(Cost::pay_lp_multiple(1000))
        .op(Op::ApplyRule {
            modifier: Modifier::cannot_attack(Scope::Monsters(F::OppControls & F::stat(Stat::Atk, Cmp::Le, Num::Cost(CostStat::Lp)))),
            until: Duration::WhileSourceOnField,
        })]),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (the Goat pool only).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Deck Devastation Virus (2005: "for the next 3 of your opponent's turns": the turn it
        // resolves in never counts)
        35027493 => {
            let opponent_turn = |n| Condition::TurnsSince { anchor: Anchor::Memory(Mem(0)), whose: Who::Opponent, n };
            deck_devastation_virus(
                Condition::Any(vec![opponent_turn(1), opponent_turn(2), opponent_turn(3)]),
                "During your opponent's next 3 turns, each time they draw, look at the drawn cards and destroy the monsters among them with 1500 or less ATK.",
            )
        }
        _ => return None,
    })
}

/// Deck Devastation Virus: the hand and field check on resolution, then the check of the
/// opponent's draws while `window` holds (counted from the turn it resolved: memory slot 0).
fn deck_devastation_virus(window: Condition, draws_text: &str) -> Behavior {
    let weak = || F::monster_card() & F::atk_at_most(1500);
    Behavior::with(vec![
        E::trap(
            TrapKind::Normal,
            "Tribute 1 DARK monster with 2000 or more ATK: look at your opponent's hand and monsters and destroy every monster among them with 1500 or less ATK.",
        )
        .cost(Cost::tribute(1, F::Attribute(Attribute::Dark) & F::atk_at_least(2000)))
        .op(Op::Reveal(Obj::All(Place::Hand(Who::Opponent), F::Any)))
        // "The weak monsters among them": the activation does not need one to exist now (its
        // later effect applies anyway).
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::All(Place::Hand(Who::Opponent), F::Any)), weak())))
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::All(Place::Monsters(Who::Opponent), F::Any)), weak())))
        // The turn it resolved: where the count of the next effect starts.
        .op(Op::Remember { what: Obj::This, slot: Mem(0) }),
        E::trigger(Trigger::Drew(Who::Opponent), draws_text)
            .range(Range::Gy)
            .when(window)
            .op(Op::Reveal(Obj::All(Place::Hand(Who::Opponent), drawn_by_opponent())))
            .op(Op::destroy(Obj::All(Place::Hand(Who::Opponent), drawn_by_opponent() & weak()))),
    ])
}
