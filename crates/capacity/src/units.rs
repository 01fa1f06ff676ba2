//! Units as types. Every conversion between them is an explicit, tested function.
//!
//! Conventions (DESIGN.md §3): MB = 10^6 bytes, MiB = 2^20 bytes, Mbit = 10^6 bits,
//! Gbit = 10^9 bits. Durations are kept in the unit they are read in and converted
//! on purpose.

use serde::{Deserialize, Serialize};

/// Bytes in one MB (decimal megabyte).
pub const BYTES_PER_MB: f64 = 1e6;
/// Bytes in one MiB (binary mebibyte).
pub const BYTES_PER_MIB: f64 = 1_048_576.0;
/// Bytes in one GB (decimal).
pub const BYTES_PER_GB: f64 = 1e9;
/// Bytes in one TB (decimal).
pub const BYTES_PER_TB: f64 = 1e12;

macro_rules! unit {
    ($(#[$m:meta])* $name:ident, $label:expr) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Deserialize, Default)]
        #[serde(transparent)]
        pub struct $name(pub f64);
        impl $name {
            /// The unit's printed label.
            pub const LABEL: &'static str = $label;
            /// The raw number in this unit.
            pub fn get(self) -> f64 { self.0 }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{} {}", crate::units::Num(self.0), $label)
            }
        }
    };
}

unit!(/// A size in bytes.
    Bytes, "B");
unit!(/// Throughput in MB/s (10^6 bytes per second).
    MegabytesPerSec, "MB/s");
unit!(/// Throughput in MiB/s (2^20 bytes per second).
    MebibytesPerSec, "MiB/s");
unit!(/// Throughput in Mbit/s (10^6 bits per second), as pulsar-perf prints.
    MegabitsPerSec, "Mbit/s");
unit!(/// Link speed in Gbit/s (10^9 bits per second), as NICs are sold.
    GigabitsPerSec, "Gbit/s");
unit!(/// Message rate in messages per second.
    MsgPerSec, "msg/s");
unit!(/// A duration in milliseconds.
    Millis, "ms");
unit!(/// A duration in microseconds (OMB's publishDelayLatency).
    Micros, "µs");
unit!(/// A duration in seconds.
    Seconds, "s");
unit!(/// A duration in hours.
    Hours, "h");

impl MegabytesPerSec {
    /// Bytes per second.
    pub fn bytes_per_sec(self) -> f64 { self.0 * BYTES_PER_MB }
    /// From bytes per second.
    pub fn from_bytes_per_sec(bps: f64) -> Self { Self(bps / BYTES_PER_MB) }
    /// MB/s → MiB/s.
    pub fn to_mib(self) -> MebibytesPerSec { MebibytesPerSec(self.0 * BYTES_PER_MB / BYTES_PER_MIB) }
    /// MB/s → Mbit/s.
    pub fn to_mbit(self) -> MegabitsPerSec { MegabitsPerSec(self.0 * 8.0) }
    /// Message rate carried at this byte rate with messages of `size`.
    pub fn to_msgs(self, size: Bytes) -> MsgPerSec { MsgPerSec(self.bytes_per_sec() / size.0) }
}
impl MebibytesPerSec {
    /// MiB/s → MB/s.
    pub fn to_mb(self) -> MegabytesPerSec { MegabytesPerSec(self.0 * BYTES_PER_MIB / BYTES_PER_MB) }
}
impl MegabitsPerSec {
    /// Mbit/s → MB/s (divide by 8 bits per byte).
    pub fn to_mb(self) -> MegabytesPerSec { MegabytesPerSec(self.0 / 8.0) }
}
impl GigabitsPerSec {
    /// Gbit/s → MB/s: 1 Gbit/s = 125 MB/s.
    pub fn to_mb(self) -> MegabytesPerSec { MegabytesPerSec(self.0 * 1e9 / 8.0 / BYTES_PER_MB) }
}
impl MsgPerSec {
    /// Byte rate carried by this message rate with messages of `size`.
    pub fn to_mb(self, size: Bytes) -> MegabytesPerSec { MegabytesPerSec::from_bytes_per_sec(self.0 * size.0) }
}
impl Micros {
    /// µs → ms.
    pub fn to_ms(self) -> Millis { Millis(self.0 / 1000.0) }
}
impl Millis {
    /// ms → s.
    pub fn to_s(self) -> Seconds { Seconds(self.0 / 1000.0) }
}
impl Seconds {
    /// s → ms.
    pub fn to_ms(self) -> Millis { Millis(self.0 * 1000.0) }
    /// s → minutes (plain f64: minutes only appear in the `drain_min` field).
    pub fn minutes(self) -> f64 { self.0 / 60.0 }
}
impl Hours {
    /// h → s.
    pub fn to_s(self) -> Seconds { Seconds(self.0 * 3600.0) }
}
impl Bytes {
    /// Decimal gigabytes.
    pub fn gb(self) -> f64 { self.0 / BYTES_PER_GB }
    /// Decimal terabytes.
    pub fn tb(self) -> f64 { self.0 / BYTES_PER_TB }
    /// From decimal terabytes.
    pub fn from_tb(tb: f64) -> Self { Self(tb * BYTES_PER_TB) }
    /// From decimal gigabytes.
    pub fn from_gb(gb: f64) -> Self { Self(gb * BYTES_PER_GB) }
}

