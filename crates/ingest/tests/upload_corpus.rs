//! Uploads calibrate the corpus model (its last fit stage), as the server does it:
//! a saturated run of yours rescales the system's CPU cost by measured ÷ predicted on
//! the cluster it states; a fixed-rate run only ever raises it; a cluster measured
//! at two sizes is fitted directly (the seed curve answers). Expected values are the
//! reference model's own predictions times the factor the test sets.

use capacity::hardware::Hardware;
use capacity::system::{DiskKind, Durability};
use capacity::throughput::{cpu_per_node, Cluster, ThroughputModel};
use capacity::{Catalog, SystemId, Workload};
use ingest::upload::{import, UploadMeta};

/// The reference catalog (with the corpus model) and the same refitted with `csv`
/// uploaded under `meta`, as `AppState::select` builds it.
fn with_upload(csv: &str, meta: &[(&str, &str)]) -> (Catalog, Catalog) {
    let (loaded, reference) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("bundled data");
    let out = import("u.csv", csv.as_bytes(), None, &UploadMeta::from_pairs(meta.iter().copied()).expect("meta"));
    let ds = out.dataset.unwrap_or_else(|| panic!("imports: {:?}", out.report.errors));
    let mut all = loaded.datasets.clone();
    all.push((ds.source.file.clone(), ingest::upload::summary::condense(&ds)));
    let with = Catalog::fit(&all, loaded.features.clone()).expect("fits").with_corpus_model(reference.throughput.as_ref(), true);
    (reference, with)
}

/// The reference model's Kafka prediction on 3 machines of 8 cores (read as hardware
/// threads), disks unstated, 10 Gbit/s, RF 3, nobody reading, at `size` bytes — no
/// preset, so no machine class: the cluster an upload states.
fn kafka_on_3x8(t: &ThroughputModel, size: f64) -> f64 {
    let hw = Hardware { preset: None, cores: 8, disk: DiskKind::Unknown, ..Hardware::default() };
    let mut c = Cluster::planned(SystemId::Kafka, 3.0, &hw, size, 3, None, 0, Durability::Replicated);
    c.disk_bytes_per_s = None;
    t.predict(&c).expect("kafka fit").expected
}

fn kafka_cpu_per_node(t: &ThroughputModel, hw: &str) -> f64 {
    let w = Workload { hardware: capacity::hardware::Preset::find(hw).expect("preset").hardware(), ..Workload::default() };
    cpu_per_node(t, SystemId::Kafka, &w.hardware, w.size.0, w.rf, w.partitions, w.fanout, w.durability).expect("kafka").msgs
}

/// The effect the reference model applies on preset `hw`'s machine class (1 where
/// none): uploads that calibrate replace it.
fn kafka_machine_effect(t: &ThroughputModel, hw: &str) -> f64 {
    let hw = capacity::hardware::Preset::find(hw).expect("preset").hardware();
    let c = Cluster::planned(SystemId::Kafka, 1.0, &hw, 1024.0, 3, Some(24), 1, Durability::Replicated);
    t.system(SystemId::Kafka).and_then(|s| s.machine_effect(&c)).map_or(1.0, |e| e.factor)
}

const MAX_3X8: [(&str, &str); 4] = [("nodes", "3"), ("cores", "8"), ("rf", "3"), ("run", "max")];

