//! Scenario files (`SCENARIOS.md`) from TOML text to a [`Scenario`]: a [`PositionSetup`],
//! the scripted steps and the expectations. Every problem is collected with the line it
//! is on; nothing here panics on bad input.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;
use ygo_core::action::{parse_command, CardPattern, Command};
use ygo_core::pool::CardPool;
use ygo_core::types::{DamageStep, SummonKind};
use ygo_core::{BattleStep, Edition, Phase, Placed, Player, Position, PositionSetup, SidePosition};

mod expect;
mod position;

use expect::parse_expect;
use position::{parse_state, resolve_equips};

type Val<'i> = Spanned<DeValue<'i>>;
/// An `equip_to` as written, with its span.
type EquipText = (String, Range<usize>);

/// The filler card of an omitted `deck`: a plain Normal monster (Giant Soldier of Stone).
pub const FILLER_CODE: u32 = 13039848;
/// How many filler cards an omitted `deck` holds.
pub const FILLER_COUNT: usize = 30;

/// One problem of a file, with its 1-based line when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: Option<usize>,
    pub msg: String,
}

/// A parsed scenario file.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: Option<String>,
    pub rules: Vec<String>,
    pub setup: PositionSetup,
    /// The named format (`format = "goat"`): its edition and its versions of the cards.
    pub format: Option<&'static ygo_data::Format>,
    /// Line of `[state.A]` / `[state.B]` (to point setup errors at).
    pub side_lines: [Option<usize>; 2],
    pub state_line: Option<usize>,
    pub steps: Vec<Step>,
    pub expect: Expect,
}

/// One `[[do]]` entry.
#[derive(Clone, Debug)]
pub struct Step {
    pub player: Player,
    pub command: String,
    pub line: usize,
}

/// `[expect]`.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    pub sides: [SideExpect; 2],
    pub winner: Option<WinnerExp>,
    pub phase: Option<Phase>,
    pub turn: Option<u32>,
    pub turn_player: Option<Player>,
    pub chain: Option<Vec<String>>,
    pub log_contains: Vec<String>,
    pub log_not: Vec<String>,
    pub error: Option<ErrorExp>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinnerExp {
    Player(Player),
    Draw,
    None,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorExp {
    Any,
    Containing(String),
}

/// Expectations on one player's side.
#[derive(Clone, Debug, Default)]
pub struct SideExpect {
    pub lp: Option<i32>,
    pub hand: Option<CardsExp>,
    pub deck_count: Option<usize>,
    pub extra: Option<CardsExp>,
    pub gy: Option<CardsExp>,
    pub banished: Option<CardsExp>,
    pub monsters: Option<CardsExp>,
    pub spells: Option<CardsExp>,
    pub field: Option<CardsExp>,
}

/// A list expectation: `[...]` (exactly), `{ contains = [...] }`, `{ count = N }`,
/// `{ not = [...] }` (an extension), combinable in one table.
#[derive(Clone, Debug, Default)]
pub struct CardsExp {
    pub exact: Option<Vec<CardExp>>,
    pub contains: Option<Vec<CardExp>>,
    pub not: Vec<String>,
    pub count: Option<usize>,
}

/// One expected card: a name, and for field cards optional details.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardExp {
    /// Canonical name from the card pool.
    pub name: String,
    pub position: Option<Position>,
    pub atk: Option<i32>,
    pub def: Option<i32>,
    pub zone: Option<u8>,
}

impl CardExp {
    pub fn is_plain(&self) -> bool {
        self.position.is_none() && self.atk.is_none() && self.def.is_none() && self.zone.is_none()
    }
    pub fn describe(&self) -> String {
        if self.is_plain() {
            return self.name.clone();
        }
        let mut parts = Vec::new();
        if let Some(p) = self.position {
            parts.push(p.text().to_string());
        }
        if let Some(a) = self.atk {
            parts.push(format!("atk {a}"));
        }
        if let Some(d) = self.def {
            parts.push(format!("def {d}"));
        }
        if let Some(z) = self.zone {
            parts.push(format!("zone {z}"));
        }
        format!("{} ({})", self.name, parts.join(", "))
    }
}

