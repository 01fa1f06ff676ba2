//! Recovery after a consumer outage: the backlog of `outage_h` drains while
//! producers keep writing, at a catch-up rate that scales with partitions (one
//! consumer per partition in each group), and is bounded by the brokers' disk read
//! bandwidth (the part of the backlog no longer in page cache), their NIC and their
//! CPU, shared by every consumer group (each group drains its own backlog).
//!
//! Calibration: the per-partition catch-up rates measured with a backlog —
//! StreamNative's OMB catch-up runs (512 GiB backlog, 100 partitions) and seed 000
//! §5.1 (10 M messages, 24 partitions, one consumer thread each) — scaled to the
//! workload's message size by the fitted per-message cost, and seed 000 §5.4's
//! cold-cache change for the warm runs. They are lower bounds on what one partition
//! can do (each run may have been bound elsewhere), so the plan is conservative.

use crate::units::text;
use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::catalog::{DrainModel, PointRef};
use crate::throughput::CatchupRun;
use crate::units::Num;

/// Share of a resource recovery may use (producers keep their share): higher than
/// the steady target because recovery is temporary. Our choice, stated.
pub const RECOVERY_UTILISATION: f64 = 0.9;

/// Share of a node's RAM that serves as page cache for the backlog (the rest is
/// heap, index and OS). Our assumption, stated.
pub const PAGE_CACHE_SHARE: f64 = 0.5;

/// Nodes assumed for the page-cache share when partitions are sized before the
/// node count is known (the smallest replicated cluster; a larger one caches more,
/// so this errs towards more partitions).
pub const PARTITION_SIZING_NODES: f64 = 3.0;

/// Catch-up over the produce rate a drain without a deadline is planned for (20 %,
/// our choice) so a backlog still shrinks.
pub const CATCH_UP_MARGIN: f64 = 1.2;

/// Consumer CPU per catch-up read, as a share of one replica write, when no fit
/// gives one: the tail-read assumption of the throughput model.
pub const ASSUMED_CATCHUP_READ_COST: f64 = crate::throughput::ASSUMED_READ_COST;

/// One measured per-partition catch-up rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredCatchup {
    /// Source key (one vote per source).
    pub source: String,
    /// msg/s one partition sustained for one group, cold cache.
    pub msgs_per_partition: f64,
    /// Message size of the run, bytes.
    pub message_bytes: f64,
    /// The run in words.
    pub detail: String,
    /// Its source.
    pub point: PointRef,
}

/// What one partition was measured to read during a catch-up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatchupBasis {
    /// The runs (cold-cache per-partition rates at their own sizes).
    pub runs: Vec<MeasuredCatchup>,
    /// Warm-cache uplift over cold (seed 000 §5.4: cold is 24–33 % slower).
    pub warm_uplift: f64,
    /// The runs, in words.
    pub detail: String,
    /// Their sources.
    pub points: Vec<PointRef>,
}

impl CatchupBasis {
    /// Per-partition rate at `size` bytes, msg/s: (expected, low). `scale(s0, s)`
    /// converts a rate measured at `s0` bytes to `s` (the fitted cost per message).
    /// Expected is the median over sources of each source's best run; low the
    /// lowest run.
    pub fn at_size(&self, size: f64, scale: impl Fn(f64, f64) -> f64) -> (f64, f64) {
        let mut best: Vec<(String, f64)> = Vec::new();
        let mut low = f64::INFINITY;
        for r in &self.runs {
            let v = r.msgs_per_partition * scale(r.message_bytes, size);
            low = low.min(v);
            match best.iter_mut().find(|b| b.0 == r.source) {
                Some(b) => b.1 = b.1.max(v),
                None => best.push((r.source.clone(), v)),
            }
        }
        let mid = crate::fit::median(best.iter().map(|b| b.1).collect()).unwrap_or(low);
        (mid, low.min(mid))
    }
}

