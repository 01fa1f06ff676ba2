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

/// What the store holds at most, and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    /// Largest stored dataset (its compressed rows and report), bytes.
    pub max_dataset_bytes: u64,
    /// All stored datasets together, bytes.
    pub max_total_bytes: u64,
    /// Seconds a dataset is kept after its first upload; older ones are not
    /// served and are deleted (at start-up and with every write).
    pub ttl_s: i64,
}

impl Default for StoreLimits {
    fn default() -> Self {
        Self { max_dataset_bytes: 8 << 20, max_total_bytes: 1 << 30, ttl_s: 90 * 86_400 }
    }
}

/// Storage failures: the two quotas are the user's to know (the API answers them
/// as JSON 413 / 507); the rest are internal (500 without details).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The dataset alone is over the per-dataset quota.
    #[error("the dataset would take {bytes} bytes stored; at most {limit} per dataset (MQPLAN_DATASET_MAX_MB)")]
    DatasetTooLarge {
        /// Its stored size.
        bytes: u64,
        /// The quota.
        limit: u64,
    },
    /// Storing it would pass the total quota.
    #[error("the store holds {used} of {limit} bytes and this dataset needs {bytes} more (MQPLAN_STORE_MAX_MB); datasets expire after MQPLAN_UPLOAD_TTL_DAYS")]
    Full {
        /// Bytes held now.
        used: u64,
        /// This dataset's stored size.
        bytes: u64,
        /// The quota.
        limit: u64,
    },
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

    /// Whether `id` is stored and not expired: what a cached fit checks before it is
    /// reused, so an expired or purged dataset is never planned with.
    ///
    /// # Errors
    /// Backend failures.
    fn contains(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.get(id)?.is_some())
    }

    /// Number of stored datasets.
    ///
    /// # Errors
    /// Backend failures.
    fn count(&self) -> Result<u64, StoreError>;

    /// Deletes datasets past their expiry; returns how many.
    ///
    /// # Errors
    /// Backend failures.
    fn purge_expired(&self) -> Result<u64, StoreError> {
        Ok(0)
    }

    /// Bytes held by every stored dataset.
    ///
    /// # Errors
    /// Backend failures.
    fn stored_bytes(&self) -> Result<u64, StoreError> {
        Ok(0)
    }
}
