//! Loading mqplan's recorded datasets: `data/seed_*.yaml`, `data/features.yaml` and
//! the throughput corpus `data/corpus/*.yaml` → [`capacity::Catalog`]. This is the I/O edge of the model; validation rules
//! live in `capacity::dataset` so the browser and server agree on them.

pub mod corpus;
pub mod upload;

use std::path::{Path, PathBuf};

use capacity::dataset::Dataset;
use capacity::features::FeatureMatrix;
use capacity::{Catalog, CatalogError, DatasetError};

/// Errors loading the data directory.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The directory or a file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// A file is not valid YAML for its schema; `line` is 1-based when known.
    #[error("{file}{}: {reason}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
    Parse {
        /// The file.
        file: String,
        /// 1-based line.
        line: Option<usize>,
        /// The parser's message (names the field).
        reason: String,
    },
    /// A row failed validation.
    #[error(transparent)]
    Invalid(#[from] DatasetError),
    /// Fitting failed.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// A corpus file failed its check.
    #[error(transparent)]
    Corpus(#[from] capacity::corpus::CorpusError),
    /// The throughput model could not be fitted.
    #[error(transparent)]
    Throughput(#[from] capacity::throughput::FitError),
    /// Required file missing.
    #[error("{0} not found in the data directory")]
    Missing(String),
}

/// Everything loaded from a data directory.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// `(file name, dataset)` in file-name order.
    pub datasets: Vec<(String, Dataset)>,
    /// The feature matrix.
    pub features: FeatureMatrix,
    /// `(file name, source)` of `data/corpus/*.yaml`, in file-name order.
    pub corpus: Vec<(String, capacity::corpus::SourceFile)>,
}

/// Name of the feature-matrix file.
pub const FEATURES_FILE: &str = "features.yaml";

/// Parses one dataset file's text. `file` names it in errors.
///
/// # Errors
/// [`LoadError::Parse`] with the line and the field serde_yaml names, or
/// [`LoadError::Invalid`] from validation.
pub fn parse_dataset(file: &str, text: &str) -> Result<Dataset, LoadError> {
    let ds: Dataset = from_yaml(file, text)?;
    ds.check(file)?;
    Ok(ds)
}

pub(crate) fn from_yaml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    serde_yaml::from_str(text).map_err(|e| LoadError::Parse { file: file.to_string(), line: e.location().map(|l| l.line()), reason: e.to_string() })
}

/// Parses the feature matrix text.
///
/// # Errors
/// As [`parse_dataset`].
pub fn parse_features(file: &str, text: &str) -> Result<FeatureMatrix, LoadError> {
    let fm: FeatureMatrix = from_yaml(file, text)?;
    fm.check(file)?;
    Ok(fm)
}

/// Reads every `*.yaml` in `dir` (datasets plus `features.yaml`).
///
/// # Errors
/// The first I/O, parse or validation error; nothing is returned partially.
pub fn load_dir(dir: &Path) -> Result<Loaded, LoadError> {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> LoadError + '_ {
        move |source| LoadError::Io { path: path.to_path_buf(), source }
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    names.sort();
    let mut datasets = Vec::new();
    let mut features = None;
    for path in &names {
        let text = std::fs::read_to_string(path).map_err(io(path))?;
        let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if file == FEATURES_FILE {
            features = Some(parse_features(&file, &text)?);
        } else {
            datasets.push((file.clone(), parse_dataset(&file, &text)?));
        }
    }
    let features = features.ok_or_else(|| LoadError::Missing(FEATURES_FILE.into()))?;
    let corpus = corpus::load_corpus(dir)?;
    Ok(Loaded { datasets, features, corpus })
}

/// Loads `dir` and fits the catalog, with the throughput model fitted on the seeds
/// and the corpus (and validated, leave one source out).
///
/// # Errors
/// As [`load_dir`], plus fitting errors.
pub fn load_catalog(dir: &Path) -> Result<(Loaded, Catalog), LoadError> {
    let loaded = load_dir(dir)?;
    let mut catalog = Catalog::fit(&loaded.datasets, loaded.features.clone())?;
    let mut throughput = corpus::fit_throughput(dir, &loaded.datasets, &loaded.corpus)?;
    // Latency vs load: the same evidence, each run at the utilisation the fitted
    // capacity implies, plus the seeds' steady / high-load points (cheap: not cached).
    let sources: Vec<_> = loaded.corpus.iter().map(|(_, f)| f.clone()).collect();
    let seed: Vec<_> = catalog.systems.iter().flat_map(|m| m.latency.iter().map(move |p| (m.system, p.clone()))).collect();
    throughput.latency = Some(capacity::latency_model::fit::fit(&corpus::evidence(&loaded.datasets, &loaded.corpus), &throughput, &seed, &sources));
    catalog.throughput = Some(throughput);
    Ok((loaded, catalog))
}

/// The repository's bundled data directory (for tests and benches).
pub fn bundled_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}
