//! Player-facing words, one place for the terminal duel and the browser client: places ("B's Spell & Trap Zone"), actions
//! ("Vorse Raider (zone 3) attacks Celtic Guardian (zone 1)"), what a prompt asks ("Magic
//! Jammer: discard 1 card as the cost"), log lines and results.
//!
//! These are for people; the canonical texts of `Duel::action_text` / `Duel::event_text`
//! stay the command language and the scenario log. Action words are written from the
//! viewer's [`View`] (and the canonical text, which names only what the viewer may see), so
//! a face-down card of the opponent is never named. Zones are numbered 1-5 from the left
//! here, as on the screen; the typed command language keeps its own `zone 0`-`zone 4`.

use ygo_core::event::{Event, Reason};
use ygo_core::view::{KnownCard, SeenCard, View};
use ygo_core::{Action, BattleStep, CardId, Duel, Loc, Outcome, Phase, Player, Position, WinReason, Zone};
use ygo_core::{Prompt, Question, SelectPurpose};

/// A phase as players say it.
pub fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Draw => "Draw Phase",
        Phase::Standby => "Standby Phase",
        Phase::Main1 => "Main Phase 1",
        Phase::Battle => "Battle Phase",
        Phase::Main2 => "Main Phase 2",
        Phase::End => "End Phase",
    }
}

/// The phase and, in the Battle Phase, the step ("Battle Phase, Damage Step").
pub fn phase_step_words(p: Phase, s: Option<BattleStep>) -> String {
    match s {
        Some(BattleStep::Start) => format!("{}, Start Step", phase_words(p)),
        Some(BattleStep::Battle) => format!("{}, Battle Step", phase_words(p)),
        Some(BattleStep::Damage(_)) => format!("{}, Damage Step", phase_words(p)),
        Some(BattleStep::End) => format!("{}, End Step", phase_words(p)),
        None => phase_words(p).to_string(),
    }
}

/// A battle position in words.
pub fn position_words(p: Position) -> &'static str {
    match p {
        Position::FaceUpAttack => "Attack Position",
        Position::FaceUpDefense => "Defense Position",
        Position::FaceDownDefense => "face-down Defense Position",
        Position::FaceDownAttack => "face-down Attack Position",
    }
}

/// A zone or pile's name.
pub fn zone_words(z: Zone) -> &'static str {
    match z {
        Zone::Deck => "Deck",
        Zone::Hand => "hand",
        Zone::Monster => "Monster Zone",
        Zone::SpellTrap => "Spell & Trap Zone",
        Zone::Field => "Field Zone",
        Zone::Pendulum => "Pendulum Zone",
        Zone::Gy => "GY",
        Zone::Banished => "banished cards",
        Zone::Extra => "Extra Deck",
        Zone::Material => "Xyz materials",
        Zone::Gone => "nowhere (tokens vanish)",
    }
}

/// A player's zone: "B's Spell & Trap Zone".
pub fn place_words(p: Player, z: Zone) -> String {
    match z {
        Zone::Gone => zone_words(z).to_string(),
        _ => format!("{}'s {}", p.name(), zone_words(z)),
    }
}

/// A Monster Zone slot as the screen numbers it: "zone 3", "the left Extra Monster Zone".
pub fn monster_slot_words(slot: u8) -> String {
    match slot {
        5 => "the left Extra Monster Zone".into(),
        6 => "the right Extra Monster Zone".into(),
        s => format!("zone {}", s + 1),
    }
}

fn reason_words(r: Reason) -> &'static str {
    match r {
        Reason::Draw => "drawn",
        Reason::Summon => "summoned",
        Reason::Set => "Set",
        Reason::Tribute => "Tributed",
        Reason::Battle => "destroyed by battle",
        Reason::Destroy => "destroyed",
        Reason::RuleDestroy => "destroyed by the rules",
        Reason::Discard => "discarded",
        Reason::Cost => "paid as a cost",
        Reason::Effect => "by an effect",
        Reason::Rule => "by the rules",
        Reason::Activate => "activated",
        Reason::Resolve => "after it resolved",
        Reason::Material => "used as material",
    }
}

