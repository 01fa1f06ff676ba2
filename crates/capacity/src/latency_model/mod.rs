//! Latency as a function of load, fitted across the corpus (issue 8 item 1).
//!
//! Shape: a queueing curve `ms(u) = floor × (1 + knee × u / (1 − u))`, where `u` is
//! the load as a fraction of the cluster's capacity (produce ÷ predicted saturation)
//! and `floor` the latency an idle cluster of that source would show. Each source
//! keeps its own floor (clients, batching and hardware differ); the knee is shared
//! by a system's sources at one durability and percentile and fitted where a source
//! measured more than one load (seed 000's steady ≙ 50 % and high ≙ 90 % points).
//! Fixed-rate runs (StreamNative's 200 K msg/s latency runs) enter at the
//! utilisation their cluster's fitted capacity implies. A partition factor, read
//! from the fixed-rate partition sweeps (publish p99 relative to 100 partitions on
//! the same cluster), scales the curve; where consumers fell behind in a measured
//! sweep the end-to-end latency has no bound and the estimate says so.
//!
//! The interval comes from leave-one-source-out validation: each source's points
//! predicted from the others' floors and knee; the 80th percentile of |ln ratio|
//! over all of them is the half-width, in log terms. Outside the measured
//! durability, size and partitions there is no number.

use crate::units::text;
use serde::{Deserialize, Serialize};

pub mod fit;

use crate::catalog::PointRef;
use crate::system::{Durability, SystemId};
use crate::units::{Dec, Num};

/// Seed 000's partitions per node, assumed (the seed does not state it): the
/// reference at which partition factors are 1 (StreamNative's 100 partitions on 3).
pub const REFERENCE_PARTITIONS_PER_NODE: f64 = 100.0 / 3.0;

/// Consumers "kept up" in a fixed-rate run when they read at least this share of the
/// produce rate.
pub const KEPT_UP_SHARE: f64 = 0.95;

/// One measured latency at a known utilisation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LatencyObs {
    /// Load ÷ capacity, 0–1.
    pub u: f64,
    /// Milliseconds.
    pub ms: f64,
    /// The row.
    pub point: PointRef,
}

/// One source's floor on a curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceFloor {
    /// Source id.
    pub source: String,
    /// Latency at zero load, ms.
    pub floor_ms: f64,
    /// Its measured points.
    pub obs: Vec<LatencyObs>,
    /// Disk kinds of the machines its points ran on, as the corpus states them
    /// (empty: not stated, as for the seeds' points). A plan on other disks is told
    /// its p99 was not measured on them ([`LatencyModel::measured_disks`]). Always
    /// written: the page embeds the catalog in a format that is not self-describing.
    #[serde(default)]
    pub disks: Vec<crate::system::DiskKind>,
}

/// A fitted latency curve for one system, durability, percentile and message size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LatencyCurve {
    /// System.
    pub system: SystemId,
    /// Durability the runs had.
    pub durability: Durability,
    /// Percentile (99, 99.9).
    pub percentile: f64,
    /// Message size, bytes (geometric mean of the runs'; they lie within ×1.5).
    pub bytes: f64,
    /// Growth with load, dimensionless.
    pub knee: f64,
    /// Where the knee comes from.
    pub knee_basis: String,
    /// Per source.
    pub floors: Vec<SourceFloor>,
}

/// Publish p99 relative to the reference partition count, on one cluster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartitionPoint {
    /// Partitions per broker / bookie node.
    pub per_node: f64,
    /// Publish p99 ÷ publish p99 at the reference.
    pub factor: f64,
    /// Whether consumers kept up with producers.
    pub kept_up: bool,
    /// The run.
    pub point: PointRef,
}

/// Partition effect for one system and durability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartitionEffect {
    /// System.
    pub system: SystemId,
    /// Durability.
    pub durability: Durability,
    /// Points, by partitions per node (the reference included, factor 1).
    pub points: Vec<PartitionPoint>,
}

/// The whole latency model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct LatencyModel {
    /// Curves.
    pub curves: Vec<LatencyCurve>,
    /// Partition effects.
    pub partitions: Vec<PartitionEffect>,
    /// Half-width of the interval, ln units (from the validation).
    pub log_half_width: f64,
    /// Leave-one-source-out residuals, ln(measured ÷ predicted).
    pub residuals: Vec<f64>,
    /// Latency at offered loads per node where no saturation was stated.
    #[serde(default)]
    pub offered: Vec<OfferedCurve>,
}

