//! Predicting one cluster's produce throughput (`mqplan predict`): the smallest of
//! its CPU, disk, network (and partition) bounds at full utilisation, with an
//! interval. The corpus-fitted model ([`crate::throughput`], intervals calibrated by
//! leave-one-source-out validation, CPU cost calibrated to any uploaded runs)
//! answers whenever the catalog carries a fit for the system, except with
//! `data=only` where your cluster is fitted alone; otherwise the seed size curve (v1)
//! answers, and `model` says which.

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, PointRef, Scaling};
use crate::throughput::{Cluster, NodeScaling, Resource, ThroughputModel};
use crate::factors::{durability_factor, write_amplification, BASE_INTERVAL};
use crate::hardware::Hardware;
use crate::sizing::BoundKind;
use crate::system::{Durability, SystemId};
use crate::units::{Bytes, MsgPerSec};

/// The cluster to predict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClusterSpec {
    /// System.
    pub system: SystemId,
    /// Message size.
    pub size: Bytes,
    /// Replication factor.
    pub rf: u32,
    /// Data nodes.
    pub nodes: u32,
    /// Machine.
    pub hardware: Hardware,
    /// Ack semantics.
    pub durability: Durability,
    /// Partitions in total (None: no per-partition ceiling applied).
    #[serde(default)]
    pub partitions: Option<u32>,
    /// Consumer groups reading the tail while producers write (0: produce only).
    #[serde(default)]
    pub fanout: u32,
}

/// The prediction. JSON: `system, msgs_per_s, mb_per_s, low, high, extrapolated, points`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// System id.
    pub system: SystemId,
    /// Predicted produce throughput, msg/s.
    pub msgs_per_s: f64,
    /// Same in MB/s (10^6 B/s).
    pub mb_per_s: f64,
    /// Low end of the interval, msg/s.
    pub low: f64,
    /// High end, msg/s.
    pub high: f64,
    /// True when outside the measured message sizes, hardware threads per node or node
    /// counts (for the corpus model: past the nearness that widens its interval).
    pub extrapolated: bool,
    /// Which bound limits it.
    pub bound: BoundKind,
    /// Fit quality: R² and residual degrees of freedom of the size fit.
    pub r_squared: f64,
    /// Residual degrees of freedom.
    pub dof: usize,
    /// What widened the interval and why.
    pub notes: Vec<String>,
    /// Measured rows used.
    pub points: Vec<PointRef>,
    /// Which model answered: `corpus` (fitted on every source, calibrated interval) or
    /// `seed-curve` (the v1 size curve: `data=only` with your cluster fitted alone, or a system the corpus cannot fit).
    pub model: String,
    /// The interval's stated coverage (0.8 for `corpus`; None for `seed-curve`,
    /// whose interval is a sum of stated widenings, not calibrated).
    pub level: Option<f64>,
}

/// Errors predicting.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PredictError {
    /// No fit for the system.
    #[error("no fitted model for {0}")]
    NoModel(SystemId),
    /// RF exceeds the node count.
    #[error("rf {rf} needs at least {rf} nodes, got {nodes}")]
    TooFewNodes {
        /// Replication factor.
        rf: u32,
        /// Nodes given.
        nodes: u32,
    },
}