/// A win reason in words, from the loser's side when there is one.
fn win_reason_words(r: WinReason, loser: Option<Player>) -> String {
    let who = loser.map_or("a player".to_string(), |p| p.name().to_string());
    match r {
        WinReason::LifePoints => match loser {
            Some(p) => format!("{}'s LP reached 0", p.name()),
            None => "both players' LP reached 0".into(),
        },
        WinReason::DeckOut => format!("{who} could not draw"),
        WinReason::CardEffect => "by a card effect".into(),
        WinReason::MatchWinEffect => "by a card effect that wins the match".into(),
        WinReason::Surrender => format!("{who} surrendered"),
        WinReason::Bound => "the engine's bound on the duel's length was reached".into(),
    }
}

/// The result of a duel: "A wins: B's LP reached 0".
pub fn outcome_words(o: &Outcome) -> String {
    match o.winner {
        Some(w) => format!("{} wins: {}", w.name(), win_reason_words(o.reason, Some(w.opp()))),
        None => format!("a draw: {}", win_reason_words(o.reason, None)),
    }
}

/// A card named by an event: its name, or "a face-down card" when `viewer` may not see it
/// (the same rule as the canonical log: face-down and not the viewer's).
fn event_card(d: &Duel, id: CardId, face_up: bool, viewer: Option<Player>) -> String {
    match viewer {
        Some(v) if !face_up && d.card(id).controller() != v => "a face-down card".into(),
        _ => d.name(id).to_string(),
    }
}

/// A card with its controller: "B's Vorse Raider".
fn owned(d: &Duel, id: CardId, face_up: bool, viewer: Option<Player>) -> String {
    let name = event_card(d, id, face_up, viewer);
    let name = name.strip_prefix("a ").filter(|n| n.starts_with("face-down")).unwrap_or(&name);
    format!("{}'s {name}", d.card(id).controller().name())
}

