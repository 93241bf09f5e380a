//! No code: this crate holds the PostgreSQL test of `ygo-server` (`tests/postgres.rs`),
//! built only with the `pg` feature (`tools/pg_check.sh`).
