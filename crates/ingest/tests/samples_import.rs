//! Every real file in tests/samples (copied from shared/samples) imports, or is
//! refused with a clear reason; units come out right.

use capacity::dataset::{Load, Metric};
use ingest::upload::{import, Format, UploadMeta};

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/samples").join(name)).expect("sample present")
}

fn meta(q: &[(&str, &str)]) -> UploadMeta {
    UploadMeta::from_pairs(q.iter().copied()).expect("valid meta")
}

#[test]
fn omb_kafka_current_shape_imports_with_stall_and_warmup_warnings() {
    let out = import("omb.json", &sample("omb_kafka_lowcost_t3_1topic1part1kb.json"), None, &meta(&[("nodes", "3"), ("cores", "2"), ("ram_gb", "8"), ("rf", "3")]));
    let r = &out.report;
    assert_eq!(r.format, "omb-json");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.id.len(), 16);
    let codes: Vec<&str> = r.warnings.iter().map(|w| w.code.as_str()).collect();
    assert!(codes.contains(&"stalled_samples") && codes.contains(&"warmup_trimmed"), "{codes:?}");
    let ds = out.dataset.expect("dataset");
    let produce = ds.rows.iter().find(|r| r.metric == Metric::ProduceThroughput).expect("produce row");
    // 87 samples, 9 trimmed as warm-up, 13 zeros excluded: the steady mean is ~50,000 msg/s,
    // where a naive mean of the whole array would be ~43,000.
    assert!((produce.value - 50_000.0).abs() < 500.0, "{}", produce.value);
    assert_eq!(produce.workload.message_bytes, Some(1024.0));
    assert!(produce.citation.contains("line"));
    // publishDelayLatency is µs: its p99 (3,366 µs) must not be read as 3,366 ms.
    assert!(ds.rows.iter().filter(|r| r.metric == Metric::PublishLatency).all(|r| r.value < 1000.0));
}

#[test]
fn omb_rabbitmq_2020_is_refused_unless_a_system_is_given() {
    let bytes = sample("confluent2020_omb_rabbitmq_latency_mirrored-30k.json");
    let out = import("rabbit.json", &bytes, None, &UploadMeta::default());
    assert!(out.dataset.is_none());
    let e = &out.report.errors;
    assert!(e.iter().any(|x| x.field == "system" && x.reason.contains("rabbitmq")), "{e:?}");
    // The 2020 shape: partitions, producers and the target rate come from the workload name.
    assert!(out.report.warnings.iter().any(|w| w.code == "inferred_from_name"));
    // The name says 10K-rate; ~30K msg/s ran. And end-to-end p50 < publish p50: clocks disagree.
    let codes: Vec<&str> = out.report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert!(codes.contains(&"target_mismatch") && codes.contains(&"clock_skew"), "{codes:?}");
    assert_eq!(out.report.inferred.partitions, Some(100));
    // Imported as Kafka-like data with a size: it imports, and the 10K target vs ~30K achieved is noted.
    let out = import("rabbit.json", &bytes, None, &meta(&[("system", "kafka"), ("size", "1024")]));
    let fields: Vec<&str> = out.report.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["nodes", "cores"], "throughput without the cluster's size is refused");
    let out = import("rabbit.json", &bytes, None, &meta(&[("system", "kafka"), ("size", "1024"), ("nodes", "3"), ("cores", "8")]));
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // ~30K msg/s against a 10K target: the rate was reached, so the run is a lower bound.
    let ds = out.dataset.expect("dataset");
    assert!(ds.rows.iter().filter(|r| r.metric == Metric::ProduceThroughput).all(|r| r.load == Some(Load::Steady)));
    assert!(out.report.warnings.iter().any(|w| w.code == "fixed_rate"));
    assert!(out.report.warnings.iter().any(|w| w.code == "system_relabelled"), "RabbitMQ numbers stored as Kafka say so");
}

