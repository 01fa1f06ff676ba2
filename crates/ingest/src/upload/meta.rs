//! What a benchmark file cannot tell, given with the upload (form fields, API
//! fields or CLI flags) and pre-filled from what the parser inferred.

use capacity::dataset::Load;
use capacity::fields::max_of;
use capacity::system::{DiskKind, Durability, SystemId};
use serde::Serialize;

use super::report::ImportError;
use super::Inferred;

/// Upload metadata. Every field optional; `system` must end up known.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct UploadMeta {
    /// kafka | rocketmq | pulsar | pravega.
    pub system: Option<String>,
    /// Version as the user states it.
    pub version: Option<String>,
    /// A title for the dataset.
    pub title: Option<String>,
    /// Broker machines in the tested cluster.
    pub nodes: Option<u32>,
    /// Cores per machine.
    pub cores: Option<u32>,
    /// RAM per machine, GB.
    pub ram_gb: Option<f64>,
    /// Disk kind.
    pub disk: Option<DiskKind>,
    /// Data disks per machine.
    pub disks: Option<u32>,
    /// NIC, Gbit/s.
    pub nic_gbps: Option<f64>,
    /// Replication factor.
    pub rf: Option<u32>,
    /// Ack semantics.
    pub durability: Option<Durability>,
    /// Message size, bytes.
    pub message_bytes: Option<f64>,
    /// Partitions / queues.
    pub partitions: Option<u32>,
    /// Producers.
    pub producers: Option<u32>,
    /// Consumers.
    pub consumers: Option<u32>,
    /// How the throughput runs were driven: `max` (as fast as the brokers allowed:
    /// capacity) or `fixed` (held to a rate: a lower bound). Overrides what the
    /// parser concluded from the file.
    pub run: Option<Load>,
}

/// Metadata field names (form / API), in form order. `size` is the message size.
pub const FIELDS: &[&str] = &[
    "system", "version", "title", "nodes", "cores", "ram_gb", "disk", "disks", "nic_gbps", "rf", "durability", "size", "partitions", "producers", "consumers", "run",
];

/// The whole-number upper end of plan field `name` (`capacity::fields`): hardware
/// and workload metadata take the plan's ranges, so whatever an upload describes can
/// be planned on.
fn field_max(name: &str) -> u32 {
    let m = max_of(name);
    if m.is_finite() && m >= 1.0 { m as u32 } else { u32::MAX }
}

fn int(field: &str, v: &str, lo: u32, hi: u32, errors: &mut Vec<ImportError>) -> Option<u32> {
    match capacity::workload::parse_whole(v).and_then(|x| u32::try_from(x).ok()) {
        Some(x) if (lo..=hi).contains(&x) => Some(x),
        _ => {
            errors.push(ImportError::new(0, field, format!("must be a whole number from {lo} to {hi}, got {:?}", short(v))));
            None
        }
    }
}

fn num(field: &str, v: &str, hi: f64, errors: &mut Vec<ImportError>) -> Option<f64> {
    match v.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= hi => Some(x),
        _ => {
            errors.push(ImportError::new(0, field, format!("must be a number in (0, {hi}], got {:?}", short(v))));
            None
        }
    }
}

fn short(v: &str) -> String {
    v.chars().take(40).collect()
}

/// `v` without control or bidi characters, trimmed; None when nothing else is left.
fn printable(v: &str) -> Option<String> {
    let kept: String = v.chars().filter(|c| !c.is_control() && !super::is_bidi_control(*c)).collect();
    let kept = kept.trim();
    (!kept.is_empty()).then(|| kept.to_string())
}

