//! Command-line values checked before a command starts: text arguments that must be
//! UTF-8 (deck paths, banlists), and numbers with a sensible range. A bad value is a clap
//! error naming the flag (exit code 2), never a panic later on.

use std::ffi::OsStr;

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;

/// A text argument (a deck path, a banlist, a name) that must be valid UTF-8; the error
/// names the argument it was given for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Utf8Text;

impl TypedValueParser for Utf8Text {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        value.to_str().map(str::to_string).ok_or_else(|| {
            let name = arg.map_or_else(|| "an argument".to_string(), |a| a.to_string());
            let shown = ygo_data::text::quote(&value.to_string_lossy());
            let msg = format!("{name}: {shown} is not valid UTF-8 (ygo reads this argument as text: rename the file or give its path in UTF-8)\n");
            clap::Error::raw(ErrorKind::InvalidUtf8, msg).with_cmd(cmd)
        })
    }
}

/// A number of minutes for a time limit: more than 0, at most [`MAX_MINUTES`].
pub fn minutes(s: &str) -> Result<f64, String> {
    bounded_f64(s, MAX_MINUTES, false)
}

/// Seconds per decision on a virtual clock: 0 to [`MAX_SECONDS_PER_DECISION`].
pub fn seconds(s: &str) -> Result<f64, String> {
    bounded_f64(s, MAX_SECONDS_PER_DECISION, true)
}

/// A seed: a whole number from 0 to 2^64 - 1 (a negative number is named as such).
pub fn seed(s: &str) -> Result<u64, String> {
    let t = s.trim();
    t.parse::<u64>().map_err(|_| {
        let why = if t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit()) && t.len() > 1 { "seeds are 0 or more" } else { "not a whole number" };
        format!("{}: {why} (0 to {})", ygo_data::text::quote(t), u64::MAX)
    })
}

/// The longest match time limit accepted: 100,000 minutes (about 69 days).
pub const MAX_MINUTES: f64 = 100_000.0;
/// The most virtual seconds one decision may cost: a day.
pub const MAX_SECONDS_PER_DECISION: f64 = 86_400.0;

fn bounded_f64(s: &str, max: f64, zero_ok: bool) -> Result<f64, String> {
    let x: f64 = s.trim().parse().map_err(|_| format!("{} is not a number", ygo_data::text::quote(s.trim())))?;
    let low_ok = if zero_ok { x >= 0.0 } else { x > 0.0 };
    if !(x.is_finite() && low_ok && x <= max) {
        let low = if zero_ok { "at least 0" } else { "more than 0" };
        return Err(format!("{} is out of range ({low}, at most {max})", ygo_data::text::excerpt(s.trim(), ygo_data::text::EXCERPT)));
    }
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_range() {
        assert_eq!(minutes("40"), Ok(40.0));
        assert_eq!(seconds("0"), Ok(0.0));
        for bad in ["1e300", "18446744073709551616", "0", "-1", "NaN", "inf"] {
            let e = minutes(bad).unwrap_err();
            assert!(e.contains("out of range"), "{bad}: {e}");
        }
        assert!(seconds("1e300").unwrap_err().contains("out of range (at least 0, at most 86400)"));
        assert!(minutes("ten").unwrap_err().contains("\"ten\" is not a number"));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert!(seed("-1").unwrap_err().contains("seeds are 0 or more"));
        assert!(seed("1.5").unwrap_err().contains("not a whole number"));
    }
}
