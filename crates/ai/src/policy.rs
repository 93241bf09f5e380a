//! A learned policy at play time: a small masked policy-and-value network over the
//! observation ([`crate::obs`], `docs/OBSERVATION.md`), its weights read from a
//! `safetensors` file, its inference written out here by hand (`docs/POLICY.md` is the
//! reference for the file and the architecture).
//!
//! Why no ML crate: the network is a few hundred thousand weights of plain matrix-vector
//! products (well under a millisecond a decision), while the runtimes (ONNX Runtime, libtorch)
//! download native libraries at build time, which fails on this project's machines, and
//! the pure-Rust frameworks bring large dependency trees and thread pools for nothing at
//! this size. Hand-written loops are also deterministic: one thread, one summation order,
//! so the same duel gives the same decisions everywhere.
//!
//! The architecture `ygo-mlp-v1` (PyTorch's `nn.Linear` convention: `y = W x + b`, `W` of
//! shape `[out, in]`; every tensor `F32`):
//!
//! - every visible card row `r` (the first `globals[cards]` rows): `h_r = relu(card (
//!   embed[index_r] ++ card_features(row_r)))`;
//! - the state: `s = relu(trunk (mean h over the viewer's rows ++ mean h over the
//!   opponent's rows ++ global_features(globals)))`;
//! - the value (for the viewer, in -1..1): `tanh(value s)`;
//! - every legal action row `i`: `a_i = relu(action (action_features(row_i) ++
//!   embed[card_index] ++ embed[target_index] ++ h[card_row] ++ h[target_row]))` (zeros
//!   for no row), its logit `score2 relu(score1 (a_i ++ s))`, and the probabilities a
//!   softmax over the legal rows only.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use safetensors::tensor::TensorView;
use safetensors::{Dtype, SafeTensors};
use ygo_core::{Action, Duel, View};

use crate::obs::encode::{act, card, global, ACTION_COLS, ACTION_ROWS, CARD_COLS, FLAG_BITS, GLOBALS};
use crate::obs::{observe, Obs, OBSERVATION_VERSION};
use crate::{Observation, Player};

/// The architecture this code runs (the file's `architecture` metadata).
pub const ARCHITECTURE: &str = "ygo-mlp-v1";
/// Hand-made features of a card row (besides its embedding): see [`card_features`].
pub const CARD_FEATURES: usize = 39;
/// Features of the globals: see [`global_features`].
pub const GLOBAL_FEATURES: usize = GLOBALS;
/// Hand-made features of an action row (besides its embeddings and card rows).
pub const ACTION_FEATURES: usize = 42;
/// Zone codes one-hot (0 = none, 1 + `Zone`).
const ZONES: usize = 12;
/// Action kinds one-hot (0 = none, 1..=24).
const KINDS: usize = 25;

/// The numeric card columns and their scales, in feature order.
pub const CARD_NUMERIC: [(usize, f32); 14] = [
    (card::KNOWN, 1.0),
    (card::SIDE, 1.0),
    (card::SLOT, 1.0 / 8.0),
    (card::POSITION, 1.0 / 4.0),
    (card::OWNER, 1.0),
    (card::ATK, 1.0 / 1000.0),
    (card::DEF, 1.0 / 1000.0),
    (card::LEVEL, 1.0 / 12.0),
    (card::ATTRIBUTE, 1.0 / 8.0),
    (card::RACE, 1.0 / 32.0),
    (card::KIND, 1.0 / 16.0),
    (card::COUNTERS, 1.0 / 4.0),
    (card::CAN_ACTIVATE, 1.0),
    (card::CHAIN_LINK, 1.0 / 4.0),
];

