//! Plans judged by standard sizing practice (network in = W·RF, out = W·(fan-out +
//! RF − 1), storage = W·retention·RF, one node or zone of head-room, 50–70 %
//! target utilisation). Each example of issue 8 is a test; the arithmetic the
//! expected answer comes from is in its comment. Default machine: seed 000's 8-core
//! node (2 × 450 MB/s SSD, 2 × 4 TB, 10 Gbit/s, 16 GB).

use capacity::plan::Candidate;
use capacity::sizing::BoundKind;
use capacity::{plan, Catalog, Plan, SystemId, Workload};

fn catalog() -> Catalog {
    ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}")).1
}

fn run(cat: &Catalog, q: &[(&str, &str)]) -> Plan {
    let w = Workload::from_params(q.iter().copied()).unwrap_or_else(|e| panic!("{e:?}"));
    plan(cat, &w).expect("plan")
}

fn cand(p: &Plan, s: SystemId) -> &Candidate {
    p.candidates.iter().find(|c| c.system == s).expect("candidate")
}

fn role(c: &Candidate, name: &str) -> u32 {
    c.plan.roles.iter().find(|r| r.role == name).map_or(0, |r| r.machines)
}

/// 100 MB/s, 2 h outage, drain in 15 min. Backlog 100 MB/s × 7,200 s = 720 GB;
/// draining it in 900 s while producing needs 800 + 100 = 900 MB/s of catch-up —
/// 94–114 partitions at StreamNative's measured 7.9–9.6 MB/s per partition, and disk
/// reads of ~900 MB/s over the cluster (2 × 450 MB/s per node). Storage binds first:
/// 100 MB/s × 24 h × RF 3 = 25.9 TB, +20 %, ÷ 70 % = 44.4 TB ÷ 8 TB = 5.6 → 6 + 1 = 7
/// brokers. Before: 70 brokers at 3 % CPU.
#[test]
fn a_drain_deadline_adds_partitions_before_machines() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("partitions", "48"), ("outage_h", "2"), ("drain_min", "15")]);
    let k = cand(&p, SystemId::Kafka);
    let brokers = role(k, "broker");
    assert!((7..=10).contains(&brokers), "{brokers} brokers: {:?}", k.plan.bounds);
    let d = k.plan.drain.as_ref().expect("drain");
    assert!(d.seconds <= 900.0 * 1.001, "drains in {} s", d.seconds);
    assert!((90..=120).contains(&d.partitions), "planned partitions {}", d.partitions);
    let a = k.plan.partition_advice.as_ref().expect("advice");
    assert!(a.planned >= 90 && k.plan.warnings.iter().any(|w| w.kind == "partitions"), "{a:?}");
}

/// 2 M msg/s × 100 B, 1 h outage, 15 min: backlog 7.2 G messages → 8 M + 2 M = 10 M
/// msg/s catch-up. Produce alone: 2 M × RF 3 × 6.7 core·µs (Kafka fit at 100 B) =
/// 40 cores ÷ (5 effective cores × 70 %) = 11.5 → 13 machines; the catch-up reads add
/// CPU (10 M × 0.5 × 6.7 µs = 34 cores at 90 %): about 17 + 1. Before: 269 brokers.
#[test]
fn a_small_message_firehose_drains_in_time() {
    let cat = catalog();
    let p = run(&cat, &[("msgs", "2000000"), ("size", "100"), ("drain_min", "15")]);
    let k = cand(&p, SystemId::Kafka);
    let d = k.plan.drain.as_ref().expect("drain");
    assert!(d.seconds.is_finite() && d.seconds <= 900.0 * 1.001, "{d:?}");
    let brokers = role(k, "broker");
    assert!((13..=30).contains(&brokers), "{brokers} brokers");
}

/// p99 ≤ 9.1 ms at 512 B (within ×2 of the measured 1 KB): the queueing fit through
/// seed 000's RocketMQ points (9 ms at 50 %, 58 ms at 90 %: knee 2.14, floor 2.87 ms)
/// meets it up to u = g/(1+g), g = (9.1/2.87 − 1)/2.14 = 1.01 → ≈ 50 %, just inside
/// its lightest measured load; Kafka's floor (geometric mean of seed 000's 15.8 ms,
/// Confluent's 5.12 ms and StreamNative's 9.83 ms: 9.26 ms) and Pulsar's (39.2, 22.3
/// and 10.4 ms) miss it at any load; Pravega's p99 is not measured, so it cannot be
/// shown to meet it. (Until stop 22 the objective was 10 ms; Confluent's 200K msg/s
/// runs, 5.4 ms end-to-end p99, brought Kafka's floor under that.)
#[test]
fn a_latency_objective_sizes_and_unknown_latency_cannot_pass() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("size", "512"), ("p99_ms", "9.1"), ("partitions", "48"), ("team", "dedicated")]);
    assert_eq!(p.recommendation.system, SystemId::Rocketmq, "{:?}", p.candidates.iter().map(|c| (c.system, &c.reasons)).collect::<Vec<_>>());
    assert!(p.recommendation.p99_ms.is_some_and(|x| x <= 9.1), "{:?}", p.recommendation.p99_ms);
    let pravega = cand(&p, SystemId::Pravega);
    assert_eq!(pravega.status, "dropped");
    assert!(pravega.reasons.iter().any(|r| r.contains("cannot be shown")), "{:?}", pravega.reasons);
    // fsync at 10 ms: Kafka's per-message fsync was measured (StreamNative 2020,
    // results/latency/sync, acks=all: e2e p99 64.6 ms at 200 K msg/s) and Pulsar's
    // journal-synced baseline (…-ack-2-sync: 11.6 ms at 200 K msg/s, floor ≈ 10.4 ms,
    // seed 000's 42 ms the other source) — both miss; RocketMQ's sync flush and
    // Pravega have no latency run, so they cannot be shown to meet it.
    let p = run(&cat, &[("mbps", "50"), ("p99_ms", "10"), ("durability", "fsync"), ("team", "dedicated")]);
    let why = |s: SystemId| cand(&p, s).reasons.join(" | ");
    for s in [SystemId::Kafka, SystemId::Pulsar] {
        assert!(why(s).contains("exceeds the 10 ms objective"), "{s:?}: {}", why(s));
    }
    for s in [SystemId::Rocketmq, SystemId::Pravega] {
        assert!(why(s).contains("cannot be shown"), "{s:?}: {}", why(s));
    }
    // Every candidate fails it; the least-bad is shown with the constraint warning.
    assert!(p.warnings.iter().any(|w| w.kind == "constraint"));
}

/// Sweeping the objective down never lowers a kept candidate's machine count.
#[test]
fn tightening_the_objective_raises_machines_monotonically() {
    let cat = catalog();
    let mut last: Option<u32> = None;
    for slo in ["60", "40", "30", "20", "15", "12", "10", "9.5"] {
        let p = run(&cat, &[("mbps", "300"), ("p99_ms", slo), ("kind", "business"), ("needs", "transactions"), ("outage_h", "0")]);
        let r = cand(&p, SystemId::Rocketmq);
        if r.status == "dropped" {
            break;
        }
        if let Some(prev) = last {
            assert!(r.plan.nodes >= prev, "p99 ≤ {slo} ms: {} < {prev}", r.plan.nodes);
        }
        last = Some(r.plan.nodes);
    }
    assert!(last.is_some());
}

/// Sweeping the drain deadline down never lowers Kafka's machine count.
#[test]
fn tightening_the_drain_deadline_raises_machines_monotonically() {
    let cat = catalog();
    let mut last = 0;
    for d in ["240", "120", "60", "30", "15", "8", "4"] {
        let p = run(&cat, &[("mbps", "200"), ("outage_h", "2"), ("drain_min", d), ("retention_h", "4")]);
        let k = cand(&p, SystemId::Kafka);
        assert!(k.plan.nodes >= last, "drain {d} min: {} < {last}", k.plan.nodes);
        last = k.plan.nodes;
    }
}

/// Tiered storage, 50 MB/s for 720 h: 24 h stay on bookies (50 MB/s × 86,400 s × 3
/// = 12.96 TB, +20 %, ÷ 70 % = 22.2 TB raw → 3 + 1 bookies), the other 696 h are one
/// copy in object storage: 50 MB/s × 2,505,600 s = 125.3 TB. Before: 85 bookies. Since
/// stop 38 each 1 KB message keeps its record's fields too (Pulsar 6 B, Kafka 7 B).
#[test]
fn tiered_storage_keeps_a_day_local_and_one_copy_in_object_storage() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("retention_h", "720"), ("partitions", "48"), ("needs", "tiered"), ("team", "dedicated")]);
    let pulsar = cand(&p, SystemId::Pulsar);
    let s = &pulsar.plan.storage;
    let (pulsar_fields, kafka_fields) = (1030.0 / 1024.0, 1031.0 / 1024.0);
    assert!((s.object_bytes / (50e6 * 696.0 * 3600.0 * pulsar_fields) - 1.0).abs() < 1e-9, "{s:?}");
    // Kafka's tiered storage copies each segment as it closes: all 720 h are in object
    // storage, the last 24 h on the brokers too (a stop-37 reviewer: priced as 696 h).
    let kafka = cand(&p, SystemId::Kafka);
    assert!((kafka.plan.storage.object_bytes / (50e6 * 720.0 * 3600.0 * kafka_fields) - 1.0).abs() < 1e-9, "{:?}", kafka.plan.storage);
    let b = kafka.plan.bounds.iter().find(|b| b.kind == BoundKind::Storage).expect("storage bound");
    assert!(b.detail.ends_with("; all 720 h (130 TB, one copy) in object storage, copied as segments close"), "{}", b.detail);
    assert!((s.raw_disk_bytes / (50e6 * 86_400.0 * 3.0 * 1.2 / 0.7 * pulsar_fields) - 1.0).abs() < 1e-9, "{s:?}");
    assert!(role(pulsar, "bookie") <= 5, "{:?}", pulsar.plan.roles);
    assert!(p.recommendation.nodes <= 12, "{:?}", p.recommendation);
}

/// Ten consumer groups at 100 MB/s: NIC out = 100 × (10 + 3 − 1) = 1,200 MB/s ÷
/// (1,250 MB/s × 70 %) = 1.4 nodes; storage 25.9 TB → 44.4 TB raw ÷ 8 TB → 6 + 1 = 7.
/// Consumers must not cost 2.6 replica writes each (before: 20 machines at 6 % NIC).
/// No outage: since stop 27 ten groups' 1 h backlog sets a drain bound of its own.
#[test]
fn consumer_groups_cost_what_the_fit_says() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("fanout", "10"), ("partitions", "96"), ("outage_h", "0")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(role(k, "broker"), 7, "{:?}", k.plan.bounds);
    assert_eq!(k.plan.bottleneck, BoundKind::Storage);
    assert!(k.plan.utilisation.network > 0.12, "{:?}", k.plan.utilisation);
}

/// Pulsar with a dedicated team for geo-replication: 3 co-located machines carry
/// 145 MB/s (predict), so 50 MB/s needs ≤ 1 broker's worth of CPU (+1, at least 2);
/// bookies are set by storage: 12.96 TB → 22.2 TB raw ÷ 8 TB → 3 + 1.
#[test]
fn pulsar_roles_are_sized_by_their_own_bounds() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("team", "dedicated"), ("needs", "geo")]);
    assert_eq!(p.recommendation.system, SystemId::Pulsar, "{:?}", p.decision_path);
    let c = cand(&p, SystemId::Pulsar);
    assert!(role(c, "broker") <= 2 && role(c, "bookie") <= 4, "{:?}", c.plan.roles);
}

/// A Pulsar broker sends every one of the RF copies to the bookies, and its consumers
/// their reads: out = ingress × (RF + fan-out), one copy more than Kafka's leader
/// (which keeps its own). 500 MB/s of 10 KiB messages, RF 3, 1 group, 1 Gbit/s NICs
/// (125 MB/s × 70 % = 87.5 MB/s): 500 × 4 ÷ 87.5 = 22.9 → 23 + 1 = 24 brokers, and
/// the utilisation shown is the brokers' own: 2,000 ÷ (24 × 125) = 67 %. A stop-37
/// reviewer saw 19 brokers "at 63 %" running at 84–89 %. Pravega's segment stores send
/// one copy more, to long-term storage: ingress × (RF + 1 + fan-out).
#[test]
fn pulsar_brokers_and_pravega_segment_stores_send_every_copy() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "500"), ("size", "10240"), ("team", "dedicated"), ("needs", "multitenancy"), ("nic_gbps", "1")]);
    let c = cand(&p, SystemId::Pulsar);
    let net = c.plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!((net.nodes - 2000.0 / 87.5).abs() < 0.01, "{net:?}");
    let brokers = role(c, "broker");
    assert!(brokers >= 24, "{brokers} brokers: {:?}", c.plan.roles);
    let shown = c.plan.utilisation.network;
    assert!((shown - 2000.0 / (f64::from(brokers) * 125.0)).abs() < 0.01, "shown {shown}, brokers {brokers}");
    let p = run(&cat, &[("mbps", "500"), ("size", "10240"), ("team", "dedicated"), ("needs", "autoscale"), ("nic_gbps", "1")]);
    let v = cand(&p, SystemId::Pravega);
    let net = v.plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!((net.nodes - 2500.0 / 87.5).abs() < 0.01, "{net:?}");
    assert!(role(v, "segment-store") >= 30, "{:?}", v.plan.roles);
    let k = cand(&p, SystemId::Kafka);
    let net = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!((net.nodes - 1500.0 / 87.5).abs() < 0.01, "Kafka's leader keeps its own copy: {net:?}");
}

/// 10,000 partitions at 5 MB/s: one partition carries the load. Beyond seed 001's
/// 5,000 (no cliff measured for Kafka) general practice allows ~4,000 replicas per
/// broker: 30,000 ÷ 4,000 = 7.5 → 8 + 1 = 9 brokers, and the plan says what the other bounds need (fewer partitions
/// would do). RocketMQ (for MQTT) at this 18 GB backlog: 2,000 queues
/// stayed below the cliff at 1 TB → 333 per node → 30 + 1 → 33 in groups of 3.
#[test]
fn partition_counts_are_read_at_the_workloads_backlog_with_advice() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "5"), ("size", "200"), ("partitions", "10000")]);
    let k = cand(&p, SystemId::Kafka);
    assert!(role(k, "broker") <= 10, "{:?}", k.plan.roles);
    assert!(k.plan.warnings.iter().any(|w| w.kind == "partitions" && w.text.contains("partitions set the count") && w.text.contains("the other bounds need")), "{:?}", k.plan.warnings);
    let p = run(&cat, &[("mbps", "5"), ("size", "200"), ("partitions", "10000"), ("needs", "mqtt")]);
    let r = cand(&p, SystemId::Rocketmq);
    assert!(r.plan.nodes <= 36, "{}", r.plan.nodes);
}

/// Business messages at 50 MB/s over 3,000 queues: Kafka needs 5 machines, RocketMQ
/// (partition-bound) about 12 — far beyond the 25 % cost tolerance, so the cheaper
/// wins and the path says why. Before: RocketMQ on 39.
#[test]
fn the_tree_yields_to_cost_beyond_the_tolerance() {
    let cat = catalog();
    let p = run(&cat, &[("kind", "business"), ("mbps", "50"), ("partitions", "3000")]);
    assert_eq!(p.recommendation.system, SystemId::Kafka, "{:?}", p.decision_path);
    assert!(p.decision_path.iter().any(|s| s.id == "cost" && s.outcome.contains("cheaper")), "{:?}", p.decision_path);
    // With machine prices the cost is money: machines × price, each metadata
    // machine (KRaft controller, ZooKeeper, Pravega controller) at a quarter.
    let p = run(&cat, &[("kind", "business"), ("mbps", "50"), ("partitions", "3000"), ("node_cost", "500")]);
    for c in &p.candidates {
        let small: u32 = c.plan.roles.iter().filter(|r| matches!(r.role.as_str(), "kraft-controller" | "zookeeper" | "controller")).map(|r| r.machines).sum();
        let want = (f64::from(c.plan.nodes - small) + 0.25 * f64::from(small)) * 500.0;
        assert_eq!(c.plan.monthly_cost, Some(want), "{:?}: {:?}", c.system, c.plan.roles);
    }
}

/// A stop-20 tester: past 5 brokers Kafka's 3 KRaft controllers counted as three
/// whole i3en.2xlarge machines while RocketMQ's NameServers counted as none, so the
/// choice flipped Kafka → RocketMQ → Kafka → RocketMQ → Kafka from 45 to 100 MB/s.
/// Metadata machines now count a quarter each (the Pulsar docs: ZooKeeper machines
/// can be small), and the data workload leaves Kafka only where Kafka costs more than
/// 25 % over the cheapest: at 60 MB/s since stop 43, whose RocketMQ storage keeps no
/// spare node (2 groups, 6 machines, against Kafka's 7.75 machine-equivalents).
#[test]
fn metadata_machines_do_not_flip_the_choice_as_the_rate_rises() {
    let cat = catalog();
    for mbps in ["45", "50", "60", "80", "100"] {
        let p = run(&cat, &[("mbps", mbps), ("hw", "aws-i3en.2xlarge")]);
        let k = cand(&p, SystemId::Kafka);
        // Kept: team=none drops Pulsar and Pravega.
        let cheapest = k.plan.machine_equivalents.min(cand(&p, SystemId::Rocketmq).plan.machine_equivalents);
        if p.recommendation.system != SystemId::Kafka {
            assert!(k.plan.machine_equivalents > 1.25 * cheapest, "{mbps} MB/s: {:?}", p.decision_path);
        } else {
            assert!(k.plan.machine_equivalents <= 1.25 * cheapest, "{mbps} MB/s: {:?}", p.decision_path);
        }
        assert_eq!(p.recommendation.system != SystemId::Kafka, mbps == "60", "{mbps} MB/s: {:?}", p.decision_path);
        let controllers = k.plan.roles.iter().find(|r| r.role == "kraft-controller").map_or(0, |r| r.machines);
        assert!((k.plan.machine_equivalents - (f64::from(k.plan.nodes) - 0.75 * f64::from(controllers))).abs() < 1e-9, "{mbps}: {:?}", k.plan.roles);
    }
}

/// The recommendation never "never drains" while another kept candidate drains.
#[test]
fn a_candidate_that_never_drains_is_not_recommended_over_one_that_does() {
    let cat = catalog();
    let p = run(&cat, &[("kind", "business"), ("mbps", "100"), ("retention_h", "72"), ("partitions", "64"), ("fanout", "2")]);
    let best = &p.candidates[0].plan;
    let others_drain = p.candidates.iter().filter(|c| c.status != "dropped").any(|c| c.plan.drain.as_ref().is_some_and(|d| d.seconds.is_finite()));
    // Kafka drains here (its measured catch-up beats the produce rate), RocketMQ's 64
    // queues do not (seed 000: 750 msg/s per queue).
    assert!(others_drain, "{:?}", p.candidates.iter().map(|c| (c.system, &c.plan.drain)).collect::<Vec<_>>());
    assert!(best.drain.as_ref().is_some_and(|d| d.seconds.is_finite()), "{:?}", best.drain);
}

/// RF 1 warns of data loss; zones round counts and show cross-zone traffic;
/// compression shrinks what disks store.
#[test]
fn rf1_zones_and_compression_are_planned() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("rf", "1")]);
    assert!(p.warnings.iter().any(|w| w.kind == "data_loss" && w.text.contains("RF 1")), "{:?}", p.warnings);
    let p = run(&cat, &[("mbps", "200"), ("zones", "3")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(role(k, "broker") % 3, 0, "{:?}", k.plan.roles);
    // The disks still hold a lost node's share: 200 MB/s × 24 h × 3 = 51.8 TB → 88.9 TB
    // raw; ÷ (brokers − 1) must fit 8 TB per machine.
    assert!(k.plan.disk_per_node_gb <= 8000.0, "{} GB per node", k.plan.disk_per_node_gb);
    assert!(!k.plan.warnings.iter().any(|w| w.kind == "disk_short"));
    // RF 3 over 3 zones: both follower copies cross (2 × 200) and 2/3 of the producer
    // and consumer traffic reaches a leader in another zone (2/3 × 200 × 2).
    assert!((k.plan.cross_zone_mbps - (400.0 + 2.0 / 3.0 * 400.0)).abs() < 1e-6, "{}", k.plan.cross_zone_mbps);
    let plain = run(&cat, &[("mbps", "50")]);
    let packed = run(&cat, &[("mbps", "50"), ("compression", "4")]);
    let (a, b) = (&cand(&plain, SystemId::Kafka).plan.storage, &cand(&packed, SystemId::Kafka).plan.storage);
    // 4× less payload, each record's 7 B of fields as they were (stop 41).
    assert!((a.retained_bytes / b.retained_bytes - (1024.0 + 7.0) / (256.0 + 7.0)).abs() < 1e-9, "{}", a.retained_bytes / b.retained_bytes);
}

/// fsync per message costs what the disk under it allows: the corpus model's Kafka
/// factor is ×0.92 on local NVMe (6 paired StreamNative runs) but ×0.025 on a cloud
/// volume (since stop 32 fitted from mqperf's per-message-flush run on gp2, 20,800
/// msg/s, against its two saturated runs without flush, 828,836 and 810,555: a stated
/// pair; ×0.10 was assumed before, 4× optimistic). A user on the gp2 preset (or `disk=ebs` / `disk=network`) gets the
/// volume's factor — more machines — not the local-disk one.
#[test]
fn fsync_on_a_cloud_volume_costs_more_than_on_local_nvme() {
    let cat = catalog();
    let t = cat.throughput.as_ref().expect("corpus model");
    let cpu = |hw: &str, disk: Option<&str>| {
        let mut q = vec![("mbps", "50"), ("durability", "fsync"), ("hw", hw)];
        if let Some(d) = disk {
            q.push(("disk", d));
        }
        let w = Workload::from_params(q).expect("workload");
        capacity::throughput::cpu_per_node(t, SystemId::Kafka, &w.hardware, w.size.0, w.rf, w.partitions, w.fanout, w.durability).expect("kafka").msgs
    };
    let replicated = |hw: &str| {
        let w = Workload::from_params([("mbps", "50"), ("hw", hw)]).expect("workload");
        capacity::throughput::cpu_per_node(t, SystemId::Kafka, &w.hardware, w.size.0, w.rf, w.partitions, w.fanout, w.durability).expect("kafka").msgs
    };
    let nvme = cpu("aws-i3en.2xlarge", None) / replicated("aws-i3en.2xlarge");
    let gp2 = cpu("aws-r5.2xlarge-gp2", None) / replicated("aws-r5.2xlarge-gp2");
    assert!((nvme - 0.92).abs() < 0.02, "NVMe fsync ×{nvme:.3}");
    let measured = (20_800.0f64 / 828_836.0 * 20_800.0 / 810_555.0).sqrt();
    assert!((gp2 / measured - 1.0).abs() < 0.01, "gp2 fsync ×{gp2:.4} vs the pair's ×{measured:.4}");
    // The same machine told its disk is a network volume.
    let ceph = cpu("aws-i3en.2xlarge", Some("network")) / replicated("aws-i3en.2xlarge");
    assert!((ceph / measured - 1.0).abs() < 0.01, "network fsync ×{ceph:.4}");
    // And the plan needs more brokers for it.
    let brokers = |hw: &str| role(cand(&run(&cat, &[("mbps", "50"), ("durability", "fsync"), ("hw", hw), ("retention_h", "1")]), SystemId::Kafka), "broker");
    assert!(brokers("aws-r5.2xlarge-gp2") > brokers("aws-i3en.2xlarge"), "gp2 {} vs NVMe {}", brokers("aws-r5.2xlarge-gp2"), brokers("aws-i3en.2xlarge"));
}

/// A backlog that only the default 24 partitions keep from draining is planned on the
/// partitions that drain it: more partitions are a setting, not a machine. RocketMQ
/// (transactions → RocketMQ, 000 §8.3) is planned on the queues its catch-up needs,
/// says so with the arithmetic, drains, and stays the choice.
#[test]
fn a_backlog_that_more_partitions_drain_is_planned_on_them() {
    let cat = catalog();
    let p = run(&cat, &[("needs", "transactions"), ("kind", "business")]);
    let r = cand(&p, SystemId::Rocketmq);
    let advice = r.plan.partition_advice.as_ref().expect("advice");
    // Planned on the queues its drain needs, and said so with the arithmetic.
    assert!(advice.planned > 24 && advice.catch_up_needs.is_none(), "{advice:?}");
    let said = r.plan.warnings.iter().find(|w| w.text.starts_with(&format!("RocketMQ: planned with {} partitions", capacity::units::Num(f64::from(advice.planned))))).expect("said");
    assert!(said.text.contains("not 24, so each group's catch-up beats the produce rate (") && said.text.contains("catch-up: "), "{}", said.text);
    let d = r.plan.drain.as_ref().expect("drain estimate");
    assert!(!d.never_drains && d.seconds.is_finite() && d.partitions == advice.planned, "{d:?}");
    let json = serde_json::to_value(&r.plan.drain).expect("json");
    assert_eq!(json["never_drains"], false, "JSON says whether it drains ({})", json["seconds"]);
    assert_eq!(p.recommendation.system, SystemId::Rocketmq, "{:?}\n{:?}", p.decision_path, r.reasons);
    // Told 200 partitions, which drain, the plan keeps them.
    let more = run(&cat, &[("needs", "transactions"), ("kind", "business"), ("partitions", "200")]);
    assert_eq!(more.recommendation.system, SystemId::Rocketmq);
    let r = cand(&more, SystemId::Rocketmq);
    assert!(r.plan.drain.as_ref().is_some_and(|d| d.seconds.is_finite() && d.partitions == 200), "{:?}", r.plan.drain);
    assert!(!r.plan.warnings.iter().any(|w| w.text.starts_with("RocketMQ: planned with")));
}

/// When every candidate breaks a hard constraint, the user's own must-haves weigh
/// before the defaulted team rule (found by an adversarial tester: `needs=autoscale`
/// gave Kafka, which lacks it, over Pravega, dropped only by the default team=none).
#[test]
fn a_tie_in_violations_goes_to_the_candidate_with_every_must_have() {
    let cat = catalog();
    let p = run(&cat, &[("needs", "autoscale")]);
    // Kafka and RocketMQ lack it; Pulsar and Pravega need a team (the default says
    // none): one violation each, and of those the tree chose Pravega (004 §1).
    assert!(p.decision_path.iter().any(|s| s.answer.contains("every candidate fails")), "{:?}", p.decision_path);
    assert_eq!(p.recommendation.system, SystemId::Pravega, "{:?}", p.decision_path);
}

/// An objective the expected p99 meets but the interval's high end passes is said to
/// be likely, not certain (found by a new-user trial: 12.3 ms expected, up to 46 ms,
/// against 15 ms read as a pass).
#[test]
fn an_objective_inside_the_latency_interval_is_flagged() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "300"), ("size", "1024"), ("p99_ms", "15")]);
    for c in p.candidates.iter().filter(|c| c.status != "dropped") {
        let Some(e) = &c.plan.p99 else { continue };
        let flagged = c.plan.warnings.iter().any(|w| w.kind == "objective" && w.text.contains("likely, not certain"));
        let straddles = e.ms <= 15.0 && e.high.is_some_and(|h| h > 15.0);
        assert_eq!(flagged, straddles, "{:?}: {e:?} {:?}", c.system, c.plan.warnings);
    }
    assert!(p.candidates.iter().any(|c| c.plan.warnings.iter().any(|w| w.text.contains("likely, not certain"))), "at least one plan straddles 15 ms");
}

