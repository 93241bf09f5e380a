//! Goat pool (part2_l): cards of `../shared/spec/pools/goat-2.txt` that pick cards by their total
//! Level; each a declaration in the effect vocabulary with its rules text in the project's own
//! words. The rulings decided for them are in `docs/rulings/goat-2-l.md`.

use ygo_core::card::{Race, SpellKind};
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// The face-up monsters the controller has on the field.
fn face_up_monsters() -> Obj {
    Obj::All(Place::Monsters(Who::You), F::Monster & F::FaceUp)
}

/// The behaviour of this module's cards (2005 and today's where they agree), by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // The Puppet Magic of Dark Ruler
        40703393 => Behavior::with(vec![E::spell(
            SpellKind::Normal,
            "Target 1 Fiend monster in your GY: banish face-up monsters you control whose Levels add up exactly to its Level, then Special Summon it.",
        )
        .target_in(
            Place::Gy(Who::You),
            1,
            1,
            F::Monster
                & F::Race(Race::FIEND)
                & F::Can(Capability::SpecialSummon)
                & F::AtActivation(Box::new(F::Rel(Relation::LevelSumOfSome, Box::new(face_up_monsters())))),
        )
        .op(Op::Custom(CustomStep { name: "puppet-magic-pick-levels", run: level_pick::pick }))
        .op(Op::Banish { what: Obj::Affected, face_down: false })
        .op(Op::if_did(vec![Op::special_summon(Obj::Targets, SummonPos::FaceUp)]))]),
        _ => return None,
    })
}

/// The pick of monsters whose Levels add up exactly to the target's Level.
mod level_pick {
    use ygo_core::author::{StepCtx, StepFlow};
    use ygo_core::effect::{Filter as F, Obj, Place, Who};
    use ygo_core::{some_sum_is, CardId};

    /// The monsters still pickable: the controller's face-up monsters not picked yet, each of
    /// which leaves a remaining total that the others can still make exactly.
    fn candidates(s: &StepCtx<'_>, picked: &[CardId], remaining: u8) -> Vec<CardId> {
        let d = s.duel();
        let open: Vec<CardId> = s.objects(&Obj::All(Place::Monsters(Who::You), F::Monster & F::FaceUp)).into_iter().filter(|c| !picked.contains(c)).collect();
        open.iter()
            .copied()
            .filter(|&c| {
                let l = d.current_level(c);
                if l == 0 || l > remaining {
                    return false;
                }
                let rest: Vec<u8> = open.iter().filter(|&&o| o != c).map(|&o| d.current_level(o)).collect();
                l == remaining || some_sum_is(&rest, remaining - l)
            })
            .collect()
    }

    /// The step: one monster picked at a time until the Levels picked add up to the target's
    /// Level; nothing is picked (and nothing happens) when the target is gone or no exact pick
    /// exists now. The picked monsters are the step's affected cards.
    pub fn pick(s: &mut StepCtx<'_>) -> StepFlow {
        let Some(&target) = s.objects(&Obj::Targets).first() else { return StepFlow::Stop };
        let p = s.controller();
        if s.stage() == 0 {
            s.affected(&[]);
            s.set_stage(1);
        }
        loop {
            let picked: Vec<CardId> = s.objects(&Obj::Affected).into_iter().collect();
            let sum: u8 = picked.iter().map(|&c| s.duel().current_level(c)).sum();
            let need = s.duel().current_level(target);
            if sum == need && !picked.is_empty() {
                return StepFlow::Next;
            }
            let cands = candidates(s, &picked, need.saturating_sub(sum));
            if cands.is_empty() {
                s.affected(&[]);
                return StepFlow::Stop;
            }
            let Some(one) = s.select(p, cands, 1, 1) else { return StepFlow::Asked };
            let Some(&c) = one.first() else { return StepFlow::Stop };
            let mut now = picked;
            now.push(c);
            s.affected(&now);
        }
    }
}
