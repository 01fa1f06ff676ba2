//! Loads the bundled evidence (data/seed_*.yaml through the seed adapter and
//! data/corpus/*.yaml) for the model's integration tests.

use std::path::{Path, PathBuf};

use capacity::corpus::{Evidence, SourceFile};
use capacity::dataset::Dataset;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

fn yaml_files(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("data dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml") && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
        .collect();
    v.sort();
    v
}

/// Every piece of bundled evidence.
pub fn evidence() -> Vec<Evidence> {
    let mut out = Vec::new();
    for p in yaml_files(&data_dir(), "seed_") {
        let ds: Dataset = serde_yaml::from_str(&std::fs::read_to_string(&p).expect("read")).expect("seed parses");
        out.extend(Evidence::from_seed(&ds));
    }
    for p in yaml_files(&data_dir().join("corpus"), "") {
        let f: SourceFile = serde_yaml::from_str(&std::fs::read_to_string(&p).expect("read")).expect("corpus parses");
        out.extend(f.evidence());
    }
    out
}
