//! Node-count scaling. The Universal Scalability Law needs a series of ≥ 4 node
//! counts of one system on one machine class from one source; no recorded source
//! has one yet, so scaling is linear — a stated assumption whose uncertainty widens
//! the interval toward less capacity past the largest cluster measured, more with
//! every doubling ([`scaling_width`]); a plan's machine count at the interval's low
//! end carries it ([`nodes_at_low_end`]).

use serde::{Deserialize, Serialize};

use super::Cluster;
use crate::corpus::Evidence;
use crate::system::SystemId;

/// Node counts needed for a USL fit.
pub const USL_MIN_NODE_COUNTS: usize = 4;

/// How throughput scales with nodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NodeScaling {
    /// Linear: X(N) = N · X(1).
    Linear {
        /// Why no USL fit.
        reason: String,
        /// Largest cluster measured, nodes.
        max_nodes_measured: f64,
    },
}

impl NodeScaling {
    /// The largest cluster the system's runs measured, nodes.
    pub fn max_nodes_measured(&self) -> f64 {
        let NodeScaling::Linear { max_nodes_measured, .. } = self;
        *max_nodes_measured
    }
}

/// Linear scaling's doubt per doubling of the node count past the largest cluster
/// measured, ln units: 0.1, toward less capacity only, on the CPU bound only (disks
/// and NICs write their own partitions' bytes; coordination costs CPU). mqplan's
/// stated assumption — no source measured a series of node counts to fit the
/// Universal Scalability Law on. Linear is that law's ceiling (contention σ =
/// coherency κ = 0), so the doubt lies below it. Alone, 0.1 per doubling from 3
/// nodes is what a contention σ of about 0.026 gives at 12 nodes, but only 0.007 at
/// 96 (X(N)/X(3) = (1 + 2σ)/(1 + (N − 1)σ)): a constant σ of 0.026 would give ÷3.3
/// at 96, not ÷1.65 — the doubt grows more slowly than a fixed contention would. It
/// is added in quadrature with the calibrated interval ([`nodes_at_low_end`]), so on
/// a wide interval it moves the low end by less than ÷1.105 per doubling. Until
/// stop 33 a flat 0.1 each way past twice the largest cluster, and plans (sized one
/// node at a time) carried none: 60 brokers planned on 3-node runs read as sure as 6.
pub const NODE_SCALING_WIDENING: f64 = 0.1;

/// How far (ln units, ≥ 0, toward less capacity) linear scaling's doubt reaches at
/// `nodes` given the largest cluster measured, `max_measured` nodes:
/// [`NODE_SCALING_WIDENING`] × log₂(nodes ÷ max_measured) past it, 0 at or below it
/// or with nothing measured.
pub fn scaling_width(nodes: f64, max_measured: f64) -> f64 {
    if max_measured > 0.0 && nodes > max_measured {
        NODE_SCALING_WIDENING * (nodes / max_measured).log2()
    } else {
        0.0
    }
}

/// The nodes a bound needs at its interval's low end when linear scaling needs
/// `nodes` at the expected value and the bound reaches `w` (ln units) below it on its
/// own: n = nodes · e^√(w² + s(n)²), s = [`scaling_width`] of n itself (the more
/// nodes, the further past the measured). A fixed point, found by iteration (s grows
/// with log n, so each step moves less than the one before). `nodes` · e^w where the
/// count stays within the measured.
pub fn nodes_at_low_end(nodes: f64, w: f64, max_measured: f64) -> f64 {
    let mut n = nodes * w.exp();
    if !n.is_finite() || n <= 0.0 {
        return n;
    }
    for _ in 0..64 {
        let next = nodes * w.hypot(scaling_width(n, max_measured)).exp();
        if (next - n).abs() <= 1e-9 * n {
            return next;
        }
        n = next;
    }
    n
}

/// The scaling of `system` from its runs.
pub fn scaling(system: SystemId, runs: &[(&Evidence, Cluster)]) -> NodeScaling {
    let mine: Vec<&(&Evidence, Cluster)> = runs.iter().filter(|(e, _)| e.system == system).collect();
    let max_nodes = mine.iter().map(|(_, c)| c.nodes).fold(0.0, f64::max);
    // The longest series: node counts of one source on one machine class (label).
    let mut best = 0;
    for (e, _) in &mine {
        let mut counts: Vec<u64> = mine
            .iter()
            .filter(|(x, _)| x.origin == e.origin && x.machine.label == e.machine.label)
            .map(|(_, c)| c.nodes.round() as u64)
            .collect();
        counts.sort_unstable();
        counts.dedup();
        best = best.max(counts.len());
    }
    NodeScaling::Linear {
        reason: format!(
            "no source measured {USL_MIN_NODE_COUNTS} or more node counts of {} on one machine (at most {best}); linear scaling assumed",
            system.name()
        ),
        max_nodes_measured: max_nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values of the stated assumption: 0.1 ln per doubling past the measured.
    #[test]
    fn scaling_width_grows_per_doubling_past_the_measured() {
        assert_eq!(scaling_width(3.0, 3.0), 0.0);
        assert_eq!(scaling_width(2.0, 3.0), 0.0);
        assert_eq!(scaling_width(30.0, 0.0), 0.0, "nothing measured: no doubt to carry");
        assert!((scaling_width(6.0, 3.0) - 0.1).abs() < 1e-12);
        assert!((scaling_width(96.0, 3.0) - 0.5).abs() < 1e-12);
        // Monotone in the node count.
        assert!(scaling_width(12.0, 3.0) < scaling_width(13.0, 3.0));
    }

    #[test]
    fn nodes_at_low_end_within_the_measured_is_the_bound_alone() {
        let n = nodes_at_low_end(2.0, 0.3, 3.0);
        assert!((n - 2.0 * 0.3_f64.exp()).abs() < 1e-12, "{n}");
    }

    #[test]
    fn nodes_at_low_end_is_the_fixed_point_past_the_measured() {
        let (nodes, w, max) = (20.0, 0.25, 3.0);
        let n = nodes_at_low_end(nodes, w, max);
        // n = nodes · e^√(w² + s(n)²), s(n) = 0.1 · log₂(n / 3).
        let rhs = nodes * w.hypot(scaling_width(n, max)).exp();
        assert!((n - rhs).abs() < 1e-6 * n, "{n} vs {rhs}");
        // More than the bound's own width gives, less than adding the widths.
        assert!(n > nodes * w.exp());
        assert!(n < nodes * (w + scaling_width(n, max)).exp());
        // Hand check: at n ≈ 30.35, s = 0.1 · log₂(10.12) ≈ 0.334; √(0.25² + 0.334²) ≈ 0.417; 20 · e^0.417 ≈ 30.35.
        assert!((30.2..30.5).contains(&n), "{n}");
    }

    #[test]
    fn nodes_at_low_end_passes_non_finite_through() {
        assert!(nodes_at_low_end(f64::INFINITY, 0.2, 3.0).is_infinite());
        assert_eq!(nodes_at_low_end(0.0, 0.2, 3.0), 0.0);
    }
}