/// Commands of `SCENARIOS.md` the engine's parser does not know yet: well-formed in a
/// file, rejected at run time (the engine lists no such action).
const NOT_YET_PARSED: [&str; 6] = ["ritual summon ", "fusion summon ", "synchro summon ", "xyz summon ", "link summon ", "pendulum summon"];

/// `option N`: the Nth of the options an effect offers ("choose one": its ATK or its DEF),
/// counted from 1 in the order the card's text gives them. `None` for any other command (or
/// an `N` that is not a number from 1).
pub fn option_number(command: &str) -> Option<u32> {
    let n: u32 = command.trim().strip_prefix("option ")?.trim().parse().ok()?;
    (n >= 1).then_some(n)
}

/// `choose X, Y` / `target X, Y`: the verb and the items.
pub fn split_selection(command: &str) -> Option<(&'static str, Vec<String>)> {
    let t = command.trim();
    for verb in ["choose", "target"] {
        if let Some(rest) = t.strip_prefix(verb).and_then(|r| r.strip_prefix(' ')) {
            return Some((verb, join_comma_names(rest.split(", ").map(|s| s.trim().to_string()).collect())));
        }
    }
    None
}

/// Items split at ", " joined again where they form one card name that holds a comma
/// ("Brionac, Dragon of the Ice Barrier", "Gaia Knight, the Force of Earth"), with or
/// without a `@place` after it.
fn join_comma_names(items: Vec<String>) -> Vec<String> {
    let pool = ygo_cards::pool();
    let mut out: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        if let Some(last) = out.last_mut() {
            let joined = format!("{last}, {item}");
            let name = joined.split('@').next().unwrap_or_default();
            if last.split('@').count() == 1 && name.parse::<u32>().is_err() && pool.find(name).is_some() {
                *last = joined;
                continue;
            }
        }
        out.push(item);
    }
    out
}

/// The phase commands the runner expands (`end turn`, `end phase`, `battle phase`,
/// `main phase 2`).
pub fn is_phase_command(command: &str) -> bool {
    matches!(command.trim(), "end turn" | "end phase" | "battle phase" | "main phase 2")
}

/// 1-based line of a byte offset.
pub fn line_of(src: &str, offset: usize) -> usize {
    let end = offset.min(src.len());
    src.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

struct Ctx<'s> {
    src: &'s str,
    pool: &'s CardPool,
    errors: Vec<ParseError>,
}

fn int_value(v: &DeValue<'_>) -> Option<i64> {
    match v {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    }
}

fn kind_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

impl<'s> Ctx<'s> {
    fn line(&self, span: Range<usize>) -> Option<usize> {
        if span.start == 0 && span.end == 0 {
            return None;
        }
        Some(line_of(self.src, span.start))
    }

    fn err(&mut self, span: Range<usize>, msg: impl Into<String>) {
        let line = self.line(span);
        self.errors.push(ParseError { line, msg: msg.into() });
    }

    /// Reports keys outside `allowed`, naming them.
    fn check_keys(&mut self, t: &DeTable<'_>, allowed: &[&str], what: &str) {
        for (k, _) in t.iter() {
            if !allowed.contains(&k.get_ref().as_ref()) {
                let msg = format!("unknown key `{}` in {what} (allowed: {})", k.get_ref(), allowed.join(", "));
                self.err(k.span(), msg);
            }
        }
    }