/// Each candidate is compared on the partitions its drain needs (a stop-19 tester
/// saw the default 24 hand the choice to a dearer system): no candidate is both
/// re-planned on more partitions and said never to drain, and none is left with
/// "it does on N or more" advice.
#[test]
fn a_candidate_that_more_partitions_would_drain_is_compared_on_them() {
    let cat = catalog();
    let p = run(&cat, &[("kind", "business")]);
    for c in &p.candidates {
        let replanned = c.plan.warnings.iter().any(|w| w.text.contains(&format!("{}: planned with", c.system.name())));
        let never = c.reasons.iter().any(|x| x.contains("never drains"));
        assert!(!(replanned && never), "{:?}: {:?}", c.system, c.reasons);
        assert!(!c.reasons.iter().any(|x| x.contains("or more (partition advice)")), "{:?}: {:?}", c.system, c.reasons);
    }
    let r = cand(&p, SystemId::Rocketmq);
    assert!(r.plan.warnings.iter().any(|w| w.text.starts_with("RocketMQ: planned with")), "{:?}", r.plan.warnings);
}

fn cpu_nodes(c: &Candidate) -> f64 {
    c.plan.bounds.iter().find(|b| b.kind == BoundKind::Cpu).expect("a CPU bound").nodes
}

/// Seed 002 §2.4 measured RocketMQ's Go client at 32,000 msg/s plain and 8,000 msg/s
/// transactional in one test: a transactional send costs 4 plain ones. With half the
/// sends in transactions each message weighs 1 + 0.5 × 3 = 2.5 plain sends, so the
/// CPU bound needs 2.5× the machines; all of them, 4×. Kafka has no measured pair:
/// its CPU bound does not move, and the plan says it sized them as plain sends.
#[test]
fn transactional_sends_cost_what_the_measured_pair_says() {
    let cat = catalog();
    let base = [("mbps", "200"), ("needs", "transactions"), ("kind", "business")];
    let with = |pct: &str| {
        let mut q = base.to_vec();
        q.push(("txn_pct", pct));
        run(&cat, &q)
    };
    let plain = run(&cat, &base);
    let (half, all) = (with("50"), with("100"));
    let r = |p: &Plan| cpu_nodes(cand(p, SystemId::Rocketmq)) / cpu_nodes(cand(&plain, SystemId::Rocketmq));
    // The sends weigh ×2.5 and ×4, the reads as before (since stop 43): with a read
    // share s of the bound, 2.5 (1 − s) + s and 4 (1 − s) + s, so the two excesses
    // stand 1.5 : 3 whatever s is; one group reading at 0.5 of a replica write
    // against RF 3 is s = 0.5 ÷ 3.5.
    assert!(((r(&all) - 1.0) / (r(&half) - 1.0) - 2.0).abs() < 1e-9, "{} {}", r(&half), r(&all));
    let s = (4.0 - r(&all)) / 3.0;
    assert!((s - 0.5 / 3.5).abs() < 1e-9, "read share {s}");
    let rmq = cand(&all, SystemId::Rocketmq);
    assert!(rmq.plan.bounds.iter().any(|b| b.detail.contains("the sends × 4.00 for transactions (100 % of sends at ×4 each, 002 §2.4)")), "{:?}", rmq.plan.bounds);
    assert!(rmq.plan.points.iter().any(|p| p.id.ends_with("#s002-rocketmq-go24-txn-produce")), "the measured pair is cited");
    // Not given: sized as plain, and said so where a cost is known.
    assert!(cand(&plain, SystemId::Rocketmq).plan.warnings.iter().any(|w| w.text.contains("share is not given (txn_pct)")));
    let k = |p: &Plan| cpu_nodes(cand(p, SystemId::Kafka));
    assert!((k(&all) - k(&plain)).abs() < 1e-9);
    assert!(cand(&all, SystemId::Kafka).plan.warnings.iter().any(|w| w.text.contains("no plain / transactional pair is measured")));
    // A share above 0 makes transactions a must-have, and the link keeps it.
    let w = Workload::from_params([("txn_pct", "30")]).expect("valid");
    assert!(w.needs.contains(&capacity::system::Feature::Transactions) && (w.txn_share.expect("given") - 0.3).abs() < 1e-12);
    assert!(w.to_params().iter().any(|(k, v)| *k == "txn_pct" && v == "30"));
    assert!(Workload::from_params([("txn_pct", "101")]).is_err());
}

/// With a p99 objective and transactional sends, the p99 is the transactional one:
/// RocketMQ's plain-send curve × 85 / 12 (002 §2.4: p99 ≤ 85 ms transactional against
/// ≤ 12 ms plain, same test); Kafka, with no transactional latency measured, cannot be
/// shown to meet it. Under 1 % transactional the plain sends' p99 stands.
#[test]
fn a_p99_objective_with_transactions_is_checked_on_the_transactional_p99() {
    let cat = catalog();
    let q = |pct: &'static str| [("mbps", "50"), ("kind", "business"), ("txn_pct", pct), ("p99_ms", "200")];
    let (plain, txn, few) = (run(&cat, &q("0")), run(&cat, &q("20")), run(&cat, &q("0.5")));
    let p99 = |p: &Plan, s| cand(p, s).plan.p99.as_ref().map(|e| e.ms);
    let (r0, r1) = (p99(&plain, SystemId::Rocketmq).expect("measured"), p99(&txn, SystemId::Rocketmq).expect("measured"));
    // The machines may differ (the CPU bound grows with transactions), so compare the
    // basis: the ratio is stated and applied to the curve read at the plan's load.
    let e = cand(&txn, SystemId::Rocketmq).plan.p99.clone().expect("p99");
    assert!(e.basis.contains("for transactional sends") && r1 > r0 * 3.0, "{r0} → {r1}: {}", e.basis);
    assert!(e.points.iter().any(|p| p.id.ends_with("#s002-rocketmq-go24-txn-p99")), "the transactional p99 is cited");
    assert!(p99(&txn, SystemId::Kafka).is_none());
    assert!(txn.recommendation.system != SystemId::Kafka || txn.candidates.iter().all(|c| c.plan.p99.is_none()));
    assert!(cand(&txn, SystemId::Kafka).plan.warnings.iter().any(|w| w.text.contains("no transactional p99 is measured for Kafka")), "{:?}", cand(&txn, SystemId::Kafka).plan.warnings);
    assert!(p99(&few, SystemId::Kafka).is_some());
}

/// Three zones: what moves to the other two with one zone down. Pulsar's bookies
/// re-form their ensembles there, so its CPU, disk and network bounds take × 3/2.
/// A Kafka partition's followers in the lost zone leave its ISR, so each surviving
/// broker writes what it did (a stop-29 reviewer): its disk bound takes × 1, its
/// network the consumers' share only — out = W × (1 × 1.5 + RF 3 − 1) = 3.5 W against
/// 3 W in and out before, × 7/6 — and its CPU the reads' share only. Storage keeps
/// its +1 machine for a node lost for good, and says why.
#[test]
fn zones_say_what_they_add_to_each_bound() {
    let cat = catalog();
    let one = run(&cat, &[("zones", "1"), ("team", "dedicated")]);
    let three = run(&cat, &[("zones", "3"), ("team", "dedicated")]);
    let ratio = |s: SystemId, kind: BoundKind| {
        let b1 = cand(&one, s).plan.bounds.iter().find(|b| b.kind == kind).expect("bound").clone();
        let b3 = cand(&three, s).plan.bounds.iter().find(|b| b.kind == kind).expect("bound").clone();
        assert!(!b1.detail.contains("zones"), "{}", b1.detail);
        (b3.nodes / b1.nodes, b3.detail)
    };
    for kind in [BoundKind::Cpu, BoundKind::Disk, BoundKind::Network] {
        let (r, detail) = ratio(SystemId::Pulsar, kind);
        assert!((r - 1.5).abs() < 1e-9, "Pulsar {kind:?}: × {r}");
        assert!(detail.contains("× 3/2 = × 1.50: with one of 3 zones down the other 2 carry it"), "{detail}");
    }
    let (disk, detail) = ratio(SystemId::Kafka, BoundKind::Disk);
    assert!((disk - 1.0).abs() < 1e-9 && detail.contains("its followers there leave the ISR"), "× {disk}: {detail}");
    let (net, detail) = ratio(SystemId::Kafka, BoundKind::Network);
    assert!((net - 7.0 / 6.0).abs() < 1e-9 && detail.contains("the consumers' reads move to the other 2 (× 1.50)"), "× {net}: {detail}");
    let (cpu, _) = ratio(SystemId::Kafka, BoundKind::Cpu);
    assert!(cpu > 1.0 && cpu < 1.5, "× {cpu}: the reads' share only");
    let (k1, k3) = (cand(&one, SystemId::Kafka), cand(&three, SystemId::Kafka));
    let s3 = k3.plan.bounds.iter().find(|b| b.kind == BoundKind::Storage).expect("storage");
    let s1 = k1.plan.bounds.iter().find(|b| b.kind == BoundKind::Storage).expect("storage");
    assert!((s3.nodes - s1.nodes - 1.0).abs() < 1e-9 && s3.detail.contains("+ 1 node: a machine lost for good"), "{}", s3.detail);
}

/// 500 MB/s kept 30 days: 500 × 720 h × 3,600 × RF 3 = 3.9 PB on the disks, +20 %, ÷ 70 %
/// ÷ 8 TB → hundreds of brokers, all for retention. With tiered storage only 24 h stay
/// on the disks (130 TB, +20 %, ÷ 70 % ÷ 8 TB = 28 + 1) and the plan says so, with
/// both counts; asking for tiered storage gives that count.
#[test]
fn a_storage_bound_plan_is_told_what_tiered_storage_would_need() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "500"), ("retention_h", "720")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Storage);
    let tiered = run(&cat, &[("mbps", "500"), ("retention_h", "720"), ("needs", "tiered")]);
    let kt = cand(&tiered, SystemId::Kafka);
    assert!(kt.plan.nodes * 10 < k.plan.nodes, "{} vs {}", kt.plan.nodes, k.plan.nodes);
    let hint = k.plan.warnings.iter().find(|w| w.kind == "hint" && w.text.contains("tiered storage")).expect("a tiered-storage hint");
    assert!(hint.text.contains(&format!("sets {} machines", k.plan.nodes)) && hint.text.contains(&format!("it would be {} (", kt.plan.nodes)) && hint.text.contains("24 h"), "{}", hint.text);
    // Not storage-bound, or already tiered: no hint.
    let tiered_hint = |c: &Candidate| c.plan.warnings.iter().any(|w| w.kind == "hint" && w.text.contains("tiered storage"));
    assert!(!tiered_hint(kt));
    assert!(!tiered_hint(cand(&run(&cat, &[("mbps", "500")]), SystemId::Kafka)));
}

/// Found by an adversarial tester: more zones, a higher RF, or the high end of the
/// throughput interval must never plan fewer machines than the hardware allows.
#[test]
fn zones_rf_and_the_interval_never_plan_below_the_hardware() {
    let cat = catalog();
    // 20,000 partitions: the partition bound sets the count; with a zone down its
    // partitions move to the other zones (× z/(z − 1)), so zones never lower it.
    for parts in ["20000", "100000"] {
        let n = |z: &str| run(&cat, &[("partitions", parts), ("zones", z)]).candidates.iter().map(|c| (c.system, c.plan.nodes)).collect::<Vec<_>>();
        let (one, two, three) = (n("1"), n("2"), n("3"));
        for ((s, a), ((_, b), (_, c))) in one.iter().zip(two.iter().zip(three.iter())) {
            assert!(b >= a && c >= a, "{s:?} at {parts} partitions: {a} / {b} / {c} machines for 1 / 2 / 3 zones");
        }
    }
    // RocketMQ keeps two broker groups: RF 4 (2 × 4 = 8) is not fewer than RF 3 (6).
    let r = |rf: &str| cand(&run(&cat, &[("mbps", "20"), ("cores", "4"), ("rf", rf)]), SystemId::Rocketmq).plan.nodes;
    assert!(r("4") >= r("3") && r("3") >= r("2"), "{} {} {}", r("2"), r("3"), r("4"));
    assert_eq!(role(cand(&run(&cat, &[("mbps", "1"), ("rf", "4")]), SystemId::Rocketmq), "broker-master"), 2);
    // Disks that write 10 MB/s: the disk bound needs ≈ 43 brokers; the interval's
    // high end (CPU at its best) cannot plan fewer than the disks need.
    let p = run(&cat, &[("mbps", "200"), ("disk_mbps", "10")]);
    let k = cand(&p, SystemId::Kafka);
    let disk = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Disk).expect("disk bound").nodes;
    let iv = k.plan.nodes_interval.as_ref().expect("an interval");
    assert!(f64::from(iv.at_high_capacity) >= disk, "{} machines at the high end vs a disk bound of {disk}", iv.at_high_capacity);
    assert!(iv.at_low_capacity >= k.plan.nodes && k.plan.nodes >= iv.at_high_capacity);
}

/// The catch-up advice's arithmetic reproduces its own number: the per-partition rate
/// printed is the one used (cold reads raised by the page-cache share), and the count
/// is rounded up (a helper read "48,828 × 1.2 ÷ 502 = 115", which is 116.7).
#[test]
fn the_catch_up_advice_shows_the_rate_it_divides_by() {
    let cat = catalog();
    for mbps in ["20", "50", "100"] {
        let p = run(&cat, &[("mbps", mbps), ("kind", "business"), ("needs", "transactions,delay")]);
        let advice = cand(&p, SystemId::Rocketmq).plan.partition_advice.as_ref().expect("advice");
        let r = advice.reasons.iter().find(|r| r.starts_with("catch-up:")).expect("a catch-up reason");
        let num = |s: &str| s.trim().replace(',', "").parse::<f64>().unwrap_or_else(|e| panic!("{s:?} in {r}: {e}"));
        let rate = num(r.trim_start_matches("catch-up: ").split(" msg/s").next().expect("rate"));
        let per = num(r.split("÷ ").nth(1).and_then(|x| x.split(" per partition").next()).expect("per partition"));
        let shown = num(r.rsplit("= ").next().expect("result"));
        let ceil = (rate * 1.2 / per).ceil();
        // The rate is printed rounded to a whole msg/s: allow one partition either way.
        assert!((shown - ceil).abs() <= 1.0, "{r}: {rate} × 1.2 ÷ {per} = {ceil}, shown {shown}");
    }
}

/// i3en.2xlarge's 25 Gbit/s is AWS's "up to" (burst) rate (the StreamNative machine
/// note says the sustained baseline is lower and unstated). 150 MB/s with thirty
/// groups reading sends 150 × (30 + 3 − 1) = 4,800 MB/s out, 2.2 nodes of 25 Gbit/s
/// at 70 %: the network bound binds and the plan says its NIC is a burst figure.
/// A NIC stated apart from the preset's (here a 10 Gbit/s sustained figure) is taken
/// as given, without the caveat; one equal to the preset's cannot be told from it
/// (the share link keeps only fields that differ from the preset).
#[test]
fn a_preset_burst_nic_is_said_to_be_one() {
    let cat = catalog();
    let q = [("mbps", "150"), ("size", "2048"), ("fanout", "30"), ("hw", "aws-i3en.2xlarge"), ("retention_h", "1"), ("outage_h", "0")];
    let p = run(&cat, &q);
    let k = cand(&p, SystemId::Kafka);
    let net = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!(net.detail.contains("out 4,800 MB/s") && net.detail.contains("burst"), "{}", net.detail);
    assert!(k.plan.warnings.iter().any(|w| w.kind == "assumption" && w.text.starts_with("Kafka: the network bound") && w.text.contains("burst")), "{:?}", k.plan.warnings);
    let mut stated = q.to_vec();
    stated.push(("nic_gbps", "10"));
    let p = run(&cat, &stated);
    let net = cand(&p, SystemId::Kafka).plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!(!net.detail.contains("burst"), "{}", net.detail);
    assert!(!p.warnings.iter().any(|w| w.text.contains("burst")), "{:?}", p.warnings);
}

/// A drain deadline with nothing to drain — no consumer group reads — asks nothing:
/// it no longer turns the tree to Kafka (an adversarial tester saw RocketMQ's 15
/// machines give way to Kafka's 16 while every candidate's drain was empty).
#[test]
fn a_drain_deadline_without_consumers_changes_nothing() {
    let cat = catalog();
    let base = run(&cat, &[("mbps", "200"), ("kind", "business"), ("fanout", "0")]);
    let with = run(&cat, &[("mbps", "200"), ("kind", "business"), ("fanout", "0"), ("drain_min", "600")]);
    assert_eq!(with.recommendation.system, base.recommendation.system);
    let step = with.decision_path.iter().find(|s| s.id == "recovery").expect("recovery step");
    assert!(step.outcome.contains("no backlog to drain"), "{step:?}");
}

/// Pulsar's consumers read from the brokers, not the bookies: 200 groups reading
/// 1 MB messages at 100 MB/s send 100 × (200 + 2) = 20,200 MB/s out, 23 nodes of
/// 10 Gbit/s at 70 %, which raise the brokers; the bookies take only the storage
/// (25.9 TB → 5.6 nodes), disks, half the CPU and the replica writes coming in
/// (an adversarial tester saw bookies sized by the consumers' traffic: 116 where
/// the role's own arithmetic gave 54).
#[test]
fn pulsar_bookies_are_not_sized_by_the_consumers_network_traffic() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("size", "1000000"), ("fanout", "200"), ("team", "dedicated"), ("outage_h", "0")]);
    let pulsar = cand(&p, SystemId::Pulsar);
    let bound = |k: BoundKind| pulsar.plan.bounds.iter().find(|b| b.kind == k).map_or(0.0, |b| b.nodes);
    let cpu_half = bound(BoundKind::Cpu) * capacity::sizing::PULSAR_BROKER_CPU_SHARE;
    let others = [BoundKind::Disk, BoundKind::Storage, BoundKind::Partitions].map(bound).into_iter().fold(cpu_half, f64::max);
    let bookies = role(pulsar, "bookie");
    assert!(bound(BoundKind::Network) > others * 1.5, "the test needs a network bound above the rest: {:?}", pulsar.plan.bounds);
    assert_eq!(f64::from(bookies), (others.ceil() + 1.0).max(3.0), "{bookies} bookies: {:?}", pulsar.plan.bounds);
    assert!(role(pulsar, "broker") > bookies, "the brokers carry the reads");
}

/// The machines at the interval's low end re-size a drain deadline too: a million
/// 100 B messages a second with ten groups and a 20 min drain (an adversarial
/// tester saw 42 machines at both ends and 79 when the cores were halved). At the
/// low end the drain, like every throughput bound, can fall short by the same
/// factor; the interval holds the expected count.
#[test]
fn the_machine_interval_re_sizes_a_drain_deadline() {
    let cat = catalog();
    // 20 min (30 until stop 23, when seed 000's machine effect made the CPU bind at 30).
    let p = run(&cat, &[("fanout", "10"), ("msgs", "1000000"), ("size", "100"), ("partitions", "500"), ("drain_min", "20")]);
    for c in &p.candidates {
        let Some(i) = &c.plan.nodes_interval else { continue };
        assert!(i.at_high_capacity <= c.plan.nodes && c.plan.nodes <= i.at_low_capacity, "{:?}: {} not in {i:?}", c.system, c.plan.nodes);
        if c.plan.bottleneck == BoundKind::Drain {
            assert!(i.at_low_capacity > c.plan.nodes, "{:?}: a drain-bound plan's low end needs more machines: {i:?}", c.system);
        }
    }
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Drain, "the test needs a drain-bound Kafka: {:?}", k.plan.bounds);
}

/// Every plan carries its load: capacity at 100 % ≥ the peak rate and no resource
/// above 100 %, for each system, over a grid of rates, sizes, fan-outs and machines.
/// A stop-19 tester found Pulsar at 129 % CPU (`mbps=200&fanout=10&size=100`):
/// capacity and utilisation were taken over the bookies alone, while the brokers
/// carry half the CPU and all of the consumers' network.
#[test]
fn every_plan_carries_its_peak_load() {
    let cat = catalog();
    for mbps in ["5", "200", "2000"] {
        for size in ["100", "1024", "65536"] {
            for fanout in ["0", "1", "10"] {
                for (hw, durability, zones) in [("", "replicated", "1"), ("aws-i3en.2xlarge", "fsync", "3"), ("aws-r5.2xlarge-gp2", "leader", "2"), ("aws-i3en.2xlarge", "replicated", "1")] {
                    let p = run(&cat, &[("mbps", mbps), ("size", size), ("fanout", fanout), ("hw", hw), ("durability", durability), ("zones", zones)]);
                    for c in &p.candidates {
                        let (u, load) = (&c.plan.utilisation, p.workload.msgs().0);
                        let at = format!("{} at mbps={mbps} size={size} fanout={fanout} hw={hw} durability={durability} zones={zones}: {u:?}, capacity {} vs {load}", c.system.name(), c.plan.capacity_msgs);
                        if c.plan.warnings.iter().any(|w| w.kind == "infeasible") {
                            continue;
                        }
                        assert!(u.cpu <= 1.0 && u.disk <= 1.0 && u.network <= 1.0, "{at}");
                        assert!(c.plan.capacity_msgs >= load * 0.999, "{at}");
                    }
                }
            }
        }
    }
}

/// A per-message fsync on HDD slows what the disks are driven at by the same factor
/// `predict` applies (Kafka: assumed ×0.2 until stop 32, since then held no faster
/// than the ×0.025 measured on a cloud volume, `mqplan validate`): 300 MB/s at 64 KB on
/// seed 000's machine with HDDs binds on the disks, whose bound grows by 1 ÷ the
/// factor over the replicated plan's (a stop-19 tester saw the plan skip it).
#[test]
fn fsync_on_hdd_slows_the_disk_bound_as_predict_does() {
    let cat = catalog();
    let q = |d: &'static str| [("mbps", "300"), ("size", "65536"), ("disk", "hdd"), ("durability", d)];
    let disk = |p: &Plan| cand(p, SystemId::Kafka).plan.bounds.iter().find(|b| b.kind == BoundKind::Disk).expect("disk").clone();
    let (r, f) = (run(&cat, &q("replicated")), run(&cat, &q("fsync")));
    let factor = cat.throughput.as_ref().and_then(|t| t.factors.iter().find(|x| x.system == SystemId::Kafka && x.deviation == capacity::throughput::Deviation::FsyncEachHdd)).expect("factor").factor;
    assert!((factor - 0.025).abs() < 0.001, "HDD fsync ×{factor}");
    let ratio = disk(&f).nodes / disk(&r).nodes;
    assert!((ratio - 1.0 / factor).abs() < 1e-6, "{ratio}: {}", disk(&f).detail);
    assert!(disk(&f).detail.contains("× durability 0.025 (fsync)"), "{}", disk(&f).detail);
    let k = cand(&f, SystemId::Kafka);
    assert!(k.plan.utilisation.disk <= 1.0 && k.plan.capacity_msgs >= f.workload.msgs().0 * 0.999, "{:?}", k.plan.utilisation);
    // The NIC carries what it carries: a flush to disk does not slow the wire.
    let net = |p: &Plan| cand(p, SystemId::Kafka).plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network").nodes;
    assert!((net(&f) - net(&r)).abs() < 1e-9, "{} vs {}", net(&f), net(&r));
}

/// An objective the curve meets only below the lightest measured load is not met:
/// RocketMQ's p99 was measured at 9 ms at its lightest load (seed 000 §4, 50 %), so a
/// 7 ms objective is not shown by any run even where a lightly loaded plan reads
/// 5.5 ms off the extrapolated curve; the choice says so (a stop-19 tester saw it
/// reported as met).
#[test]
fn an_objective_below_every_measured_p99_is_not_shown_met() {
    let cat = catalog();
    let p = run(&cat, &[("p99_ms", "7"), ("outage_h", "0"), ("kind", "business")]);
    let r = cand(&p, SystemId::Rocketmq);
    let e = r.plan.p99.as_ref().expect("p99");
    assert!(e.ms <= 7.0, "{}", e.ms);
    assert!(r.plan.objective_unshown.as_deref().is_some_and(|w| w.contains("lightest measured load (50 %) is 9.00 ms")), "{:?}", r.plan.objective_unshown);
    assert!(r.reasons.iter().any(|x| x.contains("none shows the 7 ms objective met")), "{:?}", r.reasons);
    // At 10 ms the 9 ms measured at 50 % shows it.
    let p = run(&cat, &[("p99_ms", "10"), ("outage_h", "0"), ("kind", "business")]);
    assert!(cand(&p, SystemId::Rocketmq).plan.objective_unshown.is_none());
}

