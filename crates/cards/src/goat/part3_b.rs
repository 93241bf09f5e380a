//! Goat pool part 3 (part3_b): the second half of `../shared/spec/pools/goat-3.txt`: FLIP
//! monsters, monsters with summon, battle and sent-to-the-GY triggers, searchers and
//! recruiters, and the Fusion Monsters whose only text is their materials; each a
//! declaration in the effect vocabulary with its rules text in the project's own words.
//! The rulings decided for them are in `docs/rulings/goat-3.md`.

use ygo_core::card::{type_bits, Attribute, Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};
use ygo_core::types::{SummonKind, Zone};

use crate::mechanics::{self, fusion, search_or_show, turn_face_down};
use crate::Versions;

const HARPIE_LADY: u32 = 76812113;
const ZOMBIE_TIGER: u32 = 47693640;
const DES_DENDLE: u32 = 12965761;
const DON_TURTLE: u32 = 3493978;
const HYENA: u32 = 22873798;
const GIANT_GERM: u32 = 95178994;
const TROOP_DRAGON: u32 = 55013285;
const SKULL_KNIGHT_2: u32 = 15653824;

/// A Fusion Monster of two named materials, with no other effect.
fn pair(a: u32, b: u32, text: &str) -> Behavior {
    fusion(&[a, b], vec![E::continuous(text)])
}

/// "When this card is sent to the GY (`from`, by `cause`)": a mandatory trigger from the GY.
fn sent(from: Vec<Zone>, cause: Cause, text: &str) -> E {
    E::trigger(Trigger::SentToGy { from, cause }, text).range(Range::Gy)
}

/// "When this card is discarded from the hand to the GY by an opponent's card effect".
fn discarded_by_opponent(text: &str) -> E {
    sent(vec![Zone::Hand], Cause::OpponentEffect, text).when(Condition::This(F::SentBy(Sent::Discard)))
}

/// "When this card is Normal Summoned: no Trap Cards can be activated" (in response to it).
fn summoned_without_traps() -> Behavior {
    Behavior::with(vec![E::continuous("When this card is Normal Summoned, no Trap Card can be activated in response.")
        .when(Condition::JustSummoned { normal: true, flip: false, special: false, filter: !F::NotSelf })
        .modifier(Modifier::cannot_activate(Who::Both, F::Trap))])
}

/// "Destroyed when Normal Summoned; loses ATK while the opponent controls monsters"
/// (Boar Soldier, Nuvia the Wicked).
fn self_destructing(text_destroy: &str, text_atk: &str, atk: Num) -> Behavior {
    Behavior::with(vec![
        E::trigger(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, text_destroy).op(Op::destroy(Obj::This)),
        E::continuous(text_atk).when(Condition::Exists { place: Place::Monsters(Who::Opponent), filter: F::Any, count: 1 }).modifier(Modifier::AtkDef {
            scope: Scope::This,
            atk,
            def: Num::Const(0),
        }),
    ])
}

/// "When Normal Summoned: you can Special Summon 1 `named` from your hand".
fn calls_from_hand(named: u32, text: &str) -> E {
    let f = F::Named(named) & F::can_special_summon();
    E::optional_when(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, text)
        .when(Condition::Exists { place: Place::Hand(Who::You), filter: f.clone(), count: 1 })
        .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: f, min: 1, max: 1 })
        .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))
}

/// "FLIP: target 1 Trap on the field and destroy it; a Set card is shown first, and a
/// Spell is put back face-down" (Reaper of the Cards, Trap Master).
fn trap_remover(text: &str) -> Behavior {
    Behavior::with(vec![E::flip(text)
        .target_in(Place::SpellTraps(Who::Both), 1, 1, F::FaceDown | (F::FaceUp & F::Trap))
        .op(Op::Reveal(Obj::Filtered(Box::new(Obj::Targets), F::FaceDown)))
        .op(Op::destroy(Obj::Filtered(Box::new(Obj::Targets), F::Trap)))])
}

