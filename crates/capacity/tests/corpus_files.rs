//! Every `data/corpus/*.yaml` file parses into `capacity::corpus::SourceFile` and
//! passes its check; every saturated run yields a produce rate. Run by the corpus
//! editors as `cargo test -p capacity --test corpus_files`.

use std::path::PathBuf;

use capacity::corpus::{Driven, SourceFile, SourceKind};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus")
}

fn files() -> Vec<(String, SourceFile)> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("data/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let text = std::fs::read_to_string(&p).expect("readable");
            let parsed: SourceFile = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, parsed)
        })
        .collect()
}

#[test]
fn every_corpus_file_parses_and_checks() {
    for (name, f) in files() {
        if let Err(e) = f.check(&name) {
            panic!("{e}");
        }
        let stem = name.trim_end_matches(".yaml");
        assert_eq!(f.source.id, stem, "{name}: source.id must equal the file name");
    }
}

#[test]
fn source_ids_are_unique_and_vendor_guidance_has_no_evidence() {
    let fs = files();
    let mut ids: Vec<&str> = fs.iter().map(|(_, f)| f.source.id.as_str()).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "repeated source id");
    for (name, f) in &fs {
        if f.source.kind == SourceKind::VendorGuidance {
            assert!(f.evidence().is_empty(), "{name}: guidance must not be fitted");
        }
    }
}

#[test]
fn every_saturated_run_has_a_produce_rate_in_msgs() {
    for (name, f) in files() {
        for r in f.runs.iter().filter(|r| r.driven == Driven::Saturated && r.model_uses) {
            let has_produce = r.measured.iter().any(|m| m.metric == capacity::corpus::RunMetric::ProduceThroughput);
            if has_produce {
                let msgs = r.produce_msgs();
                assert!(msgs.is_some_and(|m| m > 0.0), "{name}: run {}: produce rate not derivable", r.id);
            }
        }
    }
}
