//! Shared state: the reference catalog (fitted once at start-up), the dataset
//! store, a cache of catalogs fitted for data selections (bounded by the bytes of
//! their page data, least recently used first out), and the Leptos options.
//!
//! An upload enters a selection's catalog as the summary it was stored as (one
//! row per condition, made once at import), so fitting a selection reads a few
//! rows per dataset, and the page carries fitted curves and those rows' points —
//! never the file's raw rows.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use app::catalog_context::{embed, PageData, UploadSummary};
use axum::extract::FromRef;
use capacity::dataset::Dataset;
use capacity::features::FeatureMatrix;
use capacity::selection::{DataMode, DataSelection};
use capacity::{Catalog, FieldError};
use leptos::config::LeptosOptions;

use crate::storage::{DatasetStore, StoreError, StoredDataset};

/// A catalog fitted for one selection, with the page data embedded once.
#[derive(Debug)]
pub struct Selected {
    /// Catalog, uploads summary and notices.
    pub page: Arc<PageData>,
    /// `page`, embedded for the HTML head.
    pub blob: Arc<str>,
}

/// Everything a request needs; cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    /// Leptos rendering options (output name `app`, site root, pkg dir).
    pub leptos: LeptosOptions,
    /// The reference catalog.
    pub catalog: Arc<Catalog>,
    /// The recorded datasets, as loaded (for `/api/v1/datasets`).
    pub datasets: Arc<Vec<(String, Dataset)>>,
    /// The feature matrix.
    pub features: Arc<FeatureMatrix>,
    /// Uploaded datasets.
    pub store: Arc<dyn DatasetStore>,
    cache: Arc<Mutex<FitCache>>,
}

/// Catalogs fitted for recent selections, bounded by entries and by bytes.
#[derive(Debug, Default)]
struct FitCache {
    entries: HashMap<DataSelection, Cached>,
    bytes: usize,
    max_bytes: usize,
    tick: AtomicU64,
}

#[derive(Debug)]
struct Cached {
    selected: Arc<Selected>,
    bytes: usize,
    used: AtomicU64,
}

impl FitCache {
    fn get(&self, sel: &DataSelection) -> Option<Arc<Selected>> {
        let hit = self.entries.get(sel)?;
        hit.used.store(self.tick.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        Some(hit.selected.clone())
    }

    /// Forgets `sel`'s entry.
    fn remove(&mut self, sel: &DataSelection) {
        if let Some(gone) = self.entries.remove(sel) {
            self.bytes -= gone.bytes;
        }
    }

    /// Keeps `selected` unless it alone is over the budget; evicts the least
    /// recently used others (never the reference selection) until it fits.
    fn insert(&mut self, sel: DataSelection, selected: Arc<Selected>) {
        let bytes = selected.bytes();
        if !sel.is_reference_only() && bytes > self.max_bytes {
            return;
        }
        while !self.entries.is_empty() && (self.bytes + bytes > self.max_bytes || self.entries.len() >= CACHE_ENTRIES) {
            let oldest = self.entries.iter().filter(|(k, _)| !k.is_reference_only()).min_by_key(|(_, v)| v.used.load(Ordering::Relaxed)).map(|(k, _)| k.clone());
            let Some(k) = oldest else { break };
            if let Some(gone) = self.entries.remove(&k) {
                self.bytes -= gone.bytes;
            }
        }
        let used = AtomicU64::new(self.tick.fetch_add(1, Ordering::Relaxed));
        if let Some(old) = self.entries.insert(sel, Cached { selected, bytes, used }) {
            self.bytes -= old.bytes;
        }
        self.bytes += bytes;
    }
}

impl Selected {
    /// What it holds, counted as twice its embedded text (the decoded catalog
    /// beside its hex form).
    pub fn bytes(&self) -> usize {
        self.blob.len().saturating_mul(2)
    }
}

impl FromRef<AppState> for LeptosOptions {
    fn from_ref(s: &AppState) -> Self {
        s.leptos.clone()
    }
}

/// Catalogs kept for recent selections (the reference one is always kept).
const CACHE_ENTRIES: usize = 64;

/// Default budget of the fit cache, bytes (`MQPLAN_FIT_CACHE_MB`).
pub const DEFAULT_FIT_CACHE_BYTES: usize = 64 << 20;

impl AppState {
    /// Builds state from a loaded data directory and a store.
    pub fn new(leptos: LeptosOptions, loaded: ingest::Loaded, catalog: Catalog, store: Arc<dyn DatasetStore>) -> Self {
        let state = AppState {
            leptos,
            catalog: Arc::new(catalog),
            features: Arc::new(loaded.features),
            datasets: Arc::new(loaded.datasets),
            store,
            cache: Arc::new(Mutex::new(FitCache { max_bytes: DEFAULT_FIT_CACHE_BYTES, ..FitCache::default() })),
        };
        let page = Arc::new(PageData { catalog: for_page((*state.catalog).clone()), uploads: vec![], notices: vec![] });
        let blob = embed(&for_browser(&page)).into();
        if let Ok(mut c) = state.cache.lock() {
            c.insert(DataSelection::default(), Arc::new(Selected { page, blob }));
        }
        state
    }

