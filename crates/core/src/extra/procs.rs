//! The summon procedures: Synchro/Xyz/Link/Pendulum Summons as frames of their own, and
//! the Ritual/Fusion steps of a spell's resolution.

use smallvec::SmallVec;

use super::*;
use crate::action::Action;
use crate::card::{Kind, MonsterFrame};
use crate::chain::ChainLink;
use crate::effect::SpellSpeed;
use crate::engine::{Flow, Prompt, SelectPurpose, Task, Window, WindowKind};
use crate::event::{Event, Reason};
use crate::resolve::{OpFlow, Progress, Resolution};
use crate::state::{CardId, Dest, Duel};
use crate::types::{Player, Position, SummonKind, Zone};

impl Duel {
    // ---- the procedures --------------------------------------------------------------

    /// Starts `synchro/xyz/link summon X` or `pendulum summon` (SUM-10..SUM-13).
    pub(crate) fn start_extra_summon(&mut self, p: Player, card: Option<CardId>) {
        let kind = match card {
            Some(c) => match self.proc_kind(c) {
                Some(k) => k,
                None => return,
            },
            None => ProcKind::Pendulum,
        };
        self.tasks.push(Task::Extra(Box::new(ExtraTask { kind, player: p, card, stage: ProcStage::Pick, picked: Vec::new(), placed: Vec::new() })));
    }