/// The measured catch-up runs of one system: corpus runs (cold unless their
/// backlog was small) and the seed's warm drain converted to cold with its
/// measured cold-cache change. None when nothing was measured.
pub fn basis(drain: Option<&DrainModel>, corpus: &[CatchupRun]) -> Option<CatchupBasis> {
    let uplift = drain.and_then(|d| d.cold_change.as_ref()).map_or(0.0, |(c, _)| -c / (1.0 + c));
    let mut runs: Vec<MeasuredCatchup> = Vec::new();
    for r in corpus {
        let per = r.msgs_per_partition();
        runs.push(MeasuredCatchup {
            source: r.source().to_string(),
            msgs_per_partition: per,
            message_bytes: r.message_bytes,
            detail: text!("{} msg/s over {} partitions × {} group(s) at {} B ({} msg/s per partition per group)", Num(r.msgs_per_s), Num(r.partitions), Num(r.groups), Num(r.message_bytes), Num(per)),
            point: PointRef { id: r.id.as_str().into(), citation: r.citation.as_str().into(), summary: text!("catch-up {} msg/s, {} partitions, {} group(s)", Num(r.msgs_per_s), Num(r.partitions), Num(r.groups)).into() },
        });
    }
    if let Some(d) = drain {
        if let Some(p) = d.partitions.filter(|p| *p >= 1.0) {
            let warm = d.messages / d.seconds / p;
            let cold = warm / (1.0 + uplift);
            let mut pt = d.point.clone();
            pt.summary = text!("drain of {} messages in {} s, {} partitions", Num(d.messages), Num(d.seconds), Num(p)).into();
            runs.push(MeasuredCatchup {
                source: pt.id.split('#').next().unwrap_or("seed").to_string(),
                msgs_per_partition: cold,
                message_bytes: d.message_bytes,
                detail: text!("{} messages in {} s over {} partitions at {} B ({} msg/s per partition warm, {} cold)", Num(d.messages), Num(d.seconds), Num(p), Num(d.message_bytes), Num(warm), Num(cold)),
                point: pt,
            });
        }
    }
    if runs.is_empty() {
        return None;
    }
    Some(CatchupBasis {
        warm_uplift: uplift,
        detail: runs.iter().map(|r| r.detail.clone()).collect::<Vec<_>>().join("; "),
        points: runs.iter().map(|r| r.point.clone()).collect(),
        runs,
    })
}

/// What a memoized corpus basis was built from: the number of catch-up runs and
/// the sum of their rates (msg/s).
pub type CorpusKey = (usize, f64);

/// The key of `corpus` for [`crate::catalog::SystemModel`]'s memo.
pub fn corpus_key(corpus: &[CatchupRun]) -> CorpusKey {
    (corpus.len(), corpus.iter().map(|r| r.msgs_per_s).sum())
}

/// [`basis`] of `m`'s drain and `corpus`, memoized on `m` (its words are the same for
/// every plan): borrowed when memoized, owned when `corpus` is not the one memoized.
fn memoized_basis<'m>(m: &'m crate::catalog::SystemModel, corpus: &[CatchupRun]) -> Option<Cow<'m, CatchupBasis>> {
    if corpus.is_empty() {
        return m.seed_basis.get_or_init(|| basis(m.drain.as_ref(), &[])).as_ref().map(Cow::Borrowed);
    }
    let key = corpus_key(corpus);
    let (k, b) = m.corpus_basis.get_or_init(|| (key, basis(m.drain.as_ref(), corpus)));
    if *k == key {
        b.as_ref().map(Cow::Borrowed)
    } else {
        basis(m.drain.as_ref(), corpus).map(Cow::Owned)
    }
}

/// The cluster and workload a catch-up runs on.
#[derive(Debug, Clone, PartialEq)]
pub struct RecoveryInputs {
    /// Produce rate that continues during recovery, msg/s.
    pub produce_msgs: f64,
    /// Bytes per message on disk and wire (after compression).
    pub stored_bytes: f64,
    /// Replicas.
    pub rf: f64,
    /// Disk write amplification.
    pub write_amplification: f64,
    /// Consumer groups, each draining its own backlog.
    pub groups: f64,
    /// Backlog per group, messages.
    pub backlog_msgs: f64,
    /// Per-node disk bandwidth, bytes/s (reads taken equal to the rated writes).
    pub disk_bytes: f64,
    /// Per-node NIC, bytes/s each way.
    pub nic_bytes: f64,
    /// Per-node page cache, bytes.
    pub cache_bytes: f64,
    /// Per-node CPU, replica writes per second at this size, at no durability factor:
    /// what a catch-up read's cost is a share of.
    pub replica_writes: f64,
    /// CPU of one produced replica write under the workload's durability, as a share
    /// of a plain one: 1 ÷ the durability factor. The factors were fitted on produce
    /// throughput (acks=1's ×1.63 on disk-bound pairs), so they speed or slow the
    /// producers only, never the catch-up reads (a stop-41 reviewer saw acks=1 drain
    /// faster).
    pub produce_cost: f64,
    /// CPU of one catch-up read, as a share of one replica write.
    pub read_cost: f64,
    /// Share of the data nodes that serve the reads and send the copies: 1, but
    /// RocketMQ's masters (1 ÷ RF; its slaves only take the copies in). The drain's
    /// disk and NIC headroom is theirs (a stop-43 reviewer: reads spread over slaves
    /// that never serve them); its CPU is the fit's, which took the masters' share in
    /// as an even spread (the CPU bound says how).
    pub serving_share: f64,
    /// Per-partition catch-up rate at this size, msg/s, expected (cold cache).
    pub per_partition_msgs: f64,
    /// Same, low end.
    pub low_per_partition_msgs: f64,
    /// Warm-cache uplift.
    pub warm_uplift: f64,
}

