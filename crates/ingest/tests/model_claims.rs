//! Claims the capacity model makes about the recorded seed data, each with its
//! source and tolerance. Run against the bundled data/ so the rows and the model
//! are checked together.

use capacity::hardware::Preset;
use capacity::predict::{predict, ClusterSpec};
use capacity::sizing::{partition_limit_per_node, BoundKind};
use capacity::system::Durability;
use capacity::units::Bytes;
use capacity::{plan, Catalog, SystemId, Workload};

fn catalog() -> Catalog {
    ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}")).1
}

fn workload(q: &[(&str, &str)]) -> Workload {
    Workload::from_params(q.iter().copied()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn seed000_cluster(system: SystemId, size: f64) -> ClusterSpec {
    let hw = Preset::find("seed000-8c16g").expect("preset").hardware();
    ClusterSpec { system, size: Bytes(size), rf: 3, nodes: 3, hardware: hw, durability: Durability::Replicated, partitions: None, fanout: 0 }
}

/// seed 000's own curve in msg/s on its 3 × 8-core cluster at RF 3 (the v1 size
/// curve kept beside the corpus model for uploads).
fn seed_curve_msgs(cat: &Catalog, system: SystemId, size: f64) -> f64 {
    let m = cat.system(system).expect("fitted");
    f64::from(m.home.nodes * m.home.cores) / (3.0 * m.produce.core_seconds(size))
}

/// Two measured sizes pin the seed curve's a and b exactly, so it must give back the
/// measured figures to rounding (relative 1e-9): seed 000 §3.4 / §3.5 / §8.5.
#[test]
fn seed_curves_reproduce_seed_000_throughput_on_its_own_cluster() {
    let cat = catalog();
    for (system, size, measured) in [
        (SystemId::Kafka, 1024.0, 268_000.0),
        (SystemId::Kafka, 100.0, 780_000.0),
        (SystemId::Pulsar, 1024.0, 142_000.0),
        (SystemId::Pulsar, 100.0, 410_000.0),
        (SystemId::Rocketmq, 1024.0, 96_000.0),
        (SystemId::Rocketmq, 100.0, 310_000.0),
    ] {
        let got = seed_curve_msgs(&cat, system, size);
        assert!((got - measured).abs() / measured < 1e-9, "{system} {size} B: {got} vs {measured}");
    }
}

/// The corpus model reproduces seed 000's runs in sample (seed 000 is one source of
/// ten): each within 10 % — its 1 KB runs through the disk bound fitted for its
/// unstated disks (291 MB/s per node, shared by the three systems), its 100 B runs
/// through the CPU bound times the effect measured on seed 000's machine class (the
/// pooled CPU fit is a compromise with sources whose 100 B cost differs up to 5×;
/// on seed 000's machine a plan rests on what seed 000 measured).
#[test]
fn corpus_model_reproduces_seed_000_in_sample() {
    let cat = catalog();
    let t = cat.throughput.as_ref().expect("corpus model");
    for id in ["s000-kafka-produce-1k", "s000-kafka-produce-100b", "s000-pulsar-produce-1k", "s000-pulsar-produce-100b", "s000-rocketmq-produce-1k", "s000-rocketmq-produce-100b"] {
        let s = t.systems.iter().find(|s| s.runs.iter().any(|r| r.run == id)).unwrap_or_else(|| panic!("{id} fitted"));
        let run = s.runs.iter().find(|r| r.run == id).expect("run");
        assert_eq!(run.source, "seed-000");
        let effect = s.machine_effects.iter().find(|e| e.class == "s000-3x8c16g").filter(|_| run.bound == capacity::throughput::Resource::Cpu).map_or(1.0, |e| e.factor);
        let ratio = run.predicted * effect / run.measured;
        assert!((0.9..=1.1).contains(&ratio), "{id}: predicted {} × {effect} vs measured {}", run.predicted, run.measured);
    }
}

/// seed 004 §1: one Pravega writer > 1,000,000 events/s at 100 B and 350 MB/s at
/// 10,000 B events; the seed curve reproduces both on the assumed cluster (1e-9), and
/// the corpus model within 5 %.
#[test]
fn pravega_fits_reproduce_seed_004() {
    let cat = catalog();
    let m = cat.system(SystemId::Pravega).expect("pravega fitted");
    assert!(m.home.assumed.is_some(), "hardware is assumed and says so");
    assert!((seed_curve_msgs(&cat, SystemId::Pravega, 100.0) - 1_000_000.0).abs() / 1e6 < 1e-9);
    assert!((seed_curve_msgs(&cat, SystemId::Pravega, 10_000.0) * 10_000.0 / 1e6 - 350.0).abs() / 350.0 < 1e-9);
    let t = cat.throughput.as_ref().expect("corpus model");
    for r in &t.system(SystemId::Pravega).expect("pravega in the corpus model").runs {
        assert!((r.predicted / r.measured - 1.0).abs() < 0.05, "{}: {} vs {}", r.run, r.predicted, r.measured);
    }
}

/// seed 000 §3.4: the earlier 16C64G / 2 KB run measured 800,000 msg/s. The seed
/// curve's linear core scaling predicts far less (recorded as its check); the corpus
/// model's interval on that machine (disks and NIC given room: 800,000 × 2 KB × RF 3
/// over 3 nodes writes 1.6 GB/s per node) reaches the measured figure.
#[test]
fn core_scaling_is_checked_against_the_16_core_kafka_figure() {
    let cat = catalog();
    let m = cat.system(SystemId::Kafka).expect("kafka");
    let check = m.checks.iter().find(|c| c.cores == 16 && c.message_bytes == 2048.0).expect("16C64G 2 KB check recorded");
    assert_eq!(check.measured_msgs, 800_000.0);
    assert!(check.predicted_msgs < check.measured_msgs, "linear core scaling under-predicts (conservative)");
    let mut spec = seed000_cluster(SystemId::Kafka, 2048.0);
    spec.hardware = Preset::find("seed000-16c64g").expect("preset").hardware();
    spec.hardware.disk_mbps = capacity::units::MegabytesPerSec(2000.0);
    spec.hardware.disks = 2;
    spec.hardware.nic_gbps = capacity::units::GigabitsPerSec(25.0);
    let p = predict(&cat, &spec).expect("predict");
    assert_eq!(p.model, "corpus");
    assert!(p.high >= 800_000.0 * 0.99, "interval reaches the measured figure: {}–{}", p.low, p.high);
}

/// seed 003 §5.2: 5,000 msg/s × 2 KB × 72 h ≈ 2.6 TB for one copy; +20 % → "3 TB and up".
/// The seed counts the payload; since stop 38 each message also keeps its record's
/// fields (`factors::record_overhead_bytes`: the plan's RocketMQ 111 B of CommitLog
/// fields and index, 2,159 B a message, 2.80 TB).
#[test]
fn storage_reproduces_the_seed_003_worked_example() {
    let cat = catalog();
    let p = plan(&cat, &workload(&[("msgs", "5000"), ("size", "2048"), ("retention_h", "72"), ("rf", "1")])).expect("plan");
    let system = p.recommendation.system;
    let expected = 5000.0 * (2048.0 + capacity::factors::record_overhead_bytes(system)) * 72.0 * 3600.0; // 2.80e12 B (RocketMQ)
    assert!((p.storage.retained_bytes - expected).abs() < 1.0);
    let payload = p.storage.retained_bytes * 2048.0 / (2048.0 + capacity::factors::record_overhead_bytes(system));
    assert!((payload / 1e12 - 2.6).abs() < 0.1, "the payload ≈ 2.6 TB: {payload}");
    assert!(p.storage.provisioned_bytes / 1e12 >= 3.0, "≥ 3 TB after +20 %");
    assert!((p.storage.provisioned_bytes / p.storage.retained_bytes - 1.2).abs() < 1e-12);
}

/// seed 000 §5.2 / §8.5: 10 M messages drained in 182 s / 476 s / 556 s. Rates are
/// derived from the raw counts (54,945 / 21,008 / 17,986 msg/s), not the article's
/// §5.5 quotes, which are ten times larger.
#[test]
fn drain_rates_are_derived_from_raw_counts() {
    let cat = catalog();
    for (s, secs) in [(SystemId::Kafka, 182.0), (SystemId::Pulsar, 476.0), (SystemId::Rocketmq, 556.0)] {
        let d = cat.system(s).and_then(|m| m.drain.clone()).expect("drain");
        assert_eq!(d.seconds, secs);
        assert!((d.msgs_per_s() - 10_000_000.0 / secs).abs() < 1e-6);
        let cold = d.cold_change.expect("24 h cold change").0;
        assert!((-0.33..=-0.24).contains(&cold), "seed 000 §5.4: −24…−33 %, got {cold}");
    }
}

/// seed 001: Kafka stays below 1 s up to 5,000 partitions (no cliff measured, so
/// beyond it general practice: 4,000 replicas per broker, flagged), RocketMQ breaks
/// at 2,000 with 2 TB of backlog (but not with 1 TB), Pulsar at 2,000 (3.2 s) —
/// per-node limits on the 6-node cluster, read at the backlog.
#[test]
fn partition_limits_come_from_the_seed_001_grid() {
    let cat = catalog();
    let lim = |s| partition_limit_per_node(cat.system(s).expect("fitted")).expect("grid").0;
    assert!((lim(SystemId::Kafka) - 4000.0 / 3.0).abs() < 1e-9);
    let at = |s, backlog| capacity::partition_limit::partition_limit(cat.system(s).expect("fitted"), backlog).expect("grid");
    assert!(at(SystemId::Kafka, 2e12).extrapolated);
    // Past the grid's largest backlog (2 TB) the limit is read at that backlog, not
    // at the grid's smallest count: no cliff from 1,333 to 16.7 per node (stop 19).
    for s in [SystemId::Kafka, SystemId::Rocketmq, SystemId::Pulsar] {
        let mut last = f64::INFINITY;
        for backlog in [1e9, 1e10, 1e11, 5e11, 1e12, 2e12, 2.1e12, 5e12, 1e14] {
            let l = at(s, backlog);
            assert!(l.per_node <= last * (1.0 + 1e-12), "{s:?}: {} per node at {backlog} B after {last}", l.per_node);
            last = l.per_node;
        }
        assert!((at(s, 5e12).per_node - at(s, 2e12).per_node).abs() < 1e-9 && at(s, 5e12).extrapolated, "{s:?} beyond the grid");
    }
    assert!((at(SystemId::Kafka, 5e12).per_node - 4000.0 / 3.0).abs() < 1e-9);
    assert!((at(SystemId::Rocketmq, 1.8e11).per_node - 2000.0 / 6.0).abs() < 1e-9, "RocketMQ 2,000 queues stayed below 1 s with 1 TB");
    assert!(at(SystemId::Rocketmq, 1.8e11).cliff.is_some());
    assert!((lim(SystemId::Rocketmq) - 500.0 / 6.0).abs() < 1e-9);
    assert!((lim(SystemId::Pulsar) - 500.0 / 6.0).abs() < 1e-9);
    // A measured cell is returned as measured: Kafka, 2,000 partitions, 2 TB → 340 ms.
    let g = capacity::latency::grid_p999(cat.system(SystemId::Kafka).expect("kafka"), 2000.0, 2e12, 6).expect("grid");
    assert!((g.ms - 340.0).abs() < 1e-9 && !g.extrapolated, "{g:?}");
    let g = capacity::latency::grid_p999(cat.system(SystemId::Pulsar).expect("pulsar"), 2000.0, 5e11, 6).expect("grid");
    assert!(g.cliff && (g.ms - 3200.0).abs() < 1e-9, "Pulsar 2,000 partitions: 3.2 s, past the cliff (Optane variant excluded): {g:?}");
}

fn chosen(q: &[(&str, &str)]) -> SystemId {
    plan(&catalog(), &workload(q)).expect("plan").recommendation.system
}

/// seed 000 §8.3, step by step.
#[test]
fn decision_tree_branches() {
    // Step 1: data → Kafka.
    assert_eq!(chosen(&[("kind", "data")]), SystemId::Kafka);
    // Step 1: business needing transactions/delay/trace → RocketMQ.
    assert_eq!(chosen(&[("kind", "business"), ("needs", "transactions,delay")]), SystemId::Rocketmq);
    // Step 2: platform (tenancy / tiered / geo) with a dedicated team → Pulsar.
    assert_eq!(chosen(&[("kind", "data"), ("needs", "multitenancy,geo"), ("team", "dedicated")]), SystemId::Pulsar);
    // Step 2: without a team → don't touch Pulsar.
    assert_ne!(chosen(&[("kind", "data"), ("needs", "multitenancy"), ("team", "none")]), SystemId::Pulsar);
    // Step 3: business, reliable pub-sub only, recovery-sensitive → Kafka.
    let p = plan(&catalog(), &workload(&[("kind", "business"), ("drain_min", "10")])).expect("plan");
    assert_eq!(p.recommendation.system, SystemId::Kafka, "{:#?}", (&p.decision_path, p.candidates.iter().map(|c| (c.system, &c.status, &c.reasons, c.plan.nodes)).collect::<Vec<_>>()));
    // Undecided: business without features, deadlines or outage → default RocketMQ,
    // when it costs within 25 % of the cheapest: at 150 MB/s Kafka needs 10 machines,
    // RocketMQ 12 (groups of 3). (With the default 1 h outage RocketMQ's 24 queues
    // never drain — seed 000 §5.1 measured 750 msg/s per queue — and Kafka wins.)
    let p = plan(&catalog(), &workload(&[("kind", "business"), ("mbps", "150"), ("outage_h", "0")])).expect("plan");
    assert_eq!(p.recommendation.system, SystemId::Rocketmq, "{:#?}", (&p.decision_path, p.candidates.iter().map(|c| (c.system, c.plan.nodes)).collect::<Vec<_>>()));
    // At the 50 MB/s default RocketMQ's 6 machines are 50 % more than Kafka's 4: the
    // cheaper wins and the path says so (issue 8: the tree decides within the tolerance).
    let p = plan(&catalog(), &workload(&[("kind", "business"), ("outage_h", "0")])).expect("plan");
    assert_eq!(p.recommendation.system, SystemId::Kafka);
    assert!(p.decision_path.iter().any(|s| s.id == "default" && s.outcome == "RocketMQ"));
    assert!(p.decision_path.iter().any(|s| s.id == "cost" && s.outcome.contains("cheaper Kafka")), "{:?}", p.decision_path);
    // seed 004: auto-scaling streams → Pravega (needs a team to run BookKeeper).
    assert_eq!(chosen(&[("needs", "autoscale"), ("team", "dedicated")]), SystemId::Pravega);
    // Latency objective 9.1 ms: only RocketMQ's curve (9 ms at 50 %, seed 000 §4)
    // qualifies; Kafka's floor is 9.26 ms since stop 22 (seed 000, Confluent and
    // StreamNative: it meets the 10 ms this test used before).
    assert_eq!(chosen(&[("kind", "data"), ("p99_ms", "9.1")]), SystemId::Rocketmq);
}

#[test]
fn every_candidate_explains_itself_and_the_path_is_cited() {
    let p = plan(&catalog(), &workload(&[("kind", "business"), ("needs", "transactions"), ("p99_ms", "20")])).expect("plan");
    assert_eq!(p.candidates.len(), 4);
    for c in &p.candidates {
        assert!(!c.reasons.is_empty(), "{} has reasons", c.system);
        assert!(!c.plan.points.is_empty(), "{} rests on measured points", c.system);
    }
    assert!(p.candidates.iter().any(|c| c.status == "dropped"));
    for s in &p.decision_path {
        assert!(!s.citation.is_empty() && !s.answer.is_empty());
    }
}

/// Extrapolation is flagged: a 64 KB message is far outside 100 B – 1 KB.
#[test]
fn extrapolation_is_flagged() {
    let p = plan(&catalog(), &workload(&[("size", "65536")])).expect("plan");
    assert!(p.warnings.iter().any(|w| w.kind == "extrapolation" && w.text.contains("message size")), "{:?}", p.warnings);
}

/// Durability factors: Kafka acks=1 is the factor fitted from StreamNative's paired
/// acks=1 / acks=all runs; RocketMQ sync flush, with no pair in the corpus, is the
/// stated assumption (seed 000 §2.5: half).
#[test]
fn durability_changes_capacity_by_the_fitted_or_stated_factors() {
    let cat = catalog();
    let t = cat.throughput.as_ref().expect("corpus model");
    let factor = |s: SystemId, d: capacity::throughput::Deviation| t.factors.iter().find(|f| f.system == s && f.deviation == d).expect("factor").clone();
    let acks1 = factor(SystemId::Kafka, capacity::throughput::Deviation::AcksLeader);
    assert!(acks1.assumed.is_none() && acks1.pairs.len() >= 4, "fitted from pairs: {acks1:?}");
    assert!((1.2..=2.0).contains(&acks1.factor), "acks=1 gains 20–100 %: {}", acks1.factor);
    // At 100 B seed 000's cluster is CPU-bound with room below its disks: acks=1 lifts
    // it by the whole factor. At 1 KB its disks bind, and acking early writes no fewer
    // bytes: the prediction does not move.
    let base = predict(&cat, &seed000_cluster(SystemId::Kafka, 100.0)).expect("p").msgs_per_s;
    let mut spec = seed000_cluster(SystemId::Kafka, 100.0);
    spec.durability = Durability::Leader;
    assert!((predict(&cat, &spec).expect("p").msgs_per_s / base - acks1.factor).abs() < 1e-9);
    let base = predict(&cat, &seed000_cluster(SystemId::Kafka, 1024.0)).expect("p");
    assert_eq!(base.bound, capacity::sizing::BoundKind::Disk, "{base:?}");
    let mut spec = seed000_cluster(SystemId::Kafka, 1024.0);
    spec.durability = Durability::Leader;
    assert!((predict(&cat, &spec).expect("p").msgs_per_s - base.msgs_per_s).abs() < 1e-6);
    let sync = factor(SystemId::Rocketmq, capacity::throughput::Deviation::SyncFlush);
    assert!(sync.assumed.is_some() && (sync.factor - 0.5).abs() < 1e-12);
    let base = predict(&cat, &seed000_cluster(SystemId::Rocketmq, 1024.0)).expect("p").msgs_per_s;
    let mut spec = seed000_cluster(SystemId::Rocketmq, 1024.0);
    spec.durability = Durability::Fsync;
    assert!((predict(&cat, &spec).expect("p").msgs_per_s / base - 0.5).abs() < 1e-9);
}

/// When every candidate fails a hard constraint, the least-bad one is chosen by
/// constraint count, then by missing must-haves, then by how far it misses the
/// latency objective (in 5 % steps), then by the tree's own choice.
#[test]
fn relaxed_choice_counts_violations_not_reasons() {
    // p99 ≤ 5 ms: nobody measured that low (seed 000 §4: RocketMQ 9 ms at the lightest
    // load), so every candidate misses it. One violation each: the user's objective
    // weighs before the tree's default for data (Kafka), so RocketMQ, whose miss is
    // the smallest, is chosen (before stop 35 the tree's choice went first, and a
    // tighter objective picked the slower system: an adversarial tester).
    let p = plan(&catalog(), &workload(&[("p99_ms", "5"), ("outage_h", "0")])).expect("plan");
    assert_eq!(p.recommendation.system, SystemId::Rocketmq);
    let miss = |s| p.candidates.iter().find(|c| c.system == s).and_then(|c| c.plan.p99.as_ref()).expect("p99").ms;
    assert!(miss(SystemId::Rocketmq) > 5.0 && miss(SystemId::Rocketmq) < miss(SystemId::Kafka) / 1.05);
    // For business messages the tree prefers RocketMQ, which also misses by least.
    assert_eq!(chosen(&[("p99_ms", "5"), ("outage_h", "0"), ("kind", "business")]), SystemId::Rocketmq);
    // delay + trace + autoscale: Kafka lacks three, RocketMQ one (autoscale); Pulsar
    // has all three at least partially and breaks only the team rule (a default): one
    // violation each, and the user's own must-haves weigh first (stop 15).
    assert_eq!(chosen(&[("needs", "delay,trace,autoscale")]), SystemId::Pulsar);
    // Told there is a team, Pulsar breaks nothing.
    assert_eq!(chosen(&[("needs", "delay,trace,autoscale"), ("team", "dedicated")]), SystemId::Pulsar);
}

/// Impossible machine shapes are capped and flagged, never overflow.
#[test]
fn absurd_hardware_is_flagged_infeasible_not_a_panic() {
    for q in [[("disk_tb", "0.000001")], [("nic_gbps", "0.000001")], [("disk_mbps", "0.000001")]] {
        let p = plan(&catalog(), &workload(&q)).expect("plan");
        // Every candidate that needs more than the cap says so; those are dropped.
        let flagged: Vec<_> = p.candidates.iter().filter(|c| c.plan.warnings.iter().any(|w| w.kind == "infeasible")).collect();
        assert!(!flagged.is_empty(), "{q:?}: {:?}", p.warnings);
        assert!(flagged.iter().all(|c| c.status == "dropped" || p.warnings.iter().any(|w| w.kind == "constraint")), "{q:?}");
        for c in &p.candidates {
            assert_eq!(c.plan.nodes, c.plan.roles.iter().map(|r| r.machines).sum::<u32>());
        }
    }
    let p = plan(&catalog(), &workload(&[("drain_min", "0.0001"), ("outage_h", "720"), ("retention_h", "720")])).expect("plan");
    assert!(p.candidates.iter().all(|c| c.plan.data_nodes <= capacity::factors::MAX_DATA_NODES + 2));
}

#[test]
fn pravega_bookies_follow_the_disk_bound() {
    let p = plan(&catalog(), &workload(&[("mbps", "2000"), ("size", "10000"), ("team", "dedicated"), ("needs", "autoscale")])).expect("plan");
    let pv = p.candidates.iter().find(|c| c.system == SystemId::Pravega).expect("pravega");
    let bookies = pv.plan.roles.iter().find(|r| r.role == "bookie").expect("bookie role").machines;
    let disk = pv.plan.bounds.iter().find(|b| b.kind == BoundKind::Disk).expect("disk bound").nodes;
    assert!(f64::from(bookies) >= disk, "{bookies} bookies for a disk bound of {disk}");
}

/// Seed 004 stops before its setup, so Pravega's measured cluster is assumed (3 × 8
/// cores, seed 000's class): `predict` says so and flags the prediction extrapolated,
/// as every Pravega plan warns (a stop-19 tester saw `predict` omit it). Kafka's
/// measured clusters are stated: no such note.
#[test]
fn a_prediction_on_an_assumed_cluster_says_so() {
    let cat = catalog();
    let p = predict(&cat, &seed000_cluster(SystemId::Pravega, 1024.0)).expect("pravega");
    assert!(p.extrapolated && p.notes.iter().any(|n| n.starts_with("Pravega: ") && n.contains("assumed 3 nodes × 8 cores")), "{:?}", p.notes);
    let k = predict(&cat, &seed000_cluster(SystemId::Kafka, 1024.0)).expect("kafka");
    assert!(!k.notes.iter().any(|n| n.contains("does not state its cluster")), "{:?}", k.notes);
}
