//! Named constants of the capacity model, each with its source or reasoning.

use crate::system::{Durability, SystemId};

/// Fraction of a resource a plan may use at peak. 0.7 keeps 30 % for spikes,
/// rebalancing and a lost node's share (common broker sizing practice; stated, not measured).
pub const TARGET_UTILISATION: f64 = 0.7;

/// Storage head-room over the retained bytes: +20 % (seed 003 §5.2's worked example).
pub const STORAGE_HEADROOM: f64 = 0.20;

/// Highest planned disk fill: seed 003 §5.2 alerts at 60–70 % usage; we plan to the
/// upper end so the alert fires before trouble, not at steady state.
pub const MAX_DISK_FILL: f64 = 0.70;

/// Largest data-node count a plan reports; beyond it the plan is flagged infeasible
/// for the machine shape instead of printing astronomical counts.
pub const MAX_DATA_NODES: u32 = 10_000;

/// Extra data nodes so the cluster carries the load with one node down.
pub const FAILURE_HEADROOM_NODES: u32 = 1;

/// A P99.9 above this, or an aborted/failed test point, marks a partition "cliff"
/// (seed 001: RocketMQ jumps from 100s of ms to seconds at 2,000 partitions; Pulsar
/// reaches 3.2 s). Per-node partition limits are read off the grid below it.
pub const CLIFF_MS: f64 = 1000.0;

/// Utilisation taken to mean seed 000's "steady" load and its "high load". The seed
/// does not state them; these are our mapping, used to interpolate p99 (log space).
pub const STEADY_UTILISATION: f64 = 0.5;
/// See [`STEADY_UTILISATION`].
pub const HIGH_UTILISATION: f64 = 0.9;

/// Base half-width of a throughput prediction interval: seed 000 reports medians of
/// three runs without their spread (§intro), so ±10 % stands for run-to-run noise.
pub const BASE_INTERVAL: f64 = 0.10;

/// Bytes of index written per message besides the payload: RocketMQ's ConsumeQueue
/// entry is 20 bytes (seed 000 §5.3, seed 001 RocketMQ section).
pub const ROCKETMQ_INDEX_BYTES: f64 = 20.0;

/// Fewest RocketMQ broker groups (1 master + RF − 1 slaves each) a plan keeps: with
/// one group, losing its master stops every write until failover; with two, the
/// other group's queues keep taking them (the usual multi-master deployment,
/// general RocketMQ practice; our rule, not measured). It also keeps a higher RF from
/// planning fewer machines than a lower one.
pub const ROCKETMQ_MIN_BROKER_GROUPS: u32 = 2;

/// Fewest Kafka brokers a plan gives: 3, so the KRaft quorum (combined mode, one
/// controller per broker) keeps a majority with one machine lost. With RF 1–2 on 1–2
/// brokers, losing the one controller stopped the cluster (a stop-20 tester). Our
/// rule from KRaft's majority quorum; seed 000 §1.1 runs 3 controllers.
pub const KAFKA_MIN_BROKERS: u32 = 3;

/// Members of a majority metadata quorum — KRaft controllers, ZooKeeper — beside
/// data kept as `rf` copies: 2f + 1, so it loses f members and keeps a majority, f
/// being the machines the data itself loses at once and stays writable — (RF − 1) ÷ 2
/// with a majority of the copies acknowledging (acks=all with min.insync.replicas a
/// majority; a bookie ack quorum of a majority), at least 1. A quorum that loses fewer
/// than the data stops the cluster first: RF 5 on 3 controllers stopped at the second
/// loss that its partitions survive (a stop-38 reviewer). At most 5, the largest the
/// Apache Kafka docs name ("A Kafka admin will typically select 3 or 5 servers …
/// With 3 controllers, the cluster can tolerate 1 controller failure; with 5
/// controllers, the cluster can tolerate 2"; kafka.apache.org, Operations, KRaft,
/// Controllers); past it, more members slow every metadata write for losses the
/// data's own acknowledgements rarely ask. E.g. RF 1–4 → 3, RF 5 and more → 5.
pub fn metadata_quorum(rf: u32) -> u32 {
    (2 * losses_survived(rf) + 1).min(5)
}

/// The machines `rf` copies lose at once and stay writable with a majority of them
/// acknowledging: (RF − 1) ÷ 2, at least 1 (what [`metadata_quorum`] and
/// [`min_bookies`] size for). RF 3 → 1, RF 5 → 2, RF 7 → 3.
pub fn losses_survived(rf: u32) -> u32 {
    (rf.saturating_sub(1) / 2).max(1)
}