    fn table<'a, 'i>(&mut self, v: &'a Val<'i>, what: &str) -> Option<&'a DeTable<'i>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(t),
            other => {
                self.err(v.span(), format!("{what} must be a table, found {}", kind_name(other)));
                None
            }
        }
    }

    fn array<'a, 'i>(&mut self, v: &'a Val<'i>, what: &str) -> Option<&'a [Val<'i>]> {
        match v.get_ref() {
            DeValue::Array(a) => Some(a),
            other => {
                self.err(v.span(), format!("{what} must be an array, found {}", kind_name(other)));
                None
            }
        }
    }

    fn string(&mut self, v: &Val<'_>, what: &str) -> Option<String> {
        match v.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            other => {
                self.err(v.span(), format!("{what} must be a string, found {}", kind_name(other)));
                None
            }
        }
    }

    fn int(&mut self, v: &Val<'_>, what: &str, min: i64, max: i64) -> Option<i64> {
        match int_value(v.get_ref()) {
            Some(n) if (min..=max).contains(&n) => Some(n),
            Some(n) => {
                self.err(v.span(), format!("{what} = {n} is out of range ({min} to {max})"));
                None
            }
            // An integer too large for 64 bits.
            None if matches!(v.get_ref(), DeValue::Integer(_)) => {
                let literal = self.src.get(v.span()).unwrap_or("").trim();
                self.err(v.span(), format!("{what} = {} is out of range ({min} to {max})", ygo_data::text::excerpt(literal, ygo_data::text::EXCERPT)));
                None
            }
            None => {
                self.err(v.span(), format!("{what} must be an integer, found {}", kind_name(v.get_ref())));
                None
            }
        }
    }

    fn boolean(&mut self, v: &Val<'_>, what: &str) -> Option<bool> {
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                self.err(v.span(), format!("{what} must be true or false, found {}", kind_name(other)));
                None
            }
        }
    }

    fn player(&mut self, v: &Val<'_>, what: &str) -> Option<Player> {
        let s = self.string(v, what)?;
        match s.as_str() {
            "A" => Some(Player::A),
            "B" => Some(Player::B),
            _ => {
                self.err(v.span(), format!("{what} must be \"A\" or \"B\", found {}", q(&s)));
                None
            }
        }
    }

    fn phase(&mut self, v: &Val<'_>, what: &str) -> Option<Phase> {
        let s = self.string(v, what)?;
        let p = Phase::parse(s.trim());
        if p.is_none() {
            self.err(v.span(), format!("{what} = {} is not a phase (draw, standby, main1, battle, main2, end)", q(&s)));
        }
        p
    }

    /// A card written as its exact English name or its passcode: the passcode.
    fn card_code(&mut self, v: &Val<'_>, what: &str) -> Option<u32> {
        let text = match v.get_ref() {
            DeValue::String(s) => s.to_string(),
            DeValue::Integer(_) => match int_value(v.get_ref()) {
                Some(n) => n.to_string(),
                None => {
                    self.err(
                        v.span(),
                        format!(
                            "{what}: passcode {} is out of range",
                            ygo_data::text::excerpt(self.src.get(v.span()).unwrap_or("").trim(), ygo_data::text::EXCERPT)
                        ),
                    );
                    return None;
                }
            },
            other => {
                self.err(v.span(), format!("{what} must be a card name, found {}", kind_name(other)));
                return None;
            }
        };
        match self.pool.find(&text) {
            Some(i) => Some(self.pool.def(i).data.id),
            None => {
                let hint = ygo_data::text::nearest(&text, self.pool.iter().map(|d| d.data.name.as_str()))
                    .map(|s| format!(" (did you mean {}?)", q(s)))
                    .unwrap_or_default();
                self.err(v.span(), format!("unknown card {} in {what}{hint}", q(&text)));
                None
            }
        }
    }

    fn card_name(&mut self, v: &Val<'_>, what: &str) -> Option<String> {
        let code = self.card_code(v, what)?;
        self.pool.get(code).map(|d| d.data.name.clone())
    }
}

/// User text quoted in a message, cut to a short excerpt.
fn q(s: &str) -> String {
    ygo_data::text::quote(s)
}

/// Where a placed card list lives, which decides the keys it accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PlaceKind {
    Extra,
    Gy,
    Banished,
    Monsters,
    Spells,
    Field,
    Pendulum,
}

