//! Recorded benchmark datasets: the shape of one `data/*.yaml` file (see data/README.md)
//! and its validation. Parsing the YAML text is the ingest crate's job; this module
//! only defines the types and checks them, so it stays pure.

use serde::{Deserialize, Serialize};

use crate::error::DatasetError;
use crate::system::{DiskKind, Durability, SystemId};

/// One recorded source (one article), as in one `data/seed_*.yaml` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dataset {
    /// Where the figures come from.
    pub source: Source,
    /// Hardware setups the rows refer to by id.
    #[serde(default)]
    pub hardware: Vec<HardwareSetup>,
    /// The recorded figures.
    #[serde(default)]
    pub rows: Vec<Row>,
    /// Qualitative rules stated by the source.
    #[serde(default)]
    pub guidance: Vec<Guidance>,
}

/// The source article.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// File name in shared/seeds (e.g. `000_dd5eb86e99c865bd.txt`).
    pub file: String,
    /// Title, in English.
    pub title: String,
    /// One line, our words.
    #[serde(default)]
    pub summary: Option<String>,
    /// Where the dataset comes from. Files under data/ are reference sources (the
    /// default); the upload importer and the server's store set
    /// [`DatasetOrigin::Upload`]. Decisions about uploads read this, never `file`.
    #[serde(default)]
    pub origin: DatasetOrigin,
}

/// Where a dataset comes from, as a type (DESIGN.md §6: a typed origin per row, not a
/// name prefix). Every row of a dataset shares its dataset's origin.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DatasetOrigin {
    /// A recorded public source (a file under data/).
    #[default]
    Reference,
    /// A user's uploaded dataset.
    Upload {
        /// The dataset id (`ds_…`).
        dataset: String,
    },
}

impl DatasetOrigin {
    /// True for a reference source.
    pub fn is_reference(&self) -> bool {
        matches!(self, DatasetOrigin::Reference)
    }
    /// The upload's dataset id, or None for a reference source.
    pub fn upload(&self) -> Option<&str> {
        match self {
            DatasetOrigin::Upload { dataset } => Some(dataset),
            DatasetOrigin::Reference => None,
        }
    }
}

/// A measured cluster's machines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HardwareSetup {
    /// Id referenced by rows.
    pub id: String,
    /// Machines in the cluster.
    pub nodes: Option<u32>,
    /// Cores per node.
    pub cores: Option<u32>,
    /// RAM per node, GB.
    pub ram_gb: Option<f64>,
    /// Disk technology.
    #[serde(default = "unknown_disk")]
    pub disk_kind: DiskKind,
    /// Disks per node.
    #[serde(default)]
    pub disk_count: Option<u32>,
    /// Per-disk write bandwidth, MB/s, when stated.
    #[serde(default)]
    pub disk_mbps: Option<f64>,
    /// NIC speed per node, Gbit/s, when stated.
    #[serde(default)]
    pub nic_gbps: Option<f64>,
    /// Brokers and storage share machines.
    #[serde(default)]
    pub colocated: Option<bool>,
    /// Seed file + section.
    pub citation: String,
    /// Our words.
    #[serde(default)]
    pub note: Option<String>,
}

fn unknown_disk() -> DiskKind {
    DiskKind::Unknown
}

/// The workload under which a figure was measured. Absent = not stated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RowWorkload {
    /// Message (event) size in bytes.
    pub message_bytes: Option<f64>,
    /// Replication factor (copies).
    pub replication_factor: Option<u32>,
    /// Durability mode.
    pub durability: Option<Durability>,
    /// acks as stated.
    pub acks: Option<String>,
    /// `async` | `sync` flush.
    pub flush: Option<String>,
    /// BookKeeper ensemble size E.
    pub ensemble: Option<u32>,
    /// BookKeeper write quorum W.
    pub write_quorum: Option<u32>,
    /// BookKeeper ack quorum A.
    pub ack_quorum: Option<u32>,
    /// Partitions / queues / segments.
    pub partitions: Option<u32>,
    /// Producer count.
    pub producers: Option<u32>,
    /// Consumer count.
    pub consumers: Option<u32>,
    /// Client threads.
    pub threads: Option<u32>,
    /// Batching settings as stated.
    pub batching: Option<String>,
    /// Compression as stated.
    pub compression: Option<String>,
    /// Backlog size in messages.
    pub backlog_messages: Option<f64>,
    /// Backlog size in bytes.
    pub backlog_bytes: Option<f64>,
    /// Whether a routing key was used.
    pub routing_key: Option<bool>,
    /// Sent in transactions (RocketMQ half message + commit, Kafka / Pulsar
    /// transactional producers): `true`; plain sends in the same test: `false`;
    /// absent = not stated (read as plain). Pairs of rows differing only here give
    /// a system's transaction cost ([`crate::transactions`]).
    #[serde(default)]
    pub transactional: Option<bool>,
}