/// The log line of an event in words, as `viewer` may read it (`None`: everything shown).
/// A player's log skips (`None`) a card moved by its own draw, summon or Set.
/// `events` ends with the event to put in words: a summon or Set takes its zone from the
/// move just before it, so the words stay right however late they are written.
pub fn event_words(d: &Duel, events: &[Event], viewer: Option<Player>) -> Option<String> {
    let e = events.last()?;
    let c = |id: &CardId| d.card(*id);
    // The slot a card was summoned or Set to: the move that put it there.
    let placed = |id: &CardId| {
        events.iter().rev().find_map(|x| match x {
            Event::Moved { card, to, reason: Reason::Summon | Reason::Set, .. } if card == id => Some(to.index),
            _ => None,
        })
    };
    let slot = |id: &CardId| placed(id).unwrap_or(c(id).slot());
    Some(match e {
        Event::TurnStarted { turn, player } => format!("-- turn {turn}: {}'s turn --", player.name()),
        Event::PhaseEntered { phase } => phase_words(*phase).to_string(),
        Event::StepEntered { step } => match step {
            BattleStep::Start => "Start Step".into(),
            BattleStep::Battle => "Battle Step".into(),
            BattleStep::Damage(_) => return d.event_text_for(e, viewer).strip_prefix("damage step: ").map(|s| format!("Damage Step: {s}")),
            BattleStep::End => "End Step".into(),
        },
        Event::Shuffled { player } => format!("{} shuffles their Deck", player.name()),
        Event::Moved { card, from, to, reason, face_up } => {
            if viewer.is_some() && matches!(reason, Reason::Draw | Reason::Summon | Reason::Set) {
                return None;
            }
            let who = event_card(d, *card, *face_up || from.zone == Zone::Gy, viewer);
            if to.zone == Zone::Gone {
                return Some(format!("{who} leaves the field and vanishes (a token)"));
            }
            format!("{who} goes from {} to {} ({})", place_words(from.player, from.zone), place_words(to.player, to.zone), reason_words(*reason))
        }
        Event::NormalSummoned { card, tribute } => {
            let how = if *tribute { "Tribute Summons" } else { "Normal Summons" };
            format!("{} {how} {} in {}", c(card).controller().name(), d.name(*card), monster_slot_words(slot(card)))
        }
        Event::MonsterSet { card } => {
            let what = match viewer {
                Some(v) if c(card).controller() != v => "a monster".to_string(),
                _ => d.name(*card).to_string(),
            };
            format!("{} Sets {what} in {}", c(card).controller().name(), monster_slot_words(slot(card)))
        }
        Event::SpellSet { card } => {
            let what = match viewer {
                Some(v) if c(card).controller() != v => "a card".to_string(),
                _ => d.name(*card).to_string(),
            };
            let to = events.iter().rev().find_map(|x| match x {
                Event::Moved { card: m, to, reason: Reason::Set, .. } if m == card => Some(*to),
                _ => None,
            });
            let place = match to {
                Some(Loc { zone: Zone::SpellTrap, index, .. }) => format!("S/T zone {}", index + 1),
                Some(l) => format!("the {}", zone_words(l.zone)),
                None => "the Spell & Trap Zone".to_string(),
            };
            format!("{} Sets {what} in {place}", c(card).controller().name())
        }
        Event::FlipSummoned { card } => format!("{} Flip Summons {}", c(card).controller().name(), d.name(*card)),
        Event::SpecialSummoned { card } => format!("{} Special Summons {}", c(card).controller().name(), d.name(*card)),
        Event::PositionChanged { card, from, to } => {
            format!("{} changes from {} to {}", owned(d, *card, to.face_up(), viewer), position_words(*from), position_words(*to))
        }
        Event::AttackDeclared { attacker, target: Some(t) } => {
            format!("{} attacks {}", owned(d, *attacker, true, viewer), owned(d, *t, c(t).face_up(), viewer))
        }
        Event::AttackDeclared { attacker, target: None } => format!("{} attacks directly", owned(d, *attacker, true, viewer)),
        Event::LpChanged { player, from, to } => format!("{}'s LP {from} -> {to} ({:+})", player.name(), to - from),
        Event::Activated { card, player, link, targets, .. } => {
            let named: Vec<String> = targets.iter().flatten().map(|t| target_words(d, *t)).collect();
            let on = if named.is_empty() { String::new() } else { format!(", targeting {}", list_words(&named)) };
            format!("{} activates {} (chain link {link}){on}", player.name(), d.name(*card))
        }
        Event::DuelEnded { outcome } => format!("the duel is over: {}", outcome_words(outcome)),
        // The canonical line already reads well for the rest.
        _ => {
            let t = d.event_text_for(e, viewer);
            return (!t.is_empty()).then_some(t);
        }
    })
}

/// A chain link's target as every audience may read it: "B's Tsukuyomi", or "B's
/// face-down card" while it is face-down on the field or banished face-down, or a card in a
/// hand ("a card in B's hand"). The same words for both players and spectators, so the line
/// is public.
pub fn target_words(d: &Duel, id: CardId) -> String {
    let c = d.card(id);
    let whose = c.controller().name();
    match c.zone() {
        Zone::Hand => format!("a card in {whose}'s hand"),
        Zone::Deck => format!("a card in {whose}'s Deck"),
        Zone::Extra if !c.face_up() => format!("a card in {whose}'s Extra Deck"),
        z if !c.face_up() && z != Zone::Gy => format!("{whose}'s face-down card"),
        _ => format!("{whose}'s {}", d.name(id)),
    }
}

/// The card instances an event names (to check an event read from a file before naming
/// its cards).
pub fn event_cards(e: &Event) -> Vec<CardId> {
    match e {
        Event::Drew(draw) => draw.cards().to_vec(),
        Event::Moved { card, .. }
        | Event::NormalSummoned { card, .. }
        | Event::MonsterSet { card }
        | Event::SpellSet { card }
        | Event::FlipSummoned { card }
        | Event::SpecialSummoned { card }
        | Event::PositionChanged { card, .. }
        | Event::Flipped { card }
        | Event::Destroyed { card, .. }
        | Event::ActivationNegated { card, .. }
        | Event::EffectNegated { card, .. }
        | Event::LinkResolved { card, .. }
        | Event::SummonNegated { card }
        | Event::ControlChanged { card, .. }
        | Event::Revealed { card }
        | Event::Counters { card, .. } => vec![*card],
        Event::AttackDeclared { attacker, target } => std::iter::once(*attacker).chain(*target).collect(),
        Event::AttackStopped { attacker } | Event::AttackNegated { attacker } => vec![*attacker],
        Event::BattleDamage { by, .. } => vec![*by],
        Event::Equipped { card, to } => vec![*card, *to],
        Event::Activated { card, targets, .. } => std::iter::once(*card).chain(targets.iter().flatten().copied()).collect(),
        _ => Vec::new(),
    }
}