/// mqperf's r5.2xlarge carried a 107 GB gp2 volume (the preset keeps it, as measured):
/// 100 MB/s × 24 h × RF 3 = 25.9 TB, +20 %, ÷ 70 % = 44.4 TB raw ÷ 0.107 TB = 415
/// brokers where the disk bandwidth needs 3.2. The plan says the disks set the count
/// and the disk that would let the load set it: 44.4 TB ÷ 4 machines = 11.1 TB, 11.2
/// with each 1 KB message's 7 B of record fields (since stop 38).
#[test]
fn a_plan_whose_small_disks_set_the_count_says_what_disk_would_not() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("hw", "aws-r5.2xlarge-gp2")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Storage);
    let hint = k.plan.warnings.iter().find(|w| w.kind == "hint" && w.text.contains("the disks set the count")).expect("hint");
    assert!(hint.text.contains("0.107 TB per machine") && hint.text.contains("with 11.2 TB per disk"), "{}", hint.text);
    // Following it, storage no longer sets the count.
    let bigger = run(&cat, &[("mbps", "100"), ("hw", "aws-r5.2xlarge-gp2"), ("disk_tb", "11.2")]);
    let kb = cand(&bigger, SystemId::Kafka);
    assert!(kb.plan.nodes * 20 < k.plan.nodes && !kb.plan.warnings.iter().any(|w| w.text.contains("the disks set the count")), "{} machines", kb.plan.nodes);
}

/// RocketMQ's read cost was never measured (0–1 of a replica write): at 300 consumer
/// groups its interval's ends need 21 and 228 machines. The plan says the interval is
/// too wide to buy on and why; at one group it does not. With no outage: a backlog
/// drain holds the high end up (since stop 28 a drain the disks or NIC bind falls
/// short by the hardware's interval only), and the subject here is the read cost.
#[test]
fn an_interval_too_wide_to_buy_on_is_said_to_be() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("fanout", "300"), ("outage_h", "0")]);
    let r = cand(&p, SystemId::Rocketmq);
    let i = r.plan.nodes_interval.as_ref().expect("interval");
    assert!(i.at_low_capacity > 4 * i.at_high_capacity, "{i:?}");
    let w = r.plan.warnings.iter().find(|w| w.kind == "wide_interval").expect("warning");
    assert!(w.text.contains(&format!("spans {}–{} machines", i.at_high_capacity, i.at_low_capacity)) && w.text.contains("read cost of 300 consumer groups"), "{}", w.text);
    let one = run(&cat, &[("mbps", "50"), ("fanout", "1")]);
    assert!(one.candidates.iter().all(|c| !c.plan.warnings.iter().any(|w| w.kind == "wide_interval")));
}

/// A disk-bound plan's low end is the disks' calibrated error, not the CPU bound's:
/// 2,000 MB/s of 64 KiB messages kept an hour on i3en.2xlarge NVMe sets Kafka's count
/// by the disks (RF 3 → 6,000 MB/s of writes ÷ (2 × 327 MB/s × 70 %) ≈ 13 nodes). Giving the same machine 64 hardware threads instead
/// of 8 makes the CPU bound more capacious and its interval wider (cores past the
/// measured), but cannot make the disks write less: the low-end count stays where
/// the stated-hardware interval puts it (Kafka ×/÷ 1.42 on the bundled corpus,
/// `mqplan validate`). Stop 26's tester saw it grow 19 → 52 with the cores.
#[test]
fn more_cores_do_not_widen_a_disk_bound_low_end() {
    let cat = catalog();
    let at = |cores: &str| {
        let p = run(&cat, &[("mbps", "2000"), ("size", "65536"), ("retention_h", "1"), ("outage_h", "0"), ("hw", "aws-i3en.2xlarge"), ("cores", cores)]);
        cand(&p, SystemId::Kafka).plan.clone()
    };
    let (eight, many) = (at("8"), at("64"));
    for k in [&eight, &many] {
        assert_eq!(k.bottleneck, BoundKind::Disk, "the test needs a disk-bound Kafka: {:?}", k.bounds);
    }
    let (a, b) = (eight.nodes_interval.as_ref().expect("interval"), many.nodes_interval.as_ref().expect("interval"));
    assert!(b.at_low_capacity <= a.at_low_capacity, "64 threads: {b:?}; 8 threads: {a:?}");
    // The low end: the disk bound ÷ e^−w with w the stated-hardware width (not the
    // model ground's ×/÷ 3.18), then head-room; at most about 1.42× the expected count + 1.
    let w = cat.throughput.as_ref().expect("corpus model").base_interval_on(SystemId::Kafka, capacity::throughput::Ground::StatedHardware).0;
    assert!(w < 0.5, "Kafka's stated-hardware width {w}");
    assert!(f64::from(b.at_low_capacity) <= f64::from(many.nodes) * w.exp() + 2.0, "{} expected, {b:?} at ×/÷ {:.2}", many.nodes, w.exp());
    assert!(b.at_low_capacity > many.nodes, "the low end still needs more machines: {b:?}");
}

/// A p99 objective that the count other bounds set already meets adds no machines,
/// and its bound says so rather than "the fewest data nodes that meet it: 5" (stop
/// 26's tester read 2 / 2 / 3 / 5 for retentions of 1 / 6 / 12 / 24 h at 50 MB/s,
/// 8 ms, acks=1 on i3en.2xlarge: storage's count, not a latency need).
#[test]
fn an_objective_met_by_the_other_bounds_adds_no_machines() {
    let cat = catalog();
    let q = |ret: &str| run(&cat, &[("mbps", "50"), ("p99_ms", "8"), ("durability", "leader"), ("hw", "aws-i3en.2xlarge"), ("retention_h", ret)]);
    let p = q("24");
    let k = cand(&p, SystemId::Kafka);
    assert_ne!(k.plan.bottleneck, BoundKind::Latency, "the test needs a count another bound sets: {:?}", k.plan.bounds);
    let b = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Latency).unwrap_or_else(|| panic!("a latency bound: {:?}", k.plan.bounds));
    assert!(b.detail.contains("adds no machines") && b.detail.contains(k.plan.bottleneck.label()), "{}", b.detail);
    assert!(b.nodes <= f64::from(k.plan.data_nodes), "{} against {} data nodes", b.nodes, k.plan.data_nodes);
    for c in &p.candidates {
        if let Some(b) = c.plan.bounds.iter().find(|b| b.kind == BoundKind::Latency) {
            assert!(!(c.plan.bottleneck == BoundKind::Latency && b.detail.contains("adds no machines")), "{:?}: {}", c.system, b.detail);
        }
    }
    // Where the objective lowered the target utilisation and so added machines, the
    // bound says so (a stop-27 tester: 600 MB/s on 100 partitions at 10 ms set 18
    // brokers by the disks at 38 % where 10 carry it at 70 %).
    let q = |slo: Option<&str>| {
        let mut q = vec![("mbps", "600"), ("size", "1024"), ("retention_h", "1"), ("partitions", "100")];
        q.extend(slo.map(|s| ("p99_ms", s)));
        cand(&run(&cat, &q), SystemId::Kafka).plan.clone()
    };
    let (plain, with) = (q(None), q(Some("10")));
    assert!(with.data_nodes > plain.data_nodes, "the test needs machines the objective adds: {} vs {}", with.data_nodes, plain.data_nodes);
    assert_eq!(with.bottleneck, BoundKind::Disk, "the test needs a count another bound sets at the lowered utilisation: {:?}", with.bounds);
    let b = with.bounds.iter().find(|b| b.kind == BoundKind::Latency).expect("a latency bound");
    assert!(!b.detail.contains("adds no machines") && b.detail.contains("lowered the target utilisation") && b.detail.contains(&format!("needs {} without it", plain.data_nodes)), "{}", b.detail);
}

/// A p99 whose writes wait on a sync is read from latency runs on the disks they ran
/// on: Kafka's fsync curve rests on StreamNative's and Confluent's i3en.2xlarge NVMe,
/// so a plan with a flush per message on Kreps' 7,200 rpm HDDs says its p99 was not
/// measured on them (stop 26's tester saw the NVMe figure unqualified); on NVMe, and
/// with OS-flushed writes, it says nothing of the kind.
#[test]
fn a_synced_p99_on_disks_no_latency_run_measured_says_so() {
    let cat = catalog();
    let latency_warning = |q: &[(&str, &str)], s: SystemId| {
        let p = run(&cat, q);
        cand(&p, s).plan.warnings.iter().find(|w| w.kind == "latency" && w.text.contains("not measured for latency")).map(|w| w.text.clone())
    };
    let hdd = latency_warning(&[("mbps", "100"), ("durability", "fsync"), ("hw", "kreps2014-6c-6hdd")], SystemId::Kafka).expect("a warning on HDD with fsync");
    assert!(hdd.contains("nvme disks") && hdd.contains("hdd disks") && hdd.contains("streamnative-omb-2020") && hdd.contains("flush before every acknowledgement"), "{hdd}");
    assert_eq!(latency_warning(&[("mbps", "100"), ("durability", "fsync"), ("hw", "aws-i3en.2xlarge")], SystemId::Kafka), None);
    assert_eq!(latency_warning(&[("mbps", "100"), ("hw", "kreps2014-6c-6hdd")], SystemId::Kafka), None, "OS-flushed writes do not wait on the disk");
    let pulsar = latency_warning(&[("mbps", "100"), ("hw", "kreps2014-6c-6hdd")], SystemId::Pulsar).expect("Pulsar's journal syncs");
    assert!(pulsar.contains("journal"), "{pulsar}");
}

/// With no drain deadline a backlog must still drain: each candidate is sized on the
/// machines whose disk reads, NIC and CPU beat the produce rate by 20 % after the
/// outage, not dropped for a dearer one as "never drains". A stop-27 tester: 200 MB/s
/// of 1 KiB with 20 groups on i3en.2xlarge, 6 h retention, planned RocketMQ on 42
/// machines because Kafka's 9 never drained — while a 24 h deadline, a stricter ask,
/// planned Kafka on 12. Now Kafka drains on its own count, and the deadline costs no
/// fewer machines than none.
#[test]
fn a_backlog_without_a_deadline_is_drained_by_machines_not_by_switching_systems() {
    let cat = catalog();
    let base = [("mbps", "200"), ("size", "1024"), ("retention_h", "6"), ("hw", "aws-i3en.2xlarge"), ("fanout", "20")];
    let p = run(&cat, &base);
    let k = cand(&p, SystemId::Kafka);
    let d = k.plan.drain.as_ref().expect("a drain estimate");
    assert!(!d.never_drains && d.seconds.is_finite(), "{d:?}");
    let b = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Drain).expect("a drain bound");
    assert!(b.detail.contains("no deadline") && b.detail.contains("20 %"), "{}", b.detail);
    assert_eq!(p.recommendation.system, SystemId::Kafka, "{:?}", p.recommendation);
    let with: Vec<(&str, &str)> = base.iter().copied().chain([("drain_min", "1440")]).collect();
    let deadline = run(&cat, &with);
    assert!(cand(&deadline, SystemId::Kafka).plan.nodes >= k.plan.nodes, "a 24 h deadline: {} machines against {} with none", cand(&deadline, SystemId::Kafka).plan.nodes, k.plan.nodes);
}

/// Pravega's sources never read a backlog, so its drain after an outage is not
/// measured: it cannot win over a candidate measured to drain (a stop-19 tester saw
/// it do so), and its reasons say why — unless it is the tree's choice for a
/// must-have only it has natively (stream auto-scaling, 004 §1).
#[test]
fn an_unmeasured_drain_does_not_beat_a_measured_one() {
    let cat = catalog();
    let q = [("mbps", "300"), ("fanout", "3"), ("retention_h", "1"), ("hw", "aws-i3en.2xlarge"), ("team", "dedicated")];
    let p = run(&cat, &q);
    let v = cand(&p, SystemId::Pravega);
    assert!(v.plan.drain.is_none() && v.status == "runner_up", "{}", v.status);
    assert!(v.reasons.iter().any(|r| r.contains("drain after a 1 h outage is not measured")), "{:?}", v.reasons);
    assert!(v.reasons.iter().any(|r| r.contains("its drain is not measured, while Kafka's is measured to finish")), "{:?}", v.reasons);
    assert_eq!(p.recommendation.system, SystemId::Kafka);
    let mut auto = q.to_vec();
    auto.push(("needs", "autoscale"));
    let p = run(&cat, &auto);
    assert_eq!(p.recommendation.system, SystemId::Pravega, "{:?}", p.decision_path);
    assert!(cand(&p, SystemId::Pravega).reasons.iter().any(|r| r.contains("not measured")));
}

/// With transactional sends the objective's reasons quote the scaled curve they are
/// checked on (RocketMQ: × 85 / 12 = 7.08), and a p99 not shown met is not also
/// called met (a new user saw "2.87 ms at no load" against a 20 ms objective, and
/// "meets the 30 ms objective" beside "cannot be shown").
#[test]
fn transactional_objective_reasons_quote_the_scaled_curve() {
    let cat = catalog();
    for slo in ["20", "30"] {
        let p = run(&cat, &[("msgs", "5000"), ("p99_ms", slo), ("kind", "business"), ("txn_pct", "100")]);
        let r = cand(&p, SystemId::Rocketmq);
        let texts: Vec<&str> = r.plan.warnings.iter().map(|w| w.text.as_str()).chain(r.reasons.iter().map(String::as_str)).collect();
        let unshown = texts.iter().find(|t| t.contains("cannot be shown") || t.contains("no run shows")).unwrap_or_else(|| panic!("{slo}: {texts:#?}"));
        assert!(unshown.contains("transactional sends: the plain-send curve × 7.08"), "{slo}: {unshown}");
        assert!(!texts.iter().any(|t| t.contains(&format!("meets the {slo} ms objective"))), "{slo}: {texts:#?}");
    }
}

/// Guards from a stop-19 adversarial run:
/// - a backlog is what the retention still holds (50 MB/s, 1 h retention, 24 h
///   outage: 1 h of traffic, 175.8 M messages of 1 KB, not 24 h);
/// - with two zones a requirement past the node cap is still "does not fit";
/// - Pulsar's brokers past the cap do not fit either, even when the bookies do;
/// - a plan that cannot be built is not recommended over one that breaks only the
///   team default.
#[test]
fn adversarial_guards_hold() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("retention_h", "1"), ("outage_h", "24"), ("drain_min", "30")]);
    let d = cand(&p, SystemId::Kafka).plan.drain.as_ref().expect("drain");
    assert!((d.backlog_messages - 50e6 / 1024.0 * 3600.0).abs() < 1.0, "{}", d.backlog_messages);
    let p = run(&cat, &[("mbps", "100000"), ("size", "100"), ("zones", "2")]);
    for c in &p.candidates {
        assert!(c.plan.warnings.iter().any(|w| w.kind == "infeasible") && c.status == "dropped" || c.plan.utilisation.cpu <= 1.0, "{:?}: {:?}", c.system, c.plan.utilisation);
    }
    let p = run(&cat, &[("mbps", "20000"), ("fanout", "1000"), ("team", "dedicated")]);
    let pulsar = cand(&p, SystemId::Pulsar);
    assert!(pulsar.plan.warnings.iter().any(|w| w.kind == "infeasible"), "{:?}", pulsar.plan.warnings);
    // Pravega's bookies hold the hour of journal they keep (3,000 MB/s × 3,600 s ×
    // RF 3 × 2 = 64.8 TB over 8 TB disks: 9 bookies with one lost), not only write it.
    let p = run(&cat, &[("mbps", "3000"), ("disk_mbps", "2000"), ("team", "dedicated")]);
    let v = cand(&p, SystemId::Pravega);
    assert!(v.plan.disk_per_node_gb <= 8000.0 && !v.plan.warnings.iter().any(|w| w.kind == "disk_short"), "{} GB: {:?}", v.plan.disk_per_node_gb, v.plan.roles);
    let p = run(&cat, &[("mbps", "20000"), ("retention_h", "336")]);
    let chosen = cand(&p, p.recommendation.system);
    assert!(!chosen.plan.warnings.iter().any(|w| w.kind == "infeasible") || p.candidates.iter().all(|c| c.plan.warnings.iter().any(|w| w.kind == "infeasible")), "{:?}", p.decision_path);
}

/// Words a new user found misleading: Pravega's interval is borrowed from other
/// systems (none of its runs could be held out), not "calibrated on sources the fit
/// did not see"; a count the quorum minimum set carries no "+1 for a lost node".
#[test]
fn borrowed_intervals_and_quorum_counts_say_what_they_are() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50")]);
    let interval = |s| cand(&p, s).plan.warnings.iter().find(|w| w.kind == "interval").map(|w| w.text.clone()).expect("interval note");
    assert!(interval(SystemId::Pravega).contains("borrowed from other systems' held-out errors"), "{}", interval(SystemId::Pravega));
    assert!(interval(SystemId::Kafka).contains("calibrated on sources the fit did not see"), "{}", interval(SystemId::Kafka));
    // Stop 25 (a reviewer: "the ×8.60 behind that range rests on 5 runs from 2
    // sources, which the plan never says"): a plan names the runs and sources its
    // CPU interval rests on. RocketMQ's said "mostly borrowed … only 2 of them
    // RocketMQ's" until stop 28; with Huawei's runs it is its own 6 from 2 sources.
    let model = cat.throughput.as_ref().expect("corpus model");
    for s in [SystemId::Kafka, SystemId::Rocketmq] {
        let iv = model.interval(s, capacity::throughput::Ground::Model).expect("interval");
        assert!(!iv.borrowed() && interval(s).contains(&format!("({} runs from {} sources", iv.residuals, iv.sources)), "{}", interval(s));
    }
    assert_eq!(model.interval(SystemId::Rocketmq, capacity::throughput::Ground::Model).map(|i| (i.residuals, i.sources)), Some((6, 2)));
    let q = run(&cat, &[("msgs", "5000"), ("kind", "business"), ("retention_h", "1")]);
    let r = cand(&q, SystemId::Rocketmq);
    assert_eq!(r.plan.bottleneck, BoundKind::Quorum);
    assert!(r.plan.count_words().contains("no head-room added") && !r.plan.count_words().contains("+1"), "{}", r.plan.count_words());
    // (At 50 MB/s storage needs no more brokers than copies and takes no spare since
    // stop 43: "no spare added".)
    assert!(cand(&p, SystemId::Kafka).plan.count_words().contains("no spare added"), "{}", cand(&p, SystemId::Kafka).plan.count_words());
    let big = run(&cat, &[("mbps", "200")]);
    assert!(cand(&big, SystemId::Kafka).plan.count_words().contains("including failure head-room"), "{}", cand(&big, SystemId::Kafka).plan.count_words());
}

/// The objective is judged at the density the reported p99 is read at: at 2,000
/// partitions Kafka's plan reads 36 ms on its 16 brokers; an objective of 40 ms or
/// more keeps it, and loosening the objective never takes the choice back (a stop-19
/// tester saw Kafka → Pulsar → Kafka as the objective loosened, Kafka dropped with
/// "95.3 ms at no load" read at 667 partitions per node).
#[test]
fn the_objective_is_judged_at_the_planned_density() {
    let cat = catalog();
    let mut seen_kafka = false;
    for slo in ["30", "40", "60", "100", "150"] {
        let p = run(&cat, &[("mbps", "200"), ("size", "512"), ("team", "dedicated"), ("partitions", "2000"), ("p99_ms", slo)]);
        let k = cand(&p, SystemId::Kafka);
        let ms = k.plan.p99.as_ref().expect("p99").ms;
        if ms * 1.1 <= slo.parse::<f64>().expect("number") {
            assert!(!k.reasons.iter().any(|r| r.contains("objective")), "{slo}: {} ms: {:?}", ms, k.reasons);
        }
        if p.recommendation.system == SystemId::Kafka {
            seen_kafka = true;
        } else {
            assert!(!seen_kafka, "{slo}: the choice went back to {:?}", p.recommendation.system);
        }
    }
    assert!(seen_kafka);
}

/// A stop-20 tester: at n = RF every node already holds all the data once and no
/// lost node's copies can be re-made, so disk per node is the provisioned bytes ÷ n,
/// not ÷ (n − 1). 5 MB/s × 24 h × RF 3 = 1.30 TB, +20 % ÷ 70 % = 2.22 TB over 3
/// brokers = 741 GB each (was 1,111 GB, and 3 × 1,111 GB contradicted the plan's own
/// 2.22 TB; 746 GB with each 1 KB message's 7 B of record fields, since stop 38; 790 GB
/// since stop 43, the disks keeping 24 h + the 1.42 h each of the 24 partitions' 1 GiB
/// segments takes to fill). With more brokers than copies the survivors re-replicate:
/// ÷ (n − 1).
/// RocketMQ's groups never copy across groups: ÷ n.
#[test]
fn disk_per_node_divides_by_the_machines_that_hold_the_data_after_a_loss() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "5")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.data_nodes, 3, "{:?}", k.plan.roles);
    let each = k.plan.storage.raw_disk_bytes / 3.0 / 1e9;
    let span = 24.0 * 1_073_741_824.0 / (5e6 * 1031.0 / 1024.0) / 3600.0;
    assert!((k.plan.storage.local_hours - (24.0 + span)).abs() < 1e-9, "{:?}", k.plan.storage);
    assert!((each - 741.0 * (24.0 + span) / 24.0 * 1031.0 / 1024.0).abs() < 2.0, "provisioned ÷ 3 = {each} GB");
    assert!((k.plan.disk_per_node_gb - each).abs() < 1e-6 * each, "{} GB per node against {each}", k.plan.disk_per_node_gb);
    let p = run(&cat, &[("mbps", "400"), ("retention_h", "72")]);
    for (s, rereplicates) in [(SystemId::Kafka, true), (SystemId::Rocketmq, false)] {
        let c = cand(&p, s);
        let n = f64::from(c.plan.data_nodes);
        assert!(n > 4.0, "{s:?}: {n} data nodes");
        let holders = if rereplicates { n - 1.0 } else { n };
        let want = c.plan.storage.raw_disk_bytes / holders / 1e9;
        assert!((c.plan.disk_per_node_gb - want).abs() < 1e-6 * want, "{s:?}: {} GB per node against {want}", c.plan.disk_per_node_gb);
    }
}

/// A stop-20 tester: plans at the quorum minimum did not survive the loss they
/// claim to cover. Kafka at RF 1–2 got 1–2 brokers with one KRaft controller (lose
/// it, lose the cluster): now 3, a majority with one lost. Bookies were exactly the
/// ensemble (E = W = RF = 3), so a lost bookie stops new ledgers: now E + 1. The
/// quorum bound's words said "E = 3 (E = W = RF)" at RF 1.
#[test]
fn the_quorum_minimum_survives_a_lost_machine() {
    let cat = catalog();
    for rf in ["1", "2"] {
        let p = run(&cat, &[("mbps", "1"), ("rf", rf)]);
        let k = cand(&p, SystemId::Kafka);
        assert_eq!(role(k, "broker"), 3, "RF {rf}: {:?}", k.plan.roles);
        let controllers = k.plan.roles.iter().find(|r| r.role == "kraft-controller").map_or(0, |r| r.processes);
        assert_eq!(controllers, 3, "RF {rf}: {:?}", k.plan.roles);
        assert_eq!(k.plan.bottleneck, BoundKind::Quorum, "RF {rf}: set by the quorum, not by a 0.2-node storage bound");
    }
    // RF 5: 7 since stop 39 (the ensemble and the 2 losses its data survives).
    for (rf, bookies) in [("1", 3), ("3", 4), ("5", 7)] {
        let p = run(&cat, &[("mbps", "1"), ("rf", rf)]);
        let c = cand(&p, SystemId::Pulsar);
        assert_eq!(role(c, "bookie"), bookies, "RF {rf}: {:?}", c.plan.roles);
        let q = c.plan.bounds.iter().find(|b| b.kind == BoundKind::Quorum).expect("quorum bound");
        assert!(q.detail.contains(&format!("RF = {rf} bookie")) && q.detail.contains("spare"), "{}", q.detail);
        assert!(role(cand(&p, SystemId::Pravega), "bookie") >= bookies);
    }
}

/// Two zones: the count is a multiple of 2 also at the quorum minimum (3 Kafka
/// brokers over 2 zones before), and the plan says a 3-member quorum cannot keep a
/// majority through a zone's loss (nor can RF 3's write quorum of 2).
#[test]
fn two_zones_round_the_quorum_and_say_they_cannot_hold_a_majority() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "5"), ("zones", "2"), ("hw", "general-32c128g-nvme")]);
    for c in &p.candidates {
        assert_eq!(c.plan.data_nodes % 2, 0, "{:?}: {} data nodes over 2 zones", c.system, c.plan.data_nodes);
        let zw = c.plan.warnings.iter().find(|w| w.kind == "zones").unwrap_or_else(|| panic!("{:?}: no zones warning", c.system));
        // RocketMQ's NameServers hold no quorum: its masters are what a zone takes
        // (a stop-41 reviewer).
        let quorum = if c.system == SystemId::Rocketmq { zw.text.contains("NameServers hold no quorum") && zw.text.contains("masters") } else { zw.text.contains("RF 3") };
        assert!(zw.text.contains("third zone") && quorum, "{}", zw.text);
    }
    assert_eq!(role(cand(&p, SystemId::Kafka), "broker"), 4);
    let p = run(&cat, &[("mbps", "5"), ("zones", "3")]);
    assert!(p.candidates.iter().all(|c| c.plan.warnings.iter().all(|w| w.kind != "zones")), "3 zones hold a majority");
}

