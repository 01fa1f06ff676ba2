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

impl ImportError {
    /// Builds an error.
    pub fn new(line: usize, field: &str, reason: impl Into<String>) -> Self {
        Self { line, field: field.to_string(), reason: reason.into() }
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
    /// Builds a warning.
    pub fn new(code: &str, line: Option<usize>, message: impl Into<String>, why: &str) -> Self {
        Self { code: code.into(), line, message: message.into(), why: why.into() }
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
