//! The rules read from modifiers, one question each: the "cannot" family ([`Modifier::Cannot`]),
//! the rules monsters play by ([`Modifier::Rule`]: battle, position, destruction), the
//! duel-wide rules ([`Modifier::Duel`]), forced positions, self-destruction and attack costs.

use smallvec::SmallVec;

use crate::effect::{Act, Modifier, MonsterRule, Scope};
use crate::eval::Ctx;
use crate::state::{CardId, Duel};
use crate::types::{Player, Zone};

impl Duel {
    /// Does a "cannot"-style modifier apply to `card`?
    pub(crate) fn restricted<W>(&self, card: CardId, which: W) -> bool
    where
        W: Fn(&Modifier) -> Option<&Scope> + Copy,
    {
        // `which` answers only of `Cannot` and `Rule` modifiers (`cannot_scope`, `rule_scope`).
        const KINDS: u64 = crate::effect::ModKinds::CANNOT | crate::effect::ModKinds::RULE | crate::effect::ModKinds::POSITION;
        self.restricted_of(KINDS, card, which)
    }

    /// [`Duel::restricted`] for `which` answering only of modifiers of `kinds`.
    fn restricted_of<W>(&self, kinds: u64, card: CardId, which: W) -> bool
    where
        W: Fn(&Modifier) -> Option<&Scope> + Copy,
    {
        self.may_apply(kinds)
            && self
                .modifiers_of(kinds, move |m| which(m).is_some())
                .any(|(src, ctrl, fixed, m)| which(m).is_some_and(|s| self.in_scope(s, src, ctrl, fixed, card)))
    }

    /// `Modifier::DestroyOtherInstead`: the monsters `card`'s controller may destroy in its
    /// place when it would be destroyed (face-up, theirs, not `card`, none of `spared`: the
    /// cards the same battle or effect destroys), if such a modifier protects it.
    pub(crate) fn destroy_other_candidates(&self, card: CardId, spared: &[CardId]) -> SmallVec<[CardId; 4]> {
        self.destroy_other_options(card, spared).into_iter().map(|(o, _)| o).collect()
    }

    /// [`Self::destroy_other_candidates`], each with whether it is sent to the GY (`send`)
    /// rather than destroyed.
    pub(crate) fn destroy_other_options(&self, card: CardId, spared: &[CardId]) -> SmallVec<[(CardId, bool); 4]> {
        let mut out: SmallVec<[(CardId, bool); 4]> = SmallVec::new();
        const KIND: u64 = crate::effect::ModKinds::DESTROY_OTHER_INSTEAD;
        let c = self.card(card);
        if !self.may_apply(KIND) || c.zone() != Zone::Monster || !c.face_up() {
            return out;
        }
        let p = c.controller();
        for (src, ctrl, fixed, m) in self.modifiers_of(KIND, |m| matches!(m, Modifier::DestroyOtherInstead { .. })) {
            let Modifier::DestroyOtherInstead { scope, with, send } = m else { continue };
            if !self.in_scope(scope, src, ctrl, fixed, card) {
                continue;
            }
            let ps = self.player(p);
            for &o in ps.monsters.iter().chain(ps.spells.iter()).flatten() {
                if o != card && !spared.contains(&o) && !out.iter().any(|&(x, _)| x == o) && self.card(o).face_up() && self.filter_matches(with, o, ctrl, src) {
                    out.push((o, *send));
                }
            }
        }
        out
    }

    /// Is `sub`, taken as the substitute of `card`, sent to the GY rather than destroyed
    /// (`Modifier::DestroyOtherInstead` with `send`)?
    pub(crate) fn substitute_is_sent(&self, card: CardId, sub: CardId) -> bool {
        self.destroy_other_options(card, &[]).iter().any(|&(o, send)| o == sub && send)
    }

