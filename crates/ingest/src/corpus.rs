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

/// Fits the throughput model (with leave-one-source-out validation) on the seeds and
/// the corpus.
///
/// # Errors
/// [`LoadError::Throughput`] when nothing can be fitted.
pub fn fit_throughput(seeds: &[(String, Dataset)], corpus: &[(String, SourceFile)]) -> Result<ThroughputModel, LoadError> {
    Ok(ThroughputSpec::default().fit(&evidence(seeds, corpus))?)
}