/// `format!` for a plan's words, with room for the text reserved up front (twice the
/// template's length and 64 bytes for its figures): a plan writes a few hundred
/// sentences, and `format!` starts from the template's bare pieces and grows each
/// sentence one to three times (callgrind, stop 36: with this, 9 % fewer
/// instructions per default plan; three times the template saved 1 % more, not
/// worth the memory the plans would hold).
#[cfg(not(target_arch = "wasm32"))]
macro_rules! text {
    ($fmt:literal $($rest:tt)*) => {
        $crate::units::text_with($fmt.len() * 2 + 64, format_args!($fmt $($rest)*))
    };
}
/// In the browser [`text!`] is `format!`: the reserved room cost the hydrate bundle
/// 1.1 KB gzip, past issue 7's budget, and a re-plan there is within a frame anyway.
#[cfg(target_arch = "wasm32")]
macro_rules! text {
    ($($t:tt)*) => {
        format!($($t)*)
    };
}
pub(crate) use text;

#[cfg(not(target_arch = "wasm32"))]
std::thread_local! {
    /// Set inside [`numbers_only`]: [`text!`] writes nothing.
    static NUMBERS_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`numbers_only`] in the browser: `f` itself (`text!` is `format!` there).
#[cfg(target_arch = "wasm32")]
pub fn numbers_only<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// Runs `f` with [`text!`]'s sentences left empty on this thread (natively; in the
/// browser `text!` is `format!` and writes them anyway), then restores what was set,
/// also when `f` panics. For sizings whose numbers are read and whose words are
/// thrown away: a p99 objective's count search sizes a system up to twenty times and
/// keeps one plan, which is sized again with its words (stop 36: 58 % of that
/// search's instructions wrote words for discarded plans). Nothing may branch on a
/// sentence written inside it.
#[cfg(not(target_arch = "wasm32"))]
pub fn numbers_only<T>(f: impl FnOnce() -> T) -> T {
    words_set(false, f)
}

/// Runs `f` with sentences written (`words`) or left empty, restoring what was set
/// after it, also when it panics.
#[cfg(not(target_arch = "wasm32"))]
fn words_set<T>(words: bool, f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            NUMBERS_ONLY.with(|q| q.set(self.0));
        }
    }
    let _restore = Restore(NUMBERS_ONLY.with(|q| q.replace(!words)));
    f()
}

