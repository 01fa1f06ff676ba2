//! The parse report: stable JSON names `id`, `format`, `rows_imported`, `rows_stored`,
//! `warnings[]`, `errors[]` (each error with `line`, `field`, `reason`).

use serde::{Deserialize, Serialize};

use super::Inferred;

/// A reason the file was refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportError {
    /// 1-based line, 0 when the error concerns the whole file or the metadata.
    pub line: usize,
    /// The field (column, JSON key or metadata name).
    pub field: String,
    /// Why.
    pub reason: String,
}

/// Most characters of an error's reason or a warning's message (and of a field name,
/// [`MAX_ECHO_CHARS`]): mqplan's own words run to a few hundred, and a file's text
/// quoted in them must not make the report as large as the file (a stop-38 tester's
/// 50 MB driver name came back twice in a 100 MB reply).
pub const MAX_REASON_CHARS: usize = 1_000;

/// Most characters of a name from the file echoed back (a field, a driver, an acks
/// or compression setting); longer ones are cut and end with "…".
pub const MAX_ECHO_CHARS: usize = 64;

/// `s` cut to at most `max` (≥ 1) characters, "…" the last of a cut one.
pub fn clipped(mut s: String, max: usize) -> String {
    if s.len() > max && s.char_indices().nth(max).is_some() {
        let at = s.char_indices().nth(max.saturating_sub(1)).map_or(0, |(i, _)| i);
        s.truncate(at);
        s.push('…');
    }
    s
}

impl ImportError {
    /// Builds an error; the field is cut to [`MAX_ECHO_CHARS`], the reason to
    /// [`MAX_REASON_CHARS`].
    pub fn new(line: usize, field: &str, reason: impl Into<String>) -> Self {
        Self { line, field: clipped(field.to_string(), MAX_ECHO_CHARS), reason: clipped(reason.into(), MAX_REASON_CHARS) }
    }
}

/// A benchmark-lint warning: the data imported, but read it with care.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lint {
    /// Stable code (`rate_capped`, `warmup_trimmed`, …).
    pub code: String,
    /// 1-based line when one line is concerned.
    pub line: Option<usize>,
    /// What was seen.
    pub message: String,
    /// One line of why it matters.
    pub why: String,
}

impl Lint {
    /// Builds a warning; the message is cut to [`MAX_REASON_CHARS`].
    pub fn new(code: &str, line: Option<usize>, message: impl Into<String>, why: &str) -> Self {
        Self { code: code.into(), line, message: clipped(message.into(), MAX_REASON_CHARS), why: why.into() }
    }
}

/// The report of one import.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct ImportReport {
    /// Dataset id (empty when refused).
    pub id: String,
    /// Detected or given format id.
    pub format: String,
    /// Rows read from the file (one per measurement).
    pub rows_imported: usize,
    /// Rows stored: one per condition, the best (throughput) or median (other
    /// metrics) of its rows ([`super::summary`]).
    pub rows_stored: usize,
    /// Lint warnings.
    pub warnings: Vec<Lint>,
    /// Errors (non-empty = refused, nothing stored).
    pub errors: Vec<ImportError>,
    /// What the file told about the run (pre-fills the metadata form).
    pub inferred: Inferred,
}

impl ImportReport {
    /// True when the file was imported.
    pub fn accepted(&self) -> bool {
        self.errors.is_empty() && !self.id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    /// A long name or reason is cut to its limit, "…" included; a short one is kept.
    #[test]
    fn clipped_keeps_the_limit() {
        assert_eq!(super::clipped("kafka".into(), 64), "kafka");
        let long = super::clipped("é".repeat(100), 64);
        assert_eq!(long.chars().count(), 64);
        assert!(long.ends_with("é…"), "{long}");
        assert_eq!(super::clipped("abc".into(), 3), "abc");
        assert_eq!(super::clipped("abcd".into(), 3), "ab…");
    }
}