/// Latency measured at offered loads on one node whose saturation the source does
/// not state (the Pravega provisioner's Segment Store profiles): read by the load
/// per node, between the measured loads only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OfferedCurve {
    /// System.
    pub system: SystemId,
    /// Message size, bytes.
    pub bytes: f64,
    /// Percentile (95 for the provisioner).
    pub percentile: f64,
    /// Source id.
    pub source: String,
    /// (msg/s offered per node, ms, row), by load.
    pub points: Vec<(f64, f64, PointRef)>,
}

impl OfferedCurve {
    /// Latency at `x` msg/s per node: log-interpolated between the two measured
    /// loads around it (the first point below the smallest); None past the largest.
    pub fn at(&self, x: f64) -> Option<(f64, &PointRef)> {
        let ps = &self.points;
        let last = ps.last()?;
        if x > last.0 * 1.0001 {
            return None;
        }
        let hi = ps.iter().position(|p| p.0 >= x)?;
        if hi == 0 {
            return Some((ps[0].1, &ps[0].2));
        }
        let (a, b) = (&ps[hi - 1], &ps[hi]);
        let t = (x.ln() - a.0.ln()) / (b.0.ln() - a.0.ln()).max(1e-12);
        Some(((a.1.ln() + t * (b.1.ln() - a.1.ln())).exp(), &b.2))
    }
}

/// A predicted latency.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Predicted {
    /// Expected, ms.
    pub ms: f64,
    /// Interval ends, ms.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// Words.
    pub basis: String,
    /// Rows used.
    pub points: Vec<PointRef>,
    /// Where the load lies below the lightest load the curve's runs measured and the
    /// curve there reads over 1 % above `ms`: the p99 at that lightest load, ms — what
    /// a run shows, and above `ms` (latency does not rise as load falls). None inside
    /// the measured loads.
    pub at_lightest_load_ms: Option<f64>,
}

/// Why there is no number.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unmeasured {
    /// Words, naming the nearest measured point when there is one.
    pub why: String,
}

/// `u / (1 − u)`, capped so a saturated cluster stays finite.
pub fn queue(u: f64) -> f64 {
    let u = u.clamp(0.0, 0.99);
    u / (1.0 - u)
}

fn gmean(xs: impl Iterator<Item = f64>) -> f64 {
    let (s, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x.ln(), n + 1));
    if n == 0 { f64::NAN } else { (s / n as f64).exp() }
}

impl LatencyCurve {
    /// The expected latency at `u` with floors from `keep` sources only.
    fn at(&self, u: f64) -> f64 {
        gmean(self.floors.iter().map(|f| f.floor_ms)) * (1.0 + self.knee * queue(u))
    }
}

/// Fits one curve's knee and floors over `by_source` (source → points); `fallback`
/// is the knee used when no source measured two loads.
pub fn fit_curve(by_source: &[(String, Vec<LatencyObs>)], fallback: (f64, &str)) -> (f64, String, Vec<SourceFloor>) {
    let informative = by_source.iter().filter(|(_, o)| {
        let lo = o.iter().map(|x| x.u).fold(f64::INFINITY, f64::min);
        let hi = o.iter().map(|x| x.u).fold(0.0, f64::max);
        hi - lo > 0.05
    });
    let sources: Vec<&str> = informative.clone().map(|(s, _)| s.as_str()).collect();
    let floors_for = |r: f64| -> Vec<SourceFloor> {
        by_source
            .iter()
            .map(|(s, o)| SourceFloor { source: s.clone(), floor_ms: gmean(o.iter().map(|x| x.ms / (1.0 + r * queue(x.u)))), obs: o.clone(), disks: Vec::new() })
            .collect()
    };
    if sources.is_empty() {
        return (fallback.0, fallback.1.to_string(), floors_for(fallback.0));
    }
    // One-dimensional search over the knee (log-spaced, 1e-3 … 10): the floors
    // follow in closed form; least squares in ln(ms) over the informative sources.
    let sse = |r: f64| -> f64 {
        informative
            .clone()
            .map(|(_, o)| {
                let f = gmean(o.iter().map(|x| x.ms / (1.0 + r * queue(x.u))));
                o.iter().map(|x| (x.ms.ln() - (f * (1.0 + r * queue(x.u))).ln()).powi(2)).sum::<f64>()
            })
            .sum()
    };
    let best = (0..=400).map(|i| 10f64.powf(-3.0 + 4.0 * f64::from(i) / 400.0)).min_by(|a, b| sse(*a).total_cmp(&sse(*b))).unwrap_or(fallback.0);
    (best, text!("fitted on {} (least squares in ln ms)", sources.join(", ")), floors_for(best))
}