/// Runs `f` with [`text!`] writing its sentences, inside [`numbers_only`] too: what
/// is built once and kept (a [`crate::memo::Memo`]) must not keep the empty sentences
/// of the sizing that first asked for it.
#[cfg(not(target_arch = "wasm32"))]
pub fn with_words<T>(f: impl FnOnce() -> T) -> T {
    words_set(true, f)
}

/// [`with_words`] in the browser: `f` itself.
#[cfg(target_arch = "wasm32")]
pub fn with_words<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// [`text!`]'s body: `args` written into a `String` of `capacity` bytes reserved —
/// or, inside [`numbers_only`], nothing (an empty `String`, no allocation).
#[cfg(not(target_arch = "wasm32"))]
pub fn text_with(capacity: usize, args: std::fmt::Arguments<'_>) -> String {
    if NUMBERS_ONLY.with(std::cell::Cell::get) {
        return String::new();
    }
    let mut s = String::with_capacity(capacity);
    // Writing into a String cannot fail; a Display impl that errs leaves what it wrote.
    let _ = std::fmt::Write::write_fmt(&mut s, args);
    s
}

/// Formats a number for people: thousands separators, at most 3 significant
/// decimals for small values. The same text as [`Num`]'s `Display`, as a `String`.
pub fn fmt_num(x: f64) -> String {
    Num(x).to_string()
}

/// A number for people, written straight into a `format!` (no `String` of its
/// own: a plan writes about two hundred of them): whole numbers and |x| ≥ 100 with
/// thousands separators (`1,234`), then 1, 2 or 3 decimals for |x| ≥ 10, ≥ 1, ≥
/// 0.001 (`12.3`, `1.23`, `0.123`), below that three significant digits with
/// trailing zeros dropped; `n/a`, `∞`, `−∞` for NaN and infinities. A width or
/// precision in the format (`{:>8}`) pads the same text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Num(pub f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if f.width().is_some() || f.precision().is_some() {
            return f.pad(&Num(self.0).to_string());
        }
        let x = self.0;
        if !x.is_finite() {
            return f.write_str(if x.is_nan() { "n/a" } else if x > 0.0 { "∞" } else { "−∞" });
        }
        let a = x.abs();
        // Past what an i64 holds the grouped integer would saturate (a tester saw 1e300
        // ms written 9,223,372,036,854,775,807): scientific, three digits.
        if a >= 9.2e18 {
            return write!(f, "{x:.2e}");
        }
        if a >= 100.0 || a == 0.0 || (x - x.round()).abs() < 1e-9 {
            let n = x.round() as i64;
            if n.unsigned_abs() < 1000 {
                // No separator to write: the integer's own formatter is quicker.
                return std::fmt::Display::fmt(&n, f);
            }
            let mut buf = [0u8; GROUPED_MAX];
            f.write_str(grouped_integer_into(n, &mut buf))
        } else if a >= 10.0 {
            fixed_decimals(x, 1, f)
        } else if a >= 1.0 {
            fixed_decimals(x, 2, f)
        } else if a >= 0.001 {
            fixed_decimals(x, 3, f)
        } else {
            // Below a thousandth: three significant digits, trailing zeros dropped, so a
            // small objective or deadline does not read as 0.
            let decimals = ((-a.log10()).floor() as usize + 3).min(15);
            let s = format!("{x:.decimals$}");
            f.write_str(s.trim_end_matches('0').trim_end_matches('.'))
        }
    }
}

/// A duration for people, from seconds: `2.5 h` from 2 h up, `12.3 min` from 2 min
/// up, else `45 s`; `never (catch-up slower than produce)` when infinite (what a
/// backlog that never drains takes).
pub fn fmt_duration(s: f64) -> String {
    if !s.is_finite() {
        "never (catch-up slower than produce)".into()
    } else if s >= 7200.0 {
        format!("{} h", Num(s / 3600.0))
    } else if s >= 120.0 {
        format!("{} min", Num(s / 60.0))
    } else {
        format!("{} s", Num(s))
    }
}