/// Fewest bookies for an ensemble of `rf` (E = W = RF): the ensemble and as many more
/// as the losses the data survives with a majority acknowledging ((RF − 1) ÷ 2, at
/// least 1, as [`metadata_quorum`] counts them), so lost bookies are replaced in the
/// ensemble and writes go on — BookKeeper cannot form an ensemble from fewer bookies
/// than E, so with exactly E a single loss stops new ledgers (a stop-20 tester; our
/// reading of the BookKeeper protocol, not measured) — and at least 3 (seed 000 §1.3:
/// 3 bookies minimum). RF 3 → 4, RF 5 → 7 (6 until stop 39: a second loss, which its
/// 5 ZooKeeper members survive, stopped the writes — a stop-39 reviewer).
pub fn min_bookies(rf: u32) -> u32 {
    rf.saturating_add(losses_survived(rf)).max(3)
}

/// A throughput multiplier with its source.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Factor {
    /// Multiplier on the replicated (seed default) throughput.
    pub multiplier: f64,
    /// Source.
    pub citation: &'static str,
    /// True when the seed measured another system and we carry the factor over.
    pub assumed: bool,
}

/// Throughput multiplier of `durability` relative to the seeds' default
/// (acks=all / sync replication, async flush).
pub fn durability_factor(system: SystemId, durability: Durability) -> Factor {
    use Durability::*;
    use SystemId::*;
    match (system, durability) {
        (_, Replicated) => Factor { multiplier: 1.0, citation: "000 §2.2 (the seeds' default semantics)", assumed: false },
        (Pravega, _) => Factor { multiplier: 1.0, citation: "004 §1 (Pravega always acknowledges durably; no faster mode)", assumed: false },
        (Kafka, Leader) => Factor { multiplier: 1.3, citation: "000 §2.5 pitfall 2 (acks=1 vs acks=all: 30 %+)", assumed: false },
        (Rocketmq | Pulsar, Leader) => Factor { multiplier: 1.3, citation: "000 §2.5 pitfall 2 (measured for Kafka acks; carried over)", assumed: true },
        (Rocketmq, Fsync) => Factor { multiplier: 0.5, citation: "000 §2.5 pitfall 2 (RocketMQ sync vs async flush ≈ 2×); 003 §2.1 saw 4× with sync replication too", assumed: false },
        (Kafka, Fsync) => Factor { multiplier: 0.5, citation: "000 §2.5 pitfall 2 (RocketMQ's flush factor carried over to per-message fsync)", assumed: true },
        (Pulsar, Fsync) => Factor { multiplier: 1.0, citation: "001 FAQ (bookies already fsync the journal with group commit)", assumed: false },
    }
}

/// Bytes each message takes on disk besides its payload, per stored copy: the
/// fewest its system's record format writes (a floor: keys, headers, a RocketMQ
/// topic name and properties, batch headers add more). A stop-38 reviewer saw 10 B
/// RocketMQ messages retained as 10 B each, where the CommitLog's fixed fields and
/// the ConsumeQueue entry write 111 B more.
/// - Kafka: 7 B — a v2 record's length, attributes, timestamp delta, offset delta,
///   key length, value length and header count, one byte each at the least (varints
///   with a null key and no headers); each batch's 61 B header is shared by its
///   records (Apache Kafka documentation, implementation.html "Record Batch",
///   "Record").
/// - RocketMQ: 111 B — 91 B of fixed fields per CommitLog entry before the topic
///   name and properties (apache/rocketmq `store/.../CommitLog.java`,
///   `calMsgLength`: total size, magic, body CRC, queue id, flag, queue and physical
///   offsets, sys flag, born and store timestamps and hosts (IPv4), reconsume times,
///   prepared-transaction offset, and the body, topic and properties lengths) and
///   the 20 B ConsumeQueue entry ([`ROCKETMQ_INDEX_BYTES`]).
/// - Pulsar: 6 B — in a batched entry each message carries a 4 B size and its
///   SingleMessageMetadata, whose payload size is at least 2 B (Pulsar's batch
///   format, `Commands.serializeSingleMessageInBatchWithPayload`).
/// - Pravega: 8 B — an event's type and length header on its segment
///   (`WireCommands.TYPE_PLUS_LENGTH_SIZE`).
pub fn record_overhead_bytes(system: SystemId) -> f64 {
    match system {
        SystemId::Kafka => 7.0,
        SystemId::Rocketmq => ROCKETMQ_COMMITLOG_FIXED_BYTES + ROCKETMQ_INDEX_BYTES,
        SystemId::Pulsar => 6.0,
        SystemId::Pravega => 8.0,
    }
}

