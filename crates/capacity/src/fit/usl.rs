//! Universal Scalability Law: X(N) = λN / (1 + σ(N−1) + κN(N−1)) (Gunther).
//!
//! Fitted when a system has throughput measured at three or more node counts on
//! the same hardware and workload; otherwise the plan states the linear-scaling
//! assumption instead (see `catalog::Scaling`).

use serde::{Deserialize, Serialize};

/// One measured (nodes, throughput) point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct UslPoint {
    /// Node count.
    pub nodes: f64,
    /// Throughput at that count, msg/s.
    pub throughput: f64,
}

/// Fitted USL parameters.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct UslFit {
    /// Single-node throughput λ, msg/s.
    pub lambda: f64,
    /// Contention σ.
    pub sigma: f64,
    /// Coherency κ.
    pub kappa: f64,
    /// R² on throughput.
    pub r_squared: f64,
}

impl UslFit {
    /// Minimum distinct node counts to fit three parameters with a residual.
    pub const MIN_POINTS: usize = 4;

    /// Throughput at `n` nodes.
    pub fn throughput(&self, n: f64) -> f64 {
        self.lambda * n / (1.0 + self.sigma * (n - 1.0) + self.kappa * n * (n - 1.0))
    }

    /// Fits by the standard linearisation: with C(N) = X(N)/λ, N/C − 1 = σ(N−1) + κN(N−1),
    /// λ taken from the single-node point or estimated from the smallest N, then
    /// σ, κ ≥ 0 by least squares on the two regressors.
    ///
    /// Returns `None` with fewer than [`Self::MIN_POINTS`] distinct node counts.
    pub fn fit(points: &[UslPoint]) -> Option<Self> {
        let mut pts: Vec<UslPoint> = points.iter().copied().filter(|p| p.nodes >= 1.0 && p.throughput > 0.0).collect();
        crate::order::sort_by(&mut pts, |a, b| a.nodes.total_cmp(&b.nodes));
        pts.dedup_by(|a, b| a.nodes == b.nodes);
        if pts.len() < Self::MIN_POINTS {
            return None;
        }
        let lambda = pts[0].throughput / pts[0].nodes;
        let (mut s11, mut s12, mut s22, mut s1y, mut s2y) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for p in &pts[1..] {
            let n = p.nodes;
            let y = n * lambda / p.throughput - 1.0;
            let x1 = n - 1.0;
            let x2 = n * (n - 1.0);
            s11 += x1 * x1;
            s12 += x1 * x2;
            s22 += x2 * x2;
            s1y += x1 * y;
            s2y += x2 * y;
        }
        let det = s11 * s22 - s12 * s12;
        let (mut sigma, mut kappa) = if det.abs() > 1e-12 {
            ((s1y * s22 - s2y * s12) / det, (s2y * s11 - s1y * s12) / det)
        } else {
            (0.0, 0.0)
        };
        if kappa < 0.0 {
            kappa = 0.0;
            sigma = if s11 > 0.0 { s1y / s11 } else { 0.0 };
        }
        if sigma < 0.0 {
            sigma = 0.0;
            kappa = if s22 > 0.0 { (s2y / s22).max(0.0) } else { 0.0 };
        }
        let mut fit = UslFit { lambda, sigma, kappa, r_squared: 0.0 };
        let mean = pts.iter().map(|p| p.throughput).sum::<f64>() / pts.len() as f64;
        let ss_tot: f64 = pts.iter().map(|p| (p.throughput - mean).powi(2)).sum();
        let ss_res: f64 = pts.iter().map(|p| (p.throughput - fit.throughput(p.nodes)).powi(2)).sum();
        fit.r_squared = if ss_tot > 0.0 { 1.0 - ss_res / ss_tot } else { 1.0 };
        Some(fit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_known_contention_and_coherency() {
        let truth = UslFit { lambda: 90_000.0, sigma: 0.05, kappa: 0.002, r_squared: 1.0 };
        let pts: Vec<UslPoint> = [1.0, 2.0, 4.0, 8.0, 16.0].iter().map(|&n| UslPoint { nodes: n, throughput: truth.throughput(n) }).collect();
        let fit = UslFit::fit(&pts).unwrap();
        assert!((fit.sigma - 0.05).abs() < 1e-6, "{fit:?}");
        assert!((fit.kappa - 0.002).abs() < 1e-7, "{fit:?}");
        assert!(fit.r_squared > 0.999_999);
    }

    #[test]
    fn too_few_node_counts_give_none() {
        let pts = [UslPoint { nodes: 3.0, throughput: 1.0 }, UslPoint { nodes: 6.0, throughput: 2.0 }];
        assert!(UslFit::fit(&pts).is_none());
    }
}
