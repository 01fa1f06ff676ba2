//! The throughput model's evidence: one [`SourceFile`] per public source
//! (`data/corpus/<source-id>.yaml`, shape in data/corpus/README.md), each holding
//! the machines it measured on and its runs, every one cited. Parsing the YAML is
//! the ingest crate's job; this module defines the types, checks them
//! ([`SourceFile::check`]) and derives what the fits need ([`Run::produce_msgs`]…),
//! so it stays pure.

mod check;
mod derive;

pub use check::CorpusError;
pub use derive::{Evidence, Origin};

use serde::{Deserialize, Serialize};

/// One source: its provenance, machines, runs and any vendor guidance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceFile {
    /// Where the figures come from.
    pub source: SourceMeta,
    /// Machines the runs refer to by id.
    #[serde(default)]
    pub machines: Vec<Machine>,
    /// Measured runs (none for vendor guidance).
    #[serde(default)]
    pub runs: Vec<Run>,
    /// Qualitative or vendor rules; never fitted.
    #[serde(default)]
    pub guidance: Vec<CorpusGuidance>,
}

/// What kind of evidence a source is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    /// A benchmark report with its setup: fitted.
    Measurement,
    /// Numbers reported in an issue thread or forum: fitted only as lower bounds.
    FieldReport,
    /// A vendor's recommendation or product table: recorded, never fitted.
    VendorGuidance,
}

/// Provenance of a source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceMeta {
    /// Unique id; the unit held out by leave-one-source-out validation.
    pub id: String,
    /// Kind of evidence.
    pub kind: SourceKind,
    /// Title in English.
    pub title: String,
    /// GitHub `owner/name`, when the source is a repository.
    #[serde(default)]
    pub repo: Option<String>,
    /// 40-hex commit read.
    #[serde(default)]
    pub commit: Option<String>,
    /// File or folder inside the repository.
    #[serde(default)]
    pub path: Option<String>,
    /// Page address when not a repository.
    #[serde(default)]
    pub url: Option<String>,
    /// Publication date as stated.
    #[serde(default)]
    pub published: Option<String>,
    /// One or two lines, our words.
    #[serde(default)]
    pub summary: Option<String>,
    /// Contradictions inside the source and how they were resolved.
    #[serde(default)]
    pub conflicts: Vec<Conflict>,
}

impl SourceMeta {
    /// `repo@commit:path` or the URL: how a citation names this source.
    pub fn cite(&self) -> String {
        match (&self.repo, &self.url) {
            (Some(repo), _) => {
                let commit = self.commit.as_deref().map(|c| &c[..c.len().min(12)]).unwrap_or("?");
                match &self.path {
                    Some(p) => format!("{repo}@{commit}:{p}"),
                    None => format!("{repo}@{commit}"),
                }
            }
            (None, Some(url)) => url.clone(),
            (None, None) => self.id.clone(),
        }
    }
}

/// A contradiction inside a source, resolved in the open.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conflict {
    /// Run ids involved.
    #[serde(default)]
    pub rows: Vec<String>,
    /// What contradicts what.
    pub what: String,
    /// Which figure the model uses and why.
    pub resolution: String,
}

/// Disk technology of a measured machine (wider than the planner's
/// [`crate::system::DiskKind`]: cloud block volumes and network storage too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorpusDisk {
    /// Spinning disks.
    Hdd,
    /// SATA/SAS SSD.
    Ssd,
    /// Local NVMe.
    Nvme,
    /// Intel Optane.
    Optane,
    /// Cloud block volume (EBS gp2/gp3/io1…): capped by the volume's throughput.
    Ebs,
    /// Network / distributed storage (Ceph, NFS…).
    Network,
    /// Not stated.
    Unknown,
}