/// "When Normal or Flip Summoned: you can add 1 card matching `filter` from your Deck to
/// your hand": today's needs one there, the 2005 one may show the Deck instead.
fn summon_searcher(v: Versions, text: &str, filter: F) -> Behavior {
    let e = E::optional_when(Trigger::Summoned { normal: true, flip: true, special: false, of: Subject::This }, text);
    let e = match v {
        Versions::Current | Versions::Edison2010 => e.when(Condition::Exists { place: Place::Deck(Who::You), filter: filter.clone(), count: 1 }),
        Versions::Goat2005 => e,
    };
    let mut e = e;
    for op in mechanics::search(v, Place::Deck(Who::You), filter, vec![Op::ToHand(Obj::Chosen)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

fn ritual_monster() -> F {
    F::Monster & F::ability(type_bits::RITUAL)
}

fn ritual_spell() -> F {
    F::spell_of(SpellKind::Ritual)
}

/// "Destroyed by battle: you can add 1 "Harpie Lady" from your Deck to your hand" (Birdface).
fn birdface(v: Versions, text: &str) -> Behavior {
    let e = E::optional_when(Trigger::DestroyedByBattle, text).range(Range::Gy);
    let e = match v {
        Versions::Current | Versions::Edison2010 => e.when(Condition::Exists { place: Place::Deck(Who::You), filter: F::Named(HARPIE_LADY), count: 1 }),
        Versions::Goat2005 => e,
    };
    let mut e = e;
    for op in mechanics::search(v, Place::Deck(Who::You), F::Named(HARPIE_LADY), vec![Op::ToHand(Obj::Chosen)]) {
        e = e.op(op);
    }
    Behavior::with(vec![e])
}

/// "Destroyed by battle: Special Summon up to `max` more copies of this card from your Deck".
fn copies_from_deck(named: u32, max: u8, pos: SummonPos) -> Vec<Op> {
    vec![
        Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: F::Named(named) & F::can_special_summon(), min: 1, max },
        Op::special_summon(Obj::Chosen, pos),
    ]
}

/// Hyena: destroyed by battle, it calls its copies from the Deck.
fn hyena(v: Versions, text: &str) -> Behavior {
    let copies = F::Named(HYENA) & F::can_special_summon();
    let e = E::optional_when(Trigger::DestroyedByBattle, text).range(Range::Gy);
    let e = match v {
        Versions::Current | Versions::Edison2010 => {
            e.when(Condition::Exists { place: Place::Deck(Who::You), filter: copies, count: 1 }).op(copies_from_deck(HYENA, 2, SummonPos::FaceUp).remove(0))
        }
        Versions::Goat2005 => e.when(Condition::FreeMonsterZones(1)).op(Op::If {
            test: Test::Holds(Condition::Exists { place: Place::Deck(Who::You), filter: copies, count: 1 }),
            then: vec![copies_from_deck(HYENA, 2, SummonPos::FaceUp).remove(0)],
            otherwise: vec![Op::Reveal(Obj::All(Place::Deck(Who::You), F::Any)), Op::ShuffleDeck(Who::You)],
        }),
    };
    Behavior::with(vec![e.op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
}

/// Giant Germ: destroyed by battle, 500 damage, then copies from the Deck in Attack Position.
fn giant_germ(v: Versions, text: &str) -> Behavior {
    let copies = F::Named(GIANT_GERM) & F::can_special_summon();
    let mut ops = copies_from_deck(GIANT_GERM, 2, SummonPos::Attack);
    if v == Versions::Goat2005 {
        ops.push(Op::ShuffleDeck(Who::You));
    }
    Behavior::with(vec![E::trigger(Trigger::DestroyedByBattle, text).range(Range::Gy).op(Op::damage(Who::Opponent, Num::Const(500))).op(Op::only_if(
        Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Deck(Who::You), filter: copies, count: 1 }]),
        vec![Op::MayDo(ops)],
    ))])
}

/// Behemoth the King of All Animals: with 1 Tribute its original ATK is 2000; Tribute
/// Summoned, it returns as many Beasts from the GY to the hand as monsters were Tributed
/// (today's text targets them; the 2005 text picks them on resolution).
fn behemoth(v: Versions, texts: [&str; 3]) -> Behavior {
    let tribute_summoned = |n: i32| Condition::This(F::Summoned(SummonKind::Tribute) & F::stat(Stat::Tributes, Cmp::Eq, n));
    let beasts = F::Monster & F::Race(Race::BEAST);
    let back = |text: &str, n: u8| {
        let e = E::optional_when(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, text);
        match v {
            Versions::Current | Versions::Edison2010 => {
                e.when(tribute_summoned(n as i32)).target_in(Place::Gy(Who::You), n, n, beasts.clone()).op(Op::ToHand(Obj::Targets))
            }
            Versions::Goat2005 => e
                .when(Condition::All(vec![tribute_summoned(n as i32), Condition::Exists { place: Place::Gy(Who::You), filter: beasts.clone(), count: n }]))
                .op(Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: beasts.clone(), min: n, max: n })
                .op(Op::ToHand(Obj::Chosen)),
        }
    };
    Behavior {
        tribute_rule: Some((1, F::Any, false)),
        ..Behavior::with(vec![
            E::continuous(texts[0]).when(tribute_summoned(1)).modifier(Modifier::set_original(Some(Num::Const(2000)), None)),
            back(texts[1], 1),
            back(texts[2], 2),
        ])
    }
}

/// "You can equip 1 Equip Spell from your GY to this card" (Chopman the Desperate Outlaw,
/// The Kick Man): the Equip Spell becomes equipped to it without being activated.
fn equips_from_gy(e: E) -> E {
    let equip = F::spell_of(SpellKind::Equip);
    e.when(Condition::All(vec![Condition::FreeSpellZones(1), Condition::Exists { place: Place::Gy(Who::You), filter: equip.clone(), count: 1 }]))
        .needs_card_on_field()
        .op(Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: equip, min: 1, max: 1 })
        .op(Op::EquipAsCard { what: Obj::Chosen, to: Obj::This, grants: None })
}

