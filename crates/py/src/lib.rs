//! `ygo-py`: the Python module `ygo` (built with maturin, `pip install ./crates/py`).
//!
//! The Rust side is plain modules tested without Python ([`ids`], [`encode`], [`game`],
//! [`vecenv`], [`measure`]); [`python`] only converts between them and Python objects.
//! The Python side (`python/ygo/`: `gym.py`, `pettingzoo.py`, `bench.py`, `selfplay.py`)
//! builds the framework environments on top.

pub mod encode;
pub mod game;
pub mod history;
pub mod ids;
pub mod measure;
mod python;
pub mod vecenv;
