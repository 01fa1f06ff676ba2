//! Number formatting for the page: value, unit and a tooltip naming the source.

pub use capacity::units::fmt_num;

/// Bytes as GB/TB with the unit, decimal.
pub fn bytes(b: f64) -> String {
    if b >= 1e12 {
        format!("{} TB", fmt_num(b / 1e12))
    } else if b >= 1e9 {
        format!("{} GB", fmt_num(b / 1e9))
    } else {
        format!("{} MB", fmt_num(b / 1e6))
    }
}

/// Seconds as s / min / h.
pub fn duration(s: f64) -> String {
    if !s.is_finite() {
        "never (catch-up slower than produce)".into()
    } else if s >= 7200.0 {
        format!("{} h", fmt_num(s / 3600.0))
    } else if s >= 120.0 {
        format!("{} min", fmt_num(s / 60.0))
    } else {
        format!("{} s", fmt_num(s))
    }
}

/// A fraction as a percentage.
pub fn pct(x: f64) -> String {
    format!("{} %", fmt_num(x * 100.0))
}
