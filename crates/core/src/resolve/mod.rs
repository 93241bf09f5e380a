//! The resolution machine: one chain link's [`Op`] steps run in order as a frame of the
//! settle loop, so a step may ask a question (choose cards, yes/no, zone, position,
//! declare) and continue with the answer. Branches have structure: the frame's position is
//! a path through the nested step lists ([`Resolution::path`]). Nothing else can happen
//! inside one link's resolution (CHAIN-7) and the win check waits until it is over (WIN-3).
//!
//! The steps of one effect are separate happenings (EFF-8): once a step has changed the
//! duel, the next change starts a new timing, so a "when" trigger of an earlier step misses
//! it.

mod ops;
mod possible;
mod summon;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::chain::ChainLink;
use crate::effect::{Declare, Op};
use crate::engine::{Flow, Prompt, Task};
use crate::eval::Ctx;
use crate::event::Event;
use crate::state::{CardId, Delayed, Duel};
use crate::types::{Player, Zone};

/// Where the current step is inside its own work.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Progress {
    /// The step has not started.
    #[default]
    Start,
    /// A Special Summon step is placing its `index`th monster; `zone` once picked.
    Summoning { index: u8, zone: Option<u8> },
    /// A Ritual or Fusion step (`extra.rs`).
    Extra(crate::extra::SpellStage),
    /// A Special Summon step with more monsters than free zones: the `n`th player (turn
    /// player first) picks which of theirs are summoned (SUM-5).
    Picking(u8),
    /// A `LockZones` step: the zones chosen so far (bit `i` = zone `i`).
    Zones(u8),
}

/// A resolving chain link (or a delayed effect): which step, what it chose so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// The link (a delayed effect has one that is not on the chain).
    pub link: ChainLink,
    /// Chain link number (1-based; 0 for a delayed effect, not a chain link).
    pub n: u8,
    /// The current step: indices into the nested step lists (step, branch, step, ...).
    pub path: SmallVec<[u8; 6]>,
    /// The resolution ends when the steps at this depth of the path are done (1 for a whole
    /// effect; deeper for a delayed effect, which runs one branch).
    pub root: u8,
    /// Progress inside the current step.
    pub progress: Progress,
    /// Progress a custom step keeps ([`crate::author::StepCtx::stage`]).
    pub custom_stage: u8,
    /// The cards the current step works through (fixed when it starts).
    pub list: SmallVec<[CardId; 4]>,
    /// The cards picked by the last `Choose`.
    pub chosen: SmallVec<[CardId; 4]>,
    /// The cards the previous step affected.
    pub affected: SmallVec<[CardId; 4]>,
    /// Last known ATK/DEF of the monsters the previous step moved off the field.
    pub known: SmallVec<[(CardId, i32, i32); 2]>,
    /// The last step affected at least one card, or the call was right ("if you do").
    pub did: bool,
    /// What was declared in this resolution, each kind with its value, in order.
    pub declared: SmallVec<[(Declare, u32); 2]>,
    /// Heads among the coins tossed in this resolution.
    pub heads: u8,
    /// Players whose Main Deck this resolution looked through (ZONE-7: shuffled after).
    pub searched: [bool; 2],
    /// The S/T zone a trap summoning itself as a monster keeps (TRAP-5).
    pub held_zone: Option<u8>,
    /// The duel's change counter when the current step began (EFF-8).
    pub step_started_at: u32,
}

/// What one step did.
pub(crate) enum OpFlow {
    /// Go on with the next step.
    Next,
    /// Stop the effect.
    Stop,
    /// Ask a question; run the step again with the answer.
    Ask(Prompt),
    /// Run the same step again (it advanced its progress).
    Again,
    /// Enter branch `i` of this (branching) step.
    Enter(u8),
}

impl Resolution {
    /// The resolution of `link` (chain link `n`), from its first step; `happenings` is the
    /// duel's change counter now.
    pub fn new(link: ChainLink, n: u8, happenings: u32) -> Resolution {
        Resolution {
            link,
            n,
            path: SmallVec::from_slice(&[0]),
            root: 1,
            progress: Progress::Start,
            custom_stage: 0,
            list: SmallVec::new(),
            chosen: SmallVec::new(),
            affected: SmallVec::new(),
            known: SmallVec::new(),
            did: false,
            declared: SmallVec::new(),
            heads: 0,
            searched: [false; 2],
            held_zone: None,
            step_started_at: happenings,
        }
    }
}

