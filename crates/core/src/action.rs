//! Actions (every answer to every decision) and their canonical text in the command
//! language of `SCENARIOS.md`; rejections of illegal input.

use serde::{Deserialize, Serialize};

use crate::types::{Loc, Player, Position, Zone};

/// One answer to the pending decision. Cards are named by their place, as the deciding
/// player sees the table; an action is only meaningful against the position it was listed
/// for (a stale one is rejected).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Pass priority, do not respond, decline an optional effect (`pass`).
    Pass,
    /// Leave Main Phase 1 for the Battle Phase (`battle phase`).
    ToBattle,
    /// Leave the Battle Phase for Main Phase 2 (`main phase 2`).
    ToMain2,
    /// Go to the End Phase (`end phase`).
    ToEnd,
    /// Pass in the End Phase: the turn ends (`end turn`).
    EndTurn,
    /// Normal Summon this monster from the hand, without tributes
    /// (`normal summon X`: SUM-1).
    NormalSummon(Loc),
    /// Tribute Summon this monster from the hand; the tributes are asked next
    /// (`tribute summon X`: SUM-2).
    TributeSummon(Loc),
    /// Set a monster (face-down Defense, with tributes if needed) or a spell/trap.
    Set(Loc),
    /// Flip Summon this face-down monster (`flip summon X`: SUM-4).
    FlipSummon(Loc),
    /// Change this monster's battle position, Attack to Defense or back
    /// (`change position X`: POS-2).
    ChangePosition(Loc),
    /// Activate a card or one of its effects (`activate X effect N`); in a trigger prompt,
    /// put that trigger on the chain (EFF-7).
    Activate {
        /// Where the card is.
        card: Loc,
        /// Which effect: its index among the card's declared effects, or
        /// [`crate::PENDULUM_SCALE`] for a Pendulum card's activation as a spell. (The `N` of
        /// the text counts only the effects a player activates: see
        /// [`crate::Duel::action_text`].)
        effect: u8,
    },
    /// A summon procedure written on the card (`special summon X`); for an Extra Deck
    /// monster its Synchro/Xyz/Link Summon (`synchro summon X`, ...: SUM-10, 11, 13).
    SpecialSummon(Loc),
    /// SUM-12: the turn's Pendulum Summon (`pendulum summon`).
    PendulumSummon,
    /// Declare an attack (`attack X -> Y`, `attack X directly`: BATTLE-2).
    Attack {
        /// The attacking monster.
        attacker: Loc,
        /// The monster attacked; `None` for a direct attack.
        target: Option<Loc>,
    },
    /// Pick this card as a target of an activation (`target X`: EFF-6).
    Target(Loc),
    /// Pick this card in any other selection: a tribute, a cost, a discard, an attack
    /// target after a replay, a card an effect chooses (`choose X`).
    Choose(Loc),
    /// Finish a selection that may take more cards (`done`).
    Done,
    /// Answer a yes/no question with yes (`yes`).
    Yes,
    /// Answer a yes/no question with no (`no`).
    No,
    /// Choose the battle position a monster is placed in (`position atk`, `position def`).
    Position(Position),
    /// Choose the Monster Zone a monster goes to: 0-4 Main, 5-6 Extra (`zone N`: ZONE-3).
    Zone(u8),
    /// Choose to go first (`first`: MATCH-2). No prompt of the engine offers it (the match
    /// layer asks its players directly).
    First,
    /// Choose to go second (`second`: MATCH-2); as [`Action::First`].
    Second,
    /// Declare a value: a card's passcode, a Type or Attribute index, a Level, an effect's
    /// number, or a [`declare`] value (`announce X`).
    Announce(u32),
}

/// Special values of a declaration (`announce X`) other than card passcodes.
pub mod declare {
    /// Calling a coin toss: heads.
    pub const HEADS: u32 = u32::MAX - 1;
    /// Calling a coin toss: tails.
    pub const TAILS: u32 = u32::MAX - 2;
}

/// Why `apply` refused an action. The duel is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Rejected {
    /// The duel has ended: nothing is asked any more.
    #[error("the duel is over")]
    DuelOver,
    /// The other player must decide.
    #[error("it is not {got:?}'s decision: {expected:?} must decide")]
    NotYourDecision {
        /// The player who must decide.
        expected: Player,
        /// The player who tried to.
        got: Player,
    },
    /// The action is not legal now.
    #[error("illegal action: {0}")]
    Illegal(Illegal),
    /// A command text matches none of the legal actions.
    #[error("no legal action matches {command:?}")]
    NoMatch {
        /// The command as given.
        command: String,
    },
    /// A command text matches several legal actions: it must say which card (`X@B.monsters#2`).
    #[error("{command:?} matches more than one legal action: {candidates:?}")]
    Ambiguous {
        /// The command as given.
        command: String,
        /// The canonical texts of the actions it matches.
        candidates: Vec<String>,
    },
}

