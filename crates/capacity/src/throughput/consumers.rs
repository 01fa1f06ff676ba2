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
    /// Share of one replica write's CPU per message per tail-reading group.
    pub per_group: f64,
    /// The pairs: (fewer-readers run, more-readers run, c from the pair).
    pub pairs: Vec<(String, String, f64)>,
    /// None when fitted; otherwise what was assumed and why.
    pub assumed: Option<String>,
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
        Some(c) => ReadCost { per_group: c, pairs, assumed: None },
        None => ReadCost {
            per_group: ASSUMED_READ_COST,
            pairs,
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