/// Which resource set the catch-up rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CatchupLimit {
    /// Partitions × the measured per-partition rate (consumer parallelism).
    Partitions,
    /// Disk reads of the backlog no longer in page cache.
    DiskRead,
    /// NIC out.
    Network,
    /// CPU left after the produce load.
    Cpu,
}

impl CatchupLimit {
    /// Plain words, naming the machines the drain bound sizes: `system`'s data nodes
    /// (Kafka's and RocketMQ's brokers; Pulsar's and Pravega's bookies, which hold the
    /// backlog — a stop-29 reviewer read "the brokers' disk read bandwidth" beside
    /// stateless Pulsar brokers).
    pub fn label(self, system: crate::system::SystemId) -> &'static str {
        use crate::system::SystemId;
        let bookies = matches!(system, SystemId::Pulsar | SystemId::Pravega);
        match (self, bookies) {
            (CatchupLimit::Partitions, _) => "partitions (consumer parallelism)",
            (CatchupLimit::DiskRead, false) => "the brokers' disk read bandwidth",
            (CatchupLimit::DiskRead, true) => "the bookies' disk read bandwidth",
            (CatchupLimit::Network, false) => "the brokers' NIC",
            (CatchupLimit::Network, true) => "the bookies' NIC",
            (CatchupLimit::Cpu, false) => "the brokers' CPU",
            (CatchupLimit::Cpu, true) => "the bookies' CPU",
        }
    }
}

impl RecoveryInputs {
    /// Fraction of the backlog read from disk on `n` nodes (page cache holds the
    /// newest bytes of every replica).
    pub fn cold_fraction(&self, n: f64) -> f64 {
        let stored = self.backlog_msgs * self.stored_bytes * self.rf;
        if stored <= 0.0 {
            return 0.0;
        }
        (1.0 - n * self.cache_bytes / stored).clamp(0.0, 1.0)
    }

    /// Catch-up read rate per group on `n` nodes with `partitions`, msg/s, and
    /// what bound it; `low` uses the lowest measured per-partition rate.
    pub fn rate(&self, n: f64, partitions: f64, low: bool) -> (f64, CatchupLimit) {
        let u = RECOVERY_UTILISATION;
        let g = self.groups.max(1.0);
        let cold = self.cold_fraction(n);
        let per_part = if low { self.low_per_partition_msgs } else { self.per_partition_msgs } * (1.0 + self.warm_uplift * (1.0 - cold));
        let w = self.produce_msgs;
        // The serving nodes write their share of the copies and send every copy out.
        let share = self.serving_share.clamp(1e-9, 1.0);
        let bounds = [
            (partitions * per_part, CatchupLimit::Partitions),
            (if cold > 0.0 { share * (n * self.disk_bytes * u - w * self.stored_bytes * self.rf * self.write_amplification) / (g * self.stored_bytes * cold) } else { f64::INFINITY }, CatchupLimit::DiskRead),
            ((share * n * self.nic_bytes * u - w * self.stored_bytes * (self.rf - 1.0)) / (g * self.stored_bytes), CatchupLimit::Network),
            ((n * self.replica_writes * u - w * self.rf * self.produce_cost) / (g * self.read_cost.max(1e-9)), CatchupLimit::Cpu),
        ];
        let (r, k) = bounds.into_iter().fold((f64::INFINITY, CatchupLimit::Partitions), |a, b| if b.0 < a.0 { b } else { a });
        (r.max(0.0), k)
    }

    /// Seconds to drain at `rate` msg/s per group (∞ when it never overtakes produce).
    pub fn seconds(&self, rate: f64) -> f64 {
        if self.backlog_msgs <= 0.0 {
            0.0
        } else if rate > self.produce_msgs {
            self.backlog_msgs / (rate - self.produce_msgs)
        } else {
            f64::INFINITY
        }
    }

    /// Per-group rate needed to drain within `seconds`, msg/s.
    pub fn needed(&self, seconds: f64) -> f64 {
        self.backlog_msgs / seconds.max(1e-9) + self.produce_msgs
    }