/// Is this event part of "what happened" in a turn summary (summons, activations,
/// attacks, LP changes, cards leaving the field)? Phases, draws and chain bookkeeping are
/// not.
pub fn is_notable(e: &Event) -> bool {
    match e {
        // Cards leaving the field other than by destruction (told by `Destroyed`) or after
        // resolving (a spell's usual way out), and discards and costs.
        Event::Moved { from, reason, .. } => {
            (from.zone.on_field() && !reason.is_destroy() && *reason != Reason::Resolve) || matches!(reason, Reason::Discard | Reason::Cost)
        }
        Event::NormalSummoned { .. }
        | Event::MonsterSet { .. }
        | Event::SpellSet { .. }
        | Event::FlipSummoned { .. }
        | Event::SpecialSummoned { .. }
        | Event::PositionChanged { .. }
        | Event::AttackDeclared { .. }
        | Event::LpChanged { .. }
        | Event::Destroyed { .. }
        | Event::Activated { .. }
        | Event::ActivationNegated { .. }
        | Event::EffectNegated { .. }
        | Event::SummonNegated { .. }
        | Event::AttackNegated { .. }
        | Event::ControlChanged { .. }
        | Event::Equipped { .. }
        | Event::Announced { .. }
        | Event::CoinTossed { .. }
        | Event::DuelEnded { .. } => true,
        _ => false,
    }
}

/// Events the scrolling log leaves out (each battle sub-step).
pub fn is_log_noise(e: &Event) -> bool {
    matches!(e, Event::StepEntered { .. })
}

// ---- the pending question -------------------------------------------------------------

/// What the pending decision is, as the words of actions need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The question, e.g. "choose a zone for Summoned Skull".
    pub text: String,
    /// The selection's purpose, for `choose X` answers.
    pub purpose: Option<SelectPurpose>,
    /// What a `choose X` of a cost does ("discard", "banish", ...).
    pub cost_verb: &'static str,
    /// A chain is being built: `pass` lets it resolve.
    pub chain: bool,
    /// Triggered effects are offered: `pass` declines them.
    pub trigger: bool,
    /// What each offered activation of a card with more than one activated effect does
    /// (the card, the effect's index, the first sentence of its description), so the
    /// choice reads by what it does rather than by a number.
    pub effects: Vec<(Loc, u8, String)>,
    /// A zone choice about another player's Monster Zone (zones to lock): whose, so a
    /// `zone N` answer names the side it is on.
    pub zones_of: Option<Player>,
}