    pub(crate) fn step_extra(&mut self, mut t: Box<ExtraTask>) -> Flow {
        let p = t.player;
        let sel = Sel::Proc(t.kind, t.card);
        match t.stage {
            ProcStage::Pick => {
                if self.take_answer().is_some() {
                    let picked = match std::mem::replace(&mut self.prompt, Prompt::Over) {
                        Prompt::Select { picked, .. } => picked,
                        _ => Vec::new(),
                    };
                    // One more card picked: ask again; the same cards and `done`: finished.
                    if picked.len() > t.picked.len() {
                        t.picked = picked;
                    } else {
                        t.stage = ProcStage::Zone;
                    }
                    self.tasks.push(Task::Extra(t));
                    return Flow::Continue;
                }
                let (candidates, done_ok) = self.sel_options(sel, p, &t.picked);
                if candidates.is_empty() && !done_ok {
                    return Flow::Continue; // nothing possible any more: the summon is not made
                }
                let purpose = if t.kind == ProcKind::Pendulum { SelectPurpose::Effect } else { SelectPurpose::Cost };
                let (min, max) = picked_bounds(t.picked.len(), done_ok);
                let picked = t.picked.clone();
                self.tasks.push(Task::Extra(t));
                Flow::Ask(Prompt::Select { player: p, purpose, candidates, min, max, picked })
            }
            ProcStage::Zone => {
                // Zone (and position) of the next monster to place.
                let (card, from_extra, leaving): (CardId, bool, Vec<CardId>) = match t.card {
                    Some(c) => (c, true, t.picked.clone()),
                    None => {
                        let Some(&c) = t.picked.get(t.placed.len()) else {
                            t.stage = ProcStage::Place;
                            self.tasks.push(Task::Extra(t));
                            return Flow::Continue;
                        };
                        (c, self.card(c).zone() == Zone::Extra, Vec::new())
                    }
                };
                let taken: Vec<u8> = t.placed.iter().map(|x| x.1).collect();
                let rest: Vec<CardId> = if t.card.is_none() { t.picked[t.placed.len() + 1..].to_vec() } else { Vec::new() };
                let zones: SmallVec<[u8; 7]> = self
                    .summon_zones(p, card, from_extra, &leaving)
                    .into_iter()
                    .filter(|&z| !taken.contains(&z) && !(z >= 5 && taken.iter().any(|&x| x >= 5)))
                    .filter(|&z| {
                        let mut tk = taken.clone();
                        tk.push(z);
                        rest.is_empty() || self.zones_assignable(p, &rest, &tk)
                    })
                    .collect();
                if zones.is_empty() {
                    return Flow::Continue;
                }
                match self.take_answer() {
                    Some(Action::Zone(z)) if zones.contains(&z) => {
                        let link = self.data(card).kind == Kind::Monster(MonsterFrame::Link);
                        t.placed.push((card, z, Position::FaceUpAttack));
                        // SUM-13: a Link monster is always in Attack Position (no question).
                        t.stage = match (link, t.card.is_some()) {
                            (false, _) => ProcStage::Position,
                            (true, true) => ProcStage::Place,
                            (true, false) => ProcStage::Zone,
                        };
                        self.tasks.push(Task::Extra(t));
                        Flow::Continue
                    }
                    _ => {
                        self.tasks.push(Task::Extra(t));
                        Flow::Ask(Prompt::Zone { player: p, zones, lock: None })
                    }
                }
            }
            ProcStage::Position => {
                let Some(&(card, _, _)) = t.placed.last() else { return Flow::Continue };
                match self.take_answer() {
                    Some(Action::Position(pos)) if pos.face_up() => {
                        if let Some(last) = t.placed.last_mut() {
                            last.2 = pos;
                        }
                        t.stage = if t.card.is_some() { ProcStage::Place } else { ProcStage::Zone };
                        self.tasks.push(Task::Extra(t));
                        Flow::Continue
                    }
                    _ => {
                        self.tasks.push(Task::Extra(t));
                        let options = SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]);
                        Flow::Ask(Prompt::Position { player: p, card, options })
                    }
                }
            }
            ProcStage::Place => {
                self.place_extra_summon(&mut t);
                Flow::Continue
            }
            ProcStage::AfterNegation => {
                // After the Pendulum Summon's negation window (SUM-3, SUM-12).
                self.summon_pending = None;
                let negated = t.placed.first().is_none_or(|&(c, _, _)| self.card(c).zone() != Zone::Monster);
                if negated {
                    for &(c, _, _) in t.placed.iter().skip(1) {
                        if self.card(c).zone() == Zone::Monster {
                            self.negate_summon(c);
                        }
                    }
                    return Flow::Continue;
                }
                self.new_timing();
                for &(c, _, _) in &t.placed {
                    if self.card(c).zone() == Zone::Monster {
                        self.cards[c.0 as usize].properly_summoned = true;
                        self.emit(Event::SpecialSummoned { card: c });
                        self.summoned_to_defense(c);
                    }
                }
                self.enforce_forced_defense();
                self.tasks.push(Task::Window(Window { kind: WindowKind::AfterSummon, holder: self.turn_player, passed: false, dest: None }));
                Flow::Continue
            }
        }
    }

    /// Materials leave, the monster(s) are placed, and the summon-negation window opens.
    pub(super) fn place_extra_summon(&mut self, t: &mut ExtraTask) {
        let p = t.player;
        self.new_timing();
        match t.kind {
            ProcKind::FieldFusion if matches!(t.card.and_then(|c| self.materials_of(c)), Some(Materials::FieldFusion { into_deck: true, .. })) => {
                // A Contact Fusion: the materials are shuffled into their owners' Decks (an
                // Extra Deck monster: the Extra Deck); a face-down one is revealed first.
                let mut owners: SmallVec<[Player; 2]> = SmallVec::new();
                for &m in &t.picked {
                    if !self.card(m).face_up() {
                        self.emit(Event::Revealed { card: m });
                    }
                    let owner = self.card(m).owner();
                    self.move_card(m, Dest { player: owner, zone: Zone::Deck, slot: None, position: Position::FaceDownDefense }, Reason::Material);
                    if self.card(m).zone() == Zone::Deck && !owners.contains(&owner) {
                        owners.push(owner);
                    }
                }
                for o in owners {
                    self.shuffle_deck(o);
                }
            }
            ProcKind::Synchro | ProcKind::Link | ProcKind::FieldFusion => {
                for &m in &t.picked {
                    self.send_to_gy(m, Reason::Material);
                }
            }
            ProcKind::Xyz => {
                for &m in &t.picked {
                    let owner = self.card(m).owner();
                    // ZONE-10: stacked under the Xyz monster (its own materials go to the GY).
                    let under = self.take_materials(m);
                    for u in under {
                        let uo = self.card(u).owner();
                        self.move_card(u, Dest { player: uo, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Rule);
                    }
                    let _ = owner;
                    self.move_card(m, Dest { player: p, zone: Zone::Material, slot: None, position: Position::FaceUpAttack }, Reason::Material);
                }
            }
            ProcKind::Pendulum => {
                self.used.push(crate::state::Use { key: crate::state::UseKey::PendulumSummon(p), effect: 0, turn: self.turn, per_duel: false });
            }
        }
        self.new_timing();
        let kind = match t.kind {
            ProcKind::Synchro => SummonKind::Synchro,
            ProcKind::Xyz => SummonKind::Xyz,
            ProcKind::Link => SummonKind::Link,
            ProcKind::Pendulum => SummonKind::Pendulum,
            ProcKind::FieldFusion => SummonKind::Special,
        };
        for &(c, z, pos) in &t.placed {
            self.move_card(c, Dest { player: p, zone: Zone::Monster, slot: Some(z), position: pos }, Reason::Summon);
            let st = &mut self.cards[c.0 as usize];
            st.summon = kind;
            st.materials_count = t.picked.len() as u8;
        }
        match t.card {
            Some(card) => {
                if t.kind == ProcKind::Xyz {
                    for &m in &t.picked {
                        self.attach_material(card, m);
                    }
                }
                self.open_summon_windows(card, kind);
            }
            None => {
                let Some(&(first, _, _)) = t.placed.first() else { return };
                self.summon_pending = Some(first);
                t.stage = ProcStage::AfterNegation;
                self.tasks.push(Task::Extra(Box::new(t.clone())));
                self.tasks.push(Task::Window(Window { kind: WindowKind::SummonNegation, holder: self.turn_player, passed: false, dest: None }));
            }
        }
    }

    /// SPELL-8: a Pendulum card is placed in a free Pendulum Zone as a Spell activation
    /// (spell speed 1; a response window follows; its resolution does nothing more).
    pub(crate) fn activate_pendulum_scale(&mut self, p: Player, card: CardId) {
        let Some((zone, slot)) = self.free_pendulum_zone(p) else { return };
        self.move_card(card, Dest { player: p, zone, slot: Some(slot as u8), position: Position::FaceUpAttack }, Reason::Activate);
        self.cards[card.0 as usize].active = true;
        let link = ChainLink {
            card,
            effect: PENDULUM_SCALE,
            controller: p,
            speed: SpellSpeed::One,
            card_moves: self.card(card).moves,
            from: zone,
            activation_negated: false,
            effect_negated: false,
            facts: Default::default(),
            damage_change: Default::default(),
        };
        self.chain.push(link);
        self.emit(Event::Activated { card, player: p, effect: PENDULUM_SCALE, link: self.chain.len() as u8, targets: [None; 2] });
        self.tasks.push(Task::Window(Window { kind: WindowKind::Chain, holder: p.opp(), passed: false, dest: None }));
    }

    /// ZONE-10: detach the material `m` (a cost, chosen by the player); it goes to the GY.
    pub(crate) fn detach_material(&mut self, m: CardId) {
        if self.card(m).zone() == Zone::Material {
            let owner = self.card(m).owner();
            self.move_card(m, Dest { player: owner, zone: Zone::Gy, slot: None, position: Position::FaceUpAttack }, Reason::Cost);
        }
    }

    // ---- Ritual and Fusion steps of a resolution (SUM-8, SUM-9, SUM-14) ----------------

    pub(crate) fn run_extra_op(&mut self, op: &ExtraOp, r: &mut Resolution) -> OpFlow {
        let p = r.link.controller;
        let source = r.link.card;
        let picked_answer = |d: &mut Duel| match std::mem::replace(&mut d.prompt, Prompt::Over) {
            Prompt::Select { picked, .. } => picked,
            _ => Vec::new(),
        };
        let stage = match r.progress {
            Progress::Extra(s) => s,
            _ => SpellStage::Monster,
        };
        match stage {
            SpellStage::Monster => {
                if self.take_answer().is_some() {
                    let picked = picked_answer(self);
                    let Some(&m) = picked.first() else { return OpFlow::Stop };
                    r.chosen = SmallVec::from_slice(&[m]);
                    r.list.clear();
                    // The summon half of a split Fusion takes no materials.
                    let summon_only = matches!(op, ExtraOp::FusionFromDeckMaterials { summon: true, .. });
                    r.progress = Progress::Extra(if summon_only { SpellStage::Zone } else { SpellStage::Materials });
                    return OpFlow::Again;
                }
                let candidates = self.extra_op_monsters(op, p, source);
                if candidates.is_empty() {
                    r.did = false;
                    return OpFlow::Stop;
                }
                OpFlow::Ask(Prompt::Select { player: p, purpose: SelectPurpose::Effect, candidates, min: 1, max: 1, picked: Vec::new() })
            }
            SpellStage::Materials => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let sel = self.op_sel(op, m);
                if self.take_answer().is_some() {
                    let picked = picked_answer(self);
                    if picked.len() > r.list.len() {
                        r.list = picked.into_iter().collect();
                    } else {
                        r.progress = Progress::Extra(SpellStage::Pay);
                    }
                    return OpFlow::Again;
                }
                let (candidates, done_ok) = self.sel_options(sel, p, &r.list);
                if candidates.is_empty() && !done_ok {
                    return OpFlow::Stop;
                }
                let purpose = if matches!(op, ExtraOp::Ritual { from: RitualFrom::HandOrField, .. }) { SelectPurpose::Tribute } else { SelectPurpose::Effect };
                let (min, max) = picked_bounds(r.list.len(), done_ok);
                OpFlow::Ask(Prompt::Select { player: p, purpose, candidates, min, max, picked: r.list.to_vec() })
            }
            SpellStage::Pay => {
                // The materials leave (face-down ones too), then the monster is placed.
                self.new_timing();
                let list = r.list.clone();
                for c in list {
                    match op {
                        ExtraOp::Ritual { from: RitualFrom::HandOrField, .. } => self.send_to_gy(c, Reason::Tribute),
                        ExtraOp::FusionByBanishing { .. } => self.banish(c, false, Reason::Material),
                        // Sent from the Deck by the effect: not (yet) used for a summon.
                        ExtraOp::FusionFromDeckMaterials { .. } => self.send_to_gy(c, Reason::Effect),
                        _ => self.send_to_gy(c, Reason::Material),
                    }
                }
                // The half that sends the materials ends here: the monster, revealed, stays.
                if matches!(op, ExtraOp::FusionFromDeckMaterials { summon: false, .. }) {
                    if let Some(&m) = r.chosen.first() {
                        self.emit(Event::Revealed { card: m });
                        r.affected = SmallVec::from_slice(&[m]);
                        r.did = true;
                    }
                    return OpFlow::Next;
                }
                r.progress = Progress::Extra(SpellStage::Zone);
                OpFlow::Again
            }
            SpellStage::Zone => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let zones = self.summon_zones(p, m, !matches!(op, ExtraOp::Ritual { .. }), &[]);
                if zones.is_empty() {
                    return OpFlow::Stop;
                }
                match self.take_answer() {
                    Some(Action::Zone(z)) if zones.contains(&z) => {
                        r.progress = Progress::Extra(SpellStage::Position(z));
                        OpFlow::Again
                    }
                    _ => OpFlow::Ask(Prompt::Zone { player: p, zones: zones.into_iter().collect(), lock: None }),
                }
            }
            SpellStage::Position(zone) => {
                let Some(&m) = r.chosen.first() else { return OpFlow::Stop };
                let options: SmallVec<[Position; 2]> = SmallVec::from_slice(&[Position::FaceUpAttack, Position::FaceUpDefense]);
                let pos = match self.take_answer() {
                    Some(Action::Position(x)) if options.contains(&x) => x,
                    _ => return OpFlow::Ask(Prompt::Position { player: p, card: m, options }),
                };
                self.special_summon(m, p, zone, pos);
                let st = &mut self.cards[m.0 as usize];
                st.summon = if matches!(op, ExtraOp::Ritual { .. }) { SummonKind::Ritual } else { SummonKind::Fusion };
                // SUM-7: a Ritual or Fusion Summon is the proper summon.
                st.properly_summoned = true;
                st.materials_count = r.list.len() as u8;
                r.affected = SmallVec::from_slice(&[m]);
                r.did = true;
                OpFlow::Next
            }
        }
    }
}
