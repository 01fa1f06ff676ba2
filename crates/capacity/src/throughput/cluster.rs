//! A cluster as the bounds see it: effective cores, disk and NIC bandwidth per node,
//! message size, replicas, partitions, tail readers and durability deviations —
//! built from a run's evidence (filling what the source did not state from
//! [`Assumptions`], and saying so) or from a user's hardware.

use crate::units::text;
use serde::{Deserialize, Serialize};

use super::durability::{deviations, Deviation};
use crate::corpus::{CorpusDisk, Evidence, Flush, Reading, RunWorkload, SyncMode};
use crate::hardware::Hardware;
use crate::system::{DiskKind, Durability, SystemId};

/// Hardware threads per physical core assumed for a user's machine: `cores` is read
/// as what `nproc` shows (vCPUs on a cloud instance), with SMT on (the cloud and
/// server default), as the seeds' "8C16G" machines are read.
pub const THREADS_PER_CORE: u32 = 2;

/// What the model assumes where a source is silent. Each value is ours, stated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Assumptions {
    /// Share of a physical core a second hardware thread (hyper-thread) adds.
    /// 0.25: SMT typically adds 15–30 % on throughput-bound server code (Intel's own
    /// "up to 30 %"); cloud vCPUs are hyper-threads, so 8 vCPUs on 4 cores count as 5.
    pub smt_yield: f64,
    /// Sustained write per disk when unstated, MB/s, by technology (HDD 150, SATA SSD
    /// 450, NVMe 1,500, Optane 2,000: lower datasheet ends, as in `hardware.rs`; EBS gp2
    /// 250 MiB/s per volume = 262 MB/s, its published ceiling; network storage 450).
    /// A machine whose disks are not stated at all gets no disk bound.
    pub disk_mbps: [(CorpusDisk, f64); 7],
    /// NIC when unstated, Gbit/s (10 GbE).
    pub nic_gbps: f64,
    /// Replication factor when unstated (3).
    pub rf: u32,
    /// Linear node scaling's doubt past the largest cluster measured, ln units per
    /// doubling of the node count, toward less capacity and on the CPU bound only
    /// ([`super::NODE_SCALING_WIDENING`], whose value this reports: 0.1; see its doc
    /// for why). Shown so `/api/v1/model` names every assumption a plan rests on.
    #[serde(default = "node_scaling_per_doubling")]
    pub node_scaling_log_per_doubling: f64,
}

/// [`Assumptions::node_scaling_log_per_doubling`]'s value.
fn node_scaling_per_doubling() -> f64 {
    super::NODE_SCALING_WIDENING
}

impl Default for Assumptions {
    fn default() -> Self {
        Assumptions {
            smt_yield: 0.25,
            disk_mbps: [
                (CorpusDisk::Hdd, 150.0),
                (CorpusDisk::Ssd, 450.0),
                (CorpusDisk::Nvme, 1500.0),
                (CorpusDisk::Optane, 2000.0),
                (CorpusDisk::Ebs, 262.0),
                (CorpusDisk::Network, 450.0),
                (CorpusDisk::Unknown, 450.0),
            ],
            nic_gbps: 10.0,
            rf: 3,
            node_scaling_log_per_doubling: super::NODE_SCALING_WIDENING,
        }
    }
}

impl Assumptions {
    /// Default per-disk write MB/s for a technology.
    pub fn disk_default(&self, kind: CorpusDisk) -> f64 {
        self.disk_mbps.iter().find(|(k, _)| *k == kind).map_or(450.0, |(_, v)| *v)
    }
}

fn one_disk() -> f64 {
    1.0
}

/// A cluster under one workload, in the bounds' units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    /// System.
    pub system: SystemId,
    /// Broker / storage machines.
    pub nodes: f64,
    /// Physical cores per node.
    pub cores: f64,
    /// Hardware threads per node.
    pub vcpus: f64,
    /// Disk technology.
    pub disk: CorpusDisk,
    /// Sustained disk write per node, bytes/s (all data disks); None when the
    /// source does not say what the disks were (no disk bound is invented).
    pub disk_bytes_per_s: Option<f64>,
    /// Data disks per node that `disk_bytes_per_s` spans (1 when unstated): where a
    /// partition replica lives on one disk
    /// ([`crate::factors::replica_on_one_disk`]), one partition writes at most one
    /// disk's share, `disk_bytes_per_s / disks`.
    #[serde(default = "one_disk")]
    pub disks: f64,
    /// NIC per node, bytes/s each way.
    pub nic_bytes_per_s: f64,
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Replicas.
    pub rf: f64,
    /// Partitions in total (topics × partitions), when known.
    pub partitions: Option<f64>,
    /// Consumer groups reading the tail alongside the writes.
    pub tail_readers: f64,
    /// Durability settings that differ from the baseline (acks=all, OS flush…).
    pub deviations: Vec<Deviation>,
    /// A measured run's figures its source did not state, filled from
    /// [`Assumptions`] or fitted.
    pub unstated: Vec<Unstated>,
    /// How a planned cluster's preset is read: its cores, a durability planned as the
    /// system's baseline, a disk figure that is a floor ([`PresetReading`]).
    #[serde(default)]
    pub reading: PresetReading,
    /// The machine class ([`super::class_key`]) when the corpus may have measured it:
    /// a run's own machine, or a preset's whose cores were kept.
    #[serde(default)]
    pub machine_class: Option<String>,
    /// The machine class whose own disks these are ([`Cluster::machine_class`] where
    /// the disks are of the preset's own kind, [`crate::hardware::preset_disks`]), for
    /// what runs on that machine showed of the disk bound
    /// ([`super::SystemThroughput::disk_width`]).
    #[serde(default)]
    pub disk_class: Option<String>,
}

