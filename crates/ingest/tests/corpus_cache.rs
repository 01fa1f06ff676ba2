//! The committed start-up cache (data/corpus/model.fitted.json) is the fit of the
//! bundled data by the current code: same input key, same model. When this fails,
//! run `mqplan validate --write-cache` and commit the file.

use capacity::throughput::ThroughputSpec;
use ingest::corpus::{evidence, inputs_key, FittedCache, CORPUS_DIR, FITTED_CACHE};

#[test]
fn fitted_model_cache_is_fresh() {
    let dir = ingest::bundled_data_dir();
    let loaded = ingest::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(dir.join(CORPUS_DIR).join(FITTED_CACHE)).expect("data/corpus/model.fitted.json exists");
    let cache: FittedCache = serde_json::from_str(&text).expect("cache parses");
    let spec = ThroughputSpec::default();
    let ev = evidence(&loaded.datasets, &loaded.corpus);
    assert_eq!(cache.inputs, inputs_key(&ev, &spec), "the corpus or the evidence derivation changed: run `mqplan validate --write-cache`");
    // Compared as the text written (serde_json's default float parsing can differ
    // from the written value in the last bit; the text cannot).
    let fresh = FittedCache { inputs: cache.inputs.clone(), model: spec.fit(&ev).expect("fits") };
    assert!(serde_json::to_string(&fresh).expect("json") == text, "the model code changed: run `mqplan validate --write-cache`");
}

#[test]
fn a_stale_cache_is_ignored_and_the_model_refitted() {
    let dir = std::env::temp_dir().join(format!("mqplan-cache-{}", std::process::id()));
    let src = ingest::bundled_data_dir();
    std::fs::create_dir_all(dir.join(CORPUS_DIR)).expect("tmp");
    for e in std::fs::read_dir(&src).expect("data").flatten() {
        if e.path().is_file() {
            std::fs::copy(e.path(), dir.join(e.file_name())).expect("copy");
        }
    }
    for e in std::fs::read_dir(src.join(CORPUS_DIR)).expect("corpus").flatten() {
        std::fs::copy(e.path(), dir.join(CORPUS_DIR).join(e.file_name())).expect("copy");
    }
    let path = dir.join(CORPUS_DIR).join(FITTED_CACHE);
    let mut cache: FittedCache = serde_json::from_str(&std::fs::read_to_string(&path).expect("cache")).expect("parses");
    let real = cache.model.systems[0].a_core_us;
    cache.inputs = "stale".into();
    cache.model.systems[0].a_core_us = real * 100.0;
    std::fs::write(&path, serde_json::to_string(&cache).expect("json")).expect("write");
    let (_, cat) = ingest::load_catalog(&dir).expect("loads");
    let got = cat.throughput.expect("model").systems[0].a_core_us;
    assert!((got - real).abs() < 1e-9, "refitted, not read from the stale cache: {got} vs {real}");
    let _ = std::fs::remove_dir_all(&dir);
}
