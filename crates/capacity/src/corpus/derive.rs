//! From recorded runs to [`Evidence`]: one fittable record per run with its rates
//! derived (msg/s from whatever unit the source used), its machine resolved and its
//! origin typed. The seed datasets enter through [`Evidence::from_seed`].

use serde::{Deserialize, Serialize};

use super::{CorpusDisk, Driven, Flush, Machine, Reading, Run, RunMetric, RunStatus, RunWorkload, SourceFile, SourceKind, SyncMode};
use crate::dataset::{Dataset, Load, Metric, Status};
use crate::system::{Durability, SystemId};

/// Where a piece of evidence comes from: a typed origin, never a name prefix.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    /// A recorded public source (`data/corpus/<id>.yaml` or a seed file).
    Reference {
        /// The source id (the unit held out in validation).
        source: String,
    },
    /// A user's uploaded dataset.
    Upload {
        /// The dataset id.
        dataset: String,
    },
}

impl Origin {
    /// The source or dataset id.
    pub fn key(&self) -> &str {
        match self {
            Origin::Reference { source } => source,
            Origin::Upload { dataset } => dataset,
        }
    }
}

/// One run, ready to fit: rates in msg/s, machine resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// Where it comes from.
    pub origin: Origin,
    /// Kind of the source.
    pub kind: SourceKind,
    /// Run id (unique within its origin).
    pub run_id: String,
    /// Source citation + the run's own (`repo@commit:path — file` or `page — §`).
    pub citation: String,
    /// System.
    pub system: SystemId,
    /// The machine class and cluster size.
    pub machine: Machine,
    /// Workload.
    pub workload: RunWorkload,
    /// How the run was driven.
    pub driven: Driven,
    /// Produce throughput, msg/s.
    pub produce_msgs: Option<f64>,
    /// Consume throughput while producing, msg/s.
    pub consume_msgs: Option<f64>,
    /// Catch-up read throughput, msg/s.
    pub catchup_msgs: Option<f64>,
    /// Publish latency p99, ms.
    pub publish_p99_ms: Option<f64>,
    /// End-to-end latency p99, ms.
    pub e2e_p99_ms: Option<f64>,
    /// Requested rate, msg/s.
    pub target_msgs: Option<f64>,
    /// Runs of the same source it is a stated durability pair with ([`super::Run::pairs_with`]).
    pub pairs_with: Vec<String>,
}

impl Run {
    fn rate(&self, metric: RunMetric) -> Option<f64> {
        self.measured.iter().filter(|f| f.metric == metric).find_map(|f| f.unit.to_msgs(f.value, self.workload.message_bytes))
    }
    fn p99(&self, metric: RunMetric) -> Option<f64> {
        self.measured
            .iter()
            .filter(|f| f.metric == metric && f.percentile.is_some_and(|p| (p - 99.0).abs() < 1e-9))
            .find_map(|f| f.unit.to_ms(f.value))
    }
    /// Produce throughput in msg/s, derived from the stated unit.
    pub fn produce_msgs(&self) -> Option<f64> {
        self.rate(RunMetric::ProduceThroughput)
    }
}

impl SourceFile {
    /// The fittable evidence of this file: completed runs of planned systems that the
    /// model uses. Vendor guidance yields none.
    pub fn evidence(&self) -> Vec<Evidence> {
        if self.source.kind == SourceKind::VendorGuidance {
            return Vec::new();
        }
        let cite = self.source.cite();
        self.runs
            .iter()
            .filter(|r| r.model_uses && r.status == RunStatus::Ok)
            .filter_map(|r| {
                let system = r.system.planned()?;
                let machine = self.machines.iter().find(|m| m.id == r.machine)?.clone();
                Some(Evidence {
                    origin: Origin::Reference { source: self.source.id.clone() },
                    kind: self.source.kind,
                    run_id: r.id.clone(),
                    citation: format!("{cite} — {}", r.citation),
                    system,
                    machine,
                    workload: r.workload.clone(),
                    driven: r.driven,
                    produce_msgs: r.produce_msgs(),
                    consume_msgs: r.rate(RunMetric::ConsumeThroughput),
                    catchup_msgs: r.rate(RunMetric::CatchupThroughput),
                    publish_p99_ms: r.p99(RunMetric::PublishLatency),
                    e2e_p99_ms: r.p99(RunMetric::E2eLatency),
                    target_msgs: r.target_msgs,
                    pairs_with: r.pairs_with.clone(),
                })
            })
            .collect()
    }
}

/// Source id a seed file is held out under in validation: `seed-000` for `000_….txt`.
pub fn seed_source_id(ds: &Dataset) -> String {
    format!("seed-{}", ds.source.file.split('_').next().unwrap_or("?"))
}

