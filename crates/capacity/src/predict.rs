//! Predicting one cluster's produce throughput (`mqplan predict`): the smallest of
//! its CPU, disk and network bounds at full utilisation, with an interval.

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, PointRef, Scaling};
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
    /// True when outside the measured message sizes, cores or node counts.
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
    let mut points: Vec<PointRef> = m.produce.points.iter().map(|p| PointRef { id: p.row_id.clone(), citation: p.citation.clone(), summary: format!("{} msg/s at {} B", crate::units::fmt_num(p.measured_msgs), p.message_bytes) }).collect();
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
    })
}
