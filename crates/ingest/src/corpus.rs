//! Loading the throughput model's evidence: `data/corpus/*.yaml` (one source per
//! file, checked by `capacity::corpus`) plus the seed datasets through their
//! adapter, and fitting `capacity::throughput::ThroughputModel` on it.

use std::path::Path;

use capacity::corpus::{Evidence, SourceFile};
use capacity::dataset::Dataset;
use capacity::throughput::{ThroughputModel, ThroughputSpec};

use crate::LoadError;

/// The corpus folder inside a data directory.
pub const CORPUS_DIR: &str = "corpus";

/// Parses and checks one corpus file's text; `file` names it in errors.
///
/// # Errors
/// [`LoadError::Parse`] for YAML or schema errors (with the line), or
/// [`LoadError::Corpus`] when the file fails its check.
pub fn parse_source(file: &str, text: &str) -> Result<SourceFile, LoadError> {
    let f: SourceFile = crate::from_yaml(file, text)?;
    f.check(file)?;
    if format!("{}.yaml", f.source.id) != file {
        return Err(LoadError::Parse { file: file.to_string(), line: None, reason: format!("source.id `{}` must match the file name", f.source.id) });
    }
    Ok(f)
}

/// Reads every `*.yaml` under `<dir>/corpus`, in file-name order. A missing folder is
/// an empty corpus.
///
/// # Errors
/// The first I/O, parse or check error.
pub fn load_corpus(dir: &Path) -> Result<Vec<(String, SourceFile)>, LoadError> {
    let folder = dir.join(CORPUS_DIR);
    let Ok(entries) = std::fs::read_dir(&folder) else { return Ok(Vec::new()) };
    let mut names: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "yaml")).collect();
    names.sort();
    names
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).map_err(|source| LoadError::Io { path: p.clone(), source })?;
            let file = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Ok((file.clone(), parse_source(&file, &text)?))
        })
        .collect()
}

/// The evidence of the seeds and the corpus.
pub fn evidence(seeds: &[(String, Dataset)], corpus: &[(String, SourceFile)]) -> Vec<Evidence> {
    seeds.iter().flat_map(|(_, ds)| Evidence::from_seed(ds)).chain(corpus.iter().flat_map(|(_, f)| f.evidence())).collect()
}

/// The committed result of fitting and validating the throughput model on the
/// bundled data (`data/corpus/model.fitted.json`), so start-up does not refit: used
/// only when its input key equals the key of the data being loaded; a test
/// (`fitted_model_cache_is_fresh`) refits and fails when the file is stale.
/// Regenerate with `mqplan validate --write-cache`.
pub const FITTED_CACHE: &str = "model.fitted.json";

/// The cache file's shape.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FittedCache {
    /// BLAKE3 (hex) of the evidence and the spec the model was fitted on.
    pub inputs: String,
    /// The fitted, validated model.
    pub model: ThroughputModel,
}

/// The key of a fit: BLAKE3 of the evidence and the spec, as JSON.
pub fn inputs_key(evidence: &[Evidence], spec: &ThroughputSpec) -> String {
    let mut h = blake3::Hasher::new();
    h.update(serde_json::to_string(evidence).unwrap_or_default().as_bytes());
    h.update(serde_json::to_string(spec).unwrap_or_default().as_bytes());
    h.finalize().to_hex().to_string()
}

/// Fits the throughput model (with leave-one-source-out validation) on the seeds and
/// the corpus, or takes it from `<dir>/corpus/model.fitted.json` when that was made
/// from exactly these inputs.
///
/// # Errors
/// [`LoadError::Throughput`] when nothing can be fitted.
pub fn fit_throughput(dir: &Path, seeds: &[(String, Dataset)], corpus: &[(String, SourceFile)]) -> Result<ThroughputModel, LoadError> {
    let spec = ThroughputSpec::default();
    let ev = evidence(seeds, corpus);
    let key = inputs_key(&ev, &spec);
    let cached = std::fs::read_to_string(dir.join(CORPUS_DIR).join(FITTED_CACHE)).ok().and_then(|t| serde_json::from_str::<FittedCache>(&t).ok());
    match cached {
        Some(c) if c.inputs == key => Ok(c.model),
        _ => Ok(spec.fit(&ev)?),
    }
}

/// Fits afresh and writes `<dir>/corpus/model.fitted.json`; returns the model.
///
/// # Errors
/// Fitting or writing the file.
pub fn write_fitted_cache(dir: &Path, seeds: &[(String, Dataset)], corpus: &[(String, SourceFile)]) -> Result<ThroughputModel, LoadError> {
    let spec = ThroughputSpec::default();
    let ev = evidence(seeds, corpus);
    let model = spec.fit(&ev)?;
    let cache = FittedCache { inputs: inputs_key(&ev, &spec), model };
    let path = dir.join(CORPUS_DIR).join(FITTED_CACHE);
    let text = serde_json::to_string(&cache).map_err(|e| LoadError::Parse { file: FITTED_CACHE.into(), line: None, reason: e.to_string() })?;
    std::fs::write(&path, text).map_err(|source| LoadError::Io { path, source })?;
    Ok(cache.model)
}
