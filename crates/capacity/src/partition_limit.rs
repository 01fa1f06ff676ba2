//! The per-node partition limit at the workload's backlog, read from seed 001's
//! partitions × backlog grid (P99.9 end-to-end, 6 nodes). Latency grows with both
//! partitions and backlog, so a cell that stayed below the cliff at a larger
//! backlog and at least as many partitions vouches for this backlog, and a cell
//! that passed it at a smaller backlog and no more partitions condemns it.

use crate::units::text;
use serde::{Deserialize, Serialize};

use crate::catalog::{GridCell, PointRef, SystemModel};
use crate::dataset::Status;
use crate::factors::CLIFF_MS;
use crate::system::SystemId;
use crate::units::Num;

/// Partition replicas per broker that general Kafka practice treats as the upper
/// end (Apache Kafka / Confluent guidance of the ZooKeeper era: about 4,000 per
/// broker). Used only beyond seed 001's largest measured count, where no cliff was
/// measured; "general knowledge", not a measurement.
pub const KAFKA_PRACTICE_REPLICAS_PER_BROKER: f64 = 4000.0;

/// The limit and what it rests on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartitionLimit {
    /// Partitions per node (at RF 3, as the grid ran).
    pub per_node: f64,
    /// Nodes of the test cluster.
    pub tested_nodes: u32,
    /// The cliff beyond the limit, in words (None when none was measured).
    pub cliff: Option<String>,
    /// True when the limit is beyond the measured grid (a practice figure).
    pub extrapolated: bool,
    /// How it was read.
    pub basis: String,
    /// Cells used.
    pub points: Vec<PointRef>,
}

fn ok(c: &GridCell) -> bool {
    c.status == Status::Ok && c.ms < CLIFF_MS
}

/// `m`'s per-node partition limit with `backlog_bytes` behind the consumers; None
/// without a grid.
pub fn partition_limit(m: &SystemModel, backlog_bytes: f64) -> Option<PartitionLimit> {
    let first = m.grid.first()?;
    let nodes = f64::from(first.nodes);
    // Largest count vouched for: an ok cell with ≥ this backlog.
    let vouched = m.grid.iter().filter(|c| ok(c) && c.backlog_bytes >= backlog_bytes).max_by(|a, b| a.partitions.total_cmp(&b.partitions));
    // Smallest count condemned: a failing cell with ≤ this backlog.
    let condemned = m.grid.iter().filter(|c| !ok(c) && c.backlog_bytes <= backlog_bytes).min_by(|a, b| a.partitions.total_cmp(&b.partitions));
    // Any failing cell, for naming the cliff when this backlog is below it.
    let any_fail = m.grid.iter().filter(|c| !ok(c)).min_by(|a, b| a.partitions.total_cmp(&b.partitions));
    let describe = |c: &GridCell| {
        text!(
            "{} partitions with a {} GB backlog: {}",
            Num(c.partitions),
            Num(c.backlog_bytes / 1e9),
            match c.status {
                Status::Ok => text!("P99.9 {} ms", Num(c.ms)),
                Status::Aborted => "aborted".into(),
                Status::Failed => "failed".into(),
            }
        )
    };
    // Past the grid's largest backlog nothing vouches: read the largest count that
    // held at the largest measured backlog (flagged as not vouched for). Taking the
    // smallest ok count instead dropped Kafka's limit from 1,333 to 16.7 per node
    // once the backlog passed 2,000 GB (a stop-19 tester).
    let top_backlog = m.grid.iter().filter(|c| ok(c)).map(|c| c.backlog_bytes).fold(f64::NEG_INFINITY, f64::max);
    let nearest = m.grid.iter().filter(|c| ok(c) && c.backlog_bytes >= top_backlog).max_by(|a, b| a.partitions.total_cmp(&b.partitions));
    let base = vouched.or(nearest)?;
    let mut points = vec![base.point.clone()];
    let cliff = condemned.or(any_fail).map(|c| {
        points.push(c.point.clone());
        describe(c)
    });
    let largest_measured = m.grid.iter().map(|c| c.partitions).fold(0.0, f64::max);
    // Kafka never reached a cliff on the grid: beyond its largest count the limit is
    // general practice, flagged.
    if m.system == SystemId::Kafka && any_fail.is_none() && base.partitions >= largest_measured {
        let practice = KAFKA_PRACTICE_REPLICAS_PER_BROKER / 3.0;
        return Some(PartitionLimit {
            per_node: practice.max(base.partitions / nodes),
            tested_nodes: first.nodes,
            cliff: None,
            extrapolated: true,
            basis: text!(
                "no cliff measured up to {} ({}); beyond it general Kafka practice, about {} partition replicas per broker (not measured)",
                describe(base),
                if vouched.is_some() { "at least this backlog" } else { "a smaller backlog than this one" },
                Num(KAFKA_PRACTICE_REPLICAS_PER_BROKER)
            ),
            points,
        });
    }
    Some(PartitionLimit {
        per_node: base.partitions / nodes,
        tested_nodes: first.nodes,
        extrapolated: vouched.is_none(),
        basis: text!(
            "{} on the {}-node test cluster{}{}",
            describe(base),
            first.nodes,
            if vouched.is_some() { String::new() } else { " (a smaller backlog than this one: not vouched for)".into() },
            cliff.as_ref().map(|c| text!("; the cliff: {c}")).unwrap_or_default()
        ),
        cliff,
        points,
    })
}