/// A stop-20 tester: RocketMQ stayed at 12 machines and 12.14 ms at 60 % load for
/// every objective from 4 to 20 ms, and was dropped at 12 ms for a 0.14 ms miss.
/// Its curve 2.87 × (1 + 2.14·u/(1 − u)) meets 12 ms at u ≤ 0.598, inside the
/// measured range (9.0 ms at 50 %): 195,313 msg/s ÷ (27,034 × 0.598) = 12.1 → 13 + 1
/// → 15 machines in whole groups of 3, about 8.6 ms. The objective is now sized at
/// the planned cluster's partitions per node, where the plan's p99 is read.
#[test]
fn an_objective_is_met_at_the_density_the_plan_is_read_at() {
    let cat = catalog();
    let base = [("mbps", "200"), ("retention_h", "6"), ("team", "dedicated")];
    let mut last: Option<u32> = None;
    for slo in ["20", "15", "13", "12", "11", "10"] {
        let q: Vec<(&str, &str)> = base.iter().copied().chain([("p99_ms", slo)]).collect();
        let p = run(&cat, &q);
        let r = cand(&p, SystemId::Rocketmq);
        if r.status == "dropped" {
            assert!(r.plan.objective_unshown.is_some() || r.plan.p99.is_none(), "p99 ≤ {slo}: dropped with a p99 the curve shows: {:?}", r.reasons);
            continue;
        }
        let e = r.plan.p99.as_ref().expect("p99");
        assert!(e.ms <= slo.parse::<f64>().unwrap() + 1e-9, "p99 ≤ {slo}: planned at {} ms on {} machines", e.ms, r.plan.nodes);
        if let Some(prev) = last {
            assert!(r.plan.nodes >= prev, "p99 ≤ {slo} ms: {} < {prev}", r.plan.nodes);
        }
        last = Some(r.plan.nodes);
    }
    let q: Vec<(&str, &str)> = base.iter().copied().chain([("p99_ms", "12")]).collect();
    let p = run(&cat, &q);
    let r = cand(&p, SystemId::Rocketmq);
    // Kept (since stop 22 Kafka meets 12 ms too, on fewer machines, and is chosen).
    // Since stop 28 (Huawei's runs: RocketMQ's CPU cost at 1 KB 52.8 → 45.1 core·µs
    // per replica write) the CPU bound's 12 machines meet it at 10.6 ms.
    assert_ne!(r.status, "dropped", "{:?}", r.reasons);
    assert!((12..=18).contains(&r.plan.nodes), "{} machines", r.plan.nodes);
}

/// A stop-20 tester: Pulsar's plan said p99 16.37 ms at 63 % load while its drop
/// reason said "17.3 ms at no load" — read at the smallest cluster's partitions per
/// node, not the planned one. The words are now read where the plan's p99 is: the
/// no-load figure is below the loaded one.
#[test]
fn an_objectives_reasons_are_read_at_the_plans_own_density() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "400"), ("retention_h", "6"), ("team", "dedicated"), ("p99_ms", "12")]);
    let c = cand(&p, SystemId::Pulsar);
    let planned = c.plan.p99.as_ref().expect("p99").ms;
    let text = &c.plan.warnings.iter().find(|w| w.kind == "objective").expect("objective warning").text;
    let at_no_load: f64 = text.split("at no load is already ").nth(1).and_then(|t| t.split(' ').next()).and_then(|x| x.parse().ok()).unwrap_or_else(|| panic!("{text}"));
    assert!(at_no_load <= planned, "{at_no_load} ms at no load against {planned} ms planned: {text}");
}

/// A stop-20 tester planned 16 MiB messages with no word that no system takes them
/// as installed. Default limits: Kafka 1,048,588 B (`message.max.bytes`), RocketMQ
/// 4 MiB, Pulsar 5 MiB (`maxMessageSize`), Pravega 8 MiB per event (fixed).
#[test]
fn messages_past_a_systems_size_limit_are_named() {
    let cat = catalog();
    let limited = |size: &str| -> Vec<SystemId> {
        let p = run(&cat, &[("mbps", "100"), ("size", size)]);
        p.candidates.iter().filter(|c| c.plan.warnings.iter().any(|w| w.kind == "message_size")).map(|c| c.system).collect()
    };
    assert!(limited("1000000").is_empty());
    // The producer's 1 MiB max.request.size is the lower of Kafka's two limits, and it
    // counts the batch's 61 B header and the record's upper-bound 26 B (a stop-42
    // reviewer: a 1 MiB value is refused): 1,048,489 B is the largest taken.
    assert_eq!(limited("1048576"), vec![SystemId::Kafka]);
    assert_eq!(limited("1048490"), vec![SystemId::Kafka]);
    assert!(limited("1048489").is_empty());
    assert_eq!(limited("2097152"), vec![SystemId::Kafka]);
    // RocketMQ's broker counts its CommitLog entry's 91 B of fields against 4 MiB.
    assert!(limited("4194304").contains(&SystemId::Rocketmq));
    assert!(!limited("4194213").contains(&SystemId::Rocketmq));
    let mut all = limited("16777216");
    all.sort_by_key(|s| s.id());
    assert_eq!(all.len(), 4, "{all:?}");
    let p = run(&cat, &[("mbps", "100"), ("size", "16777216")]);
    let text = &cand(&p, SystemId::Pravega).plan.warnings.iter().find(|w| w.kind == "message_size").expect("pravega").text;
    assert!(text.contains("fixed") && text.contains("8,388,608"), "{text}");
}

/// A stop-20 tester: 1,000 Pulsar consumer groups set 8 bookies by CPU at a
/// 0.14-node disk bound — the bookies were charged half the tail reads' CPU, which
/// the brokers serve from their cache. The reads are now the brokers' alone: the
/// bookies stay at the ensemble + 1 while the brokers grow with the groups.
#[test]
fn pulsar_tail_reads_load_the_brokers_not_the_bookies() {
    let cat = catalog();
    let q = |fanout: &'static str| run(&cat, &[("mbps", "100"), ("retention_h", "6"), ("team", "dedicated"), ("hw", "general-32c128g-nvme"), ("fanout", fanout), ("outage_h", "0")]);
    let (one, many) = (q("1"), q("1000"));
    let (a, b) = (cand(&one, SystemId::Pulsar), cand(&many, SystemId::Pulsar));
    assert_eq!(role(b, "bookie"), role(a, "bookie"), "bookies: {:?} vs {:?}", a.plan.roles, b.plan.roles);
    assert!(role(b, "broker") > 10 * role(a, "broker").max(1) / 2, "brokers: {:?}", b.plan.roles);
    let u = &b.plan.utilisation;
    assert!(u.cpu <= 1.0 && u.network <= 1.0 && b.plan.capacity_msgs >= many.workload.msgs().0, "{u:?}, capacity {}", b.plan.capacity_msgs);
    let broker_note = &b.plan.roles.iter().find(|r| r.role == "broker").expect("brokers").note;
    assert!(broker_note.contains("tail reads"), "{broker_note}");
}

/// An adversarial tester at 3,000 MB/s with fsync on 2,650 partitions: Kafka took 52
/// machines at 800 ms, 87 at 850 ms, 67 at 900 ms and 54 at 1,000 ms — the
/// objective was sized at the smallest cluster's 883 partitions per node, where the
/// curve asked for 41 % utilisation, while the planned 51 per node meet every one of
/// them at 70 % (113 ms). A looser objective never costs more machines.
#[test]
fn a_looser_objective_never_costs_more_machines() {
    let cat = catalog();
    let base = [("mbps", "3000"), ("durability", "fsync"), ("partitions", "2650"), ("retention_h", "0")];
    let mut last: Option<u32> = None;
    for slo in ["1100", "1000", "900", "850", "800", "400", "200", "150", "120"] {
        let q: Vec<(&str, &str)> = base.iter().copied().chain([("p99_ms", slo)]).collect();
        let p = run(&cat, &q);
        let k = cand(&p, SystemId::Kafka);
        if let Some(e) = k.plan.p99.as_ref().filter(|e| e.ms <= slo.parse::<f64>().unwrap()) {
            assert!(e.ms > 0.0);
            if let Some(prev) = last {
                assert!(k.plan.nodes >= prev, "p99 ≤ {slo} ms: {} machines after {prev} for a looser objective", k.plan.nodes);
            }
            last = Some(k.plan.nodes);
        }
    }
    assert_eq!(last.map(|_| ()), Some(()), "some objective is met");
    let q: Vec<(&str, &str)> = base.iter().copied().chain([("p99_ms", "850")]).collect();
    assert!(cand(&run(&cat, &q), SystemId::Kafka).plan.nodes <= 54);
}

/// An adversarial tester: Pravega's bookies overfilled their disks with zones (9 at
/// 2,160 GB each on 2,000 GB machines: zones add no +1, but the journal must still
/// fit with a bookie lost), past the node cap 10,001 bookies were recommended with
/// `disk_fill` 0. The journal now fits at ≤ 70 % with one lost, zones or not, and a
/// journal past the cap does not fit.
#[test]
fn pravega_bookies_hold_their_journal_with_zones_and_within_the_cap() {
    let cat = catalog();
    for zones in ["1", "3"] {
        let p = run(&cat, &[("mbps", "800"), ("zones", zones), ("hw", "seed002-16c32g"), ("disk_mbps", "4675"), ("needs", "autoscale"), ("team", "dedicated")]);
        let c = cand(&p, SystemId::Pravega);
        let disk_gb = 2000.0;
        assert!(c.plan.disk_per_node_gb <= disk_gb, "zones={zones}: {} GB per bookie on {disk_gb} GB", c.plan.disk_per_node_gb);
        assert!(c.plan.utilisation.disk_fill > 0.0 && c.plan.utilisation.disk_fill <= 0.7 + 1e-9, "zones={zones}: fill {}", c.plan.utilisation.disk_fill);
        assert_eq!(role(c, "bookie") % zones.parse::<u32>().unwrap(), 0);
    }
    let p = run(&cat, &[("mbps", "2000"), ("disk_tb", "0.001"), ("retention_h", "0"), ("needs", "autoscale")]);
    let c = cand(&p, SystemId::Pravega);
    assert!(c.plan.warnings.iter().any(|w| w.kind == "infeasible" && w.text.contains("bookies")), "{:?}", c.plan.warnings);
    assert_ne!(p.recommendation.system, SystemId::Pravega);
}

/// A capacity engineer: 1.8 GB/s crossing 3 zones is about 4.7 PB a month — at
/// AWS's 0.01 each way, ~94,700 a month, more than the machines — and was shown but
/// never priced. `zone_cost` (per GB crossing) now joins the monthly cost:
/// 1,800 MB/s × 2,629,800 s ÷ 1,000 × 0.02 = 94,672.8.
#[test]
fn cross_zone_traffic_is_priced_when_a_price_is_given() {
    let cat = catalog();
    let base = [("mbps", "300"), ("retention_h", "72"), ("fanout", "5"), ("partitions", "500"), ("zones", "3"), ("hw", "aws-i3en.2xlarge"), ("node_cost", "600")];
    let without = run(&cat, &base);
    let q: Vec<(&str, &str)> = base.iter().copied().chain([("zone_cost", "0.02")]).collect();
    let with = run(&cat, &q);
    for s in [SystemId::Kafka, SystemId::Rocketmq] {
        let (a, b) = (cand(&without, s), cand(&with, s));
        let added = b.plan.monthly_cost.expect("cost") - a.plan.monthly_cost.expect("cost");
        let want = b.plan.cross_zone_mbps * 2_629_800.0 / 1e3 * 0.02;
        assert!(b.plan.cross_zone_mbps > 1000.0 && (added - want).abs() < 1e-6 * want, "{s:?}: +{added} against {want}");
    }
    let w = Workload::from_params(q.iter().copied()).expect("valid");
    assert!(w.to_params().iter().any(|(k, v)| *k == "zone_cost" && v == "0.02"), "share links keep it");
}

/// A stop-21 tester: the disk-size hint divided the raw bytes by the load bound
/// alone, so the disk it named still left storage setting a larger count. Now the
/// named disk lets the load (and the quorum minimum) set it: planned with that
/// disk, each system needs no more machines than with a disk far larger.
#[test]
fn the_disk_size_hint_names_a_disk_at_which_the_load_sets_the_count() {
    let cat = catalog();
    let p = run(&cat, &[("hw", "aws-r5.2xlarge-gp2")]);
    for s in [SystemId::Kafka, SystemId::Rocketmq, SystemId::Pulsar] {
        let text = &cand(&p, s).plan.warnings.iter().find(|w| w.kind == "hint" && w.text.contains("TB per disk")).unwrap_or_else(|| panic!("{s:?}: no hint")).text;
        let tb: f64 = text.split(" TB per disk").next().and_then(|t| t.rsplit(' ').next()).and_then(|x| x.parse().ok()).unwrap_or_else(|| panic!("{text}"));
        let with = |disk: f64| cand(&run(&cat, &[("hw", "aws-r5.2xlarge-gp2"), ("disk_tb", &format!("{disk}"))]), s).plan.data_nodes;
        assert!(with(tb * 1.01) <= with(1000.0), "{s:?}: {} machines at the hinted {tb} TB, {} at 1,000 TB", with(tb * 1.01), with(1000.0));
    }
}

/// A stop-21 tester: Pravega's bookies at the quorum minimum were not a multiple of
/// the zones (4 over 3 zones), and RocketMQ's whole groups were rounded after the
/// zones (10 machines over 3 zones at RF 2). Both now are multiples of the zones
/// (RocketMQ of lcm(RF, z)).
#[test]
fn minimum_bookies_and_whole_groups_spread_over_the_zones() {
    let cat = catalog();
    for (rf, zones) in [("3", "3"), ("1", "2"), ("2", "3"), ("3", "2")] {
        let p = run(&cat, &[("mbps", "20"), ("rf", rf), ("zones", zones), ("retention_h", "48"), ("disk_tb", "1"), ("team", "dedicated"), ("kind", "business")]);
        let z: u32 = zones.parse().unwrap();
        let r: u32 = rf.parse().unwrap();
        assert_eq!(role(cand(&p, SystemId::Pravega), "bookie") % z, 0, "rf {rf}, zones {zones}");
        let m = cand(&p, SystemId::Rocketmq).plan.data_nodes;
        assert!(m % z == 0 && m % r == 0, "rf {rf}, zones {zones}: {m} RocketMQ machines");
    }
}

/// A stop-21 tester: at 100 MB/s on 5,000 partitions Kafka was dropped for a 75 ms
/// objective at 99.9 ms (the plan was re-sized at its density, never given machines
/// for the objective), though more brokers spread the partitions thinner and meet
/// it. The count is now searched: the plan keeps the fewest data nodes whose p99
/// meets the objective and is shown by the curve, says so in a latency bound, and
/// one node fewer misses it. Tightening the objective never takes machines away.
#[test]
fn a_latency_objective_adds_the_machines_that_meet_it() {
    let cat = catalog();
    // 6 h kept: at 24 h, the 14.8 h each of 5,000 partitions' 1 GiB segments takes to
    // fill would let storage, not the objective, set the count (since stop 43).
    let base = [("mbps", "100"), ("partitions", "5000"), ("retention_h", "6")];
    let mut last = 0;
    for slo in ["150", "100", "75", "50", "40"] {
        let q: Vec<(&str, &str)> = base.iter().copied().chain([("p99_ms", slo)]).collect();
        let p = run(&cat, &q);
        let k = cand(&p, SystemId::Kafka);
        assert_eq!(p.recommendation.system, SystemId::Kafka, "p99 ≤ {slo}: {:?}", k.reasons);
        let ms = k.plan.p99.as_ref().expect("p99").ms;
        assert!(ms <= slo.parse::<f64>().unwrap() && k.plan.objective_unshown.is_none(), "p99 ≤ {slo}: {ms} ms, {:?}", k.plan.objective_unshown);
        assert!(!k.reasons.iter().any(|r| r.contains("objective")), "p99 ≤ {slo}: {:?}", k.reasons);
        assert!(k.plan.nodes >= last, "p99 ≤ {slo}: {} machines after {last}", k.plan.nodes);
        last = k.plan.nodes;
        if k.plan.bottleneck == BoundKind::Latency {
            let b = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Latency).expect("latency bound");
            assert_eq!(b.nodes as u32, k.plan.data_nodes, "{}", b.detail);
            // "…; 11 data nodes give 74.5 ms": one fewer misses.
            let fewer: f64 = b.detail.rsplit("data nodes give ").next().and_then(|t| t.split(' ').next()).and_then(|x| x.replace(',', "").parse().ok()).unwrap_or_else(|| panic!("{}", b.detail));
            assert!(fewer > ms, "{}", b.detail);
            assert!(k.plan.count_words().contains("no head-room added"), "{}", k.plan.count_words());
        }
    }
    // 75 ms: the tester's 18 brokers meet it, so the search needs no more.
    let p = run(&cat, &[("mbps", "100"), ("partitions", "5000"), ("retention_h", "6"), ("p99_ms", "75")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Latency);
    assert!((8..=18).contains(&k.plan.data_nodes), "{} data nodes", k.plan.data_nodes);
}

/// Pulsar's latency curve was measured with brokers and bookies on the same
/// machines; on separate ones its topics sit on the brokers. The p99 is read at the
/// partitions per node of the fewer of the two (400 MB/s: 26 partitions on 4 brokers
/// and 13 bookies read at 6.5 per node, not 2), and a count the objective sets
/// raises the brokers with the bookies (a stop-22 check: 64 bookies were added
/// beside 5 brokers to meet 13 ms).
#[test]
fn pulsars_p99_is_read_on_the_fewer_of_its_brokers_and_bookies() {
    let cat = catalog();
    let per_node = |c: &Candidate| -> f64 {
        let basis = &c.plan.p99.as_ref().expect("p99").basis;
        basis.split(" per node").next().and_then(|t| t.rsplit(" at ").next()).and_then(|x| x.replace(',', "").parse().ok()).unwrap_or_else(|| panic!("{basis}"))
    };
    let p = run(&cat, &[("mbps", "400"), ("retention_h", "6"), ("team", "dedicated")]);
    let c = cand(&p, SystemId::Pulsar);
    let (brokers, bookies) = (f64::from(role(c, "broker")), f64::from(role(c, "bookie")));
    assert!(brokers < bookies, "{:?}", c.plan.roles);
    // The 24 partitions asked, or the few more the outage's drain plans with.
    let at = per_node(c);
    assert!(at >= 24.0 / brokers - 1e-9 && at <= 30.0 / brokers, "read at {at} per node on {brokers} brokers and {bookies} bookies");
    // 300 partitions at 22 ms: the objective's searched count (a latency bound) raises
    // the brokers to it, whatever sets the bookies.
    let p = run(&cat, &[("mbps", "400"), ("retention_h", "6"), ("team", "dedicated"), ("partitions", "300"), ("p99_ms", "22")]);
    let c = cand(&p, SystemId::Pulsar);
    let floor = c.plan.bounds.iter().find(|b| b.kind == BoundKind::Latency).unwrap_or_else(|| panic!("a searched count: {:?}", c.plan.bounds)).nodes;
    assert!(f64::from(role(c, "broker")) >= floor && f64::from(role(c, "bookie")) >= floor, "{floor}: {:?}", c.plan.roles);
    assert!(role(c, "broker") > 4, "more brokers than the 4 the load needs: {:?}", c.plan.roles);
    let note = &c.plan.roles.iter().find(|r| r.role == "broker").expect("brokers").note;
    assert!(note.contains("raised to") && note.contains("objective"), "{note}");
    assert!(c.plan.p99.as_ref().expect("p99").ms <= 22.0);
}

/// A stop-22 tester: the objective's search bought 294 brokers for 1 MB/s on 10,000
/// partitions (10 ms) and 9,432 Pulsar bookies elsewhere — the latency curves'
/// partitions per node were measured on 3-node clusters, and re-partitioning is the
/// cheaper lever. The search now stops at 4× the data nodes the load needs with no
/// objective, and the plan says what to do instead; within it the count is kept
/// (100 MB/s on 5,000 partitions at 75 ms: 8 brokers, where 7 give 76.0 ms).
#[test]
fn an_objective_buys_at_most_four_times_the_loads_machines() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "1"), ("partitions", "10000"), ("p99_ms", "10")]);
    let plain = run(&cat, &[("mbps", "1"), ("partitions", "10000")]);
    for c in &p.candidates {
        let without = cand(&plain, c.system).plan.data_nodes;
        assert!(c.plan.data_nodes <= 4 * without, "{:?}: {} data nodes against {without} with no objective", c.system, c.plan.data_nodes);
    }
    let k = cand(&p, SystemId::Kafka);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("is not met on any count up to")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains("fewer partitions per node"), "{}", w.text);
    let p = run(&cat, &[("mbps", "100"), ("partitions", "5000"), ("retention_h", "6"), ("p99_ms", "75")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Latency);
    assert!(k.plan.warnings.iter().all(|w| !w.text.contains("is not met on any count")));
}

/// A stop-22 re-test: (1) Pulsar bought 315 brokers for 149 partitions, "faster" at
/// 0.47 partitions per node — a partition has one leader, so the curves are read at
/// no less than one per node (⅓ only where the measured 3-node clusters had fewer
/// partitions than nodes) and the objective then cannot be met; (2) Pulsar's cap
/// counted bookies while brokers grew 35× (105 for 4.75 MB/s): it counts the fewer of
/// brokers and bookies now; (3) a count 3.5× the no-objective one came with no word
/// about re-partitioning; (4) a 76.35 ms objective was written "76.4".
#[test]
fn an_objective_never_buys_machines_past_one_partition_per_node() {
    let cat = catalog();
    let q = [("mbps", "430.06"), ("partitions", "295"), ("size", "1201"), ("durability", "fsync"), ("zones", "2"), ("fanout", "7"), ("hw", "kreps2014-6c-6hdd"), ("team", "dedicated"), ("retention_h", "168")];
    let with: Vec<(&str, &str)> = q.iter().copied().chain([("p99_ms", "13.332")]).collect();
    let (plain, p) = (run(&cat, &q), run(&cat, &with));
    let pulsar = cand(&p, SystemId::Pulsar);
    assert!(role(pulsar, "broker") <= role(cand(&plain, SystemId::Pulsar), "broker").max(295), "{:?}", pulsar.plan.roles);
    assert_ne!(pulsar.plan.bottleneck, BoundKind::Latency, "{:?}", pulsar.plan.roles);
    let q = [("mbps", "4.75"), ("partitions", "2619"), ("size", "1116"), ("zones", "3"), ("fanout", "0"), ("hw", "kreps2014-6c-6hdd"), ("team", "dedicated"), ("retention_h", "72")];
    let with: Vec<(&str, &str)> = q.iter().copied().chain([("p99_ms", "21.641")]).collect();
    let (plain, p) = (run(&cat, &q), run(&cat, &with));
    let brokers = |p: &Plan| role(cand(p, SystemId::Pulsar), "broker");
    assert!(brokers(&p) <= 4 * brokers(&plain), "{} brokers against {} with no objective", brokers(&p), brokers(&plain));
    let q = [("mbps", "297.91"), ("partitions", "5132"), ("size", "629"), ("durability", "fsync"), ("zones", "3"), ("fanout", "1"), ("hw", "aws-i3en.2xlarge"), ("team", "dedicated"), ("p99_ms", "49.436")];
    let p = run(&cat, &q);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Latency, "the test needs a count the objective sets: {:?}", k.plan.bounds);
    assert!(k.plan.warnings.iter().any(|w| w.text.contains("the workload needs with no objective") && w.text.contains("cheaper lever")), "{:#?}", k.plan.warnings);
    let p = run(&cat, &[("mbps", "100"), ("partitions", "5000"), ("retention_h", "6"), ("p99_ms", "76.35")]);
    let b = cand(&p, SystemId::Kafka).plan.bounds.iter().find(|b| b.kind == BoundKind::Latency).expect("latency bound");
    // The objective as typed, and the p99 figure beside it with the decimals that
    // tell the two apart (`units::Beside`: a miss of 76.353 had read "76.4" against
    // 76.35; since stop 28 76.0 is written 76.0, not 76.000).
    let beside: f64 = b.detail.rsplit("data nodes give ").next().and_then(|t| t.split(' ').next()).and_then(|x| x.parse().ok()).unwrap_or_else(|| panic!("{}", b.detail));
    assert!(b.detail.contains("the 76.35 ms objective") && beside != 76.35, "{}", b.detail);
}

/// A Kafka partition lies on one disk (Kafka docs, ops.html "Disks and
/// Filesystem"): 1,000 MB/s on AWS i3en.2xlarge (327 MB/s per NVMe disk, as
/// StreamNative measured it, 325 MB/s of payload with each record's 7 B) needs 1,000 ÷
/// (325 × 70 %) = 4.4 → at least 5 partitions (at the target utilisation the brokers
/// are sized on, since stop 38), and a plan given one says so.
#[test]
fn a_kafka_plan_asks_for_a_partition_per_disk_of_load() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "1000"), ("partitions", "1"), ("hw", "aws-i3en.2xlarge")]);
    let k = cand(&p, SystemId::Kafka);
    let a = k.plan.partition_advice.as_ref().expect("advice");
    assert!(a.at_least >= 5, "{a:?}");
    assert!(a.reasons.iter().any(|r| r.contains("÷ (325 MB/s one disk writes × 70 %; a partition lies on one disk) = 5")), "{:?}", a.reasons);
    assert!(k.plan.warnings.iter().any(|w| w.kind == "partitions"), "{:?}", k.plan.warnings);
}

/// Every warning is prefixed with its system's name, so its text does not name it
/// again: a reviewer read "Kafka: Kafka's CPU bound × 1.118 on this machine class"
/// (the machine-class note on a measured preset) and "Kafka: Kafka's per-byte CPU
/// cost". Checked on measured classes (seed 000's node, i3en.2xlarge, r5.2xlarge)
/// and on the default machine, for every system planned.
#[test]
fn a_warning_names_its_system_once() {
    let cat = catalog();
    for hw in ["seed000-8c16g", "aws-i3en.2xlarge", "aws-r5.2xlarge-gp2", ""] {
        let mut q = vec![("mbps", "200"), ("size", "100"), ("partitions", "100")];
        if !hw.is_empty() {
            q.push(("hw", hw));
        }
        let p = run(&cat, &q);
        assert!(p.candidates.len() >= 3, "{hw}: {} candidates", p.candidates.len());
        for c in &p.candidates {
            let name = c.system.name();
            for w in c.plan.warnings.iter().chain(&p.warnings) {
                assert!(!w.text.contains(&format!("{name}: {name}'s")), "{hw}: {}", w.text);
            }
        }
    }
}