/// What a row measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum Metric {
    ProduceThroughput,
    ConsumeThroughput,
    CatchupThroughput,
    PublishLatency,
    E2eLatency,
    BacklogDrainTime,
    ThroughputChange,
    LatencyChange,
    ReplicationLag,
    Processes,
    DeploymentPersonDays,
    StorageRequired,
    ClientCpu,
    ClientMemory,
    ErrorRate,
    Other,
}

impl Metric {
    /// Units that make sense for this metric; validation rejects others.
    pub fn allowed_units(self) -> &'static [Unit] {
        use Unit::*;
        match self {
            Metric::ProduceThroughput | Metric::ConsumeThroughput | Metric::CatchupThroughput => {
                &[MsgPerS, MBPerS, MiBPerS, MbitPerS]
            }
            Metric::PublishLatency | Metric::E2eLatency | Metric::ReplicationLag => &[Ms, Us, S],
            Metric::BacklogDrainTime => &[S, Min, H, Ms],
            Metric::ThroughputChange | Metric::LatencyChange => &[Percent, Ratio],
            Metric::Processes => &[Count],
            Metric::DeploymentPersonDays => &[PersonDays],
            Metric::StorageRequired => &[Bytes, KB, MB, GB, TB],
            Metric::ClientCpu => &[Percent, Count, Ratio],
            Metric::ClientMemory => &[MB, GB, Bytes, KB],
            Metric::ErrorRate => &[Percent, Ratio, Count],
            Metric::Other => &[
                MsgPerS, MBPerS, MiBPerS, MbitPerS, Ms, Us, S, Min, H, Bytes, KB, MB, GB, TB, Percent, Ratio,
                Count, PersonDays,
            ],
        }
    }
    /// Whether the metric is a latency (then `percentile` is required).
    pub fn is_latency(self) -> bool {
        matches!(self, Metric::PublishLatency | Metric::E2eLatency)
    }
}

/// The unit a row's value is stated in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Unit {
    #[serde(rename = "msg/s")]
    MsgPerS,
    #[serde(rename = "MB/s")]
    MBPerS,
    #[serde(rename = "MiB/s")]
    MiBPerS,
    #[serde(rename = "Mbit/s")]
    MbitPerS,
    #[serde(rename = "ms")]
    Ms,
    #[serde(rename = "us")]
    Us,
    #[serde(rename = "s")]
    S,
    #[serde(rename = "min")]
    Min,
    #[serde(rename = "h")]
    H,
    #[serde(rename = "bytes")]
    Bytes,
    #[serde(rename = "KB")]
    KB,
    #[serde(rename = "MB")]
    MB,
    #[serde(rename = "GB")]
    GB,
    #[serde(rename = "TB")]
    TB,
    #[serde(rename = "percent")]
    Percent,
    #[serde(rename = "ratio")]
    Ratio,
    #[serde(rename = "count")]
    Count,
    #[serde(rename = "person_days")]
    PersonDays,
}