#[test]
fn a_saturated_run_rescales_the_corpus_cpu_cost_by_measured_over_predicted() {
    let (_, reference) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let t = reference.throughput.as_ref().expect("corpus model");
    let measured = 1.5 * kafka_on_3x8(t, 1024.0);
    let csv = format!("system,metric,value,unit,message_bytes\nkafka,produce_throughput,{measured:.0},msg/s,1024\n");
    let (reference, with) = with_upload(&csv, &MAX_3X8);
    let (r, u) = (reference.throughput.as_ref().expect("ref"), with.throughput.as_ref().expect("calibrated"));
    let cal = u.system(SystemId::Kafka).and_then(|s| s.uploads.as_ref()).expect("kafka calibrated");
    assert!((cal.factor - 1.5).abs() < 1e-3, "factor {}", cal.factor);
    assert_eq!(cal.runs.len(), 1);
    // On any machine the CPU bound is the pooled fit's times the factor: your runs
    // replace the effect a measured machine class had in the reference; other
    // systems are untouched.
    for hw in ["aws-i3en.2xlarge", "aws-r5.2xlarge-gp2", "seed000-8c16g", "general-32c128g-nvme"] {
        let ratio = kafka_cpu_per_node(u, hw) / (kafka_cpu_per_node(r, hw) / kafka_machine_effect(r, hw));
        assert!((ratio - 1.5).abs() < 1e-3, "{hw}: ×{ratio}");
    }
    assert!(kafka_machine_effect(r, "seed000-8c16g") != 1.0, "seed 000's machine carries an effect in the reference");
    assert_eq!(u.system(SystemId::Pulsar), r.system(SystemId::Pulsar));
    // The plan says so, on the corpus model, and cites your run.
    let p = capacity::plan(&with, &Workload::default()).expect("plan");
    let kafka = &p.candidates.iter().find(|c| c.plan.system == SystemId::Kafka).expect("kafka").plan;
    assert!(p.warnings.iter().chain(&kafka.warnings).any(|w| w.kind == "calibrated" && w.text.contains("corpus CPU capacity calibrated ×1.50")), "{:#?}", kafka.warnings);
    assert!(kafka.nodes_interval.is_some(), "the corpus model (with its interval) answers");
    assert!(kafka.points.iter().any(|pt| pt.id.starts_with("upload:")), "your run is cited");
}

#[test]
fn fixed_rate_runs_only_raise_the_corpus_model() {
    let (_, reference) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let t = reference.throughput.as_ref().expect("corpus model");
    let predicted = kafka_on_3x8(t, 1024.0);
    let fixed = [("nodes", "3"), ("cores", "8"), ("rf", "3"), ("run", "fixed")];
    // Below the prediction: confirms it, changes nothing.
    let csv = format!("system,metric,value,unit,message_bytes\nkafka,produce_throughput,{:.0},msg/s,1024\n", 0.6 * predicted);
    let (r, with) = with_upload(&csv, &fixed);
    let u = with.throughput.as_ref().expect("model");
    let k = u.system(SystemId::Kafka).expect("kafka");
    assert_eq!(k.a_core_us, r.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).expect("ref").a_core_us);
    assert!(k.uploads.as_ref().is_some_and(|c| !c.calibrated && c.factor == 1.0 && c.notes.iter().any(|n| n.contains("confirm"))), "{:#?}", k.uploads);
    // Above it: raised to reach it.
    let csv = format!("system,metric,value,unit,message_bytes\nkafka,produce_throughput,{:.0},msg/s,1024\n", 1.3 * predicted);
    let (_, with) = with_upload(&csv, &fixed);
    let cal = with.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).and_then(|s| s.uploads.clone()).expect("raised");
    assert!((cal.factor - 1.3).abs() < 1e-3 && cal.how.contains("raised ×1.30"), "{cal:#?}");
}

/// A run the model calls NIC-bound on the cluster it states says only that the CPU
/// carries at least its rate: it raises the CPU cost if it beats it, and never
/// calibrates it down. 1 Gbit/s NICs at RF 3 carry ~40,700 msg/s of 1 KB per node.
#[test]
fn a_run_bound_elsewhere_is_a_floor_on_the_cpu_not_a_calibration() {
    let meta = [("nodes", "3"), ("cores", "8"), ("rf", "3"), ("run", "max"), ("nic_gbps", "1")];
    let csv = "system,metric,value,unit,message_bytes\nkafka,produce_throughput,100000,msg/s,1024\n";
    let (reference, with) = with_upload(csv, &meta);
    let cal = with.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).and_then(|s| s.uploads.clone()).expect("noted");
    assert_eq!(cal.factor, 1.0, "{cal:#?}");
    assert!(cal.runs.iter().all(|r| r.lower_bound && r.bound == capacity::throughput::Resource::Nic), "{cal:#?}");
    assert!(cal.notes.iter().any(|n| n.contains("lower bounds on the CPU")), "{cal:#?}");
    assert_eq!(with.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).map(|s| s.a_core_us), reference.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).map(|s| s.a_core_us));
}

