//! The `mqplan` binary: plan / predict / fit, JSON names, and exit code 2 on bad input.

use std::process::Command;

fn mqplan(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mqplan"))
        .args(args)
        .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
        .output()
        .expect("run mqplan");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn plan_json_matches_the_api_contract() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "200", "--size", "1024", "--retention-h", "72", "--needs", "transactions,delay", "--kind", "business", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["recommendation"]["system"], "rocketmq");
    assert!(v["recommendation"]["nodes"].as_u64().is_some_and(|n| n >= 3));
    assert!(v["storage"]["retained_bytes"].as_f64().is_some());
    assert!(v["decision_path"].as_array().is_some_and(|a| !a.is_empty()));
}

#[test]
fn a_repeated_needs_flag_joins_as_one_list() {
    // `--needs a --needs b` plans as `--needs a,b` (it was "cannot be used multiple times").
    let (code, repeated, err) = mqplan(&["plan", "--mbps", "200", "--needs", "transactions", "--needs", "delay", "--kind", "business", "--json"]);
    assert_eq!(code, 0, "{err}");
    let (_, listed, _) = mqplan(&["plan", "--mbps", "200", "--needs", "transactions,delay", "--kind", "business", "--json"]);
    let needs = |out: &str| serde_json::from_str::<serde_json::Value>(out).expect("json")["workload"]["needs"].clone();
    assert_eq!(needs(&repeated), serde_json::json!(["transactions", "delay"]));
    assert_eq!(needs(&repeated), needs(&listed));
    // A scalar flag given twice is still refused, naming it.
    let (code, _, err) = mqplan(&["plan", "--mbps", "200", "--mbps", "300"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--mbps"), "{err}");
}

/// A recommendation that misses a hard constraint says so under its headline, with
/// its reasons (a stop-29 reviewer: the warning sat far below "Recommendation:").
#[test]
fn a_recommendation_breaking_a_constraint_says_so_under_the_headline() {
    let (code, out, _) = mqplan(&["plan", "--mbps", "100", "--p99-ms", "8.5"]);
    assert_eq!(code, 0);
    let second = out.lines().nth(1).unwrap_or_default();
    assert!(second.starts_with("  ! no candidate meets every hard constraint") && second.contains("the 8.5 ms objective"), "{out}");
    let (_, met, _) = mqplan(&["plan", "--mbps", "100", "--p99-ms", "50"]);
    assert!(!met.contains("  ! no candidate"), "{met}");
}

#[test]
fn plan_text_names_the_bottleneck_and_path() {
    let (code, out, _) = mqplan(&["plan", "--mbps", "50"]);
    assert_eq!(code, 0);
    assert!(out.contains("Recommendation: Kafka") && out.contains("Bottleneck:") && out.contains("Decision path:"), "{out}");
}

/// The text says what its monthly cost is made of, and where all of a Pravega
/// retention lives (a stop-37 reviewer read 13,750 for 16 machines at 1,000 unsaid,
/// and "0 TB on long-term storage" beside 51.8 TB in it; 52.2 TB with each event's
/// 8 B header since stop 38).
#[test]
fn plan_text_says_what_its_cost_and_storage_are_made_of() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "200", "--size", "1024", "--node-cost", "1000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Monthly cost: 13,750 (13 data-plane machines at your price, 3 metadata machines at 25 % of it"), "{out}");
    let (code, out, err) = mqplan(&["plan", "--mbps", "200", "--size", "1024", "--retention-h", "72", "--team", "dedicated", "--needs", "autoscale"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Recommendation: Pravega"), "{out}");
    assert!(out.contains("\nStorage: all 72 h in object storage, 52.2 TB (one copy); none on the nodes (bookies, which hold only the journal)\n"), "{out}");
    assert!(out.contains("\nObject storage: 52.2 TB (one copy; none kept on the nodes: bookies, which hold only the journal)\n"), "{out}");
}

#[test]
fn predict_reports_interval_fit_and_extrapolation() {
    let (code, out, err) = mqplan(&["predict", "--system", "kafka", "--size", "1024", "--rf", "3", "--nodes", "3", "--cores", "8", "--ram-gb", "16", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    for k in ["system", "msgs_per_s", "mb_per_s", "low", "high", "level", "model", "extrapolated", "points"] {
        assert!(v.get(k).is_some(), "{k} in {out}");
    }
    // The corpus model answers, with its calibrated 80 % interval; seed 000 §3.4's
    // 268,000 msg/s on 3 × 8C16G (RF 3, 1 KB; its disks unstated, so the preset's
    // 2 × SSD are assumed) lies inside it.
    assert_eq!(v["model"], "corpus");
    assert_eq!(v["level"], 0.8);
    let (low, high) = (v["low"].as_f64().unwrap_or(0.0), v["high"].as_f64().unwrap_or(0.0));
    assert!(low <= 268_000.0 && 268_000.0 <= high, "{low}–{high}");
    // Since stop 23 Kafka's CPU-bound runs span 100 B–1 KB (tewierik-omb-2024's 1 KB
    // runs at 500 partitions), so 1 KB is measured ground; 4 KB is past it: said, and
    // the interval widened.
    assert_eq!(v["extrapolated"], false, "{out}");
    let (code, out, err) = mqplan(&["predict", "--system", "kafka", "--size", "4096", "--rf", "3", "--nodes", "3", "--cores", "8", "--ram-gb", "16", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["extrapolated"], true, "{out}");
    // Since stop 28 the note gives the size and how far past (0.6 decades past 1 KB).
    assert!(v["notes"].to_string().contains("message size 4,096 B outside") && v["notes"].to_string().contains("(0.6 decades)"), "{out}");
    let (code, out, _) = mqplan(&["predict", "--system", "pulsar", "--size", "4096", "--nodes", "6", "--cores", "16", "--disk", "nvme", "--disks", "2", "--durability", "leader"]);
    assert_eq!(code, 0);
    assert!(out.contains("extrapolated: true"), "{out}");
}

/// A machine far from every fitted run is extrapolation, whatever the message size:
/// 1,024 hardware threads against the 8–16 of Kafka's saturated runs (an adversarial
/// tester saw `extrapolated: false` here in stop 18, beside a note that the interval
/// had been widened for it). The first note states the calibrated interval before
/// widening and this prediction's own.
#[test]
fn predict_far_from_the_measured_hardware_says_extrapolated() {
    let (code, out, err) = mqplan(&["predict", "--system", "kafka", "--size", "1024", "--rf", "3", "--nodes", "3", "--cores", "1024", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["extrapolated"], true, "{out}");
    // The JSON says what it answers: the cluster as read, defaults filled in.
    assert_eq!(v["inputs"]["system"], "kafka", "{out}");
    assert_eq!(v["inputs"]["nodes"], 3);
    assert_eq!(v["inputs"]["rf"], 3);
    assert_eq!(v["inputs"]["fanout"], 0);
    assert_eq!(v["inputs"]["hardware"]["cores"], 1024);
    let first = v["notes"][0].as_str().unwrap_or_default();
    assert!(first.contains("before widening") && first.contains("this prediction's"), "{first}");
    let (code, out, _) = mqplan(&["predict", "--system", "kafka", "--size", "1024", "--rf", "3", "--nodes", "40", "--cores", "8", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["extrapolated"], true, "40 nodes against at most 3 measured: {out}");
}

/// `--fanout` puts consumer groups on the cluster: ten groups reading the tail cost
/// CPU the produce-only prediction does not carry, and a read cost no pair of runs
/// measured widens the interval and says so. StreamNative held 200 K msg/s with ten
/// subscriptions on this machine (results/latency, 10 subscriptions, acks=all,
/// no fsync: streamnative-omb-2020), so the expected value sits at or above it.
#[test]
fn predict_with_consumer_groups_reading_costs_cpu_and_widens_the_interval() {
    let base = ["predict", "--system", "kafka", "--hw", "aws-i3en.2xlarge", "--nodes", "3", "--size", "1024", "--rf", "3", "--partitions", "100", "--json"];
    let run = |extra: &[&str]| -> serde_json::Value {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (code, out, err) = mqplan(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).expect("json")
    };
    let num = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    let alone = run(&[]);
    let ten = run(&["--fanout", "10"]);
    assert!(num(&ten, "msgs_per_s") < num(&alone, "msgs_per_s"), "ten groups reading cost nothing: {} vs {}", num(&ten, "msgs_per_s"), num(&alone, "msgs_per_s"));
    assert!(num(&ten, "msgs_per_s") >= 0.9 * 200_000.0, "below the 200 K msg/s StreamNative held with ten subscriptions: {}", num(&ten, "msgs_per_s"));
    let spread = |v: &serde_json::Value| num(v, "msgs_per_s") / num(v, "low");
    assert!(spread(&ten) > spread(&alone) * 1.05, "interval not widened: {:.2} vs {:.2}", spread(&ten), spread(&alone));
    assert!(ten["notes"].as_array().is_some_and(|n| n.iter().any(|x| x.as_str().is_some_and(|t| t.contains("tail-read cost not measured")))), "{ten}");
    let (code, out, _) = mqplan(&base[..base.len() - 1].iter().chain(&["--fanout", "10"]).copied().collect::<Vec<_>>());
    assert_eq!(code, 0);
    assert!(out.contains("10 consumer group(s) reading"), "{out}");
}

/// An empty flag is a flag not given, as an empty query field is: `--fanout ''`
/// predicts what omitting it does (produce only), `--partitions ''` applies no
/// partition ceiling (an adversarial tester saw 1 group and 24 partitions).
#[test]
fn an_empty_predict_flag_is_the_flag_left_out() {
    let base = ["predict", "--system", "kafka", "--hw", "aws-i3en.2xlarge", "--nodes", "3", "--json"];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (code, out, err) = mqplan(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    assert_eq!(run(&["--fanout", ""]), run(&[]));
    assert_eq!(run(&["--partitions", ""]), run(&[]));
}

#[test]
fn bad_input_exits_2_with_the_field_named() {
    let (code, _, err) = mqplan(&["plan", "--size", "big"]);
    assert_eq!(code, 2);
    assert!(err.contains("--size") && err.contains("must be a number"), "{err}");
    let (code, _, err) = mqplan(&["predict", "--system", "rabbitmq", "--nodes", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--system"), "{err}");
    let (code, _, err) = mqplan(&["predict", "--system", "kafka", "--nodes", "2", "--rf", "3"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = mqplan(&["plan", "--no-such-flag", "1"]);
    assert_eq!(code, 2);
}

#[test]
fn fit_lists_parameters_and_points() {
    let (code, out, _) = mqplan(&["fit"]);
    assert_eq!(code, 0);
    for s in ["Kafka", "RocketMQ", "Pulsar", "Pravega"] {
        assert!(out.contains(&format!("{s}: t(s) =")), "{s} in {out}");
    }
    assert!(out.contains("000 §3"), "{out}");
    // Seed 000 gives two sizes per system: two parameters through two points leave
    // no residual, and an R² of 1.000 would read as a perfect model.
    assert!(out.contains("exact through its points (0 residual dof: R² says nothing)") && !out.contains("R² 1.000"), "{out}");
    // The corpus fit plans use comes first, as `validate` shows it; the seed curves
    // after, said to answer only for uploads alone (a stop-40 reviewer read Kafka's
    // seed curve, 3.6× the corpus's cost at 1 KB, as the model).
    let (_, validate, _) = mqplan(&["validate"]);
    let corpus_kafka = validate.lines().find(|l| l.starts_with("Kafka: t(s)")).expect("validate's Kafka fit");
    let (corpus, seed) = out.split_once("Seed size curves").expect("seed curves labelled");
    assert!(corpus.starts_with("Corpus fit (what plan, predict and validate use)") && corpus.contains(corpus_kafka), "{corpus}");
    assert!(seed.contains("data=only") && seed.contains("Kafka: t(s) ="), "{seed}");
}

#[test]
fn validate_says_when_a_per_byte_cost_is_not_resolved() {
    // Pulsar's runs (100 B and 1 KB, the 1 KB ones disk-bound) leave its per-byte
    // cost at the search floor: the report says the runs do not resolve it. Since
    // stop 22 Kafka's too (its CPU-bound runs are all at 100 B); RocketMQ's seed 000
    // pair resolves one. The words follow the fitted figure.
    let (code, out, _) = mqplan(&["validate"]);
    assert_eq!(code, 0);
    let (_, json, _) = mqplan(&["validate", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    for (name, id) in [("Pulsar", "pulsar"), ("Kafka", "kafka"), ("RocketMQ", "rocketmq")] {
        let line = out.lines().find(|l| l.starts_with(&format!("{name}: t(s)"))).expect("fit line");
        let b = v["systems"].as_array().and_then(|a| a.iter().find(|s| s["system"] == id)).and_then(|s| s["b_core_us_per_byte"].as_f64()).expect("b");
        assert_eq!(line.contains("per-byte cost at the search floor"), b <= 1.0001e-5, "{name}: b = {b}: {line}");
    }
    assert!(out.lines().any(|l| l.starts_with("Pulsar: t(s)") && l.contains("search floor")));
    assert!(out.lines().any(|l| l.starts_with("RocketMQ: t(s)") && !l.contains("search floor")));
}

#[test]
fn a_broken_data_directory_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("mqplan-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    std::fs::write(dir.join("features.yaml"), std::fs::read_to_string(ingest::bundled_data_dir().join("features.yaml")).expect("read")).expect("write");
    std::fs::write(dir.join("seed_x.yaml"), "source: {file: x, title: t}\nrows:\n  - id: a\n    system: kafka\n    metric: produce_throughput\n    value: -1\n    unit: msg/s\n    citation: x\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_mqplan")).args(["--data-dir", dir.to_str().expect("utf8"), "fit"]).output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("seed_x.yaml") && err.contains("row 0") && err.contains("value"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn import_prints_the_report_and_exits_0_or_2() {
    let state = std::env::temp_dir().join(format!("mqplan-cli-state-{}", std::process::id()));
    let samples = ingest::bundled_data_dir().join("../crates/ingest/tests/samples");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_mqplan"))
            .args(args)
            .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
            .env("MQPLAN_STATE_DIR", &state)
            .output()
            .expect("run");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let omb = samples.join("omb_kafka_lowcost_t3_1topic1part1kb.json");
    // OMB drives a fixed rate: by default a lower bound. This run was the maximum rate (`--run max`).
    let (code, out) = run(&["import", omb.to_str().expect("utf8"), "--nodes", "3", "--cores", "2", "--run", "max", "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["format"], "omb-json");
    assert!(v["rows_imported"].as_u64().is_some_and(|n| n > 0));
    let rabbit = samples.join("confluent2020_omb_rabbitmq_latency_mirrored-30k.json");
    let id = v["id"].as_str().expect("id").to_string();
    let (code, out) = run(&["plan", "--mbps", "50", "--dataset", &id, "--json"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("calibrated"), "the stored upload calibrates the Kafka curve");
    let (code, _) = run(&["plan", "--dataset", "ffffffffffffffff"]);
    assert_eq!(code, 2);
    let (code, out) = run(&["import", rabbit.to_str().expect("utf8")]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("refused") && out.contains("rabbitmq"), "{out}");
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn import_refuses_devices_directories_and_files_over_the_cap() {
    let state = std::env::temp_dir().join(format!("mqplan-cli-cap-{}", std::process::id()));
    let big = std::env::temp_dir().join(format!("mqplan-cli-big-{}.csv", std::process::id()));
    std::fs::write(&big, vec![b'a'; 2 * 1024 * 1024]).expect("write");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mqplan"))
            .args(args)
            .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
            .env("MQPLAN_STATE_DIR", &state)
            .env("MQPLAN_MAX_UPLOAD_MB", "1")
            .output()
            .expect("run")
    };
    // A path that does not exist is bad input too (it exited 1: a stop-29 tester).
    for target in ["/dev/zero", std::env::temp_dir().to_str().expect("utf8"), big.to_str().expect("utf8"), "/nonexistent/mqplan-no-such.csv"] {
        let out = run(&["import", target, "--nodes", "3", "--cores", "8"]);
        assert_eq!(out.status.code(), Some(2), "{target}: {}", String::from_utf8_lossy(&out.stderr));
    }
    // With --json the refusal is JSON on stdout, in the report's shape.
    let out = run(&["import", "/nonexistent/mqplan-no-such.csv", "--nodes", "3", "--cores", "8", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!((v["id"].as_str(), v["errors"][0]["field"].as_str()), (Some(""), Some("file")), "{v}");
    assert!(v["errors"][0]["reason"].as_str().is_some_and(|r| r.contains("no such file")), "{v}");
    let _ = std::fs::remove_file(&big);
    let _ = std::fs::remove_dir_all(&state);
}

#[test]
fn import_of_a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = std::env::temp_dir().join(format!("mqplan-cli-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let fifo = dir.join("pipe.csv");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_mqplan"))
        .args(["import", fifo.to_str().expect("utf8"), "--nodes", "3", "--cores", "8"])
        .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
        .env("MQPLAN_STATE_DIR", dir.join("state"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run");
    let start = std::time::Instant::now();
    let code = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s.code();
        }
        if start.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("mqplan import blocked on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(code, Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn import_reads_results_tables_and_omb_console_logs_and_names_bad_cells() {
    let state = std::env::temp_dir().join(format!("mqplan-cli-tables-{}", std::process::id()));
    let dir = std::env::temp_dir().join(format!("mqplan-cli-tables-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_mqplan")).args(args).env("MQPLAN_DATA_DIR", ingest::bundled_data_dir()).env("MQPLAN_STATE_DIR", &state).output().expect("run");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let md = dir.join("results.md");
    std::fs::write(&md, "| Broker | Message size | Throughput (msg/s) | p99 (ms) |\n|---|---|---|---|\n| Kafka | 1 KB | 1,200,000.5 | 5 |\n| Pulsar | 1 KB | 950,000 | 7 |\n").expect("write");
    let (code, out) = run(&["import", md.to_str().expect("utf8"), "--nodes", "3", "--cores", "8", "--json"]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["format"], "results-table");
    // Two table rows read (each holds a rate and a p99: 4 figures stored).
    assert_eq!(v["rows_imported"], 2);
    let html = dir.join("results.html");
    std::fs::write(&html, "<table><tr><th>System</th><th>Size (B)</th><th>Rate (msg/s)</th></tr>\n<tr><td>Kafka</td><td>100</td><td>12,34</td></tr>\n<tr><td>Kafka</td><td>1,000.5</td><td>5</td></tr></table>").expect("write");
    let (code, out) = run(&["import", html.to_str().expect("utf8"), "--nodes", "3", "--cores", "8"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("refused") && out.contains("error line 2: Rate (msg/s):") && out.contains("one convention"), "{out}");
    let log = dir.join("benchmark-output.txt");
    std::fs::write(&log, "----- Starting benchmark traffic (1m)------\nPub rate 50000.0 msg/s / 4.8 MB/s | Cons rate 50000.0 msg/s / 4.8 MB/s | Backlog: 0.0 K | Pub Latency (ms) avg: 2.0 - 50%: 1.9 - 99%: 4.0 - 99.9%: 8.0 - Max: 9.0\n").expect("write");
    let (code, out) = run(&["import", log.to_str().expect("utf8"), "--system", "kafka", "--nodes", "3", "--cores", "8"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("as omb-console"), "{out}");
    let _ = std::fs::remove_dir_all(&state);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_away_from_the_repository_it_says_where_it_looked_for_data() {
    let dir = std::env::temp_dir().join(format!("mqplan-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let out = Command::new(env!("CARGO_BIN_EXE_mqplan")).current_dir(&dir).env_remove("MQPLAN_DATA_DIR").args(["plan"]).output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("relative to the current directory") && err.contains("--data-dir") && err.contains("MQPLAN_DATA_DIR"), "{err}");
    // An absolute path is not called relative (a reviewer's --data-dir /nonexistent).
    let out = Command::new(env!("CARGO_BIN_EXE_mqplan")).current_dir(&dir).args(["--data-dir", "/nonexistent-mqplan-data", "plan"]).output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("/nonexistent-mqplan-data, which does not exist") && !err.contains("relative to"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A negative number after a flag is that flag's value, refused by its range check
/// with the flag named — not "unexpected argument '-1'" (clap's reading of it as an
/// unknown flag, which an adversarial tester hit in stop 18).
#[test]
fn negative_numbers_are_refused_naming_their_flag() {
    for args in [
        &["predict", "--system", "kafka", "--nodes", "3", "--fanout", "-1"][..],
        &["predict", "--system", "kafka", "--nodes", "-3"][..],
        &["plan", "--mbps", "-5"][..],
        &["plan", "--partitions", "-12"][..],
        &["plan", "--mbps", "-5e-1"][..],
        &["plan", "--mbps", "-.5"][..],
        &["plan", "--mbps", "-Infinity"][..],
        &["predict", "--system", "kafka", "--nodes", "3", "--size", "-1e-3"][..],
    ] {
        let (code, _, err) = mqplan(args);
        let flag = args.iter().rev().nth(1).copied().unwrap_or_default();
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(flag) && !err.contains("unexpected argument"), "{args:?}: {err}");
    }
}

/// A drain deadline no partition count within the field's range can meet: the plan
/// says how many it would take and that it planned with the cap (1,000,000, the
/// `partitions` field's own maximum), instead of capping in silence.
#[test]
fn partitions_past_the_fields_range_are_capped_aloud() {
    // Every candidate's warnings are in the JSON (the text output shows the chosen one's;
    // here the capped Kafka plan does not fit, and a buildable one is chosen).
    let (code, out, err) = mqplan(&["plan", "--mbps", "100000", "--outage-h", "72", "--drain-min", "1", "--fanout", "1", "--retention-h", "168", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("past the 1,000,000 a plan takes; planned with 1,000,000"), "{out}");
}

/// A drain that never overtakes the produce rate does not advise setting the drain
/// deadline the user already set (an adversarial tester's case): it says that
/// deadline is not met.
#[test]
fn a_drain_that_never_catches_up_names_the_deadline_given() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "5000", "--size", "1", "--drain-min", "60", "--cores", "1", "--outage-h", "1", "--fanout", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("set a drain deadline") && out.contains("the 60 min drain deadline is not met at the planned size"), "{out}");
}

/// The CLI's drain line says what the lowest measured catch-up rate gives, as the
/// page does (a new user saw "16.1 min" in the CLI beside the page's "never, at
/// the lowest measured catch-up rate" for the same default 50 MB/s plan).
#[test]
fn plan_text_gives_the_drain_at_the_lowest_measured_rate() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "50"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("Backlog drain after")).unwrap_or_else(|| panic!("no drain line: {out}"));
    assert!(line.contains("(never, at the lowest measured catch-up rate)"), "{line}");
}

/// A tiered plan's storage headline says what the brokers keep and what object
/// storage holds (a stop-27 tester read 25.9 TB for a 30-day retention whose 251 TB
/// lives in object storage, said only further down).
#[test]
fn a_tiered_plan_headline_counts_object_storage_too() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "100", "--retention-h", "720", "--needs", "tiered"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("Storage: retained")).unwrap_or_else(|| panic!("{out}"));
    // Kafka's tiered storage copies each segment as it closes: all 720 h (259 TB of
    // payload, 261 TB with each record's 7 B since stop 38).
    assert!(line.contains("(24 h), plus 261 TB in object storage (one copy)"), "{line}");
    let (_, plain, _) = mqplan(&["plan", "--mbps", "100", "--retention-h", "24"]);
    assert!(plain.lines().any(|l| l.starts_with("Storage: retained") && !l.contains("object storage")), "{plain}");
}

/// Partition advice above the planned count reads as advice, not as a contradiction
/// (a stop-32 reviewer read "at least 251 (planned 84)"): on the gp2 preset's 100 GiB
/// volumes 600,000 msg/s of 100 B for 24 h needs 268 brokers by storage (251 before
/// stop 38 kept each record's 7 B), and a leader per broker asks for 268 partitions
/// where the plan assumed 89 (so a replica fits one disk). Since stop 42 the advice
/// also drains at the lowest measured catch-up rate: 600,000 × 1.2 msg/s over 273.
#[test]
fn partition_advice_says_what_is_advised_and_what_the_plan_assumed() {
    let (code, out, err) = mqplan(&["plan", "--hw", "aws-r5.2xlarge-gp2", "--msgs", "600000", "--size", "100"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("Partitions: ")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.starts_with("Partitions: at least 273 advised (the plan assumed 89): "), "{line}");
    assert!(line.ends_with(" at the lowest measured: 273"), "{line}");
    assert!(line.contains("a leader per data node: 268"), "{line}");
}

/// A low end past the node cap reads as the cap's count, not a computed need (a
/// stop-34 reviewer read "10003 machines at its low end" as computed).
#[test]
fn a_low_end_past_the_node_cap_says_so() {
    let (code, out, _) = mqplan(&["plan", "--mbps", "50000", "--size", "100", "--retention-h", "1", "--hw", "aws-i3en.2xlarge"]);
    assert_eq!(code, 0);
    let line = out.lines().find(|l| l.starts_with("Machines across")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains(">= 10,00") && line.ends_with("at its low end (the node cap: that end needs more)"), "{line}");
}

/// `import -` reads standard input (a perf tool's output piped in, which the reviewer
/// found refused as "no such file"), names the upload `stdin`, and holds stdin to the
/// upload cap as it does a file.
#[test]
fn import_reads_standard_input_with_a_dash() {
    use std::io::Write;
    let state = std::env::temp_dir().join(format!("mqplan-cli-stdin-{}", std::process::id()));
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/ingest/tests/samples");
    let omb = std::fs::read(samples.join("omb_kafka_lowcost_t3_1topic1part1kb.json")).expect("sample");
    let piped = |input: &[u8], cap_mb: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mqplan"))
            .args(["import", "-", "--nodes", "3", "--cores", "2", "--run", "max", "--json"])
            .env("MQPLAN_DATA_DIR", ingest::bundled_data_dir())
            .env("MQPLAN_STATE_DIR", &state)
            .env("MQPLAN_MAX_UPLOAD_MB", cap_mb)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run");
        // A refusal may close stdin before the whole input is written.
        let _ = child.stdin.take().expect("stdin").write_all(input);
        child.wait_with_output().expect("wait")
    };
    let out = piped(&omb, "8");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["format"], "omb-json", "{v}");
    assert!(v["rows_imported"].as_u64().is_some_and(|n| n > 0), "{v}");
    let big = vec![b'a'; 2 * 1024 * 1024 + 10];
    let out = piped(&big, "1");
    assert_eq!(out.status.code(), Some(2), "over the cap: {}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input: larger than 1 MiB"), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&state);
}

/// Storage below a terabyte is written in GB or MB, as the page writes it (a stop-38
/// reviewer read "retained 0.003 TB, provisioned 0.003 TB" at 0.01 MB/s).
#[test]
fn small_storage_is_written_in_gb_or_mb() {
    let (code, out, err) = mqplan(&["plan", "--mbps", "0.01"]);
    assert_eq!(code, 0, "{err}");
    let line = out.lines().find(|l| l.starts_with("Storage: retained")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains(" GB, provisioned ") && !line.contains(" TB"), "{line}");
}

/// A stop-40 tester found no defaults and no hardware presets in `plan --help` (the
/// ids only in an error): each flag gives its default, `--hw` lists the presets.
#[test]
fn plan_help_gives_defaults_and_the_presets() {
    let (code, out, _) = mqplan(&["plan", "--help"]);
    assert_eq!(code, 0);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("presets: seed000-8c16g") && flat.contains("aws-i3en.2xlarge"), "{out}");
    assert!(flat.contains("(default 3)"), "rf's default: {out}");
    assert!(flat.contains("each reading everything [groups] (default 1)"), "{out}");
    // `predict` reads with no consumer group unless told (a stop-43 reviewer read its
    // "(default 1)" under "its default here is 0").
    let (_, out, _) = mqplan(&["predict", "--help"]);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("each reading everything [groups] (default 0)"), "{out}");
}