/// Predicts `spec`'s produce throughput.
///
/// # Errors
/// [`PredictError`] when the system is not fitted or RF > nodes.
pub fn predict(catalog: &Catalog, spec: &ClusterSpec) -> Result<Prediction, PredictError> {
    let m = catalog.system(spec.system).ok_or(PredictError::NoModel(spec.system))?;
    if spec.rf > spec.nodes {
        return Err(PredictError::TooFewNodes { rf: spec.rf, nodes: spec.nodes });
    }
    if let Some(mut p) = catalog.throughput.as_ref().filter(|_| !seed_curve_answers(catalog, m)).and_then(|t| predict_corpus(t, spec)) {
        // The measured cluster's own hardware was assumed (seed 004 stops before its
        // setup): say so, as every plan does (a stop-19 tester saw `predict` omit it).
        if let Some(a) = &m.home.assumed {
            p.notes.push(format!("{}: {a}", m.system.name()));
            p.extrapolated = true;
        }
        return Ok(p);
    }
    let n = f64::from(spec.nodes);
    let rf = f64::from(spec.rf);
    let hw = &spec.hardware;
    let f = durability_factor(spec.system, spec.durability);
    let per_node_cpu = f64::from(hw.cores) / (rf * m.produce.core_seconds(spec.size.0)) * f.multiplier;
    let cpu = match &m.scaling {
        Scaling::Linear { .. } => per_node_cpu * n,
        Scaling::Usl(u) => per_node_cpu * n / (1.0 + u.sigma * (n - 1.0) + u.kappa * n * (n - 1.0)),
    };
    let (wa, _) = write_amplification(spec.system, spec.size.0);
    let disk = hw.disk_write().bytes_per_sec() * n / (rf * wa) / spec.size.0;
    let net = hw.nic_gbps.to_mb().bytes_per_sec() * n / rf / spec.size.0;
    let (bound, msgs) = [(BoundKind::Cpu, cpu), (BoundKind::Disk, disk), (BoundKind::Network, net)]
        .into_iter()
        .fold((BoundKind::Cpu, f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });

    let mut half = BASE_INTERVAL;
    let mut notes = vec![format!("±{:.0} % run-to-run (seed medians of 3 runs, spread unstated)", BASE_INTERVAL * 100.0)];
    let (lo, hi) = m.produce.size_range();
    let mut extrapolated = false;
    if spec.size.0 < lo * 0.999 || spec.size.0 > hi * 1.001 {
        extrapolated = true;
        half += 0.15;
        notes.push(format!("+15 %: message size outside the measured {lo}–{hi} B"));
    }
    if hw.cores != m.home.cores {
        extrapolated = true;
        let worst = m.checks.iter().map(|c| (c.measured_msgs / c.predicted_msgs - 1.0).abs()).fold(0.15, f64::max);
        half += worst;
        notes.push(format!("+{:.0} %: cores scaled from {} to {} (worst out-of-sample miss of the core scaling)", worst * 100.0, m.home.cores, hw.cores));
    }
    if spec.nodes > m.home.nodes * 2 {
        extrapolated = true;
        half += 0.10;
        notes.push(format!("+10 %: {} nodes vs {} measured, scaling assumed", spec.nodes, m.home.nodes));
    }
    if f.assumed {
        half += 0.10;
        notes.push(format!("+10 %: durability factor carried over ({})", f.citation));
    }
    let mut points: Vec<PointRef> = m.produce.points.iter().map(|p| PointRef { id: p.row_id.as_str().into(), citation: p.citation.as_str().into(), summary: format!("{} msg/s at {} B", crate::units::fmt_num(p.measured_msgs), p.message_bytes).into() }).collect();
    points.extend(m.checks.iter().map(|c| c.point.clone()));
    Ok(Prediction {
        system: spec.system,
        msgs_per_s: msgs,
        mb_per_s: MsgPerSec(msgs).to_mb(spec.size).0,
        low: msgs * (1.0 - half).max(0.05),
        high: msgs * (1.0 + half),
        extrapolated,
        bound,
        r_squared: m.produce.r_squared,
        dof: m.produce.dof(),
        notes,
        points,
        model: "seed-curve".into(),
        level: None,
    })
}

/// Whether the seed size curve answers for `m` in `catalog` rather than the corpus
/// model: its curve is fitted on the user's own uploaded cluster and the corpus
/// model was not calibrated to those runs (`data=only`, where the reference runs
/// are left out). With `data=merge` uploads calibrate the corpus model
/// ([`ThroughputModel::calibrated_to_uploads`]).
pub fn seed_curve_answers(catalog: &Catalog, m: &crate::catalog::SystemModel) -> bool {
    m.home.origin.upload().is_some() && catalog.throughput.as_ref().and_then(|t| t.system(m.system)).is_none_or(|s| s.uploads.is_none())
}

