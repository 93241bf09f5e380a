//! `view(player)`: exactly what one player may see (MISC-3). User interfaces and AI
//! players only ever read views.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::state::{CardId, Duel};
use crate::types::{BattleStep, Outcome, Phase, Player, Position, Zone};

/// A card as a player sees it. Hidden cards carry no identity at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeenCard {
    /// A card the viewer may not see (MISC-3): only that it is there, and its position.
    Hidden {
        /// Its position (a face-down monster's battle position is public).
        position: Position,
    },
    /// A card the viewer may see.
    Known(KnownCard),
}

/// A card the viewer may see: its identity and its current stats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownCard {
    /// The passcode.
    pub code: u32,
    /// The name.
    pub name: String,
    /// Its position (face-up/face-down for a spell or trap).
    pub position: Position,
    /// In a Monster Zone: its current ATK (continuous effects applied); elsewhere the
    /// printed ATK (`None` for "?" and for spells/traps).
    pub atk: Option<i32>,
    /// As `atk`, for DEF (`None` for Link monsters too).
    pub def: Option<i32>,
    /// The printed Level, Rank or Link rating.
    pub level: u8,
    /// Its owner (ZONE-11).
    pub owner: Player,
    /// Counters on the card (MISC-2), by kind name (`spell`, `clock`, ...); empty off the field.
    pub counters: Vec<(String, u16)>,
}

/// A link of the current chain (CHAIN-1): activations are public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainView {
    /// The passcode of the activated card.
    pub code: u32,
    /// Its name.
    pub name: String,
    /// The effect's index on the card (0 = its first).
    pub effect: u8,
    /// The player who activated it.
    pub controller: Player,
}

/// One side of the table as seen by the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    /// Life points.
    pub lp: i32,
    /// Cards in the hand (public: MISC-3).
    pub hand_count: usize,
    /// The viewer's own hand; empty for the opponent.
    pub hand: Vec<KnownCard>,
    /// The opponent's hand cards the viewer knows by a reveal (MISC-7), each with its index
    /// in that hand; empty for the viewer's own side (all of it is in `hand`).
    #[serde(default)]
    pub known_hand: Vec<(usize, KnownCard)>,
    /// Cards in the Main Deck (public: ZONE-7).
    pub deck_count: usize,
    /// The top card of the Main Deck when it is public (a Deck turned over by
    /// "Convulsion of Nature").
    #[serde(default)]
    pub deck_top: Option<KnownCard>,
    /// Cards in the Extra Deck (public: ZONE-8).
    pub extra_count: usize,
    /// Extra Deck cards the viewer may see (own, or face-up Pendulums).
    pub extra: Vec<KnownCard>,
    /// The GY, bottom first (public: ZONE-6).
    pub gy: Vec<KnownCard>,
    /// Banished cards, face-down ones hidden from the opponent (ZONE-6).
    pub banished: Vec<SeenCard>,
    /// Monster Zones 0-4 Main, 5-6 Extra (as [`crate::PlayerState::monsters`]).
    pub monsters: Vec<Option<SeenCard>>,
    /// Spell & Trap Zones 0-4.
    pub spells: Vec<Option<SeenCard>>,
    /// The Field Zone.
    pub field: Option<SeenCard>,
    /// The separate Pendulum Zones of Master Rule 3 (left, right).
    pub pendulum: Vec<Option<SeenCard>>,
}

/// What `viewer` may see of the duel, plus their legal actions if they must decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is.
    pub viewer: Player,
    /// The turn number, from 1.
    pub turn: u32,
    /// Whose turn it is.
    pub turn_player: Player,
    /// The current phase.
    pub phase: Phase,
    /// The current Battle Phase step (`None` outside the Battle Phase).
    pub step: Option<BattleStep>,
    /// Who must decide now (`None` once the duel is over).
    pub deciding: Option<Player>,
    /// How the duel ended, once it has.
    pub outcome: Option<Outcome>,
    /// Player A's side, then player B's.
    pub sides: [SideView; 2],
    /// The chain being built or resolved, link 1 first.
    pub chain: Vec<ChainView>,
    /// The viewer's legal actions with their texts (empty unless the viewer decides).
    pub actions: Vec<(Action, String)>,
}

