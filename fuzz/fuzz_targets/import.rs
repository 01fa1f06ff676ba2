#![no_main]
//! The whole import (detection, parse, checks, summary) on arbitrary bytes with
//! complete metadata: a dataset only when there are no errors, and a summary that
//! summarises to itself.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let meta = ingest::upload::UploadMeta::from_pairs([("system", "kafka"), ("nodes", "3"), ("cores", "8"), ("size", "1024")]).expect("meta");
    let out = ingest::upload::import("fuzz.txt", bytes, None, &meta);
    match &out.dataset {
        Some(ds) => {
            assert!(out.report.errors.is_empty());
            assert_eq!(&ingest::upload::summary::condense(ds), ds);
        }
        None => assert!(!out.report.errors.is_empty() || !out.report.accepted()),
    }
});
