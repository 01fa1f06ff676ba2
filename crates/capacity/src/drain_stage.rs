//! The backlog-drain stage of sizing one system: the per-group catch-up a consumer
//! outage asks (with a deadline, or the margin over the produce rate any drain asks),
//! the partitions that carry it, and the drain bound in data nodes. It depends on the
//! system and the workload alone — not on the node count a p99 objective's search
//! tries — so [`crate::sizing::size_system`] computes it once per system and every
//! sizing of that system reuses it (stop 27 built it again at each of an objective
//! search's 17 sizings: 205 → 236 µs a plan).

use crate::units::text;
use std::borrow::Cow;

use crate::catalog::SystemModel;
use crate::factors::{self, write_amplification};
use crate::recovery::{CatchupBasis, RecoveryInputs};
use crate::sizing::{Bound, BoundKind, Warning};
use crate::throughput::ThroughputModel;
use crate::units::{Dec, Num};
use crate::workload::Workload;

/// How far past [`factors::MAX_DATA_NODES`] the drain bound's node count is searched
/// (× the cap): far enough that a count the cap stops is told from one no cluster
/// reaches (the catch-up's partitions or page cache set a rate that nodes do not
/// lift).
const DRAIN_SEARCH_PAST_CAP: u32 = 100;

/// What the drain stage gives every sizing of one system.
pub(crate) struct DrainStage<'m> {
    /// The corpus CPU bound's msg/s per node at the workload's own partitions (None:
    /// no corpus fit for the system; the seed curve answers).
    pub first_msgs: Option<f64>,
    /// The catch-up inputs and the measured runs they rest on (None: no consumer
    /// groups, or nothing to read the catch-up from).
    pub recovery: Option<(RecoveryInputs, Cow<'m, CatchupBasis>)>,
    /// Partitions the plan takes: the workload's, raised so a Kafka replica fits one
    /// disk ([`partitions_to_fit_disks`]), so the partitions carry the produce rate
    /// ([`crate::sizing::throughput_partitions`]) and to carry the catch-up.
    pub partitions: u32,
    /// Why the last rule that raised [`Self::partitions`] did ("so a replica fits one
    /// disk"); None where the workload's count stands.
    pub raised_by: Option<&'static str>,
    /// The per-group catch-up rate the drain bound sizes for, msg/s.
    pub drain_need: Option<f64>,
    /// The partitions the produce rate needs, rule by rule
    /// ([`crate::sizing::throughput_partitions`]): computed once here, read by every
    /// sizing's partition advice (each rule's durability factors come from the fit).
    pub by_rate: Vec<crate::sizing::PartitionsForRate>,
    /// The corpus CPU bound per node at [`Self::partitions`], with its words (None: no
    /// corpus fit; the seed curve answers). It depends on the partitions, not on the
    /// node count, so an objective search's sizings share it (built at each of them,
    /// it was a fifth of a default plan's instructions).
    pub cpu: Option<crate::throughput::CpuPerNode>,
    /// Warnings of the stage (a deadline needing partitions past the field's range).
    pub warnings: Vec<Warning>,
    /// The drain bound, data nodes (the zone factor applied; the zones' words are
    /// added with the other bounds').
    pub bound: Option<Bound>,
}