/// RocketMQ's fixed CommitLog fields per message, bytes ([`record_overhead_bytes`]).
pub const ROCKETMQ_COMMITLOG_FIXED_BYTES: f64 = 91.0;

/// Bytes kept on disk per payload byte, per stored copy: (size + the record's
/// overhead) ÷ size ([`record_overhead_bytes`]). What storage multiplies by.
pub fn stored_amplification(system: SystemId, message_bytes: f64) -> f64 {
    let s = message_bytes.max(1.0);
    (s + record_overhead_bytes(system)) / s
}

/// Bytes written to disk per byte produced, per stored copy: the logs a write
/// goes to, each holding the payload and its record's overhead
/// ([`stored_amplification`]).
pub fn write_amplification(system: SystemId, message_bytes: f64) -> (f64, &'static str) {
    let stored = stored_amplification(system, message_bytes);
    match system {
        SystemId::Kafka => (stored, "000 §1.4: one append-only log per partition replica; each record's 7 B (Kafka docs, implementation: Record)"),
        SystemId::Rocketmq => (stored, "000 §1.4, §5.3: CommitLog (91 B fixed per message, CommitLog#calMsgLength) plus a 20-byte ConsumeQueue entry per message"),
        SystemId::Pulsar => (2.0 * stored, "000 §4.2: bookies write the journal and the entry log; each message's 6 B in its batch"),
        SystemId::Pravega => (2.0 * stored, "004 §2.1: BookKeeper journal + entry log on bookies, each event's 8 B header; long-term storage is separate"),
    }
}

/// Whether one partition replica's log lives on a single data disk of its node, so
/// that a partition writes at most one disk's bandwidth however many disks the node
/// has: Some(citation) where it does. Kafka: Apache Kafka documentation, `docs/ops.html`
/// "Disks and Filesystem" — with several `log.dirs`, partitions are assigned to the
/// directories and each partition lies entirely in one of them (StreamNative's
/// one-partition Kafka runs at acks=1, 313 MB/s, sit at one NVMe disk's 327 MB/s).
/// RocketMQ writes every queue of a broker to one CommitLog and BookKeeper (Pulsar,
/// Pravega) every ledger to a shared journal, so their node-level disk bound already
/// says it: None.
pub fn replica_on_one_disk(system: SystemId) -> Option<&'static str> {
    match system {
        SystemId::Kafka => Some("Kafka docs (ops.html, Disks and Filesystem): each partition lies entirely in one of the log.dirs"),
        SystemId::Rocketmq | SystemId::Pulsar | SystemId::Pravega => None,
    }
}

/// An uploaded run reaching less than this share of the reference prediction for its
/// hardware is taken as limited by its load generator (one client machine, too few
/// threads), not by the brokers, and kept only as a lower bound. mqplan's
/// assumption: the seeds' systems differ by at most ~3× per core (seed 000 §3.1–3.2),
/// so a 4× shortfall says more about the harness than the brokers.
pub const MIN_PLAUSIBLE_SHARE: f64 = 0.25;