/// Why an action is illegal now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Illegal {
    /// The action is not one of `legal_actions()` of this position (stale, made up, or an
    /// answer to another kind of decision).
    #[error("{} is not one of the legal actions now", .0.kind())]
    NotOffered(Action),
}

impl Action {
    /// The card this action is about: the card summoned, Set, flipped, changed, activated,
    /// targeted or chosen, or the attacker (an attack's target: [`Action::attack_target`]).
    pub fn subject(&self) -> Option<Loc> {
        match *self {
            Action::NormalSummon(l)
            | Action::TributeSummon(l)
            | Action::Set(l)
            | Action::FlipSummon(l)
            | Action::ChangePosition(l)
            | Action::SpecialSummon(l)
            | Action::Target(l)
            | Action::Choose(l)
            | Action::Activate { card: l, .. }
            | Action::Attack { attacker: l, .. } => Some(l),
            _ => None,
        }
    }

    /// The monster an attack is declared on (none for a direct attack or another action).
    pub fn attack_target(&self) -> Option<Loc> {
        match *self {
            Action::Attack { target, .. } => target,
            _ => None,
        }
    }

    /// The subject as `viewer` may be shown it, by its place (MISC-3): only at a place whose
    /// every index the viewer's view shows in order ([`Zone::shown_in_order`]), and a hand
    /// only the viewer's own. A card of a Deck is never named by its place (its order is
    /// hidden): an encoding that must tell such a card names it by what it is.
    pub fn subject_for(&self, viewer: Player) -> Option<Loc> {
        self.subject().filter(|l| l.zone.shown_in_order() && (l.zone != Zone::Hand || l.player == viewer))
    }

    /// What kind of answer this is, in words (no card names: those need the duel, see
    /// `Duel::action_text`).
    pub fn kind(&self) -> String {
        let at = |l: &Loc| format!("the card at {}.{}#{}", l.player.name(), l.zone.scenario_name(), l.index);
        match self {
            Action::Pass => "passing".into(),
            Action::ToBattle => "entering the Battle Phase".into(),
            Action::ToMain2 => "entering Main Phase 2".into(),
            Action::ToEnd => "entering the End Phase".into(),
            Action::EndTurn => "ending the turn".into(),
            Action::NormalSummon(l) => format!("a Normal Summon of {}", at(l)),
            Action::TributeSummon(l) => format!("a Tribute Summon of {}", at(l)),
            Action::Set(l) => format!("Setting {}", at(l)),
            Action::FlipSummon(l) => format!("a Flip Summon of {}", at(l)),
            Action::ChangePosition(l) => format!("changing the position of {}", at(l)),
            Action::Activate { card, effect } => format!("activating effect {} of {}", effect + 1, at(card)),
            Action::SpecialSummon(l) => format!("a Special Summon of {}", at(l)),
            Action::PendulumSummon => "a Pendulum Summon".into(),
            Action::Attack { attacker, target: Some(t) } => format!("an attack by {} on {}", at(attacker), at(t)),
            Action::Attack { attacker, target: None } => format!("a direct attack by {}", at(attacker)),
            Action::Target(l) => format!("targeting {}", at(l)),
            Action::Choose(l) => format!("choosing {}", at(l)),
            Action::Done => "finishing the selection".into(),
            Action::Yes => "answering yes".into(),
            Action::No => "answering no".into(),
            Action::Position(p) => format!(
                "choosing {}",
                match p {
                    Position::FaceUpAttack => "face-up Attack Position",
                    Position::FaceUpDefense => "face-up Defense Position",
                    Position::FaceDownDefense => "face-down Defense Position",
                    Position::FaceDownAttack => "face-down Attack Position",
                }
            ),
            Action::Zone(z) => format!("choosing zone {z}"),
            Action::First => "choosing to go first".into(),
            Action::Second => "choosing to go second".into(),
            Action::Announce(n) => format!("declaring {n}"),
        }
    }
}

/// A card reference parsed from command text: `Name`, `Name@hand`, `Name@B.gy`,
/// `Name@A.monsters#2`, `face-down@B.monsters#2` or a passcode in place of the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardPattern {
    /// `None` for `face-down`.
    pub name: Option<String>,
    /// The side (`@B.gy`); `None` matches either.
    pub player: Option<Player>,
    /// The zone (`@hand`); `None` matches any.
    pub zone: Option<Zone>,
    /// The slot or pile position (`#2`); `None` matches any.
    pub index: Option<u8>,
}