    pub(crate) fn cannot_attack(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::Attack))
    }
    pub(crate) fn cannot_change_position(&self, card: CardId) -> bool {
        self.position_locked(card) || self.restricted_of(crate::effect::ModKinds::POSITION, card, |m| m.rule_scope(MonsterRule::ForceDefense))
    }
    /// "Cannot change its battle position" (POS-2): no manual change and no Flip Summon, which
    /// changes the position too ("Swords of Concealing Light"). A forced Defense Position
    /// still allows the Flip Summon (the monster is then changed to Defense Position).
    pub(crate) fn position_locked(&self, card: CardId) -> bool {
        self.restricted_of(crate::effect::ModKinds::POSITION, card, |m| match m {
            Modifier::Cannot { scope, act: Act::ChangePosition } | Modifier::Rule { scope, rule: MonsterRule::ForceDefense | MonsterRule::ForceAttack } => {
                Some(scope)
            }
            _ => None,
        })
    }

    /// `Modifier::ShieldOncePerTurn`: of the cards an effect of `by` would destroy, those an
    /// unused shield of their controller covers are spared, and each shield that spared one
    /// is used up for this turn.
    pub(crate) fn shield_once_per_turn(&mut self, list: SmallVec<[CardId; 4]>, by: Player) -> SmallVec<[CardId; 4]> {
        if !self.any_modifiers() || list.is_empty() {
            return list;
        }
        let turn = self.turn;
        // The shields of `by`'s opponent not used this turn (they do not change in this loop).
        let shields: SmallVec<[(CardId, Player, Option<CardId>, &Scope); 2]> = self
            .modifiers_of(crate::effect::ModKinds::SHIELD_ONCE_PER_TURN, |m| matches!(m, Modifier::ShieldOncePerTurn(_)))
            .filter_map(|(src, ctrl, fixed, m)| match m {
                Modifier::ShieldOncePerTurn(s) if ctrl != by && self.card(src).shield_turn != turn => Some((src, ctrl, fixed, s)),
                _ => None,
            })
            .collect();
        if shields.is_empty() {
            return list;
        }
        let mut used: SmallVec<[CardId; 2]> = SmallVec::new();
        let mut kept: SmallVec<[CardId; 4]> = SmallVec::new();
        for c in list {
            let shield = shields.iter().find(|&&(src, ctrl, fixed, s)| self.card(c).controller() == ctrl && self.in_scope(s, src, ctrl, fixed, c));
            match shield {
                Some(&(src, ..)) => {
                    if !used.contains(&src) {
                        used.push(src);
                    }
                }
                None => kept.push(c),
            }
        }
        drop(shields);
        for src in used {
            self.cards[src.0 as usize].shield_turn = turn.into();
        }
        kept
    }

    /// `Modifier::BattleShieldOncePerTurn`: of the monsters a battle would destroy, those an
    /// unused battle shield of their controller covers are spared, and each shield that spared
    /// one is used up for this turn.
    pub(crate) fn battle_shield_once_per_turn(&mut self, list: SmallVec<[CardId; 2]>) -> SmallVec<[CardId; 2]> {
        if !self.any_modifiers() || list.is_empty() {
            return list;
        }
        let turn = self.turn;
        let mut kept: SmallVec<[CardId; 2]> = SmallVec::new();
        for c in list {
            let shield = self
                .modifiers_of(crate::effect::ModKinds::BATTLE_SHIELD_ONCE_PER_TURN, |m| matches!(m, Modifier::BattleShieldOncePerTurn(_)))
                .find_map(|(src, ctrl, fixed, m)| match m {
                    Modifier::BattleShieldOncePerTurn(s)
                        if self.card(src).shield_turn != turn && self.card(c).controller() == ctrl && self.in_scope(s, src, ctrl, fixed, c) =>
                    {
                        Some(src)
                    }
                    _ => None,
                });
            match shield {
                Some(src) => self.cards[src.0 as usize].shield_turn = turn.into(),
                None => kept.push(c),
            }
        }
        kept
    }

    /// Cannot be destroyed by card effects now (`Act::BeDestroyedByEffect`).
    pub(crate) fn indestructible_by_effect(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::BeDestroyedByEffect))
    }

    /// Cannot be destroyed by the effect of the card `by` now: by any card effect, or, for a
    /// Spell or Trap Card's effect, by Spell/Trap effects (`Act::BeDestroyedBySpellTrapEffect`).
    pub(crate) fn indestructible_by_effect_of(&self, card: CardId, by: CardId) -> bool {
        self.indestructible_by_effect(card)
            || ((self.data(by).is_spell() || self.data(by).is_trap()) && self.restricted(card, |m| m.cannot_scope(Act::BeDestroyedBySpellTrapEffect)))
    }

    /// SUM-1 under `Modifier::Duel(crate::effect::DuelRule::NoMonsterSets)`: monsters cannot be Set, and Normal Summons may
    /// be in face-up Defense Position.
    pub fn monster_sets_forbidden(&self) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::NO_MONSTER_SETS, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::NoMonsterSets)))
                .next()
                .is_some()
    }

    /// Do LP that `p` would gain from a card effect become damage (an opponent's
    /// `Modifier::Duel(crate::effect::DuelRule::OpponentGainsBecomeDamage)` applies)?
    pub(crate) fn gains_become_damage(&self, p: Player) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::OPPONENT_GAINS_BECOME_DAMAGE, |m| {
                    matches!(m, Modifier::Duel(crate::effect::DuelRule::OpponentGainsBecomeDamage))
                })
                .any(|(_, ctrl, _, _)| ctrl != p)
    }

    /// "Level Limit - Area B": face-up Attack Position monsters a `ForceDefense` applies to
    /// are changed to Defense Position; "Final Attack Orders": face-up Defense Position
    /// monsters a `ForceAttack` applies to are changed to Attack Position (a rule process,
    /// not a chain link).
    pub(crate) fn enforce_forced_defense(&mut self) {
        use crate::types::Position;
        const KINDS: u64 = crate::effect::ModKinds::POSITION;
        if !self.may_apply(KINDS) {
            return;
        }
        // The forced positions that apply, read once for all the monsters (not once per
        // monster: this runs after every happening).
        let forced: SmallVec<[(CardId, Position); 4]> = {
            let rules: SmallVec<[crate::modifiers::ActiveModifier<'_>; 2]> =
                self.modifiers_of(KINDS, |m| matches!(m, Modifier::Rule { rule: MonsterRule::ForceDefense | MonsterRule::ForceAttack, .. })).collect();
            if rules.is_empty() {
                return;
            }
            let forced_to = |c: CardId, rule: MonsterRule| {
                rules.iter().any(|&(src, ctrl, fixed, m)| m.rule_scope(rule).is_some_and(|s| self.in_scope(s, src, ctrl, fixed, c)))
            };
            self.field_cards()
                .into_iter()
                .filter(|&c| self.card(c).zone() == Zone::Monster)
                .filter_map(|c| match self.card(c).position() {
                    Position::FaceUpAttack if forced_to(c, MonsterRule::ForceDefense) => Some((c, Position::FaceUpDefense)),
                    Position::FaceUpDefense if forced_to(c, MonsterRule::ForceAttack) => Some((c, Position::FaceUpAttack)),
                    _ => None,
                })
                .collect()
        };
        for (c, to) in forced {
            self.set_position(c, to);
        }
    }
    /// Is `card` protected from being targeted by an effect of the card `by` that `p`
    /// controls (`Untargetable`, `UntargetableByOpponent` when `p` is the protecting card's
    /// opponent, and `Modifier::UntargetableBy` when `by` matches its filter)?
    pub(crate) fn untargetable_by(&self, card: CardId, p: Player, by: CardId) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::CANNOT, |m| {
                    matches!(m, Modifier::Cannot { act: Act::BeTargeted | Act::BeTargetedByOpponent, .. } | Modifier::UntargetableBy { .. })
                })
                .any(|(src, ctrl, fixed, m)| match m {
                    Modifier::Cannot { scope, act: Act::BeTargeted } => self.in_scope(scope, src, ctrl, fixed, card),
                    Modifier::Cannot { scope, act: Act::BeTargetedByOpponent } => ctrl != p && self.in_scope(scope, src, ctrl, fixed, card),
                    Modifier::UntargetableBy { scope, by: f } => self.in_scope(scope, src, ctrl, fixed, card) && self.filter_matches(f, by, ctrl, src),
                    _ => false,
                })
    }

    /// `MonsterRule::DefenseWhenSummoned`: a monster whose summon has just succeeded is changed
    /// to face-up Defense Position when one applies to it ("Stumbling").
    pub(crate) fn summoned_to_defense(&mut self, card: CardId) {
        let c = self.card(card);
        if c.zone() != Zone::Monster || c.position() != crate::types::Position::FaceUpAttack || !self.any_modifiers() {
            return;
        }
        if self.restricted(card, |m| m.rule_scope(MonsterRule::DefenseWhenSummoned)) {
            self.set_position(card, crate::types::Position::FaceUpDefense);
        }
    }
    /// `Modifier::TributeAsIfControlled`: may `p` Tribute this opponent's monster now?
    pub(crate) fn tributable_across(&self, card: CardId, p: Player) -> bool {
        let c = self.card(card);
        c.zone() == Zone::Monster
            && c.controller() != p
            && self.lingering.iter().any(|l| l.controller == p && l.card == Some((card, c.moves)) && matches!(l.modifier, Modifier::TributeAsIfControlled))
    }

    /// `Modifier::NameProhibited`: is this card's name prohibited for it now (it cannot be
    /// activated, summoned, Set, attack or change its position)?
    pub(crate) fn prohibited(&self, card: CardId) -> bool {
        if self.lingering.is_empty() {
            return false;
        }
        let code = self.data(card).name_code() as i32;
        self.modifiers_of(crate::effect::ModKinds::NAME_PROHIBITED, |m| matches!(m, Modifier::NameProhibited { .. })).any(|(src, ctrl, _, m)| match m {
            Modifier::NameProhibited { name, spared } => self.num(name, &Ctx::of(ctrl, src)) == code && !self.remembered(src, *spared).any(|c| c == card),
            _ => false,
        })
    }

    /// `Modifier::Duel(crate::effect::DuelRule::GyLocked)`: are the GYs locked now?
    pub(crate) fn gy_locked(&self) -> bool {
        self.any_modifiers()
            && self.modifiers_of(crate::effect::ModKinds::GY_LOCKED, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::GyLocked))).next().is_some()
    }

    /// A card in a locked GY: it stays there (`Modifier::Duel(crate::effect::DuelRule::GyLocked)`).
    pub(crate) fn held_in_gy(&self, card: CardId) -> bool {
        self.card(card).zone() == Zone::Gy && self.gy_locked()
    }

    /// The monsters `p` may Tribute: their own, and the opponent's they may Tribute as though
    /// they controlled them (`Modifier::TributeAsIfControlled`).
    pub(crate) fn tributable_monsters(&self, p: Player) -> SmallVec<[CardId; 8]> {
        let mut v: SmallVec<[CardId; 8]> = self.player(p).monster_ids().collect();
        if !self.lingering.is_empty() {
            v.extend(self.player(p.opp()).monster_ids().filter(|&m| self.tributable_across(m, p)));
        }
        v
    }

    /// `MonsterRule::DrawsAttacks`: does this monster draw every attack on its controller?
    pub(crate) fn draws_attacks(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::DrawsAttacks))
    }
    /// BATTLE-2 with `MonsterRule::DrawsAttacks`: may monster `t` be chosen as an attack
    /// target, as far as the monsters drawing attacks go (it draws them itself, or none of
    /// its controller's monsters does)?
    pub(crate) fn attack_target_drawn(&self, t: CardId) -> bool {
        let q = self.card(t).controller();
        !self.any_modifiers() || self.draws_attacks(t) || !self.player(q).monster_ids().any(|m| self.draws_attacks(m))
    }
    pub(crate) fn not_attack_target(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::BeAttackTarget))
    }
    pub(crate) fn indestructible_by_battle(&self, card: CardId) -> bool {
        let ctrl = self.card(card).controller();
        self.player_fx[ctrl.idx()].indestructible_turn == self.turn || self.restricted(card, |m| m.cannot_scope(Act::BeDestroyedByBattle))
    }
    pub(crate) fn destroyed_after_targeted(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::DestroyAfterTargeted))
    }
    /// BATTLE-2: may `card` attack directly while the opponent controls monsters?
    pub(crate) fn attacks_directly_anyway(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::DirectAttack)) || self.fixed_direct_damage(card).is_some()
    }
    /// `MonsterRule::DirectAttackForFixedDamage`: the battle damage of `card`'s direct attacks
    /// made while the opponent controls a monster, if a rule fixes it (the first that applies).
    pub(crate) fn fixed_direct_damage(&self, card: CardId) -> Option<i32> {
        const KINDS: u64 = crate::effect::ModKinds::RULE;
        if !self.may_apply(KINDS) {
            return None;
        }
        let fixed_rule = |m: &Modifier| matches!(m, Modifier::Rule { rule: MonsterRule::DirectAttackForFixedDamage(_), .. });
        self.modifiers_of(KINDS, fixed_rule).find_map(|(src, ctrl, fixed, m)| match m {
            Modifier::Rule { scope, rule: MonsterRule::DirectAttackForFixedDamage(n) } if self.in_scope(scope, src, ctrl, fixed, card) => Some(i32::from(*n)),
            _ => None,
        })
    }
    /// Does `card`'s controller take no battle damage from the battles it is in?
    pub(crate) fn shields_battle_damage(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::NoBattleDamageToController))
    }
    pub(crate) fn destroyed_when_targeted(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::DestroyWhenTargeted))
    }
    pub(crate) fn attacks_in_defense(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::AttackInDefense))
    }
    /// May this monster declare an attack in its present position (BATTLE-2: face-up
    /// Attack Position, or face-up Defense Position under `MonsterRule::AttackInDefense`)?
    pub(crate) fn attack_position_ok(&self, card: CardId) -> bool {
        match self.card(card).position() {
            crate::types::Position::FaceUpAttack => true,
            crate::types::Position::FaceUpDefense => self.attacks_in_defense(card),
            _ => false,
        }
    }
    /// `DuelRule::NoBattleDamageFromBattlesOf`: does player `p` take no battle damage from a
    /// battle these monsters are in?
    pub(crate) fn battle_damage_shielded_by_battlers(&self, p: Player, battlers: [Option<CardId>; 2]) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::NO_BATTLE_DAMAGE_FROM_BATTLES_OF, |m| {
                    matches!(m, Modifier::Duel(crate::effect::DuelRule::NoBattleDamageFromBattlesOf(_)))
                })
                .any(|(src, ctrl, _, m)| match m {
                    Modifier::Duel(crate::effect::DuelRule::NoBattleDamageFromBattlesOf(f)) => {
                        ctrl == p
                            && battlers
                                .into_iter()
                                .flatten()
                                .any(|b| self.card(b).zone() == crate::types::Zone::Monster && self.filter_matches(f, b, ctrl, src))
                    }
                    _ => false,
                })
    }
    /// `DuelRule::GainBeforeBattleDamage`: player `p` is about to take `amount` battle
    /// damage; a rule of theirs that `amount` reaches makes them gain its LP first (a card
    /// effect's gain, so a reversed recovery makes it damage), and a lingering one ends.
    pub(crate) fn gain_before_battle_damage(&mut self, p: Player, amount: i32) {
        use crate::effect::DuelRule;
        const K: u64 = crate::effect::ModKinds::GAIN_BEFORE_BATTLE_DAMAGE;
        if !self.may_apply(K) {
            return;
        }
        let found = self.modifiers_of(K, |m| matches!(m, Modifier::Duel(DuelRule::GainBeforeBattleDamage { .. }))).find_map(|(src, ctrl, _, m)| match m {
            Modifier::Duel(DuelRule::GainBeforeBattleDamage { min, gain }) if ctrl == p && amount >= *min => Some((src, *gain)),
            _ => None,
        });
        let Some((src, gain)) = found else { return };
        let before = self.lingering.len();
        if let Some(i) = self
            .lingering
            .iter()
            .position(|l| l.source == src && l.controller == p && matches!(l.modifier, Modifier::Duel(DuelRule::GainBeforeBattleDamage { .. })))
        {
            self.lingering.remove(i);
        }
        self.lingering_ended(before);
        if self.gains_become_damage(p) {
            self.effect_damage(p, gain, src);
        } else {
            self.change_lp(p, gain);
        }
    }
    /// `DuelRule::HandPlayCost`: the LP a player pays to play one card from the hand now (the
    /// sum of the rules that apply; 0 without one).
    pub(crate) fn hand_play_cost(&self) -> i32 {
        use crate::effect::DuelRule;
        const K: u64 = crate::effect::ModKinds::HAND_PLAY_COST;
        if !self.may_apply(K) {
            return 0;
        }
        self.modifiers_of(K, |m| matches!(m, Modifier::Duel(DuelRule::HandPlayCost(_))))
            .map(|(_, _, _, m)| match m {
                Modifier::Duel(DuelRule::HandPlayCost(n)) => *n,
                _ => 0,
            })
            .sum()
    }
    /// `DuelRule::FieldBanishedForGy`: does `p` banish monsters of their field instead of the
    /// monsters they would banish from a GY now?
    pub(crate) fn banishes_field_for_gy(&self, p: Player) -> bool {
        use crate::effect::DuelRule;
        const K: u64 = crate::effect::ModKinds::FIELD_BANISHED_FOR_GY;
        self.may_apply(K) && self.modifiers_of(K, |m| matches!(m, Modifier::Duel(DuelRule::FieldBanishedForGy))).any(|(_, ctrl, _, _)| ctrl == p)
    }
    /// Can `p` pay for one play from the hand (`DuelRule::HandPlayCost`)?
    pub(crate) fn can_pay_hand_play(&self, p: Player) -> bool {
        let cost = self.hand_play_cost();
        cost <= 0 || self.lp(p) >= cost
    }
    /// `p` pays for one play from the hand (`DuelRule::HandPlayCost`; a payment, not damage).
    pub(crate) fn pay_hand_play(&mut self, p: Player) {
        let cost = self.hand_play_cost();
        if cost > 0 {
            self.change_lp(p, -cost);
        }
    }
    pub(crate) fn piercing(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::Piercing))
    }
    pub(crate) fn cannot_attack_directly(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::AttackDirectly))
    }
    pub(crate) fn control_fixed(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::SwitchControl))
    }
    pub(crate) fn second_attack_on_kill(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::SecondAttackOnKill))
    }
    /// BATTLE-10: does player `p` take no effect damage now ("Des Wombat")?
    pub(crate) fn no_effect_damage(&self, p: Player) -> bool {
        self.any_modifiers()
            && self
                .modifiers_of(crate::effect::ModKinds::NO_EFFECT_DAMAGE, |m| matches!(m, Modifier::Duel(crate::effect::DuelRule::NoEffectDamage)))
                .any(|(_, ctrl, _, _)| ctrl == p)
    }
    /// BATTLE-2: attacks a monster may declare this turn beyond its one, from modifiers.
    pub(crate) fn modifier_extra_attacks(&self, card: CardId) -> u8 {
        if !self.any_modifiers() {
            return 0;
        }
        let mut n = 0i32;
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::EXTRA_ATTACKS, |m| matches!(m, Modifier::ExtraAttacks { .. })) {
            if let Modifier::ExtraAttacks { scope, count } = m {
                if self.in_scope(scope, src, ctrl, fixed, card) {
                    n += self.num(count, &Ctx::of(ctrl, src)).max(0);
                }
            }
        }
        n.clamp(0, u8::MAX as i32) as u8
    }
    /// BATTLE-2: may this monster attack every monster the opponent controls once each?
    pub(crate) fn attacks_every_monster(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::AttackEveryMonster))
    }
    /// BATTLE-2: must this monster attack if able?
    pub(crate) fn must_attack(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::MustAttack))
    }
    /// Is a face-up monster banished instead of leaving the field to anywhere else?
    pub(crate) fn banished_when_leaving(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.rule_scope(MonsterRule::BanishWhenLeaving))
    }
    /// What happens to `victim`, destroyed by battle with `killer` (decided at damage
    /// calculation, while both are still on the field): are its effects negated, is it
    /// banished instead of going to the GY, is it shuffled into the Deck instead?
    pub(crate) fn battle_victim_fate(&self, killer: CardId, victim: CardId) -> (bool, bool, bool) {
        if !self.any_modifiers() {
            return (false, false, false);
        }
        let (mut negated, mut banished, mut to_deck) = (false, false, false);
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::NEGATE_BATTLE_VICTIMS | crate::effect::ModKinds::RULE, |m| {
            matches!(
                m,
                Modifier::NegateBattleVictims { .. }
                    | Modifier::Rule { rule: MonsterRule::BanishBattleVictims, .. }
                    | Modifier::Rule { rule: MonsterRule::BattleVictimsToDeck, .. }
            )
        }) {
            match m {
                Modifier::NegateBattleVictims { scope, victims } if self.in_scope(scope, src, ctrl, fixed, killer) => {
                    negated |= self.filter_matches(victims, victim, ctrl, src);
                }
                Modifier::Rule { scope, rule: MonsterRule::BanishBattleVictims } if self.in_scope(scope, src, ctrl, fixed, killer) => banished = true,
                Modifier::Rule { scope, rule: MonsterRule::BattleVictimsToDeck } if self.in_scope(scope, src, ctrl, fixed, killer) => to_deck = true,
                _ => {}
            }
        }
        (negated, banished, to_deck)
    }

    /// `Modifier::SelfDestruct`: cards whose self-destruction applies now are destroyed by
    /// their own effect (a rule process, not a chain link).
    pub(crate) fn enforce_self_destruction(&mut self) {
        if !self.may_apply(crate::effect::ModKinds::SELF_DESTRUCT) {
            return;
        }
        let doomed: SmallVec<[(CardId, Player); 2]> = self
            .modifiers_of(crate::effect::ModKinds::SELF_DESTRUCT, |m| matches!(m, Modifier::SelfDestruct))
            .filter(|(_, _, fixed, m)| fixed.is_none() && matches!(m, Modifier::SelfDestruct))
            .map(|(s, p, _, _)| (s, p))
            .collect();
        let cause = self.cause;
        for (c, p) in doomed {
            if self.card(c).zone().on_field() {
                self.cause = Some(p);
                self.send_to_gy(c, crate::event::Reason::Destroy);
            }
        }
        self.cause = cause;
    }

    /// "Mind Control": may `card` not be Tributed at all?
    pub(crate) fn cannot_be_tributed(&self, card: CardId) -> bool {
        self.restricted(card, |m| m.cannot_scope(Act::BeTributed))
    }

    /// `Modifier::AttackCost`: what declaring an attack with `card` costs its controller
    /// now: LP and cards from the top of the Deck, or `None` when a cost cannot be paid by
    /// an attack declaration.
    fn attack_cost(&self, card: CardId) -> Option<(i32, usize)> {
        let (mut lp, mut top) = (0i32, 0usize);
        if !self.any_modifiers() {
            return Some((lp, top));
        }
        for (src, ctrl, fixed, m) in self.modifiers_of(crate::effect::ModKinds::ATTACK_COST, |m| matches!(m, Modifier::AttackCost { .. })) {
            let Modifier::AttackCost { scope, cost } = m else { continue };
            if !self.in_scope(scope, src, ctrl, fixed, card) {
                continue;
            }
            match cost {
                crate::effect::Cost::PayLp { amount: n, any_multiple: false } => lp = lp.saturating_add(self.num(n, &Ctx::of(ctrl, src)).max(0)),
                crate::effect::Cost::Cards { from: crate::effect::CostFrom::DeckTop, count: crate::effect::CostCount::Range(n, _), .. } => top += *n as usize,
                _ => return None,
            }
        }
        Some((lp, top))
    }

    /// BATTLE-2: can `card`'s controller pay its attack costs now?
    pub(crate) fn attack_cost_payable(&self, card: CardId) -> bool {
        let p = self.card(card).controller();
        self.attack_cost(card).is_some_and(|(lp, top)| self.lp(p) >= lp && self.player(p).deck.len() >= top)
    }

    /// BATTLE-2: the attack costs are paid as the attack is declared (EFF-5: a cost, not
    /// an effect).
    pub(crate) fn pay_attack_cost(&mut self, card: CardId) {
        let Some((lp, top)) = self.attack_cost(card) else { return };
        let p = self.card(card).controller();
        if lp > 0 {
            self.change_lp(p, -lp);
        }
        let cards: SmallVec<[CardId; 2]> = self.player(p).deck.iter().rev().take(top).copied().collect();
        for c in cards {
            self.send_to_gy(c, crate::event::Reason::Cost);
        }
    }
}
