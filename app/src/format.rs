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

/// Seconds as s / min / h (the model's words, so the CLI writes the same).
pub use capacity::units::fmt_duration as duration;

/// Two significant figures, for estimates that rest on thin fits.
pub fn fmt_sig(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return fmt_num(x);
    }
    let mag = 10_f64.powi(x.abs().log10().floor() as i32 - 1);
    fmt_num((x / mag).round() * mag)
}

/// A fraction as a percentage.
pub fn pct(x: f64) -> String {
    format!("{} %", fmt_num(x * 100.0))
}
