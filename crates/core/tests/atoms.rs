//! STYLE 7: only the mutation atoms (`state/moves.rs`, beside the data in `state/mod.rs`) and the setup (`setup.rs`, which builds a
//! duel before it starts) write where cards are and the players' LP. The card fields for
//! place, controller and position and the LP are private to `state/`; the piles and slots
//! of a player are written through `players[..]` only there. This test reads the source.

use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push((p.display().to_string(), std::fs::read_to_string(&p).unwrap()));
        }
    }
}

#[test]
fn only_the_atoms_write_piles_slots_and_lp() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 20, "the core's sources are read");
    let piles = ["deck", "hand", "extra", "gy", "banished", "gone", "monsters", "spells", "field", "pendulum", "lp"];
    let mut bad = Vec::new();
    for (path, text) in &files {
        if path.ends_with("/state/mod.rs") || path.ends_with("/state/moves.rs") || path.ends_with("/setup.rs") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let mutates_pile = code.contains("players[") && piles.iter().any(|p| code.contains(&format!("].{p}")));
            if mutates_pile || code.contains("pile_mut(") || code.contains("slot_mut(") {
                bad.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "piles, slots or LP written outside the atoms:\n{}", bad.join("\n"));
}