fn size_ok(curve: f64, bytes: f64) -> bool {
    (curve / bytes).max(bytes / curve) <= 2.0
}

impl LatencyModel {
    /// The partition factor at `per_node` partitions per node; Err when past the
    /// measured range or where consumers fell behind.
    pub fn partition_factor(&self, system: SystemId, d: Durability, per_node: f64) -> Result<(f64, String, Option<PointRef>), Unmeasured> {
        let Some(e) = self.partitions.iter().filter(|e| e.system == system && e.durability == d).max_by_key(|e| e.points.len()) else {
            return if per_node <= REFERENCE_PARTITIONS_PER_NODE * 3.0 {
                Ok((1.0, "no partition sweep measured: taken as the reference's".into(), None))
            } else {
                Err(Unmeasured { why: text!("latency at {} partitions per node is not measured for {} ({})", Num(per_node), system.name(), d.id()) })
            };
        };
        if let Some(fell) = e.points.iter().filter(|p| !p.kept_up && p.per_node <= per_node * 1.0001).min_by(|a, b| a.per_node.total_cmp(&b.per_node)) {
            return Err(Unmeasured {
                why: text!(
                    "consumers fell behind at {} partitions per node in a measured run ({}): end-to-end latency grows without bound there",
                    Num(fell.per_node), fell.point.citation
                ),
            });
        }
        let ps = &e.points;
        let (first, last) = (&ps[0], &ps[ps.len() - 1]);
        if per_node > last.per_node * 1.0001 {
            return Err(Unmeasured { why: text!("latency past {} partitions per node is not measured for {} (largest: {})", Num(last.per_node), system.name(), last.point.citation) });
        }
        if per_node <= first.per_node {
            return Ok((first.factor, text!("as at the fewest measured, {} per node", Num(first.per_node)), Some(first.point.clone())));
        }
        let hi = ps.iter().position(|p| p.per_node >= per_node).unwrap_or(ps.len() - 1);
        let (a, b) = (&ps[hi - 1], &ps[hi]);
        let t = (per_node.ln() - a.per_node.ln()) / (b.per_node.ln() - a.per_node.ln()).max(1e-12);
        let how = if b.per_node / a.per_node > 4.0 {
            text!("log-interpolated between {} and {} per node (not measured between)", Num(a.per_node), Num(b.per_node))
        } else {
            text!("between the measured {} and {} per node", Num(a.per_node), Num(b.per_node))
        };
        Ok(((a.factor.ln() + t * (b.factor.ln() - a.factor.ln())).exp(), how, Some(b.point.clone())))
    }

    fn curves_for(&self, system: SystemId, d: Durability, percentile: f64) -> impl Iterator<Item = &LatencyCurve> {
        self.curves.iter().filter(move |c| c.system == system && c.durability == d && (c.percentile - percentile).abs() < 1e-9)
    }

