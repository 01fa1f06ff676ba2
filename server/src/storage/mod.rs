//! Uploaded datasets, stored behind [`DatasetStore`] so a Postgres backend can
//! follow the embedded SQLite one for multi-instance deployments.

pub mod sqlite;

use serde::{Deserialize, Serialize};

/// One stored upload: the dataset rows (capacity's own type) and its parse report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredDataset {
    /// Content-hash id (16 hex digits).
    pub id: String,
    /// Original file name (sanitised).
    pub name: String,
    /// Format id.
    pub format: String,
    /// Seconds since the Unix epoch at first upload.
    pub created_unix: i64,
    /// The parse report as JSON (`id, format, rows_imported, warnings[], errors[]`).
    pub report: serde_json::Value,
    /// The dataset rows.
    pub dataset: capacity::dataset::Dataset,
}

/// Storage failures (internal: the API reports them as 500 without details).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database failed.
    #[error("database: {0}")]
    Db(String),
    /// A stored record could not be decoded.
    #[error("corrupt record {id}: {why}")]
    Corrupt {
        /// Record id.
        id: String,
        /// Why.
        why: String,
    },
}

/// Where uploads live. Implementations must make `put` atomic: a record is stored
/// whole or not at all.
pub trait DatasetStore: Send + Sync + std::fmt::Debug {
    /// Stores `rec` unless its id exists; returns whether it was new.
    ///
    /// # Errors
    /// Backend failures.
    fn put(&self, rec: &StoredDataset) -> Result<bool, StoreError>;

    /// As [`put`](Self::put), but stores nothing when `wanted()` answers false.
    /// `wanted` is asked once, inside the write's transaction, after the row is
    /// written and before the commit; false rolls the write back (the client gave
    /// up: its request timed out) and returns `Ok(false)`. A `wanted` that claims
    /// the write when it answers true (so the client can no longer give up) makes
    /// "stored" and "not stored" exclusive: what the client is told is what happened.
    ///
    /// # Errors
    /// Backend failures.
    fn put_if_wanted(&self, rec: &StoredDataset, wanted: &dyn Fn() -> bool) -> Result<bool, StoreError> {
        if !wanted() {
            return Ok(false);
        }
        self.put(rec)
    }

    /// Reads one record.
    ///
    /// # Errors
    /// Backend failures or an undecodable record.
    fn get(&self, id: &str) -> Result<Option<StoredDataset>, StoreError>;

    /// Number of stored datasets.
    ///
    /// # Errors
    /// Backend failures.
    fn count(&self) -> Result<u64, StoreError>;
}