impl CardPattern {
    /// Reads a card reference; `None` if it is empty or names no known player or zone.
    pub fn parse(s: &str) -> Option<CardPattern> {
        let s = s.trim();
        let (name, place) = match s.rsplit_once('@') {
            Some((n, p)) => (n.trim(), Some(p.trim())),
            None => (s, None),
        };
        if name.is_empty() {
            return None;
        }
        let name = if name.eq_ignore_ascii_case("face-down") { None } else { Some(name.to_string()) };
        let mut pat = CardPattern { name, player: None, zone: None, index: None };
        if let Some(place) = place {
            let (place, index) = match place.split_once('#') {
                Some((p, i)) => (p, Some(i.trim().parse::<u8>().ok()?)),
                None => (place, None),
            };
            pat.index = index;
            let (player, zone) = match place.split_once('.') {
                Some((p, z)) => (Some(Player::parse(p.trim())?), z.trim()),
                None => (None, place),
            };
            pat.player = player;
            pat.zone = Some(Zone::parse(zone)?);
        }
        Some(pat)
    }
}

/// A command split into its verb and arguments; see [`parse_command`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A command that is one action whatever the position (`pass`, `yes`, `zone 3`, ...).
    Simple(Action),
    /// A verb applied to one card (`normal summon X`, `set X`, `target X`, `choose X`, ...).
    OnCard(Verb, CardPattern),
    /// `activate X effect N`, holding `N - 1` (`effect 1` and no `effect` are 0): `N` counts
    /// the card's effects a player activates, not its declared effects.
    Activate(CardPattern, u8),
    /// `attack X -> Y`, or `attack X directly` (`None`).
    Attack(CardPattern, Option<CardPattern>),
    /// `announce X`: a number, or a word matched against the declaration's texts.
    Announce(String),
}

/// Verbs that take one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `normal summon X`.
    NormalSummon,
    /// `tribute summon X`.
    TributeSummon,
    /// `set X`.
    Set,
    /// `flip summon X`.
    FlipSummon,
    /// `change position X`.
    ChangePosition,
    /// `special summon X`.
    SpecialSummon,
    /// `synchro summon X`: a [`Action::SpecialSummon`] of a Synchro monster.
    SynchroSummon,
    /// `xyz summon X`: a [`Action::SpecialSummon`] of an Xyz monster.
    XyzSummon,
    /// `link summon X`: a [`Action::SpecialSummon`] of a Link monster.
    LinkSummon,
    /// `target X`.
    Target,
    /// `choose X`.
    Choose,
}

const CARD_VERBS: [(&str, Verb); 11] = [
    ("synchro summon ", Verb::SynchroSummon),
    ("xyz summon ", Verb::XyzSummon),
    ("link summon ", Verb::LinkSummon),
    ("normal summon ", Verb::NormalSummon),
    ("tribute summon ", Verb::TributeSummon),
    ("flip summon ", Verb::FlipSummon),
    ("change position ", Verb::ChangePosition),
    ("special summon ", Verb::SpecialSummon),
    ("set ", Verb::Set),
    ("target ", Verb::Target),
    ("choose ", Verb::Choose),
];

