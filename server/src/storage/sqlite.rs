//! The embedded SQLite store: one file in the configured state directory.
//!
//! A dataset is stored as zstd-compressed JSON of its condition summary (the
//! importer's one row per condition) beside its report; each row records its
//! stored size, so the per-dataset and total quotas are checked inside the write's
//! transaction. Rows written before compression (a `dataset` text column) are
//! still read.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

use super::{DatasetStore, StoreError, StoreLimits, StoredDataset};

/// SQLite-backed [`DatasetStore`].
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    limits: StoreLimits,
    now: fn() -> i64,
}

fn db(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// zstd level: the summaries are small and repetitive; level 9 packs a
/// 20,000-condition table ~20× in tens of milliseconds.
const ZSTD_LEVEL: i32 = 9;

impl SqliteStore {
    /// Opens (creating if needed) `dir/mqplan.sqlite` with the default limits.
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

    /// The same store with `limits` (quotas, expiry).
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The same store reading the time from `now` (seconds since the epoch; tests).
    pub fn with_clock(mut self, now: fn() -> i64) -> Self {
        self.now = now;
        self
    }

    fn with_connection(conn: Connection) -> Result<Self, StoreError> {
        // Two processes opening a new state folder at once (two `mqplan import`s)
        // each saw no `dataset_z` column and both added it: one failed with
        // "duplicate column name" (a stop-29 tester). The schema is now created and
        // migrated inside one write transaction, the other waiting its turn.
        conn.busy_timeout(std::time::Duration::from_secs(10)).map_err(db)?;
        // Switching to WAL takes the file's exclusive lock and does not wait on the
        // busy handler: another opener holding it makes it fail at once. The mode is
        // the file's, so a retry finds it set, or sets it (about 2 s at most).
        let mut wal = conn.execute_batch("PRAGMA journal_mode = WAL;");
        for _ in 0..100 {
            if wal.is_ok() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
            wal = conn.execute_batch("PRAGMA journal_mode = WAL;");
        }
        wal.map_err(db)?;
        conn.execute_batch(
            "BEGIN IMMEDIATE;
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
        let migrated = (|| {
            let has_z: bool = conn.prepare("SELECT 1 FROM pragma_table_info('datasets') WHERE name = 'dataset_z'").and_then(|mut st| st.exists([]))?;
            if !has_z {
                conn.execute_batch(
                    "ALTER TABLE datasets ADD COLUMN dataset_z BLOB;
                     ALTER TABLE datasets ADD COLUMN stored_bytes INTEGER;
                     UPDATE datasets SET stored_bytes = length(dataset) + length(report);",
                )?;
            }
            conn.execute_batch("COMMIT;")
        })();
        if let Err(e) = migrated {
            let _ = conn.execute_batch("ROLLBACK;");
            return Err(db(e));
        }
        conn.execute_batch("CREATE INDEX IF NOT EXISTS datasets_created ON datasets (created_unix);").map_err(db)?;
        Ok(Self { conn: Mutex::new(conn), limits: StoreLimits::default(), now: unix_now })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.conn.lock().map_err(|_| StoreError::Db("connection lock poisoned".into()))
    }

    /// Datasets first uploaded before this are expired.
    fn cutoff(&self) -> i64 {
        (self.now)().saturating_sub(self.limits.ttl_s)
    }
}

impl DatasetStore for SqliteStore {
    fn put(&self, rec: &StoredDataset) -> Result<bool, StoreError> {
        self.put_if_wanted(rec, &|| true)
    }

    fn put_if_wanted(&self, rec: &StoredDataset, wanted: &dyn Fn() -> bool) -> Result<bool, StoreError> {
        let report = serde_json::to_string(&rec.report).map_err(db)?;
        let json = serde_json::to_vec(&rec.dataset).map_err(db)?;
        let packed = zstd::bulk::compress(&json, ZSTD_LEVEL).map_err(db)?;
        let bytes = (packed.len() + report.len()) as u64;
        if bytes > self.limits.max_dataset_bytes {
            return Err(StoreError::DatasetTooLarge { bytes, limit: self.limits.max_dataset_bytes });
        }
        let cutoff = self.cutoff();
        let mut conn = self.lock()?;
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(db)?;
        tx.execute("DELETE FROM datasets WHERE created_unix < ?1", params![cutoff]).map_err(db)?;
        let exists = tx.query_row("SELECT 1 FROM datasets WHERE id = ?1", params![rec.id], |_| Ok(())).optional().map_err(db)?.is_some();
        if !exists {
            let used: i64 = tx.query_row("SELECT COALESCE(SUM(stored_bytes), 0) FROM datasets", [], |r| r.get(0)).map_err(db)?;
            let used = used.max(0) as u64;
            if used.saturating_add(bytes) > self.limits.max_total_bytes {
                return Err(StoreError::Full { used, bytes, limit: self.limits.max_total_bytes });
            }
        }
        let n = tx
            .execute(
                "INSERT OR IGNORE INTO datasets (id, name, format, created_unix, report, dataset, dataset_z, stored_bytes) VALUES (?1, ?2, ?3, ?4, ?5, '', ?6, ?7)",
                params![rec.id, rec.name, rec.format, rec.created_unix, report, packed, bytes as i64],
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

    fn contains(&self, id: &str) -> Result<bool, StoreError> {
        let hit: Option<i64> = self.lock()?.query_row("SELECT 1 FROM datasets WHERE id = ?1 AND created_unix >= ?2", params![id, self.cutoff()], |r| r.get(0)).optional().map_err(db)?;
        Ok(hit.is_some())
    }

    fn get(&self, id: &str) -> Result<Option<StoredDataset>, StoreError> {
        type Raw = (String, String, String, i64, String, String, Option<Vec<u8>>);
        let row: Option<Raw> = self
            .lock()?
            .query_row(
                "SELECT id, name, format, created_unix, report, dataset, dataset_z FROM datasets WHERE id = ?1 AND created_unix >= ?2",
                params![id, self.cutoff()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)),
            )
            .optional()
            .map_err(db)?;
        let Some((id, name, format, created_unix, report, text, packed)) = row else { return Ok(None) };
        let corrupt = |why: String| StoreError::Corrupt { id: id.clone(), why };
        let dataset = match packed {
            Some(z) => {
                let json = zstd::stream::decode_all(z.as_slice()).map_err(|e| corrupt(e.to_string()))?;
                serde_json::from_slice(&json).map_err(|e| corrupt(e.to_string()))?
            }
            None => serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?,
        };
        Ok(Some(StoredDataset { report: serde_json::from_str(&report).map_err(|e| corrupt(e.to_string()))?, dataset, id: id.clone(), name, format, created_unix }))
    }

    fn count(&self) -> Result<u64, StoreError> {
        self.lock()?.query_row("SELECT COUNT(*) FROM datasets", [], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64).map_err(db)
    }

    fn purge_expired(&self) -> Result<u64, StoreError> {
        let cutoff = self.cutoff();
        self.lock()?.execute("DELETE FROM datasets WHERE created_unix < ?1", params![cutoff]).map(|n| n as u64).map_err(db)
    }

    fn stored_bytes(&self) -> Result<u64, StoreError> {
        self.lock()?.query_row("SELECT COALESCE(SUM(stored_bytes), 0) FROM datasets", [], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64).map_err(db)
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
            created_unix: unix_now(),
            report: serde_json::json!({"id": id}),
            dataset: capacity::dataset::Dataset {
                source: capacity::dataset::Source { file: format!("upload:{id}"), title: "t".into(), summary: None, origin: capacity::dataset::DatasetOrigin::Upload { dataset: id.to_string() } },
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

    /// Stores opened at once on one new folder (two `mqplan import`s at once) all
    /// open: the schema is made in one write transaction (a stop-29 tester saw
    /// "duplicate column name: dataset_z" in 1 of 3 trials of four imports).
    #[test]
    fn stores_opened_at_once_on_a_new_folder_all_open() {
        for trial in 0..5 {
            let dir = std::env::temp_dir().join(format!("mqplan-store-race-{}-{trial}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let opened: Vec<Result<SqliteStore, StoreError>> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..6).map(|_| s.spawn(|| SqliteStore::open(&dir))).collect();
                handles.into_iter().map(|h| h.join().expect("thread")).collect()
            });
            for o in &opened {
                assert!(o.is_ok(), "trial {trial}: {:?}", o.as_ref().err());
            }
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn survives_reopening_the_file() {
        let dir = std::env::temp_dir().join(format!("mqplan-store-{}", std::process::id()));
        SqliteStore::open(&dir).unwrap().put(&rec("00000000000000aa")).unwrap();
        assert!(SqliteStore::open(&dir).unwrap().get("00000000000000aa").unwrap().is_some());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn quotas_refuse_with_the_sizes_and_store_nothing() {
        let one = StoreLimits { max_dataset_bytes: 10, ..StoreLimits::default() };
        let s = SqliteStore::in_memory().unwrap().with_limits(one);
        let e = s.put(&rec("00000000000000a1")).unwrap_err();
        assert!(matches!(e, StoreError::DatasetTooLarge { limit: 10, .. }), "{e}");
        assert_eq!(s.count().unwrap(), 0);
        let s = SqliteStore::in_memory().unwrap();
        assert!(s.put(&rec("00000000000000a1")).unwrap());
        let used = s.stored_bytes().unwrap();
        assert!(used > 0);
        let s = s.with_limits(StoreLimits { max_total_bytes: used + used / 2, ..StoreLimits::default() });
        let e = s.put(&rec("00000000000000a2")).unwrap_err();
        assert!(matches!(e, StoreError::Full { .. }), "{e}");
        assert!(e.to_string().contains("MQPLAN_STORE_MAX_MB"));
        assert!(!s.put(&rec("00000000000000a1")).unwrap(), "a dataset already stored needs no room");
        assert_eq!(s.count().unwrap(), 1);
    }

    #[test]
    fn expired_datasets_are_not_served_and_are_purged() {
        let day = StoreLimits { ttl_s: 86_400, ..StoreLimits::default() };
        let s = SqliteStore::in_memory().unwrap().with_limits(day).with_clock(|| 10 * 86_400);
        let mut old = rec("00000000000000b1");
        old.created_unix = 8 * 86_400;
        let mut fresh = rec("00000000000000b2");
        fresh.created_unix = 10 * 86_400 - 5;
        // written directly: `put` would purge it as it writes
        s.lock().unwrap().execute(
            "INSERT INTO datasets (id, name, format, created_unix, report, dataset, dataset_z, stored_bytes) VALUES (?1, 'x', 'omb-json', ?2, '{}', ?3, NULL, 10)",
            params![old.id, old.created_unix, serde_json::to_string(&old.dataset).unwrap()],
        ).unwrap();
        assert!(s.get(&old.id).unwrap().is_none(), "an expired dataset is not served");
        assert!(s.put(&fresh).unwrap());
        assert_eq!(s.count().unwrap(), 1, "the write purged the expired one");
        assert!(s.get(&fresh.id).unwrap().is_some());
        assert_eq!(s.purge_expired().unwrap(), 0);
    }

    #[test]
    fn rows_written_before_compression_are_read() {
        let s = SqliteStore::in_memory().unwrap();
        let r = rec("00000000000000c1");
        s.lock().unwrap().execute(
            "INSERT INTO datasets (id, name, format, created_unix, report, dataset, dataset_z, stored_bytes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, 10)",
            params![r.id, r.name, r.format, r.created_unix, serde_json::to_string(&r.report).unwrap(), serde_json::to_string(&r.dataset).unwrap()],
        ).unwrap();
        assert_eq!(s.get(&r.id).unwrap().unwrap(), r);
    }
}
