//! Consumer read cost: what one consumer group reading the tail alongside the writes
//! costs, as a share of one replica write's CPU. Fitted from pairs of saturated runs
//! that differ only in how many subscriptions read (OMB's 1 vs 10 subscriptions):
//! with X_r = K / (rf + c·r), X₁ / X₂ = R gives c = rf·(R − 1) / (r₂ − R·r₁).
//! Catch-up reads from disk are a separate cost ([`CatchupCost`]).

use serde::{Deserialize, Serialize};

use super::evidence_key::PairKey;
use super::Cluster;
use crate::corpus::Evidence;
use crate::system::SystemId;

/// Tail-read cost of one system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadCost {
    /// Share of one replica write's CPU per message per tail-reading group, as the
    /// CPU fit took it. Plans charge [`ReadCost::planned`]: this when a pair measured
    /// it, else the middle of [`ReadCost::range`] (so `/api/v1/model` may show 0.0
    /// here where `mqplan validate` says "tail read 0.375 … the CPU fit took 0.00").
    pub per_group: f64,
    /// The pairs: (fewer-readers run, more-readers run, c from the pair).
    pub pairs: Vec<(String, String, f64)>,
    /// None when fitted; otherwise what was assumed and why.
    pub assumed: Option<String>,
    /// The costs the evidence still allows when no pair measured one, as shares of
    /// a replica write: `(0, 1)` when nothing bounds it ([`READ_COST_MAX`]), `(0, c)`
    /// when runs with several readers allow no larger cost than the fitted `c`; None
    /// when a pair measured it. A workload whose reader count differs from the fitted
    /// runs' ([`ReadCost::fit_readers`]) gets its interval widened by this range
    /// ([`super::read_cost_width`]).
    #[serde(default)]
    pub range: Option<(f64, f64)>,
    /// Mean consumer groups reading the tail in the saturated runs the CPU cost was
    /// fitted on (each source weighing the same, as in the fit): the reader mix the
    /// fitted cost already carries, so a workload like them is not widened.
    #[serde(default)]
    pub fit_readers: f64,
}

/// The dearest a tail read can be: one replica write (a write receives, appends and
/// replicates what a tail read only sends from memory). mqplan's stated bound, the
/// top of the range an unmeasured read cost is given.
pub const READ_COST_MAX: f64 = 1.0;

impl ReadCost {
    /// CPU-bound capacity with `readers` tail-reading groups at read cost `c`,
    /// relative to the fitted cost `per_group`, for `rf` replicas: the fitted runs
    /// carried [`ReadCost::fit_readers`] groups, so their cost per replica write
    /// moves with `c` too —
    /// ((rf + c·r̄)/(rf + c·r)) ÷ ((rf + c₀·r̄)/(rf + c₀·r)).
    pub fn relative_capacity(&self, c: f64, rf: f64, readers: f64) -> f64 {
        let at = |c: f64| (rf + c * self.fit_readers) / (rf + c * readers);
        at(c) / at(self.per_group)
    }

    /// The cost in words, e.g. `0.375 of a replica write per group, the middle of
    /// 0–0.75 (no pair measured it; the CPU fit took 0.75, and its runs read with 0.28
    /// group(s) on average)` or `0.12 of a replica write (from 3 pair(s))`: what
    /// `mqplan validate` and `/model` print.
    pub fn summary(&self) -> String {
        match self.range {
            Some((lo, hi)) => format!(
                "{:.3} of a replica write per group, the middle of {lo}–{hi} (no pair measured it; the CPU fit took {:.2}, and its runs read with {:.2} group(s) on average)",
                crate::units::Dec(self.planned().unwrap_or((lo + hi) / 2.0)),
                crate::units::Dec(self.per_group),
                crate::units::Dec(self.fit_readers)
            ),
            None => format!("{:.2} of a replica write (from {} pair(s))", crate::units::Dec(self.per_group), self.pairs.len()),
        }
    }

