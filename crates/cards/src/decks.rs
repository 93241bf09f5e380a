//! The built-in decks, shipped in the binary as `.ydk` text.

use ygo_core::DeckList;

/// A built-in deck: its name, a one-line description and its `.ydk` text.
pub struct BuiltinDeck {
    pub name: &'static str,
    pub description: &'static str,
    pub ydk: &'static str,
}

/// Every built-in deck, in the order `ygo` lists them.
pub const BUILTIN: &[BuiltinDeck] = &[
    BuiltinDeck {
        name: "vanilla-yugi",
        description: "Normal monsters only: Dark Magician, Gaia, the Magnet Warriors",
        ydk: include_str!("../decks/vanilla-yugi.ydk"),
    },
    BuiltinDeck {
        name: "vanilla-kaiba",
        description: "Normal monsters only: Blue-Eyes, Judge Man, Luster Dragon",
        ydk: include_str!("../decks/vanilla-kaiba.ydk"),
    },
    BuiltinDeck {
        name: "classic-chain",
        description: "Normal monsters with Dark Hole, Raigeki, Mystical Space Typhoon, Royal Decree, Magic Jammer, Seven Tools",
        ydk: include_str!("../decks/classic-chain.ydk"),
    },
    BuiltinDeck {
        name: "dragons-roar",
        description: "Structure Deck Dragon's Roar (2003): Red-Eyes, Armed Dragon LVs, Masked Dragon",
        ydk: include_str!("../decks/dragons-roar.ydk"),
    },
    BuiltinDeck {
        name: "zombie-madness",
        description: "Structure Deck Zombie Madness (2003): Vampire Lord and Genesis, Pyramid Turtle, Call of the Mummy",
        ydk: include_str!("../decks/zombie-madness.ydk"),
    },
    BuiltinDeck {
        name: "bench-yugi",
        description: "The classic benchmark deck (Yugi): the reference engine's measure",
        ydk: include_str!("../decks/bench-yugi.ydk"),
    },
    BuiltinDeck {
        name: "bench-kaiba",
        description: "The classic benchmark deck (Kaiba): the reference engine's measure",
        ydk: include_str!("../decks/bench-kaiba.ydk"),
    },
    BuiltinDeck { name: "exodia", description: "Draw and stall until the five Exodia pieces are in hand (WIN-3)", ydk: include_str!("../decks/exodia.ydk") },
    BuiltinDeck {
        name: "trap-stall",
        description: "Destiny Board and the classic traps: Royal Decree, Mirror Force, Solemn Judgment",
        ydk: include_str!("../decks/trap-stall.ydk"),
    },
    BuiltinDeck {
        name: "ritual-fusion",
        description: "Ritual and Fusion: Black Luster Soldier, Relinquished, Polymerization, the classic Fusions and substitutes",
        ydk: include_str!("../decks/ritual-fusion.ydk"),
    },
    BuiltinDeck {
        name: "synchro",
        description: "Synchro and Xyz: Junk Synchron, Stardust Dragon, Red Dragon Archfiend, Junk Warrior, Number 39: Utopia",
        ydk: include_str!("../decks/synchro.ydk"),
    },
    BuiltinDeck {
        name: "pendulum-link",
        description: "Pendulum and Link: Stargazer and Timegazer Magician, Odd-Eyes, Decode Talker, Link Spider, Linkuriboh",
        ydk: include_str!("../decks/pendulum-link.ydk"),
    },
];