impl PlaceKind {
    fn keys(self) -> &'static [&'static str] {
        match self {
            PlaceKind::Extra => &["card", "owner", "properly_summoned", "position"],
            PlaceKind::Gy => &["card", "owner", "properly_summoned"],
            PlaceKind::Banished => &["card", "owner", "properly_summoned", "face_down"],
            PlaceKind::Monsters => {
                &["card", "position", "zone", "set_turn", "summoned_turn", "summoned", "attacked", "counters", "materials", "owner", "properly_summoned"]
            }
            PlaceKind::Spells | PlaceKind::Field => &["card", "position", "set", "zone", "set_turn", "counters", "equip_to", "owner"],
            PlaceKind::Pendulum => &["card", "zone", "set_turn", "counters", "owner"],
        }
    }
}

/// An `equip_to` waiting for every monster's zone to be known.
struct PendingEquip {
    player: Player,
    kind_is_field: bool,
    index: usize,
    target: String,
    span: Range<usize>,
}

/// Parses a scenario file. `Err` lists every problem found.
pub fn parse(src: &str, pool: &CardPool) -> Result<Scenario, Vec<ParseError>> {
    let doc = match DeTable::parse(src) {
        Ok(d) => d,
        Err(e) => {
            let line = e.span().map(|s| line_of(src, s.start));
            return Err(vec![ParseError { line, msg: format!("invalid TOML: {}", e.message().trim()) }]);
        }
    };
    let mut cx = Ctx { src, pool, errors: Vec::new() };
    let root = doc.get_ref();
    cx.check_keys(root, &["name", "rules", "format", "edition", "seed", "state", "do", "expect"], "the file");

    let name = root.get("name").and_then(|v| cx.string(v, "name"));
    let mut rules = Vec::new();
    if let Some(v) = root.get("rules") {
        if let Some(a) = cx.array(v, "rules") {
            for r in a {
                if let Some(s) = cx.string(r, "a rule ID") {
                    rules.push(s);
                }
            }
        }
    }
    let mut setup = PositionSetup::default();
    if let Some(v) = root.get("edition") {
        if let Some(s) = cx.string(v, "edition") {
            match Edition::parse(&s) {
                Some(e) => setup.edition = e,
                None => cx.err(v.span(), format!("unknown edition {} (expert, mr1, mr2, mr3, mr4, mr2020)", q(&s))),
            }
        }
    }
    let mut format = None;
    if let Some(v) = root.get("format") {
        if let Some(s) = cx.string(v, "format") {
            match ygo_data::Format::by_name(&s) {
                Ok(f) if root.get("edition").is_some() => {
                    let _ = f;
                    cx.err(v.span(), "give `format` or `edition`, not both (a format sets its edition)".to_string());
                }
                Ok(f) => {
                    setup.edition = f.edition;
                    format = Some(f);
                }
                Err(e) => cx.err(v.span(), e.to_string()),
            }
        }
    }
    if let Some(v) = root.get("seed") {
        if let Some(n) = cx.int(v, "seed", 0, i64::MAX) {
            setup.seed = n as u64;
        }
    }
    let mut side_lines = [None, None];
    let mut state_line = None;
    let mut equips = Vec::new();
    // Filler decks unless `deck` is given.
    for side in &mut setup.sides {
        side.deck = vec![FILLER_CODE; FILLER_COUNT];
    }
    if let Some((k, v)) = root.get_key_value("state") {
        state_line = cx.line(k.span());
        if let Some(t) = cx.table(v, "[state]") {
            parse_state(&mut cx, t, &mut setup, &mut side_lines, &mut equips);
        }
    }
    resolve_equips(&mut cx, &mut setup, equips);

    let mut steps = Vec::new();
    if let Some(v) = root.get("do") {
        if let Some(a) = cx.array(v, "do (write [[do]] entries)") {
            for (i, e) in a.iter().enumerate() {
                if let Some(step) = parse_step(&mut cx, e, i + 1) {
                    steps.push(step);
                }
            }
        }
    }
    if cx.errors.is_empty() {
        check_step_names(&mut cx, &setup, &steps);
    }
    let mut expect = Expect::default();
    match root.get("expect") {
        Some(v) => {
            if let Some(t) = cx.table(v, "[expect]") {
                if t.is_empty() {
                    cx.err(v.span(), "[expect] is empty: a scenario must check something (lp, hand, gy, winner, error, ...)");
                }
                parse_expect(&mut cx, t, &mut expect);
            }
        }
        None if root.is_empty() => cx
            .errors
            .push(ParseError { line: None, msg: "the file is empty (nothing but blanks and comments): a scenario needs at least an [expect] table".into() }),
        None => cx.errors.push(ParseError { line: None, msg: "no [expect] table: a scenario must say what it checks".into() }),
    }
    if cx.errors.is_empty() {
        Ok(Scenario { name, rules, setup, format, side_lines, state_line, steps, expect })
    } else {
        let mut errs = cx.errors;
        errs.sort_by_key(|e| e.line.unwrap_or(usize::MAX));
        Err(errs)
    }
}

