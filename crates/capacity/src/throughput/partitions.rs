//! The per-partition ceiling: one partition (queue, segment) is written by one
//! leader thread and log, so a topic's throughput is at most partitions × ceiling.
//! Fitted from saturated runs with one or two partitions in all, as bytes/s per
//! partition (the median of their baseline-equivalent rates).

use serde::{Deserialize, Serialize};

use super::Cluster;
use crate::corpus::Evidence;
use crate::system::SystemId;

/// One system's ceiling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartitionCeiling {
    /// Bytes/s one partition sustains (baseline durability).
    pub bytes_per_s: f64,
    /// Runs it rests on.
    pub runs: Vec<String>,
}

/// Most partitions a run may have to count as a single-partition run.
pub const SINGLE_PARTITION_RUN: f64 = 2.0;

/// Fits `system`'s ceiling; None when no single-partition run was measured.
pub fn fit_ceiling(system: SystemId, runs: &[(&Evidence, Cluster)], factor: impl Fn(&Cluster) -> f64) -> Option<PartitionCeiling> {
    let mine: Vec<(f64, String)> = runs
        .iter()
        .filter(|(e, c)| e.system == system && c.partitions.is_some_and(|p| p <= SINGLE_PARTITION_RUN))
        .filter_map(|(e, c)| Some((e.produce_msgs? * c.message_bytes / c.partitions? / factor(c), e.run_id.clone())))
        .collect();
    let bytes = crate::fit::median(mine.iter().map(|m| m.0).collect())?;
    Some(PartitionCeiling { bytes_per_s: bytes, runs: mine.into_iter().map(|m| m.1).collect() })
}
