//! Which runs can be compared with each other: same origin, machine, message size,
//! partitions, replicas (and, for durability pairs, readers).

use super::Cluster;
use crate::corpus::Evidence;

/// The comparison key of a run (sizes and counts as integers; bytes rounded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairKey {
    origin: String,
    machine: String,
    bytes: u64,
    partitions: Option<u64>,
    rf: u64,
    readers: u64,
}

impl PairKey {
    /// The key of one run.
    pub fn of(e: &Evidence, c: &Cluster) -> PairKey {
        PairKey {
            origin: e.origin.key().to_string(),
            machine: e.machine.id.clone(),
            bytes: c.message_bytes.round() as u64,
            partitions: c.partitions.map(|p| p.round() as u64),
            rf: c.rf.round() as u64,
            readers: c.tail_readers.round() as u64,
        }
    }
    /// The same key without the readers (for consumer-cost pairs).
    pub fn without_readers(mut self) -> PairKey {
        self.readers = 0;
        self
    }
}