/// Reads only `name` and `rules` (for coverage), tolerating everything else.
pub fn read_rules(src: &str) -> Option<(Option<String>, Vec<String>)> {
    let doc = DeTable::parse(src).ok()?;
    let root = doc.get_ref();
    let name = root.get("name").and_then(|v| v.get_ref().as_str().map(str::to_string));
    let rules = match root.get("rules").map(|v| v.get_ref()) {
        Some(DeValue::Array(a)) => a.iter().filter_map(|r| r.get_ref().as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    };
    Some((name, rules))
}

fn parse_step(cx: &mut Ctx<'_>, v: &Val<'_>, n: usize) -> Option<Step> {
    let t = cx.table(v, &format!("[[do]] entry {n}"))?;
    let keys: Vec<String> = t.iter().map(|(k, _)| k.get_ref().to_string()).collect();
    let mut found: Option<(Player, &Val<'_>, Range<usize>)> = None;
    for (k, val) in t.iter() {
        match Player::parse(k.get_ref()).filter(|_| matches!(k.get_ref().as_ref(), "A" | "B")) {
            Some(p) if found.is_none() => found = Some((p, val, k.span())),
            Some(_) => {
                cx.err(k.span(), format!("[[do]] entry {n} names two players ({}): one command per entry", keys.join(", ")));
                return None;
            }
            None => {
                cx.err(k.span(), format!("unknown key `{}` in [[do]] entry {n} (write A = \"...\" or B = \"...\")", k.get_ref()));
                return None;
            }
        }
    }
    let Some((player, val, kspan)) = found else {
        cx.err(v.span(), format!("[[do]] entry {n} is empty: write A = \"...\" or B = \"...\""));
        return None;
    };
    let command = cx.string(val, &format!("[[do]] entry {n}"))?.trim().to_string();
    let line = cx.line(kspan).or_else(|| cx.line(val.span())).unwrap_or(0);
    if !command_is_wellformed(&command) {
        cx.err(val.span(), format!("[[do]] entry {n}: {} is not a command of SCENARIOS.md", q(&command)));
        return None;
    }
    Some(Step { player, command, line })
}

/// Is this a command of the scenario language (even one the engine cannot play yet)?
fn command_is_wellformed(command: &str) -> bool {
    if let Some((verb, items)) = split_selection(command) {
        return items.iter().all(|i| !i.is_empty() && parse_command(&format!("{verb} {i}")).is_some());
    }
    parse_command(command).is_some()
        || option_number(command).is_some()
        || NOT_YET_PARSED.iter().any(|v| if v.ends_with(' ') { command.len() > v.len() && command.starts_with(v) } else { command == *v })
}

/// Every card a step names must be a card of the position (or a token, which effects
/// create), and what `announce` declares must be a declaration the engine knows: a
/// misspelled name is an error of the file at its line, never a rejection that
/// `error = true` could take for a ruling.
fn check_step_names(cx: &mut Ctx<'_>, setup: &PositionSetup, steps: &[Step]) {
    let mut codes: Vec<u32> = Vec::new();
    for side in &setup.sides {
        codes.extend(&side.hand);
        codes.extend(&side.deck);
        for p in side.extra.iter().chain(&side.gy).chain(&side.banished).chain(&side.monsters).chain(&side.spells).chain(&side.pendulum).chain(&side.field) {
            codes.push(p.code);
            codes.extend(&p.materials);
        }
    }
    codes.sort_unstable();
    codes.dedup();
    let in_position: Vec<&str> = codes.iter().filter_map(|&c| cx.pool.get(c)).map(|d| d.data.name.as_str()).collect();
    for step in steps {
        let problems = step_name_problems(cx.pool, &in_position, &step.command);
        for msg in problems {
            cx.errors.push(ParseError { line: Some(step.line), msg: format!("{} = {}: {msg}", step.player.name(), q(&step.command)) });
        }
    }
}

/// What is wrong with the names one command gives (empty: nothing).
fn step_name_problems(pool: &CardPool, in_position: &[&str], command: &str) -> Vec<String> {
    let commands: Vec<String> = match split_selection(command) {
        Some((verb, items)) => items.iter().map(|i| format!("{verb} {i}")).collect(),
        None => vec![command.to_string()],
    };
    let mut out = Vec::new();
    for c in &commands {
        match parse_command(c) {
            Some(Command::OnCard(_, p)) | Some(Command::Activate(p, _)) | Some(Command::Attack(p, None)) => out.extend(name_problem(pool, in_position, &p)),
            Some(Command::Attack(a, Some(t))) => {
                out.extend(name_problem(pool, in_position, &a));
                out.extend(name_problem(pool, in_position, &t));
            }
            Some(Command::Announce(x)) => out.extend(announce_problem(pool, &x)),
            Some(Command::Simple(_)) | None => {}
        }
    }
    out
}

/// A card pattern's name (if it gives one) against the shipped data and the position.
fn name_problem(pool: &CardPool, in_position: &[&str], p: &CardPattern) -> Option<String> {
    let name = p.name.as_deref()?;
    let Some(i) = pool.find(name) else {
        // The nearest card of the position first: a typo is most often of a card in play.
        let near =
            ygo_data::text::nearest(name, in_position.iter().copied()).or_else(|| ygo_data::text::nearest(name, pool.iter().map(|d| d.data.name.as_str())));
        let hint = near.map(|s| format!("; did you mean {}?", q(s))).unwrap_or_default();
        return Some(format!("no card named {} in this position{hint} (nor in the card data)", q(name)));
    };
    let d = pool.def(i);
    if d.data.is_token() || in_position.iter().any(|n| n.eq_ignore_ascii_case(&d.data.name)) {
        return None;
    }
    let hint = ygo_data::text::nearest(name, in_position.iter().copied()).map(|s| format!("; did you mean {}?", q(s))).unwrap_or_default();
    Some(format!("no card named {} in this position{hint}", q(name)))
}

/// `announce X`: a number, heads or tails, a card type, a Type, an Attribute, or a card name.
fn announce_problem(pool: &CardPool, x: &str) -> Option<String> {
    let x = x.trim();
    let words = ["heads", "tails", "monster", "spell", "trap"];
    let known = x.parse::<u32>().is_ok()
        || words.iter().any(|w| w.eq_ignore_ascii_case(x))
        || ygo_core::card::RACE_NAMES.iter().any(|r| r.eq_ignore_ascii_case(x))
        || ygo_core::card::Attribute::ALL.iter().any(|a| a.name().eq_ignore_ascii_case(x))
        || pool.find(x).is_some();
    if known {
        return None;
    }
    let all = words
        .iter()
        .copied()
        .chain(ygo_core::card::RACE_NAMES.iter().copied())
        .chain(ygo_core::card::Attribute::ALL.iter().map(|a| a.name()))
        .chain(pool.iter().map(|d| d.data.name.as_str()));
    let hint = ygo_data::text::nearest(x, all).map(|s| format!("; did you mean {}?", q(s))).unwrap_or_default();
    Some(format!("{} is not a declaration (a number, heads or tails, monster/spell/trap, a Type, an Attribute or a card name){hint}", q(x)))
}
