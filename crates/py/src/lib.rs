//! `ygo-py`: the Python module `ygo` (built with maturin, `pip install ./crates/py`).
//!
//! The Rust side is plain modules tested without Python ([`game`], [`vecenv`], [`measure`];
//! the observation encoder [`encode`], [`history`] and [`ids`] lives in `ygo_ai::obs`, shared
//! with the Rust policy player, and is re-exported here); [`python`] only converts between
//! them and Python objects.
//! The Python side (`python/ygo/`: `gym.py`, `pettingzoo.py`, `bench.py`, `selfplay.py`)
//! builds the framework environments on top.

pub mod game;
pub mod measure;
mod python;
pub mod vecenv;

/// The observation encoder (`ygo_ai::obs`), re-exported: Python's arrays are its arrays.
pub use ygo_ai::obs::{encode, history, ids};