    /// The read cost per group, share of a replica write, that gives the centred CPU
    /// bound in the plain formula (RF + c·r) with the fitted write cost:
    /// ((rf + c₀·r) / [`ReadCost::centre`] − rf) / r. What a plan's arithmetic shows.
    /// None with no readers (the centre then scales the write cost) or where it would
    /// be negative.
    pub fn effective(&self, rf: f64, readers: f64) -> Option<f64> {
        let centre = self.centre(rf, readers);
        let c = ((rf + self.per_group * readers) / centre - rf) / readers;
        (readers > 0.0 && c.is_finite() && c >= 0.0).then_some(c)
    }

    /// The read cost a plan charges when no pair measured one: the middle of
    /// [`ReadCost::range`] — the median of a uniform prior over it, and so the median
    /// capacity (capacity falls monotonically with the cost). One cost for every
    /// number of groups: each group does the same work. (Stop 18 first took the
    /// geometric middle of the capacities instead; an adversarial tester showed its
    /// implied cost per group fell tenfold from 1 to 1,000 groups.) None when a pair
    /// measured the cost.
    pub fn planned(&self) -> Option<f64> {
        self.range.map(|(lo, hi)| (lo + hi) / 2.0)
    }

    /// The CPU bound's multiplier for an unmeasured read cost: the capacity at
    /// [`ReadCost::planned`] relative to the fitted cost's; 1 when a pair measured
    /// the cost or the workload reads like the fitted runs.
    pub fn centre(&self, rf: f64, readers: f64) -> f64 {
        match self.planned() {
            Some(c) if rf > 0.0 && readers >= 0.0 => self.relative_capacity(c, rf, readers),
            _ => 1.0,
        }
    }
}

/// Assumed when no pair exists: a tail read served from page cache (zero-copy in
/// Kafka) costs half a replica write. mqplan's assumption, stated in every plan.
pub const ASSUMED_READ_COST: f64 = 0.5;

/// Fits `system`'s tail-read cost from `runs`.
pub fn fit_read_cost(system: SystemId, runs: &[(&Evidence, Cluster)]) -> ReadCost {
    let mine: Vec<&(&Evidence, Cluster)> = runs.iter().filter(|(e, _)| e.system == system).collect();
    let mut pairs = Vec::new();
    for (e1, c1) in &mine {
        for (e2, c2) in &mine {
            if c2.tail_readers <= c1.tail_readers || c1.deviations != c2.deviations {
                continue;
            }
            if PairKey::of(e1, c1).without_readers() != PairKey::of(e2, c2).without_readers() {
                continue;
            }
            let (Some(x1), Some(x2)) = (e1.produce_msgs, e2.produce_msgs) else { continue };
            let r = x1 / x2;
            let denom = c2.tail_readers - r * c1.tail_readers;
            if denom > 0.0 {
                let c = (c1.rf * (r - 1.0) / denom).max(0.0);
                pairs.push((e1.run_id.clone(), e2.run_id.clone(), c));
            }
        }
    }
    match crate::fit::median(pairs.iter().map(|p| p.2).collect()) {
        Some(c) => ReadCost { per_group: c, pairs, assumed: None, range: None, fit_readers: 0.0 },
        None => ReadCost {
            per_group: ASSUMED_READ_COST,
            pairs,
            range: Some((0.0, READ_COST_MAX)),
            fit_readers: 0.0,
            assumed: Some(format!("no runs with and without extra subscriptions: a tail read assumed to cost {ASSUMED_READ_COST} of a replica write")),
        },
    }
}

/// Catch-up (from disk) read cost from a consume-only run against the same cluster's
/// produce run: cost per read ÷ cost per replica write = produce·rf / consume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatchupCost {
    /// Ratio to one replica write.
    pub per_read: f64,
    /// The run it comes from.
    pub run: String,
}

/// Catch-up costs of `system` from runs carrying both a produce and a consume-only figure.
pub fn fit_catchup_cost(system: SystemId, runs: &[(&Evidence, Cluster)]) -> Option<CatchupCost> {
    runs.iter()
        .filter(|(e, c)| e.system == system && c.tail_readers == 0.0)
        .find_map(|(e, c)| Some(CatchupCost { per_read: e.produce_msgs? * c.rf / e.consume_msgs?, run: e.run_id.clone() }))
}