    /// The curve at `bytes` (log-interpolated between two measured sizes, or the one
    /// within ×2), with its scale (1 unless interpolated).
    fn pick(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64) -> Result<Vec<(&LatencyCurve, f64)>, Unmeasured> {
        let cs: Vec<&LatencyCurve> = self.curves_for(system, d, percentile).collect();
        if cs.is_empty() {
            let near = self.curves.iter().find(|c| c.system == system && c.percentile == percentile).map(|c| text!("; nearest measured: {} at {} B", c.durability.id(), Num(c.bytes)));
            return Err(Unmeasured { why: text!("p{} is not measured for {} with {} durability{}", Num(percentile), system.name(), d.id(), near.unwrap_or_default()) });
        }
        // The nearest measured sizes at or below and at or above (no sort: few curves).
        let below = cs.iter().filter(|c| c.bytes <= bytes).max_by(|a, b| a.bytes.total_cmp(&b.bytes));
        let above = cs.iter().filter(|c| c.bytes >= bytes).min_by(|a, b| a.bytes.total_cmp(&b.bytes));
        match (below, above) {
            (Some(a), Some(b)) if a.bytes < b.bytes => {
                let t = (bytes.ln() - a.bytes.ln()) / (b.bytes.ln() - a.bytes.ln());
                Ok(vec![(a, 1.0 - t), (b, t)])
            }
            (Some(a), _) if size_ok(a.bytes, bytes) => Ok(vec![(a, 1.0)]),
            // Below every measured size the smallest is read, as a smaller message is
            // taken no slower to write ([`Self::predict`] widens the low end and says so).
            (_, Some(b)) => Ok(vec![(b, 1.0)]),
            _ => Err(Unmeasured {
                why: text!("p{} of {} was measured at {} B; at {} B it is not measured", Num(percentile), system.name(), Num(cs[0].bytes), Num(bytes)),
            }),
        }
    }

    /// The disk kinds the p99 [`LatencyModel::predict`] reads for these arguments was
    /// measured on, by source: `(source, kinds)`, kinds empty where the source does
    /// not state its disks. Empty when nothing is measured.
    pub fn measured_disks(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64) -> Vec<(&str, &[crate::system::DiskKind])> {
        let d = latency_durability(system, d);
        self.pick(system, d, percentile, bytes).map_or_else(|_| Vec::new(), |picked| picked.iter().flat_map(|(c, _)| c.floors.iter().map(|f| (f.source.as_str(), f.disks.as_slice()))).collect())
    }

    /// Why [`LatencyModel::predict`] would fail for these arguments, without building
    /// the prediction's words and cited points (a plan asks this once per system only
    /// to say why a latency is unmeasured); None when it would succeed.
    pub fn unmeasured(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64, per_node: f64) -> Option<Unmeasured> {
        let d = latency_durability(system, d);
        self.pick(system, d, percentile, bytes).err().or_else(|| self.partition_factor(system, d, per_node).err())
    }

    /// Expected `percentile` latency at utilisation `u` for `bytes` messages and
    /// `per_node` partitions per node.
    pub fn predict(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64, per_node: f64, u: f64) -> Result<Predicted, Unmeasured> {
        let d = latency_durability(system, d);
        let picked = self.pick(system, d, percentile, bytes)?;
        let (pf, how, pp) = self.partition_factor(system, d, per_node)?;
        let ms_at = |u: f64| picked.iter().map(|(c, w)| w * c.at(u).ln()).sum::<f64>().exp() * pf;
        let ms = ms_at(u);
        let k = self.log_half_width.exp();
        // Below the lightest measured load the queueing form extrapolates down to a
        // floor no run showed; latency does not rise as load falls, so the latency
        // at the lightest measured load bounds it: the interval reaches that far.
        let lightest = lightest_load(&picked);
        let under = (lightest.is_finite() && u < lightest).then(|| (lightest, ms_at(lightest))).filter(|(_, at)| *at > ms * LIGHTEST_LOAD_MARK);
        let below = under.filter(|(_, at)| *at > ms * k);
        let mut points: Vec<PointRef> = picked.iter().flat_map(|(c, _)| c.floors.iter().flat_map(|f| f.obs.iter().map(|o| o.point.clone()))).collect();
        points.extend(pp);
        let c = picked[0].0;
        // A size below every measured one (a stop-40 tester found no p99, so no usable
        // objective, at 100 or 200 B: every latency run was 512 B–2 KB).
        let smaller = (picked.len() == 1 && !size_ok(c.bytes, bytes) && bytes < c.bytes).then_some(c.bytes);
        let mut basis = text!(
            "queueing fit floor × (1 + {} × u/(1−u)) at {:.0} % load, floors of {} source(s) ({}), partition factor {} at {} per node ({how}); 80 % interval from leave-one-source-out validation",
            Num(c.knee), Dec(u * 100.0), c.floors.len(), std::fmt::from_fn(|out| {
                for (i, f) in c.floors.iter().enumerate() {
                    write!(out, "{}{} {} ms", if i == 0 { "" } else { ", " }, f.source, Num(f.floor_ms))?;
                }
                Ok(())
            }),
            Num(pf), Num(per_node)
        );
        if let Some((at, ms_there)) = below {
            basis.push_str(&text!(
                "; below the lightest measured load ({:.0} %) the curve is extrapolated, so the interval reaches the {} ms expected there",
                Dec(at * 100.0), Num(ms_there)
            ));
        }
        if let Some(at) = smaller {
            basis.push_str(&text!("; {} B is below the smallest size measured ({} B): read there, a smaller message taken as no slower, the low end ÷{} further (unmeasured)", Num(bytes), Num(at), Num(SMALLER_SIZE_WIDENING)));
        }
        let low = ms / k / if smaller.is_some() { SMALLER_SIZE_WIDENING } else { 1.0 };
        Ok(Predicted { ms, low, high: below.map_or(ms * k, |(_, x)| x), basis, points, at_lightest_load_ms: under.map(|(_, x)| x) })
    }