    /// The same state with the fit cache limited to `bytes`.
    pub fn with_fit_cache_bytes(self, bytes: usize) -> Self {
        if let Ok(mut c) = self.cache.lock() {
            c.max_bytes = bytes;
        }
        self
    }

    /// (entries, bytes) the fit cache holds now.
    pub fn fit_cache_usage(&self) -> (usize, usize) {
        self.cache.lock().map(|c| (c.entries.len(), c.bytes)).unwrap_or_default()
    }

    /// Loads `data_dir`, fits, and uses `store`.
    ///
    /// # Errors
    /// The data directory's first load or validation error.
    pub fn load(data_dir: &std::path::Path, site_root: &str, addr: std::net::SocketAddr, store: Arc<dyn DatasetStore>) -> Result<Self, ingest::LoadError> {
        let (loaded, catalog) = ingest::load_catalog(data_dir)?;
        let leptos = LeptosOptions::builder().output_name("app").site_root(site_root).site_pkg_dir("pkg").site_addr(addr).build();
        Ok(Self::new(leptos, loaded, catalog, store))
    }

    /// The catalog (and page data) for a selection: unknown ids become notices
    /// naming the `dataset` field and are left out.
    ///
    /// # Errors
    /// Only storage failures.
    pub fn select(&self, sel: &DataSelection) -> Result<Arc<Selected>, StoreError> {
        if let Some(hit) = self.cache.lock().ok().and_then(|c| c.get(sel)) {
            // A fit made with a dataset that has since expired (or was purged) is
            // not reused: the selection is fitted again without it, with a notice.
            if sel.ids.iter().try_fold(true, |all, id| Ok::<bool, StoreError>(all && self.store.contains(id)?))? {
                return Ok(hit);
            }
            if let Ok(mut c) = self.cache.lock() {
                c.remove(sel);
            }
        }
        let mut notices = Vec::new();
        let mut uploads = Vec::new();
        let mut extra: Vec<(String, Dataset)> = Vec::new();
        // A selection's uploads hold at most as many conditions as one upload may: each
        // is fitted and embedded in the page, and eight uploads of 2,000 conditions
        // made a 4.3 MB page costing 170 ms of CPU per request (a stop-42 tester).
        let mut conditions = 0;
        for id in &sel.ids {
            match self.store.get(id)? {
                Some(rec) => {
                    // Stored as its summary already; a row stored before summaries
                    // were made is summarised here (idempotent otherwise).
                    let mut ds = ingest::upload::summary::condense(&rec.dataset);
                    if conditions + ds.rows.len() > ingest::upload::MAX_CONDITIONS {
                        notices.push(FieldError::new(
                            "dataset",
                            format!(
                                "dataset {id} left out: with it the selection's uploads hold {} conditions, past the {} a plan takes (the page plans without it; the API and CLI refuse the request)",
                                conditions + ds.rows.len(),
                                ingest::upload::MAX_CONDITIONS
                            ),
                        ));
                        continue;
                    }
                    conditions += ds.rows.len();
                    uploads.push(summary(&rec));
                    // The store holds only uploads: say so in the type, whatever
                    // was serialized (rows stored before the origin existed).
                    ds.source.origin = capacity::dataset::DatasetOrigin::Upload { dataset: id.clone() };
                    extra.push((ds.source.file.clone(), ds));
                }
                None => notices.push(FieldError::new("dataset", format!("no uploaded dataset {id} (the page plans without it; the API and CLI refuse the request)"))),
            }
        }
        let mut all: Vec<(String, Dataset)> = match sel.mode {
            DataMode::Merge => self.datasets.iter().cloned().collect(),
            DataMode::Only => Vec::new(),
        };
        all.extend(extra);
        let catalog = match Catalog::fit(&all, (*self.features).clone()) {
            Ok(c) if c.systems.is_empty() => {
                notices.push(FieldError::new("data", "data=only: nothing can be fitted on the selected datasets alone; choose data=merge to calibrate the reference data with your runs (the page shows the reference plan meanwhile)"));
                // One notice per system, so each reason survives the replies' cap on a
                // reason's length (one joined message lost the last system's: a reviewer).
                notices.extend(c.unfitted.iter().map(|(s, why)| FieldError::new("data", format!("data=only, {}: {why}", s.name()))));
                (*self.catalog).clone()
            }
            // The corpus model, its CPU cost calibrated to the uploads (the last fit stage).
            Ok(c) => c.with_corpus_model(self.catalog.throughput.as_ref(), sel.mode == DataMode::Merge),
            Err(e) => {
                notices.push(FieldError::new("dataset", format!("uploaded data could not be fitted ({e}); the page shows the reference plan")));
                (*self.catalog).clone()
            }
        };
        let page = Arc::new(PageData { catalog: for_page(catalog), uploads, notices });
        let blob: Arc<str> = embed(&for_browser(&page)).into();
        let sel_out = Arc::new(Selected { page, blob });
        if let Ok(mut c) = self.cache.lock() {
            c.insert(sel.clone(), sel_out.clone());
        }
        Ok(sel_out)
    }
}

/// The catalog as a page carries it: the throughput model without its fitted runs and
/// validation points (the browser re-plans; `/model` reads the full model).
fn for_page(mut c: Catalog) -> Catalog {
    c.throughput = c.throughput.map(|t| t.for_planning());
    c
}

/// The page data as the browser gets it: without the CPU fit's residuals, which
/// only the size chart draws, and the server draws the charts (−0.2 KB gzip of the
/// page's 300 KB budget). The browser's plans and page read nothing else from them.
fn for_browser(page: &PageData) -> PageData {
    let mut p = page.clone();
    if let Some(t) = p.catalog.throughput.as_mut() {
        for s in &mut t.systems {
            s.cpu_residuals.clear();
        }
    }
    p
}

fn summary(rec: &StoredDataset) -> UploadSummary {
    let warnings = rec
        .report
        .get("warnings")
        .and_then(|w| w.as_array())
        .map(|a| {
            a.iter()
                .map(|w| {
                    let s = |k: &str| w.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
                    let at = w.get("line").and_then(serde_json::Value::as_u64).map(|l| format!("line {l}: ")).unwrap_or_default();
                    (s("code"), app::query::as_page_text(&format!("{at}{}", s("message"))), app::query::as_page_text(&s("why")))
                })
                .collect()
        })
        .unwrap_or_default();
    UploadSummary { id: rec.id.clone(), title: rec.dataset.source.title.clone(), format: rec.format.clone(), rows: rec.report.get("rows_imported").and_then(serde_json::Value::as_u64).map_or(rec.dataset.rows.len(), |n| n as usize), warnings }
}