#[test]
fn kafka_perf_test_sweep_imports_with_mib_sizes() {
    let out = import("kafka.md", &sample("kafka_producer_consumer_perf_test_dcos_m3xlarge.md"), None, &meta(&[("nodes", "3"), ("cores", "4")]));
    assert_eq!(out.report.format, "kafka-perf");
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    let ds = out.dataset.expect("dataset");
    let sizes: std::collections::BTreeSet<u64> = ds.rows.iter().filter(|r| r.metric == Metric::ProduceThroughput).filter_map(|r| r.workload.message_bytes).map(|s| s as u64).collect();
    assert!(sizes.contains(&250) && sizes.len() >= 3, "record-size sweep recovered: {sizes:?}");
    assert!(ds.rows.iter().any(|r| r.metric == Metric::ConsumeThroughput));
    let codes: Vec<&str> = out.report.warnings.iter().map(|w| w.code.as_str()).collect();
    assert!(codes.contains(&"durability"), "acks=1 noted: {codes:?}");
}

#[test]
fn pulsar_perf_imports_with_mbit_sizes_and_zero_latency_warnings() {
    let out = import("pulsar.txt", &sample("pulsar_perf_produce_consume_output.txt"), None, &meta(&[("nodes", "1"), ("cores", "8")]));
    assert_eq!(out.report.format, "pulsar-perf");
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    let ds = out.dataset.expect("dataset");
    assert!(ds.rows.iter().any(|r| r.metric == Metric::ProduceThroughput && r.workload.message_bytes == Some(1024.0) && r.value > 99_000.0), "100K msg/s at 1 KB from 781.3 'Mbit/s'");
    let codes: Vec<&str> = out.report.warnings.iter().map(|w| w.code.as_str()).collect();
    for c in ["zero_latency_interval", "percentiles_collapsed", "zero_mbit"] {
        assert!(codes.contains(&c), "{c} in {codes:?}");
    }
    assert!(ds.rows.iter().all(|r| r.value > 0.0), "zero-latency intervals excluded");
    // The default-rate (100 msg/s) and -r 100000 runs reached their rates: lower bounds.
    // The run without a command (28–43K msg/s, latency climbing) is saturated.
    let load_of = |v: f64| ds.rows.iter().find(|r| r.metric == Metric::ProduceThroughput && (r.value - v).abs() < 0.5).map(|r| r.load);
    // Stored as its summary: runs of one condition (size, load) keep their best, so
    // the default-rate run (99.14 msg/s) is counted in the -r 100000 run's row.
    assert_eq!(load_of(99.14), None, "{:?}", ds.rows.iter().map(|r| (r.value, r.load, &r.note)).collect::<Vec<_>>());
    assert_eq!(load_of(99_998.4), Some(Some(Load::Steady)));
    let best = ds.rows.iter().find(|r| r.metric == Metric::ProduceThroughput && (r.value - 99_998.4).abs() < 0.5).expect("best steady run");
    assert!(best.note.as_deref().is_some_and(|n| n.contains("the best of")), "{:?}", best.note);
    assert_eq!(load_of(42_617.5), Some(Some(Load::Max)));
    // Several runs with their own rates: no file-wide target to judge them all by.
    assert_eq!(out.report.inferred.target_rate, None);
    assert!(!out.report.warnings.iter().any(|w| w.code == "below_target"));
}