/// The step at `path` in `ops`, following branches.
pub(crate) fn op_at<'o>(ops: &'o [Op], path: &[u8]) -> Option<&'o Op> {
    let mut block = ops;
    let mut k = 0;
    loop {
        let op = block.get(*path.get(k)? as usize)?;
        if k + 1 >= path.len() {
            return Some(op);
        }
        block = op.branch(path[k + 1] as usize)?;
        k += 2;
    }
}

/// Moves `path` to the step after the current one, leaving finished branches; false when
/// the steps at depth `root` are done.
fn advance(ops: &[Op], path: &mut SmallVec<[u8; 6]>, root: u8) -> bool {
    loop {
        if let Some(last) = path.last_mut() {
            *last = last.saturating_add(1);
        }
        if op_at(ops, path).is_some() {
            return true;
        }
        if path.len() <= root as usize {
            return false;
        }
        path.truncate(path.len() - 2);
    }
}

impl Duel {
    pub(crate) fn step_resolve(&mut self, mut r: Box<Resolution>) -> Flow {
        self.resolving = true;
        self.cause = Some(r.link.controller);
        let pool = self.pool.clone();
        // A copying link resolves the steps of the effect it copies (`EffectDecl::copies_link`).
        let (card, effect) = r.link.facts.copy.unwrap_or((r.link.card, r.link.effect));
        let ops = &pool.def(self.card(card).def).behavior.effects[effect as usize].ops;
        let Some(op) = op_at(ops, &r.path) else {
            self.finish_resolution(&r);
            return Flow::Continue;
        };
        let flow = self.run_op(op, &mut r);
        if matches!(flow, OpFlow::Next | OpFlow::Stop | OpFlow::Enter(_)) {
            // EFF-8: this step changed the duel; the next step's changes are a new happening.
            if self.happenings != r.step_started_at {
                self.step_boundary = true;
            }
            r.step_started_at = self.happenings;
            r.progress = Progress::Start;
            r.custom_stage = 0;
            r.list.clear();
        }
        match flow {
            OpFlow::Next => {
                if !advance(ops, &mut r.path, r.root) {
                    r.path.clear();
                }
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Enter(b) => {
                r.path.push(b);
                r.path.push(0);
                if op_at(ops, &r.path).is_none() {
                    r.path.truncate(r.path.len() - 2);
                    if !advance(ops, &mut r.path, r.root) {
                        r.path.clear();
                    }
                }
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Stop => {
                r.path.clear();
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Again => {
                self.tasks.push(Task::Resolve(r));
                Flow::Continue
            }
            OpFlow::Ask(p) => {
                self.tasks.push(Task::Resolve(r));
                Flow::Ask(p)
            }
        }
    }

    fn finish_resolution(&mut self, r: &Resolution) {
        let card = r.link.card;
        // ZONE-7: a Deck an effect looked through is shuffled afterwards.
        for p in Player::BOTH {
            if r.searched[p.idx()] {
                self.shuffle_deck(p);
            }
        }
        if r.n > 0 {
            let persistent = self.effect_decl(card, r.link.effect).is_some_and(|e| e.kind.is_card_activation())
                && matches!(
                    self.data(card).kind,
                    crate::card::Kind::Spell(crate::card::SpellKind::Continuous | crate::card::SpellKind::Field | crate::card::SpellKind::Equip)
                        | crate::card::Kind::Trap(crate::card::TrapKind::Continuous)
                )
                || self.card(card).equip_to.is_some(); // a Trap that became an Equip Card (SPELL-4)
            if persistent && self.card(card).zone().on_field() && self.card(card).face_up() {
                self.cards[card.0 as usize].active = true;
                self.field_spell_resolved(card);
            }
            // "Spirit Reaper": a face-up target that is destroyed after the effect resolves,
            // by its own effect (its controller's).
            for &(t, moves) in r.link.facts.targets.iter() {
                let tc = self.card(t);
                if tc.moves == moves && tc.zone() == Zone::Monster && tc.face_up() && self.destroyed_after_targeted(t) {
                    self.cause = Some(tc.controller());
                    self.send_to_gy(t, crate::event::Reason::Destroy);
                }
            }
            self.resolved_this_turn.push((card, r.link.effect));
            if self.effect_decl(card, r.link.effect).is_some_and(|e| e.kind.is_card_activation()) {
                self.counters_for_activation(card);
            }
        }
        self.resolving = false;
        self.cause = None;
        // The last step's changes are the last thing that happened (EFF-8).
        self.step_boundary = false;
        if r.n > 0 {
            self.emit(Event::LinkResolved { card, link: r.n });
        }
        self.check_equips();
    }

    /// MISC-2, `Modifier::CounterPerActivation`: the activation of `card` has resolved; every
    /// face-up card counting such activations gets its counter (up to its maximum).
    fn counters_for_activation(&mut self, card: CardId) {
        if self.sources_on_field().next().is_none() {
            return;
        }
        let mut add: SmallVec<[(CardId, crate::effect::Counter, u8); 2]> = SmallVec::new();
        for (src, ctrl, fixed, m) in
            self.modifiers_of(crate::effect::ModKinds::COUNTER_PER_ACTIVATION, |m| matches!(m, crate::effect::Modifier::CounterPerActivation { .. }))
        {
            if let crate::effect::Modifier::CounterPerActivation { kind, filter, max } = m {
                let allowed = fixed.is_none() && self.pool.def(self.card(src).def).behavior.counters.contains(kind);
                if allowed && self.filter_matches(filter, card, ctrl, src) {
                    add.push((src, *kind, *max));
                }
            }
        }
        for (src, kind, max) in add {
            if self.counters_on(src, kind) < max as u16 {
                self.add_counters(src, kind, 1);
            }
        }
    }

    /// The cards an object names now, for a resolving effect.
    pub(crate) fn objects(&self, o: &crate::effect::Obj, r: &Resolution) -> SmallVec<[CardId; 4]> {
        self.objects_in(o, &Ctx::resolving(r))
    }

    /// The cards a resolving effect acts on (moves, changes, applies to): the object's cards
    /// except those unaffected by this effect's card (`Modifier::Unaffected`).
    pub(crate) fn acted_on(&self, o: &crate::effect::Obj, r: &Resolution) -> SmallVec<[CardId; 4]> {
        let mut v = self.objects(o, r);
        v.retain(|c| !self.unaffected_by(*c, r.link.card));
        v
    }

    /// Runs the delayed effects due now, at moment `at` (`Op::Later`: the start of the End
    /// Phase, the end of the turn), each as its effect's steps, not as a chain link.
    /// `Op::BorrowToHand`: as the turn ends, each card taken for it that is still in its
    /// taker's hand, or Set face-down on their field, goes to its owner's GY.
    pub(crate) fn return_borrowed(&mut self) {
        for (c, p, ..) in std::mem::take(&mut self.borrowed) {
            let card = self.card(c);
            let unused = card.controller() == p && (card.zone() == Zone::Hand || (card.zone() == Zone::SpellTrap && !card.face_up()));
            if unused {
                self.send_to_gy(c, crate::event::Reason::Rule);
            }
        }
    }

    pub(crate) fn run_delayed(&mut self, at: crate::effect::Moment) {
        // A battle moment is due in the battle it was scheduled for (`Delayed::turn` counts
        // battles then).
        let turn = if matches!(at, crate::effect::Moment::DamageStep(_)) { self.battles } else { self.turn };
        let (due, keep): (Vec<Delayed>, Vec<Delayed>) = std::mem::take(&mut self.delayed).into_iter().partition(|d| d.at.due(at, d.turn, turn));
        self.delayed = keep;
        // Pushed last-first: the first scheduled runs first.
        for d in due.into_iter().rev() {
            let link = ChainLink {
                card: d.card,
                effect: d.effect,
                controller: d.controller,
                speed: crate::effect::SpellSpeed::One,
                card_moves: self.card(d.card).moves,
                from: self.card(d.card).zone(),
                activation_negated: false,
                effect_negated: false,
                facts: Default::default(),
                damage_change: Default::default(),
            };
            let mut r = Resolution::new(link, 0, self.happenings);
            r.affected = d.cards.iter().filter(|&&(c, moves)| self.card(c).moves == moves).map(|&(c, _)| c).collect();
            r.path = d.path.clone();
            r.path.push(0);
            r.path.push(0);
            r.root = r.path.len() as u8;
            self.tasks.push(Task::Resolve(Box::new(r)));
        }
    }
}