/// Skull Knight #2: Tributed for the Tribute Summon of a Fiend, it calls a copy from the Deck
/// (the 2005 text: found or shown).
fn skull_knight_2(v: Versions, text: &str) -> Behavior {
    let copy = F::Named(SKULL_KNIGHT_2) & F::can_special_summon();
    let fiend_summoned = Condition::Exists {
        place: Place::Monsters(Who::You),
        filter: F::FaceUp & F::Race(Race::FIEND) & F::Summoned(SummonKind::Tribute) & F::ThisTurn(TurnFact::Arrived),
        count: 1,
    };
    let mut when = vec![Condition::This(F::SentBy(Sent::Tribute) & !F::SentBy(Sent::Cost)), fiend_summoned];
    if v == Versions::Current {
        when.push(Condition::Exists { place: Place::Deck(Who::You), filter: copy.clone(), count: 1 });
    }
    let e = sent(vec![Zone::Monster], Cause::Any, text).when(Condition::All(when));
    let e = match v {
        Versions::Current | Versions::Edison2010 => e
            .op(Op::Choose { who: Who::You, place: Place::Deck(Who::You), filter: copy, min: 1, max: 1 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp)),
        Versions::Goat2005 => e.op(search_or_show(Place::Deck(Who::You), copy, vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)])),
    };
    Behavior::with(vec![e])
}

/// Spear Cretin: sent to the GY after it was flipped face-up, each player Special Summons 1
/// monster from their own GY in face-up Attack or face-down Defense Position.
fn spear_cretin(text: &str) -> Behavior {
    let own = |who: Who| F::Monster & F::can_special_summon() & if who == Who::You { F::YouOwn } else { !F::YouOwn };
    Behavior::with(vec![sent(vec![Zone::Monster], Cause::Any, text)
        .when(Condition::This(F::WasFaceUp))
        .op(Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: own(Who::You), min: 1, max: 1 })
        .op(Op::SpecialSummon { what: Obj::Chosen, pos: SummonPos::AttackOrSet, side: Side::Owner })
        .op(Op::Choose { who: Who::Opponent, place: Place::Gy(Who::Opponent), filter: own(Who::Opponent), min: 1, max: 1 })
        .op(Op::SpecialSummon { what: Obj::Chosen, pos: SummonPos::AttackOrSet, side: Side::Owner })])
}

/// Infernal Flame Emperor: Tribute Summoned, banish 1 to 5 FIRE monsters from the GY (the
/// cost) to destroy as many Spells and Traps on the field; one alternative per number.
fn infernal_flame_emperor() -> Behavior {
    let fire = F::Monster & F::Attribute(Attribute::Fire);
    let mut effects = vec![E::continuous("Cannot be Special Summoned.")];
    for n in 1..=5u8 {
        let text = if n == 1 {
            "When this card is Tribute Summoned: you can banish up to 5 FIRE monsters from your GY to destroy that many Spells and Traps on the field."
                .to_string()
        } else {
            format!("(banishing {n})")
        };
        effects.push(
            E::optional_when(Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This }, &text)
                .alternative(0)
                .when(Condition::All(vec![
                    Condition::This(F::Summoned(SummonKind::Tribute)),
                    Condition::Exists { place: Place::SpellTraps(Who::Both), filter: F::Any, count: n },
                ]))
                .cost(Cost::banish_from_gy(n, fire.clone()))
                .op(Op::Choose { who: Who::You, place: Place::SpellTraps(Who::Both), filter: F::Any, min: n, max: n })
                .op(Op::destroy(Obj::Chosen)),
        );
    }
    Behavior { no_special_summon: true, ..Behavior::with(effects) }
}