    /// Partitions whose parallelism carries `rate` per group (cold cache on `n` nodes).
    pub fn partitions_for(&self, rate: f64, n: f64) -> f64 {
        (rate / self.per_partition_at(n)).ceil()
    }

    /// Partitions whose consumers outpace the producers after an outage with
    /// [`CATCH_UP_MARGIN`] to spare, so a backlog shrinks at all (no deadline): what a
    /// plan takes and its partition advice shows.
    pub fn catch_up_partitions(&self) -> f64 {
        self.partitions_for(self.catch_up_floor(), PARTITION_SIZING_NODES)
    }

    /// The per-group catch-up rate any drain asks at least, msg/s: the produce rate
    /// with [`CATCH_UP_MARGIN`] to spare (what no deadline asks; a deadline looser
    /// than it asks the same, so it never plans fewer machines than none).
    pub fn catch_up_floor(&self) -> f64 {
        self.produce_msgs * CATCH_UP_MARGIN
    }

    /// [`CATCH_UP_MARGIN`] as the percentage over the produce rate the words give.
    pub fn catch_up_margin_pct() -> f64 {
        (CATCH_UP_MARGIN - 1.0) * 100.0
    }

    /// The catch-up msg/s one partition's consumer reads on `n` nodes: the cold
    /// (from disk) rate, raised by the warm uplift for the share the page cache holds.
    pub fn per_partition_at(&self, n: f64) -> f64 {
        self.per_partition_msgs * (1.0 + self.warm_uplift * (1.0 - self.cold_fraction(n)))
    }

    /// [`Self::per_partition_at`] at the lowest measured per-partition rate.
    pub fn low_per_partition_at(&self, n: f64) -> f64 {
        self.per_partition_at(n) * self.low_per_partition_msgs / self.per_partition_msgs.max(1e-9)
    }

