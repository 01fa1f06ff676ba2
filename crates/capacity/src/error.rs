//! Errors of the model layer.

use serde::{Deserialize, Serialize};

/// A recorded-dataset row that fails validation.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[error("{file}{}: field `{field}`: {reason}", row.map(|r| format!(" row {r}")).unwrap_or_default())]
pub struct DatasetError {
    /// The data file.
    pub file: String,
    /// 0-based row index in `rows`, when the error is in a row.
    pub row: Option<usize>,
    /// The field path (e.g. `workload.message_bytes`).
    pub field: String,
    /// Why it is wrong.
    pub reason: String,
}

/// A workload parameter that is missing or invalid. `field` is the public query name.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, Deserialize)]
#[error("{field}: {reason}")]
pub struct FieldError {
    /// The query parameter name (e.g. `size`, `rf`).
    pub field: String,
    /// Why it is wrong, in words a user can act on.
    pub reason: String,
}

impl FieldError {
    /// Builds an error for `field`.
    pub fn new(field: &str, reason: impl Into<String>) -> Self {
        Self { field: field.to_string(), reason: reason.into() }
    }
}

/// Errors building a catalog from datasets.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CatalogError {
    /// A dataset failed validation.
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// A system has too few usable points to fit.
    #[error("not enough data to fit {system}: {reason}")]
    NotEnoughData {
        /// The system id.
        system: String,
        /// What is missing.
        reason: String,
    },
}
