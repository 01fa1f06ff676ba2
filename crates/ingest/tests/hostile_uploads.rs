//! Hostile uploads at the parser level: bounded memory and lists, refusals that
//! say what a file is, cancellation, and names without bidi controls.

use ingest::upload::{import, import_cancellable, UploadMeta};

fn meta() -> UploadMeta {
    UploadMeta::from_pairs([("nodes", "3"), ("cores", "8")]).expect("meta")
}

fn omb(series: &str) -> String {
    format!("{{\"workload\":\"1-topic-1kb\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[{series}]}}")
}

#[test]
fn an_oversized_rate_series_is_refused_while_it_is_read() {
    let n = ingest::upload::formats::omb_json::MAX_SERIES_SAMPLES + 1;
    let doc = omb(&vec!["5000.0"; n].join(","));
    let out = import("big.json", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    assert_eq!(out.report.errors.len(), 1, "{:?}", out.report.errors);
    let e = &out.report.errors[0];
    assert_eq!(e.field, "publishRate");
    assert!(e.reason.contains("more than 100000 samples"), "{}", e.reason);
    // At the cap it is read.
    let doc = omb(&vec!["5000.0"; n - 1].join(","));
    assert!(import("ok.json", doc.as_bytes(), None, &meta()).report.accepted());
}

#[test]
fn a_json_field_given_twice_is_refused_not_last_wins() {
    let doc = r#"{"driver":"kafka","messageSize":1024,"publishRate":[1,2,3],"messageSize":100}"#;
    let out = import("dup.json", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    assert!(out.report.errors[0].reason.contains("given twice") && out.report.errors[0].reason.contains("messageSize"), "{:?}", out.report.errors);
}

#[test]
fn omb_samples_still_import_through_the_typed_reader() {
    let dir = ingest::bundled_data_dir().join("../crates/ingest/tests/samples");
    let bytes = std::fs::read(dir.join("omb_kafka_lowcost_t3_1topic1part1kb.json")).expect("sample");
    let out = import("omb.json", &bytes, None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    assert!(out.report.rows_imported > 0);
}

#[test]
fn a_cancelled_import_stops_and_says_so() {
    let csv = b"system,metric,value,unit,message_bytes\nkafka,produce_throughput,1000,msg/s,100\n";
    let out = import_cancellable("x.csv", csv, None, &meta(), &|| true);
    assert!(out.dataset.is_none() && out.report.id.is_empty());
    assert!(out.report.errors.iter().any(|e| e.reason.starts_with("cancelled")), "{:?}", out.report.errors);
}

#[test]
fn error_lists_are_capped_with_a_count_of_the_rest() {
    let mut csv = String::from("system,metric,value,unit,message_bytes\n");
    for i in 0..5000 {
        csv.push_str(&format!("kafka,produce_throughput,{}x,msg/s,100\n", i));
    }
    let out = import("many.csv", csv.as_bytes(), None, &meta());
    let max = ingest::upload::MAX_LISTED_ERRORS;
    assert!(out.report.errors.len() <= max + 1, "{} errors", out.report.errors.len());
    assert!(out.report.errors.len() >= max, "every row is wrong: the list is full ({})", out.report.errors.len());
    assert!(out.report.errors.last().is_some_and(|e| e.reason.starts_with("only the first")), "{:?}", out.report.errors.last());
}

#[test]
fn unrecognised_files_are_named_for_what_they_look_like() {
    let cases: [(&str, &str); 3] = [
        ("results.md", "| Broker | Throughput (msg/s) | p99 (ms) |\n| Kafka | 1,200,000 | 5 |\n"),
        ("benchmark-output.txt", "14:02:11.045 [main] INFO WorkloadGenerator - Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 99%:  9.8\n"),
        ("metrics.csv", "timestamp,msg_rate,throughput_mbit,latency_p99_ms\n1700000000,100003.6,781.3,9.8\n"),
    ];
    for (name, text) in cases {
        let out = import(name, text.as_bytes(), None, &meta());
        assert_eq!(out.report.format, "unrecognised", "{name}");
        let e = &out.report.errors[0];
        assert_eq!(e.field, "file");
        assert!(e.reason.starts_with("not a format mqplan reads: this looks like"), "{name}: {}", e.reason);
        assert!(e.reason.contains("omb-json") && e.reason.contains("results-table") && e.reason.contains("omb-console"), "lists the formats read");
        assert!(!e.reason.contains("fields where the header has"), "{name}: {}", e.reason);
    }
    let md = import("results.md", cases[0].1.as_bytes(), None, &meta());
    assert!(md.report.errors[0].reason.contains("Markdown table") && md.report.errors[0].reason.contains("|---|"));
    let log = import("benchmark-output.txt", cases[1].1.as_bytes(), None, &meta());
    assert!(log.report.errors[0].reason.contains("console output"));
}

#[test]
fn the_two_commonest_unrecognised_files_are_now_read() {
    let md = "| Broker | Throughput (msg/s) | p99 (ms) | Size |\n|---|---:|---:|---|\n| Kafka | 1,200,000 | 5 | 1 KB |\n";
    let out = import("results.md", md.as_bytes(), None, &meta());
    assert_eq!(out.report.format, "results-table");
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let ds = out.dataset.expect("stored");
    assert!(ds.rows.iter().any(|r| r.value == 1_200_000.0 && r.workload.message_bytes == Some(1024.0)));
    let log = "14:02:11.045 [main] INFO WorkloadGenerator - Pub rate 100003.6 msg/s / 97.7 MB/s | Pub err     0.0 err/s | Cons rate 100003.4 msg/s / 97.7 MB/s | Backlog:  0.0 K | Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 99%:  9.8\n";
    let m = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("system", "kafka")]).expect("meta");
    let out = import("benchmark-output.txt", log.as_bytes(), None, &m);
    assert_eq!(out.report.format, "omb-console");
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    // A broken line is refused with its line and field; nothing is stored.
    let bad = log.replace("100003.6", "100,003.6");
    let out = import("benchmark-output.txt", bad.as_bytes(), None, &m);
    assert!(out.dataset.is_none());
    assert_eq!((out.report.errors[0].line, out.report.errors[0].field.as_str()), (1, "pub_rate"));
}

#[test]
fn bidi_controls_are_stripped_from_names() {
    assert_eq!(ingest::upload::sanitize_name("invoice\u{202e}fdp.exe"), "invoicefdp.exe");
    assert_eq!(ingest::upload::sanitize_name("a\u{2066}b\u{2069}c\u{200f}"), "abc");
    let m = UploadMeta::from_pairs([("title", "x\u{202d}y")]).expect("meta");
    assert_eq!(m.title.as_deref(), Some("xy"));
}

/// A title or version made only of control and bidi characters is not given: the
/// upload keeps its default title (file name and format), not "" (a stop-31 tester).
#[test]
fn a_title_of_control_characters_alone_is_not_given() {
    let m = UploadMeta::from_pairs([("title", "\u{1}\u{7f}\u{202e} \u{9}"), ("version", "\u{0}\u{200f}"), ("system", "kafka"), ("nodes", "3"), ("cores", "8")]).expect("meta");
    assert_eq!((m.title.as_deref(), m.version.as_deref()), (None, None));
    let csv = "system,metric,value,unit,message_bytes\nkafka,produce_throughput,1000,msg/s,100\n";
    let out = import("mine.csv", csv.as_bytes(), None, &m);
    let ds = out.dataset.expect("imported");
    assert!(ds.source.title.starts_with("mine.csv ("), "default title kept: {:?}", ds.source.title);
    let m = UploadMeta::from_pairs([("title", "\u{1}  run 7 \u{7}")]).expect("meta");
    assert_eq!(m.title.as_deref(), Some("run 7"), "kept text, trimmed");
}

#[test]
fn nic_gbps_has_the_dataset_range_and_no_internal_name_is_shown() {
    // The plan field's range, which recorded datasets share since stop 18 (1,600 Gbit/s).
    let e = UploadMeta::from_pairs([("nic_gbps", "1700")]).expect_err("over the dataset range");
    assert_eq!(e[0].field, "nic_gbps");
    assert!(e[0].reason.contains("1600"), "{}", e[0].reason);
    assert!(UploadMeta::from_pairs([("nic_gbps", "1600")]).is_ok());
}

#[test]
fn mixed_cr_lf_and_crlf_line_endings_are_lines() {
    let csv = "system,metric,value,unit,message_bytes\r\nkafka,produce_throughput,1000,msg/s,100\rkafka,produce_throughput,2000,msg/s,200\nkafka,produce_throughput,3000,msg/s,400\r\n";
    let out = import("mixed.csv", csv.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    assert_eq!(out.report.rows_imported, 3);
}

/// Found by the `mqplan_csv` fuzz target (stop 13): a quoted cell opened in a numeric
/// column and never closed made polars' CSV reader panic ("slice index starts at 1
/// but ends at 0", polars-io 0.52 `csv/read/buffer.rs`). Refused before polars reads
/// it, naming the line.
#[test]
fn a_quote_never_closed_in_a_number_column_is_refused_not_a_panic() {
    let found = include_str!("fuzz_found/mqplan_csv_unclosed_quote.txt");
    for text in [
        found,
        "system,metric,value,unit\nkafka,produce_throughput,1,msg/s\nkafka,produce_throughput,\"",
        "system,metric,value,unit\nkafka,produce_throughput,5,msg/s\nkafka,produce_throughput,7,msg/s\n\"",
    ] {
        let errors = ingest::upload::formats::parse(capacity::upload_format::Format::MqplanCsv, text).expect_err("refused");
        assert!(errors.iter().any(|e| e.line >= 2 && e.reason.contains("never closed")), "{errors:?}");
    }
}

/// Latency percentiles that fall as the percentile rises (found by an adversarial
/// tester: p50 100 ms, p99 10 ms, p99.9 5 ms were stored without a word) are
/// flagged at the line of the offending percentile; ordered runs, one per message
/// size, are not.
#[test]
fn inverted_latency_percentiles_are_flagged_at_their_line() {
    let csv = "system,metric,value,unit,message_bytes,percentile\nkafka,e2e_latency,100,ms,1024,50\nkafka,e2e_latency,10,ms,1024,99\nkafka,e2e_latency,5,ms,1024,99.9\nkafka,produce_throughput,1000,msg/s,1024,\n";
    let out = import("inverted.csv", csv.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let w: Vec<_> = out.report.warnings.iter().filter(|l| l.code == "percentiles_inverted").collect();
    assert_eq!(w.len(), 1, "{:?}", out.report.warnings);
    assert_eq!(w[0].line, Some(3), "{:?}", w[0]);
    assert!(w[0].message.contains("p99 10 ms is below p50 100 ms"), "{}", w[0].message);
    let ordered = "system,metric,value,unit,message_bytes,percentile\nkafka,e2e_latency,5,ms,1024,50\nkafka,e2e_latency,10,ms,1024,99\nkafka,produce_throughput,1000,msg/s,1024,\n";
    let out = import("ordered.csv", ordered.as_bytes(), None, &meta());
    assert!(out.report.warnings.iter().all(|l| l.code != "percentiles_inverted"), "{:?}", out.report.warnings);
    // Two message sizes are two runs: each ordered, though 1 KB's p99 is below 100 B's p50.
    let sizes = "system,metric,value,unit,message_bytes,percentile\nkafka,e2e_latency,50,ms,100,50\nkafka,e2e_latency,60,ms,100,99\nkafka,e2e_latency,5,ms,1024,50\nkafka,e2e_latency,10,ms,1024,99\nkafka,produce_throughput,1000,msg/s,1024,\n";
    let out = import("sizes.csv", sizes.as_bytes(), None, &meta());
    assert!(out.report.warnings.iter().all(|l| l.code != "percentiles_inverted"), "{:?}", out.report.warnings);
}

/// Metadata that the file's own lines contradict is set aside, and the report says
/// so at the line (found by an adversarial tester: both were silent).
#[test]
fn metadata_the_file_contradicts_is_named_at_its_line() {
    let csv = "system,metric,value,unit,message_bytes\nkafka,produce_throughput,1000,msg/s,100\n";
    let with = |pairs: &[(&str, &str)]| {
        let m = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8")].into_iter().chain(pairs.iter().copied())).expect("meta");
        import("c.csv", csv.as_bytes(), None, &m).report
    };
    let r = with(&[("size", "4096")]);
    let w = r.warnings.iter().find(|l| l.code == "size_mismatch").unwrap_or_else(|| panic!("{:?}", r.warnings));
    assert_eq!(w.line, Some(2));
    assert!(w.message.contains("size 4,096 B given, but the file gives 100 B"), "{}", w.message);
    let r = with(&[("system", "pulsar")]);
    let w = r.warnings.iter().find(|l| l.code == "system_relabelled").unwrap_or_else(|| panic!("{:?}", r.warnings));
    assert!(w.message.contains("system Pulsar given, but the file's rows name Kafka"), "{}", w.message);
    let r = with(&[("size", "100"), ("system", "kafka")]);
    assert!(r.warnings.iter().all(|l| l.code != "size_mismatch" && l.code != "system_relabelled"), "{:?}", r.warnings);
}

/// A negative value is quoted as written (`-5`), not in Rust's scientific form
/// (`-5e0`, noticed at stop 16): the error names line 3, the value column and why.
#[test]
fn an_out_of_range_value_is_quoted_as_written() {
    let text = "system,metric,value,unit\nkafka,produce_throughput,1,msg/s\nkafka,produce_throughput,-5,msg/s\n";
    let errors = ingest::upload::formats::parse(capacity::upload_format::Format::MqplanCsv, text).expect_err("refused");
    let e = errors.iter().find(|e| e.line == 3).unwrap_or_else(|| panic!("{errors:?}"));
    assert_eq!(e.field, "value", "{e:?}");
    assert!(e.reason.starts_with("-5 is out of range"), "{}", e.reason);
    assert!(!e.reason.contains("e0"), "{}", e.reason);
}

/// One range per field (DESIGN.md §7): the hardware an upload may describe is what a
/// plan accepts — cores up to 1,024 and a NIC up to 1,600 Gbit/s in both (uploads said
/// 1,024 / 1,000 and plans 512 / 1,600 until stop 18), a replication factor up to 7
/// in both (uploads took 16 until stop 19) — and the refusal quotes it.
#[test]
fn upload_metadata_and_plans_share_each_fields_range() {
    use capacity::fields::max_of;
    for (field, top, over) in [("cores", "1024", "1025"), ("nic_gbps", "1600", "1601"), ("ram_gb", "65536", "65537"), ("disks", "64", "65"), ("rf", "7", "8")] {
        assert!(ingest::upload::UploadMeta::from_pairs([(field, top)]).is_ok(), "{field}={top} refused by uploads");
        assert!(capacity::Workload::from_params([(field, top)]).is_ok(), "{field}={top} refused by plans");
        let errors = ingest::upload::UploadMeta::from_pairs([(field, over)]).expect_err("over the range");
        assert!(errors[0].field == field && errors[0].reason.contains(&format!("{}", max_of(field))), "{errors:?}");
        assert!(capacity::Workload::from_params([(field, over)]).is_err(), "{field}={over} accepted by plans");
    }
}

/// Message sizes are held to the range plans take (1 B to 16 MiB) in the metadata and
/// in the file alike, so every accepted run can be planned at its own size; before,
/// uploads took 0.001 B to 1 GB (a stop-19 tester).
#[test]
fn message_sizes_outside_what_plans_take_are_refused_by_field() {
    for bad in ["0.5", "16777217", "1e9", "-1", "inf", "0", "big"] {
        let e = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("size", bad)]).expect_err(bad);
        assert!(e.iter().any(|x| x.field == "size" && x.reason.contains("1 B to 16,777,216 B")), "{bad}: {e:?}");
    }
    assert!(UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("size", "16777216")]).is_ok());
    let m = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("system", "kafka"), ("run", "max")]).expect("meta");
    for (size, ok) in [("0.5", false), ("20000000", false), ("1024", true)] {
        let csv = format!("system,metric,value,unit,message_bytes\nkafka,produce_throughput,1000,msg/s,{size}\n");
        let out = import("u.csv", csv.as_bytes(), None, &m);
        assert_eq!(out.report.accepted(), ok, "{size}: {:?}", out.report.errors);
        if !ok {
            assert!(out.report.errors.iter().any(|e| e.line == 2 && e.reason.contains("16 MiB")), "{size}: {:?}", out.report.errors);
        }
    }
}