/// A figure of a measured run its source did not state ([`Cluster::unstated`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unstated {
    /// Per-disk write, MB/s: the disk kind's default ([`Assumptions::disk_default`]).
    DiskWrite,
    /// Disks per node: one.
    DiskCount,
    /// NIC, Gbit/s: [`Assumptions::nic_gbps`].
    Nic,
    /// Replication factor: [`Assumptions::rf`], never more than the nodes.
    Rf,
    /// Per-disk write fitted from the machine's own disk-bound runs (the runs' source
    /// stated none).
    DiskWriteFitted,
}

impl Unstated {
    /// The corpus field's name, and how it was filled where it was not assumed.
    pub fn label(self) -> &'static str {
        match self {
            Unstated::DiskWrite => "disk_write_mbps",
            Unstated::DiskCount => "disk_count",
            Unstated::Nic => "nic_gbps",
            Unstated::Rf => "rf",
            Unstated::DiskWriteFitted => "disk_write_mbps (fitted from the machine's own runs)",
        }
    }

    /// Whether it is a figure of the disks.
    pub fn is_disk(self) -> bool {
        matches!(self, Unstated::DiskWrite | Unstated::DiskCount | Unstated::DiskWriteFitted)
    }
}

/// How a planned cluster's hardware and durability were read ([`Cluster::planned`]);
/// empty for a measured run's cluster.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PresetReading {
    /// How the preset's cores were read (hardware threads on physical cores).
    pub cores: Option<String>,
    /// A durability setting planned as the system's baseline, in words.
    pub baseline: Option<String>,
    /// The preset's disk figure is a floor a client-bound run wrote, not a limit
    /// ([`crate::hardware::DISK_FIGURE_FLOORS`]): it does not stop the interval's high end.
    pub disk_floor: bool,
}

/// What [`PresetReading::notes`] says of a disk figure that is a floor.
pub const DISK_FLOOR: &str = "the disk figure is a floor: a client-bound run wrote it";

impl PresetReading {
    /// The notes a plan gives beside its own words on cores: the baseline and the floor.
    pub fn plan_notes(&self) -> impl Iterator<Item = String> + '_ {
        self.baseline.iter().cloned().chain(self.disk_floor.then(|| DISK_FLOOR.to_string()))
    }
}

