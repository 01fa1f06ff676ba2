//! Latency estimates: the shape plans carry ([`LatencyEstimate`], made by
//! [`crate::latency_model`]) and P99.9 under backlog from seed 001's partitions ×
//! backlog grid, interpolated in log space inside the measured range and saying so
//! at its edge.

use crate::units::text;
use serde::{Deserialize, Serialize};

use crate::catalog::{PointRef, SystemModel};
use crate::dataset::Status;
use crate::units::Num;

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
    /// Where the plan's load lies below the lightest load a run measured: the
    /// percentile at that lightest load, ms — what a run shows, above `ms`, which is
    /// the curve extrapolated below it (latency does not rise as load falls). Absent
    /// inside the measured loads, and in plans made before stop 39.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_lightest_load_ms: Option<f64>,
}

impl LatencyEstimate {
    /// The figure runs show, ms: [`Self::at_lightest_load_ms`] where the load lies
    /// below every measured one, else `ms`. What a latency miss is ranked on.
    pub fn shown_ms(&self) -> f64 {
        self.at_lightest_load_ms.map_or(self.ms, |x| x.max(self.ms))
    }

    /// `4.1 ms`, or where read below the lightest measured load `4.1 ms (6.2 ms on the
    /// fitted curve at the lightest measured load)`: the page and the CLI write it so.
    pub fn ms_words(&self) -> String {
        let at = self.at_lightest_load_ms.map(|x| text!(" ({} ms on the fitted curve at the lightest measured load)", crate::units::Num(x)));
        text!("{} ms{}", crate::units::Num(self.ms), at.unwrap_or_default())
    }
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
    /// Where `extrapolated`, how far past the grid the query lies, in words (e.g. "the
    /// backlog 40× the largest measured"); the figure is held at the edge. Empty inside.
    #[serde(default)]
    pub past: String,
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

/// P99.9 at `partitions` and `backlog_bytes`, scaling partitions to the tested
/// cluster size (per-node load is what the grid measures).
pub fn grid_p999(m: &SystemModel, partitions: f64, backlog_bytes: f64, data_nodes: u32) -> Option<GridEstimate> {
    let first = m.grid.first()?;
    let equiv = partitions * f64::from(first.nodes) / f64::from(data_nodes.max(1));
    let mut ps: Vec<f64> = m.grid.iter().map(|c| c.partitions).collect();
    let mut bs: Vec<f64> = m.grid.iter().map(|c| c.backlog_bytes).collect();
    crate::order::sort_by(&mut ps, f64::total_cmp);
    ps.dedup();
    crate::order::sort_by(&mut bs, f64::total_cmp);
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
    // How far past the grid, per axis: a tester read "at the edge of the grid" for a
    // backlog 40× the largest measured.
    let (pmin, pmax, bmin, bmax) = (ps[0], ps[ps.len() - 1], bs[0], bs[bs.len() - 1]);
    let past = [
        (equiv > pmax).then(|| text!("{} partitions ×{} the most measured", Num(equiv), Num(equiv / pmax))),
        (equiv < pmin).then(|| text!("{} partitions, fewer than the {} measured", Num(equiv), Num(pmin))),
        (backlog_bytes > bmax).then(|| text!("a backlog ×{} the largest measured", Num(backlog_bytes / bmax))),
        (backlog_bytes < bmin).then(|| text!("a backlog below the smallest measured ({} GB)", Num(bmin / 1e9))),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" and ");
    Some(GridEstimate {
        ms,
        cliff,
        extrapolated,
        past,
        basis: text!(
            "{} partitions on {} data nodes ≙ {} on the {}-node test cluster; backlog {} GB; measured partitions {}–{}, backlog {}–{} GB{}",
            Num(partitions), Num(f64::from(data_nodes)), Num(equiv), first.nodes, Num(backlog_bytes / 1e9), Num(ps[0]), Num(ps[ps.len() - 1]),
            Num(bs[0] / 1e9), Num(bs[bs.len() - 1] / 1e9),
            if cliff { "; a neighbouring cell failed or passed the cliff" } else { "" }
        ),
        points,
    })
}