#[test]
fn rocketmq_producer_output_imports_without_max_rt_as_latency() {
    let out = import("rmq.md", &sample("rocketmq_producer_sh_4m4s_48c256g_excerpt.md"), None, &meta(&[("nodes", "8"), ("cores", "48"), ("ram_gb", "256")]));
    assert_eq!(out.report.format, "rocketmq-benchmark");
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    let ds = out.dataset.expect("dataset");
    assert!(ds.rows.iter().all(|r| r.metric == Metric::ProduceThroughput));
    let sizes: std::collections::BTreeSet<u64> = ds.rows.iter().filter_map(|r| r.workload.message_bytes).map(|s| s as u64).collect();
    assert!(sizes.contains(&1024) && sizes.contains(&3072), "{sizes:?}");
    assert!(out.report.warnings.iter().any(|w| w.code == "max_rt_running"));
    // Its 14 runs' warm-up lines are one warning naming them (a stop-42 tester read 14).
    let warm: Vec<&str> = out.report.warnings.iter().filter(|w| w.message.contains("warm-up")).map(|w| w.message.as_str()).collect();
    assert_eq!(warm.len(), 1, "{warm:?}");
    assert!(warm[0].contains("(on 14 lines: 25, 45, 67, 91, 121, 143, 167, 187, …)"), "{warm:?}");
}

#[test]
fn same_bytes_same_id_and_metadata_changes_it() {
    let b = sample("omb_kafka_lowcost_t3_1topic1part1kb.json");
    let a = import("a.json", &b, None, &meta(&[("nodes", "3"), ("cores", "2")])).report.id;
    let again = import("renamed.json", &b, None, &meta(&[("nodes", "3"), ("cores", "2")])).report.id;
    let other = import("a.json", &b, None, &meta(&[("nodes", "5"), ("cores", "2")])).report.id;
    assert_eq!(a.len(), 16);
    assert_eq!(a, again);
    assert_ne!(a, other);
}

#[test]
fn hostile_inputs_are_refused_with_line_and_field() {
    let out = import("bin.csv", b"metric,value,unit\nproduce_throughput,1,msg/s\n\xff\xfe\n", None, &meta(&[("system", "kafka"), ("size", "100")]));
    assert_eq!(out.report.errors[0].line, 3);
    assert!(out.dataset.is_none());
    let out = import("x.csv", b"metric,value,unit\nproduce_throughput,-5,msg/s\nproduce_throughput,1e300,msg/s\n", None, &meta(&[("system", "kafka"), ("size", "100")]));
    let lines: Vec<usize> = out.report.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![2, 3], "{:?}", out.report.errors);
    let out = import("x.json", b"{\"publishRate\": [1, 2,", None, &meta(&[("system", "kafka")]));
    assert_eq!(out.report.errors[0].field, "json");
    let out = import("x.csv", b"metric,value,unit\n", Some(Format::MqplanCsv), &meta(&[("system", "kafka")]));
    assert!(!out.report.errors.is_empty(), "an empty table is refused");
    let out = import("x.csv", b"system,metric,value,unit,message_bytes\n<script>,produce_throughput,1,msg/s,100\n", None, &UploadMeta::default());
    assert_eq!(out.report.errors[0].field, "system");
}