impl Duel {
    fn known(&self, id: CardId) -> KnownCard {
        let c = self.card(id);
        let d = self.data(id);
        let on_field = c.zone() == Zone::Monster;
        KnownCard {
            code: c.code,
            name: d.name.clone(),
            position: c.position(),
            atk: if on_field { Some(self.current_atk(id)) } else { d.atk },
            // A "?" DEF (a Token whose stats an effect sets) shows its current DEF; a Link has none.
            def: if on_field && d.kind != crate::card::Kind::Monster(crate::card::MonsterFrame::Link) { Some(self.current_def(id)) } else { d.def },
            level: self.copied_of(id).map_or(d.level, |s| s.level),
            owner: c.owner(),
            counters: self.counters(id).map(|(k, n)| (k.name().to_string(), n)).collect(),
        }
    }

    fn seen(&self, id: CardId, viewer: Player) -> SeenCard {
        if self.visible_to(id, viewer) {
            SeenCard::Known(self.known(id))
        } else {
            SeenCard::Hidden { position: self.card(id).position() }
        }
    }

    /// What `viewer` may see (MISC-3): never the opponent's hand, deck order, face-down
    /// cards or face-down banished cards, except the cards revealed to the viewer that have
    /// not moved since (MISC-7: `known_hand`, and a revealed Set card shown as known).
    pub fn view(&self, viewer: Player) -> View {
        let mut v = self.view_table(viewer);
        if v.deciding == Some(viewer) {
            v.actions = self.legal_actions_with_text();
        }
        v
    }

    /// [`Duel::view`] without the legal actions (`actions` is empty): for callers that
    /// list the actions themselves and need no texts (observation encoders).
    pub fn view_table(&self, viewer: Player) -> View {
        let side = |p: Player| {
            let ps = self.player(p);
            let mine = p == viewer;
            SideView {
                lp: ps.lp(),
                hand_count: ps.hand.len(),
                hand: if mine { ps.hand.iter().map(|&c| self.known(c)).collect() } else { Vec::new() },
                known_hand: if mine {
                    Vec::new()
                } else {
                    ps.hand.iter().enumerate().filter(|&(_, &c)| self.visible_to(c, viewer)).map(|(i, &c)| (i, self.known(c))).collect()
                },
                deck_count: ps.deck.len(),
                deck_top: ps.deck.last().filter(|_| self.decks_face_up()).map(|&c| self.known(c)),
                extra_count: ps.extra.len(),
                extra: ps.extra.iter().filter(|&&c| self.visible_to(c, viewer)).map(|&c| self.known(c)).collect(),
                gy: ps.gy.iter().map(|&c| self.known(c)).collect(),
                banished: ps.banished.iter().map(|&c| self.seen(c, viewer)).collect(),
                monsters: ps.monsters.iter().map(|m| m.map(|c| self.seen(c, viewer))).collect(),
                spells: ps.spells.iter().map(|m| m.map(|c| self.seen(c, viewer))).collect(),
                field: ps.field.map(|c| self.seen(c, viewer)),
                pendulum: ps.pendulum.iter().map(|m| m.map(|c| self.seen(c, viewer))).collect(),
            }
        };
        let deciding = self.deciding_player();
        View {
            viewer,
            turn: self.turn,
            turn_player: self.turn_player,
            phase: self.phase,
            step: self.step,
            deciding,
            outcome: self.outcome,
            sides: [side(Player::A), side(Player::B)],
            chain: self
                .chain
                .iter()
                .map(|l| ChainView { code: self.card(l.card).code, name: self.name(l.card).to_string(), effect: l.effect, controller: l.controller })
                .collect(),
            actions: Vec::new(),
        }
    }
}