    /// A lower percentile measured at offered loads: (percentile, ms, words, row) at
    /// `per_node_msgs` for the message size within ×2; None when not measured.
    pub fn offered_at(&self, system: SystemId, bytes: f64, per_node_msgs: f64) -> Option<(f64, f64, String, PointRef)> {
        let c = self.offered.iter().filter(|c| c.system == system && size_ok(c.bytes, bytes)).min_by(|a, b| (a.bytes / bytes).ln().abs().total_cmp(&(b.bytes / bytes).ln().abs()))?;
        let (ms, p) = c.at(per_node_msgs)?;
        Some((c.percentile, ms, text!("{} at {} msg/s per node, {} B, between measured loads ({})", c.source, Num(per_node_msgs), Num(c.bytes), p.citation), p.clone()))
    }

    /// The highest utilisation (≤ `cap`) at which the expected latency stays within
    /// `slo_ms`; Err when even an idle cluster misses it or nothing is measured.
    pub fn utilisation_for(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64, per_node: f64, slo_ms: f64, cap: f64) -> Result<f64, Unmeasured> {
        self.utilisation_for_scaled(system, d, percentile, bytes, per_node, slo_ms, cap, 1.0)
    }

    /// [`LatencyModel::utilisation_for`] on the curve × `scale` (transactional sends:
    /// the measured transactional ÷ plain p99), so the reasons quote the scaled
    /// latencies the objective is checked on.
    #[allow(clippy::too_many_arguments)]
    pub fn utilisation_for_scaled(&self, system: SystemId, d: Durability, percentile: f64, bytes: f64, per_node: f64, slo_ms: f64, cap: f64, scale: f64) -> Result<f64, Unmeasured> {
        // The curve and the partition factor do not depend on the load: found once,
        // then only the queueing term is evaluated (no text, no point lists).
        let ld = latency_durability(system, d);
        let picked = self.pick(system, ld, percentile, bytes)?;
        let (pf, _, _) = self.partition_factor(system, ld, per_node)?;
        let ms_at = |u: f64| picked.iter().map(|(c, w)| w * c.at(u).ln()).sum::<f64>().exp() * pf * scale;
        let idle = ms_at(0.0);
        if idle >= slo_ms {
            // Said with the density it is read at: more nodes (fewer partitions per
            // node) can lower it (a tester read "already 101 ms" as a floor).
            return Err(Unmeasured { why: text!("expected p{} at no load is already {} ms at {} partitions per node", Num(percentile), Num(idle), Num(per_node)) });
        }
        // Below the lightest measured load the curve is extrapolated (see `predict`):
        // an objective only met there is not shown to be met by any run.
        let lightest = lightest_load(&picked);
        if lightest.is_finite() && lightest < cap && ms_at(lightest) > slo_ms {
            return Err(Unmeasured {
                why: text!(
                    "the expected p{} at the lightest measured load ({:.0} %) is {} ms, above the objective; a lighter load was never measured, so the curve below it cannot show the objective met",
                    Num(percentile),
                    Dec(lightest * 100.0),
                    Num(ms_at(lightest))
                ),
            });
        }
        // Monotone in u: bisect.
        let (mut lo, mut hi) = (0.0_f64, cap);
        if ms_at(cap) <= slo_ms {
            return Ok(cap);
        }
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if ms_at(mid) <= slo_ms {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }
}

/// How far above the expected p99 the figure at the lightest measured load must read
/// for a prediction to carry it ([`Predicted::at_lightest_load_ms`]): closer, the
/// curve is flat there and the expected figure is as good as measured.
const LIGHTEST_LOAD_MARK: f64 = 1.01;

/// How much further down a p99 read at the smallest measured size reaches for a
/// smaller message: ×2 (mqplan's assumption; no run measured how much faster).
const SMALLER_SIZE_WIDENING: f64 = 2.0;

/// The lightest load (utilisation) any run on the `picked` curves measured; ∞ when
/// they carry no measured points. Below it a curve is extrapolated.
fn lightest_load(picked: &[(&LatencyCurve, f64)]) -> f64 {
    picked.iter().flat_map(|(c, _)| c.floors.iter().flat_map(|f| f.obs.iter().map(|o| o.u))).fold(f64::INFINITY, f64::min)
}

/// The durability whose runs describe `d` for `system`: Pulsar's bookies fsync the
/// journal before acknowledging, so its "fsync" is its replicated baseline; Pravega
/// always acknowledges durably (004 §1), whatever is asked.
pub fn latency_durability(system: SystemId, d: Durability) -> Durability {
    match (system, d) {
        (SystemId::Pulsar, Durability::Fsync) | (SystemId::Pravega, _) => Durability::Replicated,
        _ => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pr(id: &str) -> PointRef {
        PointRef { id: id.into(), citation: id.into(), summary: "".into() }
    }
    fn obs(u: f64, ms: f64) -> LatencyObs {
        LatencyObs { u, ms, point: pr("x") }
    }

    #[test]
    fn two_loads_of_one_source_fix_the_knee_exactly() {
        // Seed 000 §4 RocketMQ: 9 ms at steady (≙ 50 %), 58 ms at high (≙ 90 %).
        // 58 / 9 = (1 + 9k) / (1 + k) → k = 49 / 23 = 2.1304 (grid step 2.3 %).
        let (k, basis, floors) = fit_curve(&[("seed".into(), vec![obs(0.5, 9.0), obs(0.9, 58.0)])], (1.0, "fallback"));
        assert!((k / (49.0 / 23.0) - 1.0).abs() < 0.025, "{k}");
        assert!(basis.contains("seed"));
        let f = floors[0].floor_ms;
        assert!((f * (1.0 + k * queue(0.5)) / 9.0 - 1.0).abs() < 0.02 && (f * (1.0 + k * queue(0.9)) / 58.0 - 1.0).abs() < 0.02);
        // One load only: the fallback knee, the floor through the point.
        let (k, basis, floors) = fit_curve(&[("one".into(), vec![obs(0.4, 10.0)])], (0.5, "fallback"));
        assert_eq!((k, basis.as_str()), (0.5, "fallback"));
        assert!((floors[0].floor_ms * (1.0 + 0.5 * queue(0.4)) - 10.0).abs() < 1e-9);
    }

    fn effect(points: &[(f64, f64, bool)]) -> LatencyModel {
        LatencyModel {
            curves: vec![LatencyCurve {
                system: SystemId::Kafka,
                durability: Durability::Replicated,
                percentile: 99.0,
                bytes: 1024.0,
                knee: 0.2,
                knee_basis: String::new(),
                floors: vec![SourceFloor { source: "a".into(), floor_ms: 10.0, obs: vec![], disks: vec![] }],
            }],
            partitions: vec![PartitionEffect {
                system: SystemId::Kafka,
                durability: Durability::Replicated,
                points: points.iter().map(|&(per_node, factor, kept_up)| PartitionPoint { per_node, factor, kept_up, point: pr("p") }).collect(),
            }],
            log_half_width: 0.5,
            residuals: vec![],
            offered: vec![],
        }
    }

    #[test]
    fn below_the_lightest_measured_load_the_interval_reaches_the_latency_measured_there() {
        // Seed 000 §4's RocketMQ shape: 9 ms at 50 %, 58 ms at 90 % → knee 49/23,
        // floor 9 / (1 + 49/23) = 2.875 ms. At 10 % load the curve says 3.56 ms, and
        // ×1.65 (w = 0.5) would stop at 5.9 ms, below the 9 ms of the lightest run.
        let k = 49.0 / 23.0;
        let mut m = effect(&[(10.0, 1.0, true), (100.0, 1.0, true)]);
        m.curves[0].knee = k;
        m.curves[0].floors = vec![SourceFloor { source: "seed".into(), floor_ms: 9.0 / (1.0 + k), obs: vec![obs(0.5, 9.0), obs(0.9, 58.0)], disks: vec![] }];
        let p = m.predict(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 50.0, 0.1).expect("measured");
        let expected = 9.0 / (1.0 + k) * (1.0 + k * queue(0.1));
        assert!((p.ms - expected).abs() < 1e-9, "{}", p.ms);
        assert!((p.high - 9.0).abs() < 1e-9, "{}", p.high);
        assert!(p.basis.contains("lightest measured load (50 %)"), "{}", p.basis);
        // At or above the lightest measured load the calibrated interval stands.
        let p = m.predict(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 50.0, 0.6).expect("measured");
        assert!((p.high / p.ms - 0.5f64.exp()).abs() < 1e-9 && !p.basis.contains("extrapolated"));
        // An objective met only below the lightest measured load (9 ms at 50 %) is not
        // shown met: 6 ms would need 29 % load on the extrapolated curve.
        let e = m.utilisation_for(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 50.0, 6.0, 0.7).unwrap_err();
        assert!(e.why.contains("lightest measured load (50 %)"), "{}", e.why);
        // At or above it the inversion stands: 15 ms (9 ms at 50 %, 17.2 at 70 %) → u between.
        let u = m.utilisation_for(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 50.0, 15.0, 0.7).expect("measured");
        assert!((0.5..0.7).contains(&u), "{u}");
    }

    #[test]
    fn partition_factors_interpolate_in_log_space_and_stop_where_consumers_fell_behind() {
        let m = effect(&[(10.0, 1.0, true), (1000.0, 4.0, true), (2000.0, 9.0, false)]);
        // Half way in ln(partitions) between 10 and 1,000 → √4 = 2.
        let (f, how, _) = m.partition_factor(SystemId::Kafka, Durability::Replicated, 100.0).expect("inside");
        assert!((f - 2.0).abs() < 1e-9 && how.contains("not measured between"), "{f} {how}");
        assert!(m.partition_factor(SystemId::Kafka, Durability::Replicated, 2500.0).unwrap_err().why.contains("fell behind"));
        let m = effect(&[(10.0, 1.0, true), (1000.0, 4.0, true)]);
        assert!(m.partition_factor(SystemId::Kafka, Durability::Replicated, 1500.0).unwrap_err().why.contains("not measured"));
        // Prediction = floor × (1 + k·u/(1−u)) × factor, interval × e^±w.
        let p = m.predict(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 100.0, 0.5).expect("measured");
        assert!((p.ms - 10.0 * 1.2 * 2.0).abs() < 1e-9 && (p.high / p.ms - 0.5f64.exp()).abs() < 1e-9);
        // No measured points on this curve: nothing to bound the extrapolation by.
        assert!(!p.basis.contains("extrapolated"));
        // Sizes within ×2 of 1 KB only.
        assert!(m.predict(SystemId::Kafka, Durability::Replicated, 99.0, 4096.0, 100.0, 0.5).is_err());
        // `unmeasured` says why exactly where `predict` fails, in the same words.
        for (bytes, per_node) in [(1024.0, 100.0), (4096.0, 100.0), (1024.0, 1500.0)] {
            let why = m.predict(SystemId::Kafka, Durability::Replicated, 99.0, bytes, per_node, 0.5).err().map(|u| u.why);
            assert_eq!(m.unmeasured(SystemId::Kafka, Durability::Replicated, 99.0, bytes, per_node).map(|u| u.why), why, "{bytes} B, {per_node} per node");
        }
        // The objective inverts the curve: 10 × (1 + 0.2 g) × 2 = 30 → g = 2.5 → u = 5/7, capped at 0.7.
        let u = m.utilisation_for(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 100.0, 28.0, 0.7).expect("reachable");
        let g = (28.0 / 20.0 - 1.0) / 0.2;
        assert!((u - g / (1.0 + g)).abs() < 1e-6, "{u}");
        assert_eq!(m.utilisation_for(SystemId::Kafka, Durability::Replicated, 99.0, 1024.0, 100.0, 31.0, 0.7).expect("cap"), 0.7);
    }
}
