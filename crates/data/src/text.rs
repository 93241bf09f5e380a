//! Quoting user input in messages: at most a short excerpt, so a broken 100 MB file (or a
//! huge line on stdin) gives a one-line error, not 100 MB on stderr. Every front end
//! (deck and banlist readers, the command line, the terminal duel) uses these.

/// The longest excerpt of user input a message quotes, in characters.
pub const EXCERPT: usize = 60;

/// `s` if it has at most `max` characters, else its first `max` characters, `…` and
/// how long the whole was.
pub fn excerpt(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}… ({} characters in all)", &s[..cut], s.chars().count()),
    }
}

/// `s` quoted for a message, as `{:?}` would, cut to [`EXCERPT`] characters.
pub fn quote(s: &str) -> String {
    match s.char_indices().nth(EXCERPT) {
        None => format!("{s:?}"),
        Some((cut, _)) => format!("{:?}… ({} characters in all)", &s[..cut], s.chars().count()),
    }
}

/// The candidate closest to `query` (ignoring case), for "did you mean": one that contains
/// it (queries of 4 or more characters), else one within a few edits (Levenshtein distance
/// at most 3, or a fifth of the query's length for long queries).
pub fn nearest<'a>(query: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return None;
    }
    let limit = 3.max(q.chars().count() / 5);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let n = c.to_lowercase();
        let d = if q.chars().count() >= 4 && n.contains(&q) { 1 } else { strsim::levenshtein(&q, &n) };
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_long_text_is_cut() {
        assert_eq!(excerpt("abc", 5), "abc");
        assert_eq!(excerpt("abcdef", 3), "abc… (6 characters in all)");
        assert_eq!(excerpt("ééé", 2), "éé… (3 characters in all)");
        assert_eq!(quote("a\"b"), "\"a\\\"b\"");
        let big = "7".repeat(1_000_000);
        let q = quote(&big);
        assert!(q.len() < 120 && q.ends_with("(1000000 characters in all)"), "{q}");
    }

    #[test]
    fn nearest_names() {
        let names = ["Magic Jammer", "Dark Magician", "Mystical Space Typhoon"];
        assert_eq!(nearest("Magic Jamer", names), Some("Magic Jammer"));
        assert_eq!(nearest("mystical space", names), Some("Mystical Space Typhoon"));
        assert_eq!(nearest("Blue-Eyes White Dragon", names), None);
        assert_eq!(nearest("  ", names), None);
    }
}
