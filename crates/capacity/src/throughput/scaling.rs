//! Node-count scaling. The Universal Scalability Law needs a series of ≥ 4 node
//! counts of one system on one machine class from one source; no recorded source
//! has one yet, so scaling is linear — a stated assumption whose uncertainty widens
//! the interval past twice the largest cluster measured.

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
            "no source measured {USL_MIN_NODE_COUNTS} or more node counts of {} on one machine (longest series: {best}); linear scaling assumed",
            system.name()
        ),
        max_nodes_measured: max_nodes,
    }
}