impl Unit {
    /// A rate stated in this unit as msg/s: MB/s are 10^6 B/s, MiB/s 2^20 B/s, Mbit/s
    /// 10^6 bit/s; byte and bit rates need the message size in bytes. None for a
    /// non-rate unit or a byte rate without a size.
    pub fn to_msgs(self, value: f64, message_bytes: Option<f64>) -> Option<f64> {
        match self {
            Unit::MsgPerS => Some(value),
            Unit::MBPerS => message_bytes.map(|s| value * 1e6 / s),
            Unit::MiBPerS => message_bytes.map(|s| value * 1_048_576.0 / s),
            Unit::MbitPerS => message_bytes.map(|s| value * 1e6 / 8.0 / s),
            _ => None,
        }
    }
    /// A time stated in this unit as ms; None for a non-time unit.
    pub fn to_ms(self, value: f64) -> Option<f64> {
        match self {
            Unit::Ms => Some(value),
            Unit::Us => Some(value / 1000.0),
            Unit::S => Some(value * 1000.0),
            Unit::Min => Some(value * 60_000.0),
            Unit::H => Some(value * 3_600_000.0),
            _ => None,
        }
    }
    /// The label as written in data files.
    pub fn label(self) -> &'static str {
        match self {
            Unit::MsgPerS => "msg/s",
            Unit::MBPerS => "MB/s",
            Unit::MiBPerS => "MiB/s",
            Unit::MbitPerS => "Mbit/s",
            Unit::Ms => "ms",
            Unit::Us => "µs",
            Unit::S => "s",
            Unit::Min => "min",
            Unit::H => "h",
            Unit::Bytes => "B",
            Unit::KB => "KB",
            Unit::MB => "MB",
            Unit::GB => "GB",
            Unit::TB => "TB",
            Unit::Percent => "%",
            Unit::Ratio => "×",
            Unit::Count => "",
            Unit::PersonDays => "person-days",
        }
    }
}

/// Load level at which a figure was measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Load {
    Steady,
    High,
    Max,
}

/// Page-cache state during a read measurement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Cache {
    Warm,
    Cold,
}

/// Whether the test point completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Completed; the value is a measurement.
    #[default]
    Ok,
    /// Stopped early; the value, if any, is a bound.
    Aborted,
    /// The system could not sustain the test.
    Failed,
}

/// One recorded figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// Unique within the file.
    pub id: String,
    /// The system measured.
    pub system: SystemId,
    /// Version as stated.
    #[serde(default)]
    pub version: Option<String>,
    /// Hardware setup id, from the file's `hardware` list.
    #[serde(default)]
    pub hardware: Option<String>,
    /// Workload parameters.
    #[serde(default)]
    pub workload: RowWorkload,
    /// What was measured.
    pub metric: Metric,
    /// Percentile for latency metrics (50, 95, 99, 99.9, 100 = max).
    #[serde(default)]
    pub percentile: Option<f64>,
    /// The number as stated.
    pub value: f64,
    /// Upper end when the source gives a range.
    #[serde(default)]
    pub value_high: Option<f64>,
    /// The unit of `value`.
    pub unit: Unit,
    /// Load level.
    #[serde(default)]
    pub load: Option<Load>,
    /// Cache state.
    #[serde(default)]
    pub cache: Option<Cache>,
    /// Completion status.
    #[serde(default)]
    pub status: Status,
    /// Set when the source contradicts itself on this figure.
    #[serde(default)]
    pub conflict: Option<String>,
    /// False for a conflicting figure the model does not use.
    #[serde(default = "yes")]
    pub model_uses: bool,
    /// Seed file + section.
    pub citation: String,
    /// Our words.
    #[serde(default)]
    pub note: Option<String>,
}

fn yes() -> bool {
    true
}

/// A qualitative rule stated by a source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Guidance {
    /// The system it applies to, if one.
    #[serde(default)]
    pub system: Option<SystemId>,
    /// `partitions` | `deployment` | `sizing` | `tuning` | `other`.
    pub topic: String,
    /// The rule, our words.
    pub text: String,
    /// A number, if any.
    #[serde(default)]
    pub value: Option<f64>,
    /// Its unit.
    #[serde(default)]
    pub unit: Option<String>,
    /// Seed file + section.
    pub citation: String,
}

fn err(file: &str, row: Option<usize>, field: &str, reason: impl Into<String>) -> DatasetError {
    DatasetError { file: file.to_string(), row, field: field.to_string(), reason: reason.into() }
}