/// A drain deadline met only at the expected catch-up rate says so: a new user's
/// 150 MB/s, 4 h outage, 30 min deadline on i3en.2xlarge was planned to drain in
/// 29 min, and 6.85 h at the lowest measured per-partition rate, with no warning.
#[test]
fn a_deadline_met_only_at_the_expected_rate_says_so() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "150"), ("outage_h", "4"), ("drain_min", "30"), ("fanout", "2"), ("hw", "aws-i3en.2xlarge")]);
    for c in &p.candidates {
        let Some(d) = &c.plan.drain else { continue };
        let warned = c.plan.warnings.iter().any(|w| w.kind == "drain" && w.text.contains("not at the lowest measured one"));
        assert_eq!(warned, d.within(30.0, false) && !d.within(30.0, true), "{:?}: {} s, {} s at low; {:?}", c.system, d.seconds, d.seconds_at_low, c.plan.warnings);
    }
    let k = cand(&p, SystemId::Kafka);
    assert!(k.plan.warnings.iter().any(|w| w.kind == "drain" && w.text.contains("not at the lowest measured one")), "{:?}", k.plan.warnings);
}

/// The decision path's partition step names the count each candidate was planned
/// on where a drain raised it, not only the count asked for (a new user saw "24
/// partitions → …" beside Kafka planned on 140).
#[test]
fn the_partition_step_names_the_planned_counts() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "150"), ("outage_h", "4"), ("drain_min", "30"), ("fanout", "2"), ("hw", "aws-i3en.2xlarge")]);
    let k = cand(&p, SystemId::Kafka);
    let planned = k.plan.partition_advice.as_ref().map(|a| a.planned).expect("advice");
    assert!(planned > 24, "{planned}");
    let step = p.decision_path.iter().find(|s| s.id == "partitions").expect("partition step");
    assert!(step.answer.contains("24 partitions asked") && step.answer.contains(&format!("Kafka {planned}")), "{}", step.answer);
    let plain = run(&cat, &[("mbps", "50"), ("outage_h", "0")]);
    let step = plain.decision_path.iter().find(|s| s.id == "partitions").expect("partition step");
    assert_eq!(step.answer, "24 partitions", "{:?}", plain.decision_path);
}

/// Pulsar's partitions are owned by its brokers, not its bookies: the partition
/// advice counts one per broker (a new user saw "a leader per data node: 38" on a
/// plan of 2 brokers and 38 bookies).
#[test]
fn pulsar_partitions_have_one_owner_per_broker() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "200"), ("needs", "multitenancy,geo"), ("team", "dedicated"), ("zones", "2"), ("fanout", "4"), ("retention_h", "48"), ("hw", "aws-i3en.2xlarge")]);
    let c = cand(&p, SystemId::Pulsar);
    let a = c.plan.partition_advice.as_ref().expect("advice");
    let brokers = role(c, "broker");
    assert!(a.reasons.iter().any(|r| r == &format!("a topic owner per broker: {brokers}")), "{:?}", a.reasons);
    assert!(!a.reasons.iter().any(|r| r.contains("per data node")), "{:?}", a.reasons);
}

/// P99.9 under backlog, read off seed 001's grid whatever the durability or disks,
/// says so where it comes out below the plan's own p99 or p99.9 (a new user: 32 ms
/// under backlog beside a 33.6 ms p99, per-message fsync on Kreps' HDDs). Checked
/// both ways on every candidate: warned exactly where it is below.
#[test]
fn a_backlog_p999_below_the_plain_p99_says_so() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "60"), ("size", "1000"), ("durability", "fsync"), ("hw", "kreps2014-6c-6hdd"), ("retention_h", "168")]);
    let mut seen = 0;
    for c in &p.candidates {
        let Some(g) = c.plan.p999_backlog.as_ref().filter(|g| !g.cliff) else { continue };
        let plain = c.plan.p999.as_ref().map(|e| e.ms).filter(|ms| g.ms < *ms).or_else(|| c.plan.p99.as_ref().map(|e| e.ms).filter(|ms| g.ms < *ms));
        let warned = c.plan.warnings.iter().any(|w| w.text.contains("a backlog only adds latency"));
        assert_eq!(warned, plain.is_some(), "{:?}: {} ms vs {:?}", c.system, g.ms, plain);
        seen += usize::from(warned);
    }
    assert!(seen >= 1, "the new user's case warns");
}

/// A P99.9 under backlog read past seed 001's grid says how far past, per axis (a
/// stop-27 tester read "at the edge of the grid" for a backlog far outside it): 500
/// MB/s kept 24 h is a 43,200 GB backlog, ×21.6 the largest measured (2,000 GB).
#[test]
fn a_p999_read_past_the_grid_says_how_far() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "500"), ("outage_h", "24")]);
    let k = cand(&p, SystemId::Kafka);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("P99.9 under backlog")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains("a backlog ×21.6 the largest measured") && w.text.contains("held at the measured grid's edge"), "{}", w.text);
    // Inside the grid's backlog range no backlog words appear.
    let q = run(&cat, &[("mbps", "50"), ("outage_h", "3"), ("partitions", "1000")]);
    let k = cand(&q, SystemId::Kafka);
    assert!(k.plan.warnings.iter().all(|w| !w.text.contains("a backlog ×")), "{:#?}", k.plan.warnings);
}

/// A p99 read off flash runs for writes that wait on a sync to HDD shows no
/// objective met (a stop-28 reviewer: Kafka with fsync on HDD passed a 50 ms
/// objective at 41.5 ms beside the warning to expect it higher); the plan says the
/// objective is not shown, not "not met", and what would show it.
#[test]
fn a_p99_on_unmeasured_disks_shows_no_objective_met() {
    let cat = catalog();
    let q = [("mbps", "100"), ("durability", "fsync"), ("disk", "hdd"), ("retention_h", "6"), ("p99_ms", "50")];
    let p = run(&cat, &q);
    let k = cand(&p, SystemId::Kafka);
    let e = k.plan.p99.as_ref().expect("a p99 is still given");
    assert!(e.ms <= 50.0, "the test needs an expected p99 within the objective: {}", e.ms);
    assert!(k.plan.objective_unshown.as_deref().is_some_and(|w| w.contains("hdd disks were not measured for latency")), "{:?}", k.plan.objective_unshown);
    assert!(k.reasons.iter().any(|r| r.contains("none shows the 50 ms objective met")), "{:?}", k.reasons);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("is not shown to be met on any count")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains("a latency run of your own on them (uploaded) would") && !w.text.contains("is not met on any count"), "{}", w.text);
    // On NVMe, which the fsync runs measured, the objective is met and shown.
    let nvme: Vec<(&str, &str)> = q.iter().map(|&(k, v)| if k == "disk" { (k, "nvme") } else { (k, v) }).collect();
    let k = cand(&run(&cat, &nvme), SystemId::Kafka).plan.clone();
    assert!(k.objective_unshown.is_none() && k.p99.as_ref().is_some_and(|e| e.ms <= 50.0), "{:?} {:?}", k.objective_unshown, k.p99.as_ref().map(|e| e.ms));
}

/// A Kafka replica lies on one disk, so its share of the retention must fit one:
/// 50 MB/s kept 72 h at RF 3 on 300 GB disks is 12.96 TB a copy, 540 GB a replica
/// over 24 partitions (544 GB with each record's 7 B, since stop 38), where one disk
/// holds 175 GB (70 % fill, 20 % head-room). A
/// stop-28 reviewer saw 224 brokers planned on those 24 partitions; the plan takes
/// ⌈12.96 TB ÷ 175 GB⌉ = 75 and says why. RocketMQ's CommitLog is per broker: no
/// such raise.
#[test]
fn kafka_partitions_are_raised_until_a_replica_fits_one_disk() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("retention_h", "72"), ("hw", "huawei-dms-rmq48-8u16g")]);
    let k = cand(&p, SystemId::Kafka);
    let a = k.plan.partition_advice.as_ref().expect("advice");
    assert_eq!(a.planned, 75, "{a:?}");
    let w = k.plan.warnings.iter().find(|w| w.kind == "partitions" && w.text.contains("per replica")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    // The count this rule asks for, not "planned with" (a stop-38 reviewer read
    // "planned with 38" and then "planned with 828" where a drain raised it further);
    // the plan's own partitions warning names the count planned.
    assert!(w.text.contains("24 partitions would keep 544 GB per replica, past the 175 GB one disk holds") && w.text.ends_with(": at least 75 partitions"), "{}", w.text);
    assert_eq!(k.plan.warnings.iter().filter(|w| w.text.contains("planned with")).count(), 1, "{:#?}", k.plan.warnings);
    let r = cand(&p, SystemId::Rocketmq);
    assert!(!r.plan.warnings.iter().any(|w| w.text.contains("per replica")), "{:#?}", r.plan.warnings);
    // Big disks: no raise.
    let q = run(&cat, &[("mbps", "50"), ("retention_h", "72"), ("hw", "aws-i3en.2xlarge")]);
    assert!(!cand(&q, SystemId::Kafka).plan.warnings.iter().any(|w| w.text.contains("per replica")));
}

/// One Kafka partition cannot carry 300 MB/s: its replicas each lie on one disk
/// (the default preset, seed000-8c16g: 145.4 MB/s per disk, the corpus fit's reading
/// of seed 000; Kafka's write amplification 1) and one partition's ceiling is 193 MB/s
/// (StreamNative's one-partition runs). ⌈300 ÷ 145⌉ = 3 partitions at least, whatever the broker
/// count. A stop-29 reviewer saw the plan kept 1 partition with 582 MB/s of capacity
/// when no consumer group read (with one it was raised for the catch-up).
#[test]
fn kafka_partitions_carry_the_produce_rate_without_readers() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "300"), ("partitions", "1"), ("retention_h", "1"), ("fanout", "0")]);
    let k = cand(&p, SystemId::Kafka);
    let a = k.plan.partition_advice.as_ref().expect("advice");
    assert_eq!(a.planned, 3, "{a:?}");
    let w = k.plan.warnings.iter().find(|w| w.kind == "partitions").unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains("planned with 3 partitions") && w.text.contains("one disk writes"), "{}", w.text);
    // Enough partitions already: none added.
    let q = run(&cat, &[("mbps", "300"), ("partitions", "24"), ("retention_h", "1"), ("fanout", "0")]);
    assert_eq!(cand(&q, SystemId::Kafka).plan.partition_advice.as_ref().expect("advice").planned, 24);
}

/// A drain the disk reads bind falls short at the interval's low end by the
/// hardware's error, not the CPU's: more cores (a wider CPU interval) leave its low
/// end alone (a stop-28 reviewer read 15 machines at 24 threads and 21 at 64, the
/// CPU at 9 %).
#[test]
fn a_drain_on_disk_reads_keeps_its_low_end_as_cores_grow() {
    let cat = catalog();
    let low = |cores: &str| {
        let p = run(&cat, &[("msgs", "200000"), ("kind", "business"), ("needs", "transactions,delay"), ("retention_h", "0.25"), ("hw", "huawei-dms-rmq48-12u24g"), ("cores", cores)]);
        let r = cand(&p, SystemId::Rocketmq);
        assert_eq!(r.plan.bottleneck, BoundKind::Drain, "{cores}: {:?}", r.plan.bounds);
        assert!(r.plan.bounds.iter().any(|b| b.kind == BoundKind::Drain && b.detail.contains("binds on the brokers' disk read bandwidth")), "{:?}", r.plan.bounds);
        r.plan.nodes_interval.as_ref().expect("interval").at_low_capacity
    };
    assert_eq!(low("24"), low("64"));
}

/// The backlog drain at the interval's low end is sized again with each resource
/// short by its own interval (CPU by the CPU's, disk reads and NIC by the
/// hardware's), not its expected count divided by one of them. A stop-29 reviewer:
/// 10 MB/s, which one node drains, read 11 machines at the low end on 256 cores (the
/// CPU interval widens past the measured cores); and Pulsar's low end rose from 44
/// to 48 when its disks went from 200 to 500 MB/s (the drain's limit flipped from
/// the disks to the CPU, taking the CPU's wider interval).
#[test]
fn the_drain_low_end_never_grows_with_better_hardware() {
    let cat = catalog();
    let low = |q: &[(&str, &str)], s: SystemId| cand(&run(&cat, q), s).plan.nodes_interval.as_ref().expect("interval").at_low_capacity;
    let idle: Vec<u32> = ["8", "64", "256", "1024"].iter().map(|c| low(&[("mbps", "10"), ("cores", c)], SystemId::Kafka)).collect();
    // RF 3's quorum: 3 machines at every core count.
    assert!(idle.iter().all(|&n| n == 3), "{idle:?}");
    let disks = |mbps: &str| low(&[("team", "dedicated"), ("mbps", "500"), ("retention_h", "2"), ("disk_mbps", mbps)], SystemId::Pulsar);
    let (slow, fast) = (disks("200"), disks("500"));
    assert!(fast <= slow, "500 MB/s disks: {fast} at the low end, 200 MB/s: {slow}");
}

/// Pulsar's drain bound sizes its data nodes, the bookies that hold the backlog, and
/// says so (a stop-29 reviewer read "binds on the brokers' CPU" beside 4 stateless
/// brokers and 6 bookies); Kafka's names its brokers.
#[test]
fn the_drain_names_the_machines_it_sizes() {
    let cat = catalog();
    let p = run(&cat, &[("team", "dedicated"), ("mbps", "500"), ("retention_h", "2"), ("disk_mbps", "500")]);
    let drain = |s: SystemId| cand(&p, s).plan.bounds.iter().find(|b| b.kind == BoundKind::Drain).map(|b| b.detail.clone()).unwrap_or_default();
    let pulsar = drain(SystemId::Pulsar);
    assert!(pulsar.contains("binds on the bookies'") && !pulsar.contains("brokers'"), "{pulsar}");
    let kafka = drain(SystemId::Kafka);
    assert!(kafka.contains("binds on the brokers'"), "{kafka}");
}

/// Pulsar's brokers own the topics and seed 001's grid counted them (6 brokers
/// beside 6 bookies): 2,000 partitions at its ~83 per node need about 24 brokers as
/// well as bookies (a stop-29 reviewer saw 2 brokers and 25 bookies, the p99 read at
/// 1,000 partitions per broker).
#[test]
fn pulsar_partitions_per_node_bound_its_brokers_too() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "10"), ("partitions", "2000"), ("team", "dedicated")]);
    let c = cand(&p, SystemId::Pulsar);
    assert_eq!(c.plan.bottleneck, BoundKind::Partitions, "{:?}", c.plan.bounds);
    let (brokers, bookies) = (role(c, "broker"), role(c, "bookie"));
    assert!(brokers >= 20 && brokers + 2 >= bookies, "{brokers} brokers, {bookies} bookies");
}

/// Where more machines bring the expected p99 within the objective only below the
/// lightest measured load, the objective is "not shown to be met", not "not met"
/// (a stop-28 reviewer: RocketMQ at 8.5 ms read "not met on any count" while 15
/// machines expect 7.14 ms; at 9 ms, which the measured curve shows, it is planned).
#[test]
fn an_objective_only_an_unmeasured_load_meets_is_not_shown() {
    let cat = catalog();
    let q = |slo: &'static str| run(&cat, &[("mbps", "200"), ("hw", "aws-i3en.2xlarge"), ("retention_h", "6"), ("p99_ms", slo)]);
    let p = q("8.5");
    let r = cand(&p, SystemId::Rocketmq);
    let w = r.plan.warnings.iter().find(|w| w.text.contains("on any count")).unwrap_or_else(|| panic!("{:#?}", r.plan.warnings));
    assert!(w.text.contains("is not shown to be met on any count") && w.text.contains("lightest measured load"), "{}", w.text);
    // Its reason says more machines would only help where no run shows it.
    assert!(r.reasons.iter().any(|x| x.contains("exceeds the 8.5 ms objective") && x.contains("only below the lightest measured load")), "{:?}", r.reasons);
    let p = q("9");
    let r = cand(&p, SystemId::Rocketmq);
    assert!(r.status != "dropped" && r.plan.p99.as_ref().is_some_and(|e| e.ms <= 9.0), "{:?}", r.reasons);
}

/// Disks of a kind no Kafka run ran on (spinning disks) make the disk bound less
/// certain, not the NIC: with disks that write 10 MB/s (≈ 43 brokers by the disks),
/// the same plan on `disk=nvme` (Kafka's disk-bound runs there came within 4 % of
/// the bound) and `disk=hdd` expects the same machines (49: 46 brokers, 3
/// controllers), but on HDD the interval's low end sizes the disks further down
/// (÷ 1.26, Kafka's stated-hardware base, → ÷ 2.08 with ÷ 2 in quadrature), and only
/// there the plan says why. A plan whose count the disks do not set (the default
/// workload, storage-bound) says nothing of them.
#[test]
fn disks_of_a_kind_never_run_on_widen_the_machine_interval() {
    let cat = catalog();
    let at = |disk: &str| run(&cat, &[("mbps", "200"), ("disk_mbps", "10"), ("disk", disk)]);
    let (nvme, hdd) = (at("nvme"), at("hdd"));
    let (kn, kh) = (cand(&nvme, SystemId::Kafka), cand(&hdd, SystemId::Kafka));
    let disk_nodes = |c: &Candidate| c.plan.bounds.iter().find(|b| b.kind == BoundKind::Disk).expect("disk bound").nodes;
    assert!((disk_nodes(kn) - disk_nodes(kh)).abs() < 1e-9, "same disks, same expected bound");
    assert_eq!(kn.plan.nodes, kh.plan.nodes);
    let low = |c: &Candidate| c.plan.nodes_interval.as_ref().expect("interval").at_low_capacity;
    assert!(f64::from(low(kh)) > f64::from(low(kn)) * 1.4, "HDD {} vs NVMe {} machines at the low end", low(kh), low(kn));
    let says = |c: &Candidate| serde_json::to_string(c).expect("json").contains("disks: no saturated Kafka run ran on them");
    assert!(says(kh) && !says(kn));
    let default = run(&cat, &[]);
    assert!(!serde_json::to_string(cand(&default, SystemId::Kafka)).expect("json").contains("disks: no saturated"), "the default plan's low end is not the disks'");
}

/// Pulsar on the gp2 preset: mqperf's two runs on that machine (journal and ledgers
/// on one 100 GiB gp2 volume, 134 MB/s) wrote ×0.54 of the disk bound on average
/// (358,323 and 320,853 msg/s at 100 B against 632,075: 670,000 before stop 38 wrote
/// each message's 6 B in its batch, ×0.51), so the plan sizes those disks on ×0.54
/// and says so: 60 MB/s × RF 3 × write amplification 2.12 = 382 MB/s written ÷ (134
/// MB/s × 0.54 × 70 %) = 7.6 bookies by the disks, where the volume's figure alone
/// gave 4.1.
#[test]
fn a_preset_s_disks_are_sized_on_what_its_runs_wrote() {
    let cat = catalog();
    let disk = |extra: &[(&'static str, &'static str)]| {
        let mut q = vec![("msgs", "600000"), ("size", "100"), ("retention_h", "1"), ("team", "dedicated"), ("hw", "aws-r5.2xlarge-gp2")];
        q.extend_from_slice(extra);
        let p = run(&cat, &q);
        let b = cand(&p, SystemId::Pulsar).plan.bounds.iter().find(|b| b.kind == BoundKind::Disk).cloned().expect("disk bound");
        (b.nodes, b.detail)
    };
    let (own, words) = disk(&[]);
    assert!((own - 381.6 / (134.2 * 0.536 * 0.7)).abs() < 0.15, "{own} disk nodes: {words}");
    assert!(words.contains("× 0.54 measured on this machine's disks"), "{words}");
    // Another figure for the same kind of volume keeps the share (the layout the runs
    // measured), so a slower volume never plans on fewer bookies (a stop-32 reviewer:
    // 100 MB/s gave 13 machines where the preset's 134 gave 15).
    let mut last = 0.0;
    for mbps in ["250", "134.1", "133.9", "100"] {
        let (told, words) = disk(&[("disk_mbps", mbps)]);
        let x: f64 = mbps.parse().expect("number");
        assert!((told - 381.6 / (x * 0.536 * 0.7)).abs() < 0.05, "{mbps} MB/s: {told} disk nodes: {words}");
        assert!(told > last, "slower volume, more bookies: {told} after {last}");
        last = told;
    }
    // Another kind of disk in the same machine keeps the machine's share (a stop-32
    // reviewer saw `disk=hdd` drop it and plan fewer machines for a slower disk): the
    // kind's figure carried from the preset's, × 0.54; HDD needs more bookies, NVMe fewer.
    let (nvme, words) = disk(&[("disk", "nvme")]);
    assert!(words.contains("× 0.54 measured on this machine's disks") && nvme < own, "{nvme}: {words}");
    let (hdd, words) = disk(&[("disk", "hdd")]);
    assert!(words.contains("× 0.54 measured on this machine's disks") && hdd > own, "{hdd}: {words}");
}

/// A durability planned as the system's own baseline says so rather than passing
/// silently (a stop-32 reviewer): Pulsar's bookies sync the journal before they
/// acknowledge, so `durability=fsync` is its baseline; Pravega writes through
/// BookKeeper whatever is asked.
#[test]
fn a_durability_planned_as_the_baseline_says_so() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("retention_h", "1"), ("team", "dedicated"), ("durability", "fsync")]);
    let said = |s: SystemId, words: &str| cand(&p, s).plan.warnings.iter().any(|w| w.text.contains(words));
    assert!(said(SystemId::Pulsar, "fsync is Pulsar's baseline"), "{:?}", cand(&p, SystemId::Pulsar).plan.warnings);
    assert!(said(SystemId::Pravega, "planned as its baseline"), "{:?}", cand(&p, SystemId::Pravega).plan.warnings);
    assert!(!said(SystemId::Kafka, "baseline"), "Kafka's fsync is a factor of its own");
}

/// A plan far past the largest measured cluster carries linear scaling's doubt at its
/// low end: the CPU bound's machine count there is the fixed point of
/// `nodes_at_low_end`, more than linear scaling alone gives, and a warning says both
/// counts (stop 33: plans had sized the CPU bound one node at a time, so 60 brokers
/// planned on 3-node runs read as sure as 6). A small plan within the measured says
/// nothing of it.
#[test]
fn a_plan_past_the_measured_clusters_carries_scaling_doubt_at_its_low_end() {
    let cat = catalog();
    let p = run(&cat, &[("msgs", "20000000"), ("size", "100"), ("fanout", "1"), ("partitions", "20000")]);
    let k = cand(&p, SystemId::Kafka);
    let i = k.plan.nodes_interval.as_ref().expect("interval");
    let w = k.plan.warnings.iter().find(|w| w.text.contains("linear scaling alone gives")).unwrap_or_else(|| panic!("no scaling warning: {:?} {:?}", k.plan.bounds, k.plan.warnings));
    assert_eq!(w.kind, "extrapolation");
    let head = format!("Kafka: {} machines at the interval's low end, where linear scaling alone gives ", i.at_low_capacity);
    assert!(w.text.starts_with(&head), "{}", w.text);
    let linear: u32 = w.text[head.len()..].split(':').next().and_then(|s| s.trim().replace(',', "").parse().ok()).unwrap_or_else(|| panic!("{}", w.text));
    assert!(linear < i.at_low_capacity && linear >= k.plan.nodes, "linear {linear}, low end {i:?}, expected {}", k.plan.nodes);
    assert!(w.text.contains("0.1 ln per doubling") && w.text.contains("in quadrature"), "{}", w.text);
    assert!(!i.low_at_cap, "{i:?}");
    let small = run(&cat, &[("mbps", "10")]);
    assert!(small.candidates.iter().all(|c| !c.plan.warnings.iter().any(|w| w.text.contains("linear scaling alone gives"))));
}

/// A low end past the node cap says it is the cap's count, not a computed need ("≥",
/// `low_at_cap`; the CLI and page add "the node cap")
/// (a stop-34 reviewer read "10003 machines at the interval's low end" as computed;
/// the uncapped fixed point was about 10,250 brokers).
#[test]
fn a_low_end_past_the_node_cap_says_so() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50000"), ("size", "100"), ("retention_h", "1"), ("hw", "aws-i3en.2xlarge")]);
    let k = cand(&p, SystemId::Kafka);
    let i = k.plan.nodes_interval.as_ref().expect("interval");
    assert!(i.low_at_cap, "{i:?}");
    let scaling = k.plan.warnings.iter().find(|w| w.text.contains("linear scaling alone gives")).expect("scaling warning");
    assert!(scaling.text.starts_with(&format!("Kafka: ≥ {} machines", capacity::units::Num(f64::from(i.at_low_capacity)))), "{}", scaling.text);
    // Within the cap nothing says it.
    let small = run(&cat, &[("mbps", "200"), ("hw", "aws-i3en.2xlarge")]);
    assert!(small.candidates.iter().all(|c| c.plan.nodes_interval.as_ref().is_none_or(|i| !i.low_at_cap)));
}