/// A figure the user typed (an objective, a deadline), written to the thousandth
/// with trailing zeros dropped and thousands grouped: [`fmt_num`]'s three
/// significant digits turned a 76.35 ms objective into "76.4", beside a 76.353 ms
/// miss (a stop-22 tester). E.g. 76.35 → "76.35", 75 → "75", 1500 → "1,500".
pub fn fmt_given(x: f64) -> String {
    Given(x).to_string()
}

/// [`fmt_given`]'s text written straight into a `format!` (or [`text!`]): nothing is
/// formatted until the sentence is, so a sizing read for its numbers alone
/// ([`numbers_only`]) does not write it (an objective search wrote it 70 times a plan).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Given(pub f64);

impl std::fmt::Display for Given {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = self.0;
        if !x.is_finite() || x.abs() < 0.001 {
            return Num(x).fmt(f);
        }
        let r = (x * 1000.0).round() / 1000.0;
        let int = grouped_integer(r.trunc() as i64);
        let frac = format!("{:.3}", Dec(r.fract().abs()));
        let frac = frac.trim_start_matches('0').trim_end_matches('0').trim_end_matches('.');
        let sign = if r < 0.0 && r.trunc() == 0.0 { "−" } else { "" };
        write!(f, "{sign}{int}{frac}")
    }
}

/// A measured or expected figure written beside a figure the user gave (`given`, as
/// [`fmt_given`] writes it): as [`Num`] writes it, unless that rounding would read
/// equal to the given figure (within 1 % of it); then with the fewest decimals, 1
/// to 6, that tell the two apart, or as [`fmt_given`] writes it when they are equal.
/// A tester read "expected p99 9.30 ms exceeds the 9.3 ms objective" (9.304 against
/// 9.3). E.g. (9.304, 9.3) → "9.304", (100.4, 100) → "100.4", (12.5, 10) → "12.5".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Beside(pub f64, pub f64);

impl std::fmt::Display for Beside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, given) = (self.0, self.1);
        if x == given {
            return f.write_str(&fmt_given(x));
        }
        if !x.is_finite() || !given.is_finite() || (x - given).abs() > 0.01 * given.abs() {
            return write!(f, "{}", Num(x));
        }
        for d in 1..=6usize {
            let p = 10f64.powi(d as i32);
            if (x * p).round() != (given * p).round() {
                return write!(f, "{:.*}", d, Dec(x));
            }
        }
        write!(f, "{:.6}", Dec(x))
    }
}

/// A number written with the precision its format asks for (`{:.2}`), as `f64`'s
/// own `Display` writes it but through integer arithmetic: plans write about a
/// hundred such numbers, and the float formatter's exact path (Grisu with a Dragon
/// fallback) cost a fifth of a plan's time (callgrind, stop 16). Used for
/// magnitudes below 10¹⁵ with at most 9 decimals and no width or sign flag; every
/// other case is handed to `f64`'s formatter. Ties round to even on the scaled
/// value, as `f64` rounds its exact decimal expansion (the two can differ only
/// when scaling by 10^precision itself rounds, in the last place).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dec(pub f64);

impl std::fmt::Display for Dec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match f.precision() {
            Some(d) if d < POW10.len() && f.width().is_none() && !f.sign_plus() => fixed_decimals(self.0, d, f),
            _ => std::fmt::Display::fmt(&self.0, f),
        }
    }
}

