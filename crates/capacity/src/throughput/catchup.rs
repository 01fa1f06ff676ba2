//! Measured catch-up reads: consumers reading a backlog while producers keep
//! writing (OMB's backlog workloads). Each gives the read rate one partition
//! sustained; the recovery model ([`crate::recovery`]) scales it with partitions
//! and bounds it by the brokers' disk, NIC and CPU.

use serde::{Deserialize, Serialize};

use super::spec::Usable;
use crate::system::SystemId;

/// One catch-up read run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatchupRun {
    /// Source key and run id (`source#run`).
    pub id: String,
    /// Where in the source.
    pub citation: String,
    /// Partitions read.
    pub partitions: f64,
    /// Consumer groups (subscriptions) reading at once; the rate is their sum.
    #[serde(default = "super::one")]
    pub groups: f64,
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Catch-up read rate of the whole run, msg/s (backlog and fresh messages).
    pub msgs_per_s: f64,
    /// Backlog built before the read, bytes (None when unstated).
    pub backlog_bytes: Option<f64>,
    /// Broker machines.
    pub nodes: f64,
}

impl CatchupRun {
    /// The read rate one partition sustained for one group, msg/s (a lower bound on
    /// what one partition can do: the run may have been bound elsewhere).
    pub fn msgs_per_partition(&self) -> f64 {
        self.msgs_per_s / (self.partitions * self.groups.max(1.0))
    }

    /// The source part of [`CatchupRun::id`].
    pub fn source(&self) -> &str {
        self.id.split('#').next().unwrap_or(&self.id)
    }
}

/// `system`'s catch-up runs with a stated partition count.
pub(super) fn catchup_runs(system: SystemId, runs: &[Usable<'_>]) -> Vec<CatchupRun> {
    runs.iter()
        .filter(|u| u.evidence.system == system)
        .filter_map(|u| {
            let e = u.evidence;
            let partitions = u.cluster.partitions.filter(|p| *p >= 1.0)?;
            Some(CatchupRun {
                id: format!("{}#{}", e.origin.key(), e.run_id),
                citation: e.citation.clone(),
                partitions,
                groups: f64::from(e.workload.subscriptions.unwrap_or(1).max(1)),
                message_bytes: u.cluster.message_bytes,
                msgs_per_s: e.catchup_msgs.filter(|x| *x > 0.0)?,
                backlog_bytes: e.workload.backlog_bytes,
                nodes: u.cluster.nodes,
            })
        })
        .collect()
}