/// The scale of each global (0: not used; the chain top's card index is an identity).
pub const GLOBAL_SCALES: [f32; GLOBALS] = {
    let mut s = [0.0f32; GLOBALS];
    s[global::SEAT] = 1.0;
    s[global::MY_TURN] = 1.0;
    s[global::TURN] = 1.0 / 20.0;
    s[global::PHASE] = 1.0 / 8.0;
    s[global::STEP] = 1.0 / 8.0;
    s[global::DECIDING] = 1.0;
    s[global::LP] = 1.0 / 8000.0;
    s[global::LP + 1] = 1.0 / 8000.0;
    let mut i = global::HAND;
    while i < global::CHAIN {
        // hand, deck, extra, gy, banished, monsters, spells: mine and the opponent's
        s[i] = [1.0 / 8.0, 1.0 / 40.0, 1.0 / 15.0, 1.0 / 20.0, 1.0 / 20.0, 1.0 / 5.0, 1.0 / 5.0][(i - global::HAND) / 2];
        i += 1;
    }
    s[global::CHAIN] = 1.0 / 4.0;
    s[global::CHAIN_TOP_SIDE] = 1.0;
    s[global::ACTIONS] = 1.0 / 32.0;
    s[global::ACTION_OVERFLOW] = 1.0;
    s[global::CARDS] = 1.0 / 64.0;
    s[global::CARD_OVERFLOW] = 1.0;
    s
};

fn one_hot(out: &mut [f32], v: i16) {
    let i = (v.max(0) as usize).min(out.len() - 1);
    out[i] = 1.0;
}

/// A card row's features: the numeric columns scaled ([`CARD_NUMERIC`]), the zone one-hot
/// (12), the bits of `flags` (10) and of `this_turn` (3).
pub fn card_features(row: &[i16], out: &mut [f32]) {
    out[..CARD_FEATURES].fill(0.0);
    for (k, &(c, s)) in CARD_NUMERIC.iter().enumerate() {
        out[k] = row[c] as f32 * s;
    }
    let n = CARD_NUMERIC.len();
    one_hot(&mut out[n..n + ZONES], row[card::ZONE]);
    let bits = |x: i16, out: &mut [f32]| out.iter_mut().enumerate().for_each(|(b, o)| *o = ((x as u16 >> b) & 1) as f32);
    let k = n + ZONES;
    bits(row[card::FLAGS], &mut out[k..k + FLAG_BITS.len()]);
    bits(row[card::THIS_TURN], &mut out[k + FLAG_BITS.len()..k + FLAG_BITS.len() + 3]);
}

/// The globals scaled ([`GLOBAL_SCALES`]).
pub fn global_features(globals: &[i32], out: &mut [f32]) {
    for ((o, &g), &s) in out.iter_mut().zip(globals).zip(&GLOBAL_SCALES) {
        *o = g as f32 * s;
    }
}

/// An action row's features: the kind one-hot (25), the card's zone one-hot (12), its
/// side, and the parameter as four numbers (`param == -1`, `-2`, `-3`, `min(max(param,
/// 0), 32) / 8`).
pub fn action_features(row: &[i16], out: &mut [f32]) {
    out[..ACTION_FEATURES].fill(0.0);
    one_hot(&mut out[..KINDS], row[act::KIND]);
    one_hot(&mut out[KINDS..KINDS + ZONES], row[act::CARD_ZONE]);
    let mut k = KINDS + ZONES;
    out[k] = row[act::CARD_SIDE] as f32;
    k += 1;
    let p = row[act::PARAM];
    out[k] = (p == -1) as u8 as f32;
    out[k + 1] = (p == -2) as u8 as f32;
    out[k + 2] = (p == -3) as u8 as f32;
    out[k + 3] = p.clamp(0, 32) as f32 / 8.0;
}

/// One dense layer, `y = W x + b`.
#[derive(Clone, Debug)]
struct Linear {
    w: Vec<f32>,
    b: Vec<f32>,
    inputs: usize,
}