/// With a p99 objective no candidate meets, the recommendation goes to the one that
/// misses it least, not the tree's default: at 7 ms RocketMQ's expected p99 (5.23 ms,
/// read below its lightest measured load, which shows 9.00 ms) is within it but
/// unshown, Kafka's expected 9.41 ms misses it (an adversarial tester saw 9.3 ms pick
/// RocketMQ and the tighter 7 ms pick Kafka). The unshown reason no longer reads as
/// two contradicting p99s.
#[test]
fn a_tighter_p99_objective_no_one_meets_does_not_pick_the_slower_system() {
    let cat = catalog();
    let mut relaxed = 0;
    for slo in ["9.3", "7", "5", "1"] {
        let p = run(&cat, &[("p99_ms", slo)]);
        let k = cand(&p, SystemId::Kafka).plan.p99.as_ref().expect("kafka p99").ms;
        let r = cand(&p, SystemId::Rocketmq).plan.p99.as_ref().expect("rocketmq p99").ms;
        assert!(r < k, "premise: RocketMQ {r} ms below Kafka {k} ms");
        assert_eq!(p.recommendation.system, SystemId::Rocketmq, "p99 ≤ {slo} ms: {:?}", p.decision_path.last());
        // Where every candidate fails, what decided it is said: the smaller miss, with
        // both figures.
        let last = p.decision_path.last().expect("path");
        if last.id == "default" {
            relaxed += 1;
            assert!(last.outcome.starts_with("RocketMQ, as Kafka misses the latency objective by more (p99 "), "{last:?}");
        }
    }
    assert!(relaxed >= 2, "premise: the tighter objectives fail everywhere");
    let p = run(&cat, &[("p99_ms", "7")]);
    let v = cand(&p, SystemId::Rocketmq);
    assert!(v.reasons.iter().any(|r| r.contains("is read where no run measured, so none shows the 7 ms objective met")), "{:?}", v.reasons);
}

/// A drain that put a system past the node cap counts once (the drain), and says it
/// drains "at the capped count" (an adversarial tester read two violations for one
/// cause). A plan past the cap still goes after every buildable one: the only
/// buildable candidate, Pravega, whose drain no run measured, is recommended over
/// Kafka at 10,003 machines (making an unchecked drain as unbuildable as the cap was
/// tried at stop 35 and reverted: it recommended a capped Kafka that still misses
/// the deadline over Pravega on 695 machines — a stop-35 reviewer). The fit step names
/// each system once.
#[test]
fn a_drain_past_the_cap_counts_once_and_a_buildable_plan_still_wins() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "1000"), ("fanout", "10"), ("drain_min", "1"), ("outage_h", "24")]);
    let last = p.decision_path.last().expect("path");
    assert!(last.id == "default" && last.answer == "every candidate fails a hard constraint", "{last:?}");
    let v = cand(&p, SystemId::Kafka);
    assert!(v.reasons.iter().any(|r| r.starts_with("at the capped count it drains in")), "{:?}", v.reasons);
    assert!(v.plan.warnings.iter().any(|w| w.kind == "infeasible"), "premise: Kafka past the cap");
    assert_eq!(p.recommendation.system, SystemId::Pravega, "{last:?}");
    assert_eq!(last.outcome, "Pravega, as Kafka is past the node cap; RocketMQ is past the node cap; Pulsar is past the node cap; review its violations", "{last:?}");
    assert!(cand(&p, SystemId::Pravega).plan.warnings.iter().all(|w| w.kind != "infeasible"));
    let fit = p.decision_path.iter().find(|s| s.id == "fit").expect("fit step");
    assert_eq!(fit.outcome.matches("Kafka").count(), 1, "{}", fit.outcome);
    let p = run(&cat, &[("mbps", "20000"), ("outage_h", "72"), ("drain_min", "1"), ("team", "dedicated")]);
    assert_eq!(p.recommendation.system, SystemId::Pravega, "{:?}", p.decision_path.last());
}

/// Where every candidate fails, the step says for each other candidate what put it
/// after the choice — compared with each, not only the second-ranked (a stop-36
/// reviewer: Pulsar's "smaller latency miss" beside RocketMQ and Kafka with smaller
/// ones, which lacked a must-have) — and says when neither p99 was measured.
#[test]
fn an_all_fail_choice_says_what_put_each_other_candidate_behind() {
    let cat = catalog();
    let p = run(&cat, &[("p99_ms", "8"), ("mbps", "500"), ("needs", "autoscale"), ("team", "none")]);
    let last = p.decision_path.last().expect("path");
    assert_eq!(last.id, "default");
    assert_eq!(p.recommendation.system, SystemId::Pulsar, "{last:?}");
    for s in ["Kafka lacks more must-haves (1 against 0)", "RocketMQ lacks more must-haves (1 against 0)", "Pravega misses the latency objective by more"] {
        assert!(last.outcome.contains(s), "{s}: {last:?}");
    }
    // 64 KiB: past every latency run's size (since stop 40 a size below them all is
    // read at the smallest, so 100 B no longer serves).
    let p = run(&cat, &[("p99_ms", "5"), ("mbps", "5"), ("needs", "geo"), ("team", "none"), ("kind", "business"), ("durability", "leader"), ("size", "65536")]);
    let last = p.decision_path.last().expect("path");
    assert!(last.outcome.contains("ties, neither p99 measured, and the tree prefers"), "{last:?}");
}

/// Where the cheapest candidate lacks native support of a must-have, the cheapest one
/// that has it is compared instead (a stop-36 reviewer: Pulsar kept at 45,375 a month
/// beside Pravega, native, at 3,625, never compared).
#[test]
fn a_native_candidate_far_cheaper_than_the_choice_wins() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "1"), ("needs", "tiered"), ("team", "dedicated"), ("outage_h", "0"), ("kind", "business"), ("node_cost", "500"), ("durability", "fsync"), ("partitions", "3000"), ("size", "4096"), ("cores", "4"), ("disk", "hdd"), ("rf", "2"), ("fanout", "0"), ("zones", "3")]);
    let cost = p.decision_path.iter().find(|s| s.id == "cost").expect("cost step");
    let chosen = cand(&p, p.recommendation.system);
    // No kept candidate with native tiered storage is more than 25 % cheaper than the choice.
    let natives: Vec<&Candidate> = p.candidates.iter().filter(|c| c.status == "runner_up" && cat.features.level(c.system, capacity::system::Feature::Tiered) == capacity::features::Level::Native).collect();
    for c in &natives {
        assert!(capacity::decision::cost_of(&chosen.plan) <= capacity::decision::cost_of(&c.plan) * 1.25, "{:?} kept over a native {:?} far cheaper: {cost:?}", p.recommendation.system, c.system);
    }
    assert_eq!(p.recommendation.system, SystemId::Pravega, "{cost:?}");
    assert_eq!(cat.features.level(SystemId::Pravega, capacity::system::Feature::Tiered), capacity::features::Level::Native, "premise");
    assert!(cost.answer.starts_with("Pulsar "), "premise: the tree chose Pulsar: {cost:?}");
    assert!(cost.outcome.contains("the cheapest with native support of every must-have"), "{cost:?}");
}

/// A runner-up cheaper than the recommendation says why it lost: within the 25 %
/// cost tolerance the tree's choice stands (a stop-34 tester read only the two costs).
/// At 6 MB/s over 3 zones on r5.2xlarge (a week's retention, 6 h of it local)
/// RocketMQ's 9 machines undercut Kafka's 9.75 machine-equivalents (at 5 MB/s until
/// stop 43, where RocketMQ's storage keeps no spare node and its 6 machines are 38 %
/// under Kafka's: the cost step picks it); a dearer runner-up says nothing of the kind.
#[test]
fn a_cheaper_runner_up_says_why_it_lost() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "6"), ("hw", "aws-r5.2xlarge-gp2"), ("zones", "3"), ("retention_h", "168"), ("local_retention_h", "6")]);
    assert_eq!(p.recommendation.system, SystemId::Kafka);
    let r = cand(&p, SystemId::Rocketmq);
    assert!(capacity::decision::cost_of(&r.plan) < capacity::decision::cost_of(&cand(&p, SystemId::Kafka).plan), "premise: RocketMQ cheaper");
    assert!(r.reasons.iter().any(|x| x.starts_with("runner-up: Kafka was chosen") && x.ends_with("; cheaper, but within 25 % the tree's choice stands")), "{:?}", r.reasons);
    let d = run(&cat, &[("mbps", "200"), ("needs", "transactions")]);
    assert!(d.candidates.iter().flat_map(|c| &c.reasons).all(|x| !x.contains("cheaper, but")), "no cheaper runner-up here");
}

/// Latency misses within 5 % of the smallest tie, and the tree's choice decides
/// between them, whatever the objective: steps counted from the objective flipped
/// the choice between Kafka (9.48 ms) and RocketMQ (9.30 ms) as it moved by 0.1 ms
/// (a stop-35 reviewer). Misses rank on what runs show (stop 39): at 700 MB/s Kafka's
/// expected 9.50 ms is read below its lightest measured load, 9.87 ms there, and
/// RocketMQ's 9.52 ms is measured: 3.7 % apart (at 500 MB/s until stop 39, where
/// RocketMQ's 9.17 ms is now 7.6 % under Kafka's 9.87, and at 230 MB/s until stop 38).
#[test]
fn a_latency_miss_within_5_percent_of_the_least_does_not_flip_the_choice() {
    let cat = catalog();
    let picks: Vec<SystemId> = ["8.3", "8.4", "8.5", "8.6", "8.7", "8.8", "8.9"]
        .iter()
        .map(|slo| run(&cat, &[("mbps", "700"), ("p99_ms", slo)]).recommendation.system)
        .collect();
    let p = run(&cat, &[("mbps", "700"), ("p99_ms", "8.5")]);
    let ms = |s| cand(&p, s).plan.p99.as_ref().map(capacity::latency::LatencyEstimate::shown_ms).unwrap_or(f64::NAN);
    let (k, r) = (ms(SystemId::Kafka), ms(SystemId::Rocketmq));
    assert!(k > 8.5 && r > 8.5 && (k / r - 1.0).abs() < 0.05, "premise: both miss, within 5 % ({k} vs {r})");
    assert!(picks.iter().all(|s| *s == picks[0]), "{picks:?}");
    assert_eq!(picks[0], SystemId::Kafka, "the tree's choice for data");
    // The step says the tree decided, not "fewest violations" (a stop-35 reviewer).
    let last = p.decision_path.last().expect("path");
    assert!(last.outcome.starts_with("Kafka, as RocketMQ ties, latency misses within 5 %, and the tree prefers Kafka; "), "{last:?}");
    assert!(last.outcome.contains("Pulsar breaks more (2 against 1)") && last.outcome.ends_with("; review its violations"), "{last:?}");
}

/// A plan the partition count sized says how many data nodes the other bounds need,
/// in machines, not the partition advice's minimum (a partition count that counted a
/// leader per data node the partitions had already raised: a stop-34 reviewer read
/// "the load needs only 241" beside 241 brokers).
#[test]
fn a_partition_sized_plan_says_what_the_other_bounds_need_in_data_nodes() {
    let cat = catalog();
    // 20 TB disks: since stop 42 the 20,000 open 1 GiB segments (64.9 TB at RF 3) are
    // stored past the 1 h retention, and on i3en.2xlarge's 2 × 2.5 TB they bound first.
    let p = run(&cat, &[("mbps", "200"), ("partitions", "20000"), ("hw", "aws-i3en.2xlarge"), ("disk_tb", "20"), ("retention_h", "1")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.bottleneck, BoundKind::Partitions, "{:?}", k.plan.bounds);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("partitions set the count")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    let tail = w.text.split("the other bounds need ").nth(1).expect("count");
    let others: u32 = Some(tail).and_then(|n| n.replace(',', "").parse().ok()).unwrap_or_else(|| panic!("{}", w.text));
    let data = k.plan.data_nodes;
    assert!(w.text.contains(&format!("({data} data nodes)")), "{}", w.text);
    assert!(others >= 3 && others < data, "others {others}, data {data}");
    // At a partition count the load sets, the same workload plans about that many.
    let few = run(&cat, &[("mbps", "200"), ("partitions", "24"), ("hw", "aws-i3en.2xlarge"), ("retention_h", "1")]);
    assert!(cand(&few, SystemId::Kafka).plan.data_nodes <= others + 1, "{} vs {others}", cand(&few, SystemId::Kafka).plan.data_nodes);
}

/// Inputs that change nothing say so: prices without a machine price, a local
/// retention not below the retention (an adversarial tester: the replies were
/// byte-identical to ones without them). A monthly cost is written to the cent.
#[test]
fn inputs_that_change_nothing_say_so_and_costs_read_right() {
    let cat = catalog();
    let input = |p: &Plan| p.warnings.iter().filter(|w| w.kind == "input").map(|w| w.text.clone()).collect::<Vec<_>>();
    let priced = run(&cat, &[("zones", "2"), ("rf", "2"), ("zone_cost", "0.02")]);
    assert!(input(&priced).iter().any(|t| t.contains("need node_cost")), "{:?}", input(&priced));
    assert!(priced.candidates.iter().all(|c| c.plan.monthly_cost.is_none()));
    // A cross-zone price with one zone (a stop-35 reviewer: silent, the cost unchanged).
    let one_zone = run(&cat, &[("mbps", "200"), ("node_cost", "500"), ("zone_cost", "0.02")]);
    assert!(input(&one_zone).iter().any(|t| t.contains("one zone has none of")), "{:?}", input(&one_zone));
    let without = run(&cat, &[("mbps", "200"), ("node_cost", "500")]);
    assert_eq!(one_zone.recommendation.system, without.recommendation.system);
    assert_eq!(cand(&one_zone, SystemId::Kafka).plan.monthly_cost, cand(&without, SystemId::Kafka).plan.monthly_cost);
    assert!(input(&run(&cat, &[("zones", "2"), ("rf", "2"), ("node_cost", "500"), ("zone_cost", "0.02")])).is_empty());
    let local = run(&cat, &[("needs", "tiered"), ("local_retention_h", "100"), ("retention_h", "1")]);
    assert!(input(&local).iter().any(|t| t.contains("local_retention_h (100 h) ≥ retention_h (1 h)")), "{:?}", input(&local));
    assert!(input(&run(&cat, &[("needs", "tiered"), ("local_retention_h", "12"), ("retention_h", "48"), ("node_cost", "100"), ("object_cost", "20")])).is_empty());
    let p = run(&cat, &[("zones", "3"), ("zone_cost", "0.02"), ("node_cost", "100"), ("object_cost", "20"), ("needs", "tiered")]);
    for c in &p.candidates {
        let cost = c.plan.monthly_cost.expect("priced");
        assert!(((cost * 100.0).round() / 100.0 - cost).abs() < 1e-9, "{cost}");
    }
}

/// At the interval's high end a drain the CPU binds is re-sized with the CPU there,
/// as the CPU bound is: 20 M msg/s of 100 B on i3en.2xlarge kept 71 drain nodes at
/// the high end, set by the brokers' CPU (a stop-34 reviewer; about 42 machines
/// with the CPU at its high end).
#[test]
fn a_cpu_bound_drain_is_resized_at_the_interval_s_high_end() {
    let cat = catalog();
    let p = run(&cat, &[("msgs", "20000000"), ("size", "100"), ("hw", "aws-i3en.2xlarge"), ("retention_h", "1")]);
    let k = cand(&p, SystemId::Kafka);
    let i = k.plan.nodes_interval.as_ref().expect("interval");
    let drain = k.plan.bounds.iter().find(|b| b.kind == BoundKind::Drain).expect("drain bound").nodes;
    assert!(drain > 60.0, "premise: the drain needs {drain} nodes as sized");
    assert!(f64::from(i.at_high_capacity) < drain * 0.8, "{i:?} against a drain of {drain} nodes");
    assert!(i.at_high_capacity <= k.plan.nodes && k.plan.nodes <= i.at_low_capacity, "{i:?}");
}

/// Fewer partitions than brokers: only the partitions' leaders send the reads and the
/// copies. 400 MB/s over 3 partitions kept 6 h on seed 000's 2 × 4 TB disks: a
/// replica of 400 × 21,600 ÷ 3 = 2,880 GB passes one disk's 4,000 × 70 % ÷ 1.2 =
/// 2,333 GB, so 4 are planned; 9 brokers, 4 leaders each sending 100 MB/s × (10
/// groups + 2 copies) = 1,200 MB/s, 96 % of 1,250 MB/s. The plan says so, and its
/// "planned with 4" names the rule that set 4 (a stop-37 reviewer read the reasons
/// 3, 3 and 9 under "planned with 4").
#[test]
fn fewer_partitions_than_brokers_say_what_their_leaders_carry() {
    let cat = catalog();
    // Since stop 38 the plan takes the partitions whose owners' NICs carry the reads
    // and copies at the target utilisation: 400 MB/s × (10 groups + 2 copies) = 4,800
    // MB/s ÷ (1,250 MB/s × 70 %) = 5.5 → 6, so no leader passes it (a stop-38 reviewer
    // saw 24 leaders asked for 1,200 % of a NIC, the plan headlining 70 %).
    let p = run(&cat, &[("mbps", "400"), ("size", "1024"), ("partitions", "3"), ("fanout", "10"), ("outage_h", "0"), ("retention_h", "6")]);
    let k = cand(&p, SystemId::Kafka);
    let texts: Vec<&str> = k.plan.warnings.iter().map(|w| w.text.as_str()).collect();
    let planned = texts.iter().find(|t| t.contains("planned with 6 partitions (and as many")).unwrap_or_else(|| panic!("{texts:#?}"));
    assert!(planned.contains("not 3, so the partitions carry the produce rate; at least 9 advised:"), "{planned}");
    assert!(planned.contains("4,800 MB/s a partition's owner sends (fan-out 10 + 2 copies) ÷ (1,250 MB/s NIC × 70 %) = 6"), "{planned}");
    assert!(texts.iter().all(|t| !t.contains(" lead, each sending ")), "{texts:#?}");
    // A light load on fewer partitions than brokers is no warning: 1 MB/s on 1.
    let p = run(&cat, &[("mbps", "1"), ("partitions", "1")]);
    assert!(p.candidates.iter().all(|c| c.plan.warnings.iter().all(|w| !w.text.contains(" lead, each sending "))));
}

/// A tiered plan whose outage outlasts the hours kept locally says the backlog's
/// older part is read back from object storage: 24 h outage, 2 h local → (24 − 2) ÷
/// 24 = 92 % (a stop-37 reviewer saw it drained "on the brokers' disk reads" unsaid).
#[test]
fn a_backlog_older_than_local_retention_is_said_to_come_from_object_storage() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("size", "1024"), ("retention_h", "168"), ("local_retention_h", "2"), ("outage_h", "24")]);
    let k = cand(&p, SystemId::Kafka);
    assert!(k.plan.storage.object_bytes > 0.0, "tiered: {:?}", k.plan.storage);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("outlasts the 2 h kept on broker disks")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains(": 92 % of its backlog is read back from object storage"), "{}", w.text);
    // A retention shorter than the outage leaves 12 h of backlog, 10 of them remote:
    // 83 %, and keeping the 12 h locally is the advice (a stop-37 reviewer read 42 %
    // and "keep at least 24 h" of a 12 h retention).
    let p = run(&cat, &[("mbps", "100"), ("size", "1024"), ("retention_h", "12"), ("local_retention_h", "2"), ("outage_h", "24"), ("needs", "tiered")]);
    let k = cand(&p, SystemId::Kafka);
    let w = k.plan.warnings.iter().find(|w| w.text.contains("outlasts the 2 h kept on broker disks")).unwrap_or_else(|| panic!("{:#?}", k.plan.warnings));
    assert!(w.text.contains(": 83 % of its backlog") && w.text.ends_with("keep at least 12 h locally to drain from disk"), "{}", w.text);
    // Kept locally for the whole outage: nothing said.
    let p = run(&cat, &[("mbps", "100"), ("size", "1024"), ("retention_h", "168"), ("local_retention_h", "24"), ("outage_h", "24")]);
    assert!(cand(&p, SystemId::Kafka).plan.warnings.iter().all(|w| !w.text.contains("outlasts")));
}

/// RocketMQ's queues are led by masters: 500 MB/s of 10 KiB at RF 3 on 1 GbE puts 29
/// masters and 58 slaves up, and the advice counts a queue per master, not per
/// machine (a stop-37 reviewer read "use at least 87 partitions").
#[test]
fn rocketmq_queues_are_advised_per_master() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "500"), ("size", "10240"), ("rf", "3"), ("fanout", "0"), ("partitions", "10"), ("nic_gbps", "1"), ("retention_h", "72"), ("team", "dedicated"), ("outage_h", "24")]);
    let r = cand(&p, SystemId::Rocketmq);
    let a = r.plan.partition_advice.as_ref().expect("advice");
    let masters = r.plan.data_nodes.div_ceil(3);
    assert!(a.reasons.iter().any(|x| x == &format!("a queue per master: {masters}")), "{a:?}");
    assert!(r.plan.warnings.iter().all(|w| !w.text.contains(&format!("use at least {} partitions", r.plan.data_nodes))), "{:#?}", r.plan.warnings);
}

/// A plan's stated capacity holds to what its partitions carry at one partition's
/// measured ceiling, as `predict` does: 800 MB/s of 10 KiB on i3en.2xlarge plans 48
/// partitions (a replica must fit one disk), which carry 48 × the ceiling, well under
/// the brokers' other bounds (a stop-37 reviewer: 1,554,102 msg/s stated, 906,234 by
/// `predict`).
#[test]
fn a_plans_capacity_holds_to_its_partitions_ceiling() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "800"), ("size", "10240"), ("hw", "aws-i3en.2xlarge")]);
    let k = cand(&p, SystemId::Kafka);
    let planned = k.plan.partition_advice.as_ref().map_or(0, |a| a.planned);
    let ceiling = cat.throughput.as_ref().and_then(|t| t.system(SystemId::Kafka)).and_then(|f| f.ceiling.as_ref()).map(|c| c.bytes_per_s).expect("Kafka's partition ceiling");
    let most = f64::from(planned) * ceiling / 10240.0;
    assert!(planned >= 48 && k.plan.capacity_msgs <= most * (1.0 + 1e-9), "{} msg/s on {planned} partitions, at most {most}", k.plan.capacity_msgs);
}

/// A backlog drain that needs more data nodes than the cap is a bound past the cap,
/// not a drain that never happens: 25,500 MB/s with 50 groups on Huawei's 4-vCPU
/// RocketMQ flavour needs 10,103 Kafka brokers to drain, so the plan is capped and
/// says it does not fit. It had dropped the bound and planned 1,578 machines, where
/// 25,000 MB/s took 9,906 (a stop-38 reviewer's rate ladder).
#[test]
fn a_drain_past_the_node_cap_does_not_fit_rather_than_vanish() {
    let cat = catalog();
    let at = |mbps: &str| {
        let p = run(&cat, &[("hw", "huawei-dms-rmq48-4u8g"), ("fanout", "50"), ("retention_h", "1"), ("durability", "leader"), ("mbps", mbps)]);
        cand(&p, SystemId::Kafka).plan.clone()
    };
    let (lower, higher) = (at("25000"), at("25500"));
    assert!(lower.data_nodes < 10_000 && lower.bottleneck == BoundKind::Drain, "{} {:?}", lower.data_nodes, lower.bottleneck);
    assert!(higher.data_nodes >= lower.data_nodes, "{} then {}", lower.data_nodes, higher.data_nodes);
    let drain = higher.bounds.iter().find(|b| b.kind == BoundKind::Drain).expect("the drain bound stays");
    assert!(drain.nodes > 10_000.0 && drain.nodes.is_finite(), "{}", drain.nodes);
    assert!(higher.warnings.iter().any(|w| w.kind == "infeasible" && w.text.contains("backlog drain time bound needs")), "{:#?}", higher.warnings);
}

/// An objective no count meets names the partitions the plan took, not the
/// workload's: RocketMQ at 100 MB/s takes 231 so each group's catch-up beats the
/// produce rate, and its 5 ms objective's words had said "at 24 partitions" (a
/// stop-38 reviewer).
#[test]
fn an_unmet_objective_names_the_partitions_planned() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("p99_ms", "5"), ("team", "dedicated")]);
    let r = cand(&p, SystemId::Rocketmq);
    let planned = r.plan.partition_advice.as_ref().expect("advice").planned;
    assert!(planned > 24, "premise: the plan raised them ({planned})");
    let w = r.plan.warnings.iter().find(|w| w.kind == "objective" && w.text.contains("on any count")).unwrap_or_else(|| panic!("{:#?}", r.plan.warnings));
    assert!(w.text.contains(&format!(" at {planned} partitions")), "{}", w.text);
}

/// A p99 read below the lightest load any latency run measured is the curve
/// extrapolated: the plan carries the p99 at that lightest load (what a run shows,
/// above the expected figure), writes it beside the expected one, and a latency
/// miss is ranked on it. 600 MB/s of 1 KB on seed 000's machine with a 5 ms
/// objective: every candidate misses; Kafka's expected 9.50 ms is read below its
/// lightest measured load (9.87 ms there), RocketMQ's 9.37 ms inside its measured
/// loads — more than 5 % apart in what the runs show, so RocketMQ's smaller miss
/// leads (before stop 39 the two tied within 5 % on 9.50 against 9.37 and the tree's
/// default picked Kafka).
#[test]
fn a_p99_below_the_lightest_measured_load_is_marked_and_misses_rank_on_what_runs_show() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "600"), ("size", "1024"), ("p99_ms", "5")]);
    let k = cand(&p, SystemId::Kafka);
    let e = k.plan.p99.as_ref().expect("Kafka's p99 is measured");
    let at = e.at_lightest_load_ms.expect("Kafka's load lies below its lightest measured one");
    assert!(at > e.ms * 1.01 && e.shown_ms() == at, "{} ms expected, {at} ms at the lightest load", e.ms);
    assert!(k.reasons.iter().any(|r| r.contains(" ms at the lightest measured load) exceeds the 5 ms objective")), "{:?}", k.reasons);
    let r = cand(&p, SystemId::Rocketmq).plan.p99.as_ref().expect("RocketMQ's p99 is measured");
    assert!(r.at_lightest_load_ms.is_none() && r.shown_ms() == r.ms, "{r:?}");
    // Over 5 % apart in what the runs show, so the smaller miss leads.
    assert!(at > r.ms * 1.05, "{at} against {}", r.ms);
    assert_eq!(p.recommendation.system, SystemId::Rocketmq, "{:?}", p.decision_path);
    assert_eq!(p.recommendation.p99_at_lightest_load_ms, None);
    let path = p.decision_path.iter().find(|d| d.id == "default").expect("every candidate fails a hard constraint");
    assert!(path.outcome.contains("Kafka misses the latency objective by more"), "{}", path.outcome);
    // Its ratio says where it was read (a stop-39 reviewer read "1.02× the objective"
    // beside an expected p99 within it).
    assert!(path.outcome.contains(&format!("× the objective at the lightest measured load ({} ms) against ", capacity::units::Num(at))), "{}", path.outcome);
    assert!(e.ms_words().contains(" ms on the fitted curve at the lightest measured load)"), "{}", e.ms_words());
    // Inside the measured loads nothing is carried and the p99 is written alone.
    let inside: Vec<_> = p.candidates.iter().filter_map(|c| c.plan.p99.as_ref()).filter(|e| e.at_lightest_load_ms.is_none()).collect();
    assert!(!inside.is_empty());
    for e in inside {
        assert_eq!(e.ms_words(), format!("{} ms", capacity::units::Num(e.ms)));
    }
}

