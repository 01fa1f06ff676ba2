#![no_main]
//! The rocketmq parser on arbitrary text: it must return measurements or
//! errors (each naming a line), never panic or loop.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Err(errors) = ingest::upload::formats::parse(capacity::upload_format::Format::RocketmqBenchmark, text) {
        assert!(!errors.is_empty(), "a refusal says why");
        let lines = text.lines().count() + 1;
        assert!(errors.iter().all(|e| e.line <= lines), "an error names a line of the file");
    }
});
