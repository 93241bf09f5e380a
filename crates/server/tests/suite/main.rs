//! The server's integration tests, one test binary: each file below is a module. (As
//! thirteen binaries they took about 280 s of a cold build's compile time, each compiling
//! and linking the shared client code and the server again; one binary takes a fraction.)
//! `cargo test -p ygo-server --test suite events::` runs one file's tests.
//! The PostgreSQL test, which needs a database server, is `crates/pg-tests` (it uses
//! `tests/common/` too).

#[path = "../common/mod.rs"]
mod common;

mod attack;
mod cards_api;
mod events;
mod events_brackets;
mod events_judge;
mod events_time;
mod fuzz;
mod hidden_info;
mod matches;
mod only_format;
mod restart;
mod security;
mod ts_types;
mod zone_lock;
