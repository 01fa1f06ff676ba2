//! The CPU bound's parameters (a, b) per system, fitted on every saturated run of
//! the system with the other bounds in place: the prediction is min(CPU, disk, NIC,
//! partition) × durability, so a run bound by its disk or NIC does not pull the CPU
//! cost (DESIGN.md §6, "fit each bound where it binds"). Loss, in log space:
//! saturated runs (pred − meas)²; lower-bound runs only when under-predicted.
//! Each source weighs the same in total (1/runs per run), so a 100-run source does not
//! outvote a 2-run one. Minimised by a coarse-to-fine grid over (log a, log b) —
//! two parameters, a non-smooth objective (the min), so an exhaustive grid is both
//! simple and robust.

use super::durability::{combined, DurabilityFactor};
use super::{wa, Assumptions, Bounds, Cluster, SystemThroughput};
use crate::corpus::Evidence;

/// All bounds of `c` for CPU parameters `a`, `b` (core·µs, core·µs/B).
pub fn bounds_with(a: f64, b: f64, s: &SystemThroughput, c: &Cluster, asm: &Assumptions, factors: &[DurabilityFactor]) -> Bounds {
    raw_bounds(a, b, s.read.per_group, s.ceiling.as_ref().map(|x| x.bytes_per_s), c, asm, factors)
}

fn raw_bounds(a: f64, b: f64, read: f64, ceiling: Option<f64>, c: &Cluster, asm: &Assumptions, factors: &[DurabilityFactor]) -> Bounds {
    let s = c.message_bytes;
    let t_core_s = (a + b * s) * 1e-6;
    let cpu = c.nodes * c.effective_cores(asm) / ((c.rf + read * c.tail_readers) * t_core_s);
    let disk = c.disk_bytes_per_s.map(|d| c.nodes * d / (c.rf * wa(c.system, s) * s));
    let nic = c.nodes * c.nic_bytes_per_s / (s * c.rf.max(c.tail_readers + c.rf - 1.0));
    let partition = match (ceiling, c.partitions) {
        (Some(x), Some(p)) => Some(p * x / s),
        _ => None,
    };
    let (durability, spread) = combined(factors, c.system, &c.deviations);
    Bounds { cpu, disk, nic, partition, durability, durability_log_spread: spread }
}

/// A run prepared for the fit.
pub struct FitInput<'a> {
    /// The run.
    pub evidence: &'a Evidence,
    /// Its cluster.
    pub cluster: Cluster,
    /// Measured msg/s.
    pub measured: f64,
    /// Lower bound rather than capacity.
    pub lower_bound: bool,
    /// Weight (1 / runs of its source).
    pub weight: f64,
}

/// Fitted (a, b) and the weighted loss.
pub fn fit_ab(inputs: &[FitInput<'_>], read: f64, ceiling: Option<f64>, asm: &Assumptions, factors: &[DurabilityFactor]) -> (f64, f64, f64) {
    let loss = |la: f64, lb: f64| -> f64 {
        let (a, b) = (10f64.powf(la), 10f64.powf(lb));
        inputs
            .iter()
            .map(|i| {
                let (_, pred) = raw_bounds(a, b, read, ceiling, &i.cluster, asm, factors).binding();
                let e = pred.ln() - i.measured.ln();
                if i.lower_bound {
                    // Only an under-prediction of a reached rate is an error.
                    i.weight * e.min(0.0).powi(2)
                } else {
                    i.weight * e * e
                }
            })
            .sum()
    };
    // log10 a ∈ [-1, 3.5] core·µs, log10 b ∈ [-5, 0] core·µs/B.
    let (mut la, mut lb, mut step, mut best_loss) = (1.0, -2.0, 0.25, f64::INFINITY);
    let (mut lo_a, mut hi_a, mut lo_b, mut hi_b) = (-1.0, 3.5, -5.0, 0.0);
    for _ in 0..4 {
        let mut best = (f64::INFINITY, la, lb);
        let mut x = lo_a;
        while x <= hi_a + 1e-9 {
            let mut y = lo_b;
            while y <= hi_b + 1e-9 {
                let l = loss(x, y);
                // Ties (a flat objective: the bound does not bind) go to the
                // cheaper CPU, i.e. the larger throughput: keep the first minimum.
                if l < best.0 - 1e-12 {
                    best = (l, x, y);
                }
                y += step;
            }
            x += step;
        }
        la = best.1;
        lb = best.2;
        best_loss = best.0;
        lo_a = la - 2.0 * step;
        hi_a = la + 2.0 * step;
        lo_b = lb - 2.0 * step;
        hi_b = lb + 2.0 * step;
        step /= 5.0;
    }
    (10f64.powf(la), 10f64.powf(lb), best_loss)
}

/// Tail-read costs tried when no saturated pair measured one but runs with several
/// readers constrain it (share of a replica write).
pub const READ_COST_GRID: [f64; 11] = [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0];

/// Fits (a, b) and the tail-read cost together: the read cost with the smallest loss
/// (ties to the larger, i.e. the more conservative, cost).
pub fn fit_ab_read(inputs: &[FitInput<'_>], ceiling: Option<f64>, asm: &Assumptions, factors: &[DurabilityFactor]) -> (f64, f64, f64) {
    let mut best = (f64::INFINITY, 0.0, 0.0, 0.0);
    for c in READ_COST_GRID {
        let (a, b, l) = fit_ab(inputs, c, ceiling, asm, factors);
        if l <= best.0 + 1e-9 {
            best = (l.min(best.0), a, b, c);
        }
    }
    (best.1, best.2, best.3)
}