fn positive(file: &str, row: usize, field: &str, v: Option<f64>, max: f64) -> Result<(), DatasetError> {
    match v {
        Some(x) if !x.is_finite() || x <= 0.0 || x > max => {
            Err(err(file, Some(row), field, format!("must be a finite number in (0, {max}], got {x}")))
        }
        _ => Ok(()),
    }
}

impl Dataset {
    /// Checks schema-level rules the types cannot express: unique ids, hardware
    /// references, units that match the metric, ranges, percentiles on latencies,
    /// citations present. `file` names the file in every error.
    ///
    /// # Errors
    /// The first [`DatasetError`] found, naming file, row index (0-based) and field.
    pub fn check(&self, file: &str) -> Result<(), DatasetError> {
        if self.source.file.trim().is_empty() {
            return Err(err(file, None, "source.file", "must name the seed file"));
        }
        let mut hw_ids = std::collections::HashSet::new();
        for h in &self.hardware {
            if !hw_ids.insert(h.id.as_str()) {
                return Err(err(file, None, "hardware.id", format!("duplicate hardware id {:?}", h.id)));
            }
            for (f, v, max) in [
                ("nodes", h.nodes.map(f64::from), 10_000.0),
                ("cores", h.cores.map(f64::from), crate::fields::max_of("cores")),
                ("ram_gb", h.ram_gb, crate::fields::max_of("ram_gb")),
                ("disk_mbps", h.disk_mbps, crate::fields::max_of("disk_mbps")),
                ("nic_gbps", h.nic_gbps, crate::fields::max_of("nic_gbps")),
            ] {
                if let Some(x) = v {
                    if !x.is_finite() || x <= 0.0 || x > max {
                        return Err(err(file, None, &format!("hardware[{}].{f}", h.id), format!("out of range (0, {max}]: {x}")));
                    }
                }
            }
        }
        let mut row_ids = std::collections::HashSet::new();
        for (i, r) in self.rows.iter().enumerate() {
            if !row_ids.insert(r.id.as_str()) {
                return Err(err(file, Some(i), "id", format!("duplicate row id {:?}", r.id)));
            }
            if r.citation.trim().is_empty() {
                return Err(err(file, Some(i), "citation", "every row must cite its seed and section"));
            }
            if let Some(h) = &r.hardware {
                if !hw_ids.contains(h.as_str()) {
                    return Err(err(file, Some(i), "hardware", format!("unknown hardware id {h:?}")));
                }
            }
            if !r.value.is_finite() {
                return Err(err(file, Some(i), "value", "must be a finite number"));
            }
            if !r.metric.allowed_units().contains(&r.unit) {
                return Err(err(file, Some(i), "unit", format!("{} is not a unit of {:?}", r.unit.label(), r.metric)));
            }
            let nonneg = !matches!(r.metric, Metric::ThroughputChange | Metric::LatencyChange | Metric::Other);
            if nonneg && r.value < 0.0 {
                return Err(err(file, Some(i), "value", format!("must not be negative for {:?}", r.metric)));
            }
            if let Some(hi) = r.value_high {
                if !hi.is_finite() || hi < r.value {
                    return Err(err(file, Some(i), "value_high", "must be finite and ≥ value"));
                }
            }
            if r.metric.is_latency() {
                match r.percentile {
                    Some(p) if (0.0..=100.0).contains(&p) => {}
                    _ => return Err(err(file, Some(i), "percentile", "latency rows need a percentile in [0, 100]")),
                }
            }
            if r.metric == Metric::Other && r.note.as_deref().is_none_or(|n| n.trim().is_empty()) {
                return Err(err(file, Some(i), "note", "metric `other` needs a note saying what it is"));
            }
            if r.metric == Metric::BacklogDrainTime && r.workload.backlog_messages.is_none() && r.workload.backlog_bytes.is_none() {
                return Err(err(file, Some(i), "workload.backlog_messages", "a drain time needs the backlog size"));
            }
            let w = &r.workload;
            positive(file, i, "workload.message_bytes", w.message_bytes, crate::fields::max_of("size"))?;
            positive(file, i, "workload.backlog_messages", w.backlog_messages, 1e15)?;
            positive(file, i, "workload.backlog_bytes", w.backlog_bytes, 1e18)?;
            if let Some(rf) = w.replication_factor {
                if !(1..=16).contains(&rf) {
                    return Err(err(file, Some(i), "workload.replication_factor", format!("must be 1..=16, got {rf}")));
                }
            }
            if let (Some(e), Some(wq), Some(a)) = (w.ensemble, w.write_quorum, w.ack_quorum) {
                if !(a <= wq && wq <= e && a >= 1) {
                    return Err(err(file, Some(i), "workload.ack_quorum", format!("need 1 ≤ A ≤ W ≤ E, got E={e} W={wq} A={a}")));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_times_convert_with_their_stated_units() {
        // 100 B messages: 1 MB/s = 10,000 msg/s; 1 MiB/s = 10,485.76; 8 Mbit/s = 1 MB/s.
        assert_eq!(Unit::MBPerS.to_msgs(1.0, Some(100.0)), Some(10_000.0));
        assert!((Unit::MiBPerS.to_msgs(1.0, Some(100.0)).unwrap_or(0.0) - 10_485.76).abs() < 1e-9);
        assert_eq!(Unit::MbitPerS.to_msgs(8.0, Some(100.0)), Some(10_000.0));
        assert_eq!(Unit::MBPerS.to_msgs(1.0, None), None, "a byte rate needs the message size");
        assert_eq!(Unit::Ms.to_msgs(1.0, Some(100.0)), None);
        assert_eq!(Unit::Us.to_ms(1500.0), Some(1.5));
        assert_eq!(Unit::S.to_ms(2.0), Some(2000.0));
        assert_eq!(Unit::MsgPerS.to_ms(1.0), None);
    }

    fn row(id: &str) -> Row {
        Row {
            id: id.into(),
            system: SystemId::Kafka,
            version: None,
            hardware: None,
            workload: RowWorkload::default(),
            metric: Metric::ProduceThroughput,
            percentile: None,
            value: 1.0,
            value_high: None,
            unit: Unit::MsgPerS,
            load: None,
            cache: None,
            status: Status::Ok,
            conflict: None,
            model_uses: true,
            citation: "000 §3".into(),
            note: None,
        }
    }

    fn ds(rows: Vec<Row>) -> Dataset {
        Dataset {
            source: Source { file: "000.txt".into(), title: "t".into(), summary: None, origin: DatasetOrigin::Reference },
            hardware: vec![],
            rows,
            guidance: vec![],
        }
    }

    #[test]
    fn duplicate_row_id_names_row_and_field() {
        let e = ds(vec![row("a"), row("a")]).check("f.yaml").unwrap_err();
        assert_eq!((e.file.as_str(), e.row, e.field.as_str()), ("f.yaml", Some(1), "id"));
    }

    #[test]
    fn unit_must_fit_metric() {
        let mut r = row("a");
        r.unit = Unit::Ms;
        let e = ds(vec![r]).check("f.yaml").unwrap_err();
        assert_eq!(e.field, "unit");
    }

    #[test]
    fn latency_needs_percentile_and_unknown_hardware_is_refused() {
        let mut r = row("a");
        r.metric = Metric::E2eLatency;
        r.unit = Unit::Ms;
        assert_eq!(ds(vec![r.clone()]).check("f").unwrap_err().field, "percentile");
        r.percentile = Some(99.0);
        r.hardware = Some("nope".into());
        assert_eq!(ds(vec![r]).check("f").unwrap_err().field, "hardware");
    }

    #[test]
    fn negative_throughput_and_bad_quorum_are_refused() {
        let mut r = row("a");
        r.value = -5.0;
        assert_eq!(ds(vec![r]).check("f").unwrap_err().field, "value");
        let mut r = row("b");
        r.workload.ensemble = Some(3);
        r.workload.write_quorum = Some(2);
        r.workload.ack_quorum = Some(3);
        assert_eq!(ds(vec![r]).check("f").unwrap_err().field, "workload.ack_quorum");
    }
}