/// RF 5 keeps its data writable with 2 machines lost (a majority of 5 copies), so the
/// metadata quorum beside it has 5 members, losing 2 (Apache Kafka docs, KRaft: 3
/// controllers tolerate 1 failure, 5 tolerate 2): dedicated KRaft controllers past 5
/// brokers, ZooKeeper for Pulsar and Pravega. RF 3 keeps 3. Before stop 39 every
/// quorum had 3 members whatever the RF.
#[test]
fn the_metadata_quorum_grows_with_the_replication_factor() {
    let cat = catalog();
    let processes = |c: &Candidate, name: &str| c.plan.roles.iter().find(|r| r.role == name).map_or(0, |r| r.processes);
    let rf5 = run(&cat, &[("mbps", "400"), ("rf", "5")]);
    let k = cand(&rf5, SystemId::Kafka);
    assert!(role(k, "broker") > 5, "{:?}", k.plan.roles);
    assert_eq!((role(k, "kraft-controller"), processes(k, "kraft-controller")), (5, 5), "{:?}", k.plan.roles);
    for s in [SystemId::Pulsar, SystemId::Pravega] {
        assert_eq!(role(cand(&rf5, s), "zookeeper"), 5, "{s:?}: {:?}", cand(&rf5, s).plan.roles);
    }
    // The machine count counts them.
    assert_eq!(k.plan.nodes, k.plan.roles.iter().map(|r| r.machines).sum::<u32>());
    let rf3 = run(&cat, &[("mbps", "400"), ("rf", "3")]);
    assert_eq!(role(cand(&rf3, SystemId::Kafka), "kraft-controller"), 3);
    assert_eq!(role(cand(&rf3, SystemId::Pulsar), "zookeeper"), 3);
    // The words say what the quorum and the data each lose; past RF 5 the quorum stays
    // at 5 and says so (a stop-39 reviewer read "losing 2 as RF 7 does").
    let note = |p: &Plan, s: SystemId, r: &str| cand(p, s).plan.roles.iter().find(|x| x.role == r).map(|x| x.note.clone()).unwrap_or_default();
    assert!(note(&rf5, SystemId::Kafka, "kraft-controller").contains("5 members, losing 2; RF 5's data loses 2 (Apache Kafka docs, KRaft"), "{}", note(&rf5, SystemId::Kafka, "kraft-controller"));
    assert!(note(&rf5, SystemId::Pulsar, "zookeeper").contains("(ZooKeeper Administrator's Guide"), "{}", note(&rf5, SystemId::Pulsar, "zookeeper"));
    let rf7 = run(&cat, &[("mbps", "400"), ("rf", "7")]);
    assert_eq!(role(cand(&rf7, SystemId::Pulsar), "zookeeper"), 5);
    assert!(note(&rf7, SystemId::Pulsar, "zookeeper").contains("5 members, losing 2; RF 7's data loses 3") && note(&rf7, SystemId::Pulsar, "zookeeper").contains("5 at most"), "{}", note(&rf7, SystemId::Pulsar, "zookeeper"));
    // RF 4 over 3 zones keeps 2 copies of some partitions in one zone: losing it
    // leaves 2 of 4, below a majority of 3; RF 3 and 5 over 3 zones do not.
    let z3 = |rf: &str| run(&cat, &[("mbps", "100"), ("rf", rf), ("zones", "3")]);
    let split = |p: &Plan| cand(p, SystemId::Kafka).plan.warnings.iter().any(|w| w.kind == "zones" && w.text.contains("a write acknowledged by a majority of copies waits for"));
    assert!(split(&z3("4")), "{:?}", cand(&z3("4"), SystemId::Kafka).plan.warnings);
    assert!(cand(&z3("4"), SystemId::Kafka).plan.warnings.iter().any(|w| w.text.contains("RF 4 over 3 zones puts 2 of some partitions' copies in one zone; losing it leaves 2, fewer than the 3 a write acknowledged by a majority of copies waits for")));
    assert!(!split(&z3("3")) && !split(&z3("5")) && split(&z3("2")), "RF 2 over 3 zones: losing one leaves 1 of the 2");
    // RF 5's bookies: the ensemble and 2 spares, so the 2 losses its data and its 5
    // ZooKeeper members survive leave an ensemble (a stop-39 reviewer: 6 stopped at
    // the second).
    let q = cand(&rf5, SystemId::Pulsar).plan.bounds.iter().find(|b| b.kind == BoundKind::Quorum).map(|b| (b.nodes, b.detail.clone())).expect("quorum bound");
    assert_eq!(q.0, 7.0, "{}", q.1);
    assert!(q.1.contains("+ 2 spare(s)"), "{}", q.1);
    // Two zones: the larger quorum still leaves one zone with a majority of it.
    let z2 = run(&cat, &[("mbps", "400"), ("rf", "5"), ("zones", "2")]);
    assert!(cand(&z2, SystemId::Kafka).plan.warnings.iter().any(|w| w.text.contains("one zone holds 3 of the 5 KRaft controllers")), "{:?}", cand(&z2, SystemId::Kafka).plan.warnings);
    // RF 2 over 2 zones: a lost zone leaves 1 of every partition's 2 copies (a stop-40
    // reviewer: only the controllers were warned of).
    let z2rf2 = run(&cat, &[("mbps", "100"), ("rf", "2"), ("zones", "2")]);
    let zw = cand(&z2rf2, SystemId::Kafka).plan.warnings.iter().find(|w| w.kind == "zones").map(|w| w.text.clone()).unwrap_or_default();
    assert!(zw.contains("with RF 2 some partitions keep 1 of their copies in that zone: 1 left, below a majority write quorum of 2"), "{zw}");
    // RF 1 loses none with a majority acknowledging: its quorum still takes 3 (a
    // stop-40 reviewer read "RF 1's data loses 1").
    let rf1 = run(&cat, &[("mbps", "100"), ("rf", "1"), ("kind", "business")]);
    let zk = note(&rf1, SystemId::Pulsar, "zookeeper");
    assert!(zk.contains("3 members, losing 1; RF 1's data loses none with a majority acknowledging"), "{zk}");
}

/// A plan with no p99 at its own density says why at that density in its objective
/// warning too, as its reason does: RocketMQ on 18 machines for 5,000 partitions reads
/// 278 per node in both (a stop-39 reviewer read 1,667, the smallest cluster's, in
/// the warning beside 278 in the reason).
#[test]
fn an_unmeasured_objective_is_said_at_the_plans_own_density() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "50"), ("partitions", "5000"), ("p99_ms", "5")]);
    let r = cand(&p, SystemId::Rocketmq);
    assert!(r.plan.p99.is_none(), "{:?}", r.plan.p99);
    let per_node = |t: &str| t.split(" partitions per node").next().and_then(|x| x.rsplit(' ').next()).map(str::to_string);
    let reason = r.reasons.iter().find(|x| x.starts_with("cannot be shown to meet the 5 ms objective")).expect("the reason");
    let warning = r.plan.warnings.iter().find(|w| w.kind == "objective" && w.text.contains("cannot be shown to meet the 5 ms p99 objective")).expect("the warning");
    let density = per_node(reason).expect("a density in the reason");
    assert_eq!(per_node(&warning.text), Some(density.clone()), "{reason} / {}", warning.text);
    let planned = 5000.0 / f64::from(r.plan.data_nodes);
    assert_eq!(density, capacity::units::Num(planned).to_string(), "the plan's own {} data nodes", r.plan.data_nodes);
}

/// Pravega's segment stores send each entry to every bookie of its write quorum, so
/// the bookies take the RF copies in over their NICs. Kreps' 1 GbE machine at
/// 600 MB/s, RF 3: 1,800 MB/s in ÷ (125 MB/s × 70 %) = 20.6 → 21 bookies, + 1 for a
/// lost one = 22. Before stop 39 the bookies had no network bound: 8, each taking
/// 225 MB/s on a 125 MB/s NIC.
#[test]
fn pravega_bookies_take_the_copies_in_on_their_nics() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "600"), ("size", "100"), ("hw", "kreps2014-6c-6hdd")]);
    let v = cand(&p, SystemId::Pravega);
    assert_eq!(p.workload.hardware.nic_gbps.0, 1.0, "the preset's 1 GbE");
    assert_eq!(role(v, "bookie"), 22, "{:?}", v.plan.roles);
    assert!(v.plan.roles.iter().any(|r| r.role == "bookie" && r.note.contains("the RF copies coming in on its NIC")));
    // The machine count counts them.
    assert_eq!(v.plan.nodes, v.plan.roles.iter().map(|r| r.machines).sum::<u32>());
}

/// The sizings an objective search reads for their numbers are made without words,
/// and words memoized on the catalog are built when first asked: a catalog whose
/// first plans are searches writes the same plans, words and all, as one warmed up
/// by plans that make no search (else a memo first built inside a search would keep
/// an empty sentence).
#[test]
fn a_fresh_catalogs_first_plans_being_searches_write_every_word() {
    let searches: [&[(&str, &str)]; 4] = [
        &[("mbps", "50"), ("partitions", "5000"), ("p99_ms", "5")],
        &[("mbps", "100"), ("partitions", "5000"), ("p99_ms", "75"), ("fanout", "3"), ("drain_min", "30")],
        &[("mbps", "5"), ("p99_ms", "8"), ("hw", "aws-i3en.2xlarge"), ("outage_h", "4")],
        &[("mbps", "600"), ("size", "100"), ("p99_ms", "12"), ("hw", "kreps2014-6c-6hdd"), ("durability", "fsync")],
    ];
    let json = |cat: &Catalog, q: &[(&str, &str)]| serde_json::to_string(&run(cat, q)).expect("json");
    let cold = catalog();
    let first: Vec<String> = searches.iter().map(|q| json(&cold, q)).collect();
    let warm = catalog();
    for q in [&[][..], &[("mbps", "600"), ("size", "100"), ("hw", "kreps2014-6c-6hdd")][..], &[("hw", "aws-i3en.2xlarge"), ("fanout", "4"), ("outage_h", "4")][..]] {
        run(&warm, q);
    }
    for (q, cold) in searches.iter().zip(first) {
        assert_eq!(cold, json(&warm, q), "{q:?}");
    }
}

/// A stop-40 reviewer: 300 MB/s of 1 KB, RF 3, 2 groups, 24 h retention. At 18
/// partitions Kafka's plan takes 38 for the catch-up (292,969 msg/s × 1.20 ÷ the
/// measured per-partition rate), but at 60 asked the advice said "at least 18", a
/// floor that would drain nothing. The advised floor is the same whatever was asked.
#[test]
fn the_advised_partition_floor_keeps_the_catch_up_when_the_asked_partitions_carry_it() {
    let cat = catalog();
    let q = |parts: &'static str| [("mbps", "300"), ("size", "1024"), ("rf", "3"), ("retention_h", "24"), ("fanout", "2"), ("partitions", parts)];
    let few = run(&cat, &q("18"));
    let many = run(&cat, &q("60"));
    for s in [SystemId::Kafka, SystemId::Pulsar, SystemId::Rocketmq] {
        let (a, b) = (cand(&few, s).plan.partition_advice.as_ref(), cand(&many, s).plan.partition_advice.as_ref());
        let (Some(a), Some(b)) = (a, b) else { continue };
        assert_eq!(a.at_least, b.at_least, "{s:?}: at least {} at 18 asked, {} at 60 asked: {:?} / {:?}", a.at_least, b.at_least, a.reasons, b.reasons);
        if a.planned > 18 {
            // The plan took more than asked for the catch-up: the floor says so at 60 too.
            assert!(b.at_least >= a.planned.min(60), "{s:?}: planned {} at 18, floor {} at 60", a.planned, b.at_least);
            assert!(b.reasons.iter().any(|r| r.starts_with("catch-up")), "{s:?}: {:?}", b.reasons);
        }
    }
    let k = cand(&few, SystemId::Kafka).plan.partition_advice.as_ref().expect("advice");
    assert!(k.planned > 18, "the premise: Kafka's plan takes more than 18 for the catch-up ({})", k.planned);
}

/// A stop-40 reviewer: RocketMQ at 200 MB/s with an 8 ms objective expects 4.6 ms,
/// read below its lightest measured load (9.00 ms at 50 %), and its warning said "the
/// curve's floor is above it" beside a 2.87 ms floor. What is above it is the lightest
/// measured load's figure, and the lever says so.
#[test]
fn an_objective_missed_only_at_the_lightest_load_does_not_blame_the_floor() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "200"), ("size", "1024"), ("rf", "3"), ("retention_h", "72"), ("fanout", "3"), ("p99_ms", "8")]);
    let r = cand(&p, SystemId::Rocketmq);
    assert!(r.plan.p99.as_ref().is_some_and(|e| e.ms <= 8.0) && r.plan.objective_unshown.is_some(), "the premise: {:?}", r.plan.p99);
    let w = r.plan.warnings.iter().find(|w| w.kind == "objective").map(|w| w.text.clone()).unwrap_or_default();
    assert!(!w.contains("floor is above it"), "{w}");
    if w.contains("a partition or fewer per node") {
        assert!(w.contains("the lightest measured load reads above it"), "{w}");
    }
}

/// A stop-40 reviewer: on Kreps' HDD machine with per-message durability, RocketMQ
/// (sync flush ×0.50, seed 000's, not split by disk) beat Kafka (per-message fsync
/// ×0.025, measured on cloud volumes) 18 machines to 52 on that gap alone, unsaid.
/// The plan says it; on SSD, where RocketMQ's factor comes from, it says nothing.
#[test]
fn rocketmq_sync_flush_on_slow_disks_says_it_was_not_measured_there() {
    let cat = catalog();
    let said = |hw: &'static str| {
        let p = run(&cat, &[("mbps", "200"), ("size", "1024"), ("retention_h", "1"), ("fanout", "1"), ("durability", "fsync"), ("hw", hw)]);
        cand(&p, SystemId::Rocketmq).plan.warnings.iter().find(|w| w.text.starts_with("RocketMQ: sync flush is taken at")).map(|w| w.text.clone())
    };
    let hdd = said("kreps2014-6c-6hdd").expect("said on HDD");
    assert!(hdd.contains("×0.50 whatever the disk") && hdd.contains("disks of kind hdd") && hdd.contains("×0.025"), "{hdd}");
    assert_eq!(said("seed000-8c16g"), None);
}

/// A stop-40 tester read "Kafka 12.8 machine-equivalents vs the cheapest Kafka 12.8":
/// where the tree's choice is the cheapest, the cost step says so, with no comparison
/// of a system with itself.
#[test]
fn the_cost_step_never_compares_a_system_with_itself() {
    let cat = catalog();
    let mut cheapest_said = 0;
    for q in [&[("mbps", "300"), ("needs", "tiered")][..], &[("mbps", "100")], &[("mbps", "50"), ("kind", "business")], &[("mbps", "600"), ("zones", "3")]] {
        let p = run(&cat, q);
        for s in p.decision_path.iter().filter(|s| s.id == "cost") {
            for sys in SystemId::ALL {
                assert!(!s.answer.contains(&format!("vs the cheapest {}", sys.name())) || !s.answer.starts_with(&format!("{} ", sys.name())), "{q:?}: {}", s.answer);
            }
            cheapest_said += usize::from(s.outcome.starts_with("the cheapest kept candidate"));
        }
    }
    assert!(cheapest_said > 0, "the premise: some workload's choice is the cheapest");
}

/// A stop-40 tester: 3 zones with a node price and no zone price gave a monthly cost
/// without the zones' traffic (467 MB/s, about 1.2 PB a month), unsaid. It is said; with
/// a zone price it is priced and not said.
#[test]
fn a_cost_without_the_zones_traffic_says_so() {
    let cat = catalog();
    let said = |q: &[(&str, &str)]| cand(&run(&cat, q), SystemId::Kafka).plan.warnings.iter().find(|w| w.kind == "cost" && w.text.contains("TB a month of cross-zone traffic")).map(|w| w.text.clone());
    let w = said(&[("mbps", "300"), ("zones", "3"), ("node_cost", "1000")]).expect("said");
    assert!(w.contains("give zone_cost"), "{w}");
    assert_eq!(said(&[("mbps", "300"), ("zones", "3"), ("node_cost", "1000"), ("zone_cost", "0.02")]), None);
    assert_eq!(said(&[("mbps", "300"), ("node_cost", "1000")]), None, "one zone: no traffic between zones");
    // Object storage left unpriced is said too (a stop-41 tester).
    let object = |q: &[(&str, &str)]| cand(&run(&cat, q), SystemId::Kafka).plan.warnings.iter().find(|w| w.kind == "cost" && w.text.contains("TB in object storage")).map(|w| w.text.clone());
    let q = [("mbps", "300"), ("retention_h", "168"), ("needs", "tiered"), ("zones", "2"), ("node_cost", "1000")];
    assert!(object(&q).expect("said").contains("give object_cost (per TB-month)"));
    assert!(said(&q).is_some(), "and the zones' traffic beside it");
    assert_eq!(object(&[("mbps", "300"), ("retention_h", "168"), ("needs", "tiered"), ("node_cost", "1000"), ("object_cost", "23")]), None);
    assert_eq!(object(&[("mbps", "300"), ("retention_h", "168"), ("needs", "tiered")]), None, "no price asked");
}

/// A stop-40 tester: the page said a drain ends "never, at the lowest measured
/// catch-up rate" while the API carried `never_drains: false` and a `null` time at
/// the low end, which JSON cannot tell from "not computed". The low end says so too.
#[test]
fn a_drain_that_never_ends_at_the_low_rate_says_so_in_the_json() {
    let cat = catalog();
    let mut seen = false;
    for mbps in ["50", "100", "300"] {
        let p = run(&cat, &[("mbps", mbps)]);
        for c in &p.candidates {
            let Some(d) = c.plan.drain.as_ref() else { continue };
            assert_eq!(d.never_drains_at_low, !d.seconds_at_low.is_finite(), "{:?}", c.system);
            assert_eq!(d.never_drains, !d.seconds.is_finite(), "{:?}", c.system);
            let json = serde_json::to_value(d).expect("json");
            assert_eq!(json["never_drains_at_low"], d.never_drains_at_low);
            seen |= d.never_drains_at_low && !d.never_drains;
        }
    }
    assert!(seen, "the premise: some plan drains at the expected rate but never at the lowest");
}

/// A plan's caveats come ranked by what they change (`capacity::plan::caveat_rank`):
/// data loss and disks too small before the objective and zones, those before how
/// far it reads past the measured, the model's standing assumptions last (a stop-40
/// tester found them in no order).
#[test]
fn caveats_come_ranked_by_what_they_change() {
    let cat = catalog();
    for q in [
        &[("mbps", "300"), ("fanout", "2")][..],
        &[("mbps", "200"), ("rf", "1"), ("zones", "2"), ("size", "1000000"), ("p99_ms", "5")][..],
        &[("mbps", "900"), ("retention_h", "720"), ("disk_tb", "0.1"), ("node_cost", "100"), ("zone_cost", "0.02")][..],
    ] {
        let p = run(&cat, q);
        let ranks: Vec<(u8, &str)> = p.warnings.iter().map(|w| (capacity::plan::caveat_rank(&w.kind), w.kind.as_str())).collect();
        assert!(ranks.windows(2).all(|x| x[0].0 <= x[1].0), "{q:?}: {ranks:?}");
        assert!(ranks.len() >= 3, "{q:?}: a plan with something to rank: {ranks:?}");
    }
    let p = run(&cat, &[("mbps", "200"), ("rf", "1"), ("size", "1000000")]);
    let at = |kind: &str| p.warnings.iter().position(|w| w.kind == kind).unwrap_or_else(|| panic!("{kind}: {:?}", p.warnings));
    assert!(at("data_loss") < at("extrapolation"), "RF 1's data loss before the size read past the measured");
    // Zones add a round trip no run measured: said, beside a p99, and not in one zone.
    let zoned = |zones: &str| run(&cat, &[("mbps", "100"), ("zones", zones)]).warnings.into_iter().filter(|w| w.text.contains("the p99 is from runs inside one zone")).count();
    assert_eq!((zoned("1"), zoned("3")), (0, 1));
}

/// A stop-41 reviewer typed i3en.2xlarge's figures without naming a preset and was
/// planned with seed 000's CPU correction, "measured on this machine class
/// (s000-3x8c16g)". Hardware typed without a preset is the user's own machine: no
/// class is carried to it; a named preset keeps its class with its cores changed.
#[test]
fn typed_hardware_is_not_seed_000s_machine() {
    let cat = catalog();
    let typed = [("mbps", "300"), ("size", "100"), ("retention_h", "1"), ("cores", "8"), ("ram_gb", "68.7"), ("disk", "nvme"), ("disks", "2"), ("disk_mbps", "327"), ("disk_tb", "2.5"), ("nic_gbps", "25")];
    let class_words = |p: &Plan| p.candidates.iter().flat_map(|c| &c.plan.warnings).chain(&p.warnings).filter(|w| w.text.contains("on this machine class")).count();
    assert_eq!(class_words(&run(&cat, &typed)), 0, "no class on the user's own machine");
    assert!(class_words(&run(&cat, &[("mbps", "300"), ("size", "100"), ("retention_h", "1"), ("hw", "seed000-8c16g"), ("cores", "16")])) > 0, "a named preset keeps its class");
    assert!(class_words(&run(&cat, &[("mbps", "300"), ("size", "100"), ("retention_h", "1")])) > 0, "the default machine untouched keeps its class");
}

/// `local_retention_h=0` planned brokers and bookies with 0 GB of disk (a stop-41
/// reviewer): what each system never moves off its disks stays — Kafka's active
/// segments, Pulsar's 4 h offload deletion lag, RocketMQ's CommitLog file — and the
/// plan says it raised the hours. A local retention above the floor is kept as given.
#[test]
fn tiered_storage_never_plans_empty_disks() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "200"), ("retention_h", "168"), ("team", "dedicated"), ("needs", "tiered"), ("local_retention_h", "0")]);
    for s in [SystemId::Kafka, SystemId::Pulsar, SystemId::Rocketmq] {
        let c = cand(&p, s);
        assert!(c.plan.storage.retained_bytes > 0.0 && c.plan.storage.local_hours > 0.0, "{s:?}: {:?}", c.plan.storage);
        assert!(c.plan.warnings.iter().any(|w| w.text.contains("local_retention_h raised to")), "{s:?}: {:#?}", c.plan.warnings);
    }
    // Pulsar's floor is the 4 h deletion lag; Kafka's 24 active 1 GiB segments at 200 MB/s.
    assert!((cand(&p, SystemId::Pulsar).plan.storage.local_hours - 4.0).abs() < 1e-9);
    let planned = cand(&p, SystemId::Kafka).plan.partition_advice.as_ref().map_or(24, |a| a.planned);
    // (As stored: each 1,024 B message with its record's 7 B.)
    let kafka_h = f64::from(planned) * 1_073_741_824.0 / (200e6 * 1031.0 / 1024.0) / 3600.0;
    assert!((cand(&p, SystemId::Kafka).plan.storage.local_hours - kafka_h).abs() < 1e-9, "{}", cand(&p, SystemId::Kafka).plan.storage.local_hours);
    let kept = run(&cat, &[("mbps", "200"), ("retention_h", "168"), ("team", "dedicated"), ("needs", "tiered"), ("local_retention_h", "6")]);
    assert_eq!(cand(&kept, SystemId::Pulsar).plan.storage.local_hours, 6.0);
    assert!(kept.candidates.iter().all(|c| c.plan.warnings.iter().all(|w| !w.text.contains("local_retention_h raised to"))));
}

/// A record's own fields are not compressed with its payload (a stop-41 reviewer):
/// RocketMQ at 200 MB/s of 1,024 B, compressed 20×, stores 51.2 B of payload and
/// 111 B of CommitLog fields and ConsumeQueue entry per message — 195,313 msg/s ×
/// 162.2 B × 86,400 s × RF 3 ≈ 8.21 TB a day, not 2.87 TB.
#[test]
fn record_fields_are_stored_uncompressed() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "200"), ("compression", "20")]);
    let retained = cand(&p, SystemId::Rocketmq).plan.storage.retained_bytes;
    let expected = 200e6 / 1024.0 * (1024.0 / 20.0 + 111.0) * 86_400.0 * 3.0;
    assert!((retained / expected - 1.0).abs() < 1e-6, "{retained} vs {expected}");
}

/// A transactional must-have without its share (txn_pct) is sized as plain sends; with
/// an objective the plan says so among the first caveats, with the p99 factor 1 % of
/// them would bring, and a share given as 0 is not "not given" (a stop-41 tester).
#[test]
fn a_transactional_share_not_given_says_what_it_would_do_to_the_objective() {
    let cat = catalog();
    let q = [("msgs", "50000"), ("size", "200"), ("kind", "business"), ("needs", "transactions,delay"), ("p99_ms", "20")];
    let p = run(&cat, &q);
    let at = p.warnings.iter().position(|w| w.text.contains("share is not given")).unwrap_or_else(|| panic!("{:#?}", p.warnings));
    assert!(p.warnings[at].text.contains("the p99 checked is ×"), "{}", p.warnings[at].text);
    assert!(p.warnings[..at].iter().all(|w| capacity::plan::caveat_rank(&w.kind) <= 3), "ranked with the objective: {:#?}", p.warnings);
    let zero: Vec<(&str, &str)> = q.iter().copied().chain([("txn_pct", "0")]).collect();
    assert!(run(&cat, &zero).warnings.iter().all(|w| !w.text.contains("share is not given")));
}