impl CorpusDisk {
    /// The disks in words: `NVMe disks`, `cloud block volumes (EBS)`, `spinning disks`…
    pub fn label(self) -> &'static str {
        match self {
            CorpusDisk::Hdd => "spinning disks",
            CorpusDisk::Ssd => "SATA/SAS SSDs",
            CorpusDisk::Nvme => "NVMe disks",
            CorpusDisk::Optane => "Optane disks",
            CorpusDisk::Ebs => "cloud block volumes (EBS)",
            CorpusDisk::Network => "network storage",
            CorpusDisk::Unknown => "disks of unstated kind",
        }
    }

    /// The planner's kind for it; None when not stated.
    pub fn known(self) -> Option<crate::system::DiskKind> {
        use crate::system::DiskKind;
        match self {
            CorpusDisk::Hdd => Some(DiskKind::Hdd),
            CorpusDisk::Ssd => Some(DiskKind::Ssd),
            CorpusDisk::Nvme => Some(DiskKind::Nvme),
            CorpusDisk::Optane => Some(DiskKind::Optane),
            CorpusDisk::Ebs => Some(DiskKind::Ebs),
            CorpusDisk::Network => Some(DiskKind::Network),
            CorpusDisk::Unknown => None,
        }
    }
}

/// One measured cluster's machine class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Machine {
    /// Id referenced by runs; a measured machine becomes preset `hw=<id>`.
    pub id: String,
    /// Human label.
    pub label: String,
    /// Cloud instance type, when one.
    #[serde(default)]
    pub instance: Option<String>,
    /// Broker (or bookie) machines in the cluster.
    pub nodes: Option<u32>,
    /// Physical cores per node.
    pub cores: Option<u32>,
    /// Hardware threads per node (= cores without SMT).
    #[serde(default)]
    pub vcpus: Option<u32>,
    /// RAM per node, GB.
    #[serde(default)]
    pub ram_gb: Option<f64>,
    /// Disk technology.
    pub disk_kind: CorpusDisk,
    /// Data disks per node.
    #[serde(default)]
    pub disk_count: Option<u32>,
    /// Sustained write cap per disk, MB/s (10^6 B/s).
    #[serde(default)]
    pub disk_write_mbps: Option<f64>,
    /// Capacity per disk, TB (10^12 B).
    #[serde(default)]
    pub disk_tb: Option<f64>,
    /// NIC per node, Gbit/s.
    #[serde(default)]
    pub nic_gbps: Option<f64>,
    /// Brokers and storage on the same machines.
    #[serde(default)]
    pub colocated: Option<bool>,
    /// Fields not stated by the source (field names of this struct).
    #[serde(default)]
    pub inferred: Vec<String>,
    /// What the inferred fields were taken from.
    #[serde(default)]
    pub inferred_from: Option<String>,
    /// Where in the source the machine is described.
    pub citation: String,
    /// Our words.
    #[serde(default)]
    pub note: Option<String>,
}

/// Systems the corpus records (a superset of the planned [`crate::SystemId`]s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum CorpusSystem {
    Kafka,
    Pulsar,
    Rocketmq,
    Pravega,
    Redpanda,
    Other,
}

impl CorpusSystem {
    /// The planned system this is, if any.
    pub fn planned(self) -> Option<crate::SystemId> {
        use crate::SystemId as S;
        match self {
            CorpusSystem::Kafka => Some(S::Kafka),
            CorpusSystem::Pulsar => Some(S::Pulsar),
            CorpusSystem::Rocketmq => Some(S::Rocketmq),
            CorpusSystem::Pravega => Some(S::Pravega),
            CorpusSystem::Redpanda | CorpusSystem::Other => None,
        }
    }
}

/// How the load generator drove a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Driven {
    /// As fast as the brokers allowed: capacity.
    Saturated,
    /// Held to a target rate it reached: a lower bound.
    FixedRate,
    /// Limited by the clients (a thread-sweep point, one client): a lower bound.
    ClientBound,
    /// Not known: treated as a lower bound.
    #[default]
    Unknown,
}

/// Broker write flush policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flush {
    /// Page cache, flushed by the OS (Kafka default; RocketMQ ASYNC_FLUSH).
    Os,
    /// fsync before every acknowledgement (Kafka flush.messages=1).
    PerMessage,
    /// RocketMQ SYNC_FLUSH (group commit before ack).
    Sync,
}

/// Replication or journal mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SyncMode {
    /// Waits for the copy / fsync.
    Sync,
    /// Does not wait.
    Async,
    /// Journal skipped (BookKeeper journalWriteData=false / bypass).
    Bypass,
}

/// What consumers did during the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// Consumers kept up, reading from cache alongside the writes.
    Tail,
    /// Consumers read a backlog from disk.
    Catchup,
    /// No consumers.
    None,
}