    /// Fewest nodes (≤ `max`) whose disk, NIC and CPU carry `rate` per group with
    /// unlimited partitions; None when even `max` do not.
    pub fn nodes_for(&self, rate: f64, max: u32) -> Option<(u32, CatchupLimit)> {
        let ok = |n: u32| self.rate(f64::from(n), f64::INFINITY, false).0 >= rate;
        if !ok(max) {
            return None;
        }
        let (mut lo, mut hi) = (1_u32, max);
        if ok(1) {
            hi = 1;
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if ok(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        // What binds one node short of the answer (the resource that set it).
        let limit = if hi > 1 { self.rate(f64::from(hi - 1), f64::INFINITY, false).1 } else { CatchupLimit::Partitions };
        Some((hi, limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// StreamNative's Kafka catch-up (results/catchup_read/nosync/kafka-backlog-100-
    /// partitions-1kb-batched-1ms-ack-all-nosync.json): 3 × i3en.2xlarge, 100
    /// partitions, 200 K msg/s produce continuing, 772,379 msg/s catch-up.
    fn streamnative() -> RecoveryInputs {
        RecoveryInputs {
            produce_msgs: 200_000.0,
            stored_bytes: 1024.0,
            rf: 3.0,
            write_amplification: 1.0,
            groups: 1.0,
            backlog_msgs: 536_956_793.0,
            disk_bytes: 2.0 * 327e6,
            nic_bytes: 25e9 / 8.0,
            cache_bytes: 68.7e9 * PAGE_CACHE_SHARE,
            // 5 effective cores ÷ 9.65 core·µs per replica write (the Kafka fit at 1 KB).
            replica_writes: 5.0 / 9.65e-6,
            produce_cost: 1.0,
            serving_share: 1.0,
            read_cost: 0.5,
            per_partition_msgs: 772_378.9 / 100.0,
            low_per_partition_msgs: 2289.0,
            warm_uplift: 0.4,
        }
    }

    #[test]
    fn the_calibration_run_is_reproduced_by_its_partitions() {
        let r = streamnative();
        // 536,956,793 × 1,024 B × 3 replicas = 1.65 TB against 3 × 34 GB of cache: 94 % cold.
        assert!((r.cold_fraction(3.0) - 0.9375).abs() < 0.01, "{}", r.cold_fraction(3.0));
        let (rate, limit) = r.rate(3.0, 100.0, false);
        // Partitions bind: 100 × 7,724 msg/s × (1 + 0.4 × 6 % warm) ≈ 791 K msg/s (measured 772 K).
        assert_eq!(limit, CatchupLimit::Partitions);
        assert!((rate / 772_379.0 - 1.0).abs() < 0.05, "{rate}");
    }

    #[test]
    fn more_partitions_drain_faster_until_the_brokers_bind() {
        let r = streamnative();
        let (a, _) = r.rate(3.0, 100.0, false);
        let (b, _) = r.rate(3.0, 200.0, false);
        assert!(b > a * 1.3, "{a} → {b}");
        let (c, limit) = r.rate(3.0, 10_000.0, false);
        assert_ne!(limit, CatchupLimit::Partitions, "{c}");
        // Disk: (3 × 654 MB/s × 0.9 − 200 K × 1,024 × 3) ÷ (1,024 × 0.94) ≈ 1.19 M msg/s.
        assert!(c > 1.0e6 && c < 1.4e6, "{c}");
    }

    #[test]
    fn each_group_drains_its_own_backlog() {
        let mut r = streamnative();
        let (one, _) = r.rate(3.0, 10_000.0, false);
        r.groups = 4.0;
        let (four, _) = r.rate(3.0, 10_000.0, false);
        assert!(four < one / 3.0, "{one} vs {four}");
    }

    #[test]
    fn nodes_for_is_the_fewest_that_carry_the_rate() {
        let r = streamnative();
        let (n, _) = r.nodes_for(2.0e6, 10_000).unwrap();
        assert!(r.rate(f64::from(n), f64::INFINITY, false).0 >= 2.0e6);
        assert!(r.rate(f64::from(n - 1), f64::INFINITY, false).0 < 2.0e6);
        assert_eq!(r.seconds(200_000.0), f64::INFINITY);
        assert!((r.seconds(r.needed(900.0)) - 900.0).abs() < 1e-6);
    }
}

/// The recovery inputs of `m` under `w`: `fit` is the corpus fit of the system
/// (None on the seed curve), `cpu_msgs` its CPU-bound msg/s per node for the
/// workload with the durability factor in it, and that factor (None on the seed
/// curve), `wa` the write amplification. None when no
/// catch-up was measured for the system or no consumer group reads.
pub fn for_workload<'m>(m: &'m crate::catalog::SystemModel, w: &crate::workload::Workload, fit: Option<&crate::throughput::SystemThroughput>, cpu_msgs: Option<(f64, f64)>, wa: f64) -> Option<(RecoveryInputs, Cow<'m, CatchupBasis>)> {
    if w.fanout == 0 {
        return None;
    }
    let b = memoized_basis(m, fit.map_or(&[][..], |f| &f.catchup_runs[..]))?;
    let hw = &w.hardware;
    let size = w.size.0;
    let rf = f64::from(w.rf);
    let (read_cost, (replica_writes, factor), (per_partition, low)) = match (fit, cpu_msgs) {
        (Some(f), Some((msgs, factor))) => {
            let cost = |s: f64| f.a_core_us + f.b_core_us_per_byte * s;
            (f.read.per_group, (msgs / factor * (rf + f.read.per_group * f64::from(w.fanout)) / f.read.centre(rf, f64::from(w.fanout)), factor), b.at_size(size, |s0, s| cost(s0) / cost(s)))
        }
        _ => {
            let c = |s: f64| m.produce.core_seconds(s);
            (ASSUMED_CATCHUP_READ_COST, (f64::from(hw.cores) / c(size), crate::factors::durability_factor(m.system, w.durability).multiplier), b.at_size(size, |s0, s| c(s0) / c(s)))
        }
    };
    let warm_uplift = b.warm_uplift;
    let txn_load = w.txn_share.filter(|s| *s > 0.0).and_then(|s| m.transactions.as_ref().map(|t| t.load_multiplier(s))).unwrap_or(1.0);
    Some((
        RecoveryInputs {
            produce_msgs: w.msgs().0,
            stored_bytes: size / w.compression.max(1.0),
            rf,
            write_amplification: wa,
            groups: f64::from(w.fanout),
            backlog_msgs: w.msgs().0 * w.backlog_seconds_on(m.system),
            disk_bytes: hw.disk_write().0 * 1e6,
            nic_bytes: hw.nic_gbps.to_mb().0 * 1e6,
            cache_bytes: hw.ram_gb * 1e9 * PAGE_CACHE_SHARE,
            replica_writes,
            // Transactional sends weigh their measured multiple of plain ones on the
            // CPU, as the CPU bound charges them (a stop-43 reviewer: a drain at 100 %
            // transactions planned as at none).
            produce_cost: txn_load / factor,
            read_cost,
            serving_share: 1.0 / crate::sizing::masters_carry(m.system, w.rf),
            per_partition_msgs: per_partition,
            low_per_partition_msgs: low,
            warm_uplift,
        },
        b,
    ))
}
