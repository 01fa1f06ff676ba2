//! The last stage (evidence → factors → read cost → ceilings → CPU → scaling →
//! intervals → **uploads**): a user's uploaded runs calibrate the corpus model's CPU
//! cost of their system, on their own machines and settings.
//!
//! Each uploaded run is predicted by the reference model on the cluster it states
//! (nodes, cores, disks, NIC, message size, RF, partitions, consumers reading,
//! durability). The saturated runs that calibrate (the best per cluster and size,
//! judged plausible: [`UploadRole::Calibrates`]) and that the model calls CPU-bound
//! rescale the CPU cost by the geometric mean of measured ÷ predicted CPU capacity;
//! then runs that held a fixed rate, that their load generator limited
//! ([`UploadRole::Floor`]), or that the model calls bound by disk, NIC or partitions
//! raise it if they reached more than the calibrated CPU bound — they are lower
//! bounds on the CPU, never ceilings. The calibrated
//! interval is kept: one user's runs cannot say how well the model travels.

use serde::{Deserialize, Serialize};

use super::{Cluster, Resource, ThroughputModel};
use crate::catalog::{PointRef, SystemModel, UploadRole, UploadedPoint};
use crate::hardware::{default_disk_mbps, Hardware};
use crate::system::{DiskKind, Durability};
use crate::units::{GigabitsPerSec, MegabytesPerSec};

/// How a system's CPU cost was calibrated to uploaded runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadCalibration {
    /// Multiplier on throughput (the CPU cost is divided by it); 1 when not `calibrated`.
    pub factor: f64,
    /// False when every run was a lower bound the reference CPU bound already
    /// reaches: the runs are listed and the CPU cost is unchanged.
    pub calibrated: bool,
    /// Each run used (the highest lower bound among them).
    pub runs: Vec<UploadRun>,
    /// The calibration in words, with the figures.
    pub how: String,
    /// What else the runs showed: a factor far from the reference, runs whose
    /// predicted bound is not the CPU, floors that only confirm.
    pub notes: Vec<String>,
}

/// One uploaded run as the calibration used it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadRun {
    /// The uploaded row.
    pub point: PointRef,
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Measured msg/s (cluster).
    pub measured: f64,
    /// The reference model's CPU capacity on the run's cluster, msg/s (before calibration).
    pub reference_cpu: f64,
    /// The resource the reference model says binds on that cluster.
    pub bound: Resource,
    /// Counted as a lower bound (fixed rate, load-generator bound, or bound elsewhere).
    pub lower_bound: bool,
}

/// The cluster an uploaded run states, as the model sees it. Unstated disks give
/// no disk bound (the corpus runs on unstated disks are fitted the same way); an
/// unstated NIC the default.
pub fn upload_cluster(m: &SystemModel, u: &UploadedPoint) -> Cluster {
    let (disk, disks, mbps) = u.disks.unwrap_or((DiskKind::Unknown, None, None));
    let hw = Hardware {
        preset: None,
        cores: u.cores,
        ram_gb: 0.0,
        disk,
        disks: disks.unwrap_or(1),
        disk_mbps: mbps.map_or_else(|| default_disk_mbps(disk), MegabytesPerSec),
        disk_tb: 0.0,
        nic_gbps: GigabitsPerSec(u.nic_gbps.unwrap_or(crate::hardware::DEFAULT_NIC_GBPS)),
        physical_cores: None,
    };
    let mut c = Cluster::planned(m.system, f64::from(u.nodes), &hw, u.message_bytes, u.rf, u.partitions, u32::from(u.reading), u.durability.unwrap_or(Durability::Replicated));
    if u.disks.is_none() {
        c.disk_bytes_per_s = None;
    }
    c
}

