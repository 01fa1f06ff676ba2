//! The embedded SQLite store: one file in the configured state directory.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

use super::{DatasetStore, StoreError, StoredDataset};

/// SQLite-backed [`DatasetStore`].
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

fn db(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

impl SqliteStore {
    /// Opens (creating if needed) `dir/mqplan.sqlite`.
    ///
    /// # Errors
    /// When the directory or database cannot be created.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| db(format!("{}: {e}", dir.display())))?;
        Self::with_connection(Connection::open(dir.join("mqplan.sqlite")).map_err(db)?)
    }

    /// An in-memory store (tests).
    ///
    /// # Errors
    /// Never in practice.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::with_connection(Connection::open_in_memory().map_err(db)?)
    }

    fn with_connection(conn: Connection) -> Result<Self, StoreError> {
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             CREATE TABLE IF NOT EXISTS datasets (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL,
                 format TEXT NOT NULL,
                 created_unix INTEGER NOT NULL,
                 report TEXT NOT NULL,
                 dataset TEXT NOT NULL
             );",
        )
        .map_err(db)?;
        Ok(Self { conn: Mutex::new(conn) })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.conn.lock().map_err(|_| StoreError::Db("connection lock poisoned".into()))
    }
}

impl DatasetStore for SqliteStore {
    fn put(&self, rec: &StoredDataset) -> Result<bool, StoreError> {
        self.put_if_wanted(rec, &|| true)
    }

    fn put_if_wanted(&self, rec: &StoredDataset, wanted: &dyn Fn() -> bool) -> Result<bool, StoreError> {
        let report = serde_json::to_string(&rec.report).map_err(db)?;
        let dataset = serde_json::to_string(&rec.dataset).map_err(db)?;
        let mut conn = self.lock()?;
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(db)?;
        let n = tx
            .execute(
                "INSERT OR IGNORE INTO datasets (id, name, format, created_unix, report, dataset) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![rec.id, rec.name, rec.format, rec.created_unix, report, dataset],
            )
            .map_err(db)?;
        // Asked inside the transaction, after the write and before the commit: a
        // client that gave up is answered "nothing was stored" only when that is so.
        if !wanted() {
            tx.rollback().map_err(db)?;
            return Ok(false);
        }
        tx.commit().map_err(db)?;
        Ok(n == 1)
    }

    fn get(&self, id: &str) -> Result<Option<StoredDataset>, StoreError> {
        let row = self
            .lock()?
            .query_row("SELECT id, name, format, created_unix, report, dataset FROM datasets WHERE id = ?1", params![id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, i64>(3)?, r.get::<_, String>(4)?, r.get::<_, String>(5)?))
            })
            .optional()
            .map_err(db)?;
        let Some((id, name, format, created_unix, report, dataset)) = row else { return Ok(None) };
        let corrupt = |why: String| StoreError::Corrupt { id: id.clone(), why };
        Ok(Some(StoredDataset {
            report: serde_json::from_str(&report).map_err(|e| corrupt(e.to_string()))?,
            dataset: serde_json::from_str(&dataset).map_err(|e| corrupt(e.to_string()))?,
            id: id.clone(),
            name,
            format,
            created_unix,
        }))
    }

    fn count(&self) -> Result<u64, StoreError> {
        self.lock()?.query_row("SELECT COUNT(*) FROM datasets", [], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64).map_err(db)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(id: &str) -> StoredDataset {
        StoredDataset {
            id: id.into(),
            name: "x.json".into(),
            format: "omb-json".into(),
            created_unix: 1,
            report: serde_json::json!({"id": id}),
            dataset: capacity::dataset::Dataset {
                source: capacity::dataset::Source { file: format!("upload:{id}"), title: "t".into(), summary: None },
                hardware: vec![],
                rows: vec![],
                guidance: vec![],
            },
        }
    }

    #[test]
    fn same_id_is_stored_once_and_reads_back() {
        let s = SqliteStore::in_memory().unwrap();
        assert!(s.put(&rec("0123456789abcdef")).unwrap());
        assert!(!s.put(&rec("0123456789abcdef")).unwrap());
        assert_eq!(s.count().unwrap(), 1);
        assert_eq!(s.get("0123456789abcdef").unwrap().unwrap(), rec("0123456789abcdef"));
        assert!(s.get("ffffffffffffffff").unwrap().is_none());
    }

    #[test]
    fn survives_reopening_the_file() {
        let dir = std::env::temp_dir().join(format!("mqplan-store-{}", std::process::id()));
        SqliteStore::open(&dir).unwrap().put(&rec("00000000000000aa")).unwrap();
        assert!(SqliteStore::open(&dir).unwrap().get("00000000000000aa").unwrap().is_some());
        let _ = std::fs::remove_dir_all(dir);
    }
}
