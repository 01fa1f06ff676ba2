//! Validation of one corpus file: ids unique, references resolve, units fit the
//! metric, inferred fields name real fields, vendor guidance carries no runs.

use std::collections::HashSet;

use super::{SourceFile, SourceKind};

/// A corpus file that fails validation: which record, which field, why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {record}: field `{field}`: {reason}")]
pub struct CorpusError {
    /// The data file.
    pub file: String,
    /// `source`, `machine <id>` or `run <id>`.
    pub record: String,
    /// Field path.
    pub field: String,
    /// Why it is wrong.
    pub reason: String,
}

/// Machine fields that may be listed in `inferred`.
const MACHINE_FIELDS: &[&str] =
    &["nodes", "cores", "vcpus", "ram_gb", "disk_kind", "disk_count", "disk_write_mbps", "disk_tb", "nic_gbps", "colocated"];

impl SourceFile {
    /// Checks the file; `file` names it in errors.
    ///
    /// # Errors
    /// The first [`CorpusError`] found.
    pub fn check(&self, file: &str) -> Result<(), CorpusError> {
        let err = |record: String, field: &str, reason: String| CorpusError { file: file.to_string(), record, field: field.to_string(), reason };
        let s = &self.source;
        if s.id.trim().is_empty() || s.id.contains(char::is_whitespace) {
            return Err(err("source".into(), "id", "must be a non-empty id without spaces".into()));
        }
        if s.repo.is_none() && s.url.is_none() {
            return Err(err("source".into(), "repo", "a source needs a repository (`repo`) or a page address (`url`)".into()));
        }
        if let Some(c) = &s.commit {
            if c.len() != 40 || !c.chars().all(|ch| ch.is_ascii_hexdigit()) {
                return Err(err("source".into(), "commit", format!("`{c}` is not a 40-hex commit")));
            }
        }
        if s.kind == SourceKind::VendorGuidance && !self.runs.is_empty() {
            return Err(err("source".into(), "kind", "vendor guidance is recorded as `guidance`, never as runs".into()));
        }
        let mut machine_ids = HashSet::new();
        for m in &self.machines {
            let rec = format!("machine {}", m.id);
            if !machine_ids.insert(m.id.as_str()) {
                return Err(err(rec, "id", "repeated machine id".into()));
            }
            for f in &m.inferred {
                if !MACHINE_FIELDS.contains(&f.as_str()) {
                    return Err(err(rec, "inferred", format!("`{f}` is not a machine field ({})", MACHINE_FIELDS.join(", "))));
                }
            }
            if !m.inferred.is_empty() && m.inferred_from.as_deref().is_none_or(|t| t.trim().is_empty()) {
                return Err(err(rec, "inferred_from", "inferred fields need `inferred_from`".into()));
            }
            if let (Some(c), Some(v)) = (m.cores, m.vcpus) {
                if v < c {
                    return Err(err(rec, "vcpus", format!("{v} hardware threads is fewer than {c} physical cores")));
                }
            }
            for (field, v) in [("ram_gb", m.ram_gb), ("disk_write_mbps", m.disk_write_mbps), ("disk_tb", m.disk_tb), ("nic_gbps", m.nic_gbps)] {
                if let Some(v) = v {
                    if !v.is_finite() || v <= 0.0 {
                        return Err(err(rec, field, format!("{v} must be a positive number")));
                    }
                }
            }
            if m.nodes == Some(0) || m.cores == Some(0) {
                return Err(err(rec, "nodes", "nodes and cores must be ≥ 1".into()));
            }
        }
        let mut run_ids = HashSet::new();
        for r in &self.runs {
            let rec = format!("run {}", r.id);
            if !run_ids.insert(r.id.as_str()) {
                return Err(err(rec, "id", "repeated run id".into()));
            }
            if !machine_ids.contains(r.machine.as_str()) {
                return Err(err(rec, "machine", format!("`{}` is not in `machines`", r.machine)));
            }
            if r.measured.is_empty() {
                return Err(err(rec, "measured", "a run needs at least one figure".into()));
            }
            for (i, f) in r.measured.iter().enumerate() {
                let field = format!("measured[{i}]");
                if !f.value.is_finite() || f.value < 0.0 {
                    return Err(err(rec, &field, format!("{} must be a finite number ≥ 0", f.value)));
                }
                let fits = if f.metric.is_latency() { super::is_time(f.unit) } else { super::is_rate(f.unit) };
                if !fits {
                    return Err(err(rec, &field, format!("unit {} does not fit metric {:?}", f.unit.label(), f.metric)));
                }
                if f.metric.is_latency() && f.percentile.is_none_or(|p| !(0.0..=100.0).contains(&p)) {
                    return Err(err(rec, &field, "a latency needs a percentile in 0–100".into()));
                }
                if super::is_rate(f.unit) && !matches!(f.unit, super::RunUnit::MsgPerS) && r.workload.message_bytes.is_none() {
                    return Err(err(rec, &field, "a byte rate needs workload.message_bytes to become msg/s".into()));
                }
            }
            if let Some(s) = r.workload.message_bytes {
                if !s.is_finite() || s <= 0.0 {
                    return Err(err(rec, "workload.message_bytes", format!("{s} must be positive")));
                }
            }
            if r.workload.rf == Some(0) {
                return Err(err(rec, "workload.rf", "rf must be ≥ 1".into()));
            }
            if let Some(t) = r.target_msgs {
                if !t.is_finite() || t < 0.0 {
                    return Err(err(rec, "target_msgs", format!("{t} must be ≥ 0")));
                }
            }
            if r.citation.trim().is_empty() {
                return Err(err(rec, "citation", "every run is cited".into()));
            }
        }
        // A stated durability pair: the other run exists, on the same machine, of the
        // same system, both saturated, and they differ in durability.
        for r in self.runs.iter().filter(|r| !r.pairs_with.is_empty()) {
            let rec = format!("run {}", r.id);
            for id in &r.pairs_with {
                let Some(o) = self.runs.iter().find(|o| &o.id == id) else { return Err(err(rec, "pairs_with", format!("`{id}` is not a run id"))) };
                let durability = |w: &super::RunWorkload| (w.acks.clone(), w.flush, w.replication, w.ack_quorum, w.journal);
                if o.machine != r.machine || o.system != r.system || o.driven != super::Driven::Saturated || r.driven != super::Driven::Saturated || durability(&o.workload) == durability(&r.workload) {
                    return Err(err(rec, "pairs_with", format!("`{id}` must be a saturated run of the same system on the same machine that differs in durability")));
                }
            }
        }
        for c in &s.conflicts {
            for id in &c.rows {
                if !run_ids.contains(id.as_str()) {
                    return Err(err("source".into(), "conflicts.rows", format!("`{id}` is not a run id")));
                }
            }
        }
        Ok(())
    }
}