/// Parses one command of the scenario language (a single card for `choose`; the caller
/// splits `choose X, Y`).
pub fn parse_command(text: &str) -> Option<Command> {
    let t = text.trim();
    let simple = match t {
        "pass" => Some(Action::Pass),
        "battle phase" => Some(Action::ToBattle),
        "main phase 2" => Some(Action::ToMain2),
        "end phase" => Some(Action::ToEnd),
        "end turn" => Some(Action::EndTurn),
        "pendulum summon" => Some(Action::PendulumSummon),
        "done" => Some(Action::Done),
        "yes" => Some(Action::Yes),
        "no" => Some(Action::No),
        "first" => Some(Action::First),
        "second" => Some(Action::Second),
        "position atk" => Some(Action::Position(Position::FaceUpAttack)),
        "position def" => Some(Action::Position(Position::FaceUpDefense)),
        _ => None,
    };
    if let Some(a) = simple {
        return Some(Command::Simple(a));
    }
    if let Some(n) = t.strip_prefix("zone ") {
        return Some(Command::Simple(Action::Zone(n.trim().parse().ok()?)));
    }
    if let Some(rest) = t.strip_prefix("announce ") {
        return Some(Command::Announce(rest.trim().to_string()));
    }
    if let Some(rest) = t.strip_prefix("activate ") {
        let (card, eff) = match rest.rsplit_once(" effect ") {
            Some((c, n)) if n.trim().parse::<u8>().is_ok() => (c, n.trim().parse::<u8>().ok()?),
            _ => (rest, 1),
        };
        return Some(Command::Activate(CardPattern::parse(card)?, eff.max(1) - 1));
    }
    if let Some(rest) = t.strip_prefix("attack ") {
        if let Some(att) = rest.strip_suffix(" directly") {
            return Some(Command::Attack(CardPattern::parse(att)?, None));
        }
        let (a, d) = rest.split_once("->")?;
        return Some(Command::Attack(CardPattern::parse(a)?, Some(CardPattern::parse(d)?)));
    }
    for (prefix, verb) in CARD_VERBS {
        if let Some(rest) = t.strip_prefix(prefix) {
            return Some(Command::OnCard(verb, CardPattern::parse(rest)?));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_actions_subject_is_shown_only_where_the_viewer_sees_it() {
        // RULE: MISC-3
        let at = |player, zone, index| Loc { player, zone, index };
        let own_hand = at(Player::A, Zone::Hand, 2);
        let opp_hand = at(Player::B, Zone::Hand, 0);
        let deck = at(Player::A, Zone::Deck, 7);
        let monster = at(Player::B, Zone::Monster, 3);
        assert_eq!(Action::Activate { card: own_hand, effect: 1 }.subject_for(Player::A), Some(own_hand));
        assert_eq!(Action::Target(opp_hand).subject(), Some(opp_hand));
        assert_eq!(Action::Target(opp_hand).subject_for(Player::A), None);
        assert_eq!(Action::Choose(deck).subject(), Some(deck));
        assert_eq!(Action::Choose(deck).subject_for(Player::A), None);
        let attack = Action::Attack { attacker: at(Player::A, Zone::Monster, 0), target: Some(monster) };
        assert_eq!((attack.subject_for(Player::A), attack.attack_target()), (Some(at(Player::A, Zone::Monster, 0)), Some(monster)));
        assert_eq!((Action::Zone(3).subject(), Action::Pass.attack_target()), (None, None));
    }

    #[test]
    fn parses_card_patterns() {
        let p = CardPattern::parse("Kuriboh@B.monsters#2").unwrap();
        assert_eq!(p.name.as_deref(), Some("Kuriboh"));
        assert_eq!((p.player, p.zone, p.index), (Some(Player::B), Some(Zone::Monster), Some(2)));
        let h = CardPattern::parse("Kuriboh@hand").unwrap();
        assert_eq!((h.player, h.zone), (None, Some(Zone::Hand)));
        let f = CardPattern::parse("face-down@A.spells#0").unwrap();
        assert_eq!(f.name, None);
        assert!(CardPattern::parse("X@nowhere").is_none());
    }

    #[test]
    fn parses_commands() {
        assert_eq!(parse_command("pass"), Some(Command::Simple(Action::Pass)));
        assert_eq!(parse_command("zone 3"), Some(Command::Simple(Action::Zone(3))));
        assert!(matches!(parse_command("attack Dark Magician -> Summoned Skull"), Some(Command::Attack(_, Some(_)))));
        assert!(matches!(parse_command("attack Dark Magician directly"), Some(Command::Attack(_, None))));
        assert!(matches!(parse_command("activate Stardust Dragon effect 2"), Some(Command::Activate(_, 1))));
        assert!(matches!(parse_command("set Mirror Force"), Some(Command::OnCard(Verb::Set, _))));
        assert_eq!(parse_command("dance"), None);
    }

    #[test]
    fn rejections_read_as_words() {
        let r = Rejected::Illegal(Illegal::NotOffered(Action::Zone(3)));
        assert_eq!(r.to_string(), "illegal action: choosing zone 3 is not one of the legal actions now");
        let a = Action::Attack { attacker: Loc::new(Player::A, Zone::Monster, 2), target: None };
        assert_eq!(Illegal::NotOffered(a).to_string(), "a direct attack by the card at A.monsters#2 is not one of the legal actions now");
        let e = crate::replay::ReplayError::Setup(vec![crate::SetupError::StartingLp(-5), crate::SetupError::State(crate::StateError::InsideDamageStep)]);
        assert_eq!(
            e.to_string(),
            "the duel cannot be set up: starting LP -5 is not allowed (8000, 4000 or 2000); a position cannot start inside the Damage Step"
        );
    }
}
