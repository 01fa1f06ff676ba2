//! Latency from measured points only: p99 between seed 000's steady and high-load
//! figures, P99.9 under backlog from seed 001's partitions × backlog grid. Both
//! interpolate in log space inside the measured range and say so at its edge.

use serde::{Deserialize, Serialize};

use crate::catalog::{PointRef, SystemModel};
use crate::dataset::{Load, Status};
use crate::factors::{HIGH_UTILISATION, STEADY_UTILISATION};
use crate::units::fmt_num;

/// An expected latency and what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LatencyEstimate {
    /// Percentile (99).
    pub percentile: f64,
    /// Milliseconds.
    pub ms: f64,
    /// Low end of the 80 % interval, ms (None: no interval, seed 000's points only).
    #[serde(default)]
    pub low: Option<f64>,
    /// High end, ms.
    #[serde(default)]
    pub high: Option<f64>,
    /// How it was read, in words.
    pub basis: String,
    /// Measured rows used.
    pub points: Vec<PointRef>,
}

/// P99.9 under a backlog, read off the grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GridEstimate {
    /// Milliseconds (a lower bound when `cliff`).
    pub ms: f64,
    /// True when a neighbouring grid cell failed, was aborted or exceeds the cliff.
    pub cliff: bool,
    /// True when the query lies outside the measured partitions/backlog range.
    pub extrapolated: bool,
    /// How it was read.
    pub basis: String,
    /// Cells used.
    pub points: Vec<PointRef>,
}

fn lerp_log(x0: f64, y0: f64, x1: f64, y1: f64, x: f64) -> f64 {
    if (x1 - x0).abs() < 1e-12 {
        return y0;
    }
    let t = ((x - x0) / (x1 - x0)).clamp(0.0, 1.0);
    (y0.ln() + t * (y1.ln() - y0.ln())).exp()
}

/// Expected p99 at CPU utilisation `u` (0–1). `None` when no p99 was measured.
pub fn expected_p99(m: &SystemModel, u: f64) -> Option<LatencyEstimate> {
    let find = |load: Load| m.latency.iter().find(|p| (p.percentile - 99.0).abs() < 1e-9 && p.load == load);
    let steady = find(Load::Steady)?;
    match find(Load::High) {
        Some(high) => {
            let ms = lerp_log(STEADY_UTILISATION, steady.ms, HIGH_UTILISATION, high.ms, u);
            Some(LatencyEstimate {
                percentile: 99.0,
                ms,
                low: None,
                high: None,
                basis: format!(
                    "between steady {} ms and high-load {} ms, log-interpolated at {:.0} % CPU (steady ≙ {:.0} %, high ≙ {:.0} %: our mapping)",
                    fmt_num(steady.ms), fmt_num(high.ms), u * 100.0, STEADY_UTILISATION * 100.0, HIGH_UTILISATION * 100.0
                ),
                points: vec![steady.point.clone(), high.point.clone()],
            })
        }
        None => Some(LatencyEstimate {
            percentile: 99.0,
            ms: steady.ms,
            low: None,
            high: None,
            basis: format!("steady-load measurement; high load not measured, so growth with load is unknown ({:.0} % CPU)", u * 100.0),
            points: vec![steady.point.clone()],
        }),
    }
}

