//! The last stage (evidence → factors → read cost → ceilings → CPU → scaling →
//! intervals → **uploads**): a user's uploaded runs calibrate the corpus model's CPU
//! cost of their system, on their own machines and settings.
//!
//! Each uploaded run is predicted by the reference model on the cluster it states
//! (nodes, cores, disks, NIC, message size, RF, partitions, consumers reading,
//! durability). The saturated runs that calibrate (the best per cluster and size,
//! judged plausible: [`UploadRole::Calibrates`]) rescale the CPU cost by the geometric
//! mean of measured ÷ predicted; then runs that held a fixed rate, or that their load
//! generator limited ([`UploadRole::Floor`]), raise it if they reached more than the
//! calibrated model allows — they are lower bounds, never ceilings. The calibrated
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
    /// Multiplier on throughput (the CPU cost is divided by it).
    pub factor: f64,
    /// Each run used: (row, measured msg/s, reference-predicted msg/s, bound, lower bound).
    pub runs: Vec<(PointRef, f64, f64, Resource, bool)>,
    /// The calibration in words, with the figures.
    pub how: String,
    /// What else the runs showed: a factor far from the reference, runs whose
    /// predicted bound is not the CPU, floors that only confirm.
    pub notes: Vec<String>,
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
    };
    let mut c = Cluster::planned(m.system, f64::from(u.nodes), &hw, u.message_bytes, u.rf, u.partitions, u32::from(u.reading), u.durability.unwrap_or(Durability::Replicated));
    if u.disks.is_none() {
        c.disk_bytes_per_s = None;
    }
    c
}

impl ThroughputModel {
    /// The model with each system's CPU cost calibrated to the uploaded runs of
    /// `systems` (a catalog fitted with uploads). Systems whose curve is fitted on the
    /// user's own cluster (the seed curve answers for them) and systems without
    /// usable runs are unchanged. Immutable: returns a new model.
    pub fn calibrated_to_uploads(&self, systems: &[SystemModel]) -> ThroughputModel {
        let mut out = self.clone();
        for m in systems.iter().filter(|m| !m.uploaded.is_empty() && !crate::catalog::is_upload(&m.home.hardware_id)) {
            let Some(fit) = out.systems.iter_mut().find(|s| s.system == m.system) else { continue };
            let predict = |fit: &super::SystemThroughput, u: &UploadedPoint| {
                let c = upload_cluster(m, u);
                super::cpu::bounds_with(fit.a_core_us, fit.b_core_us_per_byte, fit, &c, &self.assumptions, &self.factors).binding()
            };
            let mut runs = Vec::new();
            let mut logs = Vec::new();
            for u in m.uploaded.iter().filter(|u| u.role == UploadRole::Calibrates) {
                let (bound, p) = predict(fit, u);
                if p > 0.0 && u.msgs > 0.0 {
                    logs.push((u.msgs / p).ln());
                    runs.push((u.point.clone(), u.msgs, p, bound, false));
                }
            }
            let mut factor = if logs.is_empty() { 1.0 } else { (logs.iter().sum::<f64>() / logs.len() as f64).exp() };
            let mut how = if logs.is_empty() {
                String::new()
            } else {
                format!("corpus CPU cost calibrated ×{factor:.2} to your {} saturated run(s) (best per cluster and message size; geometric mean of measured ÷ predicted on the cluster each states)", logs.len())
            };
            // Floors: the highest measured ÷ calibrated prediction above 1 raises.
            let floor = m
                .uploaded
                .iter()
                .filter(|u| u.role == UploadRole::Floor)
                .filter_map(|u| {
                    let (bound, p) = predict(fit, u);
                    (p > 0.0).then(|| (u.msgs / (p * factor), u, bound, p))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let mut notes = Vec::new();
            if !logs.is_empty() && !(0.5..=2.0).contains(&factor) {
                notes.push(crate::catalog::far_from_reference(factor));
            }
            let not_cpu = runs.iter().filter(|r| r.3 != Resource::Cpu).count();
            if not_cpu > 0 {
                notes.push(format!("{not_cpu} of your saturated run(s) are predicted bound by disk, NIC or partitions rather than CPU on the cluster they state: the calibration scales the CPU cost only, so check those runs' disks and NIC"));
            }
            if let Some((raise, u, bound, p)) = floor {
                runs.push((u.point.clone(), u.msgs, p, bound, true));
                if raise <= 1.0 {
                    notes.push(crate::catalog::floors_confirm(m.uploaded.iter().filter(|u| u.role == UploadRole::Floor).count()));
                }
                if raise > 1.0 {
                    factor *= raise;
                    let then = if how.is_empty() { String::new() } else { format!("{how}; then ") };
                    how = format!("{then}raised ×{raise:.2} because a run of yours held to a rate (or limited by its load generator) reached {} msg/s, more than predicted", crate::units::fmt_num(u.msgs));
                }
            }
            if how.is_empty() {
                // Floors only, all below the reference prediction: nothing changes.
                if !notes.is_empty() {
                    fit.uploads = Some(UploadCalibration { factor: 1.0, runs, how: "not calibrated: your runs are lower bounds the reference model already reaches".into(), notes });
                }
                continue;
            }
            fit.a_core_us /= factor;
            fit.b_core_us_per_byte /= factor;
            fit.uploads = Some(UploadCalibration { factor, runs, how, notes });
        }
        out
    }
}