/// The corpus model's prediction; None when it has no fit for the system.
fn predict_corpus(t: &ThroughputModel, spec: &ClusterSpec) -> Option<Prediction> {
    let fit = t.system(spec.system)?;
    let c = Cluster::planned(spec.system, f64::from(spec.nodes), &spec.hardware, spec.size.0, spec.rf, spec.partitions, spec.fanout, spec.durability);
    let p = t.predict(&c)?;
    let iv = t.interval(spec.system, p.ground);
    let (base, _) = t.base_interval_on(spec.system, p.ground);
    let mut notes = vec![format!(
        "{:.0} % interval: ×/÷{:.2} before widening ({}); this prediction's: ×{:.2}…×{:.2}",
        p.level * 100.0,
        crate::units::Dec(base.exp()),
        iv.map_or_else(|| "not calibrated".to_string(), |i| i.how.clone()),
        crate::units::Dec(p.low / p.expected),
        crate::units::Dec(p.high / p.expected),
    )];
    notes.extend(p.notes.iter().cloned());
    let NodeScaling::Linear { reason, .. } = &fit.scaling;
    notes.push(reason.clone());
    let mut points: Vec<PointRef> = fit
        .runs
        .iter()
        .filter(|r| !r.lower_bound)
        .map(|r| PointRef {
            id: format!("{}#{}", r.source, r.run).into(),
            citation: r.citation.as_str().into(),
            summary: format!("{} msg/s measured ({} bound in the fit)", crate::units::fmt_num(r.measured), r.bound.id()).into(),
        })
        .collect();
    if let Some(u) = &fit.uploads {
        notes.push(u.how.clone());
        notes.extend(u.notes.iter().cloned());
        points.extend(u.runs.iter().map(|r| r.point.clone()));
    }
    // Outside what the fit's saturated runs measured: the message size, the hardware
    // threads per node (past the stated nearness) or the node count (past the
    // largest) — the same tests that widen the interval.
    let (lo, hi) = fit.size_range;
    let scaled_past = crate::throughput::scaling_width(c.nodes, fit.scaling.max_nodes_measured()) > 0.0;
    let extrapolated = spec.size.0 < lo * 0.999 || spec.size.0 > hi * 1.001 || crate::throughput::hardware_distance_width(fit, &c).is_some() || scaled_past;
    Some(Prediction {
        system: spec.system,
        msgs_per_s: p.expected,
        mb_per_s: MsgPerSec(p.expected).to_mb(spec.size).0,
        low: p.low,
        high: p.high,
        extrapolated,
        bound: match p.bound {
            Resource::Cpu => BoundKind::Cpu,
            Resource::Disk => BoundKind::Disk,
            Resource::Nic => BoundKind::Network,
            Resource::Partition => BoundKind::Partitions,
        },
        r_squared: log_r_squared(&fit.runs),
        dof: fit.runs.iter().filter(|r| !r.lower_bound).count().saturating_sub(2),
        notes,
        points,
        model: "corpus".into(),
        level: Some(p.level),
    })
}

/// R² of ln(measured) against ln(predicted) over a fit's saturated runs (0 with
/// fewer than two).
fn log_r_squared(runs: &[crate::throughput::FitRun]) -> f64 {
    let pts: Vec<(f64, f64)> = runs.iter().filter(|r| !r.lower_bound).map(|r| (r.measured.ln(), r.predicted.ln())).collect();
    if pts.len() < 2 {
        return 0.0;
    }
    let mean = pts.iter().map(|p| p.0).sum::<f64>() / pts.len() as f64;
    let tot: f64 = pts.iter().map(|p| (p.0 - mean).powi(2)).sum();
    let res: f64 = pts.iter().map(|p| (p.0 - p.1).powi(2)).sum();
    if tot > 0.0 { 1.0 - res / tot } else { 0.0 }
}