/// An uploaded run reaching more than this multiple of the reference prediction for
/// its hardware is not used: the largest per-core difference measured is Kafka's
/// 16-core run at 2.6× the 8-core prediction (seed 000 §3.4), so 10× means a unit,
/// message size, compression or metadata error. mqplan's assumption.
pub const MAX_PLAUSIBLE_RATIO: f64 = 10.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// The ensemble and a spare for each loss the data survives, at least 3.
    #[test]
    fn bookies_replace_what_the_data_loses() {
        for (rf, want) in [(1, 3), (2, 3), (3, 4), (4, 5), (5, 7), (7, 10)] {
            assert_eq!(min_bookies(rf), want, "RF {rf}");
        }
    }

    /// 2f + 1 for the f machines RF copies lose with a majority acknowledging, at
    /// least 3 and at most 5 (the Apache Kafka docs' 3 or 5).
    #[test]
    fn the_metadata_quorum_loses_what_the_data_loses() {
        for (rf, want) in [(1, 3), (2, 3), (3, 3), (4, 3), (5, 5), (6, 5), (7, 5), (9, 5)] {
            assert_eq!(metadata_quorum(rf), want, "RF {rf}");
        }
    }

    #[test]
    fn replicated_is_the_unit_factor_and_fsync_halves_rocketmq() {
        for s in SystemId::ALL {
            assert_eq!(durability_factor(s, Durability::Replicated).multiplier, 1.0);
        }
        // seed 000 §2.5: sync vs async flush differ by about 2×.
        assert_eq!(durability_factor(SystemId::Rocketmq, Durability::Fsync).multiplier, 0.5);
        // seed 000 §2.5: acks=1 is 30 %+ faster than acks=all.
        assert_eq!(durability_factor(SystemId::Kafka, Durability::Leader).multiplier, 1.3);
        assert!(!durability_factor(SystemId::Kafka, Durability::Leader).assumed);
    }

    /// RocketMQ writes 91 B of CommitLog fields and a 20 B ConsumeQueue entry per
    /// message (CommitLog#calMsgLength; seed 000 §5.3): 1,000 B → 1.111, 10 B → 12.1.
    #[test]
    fn rocketmq_writes_its_commitlog_fields_and_index_per_message() {
        let (wa, _) = write_amplification(SystemId::Rocketmq, 1000.0);
        assert!((wa - 1.111).abs() < 1e-12, "{wa}");
        assert!((stored_amplification(SystemId::Rocketmq, 10.0) - 12.1).abs() < 1e-12);
        // Pulsar's two logs each hold the message and its 6 B: 100 B → 2 × 1.06.
        assert!((write_amplification(SystemId::Pulsar, 100.0).0 - 2.12).abs() < 1e-12);
        assert!((stored_amplification(SystemId::Kafka, 100.0) - 1.07).abs() < 1e-12);
    }
}

/// The largest message each system takes without reconfiguring, bytes, whether the
/// limit can be raised, and where it is stated (a stop-20 tester planned 16 MiB
/// messages with no word that no system takes them as installed):
/// - Kafka: the producer's `max.request.size`, default 1 MiB = 1,048,576 B, the
///   lower of it and the broker's `message.max.bytes` (1,048,588 B) (Apache Kafka
///   configuration reference);
/// - RocketMQ: broker `maxMessageSize`, default 4 MiB (`MessageStoreConfig`);
/// - Pulsar: broker `maxMessageSize`, default 5 MiB = 5,242,880 B (Pulsar broker
///   configuration reference; PIP-36 made it configurable);
/// - Pravega: 8 MiB per event, a fixed limit of the event writer (pravega-client
///   `EventWriter` docs; PDP-43 / pravega#5056 proposes larger events).
pub fn max_message_bytes(system: SystemId) -> (f64, bool, &'static str) {
    match system {
        SystemId::Kafka => (1_048_576.0, true, "max.request.size (producer, 1 MiB) and message.max.bytes (broker, 1,048,588 B); Apache Kafka configuration reference"),
        SystemId::Rocketmq => (4_194_304.0, true, "maxMessageSize (broker) and the producer's maxMessageSize; RocketMQ MessageStoreConfig"),
        SystemId::Pulsar => (5_242_880.0, true, "maxMessageSize (broker.conf); Pulsar broker configuration reference, PIP-36"),
        SystemId::Pravega => (8_388_608.0, false, "the event writer's 8 MiB event limit; pravega-client EventWriter docs, pravega#5056"),
    }
}

/// What a metadata machine (KRaft controller, ZooKeeper, Pravega controller) counts
/// for in the cost comparison and the monthly cost, as a share of a data machine:
/// ¼. Such machines can be small — the Pulsar docs' bare-metal guidance names a
/// t2.small for ZooKeeper and 0.05 CPU at its minimum (data/corpus/
/// pulsar-docs-bare-metal.yaml) — so counting them whole moved the choice between
/// Kafka and RocketMQ as 3 KRaft controllers appeared past 5 brokers (a stop-20
/// tester). The share is our assumption; a plan states it.
pub const METADATA_MACHINE_WEIGHT: f64 = 0.25;

/// Roles that run on small metadata machines ([`METADATA_MACHINE_WEIGHT`]).
pub fn is_metadata_role(role: &str) -> bool {
    matches!(role, "kraft-controller" | "zookeeper" | "controller")
}