/// The behaviour of a card of this group by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // ---- FLIP monsters ----
        // Reaper of the Cards
        33066139 => trap_remover("FLIP: Target 1 Trap on the field, or 1 Set card: destroy it if it is a Trap (a Set card is shown first; a Spell is left face-down where it was)."),
        // Trap Master
        46461247 => trap_remover("FLIP: Target 1 Trap on the field, or 1 Set card: destroy it if it is a Trap (a Set card is shown first; a Spell is left face-down where it was)."),
        // Shadow Tamer
        37620434 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up Fiend your opponent controls: take control of it until the End Phase.")
            .target(1, F::Monster & F::FaceUp & F::OppControls & F::Race(Race::FIEND))
            .op(Op::take_control(Obj::Targets, Duration::EndPhase))]),
        // Spirit Caller
        48659020 => {
            let small = F::Monster & F::ability(type_bits::NORMAL) & !F::ability(type_bits::TOKEN) & F::level_at_most(3) & F::can_special_summon();
            Behavior::with(vec![E::flip("FLIP: You can Special Summon 1 Level 3 or lower Normal monster from your GY.").op(Op::only_if(
                Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Gy(Who::You), filter: small.clone(), count: 1 }]),
                vec![Op::MayDo(vec![
                    Op::Choose { who: Who::You, place: Place::Gy(Who::You), filter: small, min: 1, max: 1 },
                    Op::special_summon(Obj::Chosen, SummonPos::FaceUp),
                ])],
            ))])
        }
        // Supply
        44072894 => Behavior::with(vec![E::flip("FLIP: Target up to 2 monsters in your GY that were sent there as materials of a Fusion Summon: add them to your hand.")
            .target_in(Place::Gy(Who::You), 1, 2, F::Monster & F::SentBy(Sent::Material))
            .op(Op::ToHand(Obj::Targets))]),
        // The Immortal of Thunder
        84926738 => Behavior::with(vec![
            E::flip("FLIP: You gain 3000 LP.").op(Op::gain_lp(Who::You, Num::Const(3000))),
            sent(vec![Zone::Monster], Cause::Any, "When this card goes from the field to the GY: you lose 5000 LP.").op(Op::pay_lp(Num::min(Num::Const(5000), Num::Lp(Who::You)))),
        ]),
        // The Stern Mystic
        87557188 => Behavior::with(vec![E::flip("FLIP: Every face-down card on the field is shown to both players, then stays face-down where it was (no effect activates).")
            .op(Op::Reveal(Obj::All(Place::Field(Who::Both), F::FaceDown)))]),
        // Tornado Bird
        71283180 => Behavior::with(vec![E::flip("FLIP: Target 2 Spells or Traps on the field: return them to their owners' hands.")
            .target_in(Place::SpellTraps(Who::Both), 2, 2, F::SpellTrap | F::FaceDown)
            .op(Op::ToHand(Obj::Targets))]),
        // White Ninja
        1571945 => Behavior::with(vec![E::flip("FLIP: Target 1 Defense Position monster on the field: destroy it.")
            .target(1, F::Monster & F::DefensePos)
            .op(Op::destroy(Obj::Targets))]),
        // Witch Doctor of Chaos
        75946257 => Behavior::with(vec![E::flip("FLIP: Target 1 monster in either player's GY: banish it.")
            .target_in(Place::Gy(Who::Both), 1, 1, F::Monster)
            .op(Op::Banish { what: Obj::Targets, face_down: false })]),
        // Wynn the Wind Charmer
        37744402 => Behavior::with(vec![E::flip("FLIP: Target 1 face-up WIND monster your opponent controls: take control of it while this card stays face-up on the field.")
            .target(1, F::Monster & F::FaceUp & F::OppControls & F::Attribute(Attribute::Wind))
            .op(Op::take_control(Obj::Targets, Duration::WhileSourceOnField))]),

        // ---- Fusion Monsters ----
        // Bickuribox
        25655502 => pair(93889755, 13215230, "Fusion materials: \"Crass Clown\" + \"Dream Clown\"."),
        // Charubin the Fire Knight
        37421579 => pair(36121917, 96851799, "Fusion materials: \"Monster Egg\" + \"Hinotama Soul\"."),
        // Cyber Saurus
        89112729 => pair(70138455, 94119974, "Fusion materials: \"Blast Juggler\" + \"Two-Headed King Rex\"."),
        // Deepsea Shark
        28593363 => pair(81386177, 69572024, "Fusion materials: \"Bottom Dweller\" + \"Tongyo\"."),
        // Empress Judge
        15237615 => pair(5901497, 64501875, "Fusion materials: \"Queen's Double\" + \"Hibikime\"."),
        // Flame Ghost
        58528964 => pair(32274490, 40826495, "Fusion materials: \"Skull Servant\" + \"Dissolverock\"."),
        // Flower Wolf
        95952802 => pair(90357090, 43500484, "Fusion materials: \"Silver Fang\" + \"Darkworld Thorns\"."),
        // Fusionist
        1641882 => pair(38142739, 83464209, "Fusion materials: \"Petit Angel\" + \"Mystical Sheep #2\"."),
        // Giltia the D. Knight
        51828629 => pair(89272878, 10071456, "Fusion materials: \"Guardian of the Labyrinth\" + \"Protector of the Throne\"."),
        // Humanoid Worm Drake
        5600127 => pair(73216412, 46821314, "Fusion materials: \"Worm Drake\" + \"Humanoid Slime\"."),
        // Kaminari Attack
        9653271 => pair(86088138, 21817254, "Fusion materials: \"Ocubeam\" + \"Mega Thunderball\"."),
        // Karbonala Warrior
        54541900 => pair(56342351, 92731455, "Fusion materials: \"M-Warrior #1\" + \"M-Warrior #2\"."),
        // Kwagar Hercules
        95144193 => pair(60802233, 52584282, "Fusion materials: \"Kuwagata α\" + \"Hercules Beetle\"."),
        // Labyrinth Tank
        99551425 => pair(8471389, 11384280, "Fusion materials: \"Giga-Tech Wolf\" + \"Cannon Soldier\"."),
        // Metal Dragon
        9293977 => pair(29172562, 55444629, "Fusion materials: \"Steel Ogre Grotto #1\" + \"Lesser Dragon\"."),
        // Musician King
        56907389 => pair(78010363, 17358176, "Fusion materials: \"Witch of the Black Forest\" + \"Lady of Faith\"."),
        // Punished Eagle
        74703140 => pair(41396436, 7805359, "Fusion materials: \"Blue-Winged Crown\" + \"Niwatori\"."),
        // Rabid Horseman
        94905343 => pair(5053103, 68516705, "Fusion materials: \"Battle Ox\" + \"Mystic Horseman\"."),
        // Roaring Ocean Snake
        19066538 => pair(98049915, 2118022, "Fusion materials: \"Mystic Lamp\" + \"Hyosube\"."),
        // Sanwitch
        53539634 => pair(26202165, 78010363, "Fusion materials: \"Sangan\" + \"Witch of the Black Forest\"."),
        // Skull Knight
        2504891 => pair(28725004, 42431843, "Fusion materials: \"Tainted Wisdom\" + \"Ancient Brain\"."),
        // St. Joan
        21175632 => pair(84080938, 57579381, "Fusion materials: \"The Forgiving Maiden\" + \"Darklord Marie\"."),
        // Thousand Dragon
        41462083 => pair(71625222, 88819587, "Fusion materials: \"Time Wizard\" + \"Baby Dragon\"."),
        // Warrior of Tradition
        56413937 => pair(38942059, 16899564, "Fusion materials: \"Sonic Maid\" + \"Beautiful Headhuntress\"."),

        // ---- Sent to the GY ----
        // Burning Algae
        41859700 => Behavior::with(vec![sent(vec![], Cause::Any, "When this card is sent to the GY: your opponent gains 1000 LP.").op(Op::gain_lp(Who::Opponent, Num::Const(1000)))]),
        // Skull-Mark Ladybug
        64306248 => Behavior::with(vec![sent(vec![], Cause::Any, "When this card is sent to the GY: you gain 1000 LP.").op(Op::gain_lp(Who::You, Num::Const(1000)))]),
        // Electric Snake
        11324436 => Behavior::with(vec![discarded_by_opponent("When an effect of your opponent's card discards this card from your hand to the GY: draw 2 cards.")
            .op(Op::Draw { who: Who::You, count: Num::Const(2) })]),
        // Minar
        32539892 => Behavior::with(vec![discarded_by_opponent("When an effect of your opponent's card discards this card from your hand to the GY: your opponent takes 1000 damage.")
            .op(Op::damage(Who::Opponent, Num::Const(1000)))]),
        // Elephant Statue of Blessing
        85166216 => Behavior::with(vec![sent(vec![Zone::Hand], Cause::OpponentEffect, "When an effect of your opponent's card sends this card from your hand to the GY: you gain 2000 LP.")
            .op(Op::gain_lp(Who::You, Num::Const(2000)))]),
        // Elephant Statue of Disaster
        12160911 => Behavior::with(vec![sent(vec![Zone::Hand], Cause::OpponentEffect, "When an effect of your opponent's card sends this card from your hand to the GY: your opponent takes 2000 damage.")
            .op(Op::damage(Who::Opponent, Num::Const(2000)))]),
        // Fear from the Dark
        34193084 => Behavior::with(vec![sent(vec![Zone::Hand, Zone::Deck], Cause::OpponentEffect, "When an effect of your opponent's card sends this card from your hand or Deck to the GY: Special Summon it.")
            .when(Condition::FreeMonsterZones(1))
            .op(Op::special_summon(Obj::This, SummonPos::FaceUp))]),
        // Penguin Knight
        36039163 => Behavior::with(vec![sent(vec![Zone::Deck], Cause::OpponentEffect, "When an effect of your opponent's card sends this card from your Deck to the GY: shuffle your GY into your Deck.")
            .op(Op::ToDeck { what: Obj::Union(vec![Obj::This, Obj::All(Place::Gy(Who::You), F::Any)]), top: false })]),
        // Outstanding Dog Marron
        11548522 => Behavior::with(vec![sent(vec![], Cause::Any, "When this card is sent to your GY: shuffle it into your Deck.").op(Op::ToDeck { what: Obj::This, top: false })]),
        // Roc from the Valley of Haze
        28143906 => Behavior::with(vec![sent(vec![Zone::Hand], Cause::Any, "When this card is sent from your hand to the GY: shuffle it into your Deck.").op(Op::ToDeck { what: Obj::This, top: false })]),
        // The Thing in the Crater
        78243409 => {
            let pyro = F::Monster & F::Race(Race::PYRO) & F::can_special_summon();
            Behavior::with(vec![E::optional_when(Trigger::Destroyed { cause: Cause::Any }, "When this card is destroyed and goes from the field to the GY: you can Special Summon 1 Pyro monster from your hand.")
                .range(Range::Gy)
                .when(Condition::Exists { place: Place::Hand(Who::You), filter: pyro.clone(), count: 1 })
                .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: pyro, min: 1, max: 1 })
                .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
        }
        // The Unhappy Maiden
        51275027 => Behavior::with(vec![E::trigger(Trigger::DestroyedByBattle, "When this card is destroyed by battle and sent to the GY: the Battle Phase ends.")
            .range(Range::Gy)
            .op(Op::end_battle_phase())]),
        // Winged Kuriboh
        57116033 => Behavior::with(vec![E::trigger(Trigger::Destroyed { cause: Cause::Any }, "When this card on the field is destroyed and sent to the GY: you take no battle damage for the rest of this turn.")
            .range(Range::Gy)
            .op(Op::ApplyPlayer { who: Who::You, effect: PlayerEffect::NoBattleDamage })]),

        // ---- Summon triggers ----
        // Behemoth the King of All Animals
        22996376 => behemoth(Versions::Current, [
            "It can be Normal Summoned or Set with 1 Tribute; then its original ATK is 2000.",
            "When this card is Tribute Summoned with 1 Tribute: you can target 1 Beast in your GY; add it to your hand.",
            "When this card is Tribute Summoned with 2 Tributes: you can target 2 Beasts in your GY; add them to your hand.",
        ]),
        // Boar Soldier
        21340051 => self_destructing(
            "When this card is Normal Summoned: destroy it.",
            "While your opponent controls a monster, this card loses 1000 ATK.",
            Num::Const(-1000),
        ),
        // Nuvia the Wicked
        12953226 => self_destructing(
            "When this card is Normal Summoned: destroy it.",
            "It loses 200 ATK for each monster your opponent controls.",
            Num::per(-200, Obj::All(Place::Monsters(Who::Opponent), F::Any)),
        ),
        // Byser Shock
        17597059 => Behavior::with(vec![E::trigger(
            Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This },
            "When this card is Summoned: return every Set card on the field to its owner's hand.",
        )
        .op(Op::ToHand(Obj::All(Place::Field(Who::Both), F::FaceDown)))]),
        // Creeping Doom Manta
        52571838 => summoned_without_traps(),
        // Eagle Eye
        53693416 => summoned_without_traps(),
        // Invasion of Flames
        26082229 => summoned_without_traps(),
        // Tactical Espionage Expert
        89698120 => summoned_without_traps(),
        // Decayed Commander
        10209545 => Behavior::with(vec![
            calls_from_hand(ZOMBIE_TIGER, "When this card is Normal Summoned: you can Special Summon 1 \"Zombie Tiger\" from your hand."),
            E::trigger(Trigger::dealt_battle_damage(true, Subject::This), "When it deals battle damage to your opponent by a direct attack: discard 1 random card from their hand.")
                .op(Op::ChooseRandom { place: Place::Hand(Who::Opponent), filter: F::Any, count: Num::Const(1) })
                .op(Op::Discard(Obj::Chosen)),
        ]),
        // Vampiric Orchis
        46571052 => Behavior::with(vec![calls_from_hand(DES_DENDLE, "When this card is Normal Summoned: you can Special Summon 1 \"Des Dendle\" from your hand.")]),
        // Don Turtle
        3493978 => {
            let turtles = F::Named(DON_TURTLE) & F::can_special_summon();
            Behavior::with(vec![E::optional_when(
                Trigger::Summoned { normal: true, flip: true, special: false, of: Subject::This },
                "When this card is Normal or Flip Summoned: you can Special Summon any number of \"Don Turtle\" from your hand.",
            )
            .when(Condition::All(vec![Condition::FreeMonsterZones(1), Condition::Exists { place: Place::Hand(Who::You), filter: turtles.clone(), count: 1 }]))
            .op(Op::Choose { who: Who::You, place: Place::Hand(Who::You), filter: turtles, min: 1, max: 4 })
            .op(Op::special_summon(Obj::Chosen, SummonPos::FaceUp))])
        }
        // Dragon Seeker
        28563545 => {
            let dragon = F::Monster & F::FaceUp & F::Race(Race::DRAGON);
            Behavior::with(vec![E::trigger(
                Trigger::Summoned { normal: true, flip: true, special: false, of: Subject::This },
                "When this card is Normal or Flip Summoned: destroy 1 face-up Dragon on the field.",
            )
            .op(Op::Choose { who: Who::You, place: Place::Monsters(Who::Both), filter: dragon, min: 1, max: 1 })
            .op(Op::destroy(Obj::Chosen))])
        }
        // Granadora
        13944422 => Behavior::with(vec![
            E::trigger(Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This }, "When this card is Summoned: you gain 1000 LP.")
                .op(Op::gain_lp(Who::You, Num::Const(1000))),
            E::trigger(Trigger::Destroyed { cause: Cause::Any }, "When this card is destroyed and sent to the GY: you take 2000 damage.")
                .range(Range::Gy)
                .op(Op::damage(Who::You, Num::Const(2000))),
        ]),
        // Grave Ohja
        40937767 => Behavior::with(vec![
            E::continuous("While you control a face-down Defense Position monster, this card cannot be attacked.")
                .when(Condition::Exists { place: Place::Monsters(Who::You), filter: F::FaceDown, count: 1 })
                .modifier(Modifier::not_attack_target(Scope::This)),
            E::trigger(
                Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::Any(F::YouControl) },
                "Each time a monster you control is Flip Summoned: your opponent takes 300 damage.",
            )
            .op(Op::damage(Who::Opponent, Num::Const(300))),
        ]),
        // Gravekeeper's Curse
        50712728 => Behavior::with(vec![E::trigger(Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This }, "When this card is Summoned: your opponent takes 500 damage.")
            .op(Op::damage(Who::Opponent, Num::Const(500)))]),
        // Guardian Sphinx
        40659562 => Behavior::with(vec![
            turn_face_down(),
            E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, "When this card is Flip Summoned: return every monster your opponent controls to the hand.")
                .op(Op::ToHand(Obj::All(Place::Monsters(Who::Opponent), F::Any))),
        ]),
        // Guardian Statue
        75209824 => Behavior::with(vec![
            turn_face_down(),
            E::trigger(Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This }, "When this card is Flip Summoned: target 1 monster your opponent controls; return it to the hand.")
                .target_in(Place::Monsters(Who::Opponent), 1, 1, F::Monster)
                .op(Op::ToHand(Obj::Targets)),
        ]),
        // Molten Zombie
        4732017 => Behavior::with(vec![E::trigger(Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This }, "When this card is Special Summoned from the GY: draw 1 card.")
            .when(Condition::This(F::CameFrom(Origin::Gy)))
            .op(Op::Draw { who: Who::You, count: Num::Const(1) })]),
        // Ryu-Kishin Clown
        42647539 => Behavior::with(vec![E::trigger(Trigger::Summoned { normal: true, flip: true, special: true, of: Subject::This }, "When this card is Summoned: target 1 face-up monster on the field; change its battle position.")
            .target(1, F::Monster & F::FaceUp)
            .op(Op::ChangePosition { what: Obj::Targets, to: PosChange::Toggle })]),
        // Teva
        16469012 => Behavior::with(vec![E::trigger(
            Trigger::Summoned { normal: true, flip: false, special: false, of: Subject::This },
            "When this card is Tribute Summoned: your opponent cannot declare an attack during their next turn.",
        )
        .when(Condition::This(F::Summoned(SummonKind::Tribute)))
        .op(Op::ApplyRule { modifier: Modifier::cannot_attack(Scope::Monsters(F::OppControls)), until: Duration::EndOfOpponentsTurn })]),
        // Zolga
        16268841 => Behavior::with(vec![sent(vec![Zone::Monster], Cause::Any, "When this card is Tributed for a Tribute Summon: you gain 2000 LP.")
            .when(Condition::This(F::SentBy(Sent::Tribute) & !F::SentBy(Sent::Cost)))
            .op(Op::gain_lp(Who::You, Num::Const(2000)))]),

        // Chopman the Desperate Outlaw
        40884383 => Behavior::with(vec![equips_from_gy(E::optional_when(
            Trigger::Summoned { normal: false, flip: true, special: false, of: Subject::This },
            "When this card is Flip Summoned: you can equip 1 Equip Spell from your GY to it.",
        ))]),
        // The Kick Man
        90407382 => Behavior::with(vec![equips_from_gy(E::optional_when(
            Trigger::Summoned { normal: false, flip: false, special: true, of: Subject::This },
            "When this card is Special Summoned: you can equip 1 Equip Spell from your GY to it.",
        ))]),
        // Skull Knight #2
        15653824 => skull_knight_2(Versions::Current, "When this card is Tributed for the Tribute Summon of a Fiend: Special Summon 1 \"Skull Knight #2\" from your Deck."),
        // Spear Cretin
        58551308 => spear_cretin("When this card is sent from the field to the GY after it was flipped face-up: each player Special Summons 1 monster from their GY in face-up Attack or face-down Defense Position."),
        // Infernal Flame Emperor
        19847532 => infernal_flame_emperor(),

        // ---- Battle triggers, searchers and recruiters ----
        // Birdface
        45547649 => birdface(Versions::Current, "When this card is destroyed by battle and sent to the GY: you can add 1 \"Harpie Lady\" from your Deck to your hand."),
        // Flying Kamakiri #1
        84834865 => mechanics::floater(
            Versions::Current,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 WIND monster with 1500 or less ATK from your Deck in Attack Position.",
            F::Attribute(Attribute::Wind) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Mother Grizzly
        57839750 => mechanics::floater(
            Versions::Current,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 WATER monster with 1500 or less ATK from your Deck in Attack Position.",
            F::Attribute(Attribute::Water) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Howling Insect
        93107608 => mechanics::floater(
            Versions::Current,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Insect with 1500 or less ATK from your Deck.",
            F::Race(Race::INSECT) & F::atk_at_most(1500),
            SummonPos::FaceUp,
        ),
        // Giant Germ
        95178994 => giant_germ(
            Versions::Current,
            "When this card is destroyed by battle and sent to the GY: your opponent takes 500 damage, then you can Special Summon any number of \"Giant Germ\" from your Deck in Attack Position.",
        ),
        // Hyena
        22873798 => hyena(Versions::Current, "When this card is destroyed by battle and sent to the GY: you can Special Summon any number of \"Hyena\" from your Deck."),
        // Troop Dragon
        55013285 => Behavior::with(vec![E::trigger(Trigger::DestroyedByBattle, "When this card is destroyed by battle and sent to the GY: Special Summon 1 \"Troop Dragon\" from your Deck.")
            .range(Range::Gy)
            .when(Condition::FreeMonsterZones(1))
            .op(search_or_show(Place::Deck(Who::You), F::Named(TROOP_DRAGON) & F::can_special_summon(), vec![Op::special_summon(Obj::Chosen, SummonPos::FaceUp)]))]),
        // Manju of the Ten Thousand Hands
        95492061 => summon_searcher(
            Versions::Current,
            "When this card is Normal or Flip Summoned: you can add 1 Ritual monster or Ritual Spell from your Deck to your hand.",
            ritual_monster() | ritual_spell(),
        ),
        // Senju of the Thousand Hands
        23401839 => summon_searcher(Versions::Current, "When this card is Normal or Flip Summoned: you can add 1 Ritual monster from your Deck to your hand.", ritual_monster()),
        // Sonic Bird
        57617178 => summon_searcher(Versions::Current, "When this card is Normal or Flip Summoned: you can add 1 Ritual Spell from your Deck to your hand.", ritual_spell()),
        _ => return None,
    })
}