/// Powers of ten [`fixed_decimals`] scales by.
const POW10: [f64; 10] = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/// `x` with `d` (< 10) decimals, as `f64`'s `{:.d}` writes it ([`Dec`]'s body; [`Num`]
/// calls it without a second trip through `core::fmt`). The formatter's own flags are
/// not read.
fn fixed_decimals(x: f64, d: usize, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    if !x.is_finite() || x.abs() >= 1e15 || d >= POW10.len() {
        return write!(f, "{x:.d$}");
    }
    let scaled = (x.abs() * POW10[d]).round_ties_even();
    if scaled >= 9.0e15 {
        return write!(f, "{x:.d$}");
    }
    let v = scaled as u64;
    let unit = POW10[d] as u64;
    // Sign, up to 16 integer digits, a point and 9 decimals.
    let mut buf = [0u8; 32];
    let mut at = buf.len();
    let mut frac = v % unit;
    for _ in 0..d {
        at -= 1;
        buf[at] = b'0' + (frac % 10) as u8;
        frac /= 10;
    }
    if d > 0 {
        at -= 1;
        buf[at] = b'.';
    }
    let mut int = v / unit;
    loop {
        at -= 1;
        buf[at] = b'0' + (int % 10) as u8;
        int /= 10;
        if int == 0 {
            break;
        }
    }
    if x.is_sign_negative() {
        at -= 1;
        buf[at] = b'-';
    }
    // Only ASCII digits, '.' and '-' were written.
    f.write_str(std::str::from_utf8(&buf[at..]).map_err(|_| std::fmt::Error)?)
}

/// The longest [`grouped_integer_into`] writes: 20 digits, 6 commas and a sign.
const GROUPED_MAX: usize = 27;

/// `n` in decimal with a comma between thousands (`-1,234,567`), written digit by
/// digit: plans format hundreds of numbers, and this is their most common shape.
fn grouped_integer(n: i64) -> String {
    grouped_integer_into(n, &mut [0u8; GROUPED_MAX]).to_owned()
}