/// Regressions from the adversarial pass on uploads.
#[test]
fn adversarial_upload_regressions() {
    let m = meta(&[("nodes", "3"), ("cores", "8")]);
    // A multi-byte character before a number once split a string slice (panic → 500).
    let out = import("p.json", "{\"workload\":\"100\u{e9}-partitions\",\"driver\":\"Kafka\",\"messageSize\":1024,\"publishRate\":[1,2,3,4,5]}".as_bytes(), None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // (This once panicked; a single interval line is refused as "no measurements", by name.)
    let out = import("k.txt", "\u{e9}5 records sent, 1000.0 records/sec (0.98 MB/sec), 1 ms avg latency, 2 ms max latency.\n".as_bytes(), Some(Format::KafkaPerf), &m);
    assert_eq!(out.report.errors.first().map(|e| e.field.as_str()), Some("file"), "{:?}", out.report.errors);
    // Zero throughput is not capacity.
    let out = import("z.csv", b"system,metric,value,unit,message_bytes\nkafka,produce_throughput,0,msg/s,100\n", None, &m);
    assert_eq!((out.report.errors[0].line, out.report.errors[0].field.as_str()), (2, "value"), "the CSV names its column");
    // A float after 100 integer rows: inference is retried, the file imports.
    let mut csv = String::from("system,metric,value,unit,message_bytes\n");
    for i in 0..120 {
        csv.push_str(&format!("kafka,produce_throughput,{},msg/s,1024\n", 100_000 + i));
    }
    csv.push_str("kafka,produce_throughput,100500.5,msg/s,1024\n");
    let out = import("late.csv", csv.as_bytes(), None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // A UTF-8 byte-order mark before JSON.
    let mut bom = "\u{feff}".as_bytes().to_vec();
    bom.extend(sample("omb_kafka_lowcost_t3_1topic1part1kb.json"));
    let out = import("bom.json", &bom, None, &m);
    assert_eq!(out.report.format, "omb-json");
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // Out-of-range counts in a file are not stored as saturated numbers.
    let out = import("n.json", b"{\"driver\":\"Kafka\",\"messageSize\":1024,\"partitions\":-5,\"producersPerTopic\":1e20,\"publishRate\":[5,5,5]}", None, &m);
    assert_eq!(out.report.inferred.partitions, None);
    assert_eq!(out.report.inferred.producers, None);
    // A large pulsar-perf log parses in one pass (it was quadratic).
    let line = "09:33:20.976 [main] INFO  org.apache.pulsar.testclient.PerformanceProducer - Throughput produced: 100003.6  msg/s ---    781.3 Mbit/s --- failure      0.0 msg/s --- Latency: mean:   2.932 ms - med:   2.864 - 95pct:   3.593 - 99pct:   4.949 - 99.9pct:  27.037 - 99.99pct:  36.402 - Max:  36.464\n";
    let big = line.repeat(20_000);
    let out = import("big.txt", big.as_bytes(), None, &m);
    assert!(out.report.errors.is_empty());
    // CR-only line endings.
    let out = import("cr.csv", b"system,metric,value,unit,message_bytes\rkafka,produce_throughput,5,msg/s,100\r", None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
}

/// A note with a line break inside quotes: later errors and citations name the
/// records' real lines, not the row count + 1.
#[test]
fn quoted_multi_line_notes_keep_line_numbers_true() {
    let m = meta(&[("nodes", "3"), ("cores", "8")]);
    let csv = "system,metric,value,unit,message_bytes,note\n\
kafka,produce_throughput,100000,msg/s,1024,\"run 1:\nwarm cache\"\n\
kafka,produce_throughput,abc,msg/s,4096,\n";
    let out = import("n.csv", csv.as_bytes(), None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(4, "value")]);
    let csv = "system,metric,value,unit,message_bytes,note\n\
kafka,produce_throughput,100000,msg/s,1024,\"run 1:\nwarm cache\"\n\
kafka,produce_throughput,60000,msg/s,4096,\n";
    let out = import("n.csv", csv.as_bytes(), None, &m);
    let rows = out.dataset.expect("imports").rows;
    assert!(rows[0].citation.ends_with("line 2"), "{}", rows[0].citation);
    assert!(rows[1].citation.ends_with("line 4"), "{}", rows[1].citation);
    assert_eq!(rows[0].note.as_deref(), Some("run 1:\nwarm cache"));
}

/// Regressions from the second adversarial pass on mqplan CSV.
#[test]
fn table_spelling_blank_lines_and_syntax_regressions() {
    let m = meta(&[("nodes", "3"), ("cores", "8")]);
    let h = "system,metric,value,unit,percentile,message_bytes,load,note\n";
    // One condition spelled six ways is one measurement; an even count's median is the mean of the middle two.
    let csv = format!("{h}kafka,produce_throughput,1,msg/s,,1024,max,\n Kafka , produce_throughput,5,msg/s,,1024.0,max ,\nKAFKA,Produce_Throughput,7,msg/s,,+1024,MAX,\nkafka,produce_throughput,3,msg/s,,1024,max,\n");
    let out = import("s.csv", csv.as_bytes(), None, &m);
    let rows = out.dataset.unwrap_or_else(|| panic!("{:?}", out.report.errors)).rows;
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].value, 4.0, "median of 1, 3, 5, 7");
    assert!(rows[0].citation.ends_with("line 2"));
    // Units keep their case: MB/s and Mb/s are different (and Mb/s is refused).
    let out = import("u.csv", format!("{h}kafka,produce_throughput,1,MB/s,,1000,max,\nkafka,produce_throughput,1,Mb/s,,1000,max,\n").as_bytes(), None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(3, "unit")]);
    // Trailing blank and whitespace-only lines are not rows.
    let out = import("b.csv", format!("{h}kafka,produce_throughput,1,msg/s,,1024,max,\n\n   \n").as_bytes(), None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // Leading empty lines and a note spanning lines: the bad cell's real line.
    let csv = format!("\n{h}kafka,produce_throughput,1,msg/s,,1,max,\"a\nb\nc\"\nkafka,produce_throughput,abc,msg/s,,2,max,\n");
    let out = import("l.csv", csv.as_bytes(), None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(6, "value")]);
    // An unquoted comma in a note: the line, and what to do.
    let out = import("c.csv", format!("{h}kafka,produce_throughput,1,msg/s,,1024,max,ok\nkafka,produce_throughput,2,msg/s,,1024,max,ok\nkafka,produce_throughput,410000,msg/s,,512,max,3 brokers, acks=all\n").as_bytes(), None, &m);
    let e = &out.report.errors[0];
    assert_eq!((e.line, e.field.as_str()), (4, "csv"));
    assert!(e.reason.contains("quoted"), "{}", e.reason);
    // A space after a comma in the header.
    let out = import("h.csv", b"system, metric, value, unit, message_bytes\nkafka,produce_throughput,1,msg/s,1024\n", None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // A bad unit and a bad cell are reported together, in line order.
    let out = import("t.csv", b"system,metric,value,unit,message_bytes\nkafka,produce_throughput,1,MB/sec,1024\nkafka,produce_throughput,oops,msg/s,100\n", None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(2, "unit"), (3, "value")]);
    // Zero samples are left out of a condition's median (and said so); all zeros is refused.
    let out = import("z.csv", format!("{h}kafka,produce_throughput,268000,msg/s,,1024,max,\nkafka,produce_throughput,0,msg/s,,1024,max,\nkafka,produce_throughput,0,msg/s,,1024,max,\n").as_bytes(), None, &m);
    assert_eq!(out.dataset.as_ref().map(|d| d.rows[0].value), Some(268_000.0), "{:?}", out.report.errors);
    assert!(out.report.warnings.iter().any(|w| w.code == "stalled_samples"));
    let out = import("z.csv", format!("{h}kafka,e2e_latency,0,ms,99,1024,steady,\n").as_bytes(), None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(2, "value")]);
    // A one-cell junk line is not a blank line.
    let out = import("j.csv", format!("{h}x\nkafka,produce_throughput,1,msg/s,,1024,max,\n").as_bytes(), None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(2, "value"), (2, "metric")]);
    // A truncated last line (a stop-37 tester's `…,102` cut from 1024) is refused, not
    // stored at 102 B; blank and blank-looking lines are still no rows.
    let out = import("cut.csv", format!("{h}kafka,produce_throughput,271234,msg/s,,1024,max,\n\n   \nkafka,produce_throughput,271234,msg/s,,102").as_bytes(), None, &m);
    assert!(out.dataset.is_none());
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(5, "csv")], "{:?}", out.report.errors);
    assert!(out.report.errors[0].reason.starts_with("6 fields where the header has 8, on the file's last line"), "{}", out.report.errors[0].reason);
    let out = import("blank.csv", format!("{h}kafka,produce_throughput,271234,msg/s,,1024,max,\n\n  \n").as_bytes(), None, &m);
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    // Rows leaving out a trailing optional cell, each ending its line, are read as
    // before; so is a header ending in a comma over rows without one (a reviewer's
    // regressions of the first cut of this check).
    let out = import("nonote.csv", b"system,metric,value,unit,message_bytes,note\nkafka,produce_throughput,1000,msg/s,100\n", None, &m);
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    let out = import("headtrail.csv", b"system,metric,value,unit,message_bytes,\nkafka,produce_throughput,1000,msg/s,100", None, &m);
    assert!(out.report.accepted(), "{:?}", out.report.errors);
    // A repeated column and a unit written on the value column are refused.
    let out = import("d.csv", b"system,metric,value,unit,value\nkafka,produce_throughput,1,msg/s,2\n", None, &m);
    assert_eq!(out.report.errors[0].field, "value");
    let out = import("v.csv", b"system,metric,value (MB/s),unit,message_bytes\nkafka,produce_throughput,1,msg/s,1024\n", None, &m);
    assert!(out.report.errors.iter().any(|e| e.field == "value" && e.reason.contains("unit column")), "{:?}", out.report.errors);
    // More copies than machines.
    let out = import("r.csv", format!("{h}kafka,produce_throughput,1000,msg/s,,1024,max,\n").as_bytes(), None, &meta(&[("nodes", "1"), ("cores", "8"), ("rf", "3")]));
    assert_eq!(out.report.errors.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), vec!["rf"]);
    // A padded number is a number.
    let out = import("p.csv", b"system,metric,value,unit,message_bytes\nkafka,produce_throughput, 268000 ,msg/s,1024\nkafka,produce_throughput,abc,msg/s,1024\n", None, &m);
    assert_eq!(out.report.errors.iter().map(|e| (e.line, e.field.as_str())).collect::<Vec<_>>(), vec![(3, "value")]);
    // A header unit note on message_bytes that is not bytes would be silently wrong: refused.
    let out = import("k.csv", b"system,metric,value,unit,message_bytes (KB)\nkafka,produce_throughput,1,msg/s,1\n", None, &m);
    assert!(out.report.errors.iter().any(|e| e.field == "message_bytes" && e.reason.contains("KB")), "{:?}", out.report.errors);
    let out = import("k.csv", b"system,metric,value,unit,message_bytes (bytes)\nkafka,produce_throughput,1,msg/s,100\n", None, &m);
    assert!(out.report.errors.is_empty(), "{:?}", out.report.errors);
    // A semicolon-separated file says so.
    let out = import("s.csv", b"system;metric;value;unit\nkafka;produce_throughput;1;msg/s\n", Some(ingest::upload::Format::MqplanCsv), &m);
    assert!(out.report.errors.iter().any(|e| e.reason.contains("';'")), "{:?}", out.report.errors);
    // A unit that does not fit the metric names the metric as written.
    let out = import("w.csv", b"system,metric,value,unit,percentile,message_bytes\nkafka,publish_latency,5,MB/s,99,1024\n", None, &m);
    assert!(out.report.errors[0].reason.contains("publish_latency"), "{:?}", out.report.errors);
    // Too many distinct conditions (a per-row column): refused, nothing built.
    let mut csv = String::from("system,metric,value,unit,message_bytes\n");
    for i in 0..25_000 {
        csv.push_str(&format!("kafka,produce_throughput,1,msg/s,{}\n", i + 1));
    }
    let out = import("many.csv", csv.as_bytes(), None, &m);
    assert!(out.report.errors[0].reason.contains("distinct conditions"), "{:?}", out.report.errors);
    // The row cap counts rows, not the measurements they reshape into.
    let csv = format!("metric,value,unit\n{}", "produce_throughput,1,msg/s\n".repeat(ingest::upload::MAX_ROWS + 1));
    let out = import("rows.csv", csv.as_bytes(), None, &meta(&[("nodes", "3"), ("cores", "8"), ("system", "kafka"), ("size", "1024")]));
    assert!(out.report.errors[0].reason.contains("rows; at most"), "{:?}", out.report.errors);
}