/// The 2005 behaviour of a card of this group whose text changed later (its "(GOAT)" entry
/// on the Goat list).
pub fn behavior_2005(id: u32) -> Option<Behavior> {
    Some(match id {
        // Behemoth the King of All Animals (GOAT): the return does not target.
        22996376 => behemoth(
            Versions::Goat2005,
            [
                "It can be Normal Summoned or Set with 1 Tribute; then its original ATK is 2000.",
                "When this card is Tribute Summoned with 1 Tribute: you can return 1 Beast from your GY to your hand.",
                "When this card is Tribute Summoned with 2 Tributes: you can return 2 Beasts from your GY to your hand.",
            ],
        ),
        // Skull Knight #2 (GOAT): the copy is found or the Deck shown.
        15653824 => skull_knight_2(
            Versions::Goat2005,
            "When this card is Tributed for the Tribute Summon of a Fiend: Special Summon 1 \"Skull Knight #2\" from your Deck (with none there, show the Deck), then shuffle your Deck.",
        ),
        // Spear Cretin (GOAT)
        58551308 => spear_cretin("When this card is sent to the GY after it was flipped face-up: each player Special Summons 1 monster from their GY in face-up Attack or face-down Defense Position (a Level 5 or higher monster needs no Tribute)."),
        // Birdface (GOAT): sent to the GY by battle, it finds or shows.
        45547649 => birdface(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can add 1 \"Harpie Lady\" from your Deck to your hand (with none there, show the Deck), then shuffle your Deck.",
        ),
        // Flying Kamakiri #1 (GOAT)
        84834865 => mechanics::floater(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 WIND monster with 1500 or less ATK from your Deck in Attack Position (with none there, show the Deck).",
            F::Attribute(Attribute::Wind) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Mother Grizzly (GOAT)
        57839750 => mechanics::floater(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 WATER monster with 1500 or less ATK from your Deck in Attack Position (with none there, show the Deck).",
            F::Attribute(Attribute::Water) & F::atk_at_most(1500),
            SummonPos::Attack,
        ),
        // Howling Insect (GOAT)
        93107608 => mechanics::floater(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon 1 Insect with 1500 or less ATK from your Deck (with none there, show the Deck).",
            F::Race(Race::INSECT) & F::atk_at_most(1500),
            SummonPos::FaceUp,
        ),
        // Giant Germ (GOAT): up to 2 more, then the Deck is shuffled.
        95178994 => giant_germ(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: your opponent takes 500 damage; you can also Special Summon up to 2 \"Giant Germ\" from your Deck in Attack Position, then shuffle your Deck.",
        ),
        // Hyena (GOAT)
        22873798 => hyena(
            Versions::Goat2005,
            "When this card is destroyed by battle and sent to the GY: you can Special Summon any number of \"Hyena\" from your Deck (with none there, show the Deck), then shuffle your Deck.",
        ),
        // Manju of the Ten Thousand Hands (GOAT)
        95492061 => summon_searcher(
            Versions::Goat2005,
            "When this card is Normal or Flip Summoned: you can add 1 Ritual monster or Ritual Spell from your Deck to your hand (with none there, show the Deck).",
            ritual_monster() | ritual_spell(),
        ),
        // Senju of the Thousand Hands (GOAT)
        23401839 => summon_searcher(
            Versions::Goat2005,
            "When this card is Normal or Flip Summoned: you can add 1 Ritual monster from your Deck to your hand (with none there, show the Deck), then shuffle your Deck.",
            ritual_monster(),
        ),
        // Sonic Bird (GOAT)
        57617178 => summon_searcher(
            Versions::Goat2005,
            "When this card is Normal or Flip Summoned: you can add 1 Ritual Spell from your Deck to your hand (with none there, show the Deck), then shuffle your Deck.",
            ritual_spell(),
        ),
        _ => return None,
    })
}