impl UploadMeta {
    /// Reads metadata fields; empty values are "not given"; other names are ignored
    /// (the caller decides what else a request may carry).
    ///
    /// # Errors
    /// Each invalid field, named, with line 0.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Self, Vec<ImportError>> {
        let mut m = UploadMeta::default();
        let mut errors = Vec::new();
        for (k, v) in pairs {
            if v.trim().is_empty() {
                continue;
            }
            match k {
                "system" => match SystemId::parse(v) {
                    Some(s) => m.system = Some(s.id().into()),
                    None => errors.push(ImportError::new(0, "system", format!("must be kafka, rocketmq, pulsar or pravega, got {:?}", short(v)))),
                },
                // Control and bidi characters dropped; a value made only of them is not
                // given (a stop-31 tester's title of control characters was stored as "",
                // an upload named by nothing).
                "version" => m.version = printable(v).map(|p| short(&p)),
                "title" => m.title = printable(v).map(|p| p.chars().take(120).collect()),
                "nodes" => m.nodes = int(k, v, 1, 10_000, &mut errors),
                "cores" => m.cores = int(k, v, 1, field_max(k), &mut errors),
                "ram_gb" => m.ram_gb = num(k, v, max_of(k), &mut errors),
                "disk" => match DiskKind::parse_user(&v.to_ascii_lowercase()) {
                    Some(d) => m.disk = Some(d),
                    None => errors.push(ImportError::new(0, "disk", format!("must be hdd, ssd, nvme, optane, ebs or network, got {:?}", short(v)))),
                },
                "disks" => m.disks = int(k, v, 1, field_max(k), &mut errors),
                "nic_gbps" => m.nic_gbps = num(k, v, max_of(k), &mut errors),
                "rf" => m.rf = int(k, v, 1, field_max(k), &mut errors),
                "durability" => match Durability::parse(&v.to_ascii_lowercase()) {
                    Some(d) => m.durability = Some(d),
                    None => errors.push(ImportError::new(0, "durability", format!("must be replicated, fsync or leader, got {:?}", short(v)))),
                },
                // One message for every bad size, with the range plans take (a
                // stop-29 tester read "(0, inf]" for -1 and "1 B to 16,777,216 B" for 0.5).
                "size" => match v.trim().parse::<f64>() {
                    Ok(b) if capacity::fields::message_size_ok(b) => m.message_bytes = Some(b),
                    _ => errors.push(ImportError::new(0, "size", format!("must be {}, got {:?}", capacity::fields::message_size_range_words(), short(v)))),
                },
                "partitions" => m.partitions = int(k, v, 1, field_max(k), &mut errors),
                "producers" => m.producers = int(k, v, 1, 100_000, &mut errors),
                "consumers" => m.consumers = int(k, v, 1, 100_000, &mut errors),
                "run" => match v.trim().to_ascii_lowercase().as_str() {
                    "max" => m.run = Some(Load::Max),
                    "fixed" => m.run = Some(Load::Steady),
                    _ => errors.push(ImportError::new(0, "run", format!("must be max (driven as fast as the brokers allowed) or fixed (held to a rate), got {:?}", short(v)))),
                },
                _ => {}
            }
        }
        if errors.is_empty() {
            Ok(m)
        } else {
            Err(errors)
        }
    }

    /// The given fields, with the gaps filled from what the file told.
    pub fn filled_from(&self, inf: &Inferred) -> UploadMeta {
        let mut m = self.clone();
        if m.system.is_none() {
            m.system.clone_from(&inf.system);
        }
        m.message_bytes = m.message_bytes.or(inf.message_bytes);
        m.partitions = m.partitions.or(inf.partitions);
        m.producers = m.producers.or(inf.producers);
        m.consumers = m.consumers.or(inf.consumers);
        if m.durability.is_none() {
            m.durability = match inf.acks.as_deref().map(str::trim) {
                Some("1") => Some(Durability::Leader),
                Some("all" | "-1") => Some(Durability::Replicated),
                _ => None,
            };
        }
        m
    }

    /// The system the rows belong to.
    ///
    /// # Errors
    /// When the file names a system mqplan does not plan (e.g. RabbitMQ) or none.
    pub fn system(&self) -> Result<SystemId, ImportError> {
        match self.system.as_deref() {
            Some(s) => SystemId::parse(s).ok_or_else(|| {
                ImportError::new(0, "system", format!("the file is for {s:?}, which mqplan does not plan (kafka, rocketmq, pulsar, pravega); its numbers describe that system, not these — give system (--system on the CLI) only if the file names the wrong driver"))
            }),
            None => Err(ImportError::new(0, "system", "the file does not name its system; give system (--system on the CLI): kafka, rocketmq, pulsar or pravega")),
        }
    }

    /// A canonical text of the fields, for the content id.
    pub fn canonical(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