/// A stop-20 tester uploaded 19,990 distinct conditions (under the cap of 20,000
/// then): each is a point every plan naming the dataset fits and carries (an 8.3 MB
/// page; the fit took 22 CPU-seconds until its pairwise scan was made linear). The
/// cap is now 2,000, and a file past it is refused whole, saying why.
#[test]
fn a_table_of_thousands_of_conditions_is_refused_naming_the_cap() {
    let rows = |n: usize| -> String {
        let mut s = String::from("system,metric,value,unit,percentile,message_bytes,load,note\n");
        for i in 0..n {
            s.push_str(&format!("kafka,produce_throughput,{},msg/s,,{},max,r{i}\n", 1000 + i, 100 + i % 900));
        }
        s
    };
    let cap = ingest::upload::MAX_CONDITIONS;
    assert_eq!(cap, 2_000);
    let out = import("many.csv", rows(cap + 1).as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    assert!(out.report.errors.iter().any(|e| e.reason.contains("2001 distinct conditions") && e.reason.contains("at most 2000")), "{:?}", out.report.errors);
    assert!(import("ok.csv", rows(cap).as_bytes(), None, &meta()).report.accepted());
}

/// An adversarial tester uploaded `1e-300` msg/s: accepted (only 0 was refused),
/// it turned the plan's fit into NaN. A rate under a millionth of its unit is
/// refused, naming the line and field.
#[test]
fn a_near_zero_throughput_is_refused() {
    let csv = "system,metric,value,unit,percentile,message_bytes,load,note\nkafka,produce_throughput,1e-300,msg/s,,1024,max,a\nkafka,produce_throughput,5,msg/s,,100,max,b\n";
    let out = import("tiny.csv", csv.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.iter().find(|e| e.line == 2).unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert!(e.reason.contains("too small"), "{}", e.reason);
    let ok = "system,metric,value,unit,percentile,message_bytes,load,note\nkafka,produce_throughput,0.5,msg/s,,1024,max,a\n";
    assert!(import("slow.csv", ok.as_bytes(), None, &meta()).report.accepted());
}

/// An adversarial tester: seven samples of one condition reported
/// `rows_imported: 1` (and 1.9 M rows too), where the README says rows read.
#[test]
fn rows_imported_counts_the_rows_read_and_rows_stored_the_conditions() {
    let mut csv = String::from("system,metric,value,unit,percentile,message_bytes,load,note\n");
    for v in [1000, 1010, 990, 1005, 995, 1002, 998] {
        csv.push_str(&format!("kafka,produce_throughput,{v},msg/s,,1024,max,a\n"));
    }
    let out = import("seven.csv", csv.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    assert_eq!((out.report.rows_imported, out.report.rows_stored), (7, 1));
}

/// An adversarial tester: an OMB result stating `messageSize` -1, 0 or 1e300 was
/// told "the message size is not in the file". It is out of range, and said so.
#[test]
fn an_omb_message_size_out_of_range_is_named() {
    for size in ["-1", "0", "1e300"] {
        let doc = format!("{{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":{size},\"publishRate\":[1000,1000,1000]}}");
        let out = import("s.json", doc.as_bytes(), None, &meta());
        assert!(out.dataset.is_none());
        let e = out.report.errors.first().unwrap_or_else(|| panic!("{size}: no error"));
        assert!(e.field == "messageSize" && e.reason.contains("out of range"), "{size}: {e:?}");
    }
}

/// A stop-21 tester: a results table of 2,001 distinct sizes was stored (the cap
/// held only for the long CSV), and 3 rows with a rate, p50 and p99 reported
/// `rows_imported: 9`.
#[test]
fn the_condition_cap_and_rows_read_hold_for_results_tables() {
    let mut t = String::from("| System | size (B) | Produce rate (msg/s) | p99 (ms) |\n|---|---|---|---|\n");
    for i in 0..1001 {
        t.push_str(&format!("| Kafka | {} | {} | {} |\n", 100 + i, 1000 + i, 5 + i % 7));
    }
    let out = import("t.md", t.as_bytes(), None, &meta());
    assert!(out.dataset.is_none(), "2,002 conditions stored");
    assert!(out.report.errors.iter().any(|e| e.reason.contains("at most 2000")), "{:?}", out.report.errors);
    let t = "| System | size (B) | Produce rate (msg/s) | p50 (ms) | p99 (ms) |\n|---|---|---|---|---|\n| Kafka | 100 | 1000 | 2 | 5 |\n| Kafka | 200 | 900 | 2 | 6 |\n| Pulsar | 100 | 800 | 3 | 9 |\n";
    let out = import("three.md", t.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    assert_eq!(out.report.rows_imported, 3);
}

/// A negative throughput is refused as negative, naming its line and field (an
/// adversarial tester's `-250k` in a results table was refused as "a throughput of 0").
#[test]
fn a_negative_throughput_is_refused_as_negative() {
    let doc = "| system | size (B) | produce (msg/s) | p99 (ms) |\n|---|---|---|---|\n| Kafka | 1024 | -250k | 18 |\n";
    let out = import("t.md", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.iter().find(|e| e.field == "produce_throughput").unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert_eq!(e.line, 3);
    assert!(e.reason.contains("-250000 msg/s is negative"), "{}", e.reason);
}

/// Stop 26's adversarial tester: OMB counts out of range (`partitions: 0`,
/// `producersPerTopic: -3`, `topics: 1e9`, a fractional partition count) were read
/// as "not stated". Each is refused, naming its field and line; in range they import.
#[test]
fn omb_counts_out_of_range_are_refused_with_their_field() {
    for (key, value) in [("partitions", "0"), ("producersPerTopic", "-3"), ("topics", "1e9"), ("partitions", "2.5"), ("consumersPerTopic", "-1")] {
        let doc = format!("{{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":1024,\n\"{key}\":{value},\n\"publishRate\":[1000,1000,1000]}}");
        let out = import("c.json", doc.as_bytes(), None, &meta());
        assert!(out.dataset.is_none(), "{key}={value} stored");
        let e = out.report.errors.first().unwrap_or_else(|| panic!("{key}={value}: no error"));
        assert_eq!((e.field.as_str(), e.line), (key, 2), "{e:?}");
        assert!(e.reason.contains("not a whole number"), "{e:?}");
    }
    let doc = "{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":1024,\"topics\":1,\"partitions\":16,\"producersPerTopic\":2,\"consumersPerTopic\":0,\"publishRate\":[1000,1000,1000]}";
    assert!(import("ok.json", doc.as_bytes(), None, &meta()).report.accepted());
}

/// A publishRate with a negative sample is refused (sample, field, line); one with
/// no sample above zero, beside latencies that still import, says it gave no rate
/// instead of dropping the produce row unseen (stop 26's tester).
#[test]
fn omb_rate_series_without_a_rate_say_so() {
    let doc = "{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":1024,\n\"publishRate\":[1000,-5,1000],\"aggregatedPublishLatency99pct\":4.2}";
    let out = import("n.json", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = &out.report.errors[0];
    assert!(e.field == "publishRate" && e.line == 2 && e.reason.contains("sample 2 of 3 is -5 msg/s"), "{e:?}");
    for series in ["", "0,0,0"] {
        let doc = format!("{{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[{series}],\"aggregatedPublishLatency99pct\":4.2}}");
        let out = import("z.json", doc.as_bytes(), None, &meta());
        assert!(out.report.accepted(), "{series}: {:?}", out.report.errors);
        assert!(out.report.warnings.iter().any(|l| l.code == "no_rate" && l.message.contains("none above zero")), "{series}: {:?}", out.report.warnings);
    }
}

/// An empty (or blank) body is refused as empty, whatever format was asked for
/// (stop 26's tester got "text without a table header").
#[test]
fn an_empty_upload_is_refused_as_empty() {
    for body in ["", "  \n\t\n"] {
        let out = import("e.csv", body.as_bytes(), None, &meta());
        assert!(out.dataset.is_none());
        let e = out.report.errors.first().unwrap_or_else(|| panic!("{body:?}: no error"));
        assert!(e.field == "file" && (e.reason.contains("empty") || e.reason.contains("only white space")), "{e:?}");
    }
}

/// A results-table row whose msg/s and MB/s figures for one rate disagree past 2×
/// at its message size is refused, naming its line (stop 26's tester: 50,000 msg/s of
/// 1 KiB beside 512 MB/s, 10× apart, was read as the msg/s alone). Figures that
/// agree (1,045,000 msg/s × 1,024 B = 1,070 MB/s) import.
#[test]
fn a_row_whose_msgs_and_mbps_disagree_is_refused() {
    let doc = "| system | size (B) | produce (msg/s) | produce (MB/s) |\n|---|---|---|---|\n| Kafka | 1024 | 50000 | 512 |\n";
    let out = import("t.md", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.iter().find(|e| e.field == "produce_throughput").unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert_eq!(e.line, 3);
    assert!(e.reason.contains("51.2 MB/s") && e.reason.contains("512 MB/s") && e.reason.contains("10× apart"), "{}", e.reason);
    let ok = "| system | size (B) | produce (msg/s) | produce (MB/s) |\n|---|---|---|---|\n| Kafka | 1024 | 1,045,000 | 1,070.1 |\n";
    assert!(import("ok.md", ok.as_bytes(), None, &meta()).report.accepted());
}

/// An OMB result consuming 10× what it produced, with no fan-out in the metadata,
/// is questioned (stop 26's tester saw it stored without a word); 1× is not.
#[test]
fn a_consume_rate_far_above_the_produce_rate_is_questioned() {
    let doc = |c: &str| format!("{{\"workload\":\"w\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[1000,1000,1000],\"consumeRate\":[{c},{c},{c}]}}");
    let out = import("c.json", doc("10000").as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let l = out.report.warnings.iter().find(|l| l.code == "consume_exceeds_produce").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    assert!(l.message.contains("10×"), "{}", l.message);
    let out = import("c.json", doc("1000").as_bytes(), None, &meta());
    assert!(!out.report.warnings.iter().any(|l| l.code == "consume_exceeds_produce"), "{:?}", out.report.warnings);
}

/// Stop 27's adversarial tester, re-run: (1) one run given in msg/s and in MB/s in an
/// mqplan CSV kept the larger, converted, without a word — refused now, naming the
/// second line and `unit`; (2) a negative RocketMQ `Send TPS` was read as a stalled 0
/// — refused with its line; (3) a percentile on a throughput row was accepted —
/// refused; (4) the summary's "median" of two rows was the lower one — the mean of
/// the two middles now.
#[test]
fn stop_27_tester_uploads_are_refused_or_told_truly() {
    let head = "system,metric,value,unit,percentile,message_bytes,load,note\n";
    let mixed = format!("{head}kafka,produce_throughput,268000,msg/s,,1024,max,a\nkafka,produce_throughput,268000,MB/s,,1024,max,a\n");
    let out = import("mix.csv", mixed.as_bytes(), None, &meta());
    assert!(out.dataset.is_none(), "stored");
    let e = out.report.errors.iter().find(|e| e.field == "unit").unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert!(e.line == 3 && e.reason.contains("msg/s on line 2"), "{e:?}");
    let two_runs = format!("{head}kafka,produce_throughput,268000,msg/s,,1024,max,a\nkafka,produce_throughput,270,MB/s,,1024,max,b\n");
    assert!(import("runs.csv", two_runs.as_bytes(), None, &meta()).report.accepted(), "two runs, two notes");

    let rq = "sh producer.sh -t t -w 10 -s 1024 -n x:9876\nSend TPS: 4281 Max RT: 299 Average RT: 0.233 Send Failed: 0 Response Failed: 0\nSend TPS: -4300 Max RT: 299 Average RT: 0.233 Send Failed: 0 Response Failed: 0\nSend TPS: 4200 Max RT: 299 Average RT: 0.233 Send Failed: 0 Response Failed: 0\n";
    let out = import("rq.txt", rq.as_bytes(), None, &meta());
    assert!(out.dataset.is_none(), "stored");
    let e = &out.report.errors[0];
    assert!(e.line == 3 && e.field == "Send TPS" && e.reason.contains("-4300"), "{e:?}");

    let pct = format!("{head}kafka,produce_throughput,268000,msg/s,99,1024,max,\n");
    let out = import("pct.csv", pct.as_bytes(), None, &meta());
    assert!(out.dataset.is_none() && out.report.errors.iter().any(|e| e.field == "percentile" && e.line == 2), "{:?}", out.report.errors);

    let table = "| system | size (B) | p99 (ms) |\n|---|---|---|\n| Kafka | 1024 | 1.23 |\n| Kafka | 1024 | 12.5 |\n";
    let out = import("t.md", table.as_bytes(), None, &meta());
    let ds = out.dataset.unwrap_or_else(|| panic!("{:?}", out.report.errors));
    let note = ds.rows[0].note.clone().unwrap_or_default();
    assert!(note.contains("median 6.8") && note.contains("range 1.23–12.5"), "{note}");
}

/// A results table naming one column twice is refused, naming it (stop 27's tester:
/// `| system | msg/s | msg/s | size (B) |` stored 250,000 beside 25 unsaid).
#[test]
fn a_results_table_column_given_twice_is_refused() {
    let t = "| system | msg/s | msg/s | size (B) |\n|---|---|---|---|\n| Kafka | 250000 | 25 | 1024 |\n";
    let out = import("t.md", t.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = &out.report.errors[0];
    assert!(e.line == 1 && e.reason.contains("column 3 repeats \"msg/s\""), "{e:?}");
}

/// An mqplan CSV column naming run metadata (`rf`, `nodes`, `cores`, `partitions`)
/// is refused by name: it is read from the upload's fields, not the rows (stop 27's
/// tester: rf 1 and 100 partitions dropped unsaid; without flags, "nodes … is not in
/// the file" beside a nodes column).
#[test]
fn metadata_columns_in_an_mqplan_csv_are_refused_by_name() {
    let csv = "system,metric,value,unit,percentile,message_bytes,load,note,rf,nodes,cores,partitions\nkafka,produce_throughput,268000,msg/s,,1024,max,,1,5,64,100\n";
    let out = import("m.csv", csv.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let fields: Vec<&str> = out.report.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["rf", "nodes", "cores", "partitions"], "{:?}", out.report.errors);
    assert!(out.report.errors[0].reason.contains("column 9 (rf) is metadata"), "{:?}", out.report.errors[0]);
}

/// A results-table cell in scientific notation is refused as such, not as an unknown
/// rate unit "e300" (stop 27's tester).
#[test]
fn scientific_notation_in_a_table_is_named() {
    let t = "| system | size (B) | produce (msg/s) |\n|---|---|---|\n| Kafka | 1024 | 1e300 |\n";
    let out = import("t.md", t.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = &out.report.errors[0];
    assert!(e.line == 3 && e.reason.contains("scientific notation"), "{e:?}");
}

/// A null sample in an OMB rate series is left out and said to be (stop 27's tester
/// saw it dropped with only the sample count to show it).
#[test]
fn omb_null_samples_are_counted_out_loud() {
    let doc = omb("1000,null,1000,1000,1000");
    let out = import("n.json", doc.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let l = out.report.warnings.iter().find(|l| l.code == "null_samples").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    assert!(l.message.contains("1 null sample(s) of 5"), "{}", l.message);
}

/// Many runs with inverted percentiles are listed three at a time and the rest
/// counted with their lines (stop 27's tester read one warning per row).
#[test]
fn inverted_percentiles_over_many_runs_are_counted_not_listed() {
    let mut csv = String::from("system,metric,value,unit,message_bytes,percentile\n");
    for size in 1..=20 {
        csv.push_str(&format!("kafka,e2e_latency,100,ms,{},50\nkafka,e2e_latency,10,ms,{},99\n", size * 100, size * 100));
    }
    csv.push_str("kafka,produce_throughput,1000,msg/s,100,\n");
    let out = import("many.csv", csv.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let w: Vec<_> = out.report.warnings.iter().filter(|l| l.code == "percentiles_inverted").collect();
    assert_eq!(w.len(), 3, "{w:?}");
    assert!(w[2].message.contains("the same in 17 more run(s) (line(s) 9, 11, 13,") && w[2].message.ends_with(", …)"), "{}", w[2].message);
}

/// A note over the cap is refused at its line, naming the field: a stop-29 tester's
/// 62 MB note compressed to 2.8 KB and made every read of the dataset a 62 MB reply.
#[test]
fn a_note_past_the_cap_is_refused_at_its_line() {
    let max = ingest::upload::MAX_NOTE_CHARS;
    let csv = |note: &str| format!("system,metric,value,unit,percentile,message_bytes,load,note\nkafka,produce_throughput,268000,msg/s,,1024,max,base\nkafka,produce_throughput,300000,msg/s,,1024,max,{note}\n");
    let out = import("n.csv", csv(&"x".repeat(max + 1)).as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.iter().find(|e| e.field == "note").unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert_eq!(e.line, 3, "{e:?}");
    assert!(e.reason.contains(&format!("{} characters; at most {max}", max + 1)), "{}", e.reason);
    // At the cap it is kept.
    assert!(import("n.csv", csv(&"x".repeat(max)).as_bytes(), None, &meta()).report.accepted());
}

/// A results table longer than the measurements an upload may hold is refused with
/// its row count, its rows past the cap counted rather than kept (a stop-29 tester's
/// 2.5 M-row Markdown table took 1.5 GB before its refusal).
#[test]
fn a_results_table_past_the_row_cap_is_refused_by_count() {
    let max = ingest::upload::formats::table_cells::MAX_TABLE_ROWS;
    let mut md = String::from("| system | msg/s | size |\n|---|---|---|\n");
    for i in 0..max + 5 {
        md.push_str(&format!("| Kafka | {}k | {} B |\n", 100 + i % 500, 100 + i % 3000));
    }
    let out = import("t.md", md.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = &out.report.errors[0];
    assert_eq!(e.field, "file");
    assert!(e.reason.contains(&format!("{} table rows; at most {max}", max + 5)), "{}", e.reason);
}

/// Stop-29 tester's uploads that were taken without a word: a negative pulsar-perf
/// rate (interval and aggregated lines), a RocketMQ TPS of 1e26 and an OMB
/// `messageSize` of 1.5 B. Each is refused at its line and field.
#[test]
fn stop_29_tester_uploads_are_refused_at_their_line() {
    let refused = |name: &str, text: &str, field: &str, line: usize, says: &str| {
        let out = import(name, text.as_bytes(), None, &meta());
        assert!(out.dataset.is_none(), "{name}: stored");
        let e = out.report.errors.iter().find(|e| e.field == field).unwrap_or_else(|| panic!("{name}: {:?}", out.report.errors));
        assert_eq!(e.line, line, "{name}: {e:?}");
        assert!(e.reason.contains(says), "{name}: {}", e.reason);
    };
    let pulsar = "bin/pulsar-perf produce -r 1000 -s 1024 persistent://t/n/x\n\
        10:00:01.000 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced:    1000.0 msg/s ---      7.8 Mbit/s --- failure      0.0 msg/s --- Latency: mean:   2.1 ms - med:   2.0 - 95pct:   3.0 - 99pct:   4.0 - 99.9pct:   5.0 - 99.99pct:   6.0 - Max:   7.0\n\
        10:00:11.000 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced:    -100.0 msg/s ---      7.8 Mbit/s --- failure      0.0 msg/s --- Latency: mean:   2.1 ms - med:   2.0 - 95pct:   3.0 - 99pct:   4.0 - 99.9pct:   5.0 - 99.99pct:   6.0 - Max:   7.0\n";
    refused("p.txt", pulsar, "msg/s", 3, "-100 msg/s is negative");
    let rocket = "sh producer.sh -t x -w 10 -s 1024 -n h\n\nSend TPS: 100 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\nSend TPS: 99999999999999999999999999 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\n";
    refused("r.log", rocket, "Send TPS", 4, "is not a rate");
    let omb = r#"{"workload":"1-topic-1kb","driver":"kafka","messageSize":1.5,"publishRate":[5000.0,5000.0]}"#;
    refused("o.json", omb, "messageSize", 1, "not a whole number of bytes");
}

/// Rates past any measurement are refused sample by sample, naming the file's own
/// key and the sample, before they are averaged or a message size is read off them
/// (an adversarial tester: OMB samples of 1e308 were refused as "inf" under our
/// field name, and pulsar-perf's as a message size of inf B).
#[test]
fn rates_past_any_measurement_are_refused_where_they_stand() {
    let out = import("huge.json", omb("5000.0,1e308,5000.0").as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!(e.field, "publishRate");
    assert!(e.reason.starts_with("sample 2 of 3 is") && e.reason.contains("above 1e12"), "{}", e.reason);
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/pulsar_perf_produce_consume_output.txt")).expect("sample");
    let line = text.lines().position(|l| l.contains("Throughput produced:")).expect("a produce line");
    let hostile: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == line { l.replace("    93.7  msg/s ---      0.7 Mbit/s", "1e308 msg/s --- 1e308 Mbit/s") } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(hostile.contains("1e308 msg/s"), "the sample's first line changed");
    let out = import("perf.txt", hostile.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.iter().find(|e| e.line == line + 1).unwrap_or_else(|| panic!("{:?}", out.report.errors));
    assert_eq!(e.field, "msg/s");
    assert!(e.reason.contains("above 1e12") && !e.reason.contains("message size"), "{}", e.reason);
}

/// An aggregated latency past any measurement is refused under the file's own key
/// and line (a stop-36 reviewer: 1e308 ms was named `publish_latency`, a name the
/// file does not have).
#[test]
fn an_omb_latency_past_any_measurement_is_refused_under_its_key() {
    for (key, value, shown) in [("aggregatedPublishLatency99pct", "1e308", "1e308 ms"), ("aggregatedEndToEndLatency50pct", "-4", "-4 ms")] {
        let doc = format!("{{\"workload\":\"1-topic-1kb\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[5000,5000,5000],\n\"{key}\":{value}}}");
        let out = import("lat.json", doc.as_bytes(), None, &meta());
        assert!(out.dataset.is_none(), "{key}={value} stored");
        let e = out.report.errors.first().unwrap_or_else(|| panic!("{key}={value}: {:?}", out.report));
        assert_eq!((e.field.as_str(), e.line), (key, 2), "{e:?}");
        assert!(e.reason.starts_with(shown) && e.reason.contains("out of range"), "{}", e.reason);
    }
}

/// A results table whose every row is of a system mqplan does not plan says so,
/// naming them, rather than that no rate could be read (an adversarial tester).
#[test]
fn a_table_of_unplanned_systems_only_says_which() {
    let t = "| system | produce msg/s | size |\n|---|---|---|\n| kafkaX | 50000 | 1 KB |\n";
    let out = import("t.md", t.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!(e.field, "system");
    assert!(e.reason.contains("kafkaX (1 row)") && e.reason.contains("does not plan"), "{}", e.reason);
}

/// A non-finite value in an mqplan CSV is refused once, not once as "not a finite
/// number" and again as "out of range" (an adversarial tester).
#[test]
fn a_non_finite_csv_value_is_refused_once() {
    for bad in ["inf", "NaN"] {
        let t = format!("system,metric,value,unit,percentile,message_bytes,load,note\nkafka,produce_throughput,{bad},msg/s,,1024,max,\n");
        let out = import("bad.csv", t.as_bytes(), None, &meta());
        assert!(out.dataset.is_none());
        let on_line: Vec<_> = out.report.errors.iter().filter(|e| e.line == 2 && e.field == "value").collect();
        assert_eq!(on_line.len(), 1, "{bad}: {:?}", out.report.errors);
    }
}

/// An HTML row of 150,000 cells is read in one pass (each cell had searched to the
/// end of its row: a stop-37 tester's 3 MB row ran for minutes past the request's
/// timeout, holding an import slot), and refused at its line: for its width since
/// stop 38 (past 256 columns), and within it for its repeated column.
#[test]
fn a_long_html_row_is_read_in_one_pass() {
    let n = 150_000;
    let doc = format!("<p>x</p>\n<table><tr>{}</tr>\n<tr><td>1</td></tr></table>", "<th>Rate (msg/s)</th>".repeat(n));
    let out = import("wide.html", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!((e.line, e.field.as_str()), (2, "header"), "{e:?}");
    assert!(e.reason.starts_with("150000 columns; at most 256"), "{}", e.reason);
    let doc = format!("<p>x</p>\n<table><tr>{}</tr>\n<tr><td>1</td></tr></table>", "<th>Rate (msg/s)</th>".repeat(200));
    let out = import("wide.html", doc.as_bytes(), None, &meta());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!((e.line, e.field.as_str()), (2, "Rate (msg/s)"), "{e:?}");
    assert!(e.reason.contains("column 2 repeats"), "{}", e.reason);
}

/// A Markdown table line past 64 KiB is refused at its line before pulldown-cmark
/// reads it (a stop-37 tester's cell of 30 M `[` held 2.25 GB); text before the
/// table, brackets and all, is never parsed.
#[test]
fn a_markdown_table_line_past_its_cap_is_refused_at_its_line() {
    let long = format!("| Kafka | 1000 | {} |\n", "[".repeat(70_000));
    let doc = format!("{}\n\n| System | Rate (msg/s) | Note |\n|---|---|---|\n| Kafka | 2000 | a |\n{long}", "[".repeat(2_000_000));
    // The format is forced: detection reads the file's head, here all brackets.
    let table = Some(ingest::upload::Format::ResultsTable);
    let out = import("long.md", doc.as_bytes(), table, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!((e.line, e.field.as_str()), (6, "row"), "{e:?}");
    assert!(e.reason.starts_with("a table line of 70019 bytes; at most 65536"), "{}", e.reason);
    let ok = format!("{}\n\n| System | Rate (msg/s) | Size (B) |\n|---|---|---|\n| Kafka | 2000 | 1024 |\n", "[".repeat(2_000_000));
    let out = import("brackets.md", ok.as_bytes(), table, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
}

/// A long Markdown table is read in pieces behind its header: every row, at its own
/// line, across the pieces; a paragraph right after the last row ends it, and a second
/// table is counted.
#[test]
fn a_long_markdown_table_is_read_piece_by_piece_at_its_lines() {
    let rows = 30_000;
    let mut doc = String::from("Results\n\n| System | Rate (msg/s) | Note |\n|---|--:|---|\n");
    for i in 0..rows {
        doc.push_str(&format!("| Kafka | {} | run {i} of many, padded to be long enough |\n", 1000 + i));
    }
    doc.push_str("# After\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    let t = ingest::upload::formats::table_cells::markdown(&doc).expect("table");
    assert!(doc.len() > 4 * 256 * 1024, "{} bytes: more than four pieces", doc.len());
    assert_eq!(t.header, (3, vec!["System".to_string(), "Rate (msg/s)".into(), "Note".into()]));
    assert_eq!(t.rows.len(), rows);
    for (k, (line, cells)) in t.rows.iter().enumerate() {
        assert_eq!(*line, k + 5, "row {k}");
        assert_eq!(cells[1], (1000 + k).to_string(), "row {k}");
    }
    assert_eq!(t.more_tables, 1);
}

/// A percentile OMB left empty (JSON null, console NaN) is said to be missing, not
/// dropped unsaid (a stop-37 tester: the p99 vanished where null rate samples are
/// counted out loud).
#[test]
fn an_omb_percentile_left_empty_is_said_to_be_missing() {
    let doc = "{\"workload\":\"1-topic-1kb\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[5000,5000,5000],\n\"aggregatedPublishLatency99pct\":null,\"aggregatedPublishLatency50pct\":2.0}";
    let out = import("null.json", doc.as_bytes(), None, &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let l = out.report.warnings.iter().find(|l| l.code == "latency_missing").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    assert_eq!(l.line, Some(2));
    assert!(l.message.starts_with("aggregatedPublishLatency99pct is null"), "{}", l.message);
    let mut console = String::new();
    for _ in 0..12 {
        console.push_str("12:00:00.000 [main] INFO WorkloadGenerator - Pub rate 1000.0 msg/s / 1.0 MB/s | Pub err 0.0 err/s | Cons rate 1000.0 msg/s / 1.0 MB/s | Backlog: 0.0 K | Pub Latency (ms) avg: 2.0 - 50%: 2.0 - 99%: 5.0 - 99.9%: 8.0 - Max: 9.0\n");
    }
    console.push_str("12:01:00.000 [main] INFO WorkloadGenerator - ----- Aggregated Pub Latency (ms) avg: 2.0 - 50%: 2.0 - 95%: 4.0 - 99%: NaN - 99.9%: 8.0 - 99.99%: 9.0 - Max: 9.0\n");
    let kafka = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("system", "kafka"), ("size", "1024")]).expect("meta");
    let out = import("console.txt", console.as_bytes(), None, &kafka);
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let l = out.report.warnings.iter().find(|l| l.code == "latency_missing").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    assert_eq!(l.line, Some(13));
    assert_eq!(l.message, "Aggregated Pub Latency 99%: NaN, so not read");
}

/// OMB's CSV export holds its sizes and counts to the JSON's rules, at their row (a
/// stop-37 tester: consumers 2.5 read as 2, partitions 0 as absent, producers −5
/// dropped, topics −4 and a 10.5 B message accepted).
#[test]
fn omb_csv_counts_and_sizes_out_of_range_are_refused_at_their_row() {
    let head = "topics,partitions,message-size,producers-per-topic,consumers-per-topic,prod-rate-min,prod-rate-avg,prod-rate-std-dev,prod-rate-max,con-rate-min,con-rate-avg,con-rate-std-dev,con-rate-max,\n";
    let good = "1,16,1024,1,1,49000.0,50000.0,100.0,51000.0,49000.0,50000.0,100.0,51000.0\n";
    let out = import("ok.csv", format!("{head}{good}").as_bytes(), None, &meta());
    assert!(out.report.errors.iter().all(|e| !["topics", "partitions", "message-size"].contains(&e.field.as_str())), "{:?}", out.report.errors);
    let bad = "-4,0,10.5,-5,2.5,49000.0,50000.0,100.0,51000.0,49000.0,50000.0,100.0,51000.0\n";
    let out = import("bad.csv", format!("{head}{good}{bad}").as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let got: Vec<(usize, &str)> = out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect();
    for f in ["message-size", "topics", "partitions", "producers-per-topic", "consumers-per-topic"] {
        assert!(got.contains(&(3, f)), "{f} at line 3: {:?}", out.report.errors);
    }
    let c = out.report.errors.iter().find(|e| e.field == "consumers-per-topic").expect("consumers");
    assert_eq!(c.reason, "consumers-per-topic 2.5 is not a whole number from 0 to 1000000");
}

/// A note keeps no control or bidi characters (a stop-37 tester's NUL came back raw
/// in the CSV export); a line break in a quoted note stays.
#[test]
fn notes_keep_no_control_characters() {
    let csv = "system,metric,value,unit,message_bytes,note\nkafka,produce_throughput,1000,msg/s,100,\"a\u{0}b\u{202e}c\nd\"\n";
    let out = import("n.csv", csv.as_bytes(), None, &meta());
    let d = out.dataset.unwrap_or_else(|| panic!("{:?}", out.report.errors));
    let note = d.rows[0].note.as_deref().unwrap_or_default();
    assert!(note.contains("abc\nd"), "{note:?}");
    assert!(!note.chars().any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'), "{note:?}");
}

/// A percentile written as a fraction is said to read as one (a stop-37 tester's
/// 0.999, stored as p0.999 unsaid).
#[test]
fn a_percentile_below_one_is_flagged() {
    let csv = "system,metric,value,unit,percentile,message_bytes\nkafka,produce_throughput,1000,msg/s,,100\nkafka,e2e_latency,12,ms,0.999,100\n";
    let out = import("q.csv", csv.as_bytes(), None, &meta());
    let l = out.report.warnings.iter().find(|l| l.code == "percentile_fraction").unwrap_or_else(|| panic!("{:?} {:?}", out.report.warnings, out.report.errors));
    assert_eq!(l.line, Some(3));
    assert!(l.message.starts_with("percentile 0.999 reads as p0.999"), "{}", l.message);
}

/// RocketMQ's thread count and failure counts are read as what they are: `-w 0`, a
/// `-w` past any thread count and a negative `Send Failed` are refused at their line
/// (a stop-37 tester's passed unsaid).
#[test]
fn rocketmq_thread_and_failure_counts_out_of_range_are_refused() {
    let ok = "Send TPS: 100 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\nSend TPS: 200 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\n";
    for (w, shown) in [("0", "\"0\""), ("99999999999999999999", "\"99999999999999999999\"")] {
        let t = format!("sh producer.sh -t x -w {w} -s 1024 -n h\n\n{ok}");
        let out = import("r.log", t.as_bytes(), None, &meta());
        assert!(out.dataset.is_none(), "-w {w} stored");
        let e = out.report.errors.first().unwrap_or_else(|| panic!("-w {w}: {:?}", out.report));
        assert_eq!((e.line, e.field.as_str()), (1, "-w"), "{e:?}");
        assert!(e.reason.starts_with(&format!("{shown} is not a thread count")), "{}", e.reason);
    }
    let t = "sh producer.sh -t x -w 8 -s 1024 -n h\n\nSend TPS: 100 Max RT: 9 Average RT: 1 Send Failed: 0 Response Failed: 0\nSend TPS: 200 Max RT: 9 Average RT: 1 Send Failed: -3 Response Failed: 0\n";
    let out = import("r.log", t.as_bytes(), None, &meta());
    assert!(out.dataset.is_none());
    let e = out.report.errors.first().unwrap_or_else(|| panic!("{:?}", out.report));
    assert_eq!((e.line, e.field.as_str()), (4, "Send Failed"), "{e:?}");
    let good = format!("sh producer.sh -t x -w 8 -s 1024 -n h\n\n{ok}");
    assert!(import("r.log", good.as_bytes(), None, &meta()).report.accepted());
}

/// JSON that is no OMB result object is refused as JSON, not as "text without a table
/// header" (a stop-37 tester's array of results, `"hello"`, `null`).
#[test]
fn json_that_is_no_omb_result_is_named_as_json() {
    for doc in ["[{\"workload\":\"w\",\"driver\":\"kafka\",\"publishRate\":[1000]}]", "\"hello\"", "null", "[[[[1]]]]"] {
        let out = import("x.json", doc.as_bytes(), None, &meta());
        let e = out.report.errors.first().unwrap_or_else(|| panic!("{doc}: {:?}", out.report));
        assert!(e.reason.contains("this looks like JSON, but not an OpenMessaging Benchmark result object"), "{doc}: {}", e.reason);
    }
}

/// A name from the file is echoed cut to 64 characters, in the inferred metadata and
/// in the error that quotes it (a stop-38 tester's 50 MB driver name came back twice
/// in a 100 MB reply; here 1 MB).
#[test]
fn a_long_driver_name_is_echoed_cut() {
    let doc = format!("{{\"workload\":\"1-topic-1kb\",\"driver\":\"{}\",\"messageSize\":1024,\"publishRate\":[5000,5000,5000]}}", "K".repeat(1_000_000));
    let out = import("long.json", doc.as_bytes(), None, &meta());
    assert!(out.dataset.is_none(), "not a system mqplan plans");
    let system = out.report.inferred.system.as_deref().expect("inferred");
    assert_eq!(system.chars().count(), 64, "{system}");
    let json = serde_json::to_string(&out.report).expect("json");
    assert!(json.len() < 4_000, "{} bytes", json.len());
    assert!(out.report.errors.iter().any(|e| e.field == "system" && e.reason.contains(&format!("\"{system}\""))), "{:?}", out.report.errors);
}

/// A header past 256 columns is refused at line 1 before it is parsed, in both
/// CSV formats and in results tables (a stop-38 tester's 100,000 columns kept both
/// import slots busy 28 s past the 408).
#[test]
fn a_header_of_thousands_of_columns_is_refused_at_once() {
    let names = (0..100_000).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",");
    let csv = format!("system,metric,value,unit,{names}\nkafka,produce_throughput,268000,msg/s\n");
    let out = import("wide.csv", csv.as_bytes(), None, &meta());
    let e = out.report.errors.first().expect("refused");
    assert_eq!((e.line, e.field.as_str()), (1, "header"), "{:?}", out.report.errors);
    assert!(e.reason.starts_with("100004 columns; at most 256"), "{}", e.reason);
    let md = format!("| msg/s | {} |\n|{}\n| 5000 |\n", (0..300).map(|i| format!("c{i}")).collect::<Vec<_>>().join(" | "), "---|".repeat(301));
    let out = import("wide.md", md.as_bytes(), None, &meta());
    assert!(out.report.errors.iter().any(|e| e.field == "header" && e.reason.starts_with("301 columns; at most 256")), "{:?}", out.report.errors);
}

/// A file in another encoding, or compressed, is refused as such, with what to do, before any parser
/// reads it: ASCII saved as UTF-16 without a byte-order mark is valid UTF-8 and was
/// read as text of NULs (a stop-38 reviewer); with a mark, UTF-16 and UTF-32 are
/// named; many NUL bytes are a binary file, named at the first one's line.
#[test]
fn another_encoding_or_a_binary_file_is_refused_as_such() {
    let csv = "system,message_bytes,throughput_msgs\nkafka,1024,50000\n";
    let le: Vec<u8> = csv.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = csv.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = |b: &[u8], bom: &[u8]| [bom, b].concat();
    let le32: Vec<u8> = csv.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
    let be32: Vec<u8> = csv.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
    let cases: [(&[u8], &str); 16] = [
        (b"\xFD7zXZ\x00\x00\x04\xE6\xD6\xB4\x46", "an xz-compressed file"),
        (b"BZh91AY&SY\x00\x01", "a bzip2-compressed file"),
        (b"\x28\xB5\x2F\xFD\x24\x05", "a zstd-compressed file"),
        (b"\x89PNG\r\n\x1A\n\x00\x00", "a PNG image, not a benchmark file"),
        (&[3, 200, 17, 4, 250, 6, 7, 130, 21, 22, 1, 2], "a binary file (control bytes throughout)"),
        (&[b'a', 0], "UTF-16 little-endian (no byte-order mark) text"),
        (&le32, "UTF-32 little-endian (no byte-order mark) text, not UTF-8: save it as UTF-8"),
        (&be32, "UTF-32 big-endian (no byte-order mark) text, not UTF-8: save it as UTF-8"),
        (b"system,message_bytes,note\nkafka,1024,caf\xE9\n", "not UTF-8 text (a spreadsheet's legacy code page, such as Latin-1 or Windows-1252?): save it as UTF-8"),
        (&[0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x4B], "a gzip-compressed file: upload the benchmark file uncompressed"),
        (b"PK\x03\x04\x14\x00\x00\x00", "a zip archive: upload the benchmark file inside it"),
        (&le, "UTF-16 little-endian (no byte-order mark) text, not UTF-8: save it as UTF-8"),
        (&be, "UTF-16 big-endian (no byte-order mark) text, not UTF-8: save it as UTF-8"),
        (&with_bom(&le, &[0xFF, 0xFE]), "UTF-16 (byte-order mark) text, not UTF-8"),
        (&with_bom(&[b'a', 0, 0, 0], &[0xFF, 0xFE, 0, 0]), "UTF-32 (byte-order mark) text, not UTF-8"),
        (b"system,message_bytes\nkafka,1024\n\x00\x01\x02\x00\x00\x00\x07\x00\x00\x00tail", "holds NUL bytes: a binary file"),
    ];
    for (bytes, want) in cases {
        let out = import("results.csv", bytes, None, &meta());
        assert!(out.dataset.is_none(), "{want}");
        assert_eq!(out.report.errors.len(), 1, "{:?}", out.report.errors);
        let e = &out.report.errors[0];
        assert!(e.field == "file" && e.reason.starts_with(want), "{want}: {e:?}");
    }
    // The first NUL's own line is named.
    let out = import("results.csv", b"system,message_bytes\nkafka,1024\n\x00\x00\x00\x00\x00\x00tail", None, &meta());
    assert_eq!(out.report.errors[0].line, 3);
    // A stray NUL in text is not a binary file (the readers strip control characters).
    let out = import("results.csv", b"system,message_bytes\nkafka,1024\x00\n", None, &meta());
    assert!(out.report.errors.iter().all(|e| !e.reason.contains("NUL")), "{:?}", out.report.errors);
    // A byte-order mark alone is said to be that, not "empty".
    assert_eq!(import("r.csv", &[0xEF, 0xBB, 0xBF], None, &meta()).report.errors[0].reason, "the file holds only a byte-order mark: nothing to read");
    // Text in UTF-8, with or without its byte-order mark, is still read.
    assert!(import("r.csv", csv.as_bytes(), None, &meta()).report.errors.iter().all(|e| !e.reason.contains("UTF-8")));
    assert!(import("r.csv", &with_bom(csv.as_bytes(), &[0xEF, 0xBB, 0xBF]), None, &meta()).report.errors.iter().all(|e| !e.reason.contains("UTF-8") && !e.reason.contains("NUL")));
}

/// A tool log with another file pasted after it says so, at the first such line: the
/// CSV rows after kafka-producer-perf-test's summary are not read (a stop-38
/// reviewer was told nothing). The sample alone gets no such warning.
#[test]
fn a_perf_log_with_another_file_after_it_says_so() {
    let log = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/kafka_producer_consumer_perf_test_dcos_m3xlarge.md")).expect("sample");
    let alone = import("k.md", log.as_bytes(), Some(ingest::upload::formats::Format::KafkaPerf), &meta());
    assert!(alone.report.accepted(), "{:?}", alone.report.errors);
    assert!(alone.report.warnings.iter().all(|l| l.code != "trailing_data"), "{:?}", alone.report.warnings);
    let lines = log.lines().count();
    let appended = format!("{log}\nsystem,message_bytes,throughput_msgs,p99_ms\nkafka,1024,50000,12.5\nkafka,100,250000,8.0\n");
    let out = import("k.md", appended.as_bytes(), Some(ingest::upload::formats::Format::KafkaPerf), &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let l = out.report.warnings.iter().find(|l| l.code == "trailing_data").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    // From the CSV's header (line + 2: the log's last line break and the blank line).
    assert_eq!(l.line, Some(lines + 2), "{l:?}");
    assert!(l.message.starts_with(&format!("3 line(s) from line {} to the end", lines + 2)), "{}", l.message);
    let warned = |tail: &str| {
        let out = import("k.md", format!("{log}\n{tail}").as_bytes(), Some(ingest::upload::formats::Format::KafkaPerf), &meta());
        out.report.warnings.iter().find(|l| l.code == "trailing_data").map(|l| (l.line, l.message.clone()))
    };
    // Ordinary log lines after the results are not data (a stop-39 reviewer: Kafka's
    // log4j `[2024-…]` prefix was read as JSON), nor a timestamped line.
    assert_eq!(warned("[2024-01-01 10:00:00,123] INFO Closing the Kafka producer with timeoutMillis = 9223372036854775807 ms.\n[2024-01-01 10:00:00,124] WARN done (org.apache.kafka)\n2024-01-01 10:00:01,000 INFO shutdown\n"), None);
    // A three-column CSV, and a row whose number is quoted with a thousands separator.
    assert!(warned("a,b,c\n1,2,3\n4,5,6\n").is_some_and(|(line, m)| line == Some(lines + 2) && m.starts_with("3 line(s)")));
    assert!(warned("system,metric,value,unit,percentile,message_bytes,stat,run\nkafka,produce,\"1,234\",msg/s,,1024,max,r1\n").is_some_and(|(line, m)| line == Some(lines + 2) && m.starts_with("2 line(s)")));
    // JSON pasted after it, counted to the end.
    assert!(warned("{\"workload\": \"x\",\n  \"publishRate\": [1, 2]\n}\n").is_some_and(|(line, m)| line == Some(lines + 2) && m.starts_with("3 line(s)")));
}

/// The upload's whole-number fields read "3.0" as 3, as the plan's do (a stop-40
/// tester's `nodes=3.0`, `cores=8.0` were refused); 2.5 machines are still refused.
#[test]
fn whole_number_fields_may_carry_a_point_and_zeros() {
    let m = ingest::upload::UploadMeta::from_pairs([("nodes", "3.0"), ("cores", "8.00")]).expect("3.0 and 8.00 are whole");
    assert_eq!((m.nodes, m.cores), (Some(3), Some(8)));
    let e = ingest::upload::UploadMeta::from_pairs([("nodes", "2.5"), ("cores", "8")]).expect_err("2.5 machines");
    assert!(e.iter().any(|x| x.field == "nodes" && x.reason.contains("whole number")), "{e:?}");
}

/// A stop-40 tester: an OMB console log with `size=1024` given warned "the file
/// states 1,023 B" (48.8 MiB/s at 50,001 msg/s, rounded by the log) and used 1,023;
/// and one garbled interval (4,880,000 MB/s) sank the upload with a 51 MB size. A size
/// within 1 % of the one given is that size; one bad interval does not move the median.
#[test]
fn a_size_the_logs_rounding_implies_yields_to_the_one_given_and_one_bad_interval_does_not_sink_it() {
    let line = |t: &str, mb: &str| format!("12:00:{t}.000 [main] INFO WorkloadGenerator - Pub rate 50001.2 msg/s / {mb} MB/s | Pub err     0.0 err/s | Cons rate 50000.1 msg/s / 48.8 MB/s | Backlog:  0.0 K | Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 99%:  5.4 - 99.9%:  8.3 - Max: 20.1 | Pub Delay Latency (us) avg: 60.1 - 50%: 58.0 - 99%: 90.0 - 99.9%: 120.0 - Max: 900.0\n");
    let tail = "12:01:00.000 [main] INFO WorkloadGenerator - ----- Aggregated Pub Latency (ms) avg:  3.1 - 50%:  2.9 - 95%:  4.4 - 99%:  5.4 - 99.9%:  8.3 - 99.99%: 12.0 - Max: 20.1 | Pub Delay (us)  avg: 60.1 - 50%: 58.0 - 95%: 80.0 - 99%: 90.0 - 99.9%: 120.0 - 99.99%: 300.0 - Max: 900.0\n";
    let m = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8"), ("size", "1024"), ("system", "kafka")]).expect("meta");
    let log = format!("{}{}{}{tail}", line("00", "48.8"), line("10", "48.8"), line("20", "48.8"));
    let out = import("omb.txt", log.as_bytes(), None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    assert!(out.report.warnings.iter().all(|w| w.code != "size_mismatch"), "{:?}", out.report.warnings);
    let d = out.dataset.expect("imported");
    assert!(d.rows.iter().all(|r| r.workload.message_bytes == Some(1024.0)), "{:?}", d.rows.iter().map(|r| r.workload.message_bytes).collect::<Vec<_>>());
    let garbled = format!("{}{}{}{}{}{tail}", line("00", "48.8"), line("10", "48.8"), line("20", "4880000"), line("30", "48.8"), line("40", "48.8"));
    let out = import("omb.txt", garbled.as_bytes(), None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
}

/// A stop-40 tester: Jackson's `"NaN"` for an empty histogram's p99 refused the whole
/// OMB file ("invalid type: string "NaN", expected f64"). It is read as no figure and
/// said so; other text in a latency is refused in words.
#[test]
fn a_nan_latency_in_omb_json_is_left_out_and_said() {
    let doc = |p99: &str| format!("{{\"workload\":\"1-topic-1kb\",\"driver\":\"kafka\",\"messageSize\":1024,\"publishRate\":[1000,1000,1000],\"aggregatedPublishLatency50pct\":2.5,\"aggregatedPublishLatency99pct\":{p99}}}");
    let out = import("r.json", doc("\"NaN\"").as_bytes(), None, &meta());
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    assert!(out.report.warnings.iter().any(|w| w.code == "latency_missing" && w.message.contains("aggregatedPublishLatency99pct")), "{:?}", out.report.warnings);
    let out = import("r.json", doc("\"fast\"").as_bytes(), None, &meta());
    assert!(out.report.errors.iter().any(|e| e.reason.contains("\"fast\" is not a number of milliseconds")), "{:?}", out.report.errors);
}

/// A stop-40 tester: a garbled rate (`18x321.2 records/sec`) was read as 18, and a
/// pulsar-perf line or a garbled result line in a Kafka log was dropped without a
/// word. The garbled rate is refused, naming its line; the others are said, with
/// their line, and the log's own results still import.
#[test]
fn garbled_or_foreign_result_lines_in_a_perf_log_are_refused_or_said() {
    let kafka = ingest::upload::formats::Format::KafkaPerf;
    let summary = "5000000 records sent, 235249.8 records/sec (56.09 MB/sec), 72.84 ms avg latency, 786.00 ms max latency, 25 ms 50th, 481 ms 95th, 743 ms 99th, 777 ms 99.9th.\n";
    let garbled = format!("{summary}906606 records sent, 18x321.2 records/sec (43.23 MB/sec), 55.6 ms avg latency, 446.0 max latency.\n");
    let out = import("k.log", garbled.as_bytes(), Some(kafka), &meta());
    assert!(!out.report.accepted(), "18x321.2 is no rate");
    assert_eq!(out.report.errors[0].line, 2, "{:?}", out.report.errors);
    let mixed = format!("{summary}Throughput produced: 100003.6 msg/s --- 781.3 Mbit/s --- failure 0.0 msg/s --- Latency: mean: 1.2 ms\n5000000 records snt, 235249.8 records/sec (56.09 MB/sec)\n");
    let out = import("k.log", mixed.as_bytes(), Some(kafka), &meta());
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let lint = |code: &str| out.report.warnings.iter().find(|l| l.code == code).map(|l| (l.line, l.message.clone()));
    let (line, message) = lint("other_tool_lines").unwrap_or_else(|| panic!("{:?}", out.report.warnings));
    assert_eq!(line, Some(2));
    assert!(message.starts_with("1 line(s) from line 2 read as pulsar-perf"), "{message}");
    assert_eq!(lint("unread_result_lines").map(|l| l.0), Some(Some(3)), "{:?}", out.report.warnings);
    // The tool's own sample says neither.
    let log = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/samples/kafka_producer_consumer_perf_test_dcos_m3xlarge.md")).expect("sample");
    let alone = import("k.md", log.as_bytes(), Some(kafka), &meta());
    assert!(alone.report.warnings.iter().all(|l| l.code != "other_tool_lines" && l.code != "unread_result_lines"), "{:?}", alone.report.warnings);
}

/// A rate no machine's network carries is refused, naming its line (a stop-40
/// tester stored 10^12 msg/s of 16 MB: 16 EB/s); a fast but possible one is stored.
#[test]
fn a_rate_past_any_network_is_refused() {
    let meta = UploadMeta::from_pairs([("nodes", "3"), ("cores", "8")]).expect("meta");
    let csv = |rate: &str, size: &str| format!("system,metric,value,unit,percentile,message_bytes\nkafka,produce_throughput,{rate},msg/s,,{size}\nkafka,produce_throughput,1000,msg/s,,100\n");
    let out = import("huge.csv", csv("1000000000000", "16000000").as_bytes(), None, &meta);
    assert!(!out.report.accepted() && out.dataset.is_none(), "{:?}", out.report);
    assert_eq!(out.report.errors[0].line, 2, "{:?}", out.report.errors);
    assert!(out.report.errors[0].reason.contains("past what any network carries"), "{}", out.report.errors[0].reason);
    // 2 GB/s a machine (3 machines, 6 GB/s in all) is fast but possible.
    let out = import("fast.csv", csv("6000000", "1000").as_bytes(), None, &meta);
    assert!(out.report.accepted(), "{:?}", out.report.errors);
}
