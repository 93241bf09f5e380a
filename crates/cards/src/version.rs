//! The card data version: a stable hash of everything that decides how the shipped cards
//! play (the data file and every behaviour declaration). Replay files record it, so a
//! replay made with a different card definition is recognised as such.

/// FNV-1a, 64 bits: stable across Rust versions and machines (unlike `DefaultHasher`).
fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= b as u64;
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// `cards-` and 16 hex digits: the hash of `cards.tsv` and of the `Debug` text of every
/// shipped card's behaviour, in passcode order.
pub fn data_version() -> String {
    data_version_with(crate::Versions::Current)
}

/// The version of the card data a pool playing these card versions uses (computed once
/// per set of versions: the shipped pools never change while the program runs).
pub fn data_version_with(v: crate::Versions) -> String {
    static CURRENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    static GOAT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    static EDISON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let cell = match v {
        crate::Versions::Current => &CURRENT,
        crate::Versions::Goat2005 => &GOAT,
        crate::Versions::Edison2010 => &EDISON,
    };
    cell.get_or_init(|| compute(v)).clone()
}

/// A hash of the shipped card facts and of every behaviour of the pool.
fn compute(v: crate::Versions) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    fnv1a(&mut h, crate::CARDS_TSV.as_bytes());
    let pool = crate::pool_with(v);
    let mut defs: Vec<_> = pool.iter().collect();
    defs.sort_by_key(|d| d.data.id);
    for d in defs {
        fnv1a(&mut h, &d.data.id.to_le_bytes());
        fnv1a(&mut h, &[d.implemented as u8]);
        fnv1a(&mut h, format!("{:?}", d.behavior).as_bytes());
    }
    format!("cards-{h:016x}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn data_version_is_stable_and_shaped() {
        let v = super::data_version();
        assert_eq!(v, super::data_version());
        assert!(v.starts_with("cards-") && v.len() == 22, "{v}");
    }
}