/// The durability factors were fitted on produce throughput (acks=1 ×1.63 from
/// StreamNative's disk-bound pairs; RocketMQ's sync flush ×0.5 from seed 000 §2.5), so they
/// speed or slow the producers' CPU, not a catch-up read's. RocketMQ at 2 M msg/s × 100
/// B with 3 groups draining a 1 h backlog in 15 min binds its drain on the brokers' CPU,
/// where reads are half a replica write: the drain's node count moves with durability
/// by the produce share only, less than the CPU bound (all produce) moves. Before stop
/// 42 the factor scaled the reads too: sync flush took the drain from 81 to 161 nodes,
/// ×1.99 beside the CPU bound's ×2.00 (a stop-41 reviewer: acks=1 drained faster).
#[test]
fn durability_moves_a_drain_by_the_produce_share_only() {
    let cat = catalog();
    let bounds = |d: &str| {
        let p = run(&cat, &[("msgs", "2000000"), ("size", "100"), ("retention_h", "1"), ("drain_min", "15"), ("fanout", "3"), ("durability", d)]);
        let r = cand(&p, SystemId::Rocketmq);
        let at = |k: BoundKind| r.plan.bounds.iter().find(|b| b.kind == k).map(|b| b.nodes).expect("bound");
        assert!(r.plan.bounds.iter().any(|b| b.kind == BoundKind::Drain && b.detail.contains("binds on the brokers' CPU")), "premise: {:?}", r.plan.bounds);
        (at(BoundKind::Cpu), at(BoundKind::Drain))
    };
    let (cpu, drain) = bounds("replicated");
    for d in ["fsync", "leader"] {
        let (c, n) = bounds(d);
        let (cpu_ratio, drain_ratio) = (c / cpu, n / drain);
        assert!((cpu_ratio - 1.0).abs() > 0.15, "premise: {d} moves the CPU bound ({cpu_ratio})");
        // Between no move and the CPU bound's whole move, and well short of the latter.
        assert!((drain_ratio - 1.0) * (cpu_ratio - 1.0) > 0.0, "{d}: drain ×{drain_ratio} against CPU ×{cpu_ratio}");
        assert!((drain_ratio - 1.0).abs() < (cpu_ratio - 1.0).abs() * 0.8, "{d}: drain ×{drain_ratio} against CPU ×{cpu_ratio}");
    }
}

/// Retention deletes closed segments only, each once its newest record is past it: the
/// oldest record kept is retention + one segment's span old (up to 1 GiB a partition,
/// rolled after 168 h at most). A stop-42 reviewer: 20 MB/s kept 6 h over 3,000
/// partitions on i3en.2xlarge planned 4 brokers and 746 GB each, while each partition's
/// segment fills in 3,000 × 1,073,741,824 B ÷ (20 MB/s × 1,031 ÷ 1,024, each 1,024 B
/// message stored with its record's 7 B) = 44.4 h; a stop-43 fix: the disks keep
/// 6 + 44.4 = 50.4 h, not the larger of the two (10.96 TB at RF 3, +20 %, ≤ 70 % fill →
/// 18.8 TB raw ÷ 5 TB = 3.8 → 5 brokers). A 0 h retention keeps the open segments too,
/// not 0 GB.
#[test]
fn kafka_keeps_each_partitions_open_segment_past_the_retention() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "20"), ("retention_h", "6"), ("partitions", "3000"), ("fanout", "2"), ("hw", "aws-i3en.2xlarge")]);
    let k = cand(&p, SystemId::Kafka);
    let hours = 6.0 + 3000.0 * 1_073_741_824.0 / (20e6 * 1031.0 / 1024.0) / 3600.0;
    assert!((k.plan.storage.local_hours - hours).abs() < 1e-6, "{:?}", k.plan.storage);
    assert!((k.plan.storage.retained_bytes / (20e6 * 1031.0 / 1024.0 * hours * 3600.0 * 3.0) - 1.0).abs() < 1e-6, "{:?}", k.plan.storage);
    assert!(role(k, "broker") >= 5, "{:?}", k.plan.roles);
    assert!(k.plan.warnings.iter().any(|w| w.text.contains("the disks keep 50.4 h, past the 6 h retention")), "{:#?}", k.plan.warnings);
    // Rolled after 168 h whatever its size: 1 MB/s over 3,000 partitions would take 895 h.
    let slow = run(&cat, &[("mbps", "1"), ("retention_h", "6"), ("partitions", "3000"), ("hw", "aws-i3en.2xlarge")]);
    assert_eq!(cand(&slow, SystemId::Kafka).plan.storage.local_hours, 174.0);
    let none = run(&cat, &[("mbps", "100"), ("retention_h", "0")]);
    assert!(cand(&none, SystemId::Kafka).plan.disk_per_node_gb > 1.0, "{}", cand(&none, SystemId::Kafka).plan.disk_per_node_gb);
    // A segment's span under 1 % of the retention is left inside the head-room.
    let usual = run(&cat, &[("mbps", "50"), ("retention_h", "24")]);
    assert_eq!(cand(&usual, SystemId::Kafka).plan.storage.local_hours, 24.0);
}

/// The partition advice drains at the lowest measured catch-up rate too (a stop-42
/// tester: the default plan said "16.1 min (never, at the lowest measured catch-up
/// rate)" beside "at least 7 advised" for the catch-up, which did not mend it). Kafka's
/// lowest measured per-partition catch-up is seed 000's (10 M messages over 24
/// partitions in 182 s: 2,289 msg/s a partition warm, 1,603 cold); 48,828 msg/s × 1.2 ÷
/// its cold and page-cache mix (≈ 1,633) = 36. Planned on the advised count, the backlog
/// drains at the low end as well.
#[test]
fn the_partition_advice_drains_at_the_lowest_measured_rate() {
    let cat = catalog();
    for q in [vec![], vec![("mbps", "120"), ("size", "2048"), ("fanout", "3"), ("retention_h", "72"), ("zones", "3"), ("hw", "aws-i3en.2xlarge")]] {
        let p = run(&cat, &q);
        let k = cand(&p, SystemId::Kafka);
        assert!(k.plan.drain.as_ref().is_some_and(|d| d.never_drains_at_low), "premise: {:?}", k.plan.drain);
        let a = k.plan.partition_advice.as_ref().expect("advice");
        assert!(a.reasons.iter().any(|r| r.contains(" at the lowest measured: ")), "{:?}", a.reasons);
        let advised = a.at_least.to_string();
        let mut q2 = q.clone();
        q2.push(("partitions", &advised));
        let p2 = run(&cat, &q2);
        let d = cand(&p2, SystemId::Kafka).plan.drain.clone().expect("drain");
        assert!(!d.never_drains_at_low && d.seconds_at_low.is_finite(), "{advised} partitions: {d:?}");
    }
}

/// Seed 001's P99.9-under-backlog grid was measured at its own durability and message
/// size: where a plan's p99 is not measured there, neither is its P99.9 under backlog (a
/// stop-42 tester read ≈ 58 ms for RocketMQ with fsync from async-flush runs; a reviewer
/// 63.1 ms for Kafka at 1 MiB from a 1 KB grid). Where the p99 is measured it stays.
#[test]
fn no_p999_under_backlog_where_the_p99_is_not_measured() {
    let cat = catalog();
    for (q, s) in [(vec![("msgs", "5000"), ("size", "512"), ("durability", "fsync")], SystemId::Rocketmq), (vec![("mbps", "500"), ("size", "1048576"), ("partitions", "64")], SystemId::Kafka)] {
        let p = run(&cat, &q);
        let c = cand(&p, s);
        assert!(c.plan.p99.is_none(), "premise: {q:?} has no p99 for {s:?}");
        assert!(c.plan.p999_backlog.is_none(), "{q:?}: {:?}", c.plan.p999_backlog);
        assert!(c.plan.warnings.iter().any(|w| w.text.contains("no P99.9 under the outage backlog")), "{:#?}", c.plan.warnings);
    }
    let p = run(&cat, &[]);
    assert!(cand(&p, SystemId::Kafka).plan.p99.is_some() && cand(&p, SystemId::Kafka).plan.p999_backlog.is_some());
}

/// Leader-only acknowledgement says what it loses, as RF 1 does (a stop-42 reviewer
/// read only its speed factors): Kafka's acks=1, RocketMQ's async replication,
/// Pulsar's ack quorum 1. Pravega always acks durably; replicated durability is silent.
#[test]
fn leader_only_acks_say_what_they_lose() {
    let cat = catalog();
    let p = run(&cat, &[("durability", "leader"), ("team", "dedicated")]);
    for (s, how) in [(SystemId::Kafka, "acks=1"), (SystemId::Rocketmq, "async replication"), (SystemId::Pulsar, "ack quorum 1")] {
        let c = cand(&p, s);
        assert!(c.plan.warnings.iter().any(|w| w.kind == "data_loss" && w.text.contains(how) && w.text.contains("is lost")), "{s:?}: {:#?}", c.plan.warnings);
    }
    assert!(cand(&p, SystemId::Pravega).plan.warnings.iter().all(|w| w.kind != "data_loss"));
    let r = run(&cat, &[]);
    assert!(r.candidates.iter().all(|c| c.plan.warnings.iter().all(|w| w.kind != "data_loss")));
}

/// A count set by a disk or NIC figure the preset's source does not state says so and
/// names the field that replaces it (a stop-42 reviewer: seed 000 states no disks, yet
/// the default plan's "disk capacity (retention)" rested on an assumed 2 × 4 TB,
/// unsaid). A figure typed over the preset's, or a preset whose figures are stated,
/// is silent.
#[test]
fn a_count_set_by_an_assumed_preset_figure_says_so() {
    let cat = catalog();
    let said = |q: &[(&str, &str)]| {
        let p = run(&cat, q);
        let k = cand(&p, SystemId::Kafka);
        (k.plan.bottleneck, k.plan.warnings.iter().find(|w| w.kind == "hint" && w.text.contains("which its source does not state")).map(|w| w.text.clone()))
    };
    let (b, t) = said(&[]);
    assert_eq!(b, BoundKind::Storage, "premise");
    assert!(t.as_deref().is_some_and(|t| t.contains("disk size") && t.contains("give disk_tb and disks")), "{t:?}");
    assert_eq!(said(&[("disk_tb", "8")]).1, None, "typed over");
    let (b, t) = said(&[("hw", "aws-i3en.2xlarge"), ("retention_h", "168")]);
    assert_eq!((b, t), (BoundKind::Storage, None), "i3en.2xlarge's disks come from its instance spec");
}

/// Kafka's acks=all waits for the in-sync replicas, not a majority: the zone warning
/// names the min.insync.replicas it assumes (a stop-42 reviewer: RF 2 over 3 zones
/// with min.insync.replicas=1 keeps writing after a zone's loss). Pulsar's ack quorum
/// is a quorum and says nothing of it.
#[test]
fn kafkas_zone_warning_names_the_min_insync_replicas_it_assumes() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("zones", "3"), ("rf", "2"), ("partitions", "48"), ("team", "dedicated")]);
    let said = |s: SystemId| cand(&p, s).plan.warnings.iter().find(|w| w.kind == "zones" && w.text.contains("puts 1 of some")).or_else(|| cand(&p, s).plan.warnings.iter().find(|w| w.kind == "zones" && w.text.contains("fewer than the 2"))).map(|w| w.text.clone());
    let k = said(SystemId::Kafka).expect("Kafka's zone warning");
    assert!(k.contains("(min.insync.replicas=2 assumed; set to 1, acks=all writes go on with only the copies left in sync)"), "{k}");
    assert!(said(SystemId::Pulsar).is_some_and(|t| !t.contains("min.insync")));
}

/// Where every candidate breaks a constraint and one past the node cap would fit with
/// tiered storage, the ranking says so (a stop-42 reviewer: 20,000 MB/s kept 720 h
/// recommended Pravega against team=none, Kafka "past the node cap" while its own
/// hint fitted it on 1,123 machines with `tiered`).
#[test]
fn a_candidate_past_the_cap_that_tiered_storage_fits_says_so() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "20000"), ("retention_h", "720"), ("partitions", "20000"), ("fanout", "3")]);
    let last = p.decision_path.last().expect("path");
    assert!(last.outcome.contains("Kafka is past the node cap (with tiered storage it fits: its hint says on how many)"), "{last:?}");
    assert!(cand(&p, SystemId::Kafka).plan.warnings.iter().any(|w| w.kind == "hint" && w.text.contains("with tiered storage keeping")), "premise");
}

/// The cost step's "cheapest" is the cheapest of those it compares: with a cheaper
/// candidate set aside as never draining it says "the cheapest that drains" (a stop-42
/// reviewer read "the cheapest Kafka 97,899" beside Pravega kept at 73,307).
#[test]
fn the_cost_step_names_the_cheapest_of_what_it_compares() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "300"), ("zones", "3"), ("node_cost", "1200"), ("zone_cost", "0.02"), ("object_cost", "23"), ("needs", "tiered"), ("retention_h", "336"), ("partitions", "120"), ("hw", "aws-i3en.2xlarge"), ("team", "dedicated")]);
    let step = p.decision_path.iter().find(|s| s.question.contains("cheapest")).expect("cost step");
    // RocketMQ since stop 43 (its storage keeps no spare node: 97,847 against Kafka's 97,899).
    assert!(step.answer.contains("vs the cheapest that drains, RocketMQ"), "{step:?}");
    let cheaper = p.candidates.iter().filter(|c| c.system != SystemId::Rocketmq).any(|c| c.plan.monthly_cost < cand(&p, SystemId::Rocketmq).plan.monthly_cost);
    assert!(cheaper, "premise: a cheaper candidate was set aside");
}

/// A must-have supported only in part says what the part lacks, from the feature
/// matrix (a stop-42 tester read Pulsar's "partial" transactions unexplained).
#[test]
fn partial_support_says_what_it_lacks() {
    let cat = catalog();
    let p = run(&cat, &[("msgs", "5000"), ("kind", "business"), ("needs", "transactions"), ("team", "dedicated")]);
    let reasons = cand(&p, SystemId::Pulsar).reasons.join("; ");
    assert!(reasons.contains("only partial support for transactional messages (general knowledge: transactions since 2.8"), "{reasons}");
    assert!(reasons.contains("no check-back style transactional messages)"), "{reasons}");
}

/// RocketMQ's masters serve every read and send every copy; its slaves, on machines of
/// their own as the plan lays them out, only take the copies in (000 §1.4's master →
/// slave diagram). A stop-43 reviewer: 100 MB/s read by 10 groups on 1 Gbit/s NICs
/// planned 15 machines (5 masters) "at 64 % of the NIC", where each master sends
/// 100 ÷ 5 × (10 + RF 3 − 1) = 240 MB/s on 125. The network bound now counts the
/// masters' outgoing traffic RF × in machine terms: 100 × 3 × 12 ÷ (125 × 70 %) =
/// 41.1 machines, and no master sends past 70 % of its NIC.
#[test]
fn rocketmq_masters_carry_the_outgoing_copies() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("fanout", "10"), ("kind", "business"), ("needs", "delay"), ("cores", "64"), ("nic_gbps", "1"), ("retention_h", "1")]);
    let r = cand(&p, SystemId::Rocketmq);
    let net = r.plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!((net.nodes - 100.0 * 3.0 * 12.0 / (125.0 * 0.7)).abs() < 1e-6, "{}: {}", net.nodes, net.detail);
    assert!(net.detail.contains("all of it from the masters, 1 in RF 3 machines: × 3"), "{}", net.detail);
    let masters = role(r, "broker-master");
    assert_eq!(masters * 3, r.plan.data_nodes, "{:?}", r.plan.roles);
    let per_master_out = 100.0 / f64::from(masters) * 12.0;
    assert!(per_master_out <= 125.0 * 0.7, "{per_master_out} MB/s out of each of {masters} masters");
    assert!((r.plan.utilisation.network - per_master_out / 125.0).abs() < 1e-9, "{:?}", r.plan.utilisation);
    // The masters' CPU is the fit's: it took Huawei's master-and-standbys runs as an
    // even spread, so the CPU bound is not raised again (a stop-43 reviewer).
    let cpu = cand(&p, SystemId::Rocketmq).plan.bounds.iter().find(|b| b.kind == BoundKind::Cpu).cloned().expect("cpu bound");
    assert!(!cpu.detail.contains("the masters"), "{}", cpu.detail);
    // Kafka's partitions each have a leader on every broker: nothing changes there.
    let k = cand(&p, SystemId::Kafka).plan.bounds.iter().find(|b| b.kind == BoundKind::Network).expect("network bound");
    assert!((k.nodes - 100.0 * 12.0 / (125.0 * 0.7)).abs() < 1e-6, "{}", k.detail);
}

/// A drain at transactional sends charges the producers' CPU as the CPU bound does
/// (a stop-43 reviewer: 100 % transactions, × 4.00 on the CPU bound, drained as at
/// none on the same 18 machines). The drain's CPU headroom is what the producers
/// leave, so the bound grows with their cost.
#[test]
fn a_drain_charges_transactional_sends_as_the_cpu_bound_does() {
    let cat = catalog();
    let base = [("msgs", "200000"), ("size", "100"), ("kind", "business"), ("needs", "transactions"), ("drain_min", "15"), ("outage_h", "1"), ("fanout", "4"), ("retention_h", "6")];
    let drain = |extra: &[(&'static str, &'static str)]| {
        let q: Vec<(&str, &str)> = base.iter().copied().chain(extra.iter().copied()).collect();
        let p = run(&cat, &q);
        cand(&p, SystemId::Rocketmq).plan.bounds.iter().find(|b| b.kind == BoundKind::Drain).map(|b| b.nodes).expect("drain bound")
    };
    let (plain, txn) = (drain(&[]), drain(&[("txn_pct", "100")]));
    assert!(txn > plain, "{txn} data nodes with transactions against {plain} without");
}

/// Storage keeps a spare node only where a machine lost for good has its copies
/// re-made on the rest (a stop-43 reviewer). RocketMQ's groups never copy across
/// groups, so on 8.5 TB disks its 50.4 TB raw fits 6 machines (⌈5.93⌉, 2 groups),
/// not 3 groups; Kafka at RF 1 keeps 100 MB/s × 168 h on ⌈13.05⌉ = 14 brokers, not
/// 15. The count says no spare was added; Kafka at RF 3 keeps its +1.
#[test]
fn storage_keeps_a_spare_node_only_where_copies_are_re_made() {
    let cat = catalog();
    let p = run(&cat, &[("msgs", "100000"), ("kind", "business"), ("hw", "huawei-dms-rmq48-8u16g"), ("disk_tb", "8.5"), ("fanout", "0")]);
    let r = cand(&p, SystemId::Rocketmq);
    let storage = r.plan.bounds.iter().find(|b| b.kind == BoundKind::Storage).expect("storage").nodes;
    assert!((5.0..6.0).contains(&storage), "premise: {storage}");
    assert_eq!((r.plan.bottleneck, r.plan.data_nodes), (BoundKind::Storage, 6), "{:?}", r.plan.bounds);
    assert!(r.plan.count_words().contains("no spare added"), "{}", r.plan.count_words());
    assert!(r.plan.disk_per_node_gb <= 8500.0, "{}", r.plan.disk_per_node_gb);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.data_nodes, (k.plan.bounds.iter().find(|b| b.kind == BoundKind::Storage).expect("storage").nodes.ceil() as u32) + 1, "{:?}", k.plan.bounds);
    let p = run(&cat, &[("mbps", "100"), ("rf", "1"), ("retention_h", "168")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!((k.plan.bottleneck, k.plan.data_nodes), (BoundKind::Storage, 14), "{:?}", k.plan.bounds);
    assert!(k.plan.roles.iter().any(|r| r.role == "broker" && r.note.contains("with no spare: a lost node")), "{:?}", k.plan.roles);
    // Nor where storage needs no more machines than copies: at RF 3, 50 MB/s kept 18 h
    // is a 2.1-node storage bound, and a 4th broker holds nothing a loss would need.
    let p = run(&cat, &[("mbps", "50"), ("fanout", "1"), ("retention_h", "18")]);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!((k.plan.bottleneck, k.plan.data_nodes), (BoundKind::Storage, 3), "{:?}", k.plan.bounds);
}

/// No consumer group reads, so no backlog builds: no P99.9 under one either (a
/// stop-43 reviewer read 32 ms "under the outage backlog, 360 GB" beside "no consumer
/// group reads → no backlog to drain").
#[test]
fn no_p999_under_backlog_where_no_group_reads() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("fanout", "0"), ("drain_min", "10")]);
    for c in &p.candidates {
        assert!(c.plan.p999_backlog.is_none(), "{:?}: {:?}", c.system, c.plan.p999_backlog);
        assert!(!c.plan.warnings.iter().any(|w| w.text.contains("no P99.9 under the outage backlog")), "{:?}", c.plan.warnings);
    }
    // Nor with no outage: nothing is behind (a stop-43 reviewer read 32 ms "under a
    // 0 GB backlog").
    let none = run(&cat, &[("mbps", "50"), ("fanout", "1"), ("outage_h", "0")]);
    assert!(none.candidates.iter().all(|c| c.plan.p999_backlog.is_none()));
    let read = run(&cat, &[("mbps", "100"), ("fanout", "1"), ("drain_min", "10")]);
    assert!(cand(&read, SystemId::Kafka).plan.p999_backlog.is_some(), "premise: with a reader there is one");
}

/// Pulsar's retention applies to acknowledged messages: a subscription's
/// unacknowledged backlog stays whole (no message TTL or backlog quota by default),
/// so its disks hold the outage and its drain reads all of it (a stop-43 reviewer:
/// 300 MB/s kept 1 h with a 24 h outage stored 3.26 TB and drained 1 h). 300 MB/s ×
/// 24 h × RF 3 × 1,030 ÷ 1,024 (its 6 B of entry fields) = 78.2 TB. Kafka deletes by age whatever was read: its
/// 1 h stays, and it says the messages expire.
#[test]
fn pulsar_keeps_the_unacknowledged_backlog_past_the_retention() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "300"), ("team", "dedicated"), ("needs", "multitenancy"), ("retention_h", "1"), ("outage_h", "24")]);
    let pulsar = cand(&p, SystemId::Pulsar);
    assert_eq!(pulsar.plan.storage.local_hours, 24.0, "{:?}", pulsar.plan.storage);
    let want = 300e6 * 1030.0 / 1024.0 * 24.0 * 3600.0 * 3.0;
    assert!((pulsar.plan.storage.retained_bytes / want - 1.0).abs() < 1e-6, "{} against {want}", pulsar.plan.storage.retained_bytes);
    assert!(pulsar.plan.warnings.iter().any(|w| w.text.contains("unacknowledged messages stay") && w.kind != "data_loss"), "{:#?}", pulsar.plan.warnings);
    let k = cand(&p, SystemId::Kafka);
    assert_eq!(k.plan.storage.local_hours, 1.0, "{:?}", k.plan.storage);
    assert!(k.plan.warnings.iter().any(|w| w.kind == "data_loss" && w.text.contains("messages expire before consumers return")), "{:#?}", k.plan.warnings);
    // Its drain reads the whole outage: longer than the same plan's at a 24 h retention would not be.
    let whole = run(&cat, &[("mbps", "300"), ("team", "dedicated"), ("needs", "multitenancy"), ("retention_h", "24"), ("outage_h", "24")]);
    // With tiered storage the part past the local hours is offloaded, not lost: 50
    // MB/s kept 12 h with a 24 h outage holds the other 12 h in object storage, one
    // copy (a stop-43 reviewer saw it stored nowhere).
    let t = run(&cat, &[("mbps", "50"), ("fanout", "2"), ("retention_h", "12"), ("outage_h", "24"), ("team", "dedicated"), ("needs", "tiered")]);
    let ts = &cand(&t, SystemId::Pulsar).plan.storage;
    assert!(ts.local_hours + ts.object_bytes / (50e6 * 1030.0 / 1024.0 * 3600.0) >= 24.0 - 1e-6, "{ts:?}");
    let (a, b) = (pulsar.plan.drain.as_ref().expect("drain"), cand(&whole, SystemId::Pulsar).plan.drain.as_ref().expect("drain"));
    assert!((a.backlog_messages - b.backlog_messages).abs() < 1e-6 * b.backlog_messages && a.backlog_messages > 0.0, "{a:?} against {b:?}");
}

/// Pravega's latency profiles were measured per segment store, and its segments are
/// owned by them: a plan reads the load on its segment stores, not its bookies (a
/// stop-43 reviewer: 100 MB/s of 1 KB over 2 segment stores and 4 bookies read the p95
/// at 24,414 msg/s "per node", where each store takes 48,828 — 55.8 ms, not 32.5).
#[test]
fn pravegas_latency_is_read_per_segment_store() {
    let cat = catalog();
    let p = run(&cat, &[("mbps", "100"), ("needs", "autoscale"), ("team", "dedicated")]);
    let c = cand(&p, SystemId::Pravega);
    let stores = role(c, "segment-store");
    assert!(stores < role(c, "bookie"), "premise: {:?}", c.plan.roles);
    let why = c.plan.objective_unshown.clone().or_else(|| c.plan.warnings.iter().find(|w| w.text.contains("p95 measured")).map(|w| w.text.clone())).unwrap_or_default();
    let per_store = capacity::units::Num(100e6 / 1024.0 / f64::from(stores)).to_string();
    assert!(why.contains(&format!("at {per_store} msg/s per node")), "{per_store}: {why}");
}