impl Linear {
    fn apply(&self, x: &[f32], y: &mut [f32], relu: bool) {
        debug_assert_eq!(x.len(), self.inputs);
        for (o, (yo, w)) in y.iter_mut().zip(self.w.chunks_exact(self.inputs)).enumerate() {
            let mut acc = self.b[o];
            for (wi, xi) in w.iter().zip(x) {
                acc += wi * xi;
            }
            *yo = if relu { acc.max(0.0) } else { acc };
        }
    }
}

/// The tensor names of `ygo-mlp-v1`, layers as `NAME.weight` and `NAME.bias`.
pub const LAYERS: [&str; 6] = ["card", "trunk", "value", "action", "score1", "score2"];
/// The card embedding table (`[indices, E]`, row 0 = unknown card).
pub const EMBED: &str = "embed";

/// The sizes of a network: embedding width, card and state widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// Rows of the embedding table (card indices; larger indices read row 0).
    pub indices: usize,
    pub embed: usize,
    pub card: usize,
    pub state: usize,
}

impl Default for Sizes {
    fn default() -> Sizes {
        Sizes { indices: 2048, embed: 16, card: 64, state: 128 }
    }
}

impl Sizes {
    /// Every tensor's name and shape.
    pub fn shapes(&self) -> Vec<(String, Vec<usize>)> {
        let Sizes { indices, embed, card, state } = *self;
        let layers = [
            ("card", card, embed + CARD_FEATURES),
            ("trunk", state, 2 * card + GLOBAL_FEATURES),
            ("value", 1, state),
            ("action", state, ACTION_FEATURES + 2 * embed + 2 * card),
            ("score1", state, 2 * state),
            ("score2", 1, state),
        ];
        let mut out = vec![(EMBED.to_string(), vec![indices, embed])];
        for (name, o, i) in layers {
            out.push((format!("{name}.weight"), vec![o, i]));
            out.push((format!("{name}.bias"), vec![o]));
        }
        out
    }
}

/// A loaded network.
#[derive(Clone, Debug)]
pub struct Policy {
    /// Where it was read from (for messages).
    pub source: String,
    pub sizes: Sizes,
    /// The passcodes of the deck it was trained to pilot, sorted, copies repeated (the
    /// file's `deck_cards` metadata; empty when the file names none): a player holding
    /// several networks plays the one whose deck is most like its own ([`pick`]).
    pub deck: Vec<u32>,
    embed: Vec<f32>,
    card: Linear,
    trunk: Linear,
    value: Linear,
    action: Linear,
    score1: Linear,
    score2: Linear,
}

/// What [`Policy::evaluate`] gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// One probability per action row (0 for the masked rows); they sum to 1.
    pub probs: Vec<f32>,
    /// The value for the viewer, -1 (lost) .. 1 (won).
    pub value: f32,
}

