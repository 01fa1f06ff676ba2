//! Shared state: the catalog, fitted once at start-up, and the Leptos options.

use std::sync::Arc;

use axum::extract::FromRef;
use capacity::dataset::Dataset;
use capacity::Catalog;
use leptos::config::LeptosOptions;

/// Everything a request needs; cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    /// Leptos rendering options (output name `app`, site root, pkg dir).
    pub leptos: LeptosOptions,
    /// The fitted catalog.
    pub catalog: Arc<Catalog>,
    /// The recorded datasets, as loaded (for `/api/v1/datasets`).
    pub datasets: Arc<Vec<(String, Dataset)>>,
    /// The catalog as the page embeds it (computed once).
    pub catalog_blob: Arc<str>,
}

impl FromRef<AppState> for LeptosOptions {
    fn from_ref(s: &AppState) -> Self {
        s.leptos.clone()
    }
}

impl AppState {
    /// Builds state from a loaded data directory.
    pub fn new(leptos: LeptosOptions, loaded: ingest::Loaded, catalog: Catalog) -> Self {
        let catalog_blob = app::catalog_context::embed(&catalog).into();
        AppState { leptos, catalog: Arc::new(catalog), datasets: Arc::new(loaded.datasets), catalog_blob }
    }

    /// Loads `data_dir` and fits; `site_root` is where Trunk put `pkg/`.
    ///
    /// # Errors
    /// The data directory's first load or validation error.
    pub fn load(data_dir: &std::path::Path, site_root: &str, addr: std::net::SocketAddr) -> Result<Self, ingest::LoadError> {
        let (loaded, catalog) = ingest::load_catalog(data_dir)?;
        let leptos = LeptosOptions::builder().output_name("app").site_root(site_root).site_pkg_dir("pkg").site_addr(addr).build();
        Ok(Self::new(leptos, loaded, catalog))
    }
}