/// [`grouped_integer`] written into `buf` (no allocation); the text is its tail.
fn grouped_integer_into(n: i64, buf: &mut [u8; GROUPED_MAX]) -> &str {
    let mut at = buf.len();
    let mut v = n.unsigned_abs();
    // Whole groups of three below the leading one, a comma before each.
    while v >= 1000 {
        let g = (v % 1000) as u32;
        v /= 1000;
        buf[at - 1] = b'0' + (g % 10) as u8;
        buf[at - 2] = b'0' + (g / 10 % 10) as u8;
        buf[at - 3] = b'0' + (g / 100) as u8;
        buf[at - 4] = b',';
        at -= 4;
    }
    let mut g = v;
    loop {
        at -= 1;
        buf[at] = b'0' + (g % 10) as u8;
        g /= 10;
        if g == 0 {
            break;
        }
    }
    if n < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    // Only ASCII digits, commas and '-' were written.
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inside `numbers_only` a sentence is empty and the numbers are what they are;
    /// after it — also after a panic inside it, and when nested — sentences are
    /// written again.
    #[test]
    fn numbers_only_leaves_sentences_empty_and_restores_them() {
        let sentence = || text!("{} ms at {} msg/s", Given(76.35), Num(1500.0));
        assert_eq!(sentence(), "76.35 ms at 1,500 msg/s");
        let (inside, n) = numbers_only(|| (sentence(), 2 + 2));
        assert_eq!((inside.as_str(), n), ("", 4));
        let nested = numbers_only(|| {
            let inner = numbers_only(sentence);
            (inner, sentence())
        });
        assert_eq!(nested, (String::new(), String::new()));
        assert_eq!(sentence(), "76.35 ms at 1,500 msg/s");
        // Inside it, `with_words` writes them again, and leaves them empty after.
        let (worded, after) = numbers_only(|| (with_words(sentence), sentence()));
        assert_eq!((worded.as_str(), after.as_str()), ("76.35 ms at 1,500 msg/s", ""));
        let caught = std::panic::catch_unwind(|| numbers_only(|| panic!("inside")));
        assert!(caught.is_err());
        assert_eq!(sentence(), "76.35 ms at 1,500 msg/s", "restored after a panic");
        // `Given` writes a figure the user gave as stop 22's `fmt_given` did.
        for (x, want) in [(76.35, "76.35"), (75.0, "75"), (1500.0, "1,500"), (-0.5, "−0.5"), (1e6 + 0.125, "1,000,000.125")] {
            assert_eq!(Given(x).to_string(), want);
        }
    }

    /// Grouping by whole thousands writes what a digit-by-digit reference writes,
    /// round every group boundary, at both ends of i64 and for negatives.
    #[test]
    fn grouped_integer_matches_a_digit_by_digit_reference() {
        let reference = |n: i64| {
            let digits = n.unsigned_abs().to_string();
            let mut out = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            if n < 0 { format!("-{out}") } else { out }
        };
        let mut cases = vec![0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 12_345_678, i64::MAX, i64::MIN, i64::MIN + 1];
        let mut x: i64 = 1;
        for _ in 0..18 {
            cases.extend([x - 1, x, x + 1, 7 * x + 3]);
            x *= 10;
        }
        for n in cases.clone().into_iter().chain(cases.into_iter().map(|n| n.saturating_neg())) {
            assert_eq!(grouped_integer(n), reference(n), "{n}");
        }
        assert_eq!(grouped_integer(-1_234_567), "-1,234,567");
    }

    /// A figure beside an objective never reads equal to it unless it is (stop 27's
    /// tester: "9.30 exceeds 9.3").
    #[test]
    fn a_figure_beside_a_given_one_reads_apart() {
        assert_eq!(Beside(9.304, 9.3).to_string(), "9.304");
        assert_eq!(Beside(9.296, 9.3).to_string(), "9.296");
        assert_eq!(Beside(100.4, 100.0).to_string(), "100.4");
        assert_eq!(Beside(10.04, 10.0).to_string(), "10.04");
        assert_eq!(Beside(12.5, 10.0).to_string(), "12.5");
        assert_eq!(Beside(1234.4, 1000.0).to_string(), "1,234");
        assert_eq!(Beside(76.35, 76.35).to_string(), "76.35");
        assert_eq!(Beside(f64::INFINITY, 5.0).to_string(), "∞");
    }

    #[test]
    fn a_typed_figure_keeps_its_thousandths() {
        assert_eq!(fmt_given(76.35), "76.35");
        assert_eq!(fmt_given(75.0), "75");
        assert_eq!(fmt_given(1500.0), "1,500");
        assert_eq!(fmt_given(9.1), "9.1");
        assert_eq!(fmt_given(0.25), "0.25");
        assert_eq!(fmt_given(12.0004), "12");
        assert_eq!(fmt_given(0.0005), fmt_num(0.0005));
    }

    /// Past what an i64 holds a number is written in scientific notation, not as a
    /// saturated i64 (a tester's 1e300 ms read 9,223,372,036,854,775,807); below, grouped.
    #[test]
    fn huge_numbers_do_not_saturate() {
        assert_eq!(fmt_num(1e300), "1.00e300");
        assert_eq!(fmt_num(-9.3e18), "-9.30e18");
        assert_eq!(fmt_num(999_999_999_999_999.0), "999,999,999,999,999");
    }

    #[test]
    fn mb_and_mib_differ_by_4_86_percent() {
        let one_mb = MegabytesPerSec(1.0);
        assert!((one_mb.to_mib().0 - 0.953_674).abs() < 1e-6);
        assert!((MebibytesPerSec(1.0).to_mb().0 - 1.048_576).abs() < 1e-9);
    }

    #[test]
    fn pulsar_perf_mbit_divides_by_eight() {
        assert_eq!(MegabitsPerSec(800.0).to_mb(), MegabytesPerSec(100.0));
        assert_eq!(MegabytesPerSec(100.0).to_mbit(), MegabitsPerSec(800.0));
    }

    #[test]
    fn ten_gbit_nic_is_1250_mb_per_s() {
        assert!((GigabitsPerSec(10.0).to_mb().0 - 1250.0).abs() < 1e-9);
    }

    #[test]
    fn msgs_and_bytes_round_trip() {
        // seed 000 §3.4: 268,000 msg/s of 1 KB (1024 B) = 274.4 MB/s.
        let mb = MsgPerSec(268_000.0).to_mb(Bytes(1024.0));
        assert!((mb.0 - 274.432).abs() < 1e-9);
        assert!((mb.to_msgs(Bytes(1024.0)).0 - 268_000.0).abs() < 1e-6);
    }

    #[test]
    fn omb_publish_delay_micros_to_millis() {
        assert_eq!(Micros(1500.0).to_ms(), Millis(1.5));
        assert_eq!(Hours(2.0).to_s(), Seconds(7200.0));
        assert_eq!(Seconds(1.5).to_ms(), Millis(1500.0));
    }

    #[test]
    fn dec_writes_what_f64_writes_at_the_same_precision() {
        // Expected: f64's own formatter at the same precision (the reference).
        let xs = [0.0, -0.0, 0.4, -0.4, 1.0, 2.5, 3.5, 0.125, 12.5, 63.999, 99.95, 1234.5678, -7.25, 0.00049, 2.79, 0.9166, 1e14 + 0.3, 123456789.987654321, -1e-9];
        for x in xs {
            for d in 0..=5 {
                assert_eq!(format!("{:.*}", d, Dec(x)), format!("{:.*}", d, x), "{x} at {d} decimals");
            }
        }
        // Handed to f64's formatter: no precision, a width, a sign flag, huge or not finite.
        assert_eq!(format!("{}", Dec(2.5)), "2.5");
        assert_eq!(format!("{:8.2}", Dec(2.5)), format!("{:8.2}", 2.5));
        assert_eq!(format!("{:+.1}", Dec(2.5)), "+2.5");
        assert_eq!(format!("{:.1}", Dec(3e17)), format!("{:.1}", 3e17));
        assert_eq!(format!("{:.1}", Dec(f64::NAN)), "NaN");
    }

    #[test]
    fn formats_numbers_for_people() {
        assert_eq!(fmt_num(268000.0), "268,000");
        assert_eq!(fmt_num(-1234567.0), "-1,234,567");
        assert_eq!(fmt_num(999.6), "1,000");
        assert_eq!(fmt_num(-250.0), "-250");
        assert_eq!(fmt_num(0.0), "0");
        assert_eq!(fmt_num(-0.4), "-0.400");
        assert_eq!(fmt_num(0.0001), "0.0001", "not 0.000");
        assert_eq!(fmt_num(0.000_001_234_5), "0.00000123");
        assert_eq!(fmt_num(-0.000_25), "-0.00025");
        assert_eq!(fmt_num(9.0e18), "9,000,000,000,000,000,000");
        assert_eq!(fmt_num(42.0), "42");
        assert_eq!(fmt_num(4.256), "4.26");
        assert_eq!(fmt_num(f64::INFINITY), "∞");
        assert_eq!(format!("{}", MegabytesPerSec(12.5)), "12.5 MB/s");
    }

    /// `Num` inside a format writes what `fmt_num` returns, and a width or a
    /// precision pads or cuts that text as they do a `&str` (a table column).
    #[test]
    fn num_writes_the_same_text_and_pads_it() {
        assert_eq!(format!("{} msg/s", Num(1_234_567.4)), "1,234,567 msg/s");
        assert_eq!(format!("[{}]", Num(f64::NEG_INFINITY)), "[−∞]");
        assert_eq!(format!("[{}]", Num(f64::NAN)), "[n/a]");
        assert_eq!(format!("[{:>8}]", Num(1234.0)), "[   1,234]");
        assert_eq!(format!("[{:<6}]", Num(0.5)), "[0.500 ]");
        assert_eq!(format!("[{:.3}]", Num(12.25)), "[12.]", "a precision cuts the text, as for a string");
        assert_eq!(format!("[{:>4}]", Num(f64::INFINITY)), "[   ∞]");
    }
}