impl Policy {
    /// Reads a policy file.
    pub fn load(path: impl AsRef<Path>) -> Result<Policy, String> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| format!("policy file {}: {e}", path.display()))?;
        Policy::from_bytes(&bytes, &path.display().to_string())
    }

    /// Reads a policy from a file's bytes; `source` names it in errors.
    pub fn from_bytes(bytes: &[u8], source: &str) -> Result<Policy, String> {
        let err = |m: String| format!("policy file {source}: {m}");
        let (_, meta) = SafeTensors::read_metadata(bytes).map_err(|e| err(format!("not a safetensors file ({e})")))?;
        let info = meta.metadata().clone().unwrap_or_default();
        match info.get("architecture") {
            Some(a) if a == ARCHITECTURE => {}
            Some(a) => return Err(err(format!("architecture {a:?}, this build runs {ARCHITECTURE:?}"))),
            None => return Err(err(format!("no \"architecture\" in the header metadata (want {ARCHITECTURE:?})"))),
        }
        match info.get("observation_version").map(|v| v.trim().parse::<u32>()) {
            Some(Ok(v)) if v == OBSERVATION_VERSION => {}
            Some(Ok(v)) => return Err(err(format!("observation version {v}, this build encodes version {OBSERVATION_VERSION}"))),
            Some(Err(_)) | None => return Err(err(format!("no numeric \"observation_version\" in the header metadata (want {OBSERVATION_VERSION})"))),
        }
        let mut deck = Vec::new();
        if let Some(list) = info.get("deck_cards").filter(|l| !l.trim().is_empty()) {
            for code in list.split(',') {
                let code = code
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| err(format!("\"deck_cards\" in the header metadata holds {code:?}, not a passcode (want passcodes separated by commas)")))?;
                deck.push(code);
            }
            deck.sort_unstable();
        }
        let st = SafeTensors::deserialize(bytes).map_err(|e| err(format!("not a safetensors file ({e})")))?;
        let tensor = |name: &str| -> Result<TensorView<'_>, String> { st.tensor(name).map_err(|_| err(format!("missing tensor {name:?}"))) };
        let e = tensor(EMBED)?;
        if e.shape().len() != 2 {
            return Err(err(format!("tensor {EMBED:?} has shape {:?}, want [indices, width]", e.shape())));
        }
        let card_w = tensor("card.weight")?;
        let trunk_w = tensor("trunk.weight")?;
        let (card, state) = (card_w.shape().first().copied().unwrap_or(0), trunk_w.shape().first().copied().unwrap_or(0));
        let sizes = Sizes { indices: e.shape()[0], embed: e.shape()[1], card, state };
        if sizes.indices == 0 {
            return Err(err(format!("tensor {EMBED:?} has no rows")));
        }
        let mut data: HashMap<String, Vec<f32>> = HashMap::new();
        for (name, shape) in sizes.shapes() {
            let t = tensor(&name)?;
            if t.dtype() != Dtype::F32 {
                return Err(err(format!("tensor {name:?} has dtype {:?}, want F32", t.dtype())));
            }
            if t.shape() != shape.as_slice() {
                return Err(err(format!("tensor {name:?} has shape {:?}, want {shape:?}", t.shape())));
            }
            let v: Vec<f32> = t.data().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
            if let Some(i) = v.iter().position(|x| !x.is_finite()) {
                return Err(err(format!("tensor {name:?} holds a non-finite number at {i}")));
            }
            data.insert(name, v);
        }
        let mut take = |name: &str| data.remove(name).unwrap_or_default();
        let embed = take(EMBED);
        let mut layer = |name: &str, inputs: usize| Linear { w: take(&format!("{name}.weight")), b: take(&format!("{name}.bias")), inputs };
        let Sizes { embed: ew, card: cw, state: sw, .. } = sizes;
        Ok(Policy {
            source: source.to_string(),
            sizes,
            deck,
            embed,
            card: layer("card", ew + CARD_FEATURES),
            trunk: layer("trunk", 2 * cw + GLOBAL_FEATURES),
            value: layer("value", sw),
            action: layer("action", ACTION_FEATURES + 2 * ew + 2 * cw),
            score1: layer("score1", 2 * sw),
            score2: layer("score2", sw),
        })
    }

    fn embedding(&self, index: i16) -> &[f32] {
        let e = self.sizes.embed;
        let i = if index > 0 && (index as usize) < self.sizes.indices { index as usize } else { 0 };
        &self.embed[i * e..(i + 1) * e]
    }

    /// The probabilities of the legal rows (`obs.mask`) and the value, for the viewer of
    /// `obs`. Rows past `mask` get nothing; with no legal row, every probability is 0.
    pub fn evaluate(&self, obs: &Obs) -> Evaluation {
        let Sizes { embed: ew, card: cw, state: sw, .. } = self.sizes;
        let n_cards = (obs.globals[global::CARDS].max(0) as usize).min(obs.cards.len() / CARD_COLS);
        // Card rows.
        let mut h = vec![0.0f32; n_cards * cw];
        let mut x = vec![0.0f32; ew + CARD_FEATURES];
        let mut pooled = vec![0.0f32; 2 * cw + GLOBAL_FEATURES];
        let mut counts = [0usize; 2];
        for r in 0..n_cards {
            let row = &obs.cards[r * CARD_COLS..(r + 1) * CARD_COLS];
            x[..ew].copy_from_slice(self.embedding(row[card::INDEX]));
            card_features(row, &mut x[ew..]);
            let hr = &mut h[r * cw..(r + 1) * cw];
            self.card.apply(&x, hr, true);
            let side = (row[card::SIDE] != 0) as usize;
            counts[side] += 1;
            for (p, v) in pooled[side * cw..(side + 1) * cw].iter_mut().zip(hr.iter()) {
                *p += v;
            }
        }
        for (side, &count) in counts.iter().enumerate() {
            if count > 0 {
                let inv = 1.0 / count as f32;
                pooled[side * cw..(side + 1) * cw].iter_mut().for_each(|p| *p *= inv);
            }
        }
        global_features(&obs.globals, &mut pooled[2 * cw..]);
        let mut s = vec![0.0f32; sw];
        self.trunk.apply(&pooled, &mut s, true);
        let mut v = [0.0f32];
        self.value.apply(&s, &mut v, false);
        // Action rows.
        let rows = obs.mask.len();
        let mut logits = vec![f32::NEG_INFINITY; rows];
        let mut ax = vec![0.0f32; self.action.inputs];
        let mut a = vec![0.0f32; sw];
        let mut joint = vec![0.0f32; 2 * sw];
        let mut hidden = vec![0.0f32; sw];
        let card_row = |r: i16| -> Option<&[f32]> { (r >= 0 && (r as usize) < n_cards).then(|| &h[r as usize * cw..(r as usize + 1) * cw]) };
        for (i, &m) in obs.mask.iter().enumerate() {
            if m == 0 {
                continue;
            }
            let row = &obs.actions[i * ACTION_COLS..(i + 1) * ACTION_COLS];
            action_features(row, &mut ax);
            let mut k = ACTION_FEATURES;
            ax[k..k + ew].copy_from_slice(self.embedding(row[act::CARD_INDEX]));
            k += ew;
            ax[k..k + ew].copy_from_slice(self.embedding(row[act::TARGET_INDEX]));
            k += ew;
            for r in [row[act::CARD_ROW], row[act::TARGET_ROW]] {
                match card_row(r) {
                    Some(hr) => ax[k..k + cw].copy_from_slice(hr),
                    None => ax[k..k + cw].fill(0.0),
                }
                k += cw;
            }
            self.action.apply(&ax, &mut a, true);
            joint[..sw].copy_from_slice(&a);
            joint[sw..].copy_from_slice(&s);
            self.score1.apply(&joint, &mut hidden, true);
            let mut l = [0.0f32];
            self.score2.apply(&hidden, &mut l, false);
            logits[i] = l[0];
        }
        let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut probs = vec![0.0f32; rows];
        if max.is_finite() {
            let mut sum = 0.0;
            for (p, &l) in probs.iter_mut().zip(&logits) {
                if l.is_finite() {
                    *p = (l - max).exp();
                    sum += *p;
                }
            }
            probs.iter_mut().for_each(|p| *p /= sum);
        }
        Evaluation { probs, value: v[0].tanh() }
    }

    /// The probabilities of `duel`'s legal actions (in `legal_actions` order) for the
    /// deciding player, and the value for them; `None` when the duel is over. Actions past
    /// the action table ([`ACTION_ROWS`]) get probability 0.
    pub fn evaluate_duel(&self, duel: &Duel) -> Option<(Vec<f32>, f32)> {
        let viewer = duel.deciding_player()?;
        let n = duel.legal_actions().len();
        let (obs, _) = observe(duel, viewer, ACTION_ROWS.max(n));
        let e = self.evaluate(&obs);
        let mut p = e.probs;
        p.truncate(n);
        Some((p, e.value))
    }

    /// Writes a network with weights drawn uniformly from `±1/sqrt(inputs)` (PyTorch's
    /// default for `nn.Linear`; the embedding from `±1`), seeded: the file
    /// `examples/make_random_policy.py` writes, for tests and as a training start.
    pub fn random_file(sizes: Sizes, seed: u64) -> Vec<u8> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let shapes = sizes.shapes();
        let tensors: Vec<(String, Vec<usize>, Vec<u8>)> = shapes
            .iter()
            .map(|(name, shape)| {
                let n: usize = shape.iter().product();
                let bound = match name.strip_suffix(".bias") {
                    // A bias takes its layer's bound.
                    Some(layer) => {
                        let w = format!("{layer}.weight");
                        1.0 / (shapes.iter().find(|(m, _)| *m == w).map_or(1, |(_, s)| s[1]) as f32).sqrt()
                    }
                    None if name == EMBED => 1.0,
                    None => 1.0 / (shape[1] as f32).sqrt(),
                };
                let bytes: Vec<u8> = (0..n).flat_map(|_| rng.random_range(-bound..bound).to_le_bytes()).collect();
                (name.clone(), shape.clone(), bytes)
            })
            .collect();
        write_file(&tensors, &[])
    }
}