/// A card named in a question: its name if `viewer` may see it.
fn source_name(d: &Duel, viewer: Player) -> Option<String> {
    d.prompt_source().map(|id| if d.visible_to(id, viewer) { d.name(id).to_string() } else { "a face-down card".into() })
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What the pending decision of `viewer` asks, in words (from the prompt, the chain and
/// the card that asks; nothing the viewer may not see).
pub fn ask(d: &Duel, viewer: Player) -> Ask {
    let mut a = Ask {
        text: String::new(),
        purpose: None,
        cost_verb: "choose",
        chain: d.chain_len() > 0,
        trigger: false,
        effects: effects_offered(d, viewer),
        zones_of: None,
    };
    let src = source_name(d, viewer);
    let src_or = |s: &str| src.clone().unwrap_or_else(|| s.to_string());
    a.text = match d.prompt() {
        Prompt::Over => "the duel is over".into(),
        Prompt::Window { .. } => window_words(d, viewer),
        Prompt::Select { purpose, candidates, min, max, picked, .. } => {
            a.purpose = Some(*purpose);
            let more = if picked.is_empty() { "" } else { " more" };
            let left_min = (*min as usize).saturating_sub(picked.len());
            let left_max = (*max as usize).saturating_sub(picked.len());
            let count = |one: &str, many: &str| {
                if left_min == left_max || left_min == 0 && left_max == 1 {
                    plural(left_max.max(1), one, many)
                } else {
                    format!("{}-{left_max} {many}", left_min.max(1))
                }
            };
            match purpose {
                SelectPurpose::Tribute => format!("Tribute for {}: choose {}{more}", src_or("the summon"), count("monster", "monsters")),
                SelectPurpose::Discard => format!("hand limit: discard {}{more}", count("card", "cards")),
                SelectPurpose::AttackTarget => format!("{}: choose a new attack target", src_or("the attack")),
                SelectPurpose::Target => format!("{}: choose {}{more}", src_or("the effect"), count("target", "targets")),
                SelectPurpose::Effect => format!("{}: choose {}{more}", src_or("the effect"), count("card", "cards")),
                SelectPurpose::Cost => {
                    let zone = candidates.first().map(|&c| d.card(c).zone());
                    let source_zone = d.prompt_source().map(|c| d.card(c).zone());
                    a.cost_verb = match (zone, source_zone) {
                        (_, Some(Zone::Extra)) => "use as material",
                        (Some(Zone::Hand), _) => "discard",
                        (Some(Zone::Gy), _) => "banish",
                        (Some(Zone::Material), _) => "detach",
                        // A monster's own summon procedure from the hand banishes.
                        (_, Some(Zone::Hand)) => "banish",
                        _ => "Tribute",
                    };
                    if a.cost_verb == "use as material" {
                        format!("{}: choose {}{more} as material", src_or("the summon"), count("material", "materials"))
                    } else {
                        let what = if a.cost_verb == "Tribute" { count("monster", "monsters") } else { count("card", "cards") };
                        format!("{}: {} {what}{more} as the cost", src_or("the activation"), a.cost_verb)
                    }
                }
            }
        }
        Prompt::Zone { lock: Some(side), .. } => {
            a.zones_of = Some(*side);
            let whose = if *side == viewer { "your Monster Zone".to_string() } else { place_words(*side, Zone::Monster) };
            format!("{}: choose an unused zone of {whose}; it cannot be used while the card stays face-up", src_or("the effect"))
        }
        Prompt::Zone { .. } => match (d.prompt_source(), src) {
            // The card being placed is still in the hand or the Extra Deck.
            (Some(id), Some(name)) if matches!(d.card(id).zone(), Zone::Hand | Zone::Extra | Zone::Deck) => format!("choose a zone for {name}"),
            (_, Some(name)) => format!("{name}: choose a zone for the monster it summons"),
            (_, None) => "choose a zone for the monster".into(),
        },
        Prompt::Position { card, .. } => format!("choose the battle position of {}", d.name(*card)),
        Prompt::YesNo { question, .. } => match question {
            Question::ContinueAttack => "the opponent's monsters changed (a replay): attack again?".into(),
            Question::Continue(c) => format!("{}: use the optional part of its effect?", d.name(*c)),
        },
        Prompt::Trigger { may_pass, .. } => {
            a.trigger = true;
            if *may_pass {
                "triggered effects: choose one to put on the chain, or pass".into()
            } else {
                "triggered effects: choose the order they go on the chain".into()
            }
        }
        Prompt::Announce { options, .. } => {
            let coin = options.contains(&ygo_core::action::declare::HEADS);
            if coin {
                format!("{}: call heads or tails", src_or("the coin toss"))
            } else {
                format!("{}: declare", src_or("the effect"))
            }
        }
    };
    a
}

/// The offered activations of cards with two or more activated effects (or whose one is not
/// their first effect), each with what the effect does: [`ygo_core::pool::CardPool::effect_words`], the one place that names an
/// effect for every front end.
fn effects_offered(d: &Duel, viewer: Player) -> Vec<(Loc, u8, String)> {
    if d.deciding_player() != Some(viewer) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for a in d.legal_actions() {
        let Action::Activate { card, effect } = a else { continue };
        let Some(id) = d.card_at(card) else { continue };
        let b = &d.pool().def(d.card(id).def).behavior;
        // One activated effect, and the card's first: "activate X" says it all. Else the
        // canonical text numbers the effect ("effect 2"), and words say which it is.
        if b.effects.iter().filter(|e| e.is_activated()).count() < 2 && b.effect_number(effect) == Some(1) {
            continue;
        }
        if let Some(does) = d.pool().effect_words(d.card(id).code, effect) {
            out.push((card, effect, does));
        }
    }
    out
}

/// A priority window in words: the chain to respond to, the attack, or the phase.
fn window_words(d: &Duel, viewer: Player) -> String {
    let chain = d.chain_cards();
    if let Some(&last) = chain.last() {
        let who = d.card(last).controller();
        let whose = if who == viewer { "your".to_string() } else { format!("{}'s", who.name()) };
        return format!("chain link {}: {whose} {} -- respond, or pass to let the chain resolve", chain.len(), d.name(last));
    }
    let mine = d.turn_player() == viewer;
    if let Some(att) = d.current_attacker() {
        let target = d.events().iter().rev().find_map(|e| match e {
            Event::AttackDeclared { attacker, target } if *attacker == att => Some(*target),
            _ => None,
        });
        let t = match target.flatten() {
            Some(t) if d.card(t).face_up() || d.card(t).controller() == viewer => d.name(t).to_string(),
            Some(_) => "a face-down monster".into(),
            None => "directly".into(),
        };
        let t = if t == "directly" { t } else { format!("-> {t}") };
        let step = phase_step_words(d.phase(), d.battle_step());
        return if mine {
            format!("your {} attacks {t} ({step}): act or pass", d.name(att))
        } else {
            format!("{}'s {} attacks {t} ({step}): respond or pass", d.turn_player().name(), d.name(att))
        };
    }
    let ph = phase_step_words(d.phase(), d.battle_step());
    match (mine, d.phase()) {
        (true, Phase::Main1 | Phase::Main2) => format!("your {ph}: summon, set, activate, or move on"),
        (true, Phase::Battle) => format!("your {ph}: attack, or move on"),
        (true, _) => format!("your {ph}: act or pass"),
        (false, _) => format!("{}'s {ph}: respond or pass", d.turn_player().name()),
    }
}

// ---- actions ----------------------------------------------------------------------------

/// The card at `loc` as `view.viewer` sees it, if the view lists that place.
pub fn seen_at(view: &View, loc: Loc) -> Option<SeenCard> {
    let s = &view.sides[loc.player.idx()];
    let i = loc.index as usize;
    match loc.zone {
        Zone::Hand if loc.player == view.viewer => s.hand.get(i).cloned().map(SeenCard::Known),
        // The opponent's hand cards revealed to the viewer (MISC-7).
        Zone::Hand => s.known_hand.iter().find(|(at, _)| *at == i).map(|(_, k)| SeenCard::Known(k.clone())),
        Zone::Monster => s.monsters.get(i).cloned().flatten(),
        Zone::SpellTrap => s.spells.get(i).cloned().flatten(),
        Zone::Field => s.field.clone(),
        Zone::Pendulum => s.pendulum.get(i).cloned().flatten(),
        Zone::Gy => s.gy.get(i).cloned().map(SeenCard::Known),
        Zone::Banished => s.banished.get(i).cloned(),
        // Every card of one's own Extra Deck is listed, so the index holds.
        Zone::Extra if loc.player == view.viewer => s.extra.get(i).cloned().map(SeenCard::Known),
        _ => None,
    }
}

/// The name a canonical card-verb text gives (`choose Sangan@A.deck` -> `Sangan`); used for
/// places a view does not list (a searched Deck, Xyz materials). The canonical text names
/// only what the deciding player may see.
fn canonical_name(canonical: &str) -> String {
    let rest = canonical.split_once(' ').map_or(canonical, |(_, r)| r);
    let name = rest.rsplit_once('@').map_or(rest, |(n, _)| n);
    if name.starts_with("face-down") {
        "a face-down card".into()
    } else {
        name.to_string()
    }
}

/// A card in words with its place: "Vorse Raider (zone 3)", "the opponent's set card in
/// S/T zone 1", "Monster Reborn in your GY", "Sangan from your Deck".
pub fn card_words(view: &View, loc: Loc, canonical: &str) -> String {
    let mine = loc.player == view.viewer;
    let seen = seen_at(view, loc);
    let known: Option<&KnownCard> = match &seen {
        Some(SeenCard::Known(k)) => Some(k),
        _ => None,
    };
    let name = known.map(|k| k.name.clone()).unwrap_or_else(|| canonical_name(canonical));
    let whose = if mine { "your" } else { "the opponent's" };
    let opp = if mine { String::new() } else { "the opponent's ".to_string() };
    let face_down = known.is_some_and(|k| !k.position.face_up());
    let slot = loc.index + 1;
    match loc.zone {
        Zone::Monster => {
            let at = monster_slot_words(loc.index);
            match known {
                None => format!("{whose} set monster in {at}"),
                Some(_) if face_down => format!("{name} (set, {at})"),
                Some(_) => format!("{opp}{name} ({at})"),
            }
        }
        Zone::SpellTrap => match known {
            None => format!("{whose} set card in S/T zone {slot}"),
            Some(_) if face_down => format!("{name} (set, S/T zone {slot})"),
            Some(_) => format!("{opp}{name} (S/T zone {slot})"),
        },
        Zone::Field => match known {
            None => format!("{whose} set card in the Field Zone"),
            Some(_) => format!("{opp}{name} (Field Zone)"),
        },
        Zone::Pendulum => format!("{opp}{name} ({} Pendulum Zone)", if loc.index == 0 { "left" } else { "right" }),
        Zone::Hand if mine => format!("{name} from your hand"),
        Zone::Hand => match known {
            Some(k) => format!("{} in the opponent's hand", k.name),
            None => "a card in the opponent's hand".into(),
        },
        Zone::Gy => format!("{name} in {whose} GY"),
        Zone::Banished => match known {
            None => format!("a face-down banished card of {}", if mine { "yours" } else { "the opponent's" }),
            Some(_) => format!("{opp}banished {name}"),
        },
        Zone::Extra => format!("{name} from {whose} Extra Deck"),
        Zone::Deck => format!("{name} from {whose} Deck"),
        Zone::Material => format!("{name} (an Xyz material)"),
        Zone::Gone => name,
    }
}

/// A card's plain name at `loc` (for verbs such as "Normal Summon X" from the hand).
fn name_at(view: &View, loc: Loc, canonical: &str) -> String {
    match seen_at(view, loc) {
        Some(SeenCard::Known(k)) => k.name,
        _ => canonical_name(canonical),
    }
}

/// One action in words a player reads, never cut: from the viewer's view, the question
/// being answered and the action's canonical text.
pub fn action_words(view: &View, ask: &Ask, a: &Action, canonical: &str) -> String {
    let card = |l: &Loc| card_words(view, *l, canonical);
    match a {
        Action::Pass if ask.chain => "pass: let the chain resolve".into(),
        Action::Pass if ask.trigger => "pass: activate none of the rest".into(),
        Action::Pass => "pass".into(),
        Action::ToBattle => "go to the Battle Phase".into(),
        Action::ToMain2 => "go to Main Phase 2".into(),
        Action::ToEnd => "go to the End Phase".into(),
        Action::EndTurn => "end the turn".into(),
        Action::NormalSummon(l) => format!("Normal Summon {}", name_at(view, *l, canonical)),
        Action::TributeSummon(l) => format!("Tribute Summon {}", name_at(view, *l, canonical)),
        Action::Set(l) => format!("Set {}", name_at(view, *l, canonical)),
        Action::FlipSummon(l) => format!("Flip Summon {}", card(l)),
        Action::ChangePosition(l) => {
            let to = match seen_at(view, *l) {
                Some(SeenCard::Known(k)) if k.position == Position::FaceUpAttack => "Defense Position",
                _ => "Attack Position",
            };
            format!("change {} to {to}", card(l))
        }
        Action::Activate { card: l, effect } => {
            let pendulum = *effect == ygo_core::PENDULUM_SCALE && l.zone == Zone::Hand;
            if pendulum {
                format!("place {} in a Pendulum Zone", name_at(view, *l, canonical))
            } else if let Some((_, _, does)) = ask.effects.iter().find(|(c, e, _)| c == l && e == effect) {
                format!("activate {}: {does}", card(l))
            } else if let Some((_, n)) = canonical.rsplit_once(" effect ") {
                // A card whose declaration says nothing more: the canonical text's number.
                format!("activate {}: effect {n}", card(l))
            } else {
                format!("activate {}", card(l))
            }
        }
        Action::SpecialSummon(l) => {
            let verb = match canonical.split_whitespace().next() {
                Some("synchro") => "Synchro",
                Some("xyz") => "Xyz",
                Some("link") => "Link",
                _ => "Special",
            };
            format!("{verb} Summon {}", name_at(view, *l, canonical))
        }
        Action::PendulumSummon => "Pendulum Summon".into(),
        Action::Attack { attacker, target: Some(t) } => {
            let t_words = match seen_at(view, *t) {
                Some(SeenCard::Known(k)) if k.position.face_up() => format!("{} ({})", k.name, monster_slot_words(t.index)),
                _ => format!("the set monster in {}", monster_slot_words(t.index)),
            };
            format!("{} attacks {t_words}", card(attacker))
        }
        Action::Attack { attacker, target: None } => format!("{} attacks directly", card(attacker)),
        Action::Target(l) => format!("target {}", card(l)),
        Action::Choose(l) => {
            let verb = match ask.purpose {
                Some(SelectPurpose::Tribute) => "Tribute",
                Some(SelectPurpose::Discard) => "discard",
                Some(SelectPurpose::AttackTarget) => "attack",
                Some(SelectPurpose::Cost) => ask.cost_verb,
                _ => "choose",
            };
            if verb == "use as material" {
                format!("use {} as material", card(l))
            } else {
                format!("{verb} {}", card(l))
            }
        }
        Action::Done => "done: stop choosing".into(),
        Action::Yes => "yes".into(),
        Action::No => "no".into(),
        Action::Position(p) => position_words(*p).to_string(),
        Action::Zone(z) => format!(
            "{} {}",
            match ask.zones_of {
                Some(side) if Some(side) != view.deciding => place_words(side, Zone::Monster),
                _ => zone_words(Zone::Monster).to_string(),
            },
            match z {
                5 => "left (Extra Monster Zone)".to_string(),
                6 => "right (Extra Monster Zone)".to_string(),
                z => (z + 1).to_string(),
            }
        ),
        Action::First => "go first".into(),
        Action::Second => "go second".into(),
        Action::Announce(_) => format!("declare {}", canonical.strip_prefix("announce ").unwrap_or(canonical)),
    }
}

/// The viewer's legal actions as (action, canonical text, words), in the view's order.
pub fn actions_in_words(d: &Duel, view: &View) -> Vec<(Action, String, String)> {
    let q = ask(d, view.viewer);
    view.actions.iter().map(|(a, t)| (*a, t.clone(), action_words(view, &q, a, t))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_drop_the_verb_and_the_place() {
        assert_eq!(canonical_name("choose Sangan@A.deck"), "Sangan");
        assert_eq!(canonical_name("choose Sangan"), "Sangan");
        assert_eq!(canonical_name("target face-down@B.spells#0"), "a face-down card");
    }

    #[test]
    fn places_and_results_read_as_words() {
        assert_eq!(place_words(Player::B, Zone::SpellTrap), "B's Spell & Trap Zone");
        assert_eq!(place_words(Player::A, Zone::Gy), "A's GY");
        assert_eq!(monster_slot_words(2), "zone 3");
        let o = Outcome { winner: Some(Player::A), reason: WinReason::LifePoints };
        assert_eq!(outcome_words(&o), "A wins: B's LP reached 0");
    }
}

/// Names as a list in words: "A", "A and B", "A, B and C" (the browser's chain panel
/// writes its lists the same way).
pub fn list_words(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod list_tests {
    #[test]
    fn three_or_more_names_read_as_a_list() {
        let n = |v: &[&str]| super::list_words(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(n(&[]), "");
        assert_eq!(n(&["Sangan"]), "Sangan");
        assert_eq!(n(&["Sangan", "Sheep Token"]), "Sangan and Sheep Token");
        assert_eq!(n(&["Sangan", "Sheep Token", "Jinzo"]), "Sangan, Sheep Token and Jinzo");
    }
}