impl ThroughputModel {
    /// The model with each system's CPU cost calibrated to the uploaded runs of
    /// `systems` (a catalog fitted with uploads, `data=merge`): also a system whose
    /// seed curve was fitted on the user's own cluster (a size sweep) — the corpus
    /// model, calibrated to those runs, answers for it; its size dependence stays the
    /// corpus fit's. Systems without usable runs are unchanged. Immutable: returns a
    /// new model.
    pub fn calibrated_to_uploads(&self, systems: &[SystemModel]) -> ThroughputModel {
        let mut out = self.clone();
        for m in systems.iter().filter(|m| !m.uploaded.is_empty()) {
            let Some(fit) = out.systems.iter_mut().find(|s| s.system == m.system) else { continue };
            // (binding resource, CPU bound with durability) on the run's own cluster.
            let predict = |fit: &super::SystemThroughput, u: &UploadedPoint| {
                let c = upload_cluster(m, u);
                let b = super::cpu::bounds_with(fit.a_core_us, fit.b_core_us_per_byte, fit, &c, &self.assumptions, &self.factors);
                (b.binding().0, b.cpu * b.durability)
            };
            let mut runs = Vec::new();
            let mut logs = Vec::new();
            // A saturated run the model calls CPU-bound measures the CPU bound; one it
            // calls disk-, NIC- or partition-bound only shows the CPU carries at least
            // its rate: a floor on the CPU like a fixed-rate run.
            let mut floors: Vec<(&UploadedPoint, Resource, f64)> = Vec::new();
            let mut not_cpu = 0;
            for u in m.uploaded.iter().filter(|u| u.role != UploadRole::NotUsed && u.msgs > 0.0) {
                let measured = u.as_run(m.system);
                let (bound, cpu) = predict(fit, u);
                if !(cpu > 0.0 && cpu.is_finite()) {
                    continue;
                }
                match u.role {
                    UploadRole::Calibrates if bound == Resource::Cpu => {
                        logs.push((measured / cpu).ln());
                        runs.push(UploadRun { point: u.point.clone(), message_bytes: u.message_bytes, measured, reference_cpu: cpu, bound, lower_bound: false });
                    }
                    UploadRole::Calibrates => {
                        not_cpu += 1;
                        floors.push((u, bound, cpu));
                    }
                    _ => floors.push((u, bound, cpu)),
                }
            }
            let mut factor = if logs.is_empty() { 1.0 } else { (logs.iter().sum::<f64>() / logs.len() as f64).exp() };
            let mut how = if logs.is_empty() {
                String::new()
            } else {
                format!("corpus CPU capacity calibrated ×{factor:.2} to your {} saturated CPU-bound run(s): each message costs ×{:.2} the reference's CPU (best per cluster and message size; geometric mean of measured ÷ predicted CPU capacity on the cluster each states)", logs.len(), 1.0 / factor)
            };
            let mut notes = Vec::new();
            if !logs.is_empty() && !(0.5..=2.0).contains(&factor) {
                notes.push(crate::catalog::far_from_reference(factor));
            }
            if not_cpu > 0 {
                notes.push(format!("{not_cpu} of your saturated run(s) are predicted bound by disk, NIC or partitions rather than CPU on the cluster they state: they count as lower bounds on the CPU only (check those runs' disks and NIC)"));
            }
            // Floors: the highest measured ÷ calibrated CPU capacity above 1 raises it
            // (the CPU bound scales with the factor exactly).
            let floor = floors.iter().map(|&(u, bound, cpu)| (u.as_run(m.system) / (cpu * factor), u, bound, cpu)).max_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((raise, u, bound, cpu)) = floor {
                runs.push(UploadRun { point: u.point.clone(), message_bytes: u.message_bytes, measured: u.as_run(m.system), reference_cpu: cpu, bound, lower_bound: true });
                if raise <= 1.0 {
                    notes.push(crate::catalog::floors_confirm(floors.len()));
                } else {
                    factor *= raise;
                    let then = if how.is_empty() { String::new() } else { format!("{how}; then ") };
                    how = format!("{then}raised ×{raise:.2} because a run of yours that is a lower bound (held to a rate, limited by its load generator, or bound elsewhere) reached {} msg/s, more than the CPU bound predicted", crate::units::fmt_num(u.as_run(m.system)));
                }
            }
            if how.is_empty() {
                // Lower bounds only, all within the reference CPU bound: nothing changes.
                if !notes.is_empty() {
                    fit.uploads = Some(UploadCalibration { factor: 1.0, calibrated: false, runs, how: "not calibrated: your runs are lower bounds the reference model already reaches".into(), notes });
                }
                continue;
            }
            fit.a_core_us /= factor;
            fit.b_core_us_per_byte /= factor;
            fit.uploads = Some(UploadCalibration { factor, calibrated: true, runs, how, notes });
        }
        out
    }
}
