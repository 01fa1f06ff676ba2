//! The CPU bound's parameters (a, b) per system, fitted on every saturated run of
//! the system with the other bounds in place: the prediction is min(CPU, disk, NIC,
//! partition) × durability, so a run bound by its disk or NIC does not pull the CPU
//! cost (DESIGN.md §6, "fit each bound where it binds"). Loss, in log space:
//! saturated runs (pred − meas)²; lower-bound runs only when under-predicted.
//! Each source weighs the same in total (1/runs per run), so a 100-run source does not
//! outvote a 2-run one. Minimised by profiling log b on a grid and searching log a
//! for each (a scan, then golden section) — two parameters and a non-smooth
//! objective (the min), where a grid is both simple and robust.

use super::durability::{combined, DurabilityFactor};
use super::{wa, Assumptions, Bounds, Cluster, SystemThroughput};
use crate::corpus::Evidence;

/// All bounds of `c` for CPU parameters `a`, `b` (core·µs, core·µs/B); the CPU bound
/// at the middle of an unmeasured read cost's range ([`super::ReadCost::centre`]),
/// times the effect measured on the cluster's machine class ([`super::MachineEffect`]).
pub fn bounds_with(a: f64, b: f64, s: &SystemThroughput, c: &Cluster, asm: &Assumptions, factors: &[DurabilityFactor]) -> Bounds {
    let mut bounds = raw_bounds(a, b, s.read.per_group, s.ceiling.as_ref().map(|x| x.bytes_per_s), c, asm, factors);
    bounds.cpu *= s.read.centre(c.rf, c.tail_readers) * s.machine_effect(c).map_or(1.0, |e| e.factor);
    if let Some(d) = bounds.disk.as_mut() {
        let share = s.disk_share(c);
        *d *= share;
        bounds.disk_share = share;
    }
    bounds
}

fn raw_bounds(a: f64, b: f64, read: f64, ceiling: Option<f64>, c: &Cluster, asm: &Assumptions, factors: &[DurabilityFactor]) -> Bounds {
    let s = c.message_bytes;
    let t_core_s = (a + b * s) * 1e-6;
    let cpu = c.nodes * c.effective_cores(asm) / ((c.rf + read * c.tail_readers) * t_core_s);
    // Bypassing the BookKeeper journal removes one of its two writes per entry.
    let journal = if c.deviations.contains(&super::Deviation::JournalBypass) { 0.5 } else { 1.0 };
    let disk = c.disk_bytes_per_s.map(|d| {
        let nodes = c.nodes * d / (c.rf * wa(c.system, s) * journal * s);
        // A partition replica on one disk: p partitions write at most p disks' worth.
        match (crate::factors::replica_on_one_disk(c.system), c.partitions) {
            (Some(_), Some(p)) => nodes.min(p * d / c.disks.max(1.0) / (wa(c.system, s) * s)),
            _ => nodes,
        }
    });
    let nic = c.nodes * c.nic_bytes_per_s / (s * c.rf.max(c.tail_readers + c.rf - 1.0));
    let partition = match (ceiling, c.partitions) {
        (Some(x), Some(p)) => Some(p * x / s),
        _ => None,
    };
    let (durability, spread) = combined(factors, c.system, &c.deviations, c.machine_class.as_deref());
    Bounds { cpu, disk, nic, partition, durability, durability_log_spread: spread, disk_stated: c.disk_stated(), nic_stated: c.nic_stated(), disk_share: 1.0, disk_floor: c.reading.disk_floor }
}

/// The smallest per-byte cost the fit searches, log10 core·µs/B: a fitted b here
/// means the runs do not resolve a per-byte cost (they span too few sizes, or
/// another bound sets the large-message runs), not that bytes are free.
pub const LOG10_B_MIN: f64 = -5.0;

/// Weight of the tie-break toward smaller costs (per decade of a or b).
pub const PLATEAU_TIE_BREAK: f64 = 1e-5;

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

