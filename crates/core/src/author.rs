//! The effect-author API: what a card's own code ([`crate::effect::CustomStep`],
//! [`crate::effect::CustomCheck`]) may do. It reads the duel, asks the players through the
//! engine's ordinary decisions, and changes the duel only through the mutation atoms, so
//! every change is an event and every invariant holds. A custom step has the same powers
//! and duties as a vocabulary step.
//!
//! A step that asks a question returns [`StepFlow::Asked`]; the engine asks, and runs the
//! step again with the answer available (the same call returns `Some` then). A step that
//! asks more than one question keeps its progress in [`StepCtx::stage`].

use smallvec::SmallVec;

use crate::effect::Obj;
use crate::engine::{Prompt, Question, SelectPurpose};
use crate::event::{Event, Reason};
use crate::resolve::Resolution;
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, Zone};

/// What a custom step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepFlow {
    /// Go on with the next step.
    Next,
    /// Stop the effect here (nothing after this step happens).
    Stop,
    /// A question was asked ([`StepCtx::select`], [`StepCtx::yes_no`]): run this step
    /// again with the answer.
    Asked,
}

/// A resolving effect, as a custom step sees it.
pub struct StepCtx<'a> {
    pub(crate) duel: &'a mut Duel,
    pub(crate) res: &'a mut Resolution,
    pub(crate) asked: Option<Prompt>,
}

impl StepCtx<'_> {
    /// The duel, to read.
    pub fn duel(&self) -> &Duel {
        self.duel
    }
    /// The player whose effect this is.
    pub fn controller(&self) -> Player {
        self.res.link.controller
    }
    /// The card whose effect this is.
    pub fn card(&self) -> CardId {
        self.res.link.card
    }
    /// Progress inside this step (0 when it starts).
    pub fn stage(&self) -> u8 {
        self.res.custom_stage
    }
    /// Records progress inside this step.
    pub fn set_stage(&mut self, stage: u8) {
        self.res.custom_stage = stage;
    }
    /// The cards an object names now (targets still valid, chosen cards, ...).
    pub fn objects(&self, o: &Obj) -> SmallVec<[CardId; 4]> {
        self.duel.objects(o, self.res)
    }
    /// Records the cards this step affected (`Obj::Affected`, "if you do").
    pub fn affected(&mut self, cards: &[CardId]) {
        self.res.affected = cards.iter().copied().collect();
        self.res.did = !cards.is_empty();
    }

    // ---- asking ----------------------------------------------------------------------

    /// `player` picks `min..=max` of the candidates. `Some` with the picked cards once
    /// answered; `None` when the question is being asked (return [`StepFlow::Asked`]).
    pub fn select(&mut self, player: Player, candidates: Vec<CardId>, min: u8, max: u8) -> Option<Vec<CardId>> {
        if self.duel.answer.is_some() {
            self.duel.take_answer();
            if let Prompt::Select { picked, .. } = std::mem::replace(&mut self.duel.prompt, Prompt::Over) {
                return Some(picked);
            }
            return Some(Vec::new());
        }
        let max = max.min(candidates.len() as u8).max(1);
        self.asked = Some(Prompt::Select { player, purpose: SelectPurpose::Effect, candidates, min: min.min(max), max, picked: Vec::new() });
        None
    }
    /// "You can ...": `player` answers yes or no. `None` while asking.
    pub fn yes_no(&mut self, player: Player) -> Option<bool> {
        match self.duel.take_answer() {
            Some(crate::Action::Yes) => Some(true),
            Some(_) => Some(false),
            None => {
                self.asked = Some(Prompt::YesNo { player, question: Question::Continue(self.card()) });
                None
            }
        }
    }

    // ---- changing the duel (the mutation atoms) ----------------------------------------

    /// Destroys a card on the field (MISC-4).
    pub fn destroy(&mut self, c: CardId) {
        if self.duel.card(c).zone().on_field() {
            self.duel.send_to_gy(c, Reason::Destroy);
        }
    }
    /// Sends a card to its owner's GY by this effect.
    pub fn send_to_gy(&mut self, c: CardId) {
        self.duel.send_to_gy(c, Reason::Effect);
    }
    /// Adds a card to its owner's hand.
    pub fn to_hand(&mut self, c: CardId) {
        self.duel.return_to_hand(c, Reason::Effect);
    }
    /// Places a card face-up in a free Spell & Trap Zone of the controller (a placement, not
    /// an activation: its continuous effects apply at once). False when no zone is free.
    pub fn place_face_up(&mut self, c: CardId) -> bool {
        let p = self.controller();
        let Some(&z) = self.duel.free_spell_zones(p).first() else { return false };
        self.duel.move_card(c, Dest { player: p, zone: Zone::SpellTrap, slot: Some(z), position: Position::FaceUpAttack }, Reason::Effect);
        self.duel.activate_in_place(c);
        true
    }
    /// Places a card at the bottom of its owner's Main Deck, face-down (ZONE-7: "place it
    /// on the bottom of the Deck").
    pub fn to_deck_bottom(&mut self, c: CardId) {
        let owner = self.duel.card(c).owner();
        self.duel.move_card(c, Dest { player: owner, zone: Zone::Deck, slot: Some(0), position: Position::FaceDownDefense }, Reason::Effect);
    }
    /// Shuffles a player's Main Deck (MISC-6).
    pub fn shuffle_deck(&mut self, p: Player) {
        self.duel.shuffle_deck(p);
    }
    /// Reveals a card to the opponent (MISC-7).
    pub fn reveal(&mut self, c: CardId) {
        self.duel.emit(Event::Revealed { card: c });
    }
    /// Marks the end of one thing this step does: what it does next is a new happening
    /// (EFF-8: "destroy ..., then ..." makes "when" triggers of the first part miss their
    /// timing). Steps are separated so automatically; this separates parts of one step.
    pub fn then(&mut self) {
        self.duel.step_boundary = true;
    }
}

/// The duel, as a custom condition sees it: a pure question.
pub struct Query<'a> {
    /// The duel.
    pub duel: &'a Duel,
    /// The player the condition is about (the effect's controller).
    pub player: Player,
    /// The card whose condition this is.
    pub card: CardId,
}