/// A safetensors file of `F32` tensors (name, shape, little-endian bytes) with the
/// header metadata of [`ARCHITECTURE`] and [`OBSERVATION_VERSION`], plus `extra` entries
/// (entries of `extra` with those names replace them: for tests of bad files).
pub fn write_file(tensors: &[(String, Vec<usize>, Vec<u8>)], extra: &[(&str, &str)]) -> Vec<u8> {
    let mut meta: HashMap<String, String> = HashMap::new();
    meta.insert("architecture".into(), ARCHITECTURE.into());
    meta.insert("observation_version".into(), OBSERVATION_VERSION.to_string());
    for (k, v) in extra {
        meta.insert(k.to_string(), v.to_string());
    }
    let views: Vec<(String, TensorView<'_>)> =
        tensors.iter().map(|(n, s, b)| (n.clone(), TensorView::new(Dtype::F32, s.clone(), b).expect("bytes match the shape"))).collect();
    safetensors::serialize(views, Some(meta)).expect("a valid safetensors file")
}

/// Loaded policy files, by path, size and modification time: a league of many duels reads
/// each file once.
pub fn load_cached(path: &str) -> Result<Arc<Policy>, String> {
    static CACHE: Mutex<Vec<(PathBuf, u64, Option<std::time::SystemTime>, Arc<Policy>)>> = Mutex::new(Vec::new());
    let p = PathBuf::from(path);
    let meta = std::fs::metadata(&p).map_err(|e| format!("policy file {path}: {e}"))?;
    let key = (meta.len(), meta.modified().ok());
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, _, pol)) = cache.iter().find(|(q, len, m, _)| *q == p && (*len, *m) == key) {
        return Ok(pol.clone());
    }
    let pol = Arc::new(Policy::load(&p)?);
    cache.retain(|(q, ..)| *q != p);
    cache.push((p, key.0, key.1, pol.clone()));
    Ok(pol)
}