/// A size sweep on one cluster: with the reference data (`data=merge`) the corpus
/// model, calibrated to it, answers; with `data=only` (reference runs left out) the
/// seed curve fitted on your cluster does.
#[test]
fn a_size_sweep_calibrates_the_corpus_with_merge_and_is_fitted_alone_with_only() {
    let csv = "system,metric,value,unit,message_bytes\nkafka,produce_throughput,268000,msg/s,1024\nkafka,produce_throughput,780000,msg/s,100\n";
    let (reference, with) = with_upload(csv, &MAX_3X8);
    let kafka = with.system(SystemId::Kafka).expect("kafka");
    assert!(kafka.home.origin.upload().is_some(), "the seed curve is fitted on your cluster");
    assert!(!capacity::predict::seed_curve_answers(&with, kafka), "but the calibrated corpus model answers");
    let cal = with.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).and_then(|s| s.uploads.clone()).expect("calibrated");
    assert!(cal.runs.iter().any(|r| !r.lower_bound), "{cal:#?}");
    // Geometric mean of the two CPU-bound runs' measured ÷ predicted.
    let t = reference.throughput.as_ref().expect("ref");
    let expected = ((268_000.0 / kafka_on_3x8(t, 1024.0)) * (780_000.0 / kafka_on_3x8(t, 100.0))).sqrt();
    assert!((cal.factor - expected).abs() < 1e-3, "×{} vs ×{expected}", cal.factor);
    // data=only: the corpus model is kept for latency but not calibrated; your curve answers.
    let (loaded, _) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let out = import("u.csv", csv.as_bytes(), None, &UploadMeta::from_pairs(MAX_3X8.iter().copied()).expect("meta"));
    let ds = out.dataset.expect("imports");
    let only = Catalog::fit(&[(ds.source.file.clone(), ds)], loaded.features).expect("fits").with_corpus_model(reference.throughput.as_ref(), false);
    assert!(only.system(SystemId::Kafka).is_some_and(|m| capacity::predict::seed_curve_answers(&only, m)), "your curve answers");
}

/// Whether runs are the user's is their dataset's typed origin, not its file name:
/// the same size sweep, renamed to look like reference data, still fits as yours;
/// marked as a reference source under an `upload:` name, it is not yours.
#[test]
fn the_typed_origin_not_the_file_name_says_whose_runs_they_are() {
    let csv = "system,metric,value,unit,message_bytes\nkafka,produce_throughput,268000,msg/s,1024\nkafka,produce_throughput,780000,msg/s,100\n";
    let (loaded, _) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let out = import("u.csv", csv.as_bytes(), None, &UploadMeta::from_pairs(MAX_3X8.iter().copied()).expect("meta"));
    let ds = out.dataset.expect("imports");
    assert!(ds.source.origin.upload().is_some(), "the importer marks its datasets as uploads");
    let fit = |file: &str, origin: capacity::dataset::DatasetOrigin| {
        let mut d = ds.clone();
        d.source.file = file.to_string();
        d.source.origin = origin;
        let mut all = loaded.datasets.clone();
        all.push((file.to_string(), d));
        Catalog::fit(&all, loaded.features.clone()).expect("fits")
    };
    let renamed = fit("seed_999_looks_like_reference.yaml", capacity::dataset::DatasetOrigin::Upload { dataset: "0123456789abcdef".into() });
    let home = &renamed.system(SystemId::Kafka).expect("kafka").home;
    assert_eq!(home.origin.upload(), Some("0123456789abcdef"), "{home:?}");
    let p = capacity::plan(&renamed, &Workload::default()).expect("plan");
    let kafka = &p.candidates.iter().find(|c| c.plan.system == SystemId::Kafka).expect("kafka").plan;
    assert!(kafka.warnings.iter().any(|w| w.text.contains("fitted on your uploaded runs (dataset 0123456789abcdef)")), "{:?}", kafka.warnings);
    let impostor = fit("upload:0123456789abcdef", capacity::dataset::DatasetOrigin::Reference);
    let kafka = impostor.system(SystemId::Kafka).expect("kafka");
    assert!(kafka.home.origin.is_reference(), "{:?}", kafka.home);
    assert!(kafka.uploaded.is_empty(), "a reference source's runs are not drawn as yours");
}