impl Cluster {
    /// Every assumption behind this cluster's figures, in words: the unstated fields,
    /// then how a preset was read.
    pub fn assumption_notes(&self) -> impl Iterator<Item = String> + '_ {
        self.unstated.iter().map(|u| u.label().to_string()).chain(self.reading.cores.clone()).chain(self.reading.plan_notes())
    }

    /// Whether the disks' figures were stated (by the source, the preset or the user).
    pub fn disk_stated(&self) -> bool {
        !self.unstated.iter().any(|u| u.is_disk())
    }

    /// Whether the NIC's figure was stated.
    pub fn nic_stated(&self) -> bool {
        !self.unstated.contains(&Unstated::Nic)
    }

    /// Effective cores per node: physical + `smt_yield` × extra hardware threads.
    pub fn effective_cores(&self, a: &Assumptions) -> f64 {
        self.cores + a.smt_yield * (self.vcpus - self.cores).max(0.0)
    }

    /// A planned cluster: `nodes` machines of `hw`, messages of `size` bytes, `rf`
    /// copies, `partitions`, `fanout` consumer groups reading the tail, `durability`.
    pub fn planned(system: SystemId, nodes: f64, hw: &Hardware, size: f64, rf: u32, partitions: Option<u32>, fanout: u32, durability: Durability) -> Cluster {
        let disk = match hw.disk {
            DiskKind::Hdd => CorpusDisk::Hdd,
            DiskKind::Ssd => CorpusDisk::Ssd,
            DiskKind::Nvme => CorpusDisk::Nvme,
            DiskKind::Optane => CorpusDisk::Optane,
            DiskKind::Ebs => CorpusDisk::Ebs,
            DiskKind::Network => CorpusDisk::Network,
            DiskKind::Unknown => CorpusDisk::Unknown,
        };
        let mut w = RunWorkload { rf: Some(rf), ..RunWorkload::default() };
        // Settings planned as the baseline say so (a stop-32 reviewer found them silent).
        let same_as_baseline = match (system, durability) {
            (SystemId::Pulsar, Durability::Fsync) => Some("fsync is Pulsar's baseline: its bookies sync the journal before acking"),
            (SystemId::Pravega, Durability::Fsync | Durability::Leader) => Some("Pravega writes through BookKeeper's synced journal: planned as its baseline"),
            _ => None,
        };
        match (system, durability) {
            (_, Durability::Replicated) | (SystemId::Pravega, _) => {}
            (SystemId::Kafka, Durability::Leader) => w.acks = Some("1".into()),
            (SystemId::Kafka, Durability::Fsync) => w.flush = Some(Flush::PerMessage),
            (SystemId::Rocketmq, Durability::Fsync) => w.flush = Some(Flush::Sync),
            (SystemId::Rocketmq, Durability::Leader) => w.replication = Some(SyncMode::Async),
            (SystemId::Pulsar, Durability::Leader) => {
                w.write_quorum = Some(rf);
                w.ack_quorum = Some(1);
            }
            // Bookies already fsync the journal before acknowledging (seed 001 FAQ).
            (SystemId::Pulsar, Durability::Fsync) => {}
        }
        // A preset that states its physical cores (Kreps 2014: 6, threads unstated)
        // is read as the corpus fitted it; otherwise 2 threads per core.
        let physical = hw.physical_cores.unwrap_or(hw.cores / THREADS_PER_CORE).clamp(1, hw.cores.max(1));
        let class = crate::hardware::measured_class(hw);
        Cluster {
            system,
            nodes,
            cores: f64::from(physical),
            vcpus: f64::from(hw.cores.max(physical)),
            disk,
            disk_bytes_per_s: Some(hw.disk_write().bytes_per_sec()),
            disks: f64::from(hw.disks.max(1)),
            nic_bytes_per_s: hw.nic_gbps.0 * 1e9 / 8.0,
            message_bytes: size,
            rf: f64::from(rf),
            partitions: partitions.map(f64::from),
            tail_readers: f64::from(fanout),
            deviations: deviations(system, &w, disk),
            unstated: Vec::new(),
            reading: PresetReading {
                cores: Some(match hw.physical_cores {
                    Some(p) => text!("{} hardware threads on {p} physical cores, as the preset's source states", hw.cores),
                    None => text!("{} cores read as hardware threads ({THREADS_PER_CORE} per physical core)", hw.cores),
                }),
                baseline: same_as_baseline.map(str::to_string),
                disk_floor: crate::hardware::disk_figure_is_floor(hw),
            },
            machine_class: class.map(str::to_string),
            disk_class: class.filter(|_| crate::hardware::preset_disks(hw)).map(str::to_string),
        }
    }

    /// The cluster a run was measured on; None when nodes, cores or size are unknown.
    pub fn of_run(e: &Evidence, a: &Assumptions) -> Option<Cluster> {
        let m = &e.machine;
        let w = &e.workload;
        let mut unstated = Vec::new();
        let nodes = f64::from(m.nodes?);
        let cores = f64::from(m.cores?);
        let vcpus = f64::from(m.vcpus.unwrap_or(m.cores?));
        let disks = f64::from(m.disk_count.unwrap_or(1).max(1));
        let disk = if m.disk_kind == CorpusDisk::Unknown && m.disk_write_mbps.is_none() {
            None
        } else {
            let mbps = m.disk_write_mbps.unwrap_or_else(|| {
                unstated.push(Unstated::DiskWrite);
                a.disk_default(m.disk_kind)
            });
            let disks = f64::from(m.disk_count.unwrap_or_else(|| {
                unstated.push(Unstated::DiskCount);
                1
            }));
            Some(mbps * 1e6 * disks)
        };
        let nic = m.nic_gbps.unwrap_or_else(|| {
            unstated.push(Unstated::Nic);
            a.nic_gbps
        });
        // Unstated, the assumed RF but never more copies than nodes.
        let rf = w.rf.unwrap_or_else(|| {
            unstated.push(Unstated::Rf);
            a.rf.min(m.nodes.unwrap_or(a.rf).max(1))
        });
        let readers = match w.reading {
            Some(Reading::Tail) | None => f64::from(w.subscriptions.unwrap_or(if w.consumers.unwrap_or(0) > 0 { 1 } else { 0 })),
            Some(Reading::Catchup | Reading::None) => 0.0,
        };
        let partitions = w.partitions.map(|p| f64::from(p) * f64::from(w.topics.unwrap_or(1)));
        Some(Cluster {
            system: e.system,
            nodes,
            cores,
            vcpus,
            disk: m.disk_kind,
            disk_bytes_per_s: disk,
            disks,
            nic_bytes_per_s: nic * 1e9 / 8.0,
            message_bytes: w.message_bytes?,
            rf: f64::from(rf),
            partitions,
            tail_readers: readers,
            deviations: deviations(e.system, w, m.disk_kind),
            unstated,
            reading: PresetReading::default(),
            machine_class: Some(super::class_key(m)),
            disk_class: Some(super::class_key(m)),
        })
    }
}
