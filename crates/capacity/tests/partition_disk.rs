//! A Kafka partition replica lies in one log dir, so one partition writes at most
//! one disk (Kafka docs, ops.html "Disks and Filesystem"). Expected values: AWS
//! i3en.2xlarge as StreamNative measured it — 2 NVMe disks × 327 MB/s per node
//! (data/corpus/streamnative-omb-2020.yaml, machine aws-i3en.2xlarge); its
//! one-partition Kafka run at acks=1 reached 313,295 msg/s of 1 KB. Each message
//! is written with its record's fields (since stop 38, `factors::record_overhead_bytes`:
//! Kafka 7 B, Pulsar 6 B).

mod common;

use capacity::hardware::Preset;
use capacity::system::{Durability, SystemId};
use capacity::throughput::{Cluster, ThroughputModel, ThroughputSpec};

fn model() -> ThroughputModel {
    ThroughputSpec::default().fit(&common::evidence()).expect("fits")
}

fn disk_bound(m: &ThroughputModel, system: SystemId, partitions: u32) -> f64 {
    let hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    assert_eq!((hw.disks, hw.disk_mbps.0), (2, 327.0), "the preset is StreamNative's machine");
    let c = Cluster::planned(system, 3.0, &hw, 1024.0, 3, Some(partitions), 1, Durability::Replicated);
    let fit = m.system(system).expect("fitted");
    m.bounds(fit, &c).disk.expect("stated disks give a disk bound")
}

#[test]
fn one_kafka_partition_writes_one_disk() {
    let m = model();
    // 327e6 B/s ÷ 1,031 B = 317,168 msg/s; the whole cluster: 3 × 654e6 ÷ (RF 3 × 1,031) = 634,336.
    let one = disk_bound(&m, SystemId::Kafka, 1);
    assert!((one - 317_168.0).abs() < 1.0, "{one}");
    assert!((one / 313_295.0 - 1.0).abs() < 0.05, "within 5 % of StreamNative's one-partition acks=1 run");
    let two = disk_bound(&m, SystemId::Kafka, 2);
    assert!((two - 634_336.0).abs() < 1.0, "two partitions reach both disks: {two}");
    let many = disk_bound(&m, SystemId::Kafka, 100);
    assert!((many - 634_336.0).abs() < 1.0, "{many}");
}

#[test]
fn bookkeeper_systems_keep_the_node_level_disk_bound() {
    let m = model();
    // Pulsar writes journal and entry log (×2): 3 × 654e6 ÷ (3 × 2 × 1,030) = 317,476 at any partition count.
    let one = disk_bound(&m, SystemId::Pulsar, 1);
    let many = disk_bound(&m, SystemId::Pulsar, 100);
    assert!((one - many).abs() < 1e-6 && (many - 317_476.0).abs() < 1.0, "{one} vs {many}");
}

/// A per-message fsync slows the disks a write waits on, not the wire: on Kreps'
/// 2014 machine (6 HDDs, 1 GbE; kreps-linkedin-2014) 43 brokers at 4 KiB and no
/// readers carry 43 × 125 MB/s ÷ (RF 3 × 4,096 B) = 437,419 msg/s on their stated
/// NICs, fsync or not. `predict` had taken the fsync factor (×0.025 off NVMe) on the
/// NIC too and named it the limit at 10,935 msg/s, where the plan's own bounds are
/// the disks (a stop-38 reviewer: 6.6× apart).
#[test]
fn fsync_does_not_slow_a_stated_nic() {
    use capacity::throughput::Resource;
    let m = model();
    let hw = Preset::find("kreps2014-6c-6hdd").expect("preset").hardware();
    let fit = m.system(SystemId::Kafka).expect("fitted");
    let c = Cluster::planned(SystemId::Kafka, 43.0, &hw, 4096.0, 3, Some(83), 0, Durability::Fsync);
    let b = m.bounds(fit, &c);
    assert!(b.nic_stated, "the preset states its NIC");
    assert!((b.nic - 437_419.0).abs() < 1.0, "{}", b.nic);
    assert!(b.durability < 0.1, "fsync off NVMe: {}", b.durability);
    let (bound, msgs) = b.binding();
    assert_eq!(bound, Resource::Disk, "the disks bind, at {msgs}");
    assert!(msgs < b.nic, "the NIC is not the limit: {msgs} vs {}", b.nic);
}
