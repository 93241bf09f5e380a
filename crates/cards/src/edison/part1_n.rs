//! Edison pool part 1 (part1_n): Light and Darkness Dragon (the last card the Quickdraw Dandy
//! list lacked) and further Edison monsters; each a declaration in the effect vocabulary with
//! its rules text in the project's own words. The rulings decided for them are in
//! `docs/rulings/edison-1-e14.md`.

use ygo_core::card::Attribute;
use ygo_core::effect::{EffectDecl as E, Filter as F, *};

/// A monster in your GY that can be Special Summoned.
fn revivable() -> F {
    F::Monster & F::can_special_summon()
}

/// Today's behaviour of this module's cards, by passcode.
pub fn behavior(id: u32) -> Option<Behavior> {
    Some(match id {
        // Light and Darkness Dragon
        47297616 => {
            let strong_enough = F::OnField & F::FaceUp & F::stat(Stat::Atk, Cmp::Ge, 500) & F::stat(Stat::Def, Cmp::Ge, 500);
            let destroy_mine = || Op::destroy(Obj::All(Place::Field(Who::You), F::Any));
            let destroyed = || Trigger::Destroyed { cause: Cause::Any };
            Behavior {
                no_special_summon: true,
                ..Behavior::with(vec![
                    E::continuous("It cannot be Special Summoned. While it is face-up on the field, it is DARK as well as LIGHT.")
                        .modifier(Modifier::AlsoAttribute { scope: Scope::This, attribute: Attribute::Dark }),
                    // Mandatory, once per chain, in answer to every activation (its controller's
                    // too), in the Damage Step as well; it checks its ATK/DEF on resolution.
                    E::trigger(
                        Trigger::Activation(F::NotSelf),
                        "Once per chain, each time a Spell/Trap Card or a monster effect is activated: if this card still has 500 or more ATK and DEF, negate that activation, and if you do, this card loses 500 ATK and DEF.",
                    )
                    .limit(Limit::PerChain)
                    .op(Op::only_if(
                        Condition::This(strong_enough),
                        vec![
                            Op::negate_activation(false),
                            Op::if_did(vec![Op::Apply {
                                what: Obj::This,
                                modifier: Modifier::AtkDef { scope: Scope::This, atk: Num::Const(-500), def: Num::Const(-500) },
                                until: Duration::Permanent,
                            }]),
                        ],
                    )),
                    // "Target 1 monster in your GY (if possible)": with one, it must be targeted;
                    // with none, the destruction still happens.
                    E::trigger(
                        destroyed(),
                        "When this card is destroyed and sent to the GY: target 1 monster in your GY that can be Special Summoned; destroy every card you control, then Special Summon that monster.",
                    )
                    .range(Range::Gy)
                    .when(Condition::Exists { place: Place::Gy(Who::You), filter: revivable(), count: 1 })
                    .target_in(Place::Gy(Who::You), 1, 1, revivable())
                    .op(destroy_mine())
                    .op(Op::special_summon(Obj::Targets, SummonPos::FaceUp)),
                    E::trigger(destroyed(), "When this card is destroyed and sent to the GY with no monster in your GY to target: destroy every card you control.")
                        .range(Range::Gy)
                        .when(Condition::NoneIn { place: Place::Gy(Who::You), filter: revivable() })
                        .op(destroy_mine()),
                ])
            }
        }
        _ => return None,
    })
}