impl Evidence {
    /// The seed datasets' saturated produce runs (with their consume figure when the
    /// seed measured one on the same setup) as evidence. Only rows on stated hardware
    /// (nodes and cores) or Pravega's seed 004 (hardware assumed, flagged) qualify.
    pub fn from_seed(ds: &Dataset) -> Vec<Evidence> {
        let source = seed_source_id(ds);
        ds.rows
            .iter()
            .filter(|r| r.model_uses && r.status == Status::Ok && r.metric == Metric::ProduceThroughput && r.load == Some(Load::Max))
            .filter_map(|r| {
                let size = r.workload.message_bytes?;
                let hw = r.hardware.as_ref().and_then(|id| ds.hardware.iter().find(|h| &h.id == id));
                let assumed = hw.is_none_or(|h| h.nodes.is_none() || h.cores.is_none());
                if assumed && r.system != SystemId::Pravega {
                    return None;
                }
                let (nodes, cores) = match hw {
                    Some(h) if !assumed => (h.nodes, h.cores),
                    _ => (Some(crate::catalog::ASSUMED_SETUP.0), Some(crate::catalog::ASSUMED_SETUP.1)),
                };
                let unit = r.unit;
                // The seeds name machines "8C16G" / "16C64G" (cloud-flavour naming, where
                // C counts vCPUs = hyper-threads): two threads per physical core inferred.
                let vcpus = cores;
                let physical = cores.map(|c| (c / 2).max(1));
                let mut inferred: Vec<String> = if assumed { vec!["nodes".into(), "vcpus".into()] } else { Vec::new() };
                inferred.push("cores".into());
                let why = if assumed {
                    "not stated; seed 000's class of cluster (3 × 8C) assumed; \"8C\" read as 8 vCPUs on 4 cores"
                } else {
                    "the seed names machines as \"<n>C<m>G\" (cloud-flavour naming: C counts vCPUs); 2 hardware threads per core inferred"
                };
                let machine = Machine {
                    id: hw.map(|h| h.id.clone()).unwrap_or_else(|| format!("{source}-assumed")),
                    label: format!("{} × {} vCPUs (seed {})", nodes.unwrap_or(0), cores.unwrap_or(0), ds.source.file),
                    instance: None,
                    nodes,
                    cores: physical,
                    vcpus,
                    ram_gb: hw.and_then(|h| h.ram_gb),
                    disk_kind: CorpusDisk::Unknown,
                    disk_count: hw.and_then(|h| h.disk_count),
                    disk_write_mbps: hw.and_then(|h| h.disk_mbps),
                    disk_tb: None,
                    nic_gbps: hw.and_then(|h| h.nic_gbps),
                    colocated: hw.and_then(|h| h.colocated),
                    inferred,
                    inferred_from: Some(why.to_string()),
                    citation: hw.map(|h| h.citation.clone()).unwrap_or_else(|| r.citation.clone()),
                    note: None,
                };
                let consume = ds
                    .rows
                    .iter()
                    .find(|c| {
                        c.metric == Metric::ConsumeThroughput
                            && c.model_uses
                            && c.system == r.system
                            && c.hardware == r.hardware
                            && c.workload.message_bytes == Some(size)
                    })
                    .and_then(|c| c.unit.to_msgs(c.value, Some(size)));
                let durability = r.workload.durability.unwrap_or_default();
                Some(Evidence {
                    origin: Origin::Reference { source: source.clone() },
                    kind: SourceKind::Measurement,
                    run_id: r.id.clone(),
                    citation: format!("{} {}", ds.source.file, r.citation),
                    system: r.system,
                    machine,
                    workload: RunWorkload {
                        message_bytes: Some(size),
                        rf: r.workload.replication_factor,
                        acks: Some(if durability == Durability::Leader { "1" } else { "all" }.into()),
                        flush: Some(if durability == Durability::Fsync { Flush::PerMessage } else { Flush::Os }),
                        replication: (r.system == SystemId::Rocketmq).then_some(SyncMode::Sync),
                        partitions: r.workload.partitions,
                        producers: r.workload.producers,
                        consumers: Some(0),
                        subscriptions: Some(0),
                        reading: Some(Reading::None),
                        compression: r.workload.compression.clone(),
                        batching: r.workload.batching.clone(),
                        ..RunWorkload::default()
                    },
                    driven: Driven::Saturated,
                    produce_msgs: unit.to_msgs(r.value, Some(size)),
                    consume_msgs: consume,
                    catchup_msgs: None,
                    publish_p99_ms: None,
                    e2e_p99_ms: None,
                    target_msgs: None,
                    pairs_with: Vec::new(),
                })
            })
            .collect()
    }

    /// Whether this run measures capacity (saturated) rather than a lower bound on it.
    pub fn is_saturated(&self) -> bool {
        self.driven == Driven::Saturated && self.kind == SourceKind::Measurement
    }
}