/// The workload of one run. Absent = not stated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct RunWorkload {
    /// Message size, bytes.
    pub message_bytes: Option<f64>,
    pub topics: Option<u32>,
    /// Partitions per topic (queues / segments).
    pub partitions: Option<u32>,
    pub producers: Option<u32>,
    pub producer_threads: Option<u32>,
    pub consumers: Option<u32>,
    /// Consumer groups each reading everything.
    pub subscriptions: Option<u32>,
    pub reading: Option<Reading>,
    /// Replicas (Pulsar: write quorum).
    pub rf: Option<u32>,
    /// `all` | `1` | `0`, as stated.
    pub acks: Option<String>,
    pub flush: Option<Flush>,
    pub replication: Option<SyncMode>,
    pub ensemble: Option<u32>,
    pub write_quorum: Option<u32>,
    pub ack_quorum: Option<u32>,
    pub journal: Option<SyncMode>,
    pub batching: Option<String>,
    pub compression: Option<String>,
    /// Backlog built before a catch-up read, bytes.
    pub backlog_bytes: Option<f64>,
}

/// What a measured figure is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum RunMetric {
    ProduceThroughput,
    ConsumeThroughput,
    CatchupThroughput,
    PublishLatency,
    E2eLatency,
}

impl RunMetric {
    /// Whether the metric is a latency (then `percentile` is required).
    pub fn is_latency(self) -> bool {
        matches!(self, RunMetric::PublishLatency | RunMetric::E2eLatency)
    }
}

/// Units a figure may be stated in: the datasets' [`crate::dataset::Unit`] (rates
/// `msg/s`, `MB/s`, `MiB/s`, `Mbit/s`; times `ms`, `us`, `s`); the check refuses others.
pub use crate::dataset::Unit as RunUnit;

/// Whether a unit is a rate (else, for a corpus figure, a time).
pub fn is_rate(u: RunUnit) -> bool {
    matches!(u, RunUnit::MsgPerS | RunUnit::MBPerS | RunUnit::MiBPerS | RunUnit::MbitPerS)
}

/// Whether a unit is a time.
pub fn is_time(u: RunUnit) -> bool {
    matches!(u, RunUnit::Ms | RunUnit::Us | RunUnit::S)
}

/// One measured figure of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// What.
    pub metric: RunMetric,
    /// As stated.
    pub value: f64,
    /// The source's unit.
    pub unit: RunUnit,
    /// Latencies: the percentile.
    #[serde(default)]
    pub percentile: Option<f64>,
}

/// Whether a run completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Completed.
    #[default]
    Ok,
    /// Abandoned or erroring: kept, never fitted.
    Failed,
}

/// One benchmark run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// Unique in the file.
    pub id: String,
    /// System.
    pub system: CorpusSystem,
    /// Version as stated.
    #[serde(default)]
    pub version: Option<String>,
    /// Machine id.
    pub machine: String,
    /// Workload.
    #[serde(default)]
    pub workload: RunWorkload,
    /// How it was driven.
    #[serde(default)]
    pub driven: Driven,
    /// Requested rate, msg/s.
    #[serde(default)]
    pub target_msgs: Option<f64>,
    /// The figures.
    pub measured: Vec<Figure>,
    /// Completed or not.
    #[serde(default)]
    pub status: RunStatus,
    /// False: recorded, not fitted.
    #[serde(default = "yes")]
    pub model_uses: bool,
    /// Contradiction text, when any.
    #[serde(default)]
    pub conflict: Option<String>,
    /// Runs of the same file this one is a durability pair with although their
    /// comparison key differs (a count the source leaves unstated on one side), named
    /// in the open with the reason in `note`: the flush run of mqperf at 64 partitions
    /// against its saturated runs at "at least 64". Each must exist, be saturated and
    /// differ in durability ([`crate::corpus::check`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs_with: Vec<String>,
    /// Where in the source.
    pub citation: String,
    /// Our words.
    #[serde(default)]
    pub note: Option<String>,
}

fn yes() -> bool {
    true
}

/// A rule or recommendation; never fitted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorpusGuidance {
    /// System it concerns.
    pub system: CorpusSystem,
    /// `partitions` | `deployment` | `sizing` | `hardware` | `tuning` | `other`.
    pub topic: String,
    /// Our words.
    pub text: String,
    /// A number, when stated.
    #[serde(default)]
    pub value: Option<f64>,
    /// Its unit.
    #[serde(default)]
    pub unit: Option<String>,
    /// Where.
    pub citation: String,
}
