//! `view(player)`: exactly what one player may see (MISC-3). User interfaces and AI
//! players only ever read views.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::state::{CardId, Duel};
use crate::types::{BattleStep, Outcome, Phase, Player, Position, Zone};

/// A card as a player sees it. Hidden cards carry no identity at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeenCard {
    Hidden { position: Position },
    Known(KnownCard),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownCard {
    pub code: u32,
    pub name: String,
    pub position: Position,
    pub atk: Option<i32>,
    pub def: Option<i32>,
    pub level: u8,
    pub owner: Player,
    /// Counters on the card (MISC-2), by kind name (`spell`, `clock`, ...); empty off the field.
    pub counters: Vec<(String, u16)>,
}

/// A link of the current chain (CHAIN-1): activations are public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainView {
    pub code: u32,
    pub name: String,
    /// The effect's index on the card (0 = its first).
    pub effect: u8,
    pub controller: Player,
}

/// One side of the table as seen by the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub lp: i32,
    pub hand_count: usize,
    /// The viewer's own hand; empty for the opponent.
    pub hand: Vec<KnownCard>,
    pub deck_count: usize,
    pub extra_count: usize,
    /// Extra Deck cards the viewer may see (own, or face-up Pendulums).
    pub extra: Vec<KnownCard>,
    pub gy: Vec<KnownCard>,
    pub banished: Vec<SeenCard>,
    pub monsters: Vec<Option<SeenCard>>,
    pub spells: Vec<Option<SeenCard>>,
    pub field: Option<SeenCard>,
    pub pendulum: Vec<Option<SeenCard>>,
}

/// What `viewer` may see of the duel, plus their legal actions if they must decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Player,
    pub turn: u32,
    pub turn_player: Player,
    pub phase: Phase,
    pub step: Option<BattleStep>,
    pub deciding: Option<Player>,
    pub outcome: Option<Outcome>,
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
            def: if on_field { d.def.map(|_| self.current_def(id)) } else { d.def },
            level: d.level,
            owner: c.owner(),
            counters: c.counters.iter().map(|&(k, n)| (k.name().to_string(), n)).collect(),
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
    /// cards or face-down banished cards.
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
                deck_count: ps.deck.len(),
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