/// The networks shipped with the project, each trained by `examples/train_ppo.py` piloting
/// one deck under the Goat format (the commands, wall times and strengths are in
/// `docs/POLICY.md`): `goat-policy.safetensors` Goat Control against Chaos Control, and
/// `goat-policy-chaos.safetensors` Chaos Control against Goat Control. Each file names its
/// deck (`deck_cards`); the AI names `policy` and `mcts+policy[:N]` play the one whose deck
/// is most like the player's own ([`pick`]), so any deck gets the nearer of the two.
pub const BUILTIN_FILES: [(&[u8], &str); 2] = [
    (include_bytes!("../data/goat-policy.safetensors"), "built-in goat-policy.safetensors"),
    (include_bytes!("../data/goat-policy-chaos.safetensors"), "built-in goat-policy-chaos.safetensors"),
];

/// The shipped networks, in [`BUILTIN_FILES`]'s order, read once per process.
pub fn builtin() -> Result<Vec<Arc<Policy>>, String> {
    static BUILTIN: std::sync::OnceLock<Result<Vec<Arc<Policy>>, String>> = std::sync::OnceLock::new();
    BUILTIN.get_or_init(|| BUILTIN_FILES.iter().map(|&(bytes, name)| Policy::from_bytes(bytes, name).map(Arc::new)).collect()).clone()
}