/// P99.9 at `partitions` and `backlog_bytes`, scaling partitions to the tested
/// cluster size (per-node load is what the grid measures).
pub fn grid_p999(m: &SystemModel, partitions: f64, backlog_bytes: f64, data_nodes: u32) -> Option<GridEstimate> {
    let first = m.grid.first()?;
    let equiv = partitions * f64::from(first.nodes) / f64::from(data_nodes.max(1));
    let mut ps: Vec<f64> = m.grid.iter().map(|c| c.partitions).collect();
    let mut bs: Vec<f64> = m.grid.iter().map(|c| c.backlog_bytes).collect();
    ps.sort_by(f64::total_cmp);
    ps.dedup();
    bs.sort_by(f64::total_cmp);
    bs.dedup();
    let extrapolated = equiv < ps[0] || equiv > ps[ps.len() - 1] || backlog_bytes < bs[0] || backlog_bytes > bs[bs.len() - 1];
    let bracket = |axis: &[f64], x: f64| -> (f64, f64) {
        let x = x.clamp(axis[0], axis[axis.len() - 1]);
        let hi = axis.iter().copied().find(|a| *a >= x).unwrap_or(axis[axis.len() - 1]);
        let lo = axis.iter().copied().rev().find(|a| *a <= x).unwrap_or(axis[0]);
        (lo, hi)
    };
    let (p0, p1) = bracket(&ps, equiv);
    let (b0, b1) = bracket(&bs, backlog_bytes);
    let cell = |p: f64, b: f64| m.grid.iter().find(|c| c.partitions == p && c.backlog_bytes == b);
    // Fall back to the nearest stated backlog in the same partition column when a
    // corner is missing (the article does not state every cell).
    let nearest = |p: f64, b: f64| {
        cell(p, b).or_else(|| {
            m.grid.iter().filter(|c| c.partitions == p).min_by(|x, y| (x.backlog_bytes.ln() - b.ln()).abs().total_cmp(&(y.backlog_bytes.ln() - b.ln()).abs()))
        })
    };
    let corners = [nearest(p0, b0), nearest(p0, b1), nearest(p1, b0), nearest(p1, b1)];
    let cs: Vec<_> = corners.iter().flatten().collect();
    if cs.is_empty() {
        return None;
    }
    let cliff = cs.iter().any(|c| c.status != Status::Ok || c.ms >= crate::factors::CLIFF_MS);
    let v = |c: Option<&crate::catalog::GridCell>| c.map(|c| c.ms);
    let bx = backlog_bytes.clamp(bs[0], bs[bs.len() - 1]);
    let px = equiv.clamp(ps[0], ps[ps.len() - 1]);
    let along_b = |lo: Option<f64>, hi: Option<f64>, blo: f64, bhi: f64| match (lo, hi) {
        (Some(a), Some(b)) => Some(lerp_log(blo.ln(), a, bhi.ln(), b, bx.ln())),
        (a, b) => a.or(b),
    };
    let at_p0 = along_b(v(corners[0]), v(corners[1]), b0, b1);
    let at_p1 = along_b(v(corners[2]), v(corners[3]), b0, b1);
    let ms = match (at_p0, at_p1) {
        (Some(a), Some(b)) => lerp_log(p0.ln(), a, p1.ln(), b, px.ln()),
        (a, b) => a.or(b)?,
    };
    let mut points: Vec<PointRef> = cs.iter().map(|c| c.point.clone()).collect();
    points.dedup_by(|a, b| a.id == b.id);
    Some(GridEstimate {
        ms,
        cliff,
        extrapolated,
        basis: format!(
            "{} partitions on {} data nodes ≙ {} on the {}-node test cluster; backlog {} GB; measured partitions {}–{}, backlog {}–{} GB{}",
            fmt_num(partitions), data_nodes, fmt_num(equiv), first.nodes, fmt_num(backlog_bytes / 1e9), fmt_num(ps[0]), fmt_num(ps[ps.len() - 1]),
            fmt_num(bs[0] / 1e9), fmt_num(bs[bs.len() - 1] / 1e9),
            if cliff { "; a neighbouring cell failed or passed the cliff" } else { "" }
        ),
        points,
    })
}

/// Message sizes the seeds' p99 figures were measured at (1 KB, seed 000 §4),
/// with the span we read as "the same size": half to twice that.
pub const P99_SIZE_RANGE: (f64, f64) = (512.0, 2048.0);

/// Why the measured p99 does not describe this workload (None when it does): the
/// seeds measured p99 at 1 KB with replicated, async-flush acks only.
pub fn p99_unmeasured_for(w: &crate::workload::Workload) -> Option<String> {
    if w.durability != crate::system::Durability::Replicated {
        return Some(format!("p99 was measured with replicated, async-flush acks; {} is not measured (001 FAQ: sync flush lifts latency about tenfold)", w.durability.id()));
    }
    if w.size.0 < P99_SIZE_RANGE.0 || w.size.0 > P99_SIZE_RANGE.1 {
        return Some(format!("p99 was measured with 1 KB messages; at {} B it is not measured", fmt_num(w.size.0)));
    }
    None
}

/// The highest utilisation at which the expected p99 stays within `slo_ms`, read
/// from the steady (≙ 50 %) and high-load (≙ 90 %) points; `Err` with the reason
/// when even the steady point misses it or no p99 is measured.
pub fn utilisation_for_objective(m: &SystemModel, slo_ms: f64) -> Result<f64, String> {
    let find = |load: Load| m.latency.iter().find(|p| (p.percentile - 99.0).abs() < 1e-9 && p.load == load);
    let Some(steady) = find(Load::Steady) else { return Err("p99 not measured".into()) };
    if steady.ms > slo_ms {
        return Err(format!("measured p99 {} ms at steady load ({}) already exceeds {} ms", fmt_num(steady.ms), steady.point.citation, fmt_num(slo_ms)));
    }
    match find(Load::High) {
        Some(high) if high.ms > steady.ms && high.ms > slo_ms => {
            let t = (slo_ms / steady.ms).ln() / (high.ms / steady.ms).ln();
            Ok(STEADY_UTILISATION + t * (HIGH_UTILISATION - STEADY_UTILISATION))
        }
        Some(_) => Ok(HIGH_UTILISATION),
        // Growth with load unknown: hold the steady point's utilisation.
        None => Ok(STEADY_UTILISATION),
    }
}

#[cfg(test)]
mod objective_tests {
    use super::lerp_log;
    use crate::factors::{HIGH_UTILISATION, STEADY_UTILISATION};

    #[test]
    fn the_objective_utilisation_inverts_the_interpolation() {
        // Seed 000 §4 Kafka: steady 18 ms, high 35 ms. 25 ms ↔ u with lerp_log(u) = 25.
        let (s, h, slo) = (18.0_f64, 35.0_f64, 25.0_f64);
        let t = (slo / s).ln() / (h / s).ln();
        let u = STEADY_UTILISATION + t * (HIGH_UTILISATION - STEADY_UTILISATION);
        assert!((lerp_log(STEADY_UTILISATION, s, HIGH_UTILISATION, h, u) - slo).abs() < 1e-9);
    }
}
