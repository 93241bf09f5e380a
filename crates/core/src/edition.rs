//! Rule editions (ERA-1): a value consulted through named questions, never scattered
//! comparisons.

use serde::{Deserialize, Serialize};

/// A rule edition. The default is Master Rule 2020 (ERA-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// Expert Rule (before 2008): "Fusion Deck"; the first player draws; one Field Spell on the
    /// whole field.
    Expert,
    /// Master Rule 1 (2008): the Extra Deck, Synchro monsters and Tuners.
    Mr1,
    /// Master Rule 2 (2011): Xyz monsters and Ranks.
    Mr2,
    /// Master Rule 3 (2014): no turn-1 draw, one Field Spell per player, separate Pendulum
    /// Zones, Pendulum Summon.
    Mr3,
    /// Master Rule 4 (2017): Extra Monster Zones, Pendulum Zones in the outer S/T zones, Link
    /// monsters.
    Mr4,
    /// Master Rule 2020 (the default): only Link and face-up Pendulum monsters from the Extra
    /// Deck need an EMZ or a linked zone (ZONE-3).
    #[default]
    Mr2020,
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: [Edition; 6] = [Edition::Expert, Edition::Mr1, Edition::Mr2, Edition::Mr3, Edition::Mr4, Edition::Mr2020];

    /// Parses the names used by scenario files and the CLI (`expert`, `mr1` .. `mr2020`).
    pub fn parse(s: &str) -> Option<Edition> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "expert" => Edition::Expert,
            "mr1" => Edition::Mr1,
            "mr2" => Edition::Mr2,
            "mr3" => Edition::Mr3,
            "mr4" => Edition::Mr4,
            "mr2020" | "mr5" => Edition::Mr2020,
            _ => return None,
        })
    }

    /// The name [`Edition::parse`] reads: `expert`, `mr1` .. `mr4`, `mr2020`.
    pub fn name(self) -> &'static str {
        ["expert", "mr1", "mr2", "mr3", "mr4", "mr2020"][self as usize]
    }

    /// SETUP-3: the first player draws on turn 1 before Master Rule 3.
    pub fn first_player_draws(self) -> bool {
        self < Edition::Mr3
    }
    /// ZONE-3: Extra Monster Zones exist from Master Rule 4.
    pub fn extra_monster_zones(self) -> bool {
        self >= Edition::Mr4
    }
    /// ZONE-4: separate Pendulum Zones (Master Rule 3 only).
    pub fn separate_pendulum_zones(self) -> bool {
        self == Edition::Mr3
    }
    /// ZONE-4: the outer S/T zones double as Pendulum Zones (Master Rule 4 on).
    pub fn pendulum_in_spell_zones(self) -> bool {
        self >= Edition::Mr4
    }
    /// SUM-12: Pendulum Summon exists from Master Rule 3.
    pub fn pendulum_summon(self) -> bool {
        self >= Edition::Mr3
    }
    /// ZONE-5: one face-up Field Spell on the whole field up to Master Rule 2.
    pub fn one_field_spell_in_total(self) -> bool {
        self <= Edition::Mr2
    }
    /// ERA table: Synchro monsters and Tuners from Master Rule 1.
    pub fn synchro(self) -> bool {
        self >= Edition::Mr1
    }
    /// ERA table: Xyz monsters from Master Rule 2.
    pub fn xyz(self) -> bool {
        self >= Edition::Mr2
    }
    /// ERA table: Link monsters from Master Rule 4.
    pub fn link(self) -> bool {
        self >= Edition::Mr4
    }
    /// ZONE-3: under Master Rule 4 every monster summoned from the Extra Deck goes to an
    /// EMZ or a linked zone; from Master Rule 2020 only Link and face-up Pendulum ones.
    pub fn all_extra_deck_monsters_need_emz(self) -> bool {
        self == Edition::Mr4
    }
    /// MATCH-8: sudden death ends at the end of the turn in which LP changed (MR2020).
    pub fn sudden_death_at_end_of_turn(self) -> bool {
        self >= Edition::Mr2020
    }
    /// EFF-7: the Expert Rule edition lets the turn player order all simultaneous triggers.
    pub fn turn_player_orders_all_triggers(self) -> bool {
        self == Edition::Expert
    }
    /// The most cards of the Main Deck and of the Extra Deck (DECK-1, DECK-2); `None` is no
    /// maximum. GOAT-1: the Expert Rule edition has none (Main Deck 40 or more, any number
    /// of Fusion Monsters).
    pub fn deck_size_maximums(self) -> (Option<usize>, Option<usize>) {
        if self == Edition::Expert {
            (None, None)
        } else {
            (Some(60), Some(15))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_questions_follow_the_era_table() {
        // RULE: SETUP-3, ZONE-3, ZONE-4, ZONE-5, ERA-1
        assert_eq!(Edition::default(), Edition::Mr2020);
        // RULE: GOAT-1 -- no Main or Fusion Deck maximum under the Expert Rule.
        assert_eq!(Edition::Expert.deck_size_maximums(), (None, None));
        assert_eq!(Edition::Mr1.deck_size_maximums(), (Some(60), Some(15)));
        assert!(Edition::Expert.first_player_draws() && Edition::Mr2.first_player_draws());
        assert!(!Edition::Mr3.first_player_draws());
        assert!(!Edition::Mr3.extra_monster_zones() && Edition::Mr4.extra_monster_zones());
        assert!(Edition::Mr3.separate_pendulum_zones() && !Edition::Mr4.separate_pendulum_zones());
        assert!(Edition::Mr2.one_field_spell_in_total() && !Edition::Mr3.one_field_spell_in_total());
        assert!(Edition::Mr4.all_extra_deck_monsters_need_emz());
        assert!(!Edition::Mr2020.all_extra_deck_monsters_need_emz());
        for e in Edition::ALL {
            assert_eq!(Edition::parse(e.name()), Some(e));
        }
        assert_eq!(Edition::parse("mr9"), None);
    }
}