/// The drain stage of `m` for `w` on the corpus model `corpus`.
pub(crate) fn drain_stage<'m>(m: &'m SystemModel, w: &Workload, corpus: Option<&ThroughputModel>) -> DrainStage<'m> {
    let hw = &w.hardware;
    let zone_factor = w.zone_factor();
    let fit = corpus.and_then(|t| t.system(m.system));
    let (wa, _) = write_amplification(m.system, w.stored_size());
    let mut warnings = Vec::new();
    // The recovery stage needs the number only: the words (and the cited runs) are
    // built once, at the partition count the plan ends with.
    let first = corpus.and_then(|t| crate::throughput::cpu_capacity_per_node(t, m.system, hw, w.size.0, w.rf, w.partitions, w.fanout, w.durability));
    let first_msgs = first.map(|x| x.0);
    let recovery = crate::recovery::for_workload(m, w, fit.filter(|_| first.is_some()), first.map(|x| (x.0, x.3)), wa);
    let mut partitions = w.partitions;
    let mut raised_by = None;
    // A Kafka replica lies on one disk: its share of the retention must fit one
    // disk's usable space, whatever the broker count (a stop-28 reviewer: 50 MB/s kept
    // 72 h on 300 GB disks planned 224 brokers for 24 partitions, each replica 540 GB).
    if let Some((need, per_replica, usable)) = partitions_to_fit_disks(m, w).filter(|(need, ..)| *need > partitions) {
        warnings.push(Warning {
            kind: "partitions".into(),
            text: text!(
                "{}: {} partitions would keep {} GB per replica, past the {} GB one disk holds at {:.0} % fill with {:.0} % head-room (a replica lies on one disk): at least {} partitions",
                m.system.name(),
                Num(f64::from(partitions)),
                Num(per_replica / 1e9),
                Num(usable / 1e9),
                Dec(factors::MAX_DISK_FILL * 100.0),
                Dec(factors::STORAGE_HEADROOM * 100.0),
                Num(f64::from(need))
            ),
        });
        partitions = need;
        raised_by = Some("so a replica fits one disk");
    }
    // The produce rate itself: no more than partitions × one partition's ceiling, and
    // where a replica lies on one disk, no more than partitions × what one disk
    // writes, whatever the node count.
    // (The plan's partition warning gives the reasons: `partition_advice` reads them.)
    let rules = crate::sizing::throughput_partitions(m, w, corpus);
    let by_rate = rules.iter().map(|p| p.need).fold(0.0, f64::max);
    if by_rate > f64::from(partitions) {
        partitions = by_rate.min(crate::fields::max_of("partitions")) as u32;
        raised_by = Some("so the partitions carry the produce rate");
    }
    let mut drain_need: Option<f64> = None;
    if let (Some(limit), Some((r, _))) = (w.drain_min, &recovery) {
        let need = r.needed(limit * 60.0);
        // The machines carry at least what no deadline asks (below): a deadline looser
        // than that must not plan fewer machines than none.
        drain_need = Some(need.max(r.catch_up_floor()));
        let want = r.partitions_for(need, crate::recovery::PARTITION_SIZING_NODES);
        if want.is_finite() && want > f64::from(partitions) {
            // The partitions field's own range caps the advice; past it, say so.
            let cap = crate::fields::max_of("partitions");
            partitions = want.min(cap) as u32;
            raised_by = Some("so the drain deadline's catch-up reads in parallel");
            if want > cap {
                warnings.push(Warning {
                    kind: "partitions".into(),
                    text: text!("{}: the drain deadline would need {} partitions to read in parallel, past the {} a plan takes; planned with {}", m.system.name(), Num(want.ceil()), Num(cap), Num(cap)),
                });
            }
        }
    } else if let (None, Some((r, _)), true) = (w.drain_min, &recovery, w.outage.0 > 0.0) {
        // Without a deadline the backlog must still drain: the consumers' parallelism
        // has to beat the produce rate (20 % margin, as the partition advice says), so
        // a system is planned on the partitions that gives — the candidates are then
        // compared as each would be run (a stop-19 tester saw the default 24
        // partitions hand the choice to a dearer system).
        let want = r.catch_up_partitions();
        if want.is_finite() && want > f64::from(partitions) {
            partitions = want.min(crate::fields::max_of("partitions")) as u32;
            raised_by = Some("so each group's catch-up beats the produce rate");
        }
        // And on the machines whose disk reads, NIC and CPU give it: partitions alone
        // did not, and a candidate left short of it was dropped for a dearer one as
        // "never drains" (a stop-27 tester: Kafka's 9 machines lost to RocketMQ's 42
        // at 20 groups, while a 24 h deadline, a stricter ask, planned Kafka on 12).
        drain_need = Some(r.catch_up_floor());
    }

    // Backlog drain: with a deadline, the fewest nodes whose disk, NIC and CPU carry
    // the catch-up (the partitions were already raised to carry it).
    let mut bound = None;
    if let (Some((r, basis)), Some(need)) = (&recovery, drain_need) {
        // Searched past the node cap: a count beyond it is a bound like any other
        // past the cap (the plan is capped and says it does not fit), where "no
        // count drains it" is the plan's "never drains" (a stop-38 reviewer saw a
        // drain needing 10,200 brokers dropped, and 25,500 MB/s planned on 1,578
        // where 25,000 had taken 9,906).
        let found = r.nodes_for(need, factors::MAX_DATA_NODES.saturating_mul(DRAIN_SEARCH_PAST_CAP));
        let (nodes, detail) = match found {
            Some((n, lim)) => (f64::from(n) * zone_factor, text!("{} with {} consumer group(s); binds on {}", Num(f64::from(n)), w.fanout, if n > 1 { lim.label(m.system) } else { "nothing (one node suffices)" })),
            None => (f64::INFINITY, "no cluster size drains it in time".to_string()),
        };
        // Without a deadline a count no cluster reaches adds no bound: the plan says
        // it never drains, and the choice weighs that.
        if w.drain_min.is_some() || found.is_some() {
            let goal = match w.drain_min {
                Some(limit) if need > r.needed(limit * 60.0) * (1.0 + 1e-9) => text!("drain {} messages per group in {} min while producing {} msg/s, with at least the {} % over the produce rate no deadline asks", Num(r.backlog_msgs), Num(limit), Num(w.msgs().0), Num(crate::recovery::RecoveryInputs::catch_up_margin_pct())),
                Some(limit) => text!("drain {} messages per group in {} min while producing {} msg/s", Num(r.backlog_msgs), Num(limit), Num(w.msgs().0)),
                None => text!("no deadline: after the {} h outage each group's catch-up must beat the {} msg/s produced by {} % for the backlog to drain at all", Num(w.outage.0), Num(w.msgs().0), Num(crate::recovery::RecoveryInputs::catch_up_margin_pct())),
            };
            bound = Some(Bound {
                kind: BoundKind::Drain,
                nodes,
                detail: text!("{goal} → {} msg/s per group over {} partitions; nodes whose disk reads, NIC and CPU carry it: {}", Num(need), Num(f64::from(partitions)), detail),
                citation: basis.points.iter().map(|p| p.citation.clone()).collect::<Vec<_>>().join("; "),
            });
        }
    }

    let cpu = corpus.and_then(|t| crate::throughput::cpu_per_node(t, m.system, hw, w.size.0, w.rf, partitions, w.fanout, w.durability));
    DrainStage { first_msgs, recovery, partitions, raised_by, drain_need, by_rate: rules, cpu, warnings, bound }
}

/// For a system whose partition replica lies on one disk
/// ([`factors::replica_on_one_disk`]): the fewest partitions whose replicas each fit
/// one disk's usable space (its capacity at [`factors::MAX_DISK_FILL`], less
/// [`factors::STORAGE_HEADROOM`]) with the locally kept retention, with the bytes one
/// replica keeps at the workload's partitions and that usable space. None for the
/// other systems, or with nothing retained.
pub(crate) fn partitions_to_fit_disks(m: &SystemModel, w: &Workload) -> Option<(u32, f64, f64)> {
    factors::replica_on_one_disk(m.system)?;
    let per_copy = w.stored_ingress().bytes_per_sec() * w.local_retention().0 * 3600.0 * factors::stored_amplification(m.system, w.stored_size());
    let usable = w.hardware.disk_tb * 1e12 * factors::MAX_DISK_FILL / (1.0 + factors::STORAGE_HEADROOM);
    if !(per_copy > 0.0 && usable > 0.0) {
        return None;
    }
    let need = (per_copy / usable).ceil().min(crate::fields::max_of("partitions"));
    Some((need as u32, per_copy / f64::from(w.partitions.max(1)), usable))
}