/// Of several networks (never none), the one whose deck shares the most cards with `own`
/// (sorted passcodes, copies repeated: the player's own cards, [`Observation::own_cards`]);
/// the first on a tie, so a network naming no deck is played only when no other shares a card.
pub fn pick<'a>(nets: &'a [Arc<Policy>], own: &[u32]) -> &'a Arc<Policy> {
    let shared = |deck: &[u32]| {
        // Both sorted: a merge counts the copies in common.
        let (mut i, mut j, mut n) = (0, 0, 0usize);
        while i < deck.len() && j < own.len() {
            match deck[i].cmp(&own[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => (i, j, n) = (i + 1, j + 1, n + 1),
            }
        }
        n
    };
    let mut best = &nets[0];
    for net in &nets[1..] {
        if shared(&net.deck) > shared(&best.deck) {
            best = net;
        }
    }
    best
}

/// The networks a player holds and the one it plays, chosen at its first decision from its
/// own cards (a player knows its own deck list, MISC-9: never the opponent's).
#[derive(Clone)]
pub struct Networks {
    nets: Vec<Arc<Policy>>,
    chosen: Option<Arc<Policy>>,
}

impl Networks {
    /// One network or several (at least one).
    pub fn new(nets: Vec<Arc<Policy>>) -> Networks {
        assert!(!nets.is_empty(), "a player needs a network");
        let chosen = (nets.len() == 1).then(|| nets[0].clone());
        Networks { nets, chosen }
    }

    /// The network for the deciding player of `obs` (chosen once, then kept).
    pub fn for_player(&mut self, obs: &Observation<'_>) -> &Arc<Policy> {
        if self.chosen.is_none() {
            self.chosen = Some(pick(&self.nets, &obs.own_cards()).clone());
        }
        self.current()
    }

    /// The network chosen (the first held until a player's first decision chooses).
    pub fn current(&self) -> &Arc<Policy> {
        self.chosen.as_ref().unwrap_or(&self.nets[0])
    }
}

/// The policy as a player (`policy:FILE`): the legal action of highest probability
/// (argmax, the first on a tie); no randomness, so the same duel gives the same actions.
pub struct PolicyPlayer {
    nets: Networks,
}

impl PolicyPlayer {
    pub fn new(nets: Networks) -> PolicyPlayer {
        PolicyPlayer { nets }
    }

    fn argmax(&mut self, obs: &Observation<'_>) -> Action {
        let (duel, actions) = (obs.duel, obs.actions());
        let Some((p, _)) = self.nets.for_player(obs).evaluate_duel(duel) else { return actions[0] };
        let mut best = 0;
        for (i, &x) in p.iter().enumerate() {
            if x > p[best] {
                best = i;
            }
        }
        actions.get(best).copied().unwrap_or(actions[0])
    }
}

impl Player for PolicyPlayer {
    /// From a view alone (no history): the rule of thumb the search players use.
    fn decide(&mut self, view: &View) -> Action {
        crate::eval::view_choice(view)
    }
    fn decide_observed(&mut self, obs: &Observation<'_>) -> Action {
        self.argmax(obs)
    }
    fn name(&self) -> &'static str {
        "policy"
    }
}

#[cfg(test)]
mod tests;