/// The built-in decks of the Goat format (the 2005 lists of `decks/goat/` in the shared data):
/// legal under the April 2005 list and played under `--format goat`, where every card takes
/// its 2005 version. They are not in [`BUILTIN`], whose decks play today's cards.
pub const GOAT: &[BuiltinDeck] = &[
    BuiltinDeck {
        name: "goat-control",
        description: "Goat Control (Worlds 2020): Scapegoat, Metamorphosis into Thousand-Eyes Restrict, Airknight Parshath, Tsukuyomi",
        ydk: include_str!("../decks/goat-control.ydk"),
    },
    BuiltinDeck {
        name: "chaos-control",
        description: "Chaos Control: Black Luster Soldier - Envoy of the Beginning, Chaos Sorcerer, Magical Merchant, Skilled White Magician",
        ydk: include_str!("../decks/chaos-control.ydk"),
    },
    BuiltinDeck {
        name: "chaos-turbo",
        description: "Chaos Turbo (Worlds 2020): Card Destruction, Dekoichi, Night Assailant and Kycoo feeding Chaos Sorcerer",
        ydk: include_str!("../decks/chaos-turbo.ydk"),
    },
    BuiltinDeck {
        name: "warrior-toolbox",
        description: "Warrior Toolbox: Reinforcement of the Army, D.D. Warrior Lady, Exiled Force, Mystic Swordsman, the Sasuke Samurai",
        ydk: include_str!("../decks/warrior-toolbox.ydk"),
    },
    BuiltinDeck {
        name: "zombie",
        description: "Zombie (Jae Kim, SJC Charlotte 2005): Pyramid Turtle, Spirit Reaper, Giant Rat, Tribe-Infecting Virus",
        ydk: include_str!("../decks/zombie.ydk"),
    },
    BuiltinDeck {
        name: "monarch",
        description: "Monarch: Zaborg, Mobius and Thestalos with Brain Control, Scapegoat and Metamorphosis",
        ydk: include_str!("../decks/monarch.ydk"),
    },
    BuiltinDeck {
        name: "bazoo-return",
        description: "Bazoo Return: Bazoo the Soul-Eater, Return from the Different Dimension, Magical Merchant, Card Destruction",
        ydk: include_str!("../decks/bazoo-return.ydk"),
    },
    BuiltinDeck {
        name: "lockdown-burn",
        description: "Lockdown Burn: Gravity Bind, Messenger of Peace, Wave-Motion Cannon, Lava Golem, Stealth Bird",
        ydk: include_str!("../decks/lockdown-burn.ydk"),
    },
    BuiltinDeck {
        name: "gravekeeper",
        description: "Gravekeeper: Necrovalley, Gravekeeper's Spy, Assailant and Spear Soldier, Terraforming, Rite of Spirit",
        ydk: include_str!("../decks/gravekeeper.ydk"),
    },
    BuiltinDeck {
        name: "reasoning-gate",
        description: "Reasoning Gate: Reasoning and Monster Gate into Dark Magician of Chaos, Jinzo and Twin-Headed Thunder Dragon",
        ydk: include_str!("../decks/reasoning-gate.ydk"),
    },
    BuiltinDeck {
        name: "reaction-traps",
        description: "Goat pool part 2 traps, 1: Riryoku Field, A Hero Emerges, Dark Mirror Force, Draining Shield, Widespread Ruin, Token Feastevil, Big Burn",
        ydk: include_str!("../decks/reaction-traps.ydk"),
    },
    BuiltinDeck {
        name: "trick-traps",
        description: "Goat pool part 2 traps, 2: Castle Walls, Micro Ray, Zero Gravity, Acid Trap Hole, Burst Breath, Chain Destruction, Hero Signal",
        ydk: include_str!("../decks/trick-traps.ydk"),
    },
    BuiltinDeck {
        name: "quick-answers",
        description:
            "Goat pool part 2 traps and Quick-Play spells, 3: Michizure, Two-Pronged Attack, Rope of Life, Jar Robber, Monster Recovery, Order to Charge",
        ydk: include_str!("../decks/quick-answers.ydk"),
    },
    BuiltinDeck {
        name: "pool2-monsters",
        description:
            "Goat pool part 2 monsters (coverage deck): Giant Orc, Raging Flame Sprite, Armed Dragon LV7, Cyber-Stein, Needle Worm, Inferno Fire Blast",
        ydk: include_str!("../decks/pool2-monsters.ydk"),
    },
    BuiltinDeck {
        name: "pool2-spells",
        description: "Goat pool part 2 Normal Spells (coverage deck): burn, LP gain, mass removal, recovery from the GY and banishment",
        ydk: include_str!("../decks/pool2-spells.ydk"),
    },
    BuiltinDeck {
        name: "pool2-more",
        description: "Goat pool part 2 (coverage deck): Kaiser Glider, Judgment of Anubis, Tribute Doll, Thousand Energy, Triangle Power, Machine Duplication, Insect Imitation",
        ydk: include_str!("../decks/pool2-more.ydk"),
    },
    BuiltinDeck {
        name: "pool2-rest",
        description: "Goat pool part 2 (coverage deck): Jowgen, Spirit Ryu, the Gearfrieds, Reflect Bounder, Cursed Seal, Xing Zhen Hu, Cold Wave, Spell Economics",
        ydk: include_str!("../decks/pool2-rest.ydk"),
    },
    BuiltinDeck {
        name: "pool3a-flip",
        description: "Goat pool part 3a FLIP monsters (coverage deck): the Charmers, Nobleman-Eater Bug, Arsenal Summoner, Dark Cat with White Tail, Invader of the Throne",
        ydk: include_str!("../decks/pool3a-flip.ydk"),
    },
    BuiltinDeck {
        name: "pool3a-battle",
        description: "Goat pool part 3a battle triggers (coverage deck): Sanga, Kazejin and Suijin, the Needles, Newdoria, Yomi Ship, Masked Sorcerer, King of the Skull Servants",
        ydk: include_str!("../decks/pool3a-battle.ydk"),
    },
    BuiltinDeck {
        name: "pool3b-flip",
        description: "Goat pool part 3, second half (coverage deck): FLIP monsters, summon triggers (Byser Shock, Teva, Guardian Sphinx, Infernal Flame Emperor), Fusion Monsters of Normal materials",
        ydk: include_str!("../decks/pool3b-flip.ydk"),
    },
    BuiltinDeck {
        name: "pool3b-battle",
        description: "Goat pool part 3, second half (coverage deck): battle and sent-to-the-GY triggers, recruiters (Giant Germ, Hyena, Troop Dragon), Ritual searchers, Fusion Monsters",
        ydk: include_str!("../decks/pool3b-battle.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2e-hands",
        description: "Goat pool part 2e (coverage deck): Hieroglyph Lithograph, Ante, Chosen One, Pineapple Blast, Spiritualism",
        ydk: include_str!("../decks/goat-p2e-hands.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2d-partners",
        description: "Goat pool part 2 partner cards (coverage deck): Sage's Stone, Knight's Title, Battery Charger, Triangle Ecstasy Spark, Contract with Exodia, and the monsters they name; Beckoning Light, Big Wave Small Wave",
        ydk: include_str!("../decks/goat-p2d-partners.ydk"),
    },
    BuiltinDeck {
        name: "goat-p3c-mechanics",
        description: "Goat pool part 3, the cards that needed a mechanic (coverage deck): Total Defense Shogun, Timeater, Watapon, Serpentine Princess, Grave Protector, Cobra Jar, Mucus Yolk, Castle of Dark Illusions",
        ydk: include_str!("../decks/goat-p3c-mechanics.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2o-scorpions",
        description: "Goat pool part 2, part 2o (coverage deck): the Dark Scorpions (Chick the Yellow, Gorg the Strong, Meanae the Thorn with Don Zaloog and Cliff), Mustering of the Dark Scorpions, Dark Scorpion Combination",
        ydk: include_str!("../decks/goat-p2o-scorpions.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2p-engine",
        description: "Goat pool part 2, part 2p (coverage deck): Nutrient Z, Physical Double, Pyro Clock of Destiny with Swords of Revealing Light, Chain Energy, and attackers",
        ydk: include_str!("../decks/goat-p2p-engine.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2q-engine",
        description: "Goat pool part 2, part 2q (coverage deck): Graverobber with Spells to take, Spirit Elimination with Chaos Sorcerer, Peten the Dark Clown, Soul Release, Kycoo the Ghost Destroyer, Double Spell, and Magical Hats with Spells and Traps in the Deck",
        ydk: include_str!("../decks/goat-p2q-engine.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2-responses",
        description: "Goat pool part 2, parts 2f to 2h (coverage deck): Limiter Removal, Shield & Sword, Share the Pain, Tragedy, Delta Attacker, the attack redirects (Dark Spirit of the Silent, Staunch Defender, Taunt, Shift), the Hand Mirrors, Reverse Trap, Earthshaker, Dramatic Rescue, Sebek's Blessing, Mirage Knight",
        ydk: include_str!("../decks/goat-p2-responses.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2-late",
        description: "Goat pool part 2, parts 2i to 2k (coverage deck): Cross Counter, Destruction Punch, Absolute End, Bubble Crash, Major Riot, Grave Lure, Pharaoh's Treasure, Muko, Level Up! with the LV monsters, Cost Down, Collected Power, Tailor of the Fickle, Armored Glass, Metalmorph, Barrel Behind the Door, Trap of Board Eraser",
        ydk: include_str!("../decks/goat-p2-late.ydk"),
    },
    BuiltinDeck {
        name: "goat-p3-late",
        description: "Goat pool part 3, the last cards (coverage deck): Guardian Baou and Guardian Tryce with their Equip Spells, Weather Report, Patrician of Darkness, Kiseitai, Parasite Paracide, The Unhappy Girl",
        ydk: include_str!("../decks/goat-p3-late.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2n-tricks",
        description: "Goat pool part 2n (coverage deck): The Secret of the Bandit, Terrorking Archfiend with Checkmate and Archfiend Soldier, Monk Fighter and Master Monk with Kaminote Blow and Chu-Ske the Mouse Fighter, Question",
        ydk: include_str!("../decks/goat-p2n-tricks.ydk"),
    },
    BuiltinDeck {
        name: "goat-p2l-spells",
        description: "Goat pool part 2l (coverage deck): The Puppet Magic of Dark Ruler with Fiends of Levels 5 to 7 in the GY and small monsters (Scapegoat's tokens among them) whose Levels add up to theirs",
        ydk: include_str!("../decks/goat-p2l-spells.ydk"),
    },
];

/// The built-in decks of the Edison format (the March 2010 lists of `decks/edison/` in the
/// shared data that every card of is implemented): played under `--format edison`.
pub const EDISON: &[BuiltinDeck] = &[
    BuiltinDeck {
        name: "edison-lightsworn-monarchs",
        description: "Lightsworn Monarchs (6th SJC Edison, Jarel Winston): Caius and Thestalos, Ryko, Lyla and Jain, Solar Recharge, Debris Dragon, Gorz, Brionac and Stardust Dragon",
        ydk: include_str!("../decks/edison-lightsworn-monarchs.ydk"),
    },
    BuiltinDeck {
        name: "edison-synchro-cat",
        description: "Synchro Cat (3rd SJC Edison): Rescue Cat, X-Saber Airbellum, Doomcaliber Knight, Gravekeeper's Spy and Descendant, Dark Armed Dragon, Arcanite Magician",
        ydk: include_str!("../decks/edison-synchro-cat.ydk"),
    },
    BuiltinDeck {
        name: "edison-gladiator-beasts",
        description: "Gladiator Beasts (5th SJC Edison, Jake Mattern): Test Tiger, Darius, Bestiari and the tag-outs, Gyzarus and Heraklinos shuffled in from the field, War Chariot",
        ydk: include_str!("../decks/edison-gladiator-beasts.ydk"),
    },
    BuiltinDeck {
        name: "edison-doomcal-gadgets",
        description: "Doomcaliber Gadgets (2nd SJC Edison, Renaldo Lainez): the Gadgets, Doomcaliber Knight, Plaguespreader Zombie, Tragoedia, Royal Oppression, Blackwing Armor Master and Goyo Guardian",
        ydk: include_str!("../decks/edison-doomcal-gadgets.ydk"),
    },
    BuiltinDeck {
        name: "edison-twilight",
        description: "Twilight (13th SJC Edison): Lightsworn and Chaos, Lyla and Ryko, Caius, Chaos Sorcerer, Dark Armed Dragon, Necro Gardna, Plaguespreader Zombie, Armory Arm and Tempest Magician",
        ydk: include_str!("../decks/edison-twilight.ydk"),
    },
    BuiltinDeck {
        name: "edison-flamvell",
        description: "Flamvell (7th SJC Edison, rogue): Caius, Flamvell Firedog and Magician, Rekindling, Gravekeeper's Spy, Ryko; Flamvell Uruquizas, Blackwing Armor Master, Brionac and Stardust Dragon",
        ydk: include_str!("../decks/edison-flamvell.ydk"),
    },
    BuiltinDeck {
        name: "edison-x-sabers",
        description: "X-Sabers (a post-2020 Edison event): X-Saber Airbellum, XX-Saber Emmersblade, Faultroll, Fulhelmknight, Ragigura and Gottoms, Gottoms' Emergency Call, One for One; Hyunlei and Armory Arm",
        ydk: include_str!("../decks/edison-x-sabers.ydk"),
    },
    BuiltinDeck {
        name: "edison-blackwings",
        description: "Blackwings (14th SJC Edison): Gale, Bora, Shura, Kalut, Blizzard, Sirocco and Vayu, Black Whirlwind, Icarus Attack, Dark Armed Dragon; Armed Wing, Armor Master and Silverwind",
        ydk: include_str!("../decks/edison-blackwings.ydk"),
    },
    BuiltinDeck {
        name: "edison-six-samurai",
        description: "Six Samurai (STP-11 Edison list): Grandmaster, Hand of the Six, Irou, Yaichi, Zanji and Kamon, Gateway of the Six, Six Samurai United, Solidarity, Backs to the Wall, Starlight Road; Stardust Dragon, Goyo Guardian and Mist Wurm",
        ydk: include_str!("../decks/edison-six-samurai.ydk"),
    },
    BuiltinDeck {
        name: "edison-quickdraw-dandy",
        description: "Quickdraw Dandywarrior (1st SJC Edison, Jeff Jones): Quickdraw Synchron, Dandylion, Lonefire Blossom, Tytannial, Caius, Light and Darkness Dragon, Consecrated Light; Turbo, Nitro, Drill Warrior and Iron Chain Dragon",
        ydk: include_str!("../decks/edison-quickdraw-dandy.ydk"),
    },
    BuiltinDeck {
        name: "edison-p1-engine",
        description: "Edison pool part 1 coverage (no tournament list): Swap, Dupe and Unifrog, Substitoad, Zombies with Revived King Ha Des and Doomkaiser Dragon, Volcanics, Malicious, Soul Exchange, Black Garden, Dimensional Fissure, Double Summon",
        ydk: include_str!("../decks/edison-p1-engine.ydk"),
    },
    BuiltinDeck {
        name: "edison-p1-engine2",
        description: "Edison pool part 1 coverage (no tournament list): the Gemini Neos Alius, E - Emergency Call, Miracle Fusion, Absolute Zero and Gaia, Machinas, X-Sabers with The A. Forces, Koa'ki Meiru Gravirose, Double Summon",
        ydk: include_str!("../decks/edison-p1-engine2.ydk"),
    },
    BuiltinDeck {
        name: "edison-p1-engine3",
        description: "Edison pool part 1 coverage (no tournament list): Doomcaliber Gadgets with Machina Fortress, Future Fusion, three Equip Spells and Power Tool Dragon",
        ydk: include_str!("../decks/edison-p1-engine3.ydk"),
    },
];

/// Every built-in deck: [`BUILTIN`], then [`GOAT`], then [`EDISON`].
pub fn all() -> impl Iterator<Item = &'static BuiltinDeck> {
    BUILTIN.iter().chain(GOAT).chain(EDISON)
}

/// Finds a built-in deck by name (among [`all`]).
pub fn builtin(name: &str) -> Option<&'static BuiltinDeck> {
    all().find(|d| d.name.eq_ignore_ascii_case(name))
}

/// The format a built-in deck is made for (`"goat"` for the [`GOAT`] decks, `"edison"` for
/// the [`EDISON`] ones), if any.
pub fn format_of(name: &str) -> Option<&'static str> {
    let is = |set: &[BuiltinDeck]| set.iter().any(|d| d.name.eq_ignore_ascii_case(name));
    if is(GOAT) {
        Some("goat")
    } else if is(EDISON) {
        Some("edison")
    } else {
        None
    }
}

/// The Side Deck of a built-in deck's `.ydk` text (its `!side` part).
pub fn side_of(ydk: &str) -> Vec<u32> {
    ydk.lines().skip_while(|l| !l.trim().starts_with("!side")).skip(1).filter_map(|l| l.trim().parse().ok()).collect()
}

/// Reads the main and extra parts of a `.ydk` text (the full reader with line-numbered
/// errors lives in `ygo-data`; built-in decks are known to be well formed).
pub fn parse_builtin(ydk: &str) -> DeckList {
    let mut deck = DeckList::default();
    let mut extra = false;
    for line in ydk.lines() {
        let line = line.trim();
        if line.starts_with('!') {
            break;
        }
        if line.starts_with("#extra") {
            extra = true;
        } else if let Ok(code) = line.parse::<u32>() {
            if extra {
                deck.extra.push(code);
            } else {
                deck.main.push(code);
            }
        }
    }
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_decks_are_playable_with_the_shipped_pool() {
        let pool = crate::pool();
        for d in BUILTIN {
            let list = parse_builtin(d.ydk);
            assert!((40..=60).contains(&list.main.len()), "{}", d.name);
            for code in list.main.iter().chain(&list.extra) {
                let def = pool.get(*code).unwrap_or_else(|| panic!("{}: unknown card {code}", d.name));
                assert!(def.implemented, "{}: {} is not implemented", d.name, def.data.name);
            }
        }
    }

    #[test]
    fn goat_decks_are_playable_with_the_2005_pool() {
        let pool = crate::pool_with(crate::Versions::Goat2005);
        assert_eq!(GOAT.len(), 32);
        for d in GOAT {
            assert_eq!(format_of(d.name), Some("goat"));
            assert!(builtin(d.name).is_some(), "{}", d.name);
            let list = parse_builtin(d.ydk);
            assert!(list.main.len() >= 40, "{}", d.name);
            for code in list.main.iter().chain(&list.extra).chain(&side_of(d.ydk)) {
                let def = pool.get(*code).unwrap_or_else(|| panic!("{}: unknown card {code}", d.name));
                assert!(def.implemented, "{}: {} is not implemented", d.name, def.data.name);
            }
        }
        assert_eq!(format_of("vanilla-yugi"), None);
        let edison = crate::pool_with(crate::Versions::Edison2010);
        assert!(!EDISON.is_empty());
        for d in EDISON {
            assert_eq!(format_of(d.name), Some("edison"));
            let list = parse_builtin(d.ydk);
            assert!(list.main.len() >= 40, "{}", d.name);
            for code in list.main.iter().chain(&list.extra).chain(&side_of(d.ydk)) {
                let def = edison.get(*code).unwrap_or_else(|| panic!("{}: unknown card {code}", d.name));
                assert!(def.implemented, "{}: {} is not implemented", d.name, def.data.name);
            }
        }
        assert_eq!(side_of(builtin("reasoning-gate").unwrap().ydk).len(), 15);
        assert!(side_of(builtin("goat-control").unwrap().ydk).is_empty());
    }
}