/// The per-node disk write (bytes/s) each saturated run on a machine with unstated
/// disks would imply if its disk bound set it: candidates for that machine's disk.
fn disk_candidates(group: &[&FitInput<'_>], factors: &[DurabilityFactor]) -> Vec<f64> {
    group
        .iter()
        .filter(|i| !i.lower_bound)
        .map(|i| {
            let c = &i.cluster;
            let (dur, _) = combined(factors, c.system, &c.deviations, None);
            i.measured / dur * c.rf * wa(c.system, c.message_bytes) * c.message_bytes / c.nodes
        })
        .collect()
}

/// One run reduced to what the loss needs, so the search is arithmetic only:
/// prediction = min(min(cpu_k / (a + b·s), partition, disk_k · D) × f, NIC and known disks
/// (each × f as it acts on that hardware: [`super::Bounds::binding`])).
struct Fast {
    cpu_k: f64,
    s: f64,
    /// The per-partition bound (scaled by the durability factor, like the CPU).
    soft: f64,
    /// The NIC and known-disk bounds, each already scaled by the durability factor
    /// as it acts on that hardware ([`super::Bounds::binding`]).
    hard: f64,
    /// Disks per byte for a machine whose disks are fitted (× D bytes/s, × the factor).
    disk_k: f64,
    durability: f64,
    ln_measured: f64,
    lower_bound: bool,
    weight: f64,
}

impl Fast {
    fn of(i: &FitInput<'_>, read: f64, ceiling: Option<f64>, asm: &Assumptions, factors: &[DurabilityFactor]) -> Fast {
        let c = &i.cluster;
        // Bounds at a = 1 core·µs, b = 0: the CPU bound is then cpu_k / (a + b·s).
        let b = raw_bounds(1.0, 0.0, read, ceiling, c, asm, factors);
        let journal = if c.deviations.contains(&super::Deviation::JournalBypass) { 0.5 } else { 1.0 };
        Fast {
            cpu_k: b.cpu,
            s: c.message_bytes,
            soft: b.partition.unwrap_or(f64::INFINITY),
            hard: b.nic * b.nic_factor(),
            disk_k: c.nodes / (c.rf * wa(c.system, c.message_bytes) * journal * c.message_bytes),
            durability: b.durability,
            ln_measured: i.measured.ln(),
            lower_bound: i.lower_bound,
            weight: i.weight,
        }
    }
    /// Loss at (a, b) with `disk` bytes/s per node (∞: no disk bound).
    fn loss(&self, a: f64, b: f64, disk: f64) -> f64 {
        let pred = ((self.cpu_k / (a + b * self.s)).min(self.soft).min(self.disk_k * disk) * self.durability).min(self.hard);
        let e = pred.ln() - self.ln_measured;
        if self.lower_bound {
            self.weight * e.min(0.0).powi(2)
        } else {
            self.weight * e * e
        }
    }
}

/// The fitted CPU parameters and what was fitted for machines with unstated disks.
#[derive(Debug, Clone, PartialEq)]
pub struct CpuFit {
    /// Per-message cost, core·µs.
    pub a: f64,
    /// Per-byte cost, core·µs/B.
    pub b: f64,
    /// Weighted loss.
    pub loss: f64,
    /// Per machine id with unstated disks: the disk write per node (bytes/s) that
    /// best explains its runs, or None when no disk bound is needed.
    pub disks: Vec<(String, Option<f64>)>,
}

/// Fits (a, b). A machine whose disks the source does not state gets the disk write
/// (from the candidates its own saturated runs imply, or none) that best explains its
/// runs: the disk bound is fitted where it binds, never invented for prediction.
pub fn fit_ab(inputs: &[FitInput<'_>], read: f64, ceiling: Option<f64>, asm: &Assumptions, factors: &[DurabilityFactor]) -> CpuFit {
    let known: Vec<Fast> = inputs
        .iter()
        .filter_map(|i| i.cluster.disk_bytes_per_s.map(|d| (i, d)))
        .map(|(i, d)| {
            let mut f = Fast::of(i, read, ceiling, asm, factors);
            let b = raw_bounds(1.0, 0.0, read, ceiling, &i.cluster, asm, factors);
            f.hard = f.hard.min(f.disk_k * d * if b.disk_stated { b.hardware_factor() } else { b.durability });
            f.disk_k = f64::INFINITY;
            f
        })
        .collect();
    let mut machines: Vec<&str> = inputs.iter().filter(|i| i.cluster.disk_bytes_per_s.is_none()).map(|i| i.evidence.machine.id.as_str()).collect();
    machines.sort_unstable();
    machines.dedup();
    let groups: Vec<(&str, Vec<Fast>, Vec<f64>)> = machines
        .iter()
        .map(|m| {
            let g: Vec<&FitInput<'_>> = inputs.iter().filter(|i| i.cluster.disk_bytes_per_s.is_none() && i.evidence.machine.id == *m).collect();
            let cands = disk_candidates(&g, factors);
            (*m, g.iter().map(|i| Fast::of(i, read, ceiling, asm, factors)).collect(), cands)
        })
        .collect();
    let best_disk = |a: f64, b: f64, g: &[Fast], cands: &[f64]| -> (f64, Option<f64>) {
        let mut best = (g.iter().map(|f| f.loss(a, b, f64::INFINITY)).sum::<f64>(), None);
        for d in cands {
            let l = g.iter().map(|f| f.loss(a, b, *d)).sum::<f64>();
            if l < best.0 - 1e-12 {
                best = (l, Some(*d));
            }
        }
        best
    };
    let loss = |la: f64, lb: f64| -> f64 {
        let (a, b) = (10f64.powf(la), 10f64.powf(lb));
        let k: f64 = known.iter().map(|f| f.loss(a, b, f64::INFINITY)).sum();
        // On a plateau (a cost the data cannot see because another bound binds),
        // prefer the smaller cost: a tie-break too small to move an identified fit.
        let tie_break = PLATEAU_TIE_BREAK * ((la + 1.0) + (lb - LOG10_B_MIN));
        k + groups.iter().map(|(_, g, c)| best_disk(a, b, g, c).0).sum::<f64>() + tie_break
    };
    // Profile over b: for each log10 b ∈ [-5, 0] in steps of 0.1, the best log10 a ∈
    // [-1, 3.5] (a scan in steps of 0.1, then a golden-section search in the best
    // bracket), so a plateau in b (a size range another bound explains) is not
    // crossed by accident: the tie-break then picks the smallest b it allows.
    let (mut la, mut lb, mut best_loss) = (1.0, LOG10_B_MIN, f64::INFINITY);
    for ib in 0..=50 {
        let y = LOG10_B_MIN + 0.1 * f64::from(ib);
        let f = |x: f64| loss(x, y);
        let (mut bx, mut bl) = (-1.0, f64::INFINITY);
        for ia in 0..=45 {
            let x = -1.0 + 0.1 * f64::from(ia);
            let l = f(x);
            if l < bl - 1e-15 {
                (bx, bl) = (x, l);
            }
        }
        let x = golden_min(&f, bx - 0.1, bx + 0.1, 1e-4);
        let l = f(x);
        let (x, l) = if l < bl { (x, l) } else { (bx, bl) };
        if l < best_loss - 1e-15 {
            (la, lb, best_loss) = (x, y, l);
        }
    }
    let (a, b) = (10f64.powf(la), 10f64.powf(lb));
    let disks = groups.iter().map(|(m, g, c)| (m.to_string(), best_disk(a, b, g, c).1)).collect();
    CpuFit { a, b, loss: best_loss, disks }
}

/// The minimum of `f` on [lo, hi] by golden-section search, to `tol`.
fn golden_min(f: &dyn Fn(f64) -> f64, mut lo: f64, mut hi: f64, tol: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut x1, mut x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut f1, mut f2) = (f(x1), f(x2));
    while hi - lo > tol {
        if f1 <= f2 {
            hi = x2;
            (x2, f2) = (x1, f1);
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            (x1, f1) = (x2, f2);
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        }
    }
    (lo + hi) / 2.0
}

/// Tail-read costs tried when no saturated pair measured one but runs with several
/// readers constrain it (share of a replica write).
pub const READ_COST_GRID: [f64; 11] = [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0];

/// Fits (a, b) and the tail-read cost together: the read cost with the smallest loss
/// (ties to the larger, i.e. the more conservative, cost). Also returns the largest
/// cost on the grid at which the fit (refitted there) still reaches every
/// lower-bound run with several readers within 10 % — the top of the range the
/// evidence leaves an unmeasured read cost — or the chosen cost when it is larger.
///
/// # Panics
/// Never: the grid is not empty.
pub fn fit_ab_read(inputs: &[FitInput<'_>], ceiling: Option<f64>, asm: &Assumptions, factors: &[DurabilityFactor]) -> (CpuFit, f64, f64) {
    let mut best: Option<(CpuFit, f64)> = None;
    let mut allowed = 0.0_f64;
    for c in READ_COST_GRID {
        let f = fit_ab(inputs, c, ceiling, asm, factors);
        let reached = inputs.iter().filter(|i| i.lower_bound && i.cluster.tail_readers >= 2.0).all(|i| {
            raw_bounds(f.a, f.b, c, ceiling, &i.cluster, asm, factors).binding().1 >= 0.9 * i.measured
        });
        if reached {
            allowed = allowed.max(c);
        }
        if best.as_ref().is_none_or(|(b, _)| f.loss <= b.loss + 1e-9) {
            best = Some((f, c));
        }
    }
    let (f, c) = best.unwrap_or_else(|| (fit_ab(inputs, super::ASSUMED_READ_COST, ceiling, asm, factors), super::ASSUMED_READ_COST));
    (f, c, allowed.max(c))
}

/// For a system measured only by lower bounds (thread sweeps that never saturated,
/// fixed rates, field reports): the pooled cost shape (a₀, b₀) of the systems that
/// were measured at saturation, scaled by the largest k at which every lower bound is
/// still reached — the most conservative capacity the evidence allows.
pub fn fit_floor_scale(inputs: &[FitInput<'_>], a0: f64, b0: f64, read: f64, asm: &Assumptions, factors: &[DurabilityFactor]) -> f64 {
    let reached = |k: f64| inputs.iter().all(|i| raw_bounds(a0 * k, b0 * k, read, None, &i.cluster, asm, factors).binding().1 >= i.measured * 0.999);
    let mut lk = 2.0;
    while lk > -2.0 && !reached(10f64.powf(lk)) {
        lk -= 0.01;
    }
    10f64.powf(lk)
}
