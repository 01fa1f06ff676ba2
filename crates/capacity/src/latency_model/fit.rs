//! Fitting the latency model from the corpus and the seeds' load-level points, with
//! its leave-one-source-out validation. Runs once, where the throughput model is
//! fitted (never in the browser).

use super::{fit_curve, LatencyCurve, OfferedCurve, LatencyModel, LatencyObs, PartitionEffect, PartitionPoint, SourceFloor, KEPT_UP_SHARE, REFERENCE_PARTITIONS_PER_NODE};
use crate::catalog::{LatencyPoint, PointRef};
use crate::corpus::{Driven, Evidence, Reading, RunMetric, RunStatus, SourceFile, SourceKind};
use crate::dataset::Load;
use crate::factors::{HIGH_UTILISATION, STEADY_UTILISATION};
use crate::system::{Durability, SystemId};
use crate::throughput::{deviations, Cluster, Deviation, ThroughputModel};
use crate::units::fmt_num;

/// Interval half-width (ln units) when the validation has fewer than three
/// residuals: ×2 either way, our assumption.
pub const FALLBACK_LOG_HALF_WIDTH: f64 = std::f64::consts::LN_2;

/// Knee assumed when no source of any system measured two loads: M/M/1's 1.
pub const ASSUMED_KNEE: f64 = 1.0;

/// The plannable durability a run's settings amount to (None: a combination no plan
/// asks for, e.g. acks=1 with fsync, or a BookKeeper journal not synced).
pub fn run_durability(system: SystemId, devs: &[Deviation]) -> Option<Durability> {
    use Deviation as D;
    match devs {
        [] => Some(Durability::Replicated),
        [D::AcksLeader] | [D::AsyncReplication] | [D::AckQuorumOne] => Some(Durability::Leader),
        [D::FsyncEach | D::FsyncEachHdd | D::FsyncEachNetwork] if system == SystemId::Kafka => Some(Durability::Fsync),
        [D::SyncFlush] => Some(Durability::Fsync),
        _ => None,
    }
}

/// One usable latency observation before grouping.
struct Raw {
    system: SystemId,
    durability: Durability,
    percentile: f64,
    bytes: f64,
    source: String,
    obs: LatencyObs,
}

fn size_class(bytes: f64) -> i64 {
    bytes.log2().round() as i64
}

fn cite(e: &Evidence, what: String) -> PointRef {
    PointRef { id: format!("{}#{}", e.origin.key(), e.run_id).into(), citation: e.citation.as_str().into(), summary: format!("{} {what}", e.system.name()).into() }
}

/// The disk kinds stated for the machines `f`'s points ran on (none for points that
/// are not corpus runs, as the seeds' are, or whose disks are not stated), sorted.
fn floor_disks(evidence: &[Evidence], f: &SourceFloor) -> Vec<crate::system::DiskKind> {
    let mut kinds: Vec<crate::system::DiskKind> = evidence
        .iter()
        .filter(|e| e.origin.key() == f.source && f.obs.iter().any(|o| *o.point.id == *format!("{}#{}", e.origin.key(), e.run_id)))
        .filter_map(|e| e.machine.disk_kind.known())
        .collect();
    kinds.sort_by_key(|k| k.id());
    kinds.dedup();
    kinds
}

/// Fits the model: `evidence` as the throughput fit saw it, `tm` for each run's
/// capacity, `seed` the seeds' load-level latency points per system.
pub fn fit(evidence: &[Evidence], tm: &ThroughputModel, seed: &[(SystemId, LatencyPoint)], corpus: &[SourceFile]) -> LatencyModel {
    let mut raw: Vec<Raw> = Vec::new();
    let offered = offered_load_curves(corpus);
    // Seed 000 §4: steady ≙ 50 %, high ≙ 90 % (our mapping), 1 KB, replicated.
    for (system, p) in seed {
        let u = match p.load {
            Load::Steady => STEADY_UTILISATION,
            Load::High => HIGH_UTILISATION,
            _ => continue,
        };
        let source = p.point.id.split('#').next().unwrap_or("seed").to_string();
        raw.push(Raw { system: *system, durability: Durability::Replicated, percentile: p.percentile, bytes: 1024.0, source, obs: LatencyObs { u, ms: p.ms, point: p.point.clone() } });
    }
    let mut sweeps: Vec<(String, Durability, SystemId, f64, f64, Vec<&Evidence>)> = Vec::new();
    for e in evidence {
        let w = &e.workload;
        let (Some(produce), Some(bytes)) = (e.produce_msgs, w.message_bytes) else { continue };
        if e.driven != Driven::FixedRate || w.reading != Some(Reading::Tail) || w.subscriptions.unwrap_or(1) > 1 {
            continue;
        }
        let Some(d) = run_durability(e.system, &deviations(e.system, w, e.machine.disk_kind)) else { continue };
        let nodes = f64::from(e.machine.nodes.unwrap_or(3).max(1));
        let per_node = f64::from(w.partitions.unwrap_or(0)) * f64::from(w.topics.unwrap_or(1)) / nodes;
        // A partition sweep holds one offered rate; a run that fell short of it is
        // at saturation, not at that rate, and stays out.
        if e.publish_p99_ms.is_some() && e.target_msgs.is_some_and(|t| produce >= KEPT_UP_SHARE * t) {
            let key = format!("{}|{}|{}", e.origin.key(), e.machine.id, e.target_msgs.unwrap_or(0.0));
            match sweeps.iter_mut().find(|s| s.0 == key && s.1 == d && s.2 == e.system && s.3 == bytes) {
                Some(s) => s.5.push(e),
                None => sweeps.push((key, d, e.system, bytes, nodes, vec![e])),
            }
        }
        let kept_up = e.consume_msgs.is_some_and(|c| c >= KEPT_UP_SHARE * produce);
        let near_reference = (per_node / REFERENCE_PARTITIONS_PER_NODE).max(REFERENCE_PARTITIONS_PER_NODE / per_node.max(1e-9)) <= 1.5;
        let (Some(ms), true, true) = (e.e2e_p99_ms, kept_up, near_reference) else { continue };
        let Some(cap) = Cluster::of_run(e, &tm.assumptions).and_then(|c| tm.predict(&c)) else { continue };
        let u = (produce / cap.expected).clamp(0.0, 0.95);
        let obs = LatencyObs { u, ms, point: cite(e, format!("e2e p99 {} ms at {} msg/s ≙ {:.0} % of the fitted {} msg/s", fmt_num(ms), fmt_num(produce), u * 100.0, fmt_num(cap.expected))) };
        raw.push(Raw { system: e.system, durability: d, percentile: 99.0, bytes, source: e.origin.key().to_string(), obs });
    }

    // Group into curves: system × durability × percentile × size class.
    let mut groups: Vec<(SystemId, Durability, f64, i64, Vec<Raw>)> = Vec::new();
    for r in raw {
        let k = size_class(r.bytes);
        match groups.iter_mut().find(|g| g.0 == r.system && g.1 == r.durability && (g.2 - r.percentile).abs() < 1e-9 && g.3 == k) {
            Some(g) => g.4.push(r),
            None => groups.push((r.system, r.durability, r.percentile, k, vec![r])),
        }
    }
    let by_source = |rs: &[Raw]| -> Vec<(String, Vec<LatencyObs>)> {
        let mut out: Vec<(String, Vec<LatencyObs>)> = Vec::new();
        for r in rs {
            match out.iter_mut().find(|(s, _)| *s == r.source) {
                Some((_, o)) => o.push(r.obs.clone()),
                None => out.push((r.source.clone(), vec![r.obs.clone()])),
            }
        }
        out
    };
    // Pass 1: knees where some source measured two loads.
    let informative: Vec<(SystemId, Durability, f64)> = groups
        .iter()
        .filter_map(|g| {
            let bs = by_source(&g.4);
            let (k, basis, _) = fit_curve(&bs, (f64::NAN, ""));
            (!k.is_nan() && !basis.is_empty()).then_some((g.0, g.1, k))
        })
        .collect();
    let fallback = |s: SystemId, d: Durability| -> (f64, String) {
        if let Some((_, _, k)) = informative.iter().find(|(x, y, _)| *x == s && *y == d).or_else(|| informative.iter().find(|(x, y, _)| *x == s && *y == Durability::Replicated)) {
            return (*k, format!("no source measured two loads here: {}'s replicated knee", s.name()));
        }
        if informative.is_empty() {
            return (ASSUMED_KNEE, "assumed (M/M/1): no source measured two loads".into());
        }
        let k = informative.iter().map(|x| x.2.ln()).sum::<f64>() / informative.len() as f64;
        (k.exp(), format!("no source measured two loads: geometric mean of the other systems' knees ({})", informative.iter().map(|x| format!("{} {}", x.0.name(), fmt_num(x.2))).collect::<Vec<_>>().join(", ")))
    };
    let mut curves = Vec::new();
    let mut residuals = Vec::new();
    for (system, durability, percentile, _, rs) in &groups {
        let bs = by_source(rs);
        let fb = fallback(*system, *durability);
        let (knee, knee_basis, floors) = fit_curve(&bs, (fb.0, &fb.1));
        // Leave one source out: the others' knee and floors predict its points.
        if bs.len() >= 2 {
            for i in 0..bs.len() {
                let others: Vec<(String, Vec<LatencyObs>)> = bs.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, x)| x.clone()).collect();
                let (k, _, fl) = fit_curve(&others, (fb.0, &fb.1));
                let c = LatencyCurve { system: *system, durability: *durability, percentile: *percentile, bytes: 0.0, knee: k, knee_basis: String::new(), floors: fl };
                residuals.extend(bs[i].1.iter().map(|o| (o.ms / c.at(o.u)).ln()));
            }
        }
        let bytes = (rs.iter().map(|r| r.bytes.ln()).sum::<f64>() / rs.len() as f64).exp();
        let mut floors = floors;
        for f in &mut floors {
            f.disks = floor_disks(evidence, f);
        }
        curves.push(LatencyCurve { system: *system, durability: *durability, percentile: *percentile, bytes, knee, knee_basis, floors });
    }
    // The throughput intervals' split-conformal quantile, each point weighing the same.
    let weighted: Vec<(f64, f64)> = residuals.iter().map(|r| (*r, 1.0)).collect();
    let log_half_width = if weighted.len() >= 3 { crate::throughput::weighted_abs_quantile(&weighted, crate::throughput::DEFAULT_LEVEL).unwrap_or(FALLBACK_LOG_HALF_WIDTH) } else { FALLBACK_LOG_HALF_WIDTH };

    let partitions = sweeps
        .into_iter()
        .filter_map(|(_, d, system, _, nodes, runs)| {
            let per = |e: &Evidence| f64::from(e.workload.partitions.unwrap_or(0)) * f64::from(e.workload.topics.unwrap_or(1)) / nodes;
            let refs: Vec<&&Evidence> = runs.iter().filter(|e| (per(e) / REFERENCE_PARTITIONS_PER_NODE - 1.0).abs() < 0.01).collect();
            if refs.is_empty() || runs.len() < 2 {
                return None;
            }
            let base = (refs.iter().filter_map(|e| e.publish_p99_ms).map(f64::ln).sum::<f64>() / refs.len() as f64).exp();
            let mut points: Vec<PartitionPoint> = runs
                .iter()
                .filter_map(|e| {
                    let p = e.publish_p99_ms?;
                    let produce = e.produce_msgs?;
                    let kept_up = e.consume_msgs.is_some_and(|c| c >= KEPT_UP_SHARE * produce);
                    let what = format!("publish p99 {} ms at {} partitions (× {} of 100){}", fmt_num(p), e.workload.partitions.unwrap_or(0), fmt_num(p / base), if kept_up { "" } else { "; consumers fell behind" });
                    Some(PartitionPoint { per_node: per(e), factor: p / base, kept_up, point: cite(e, what) })
                })
                .collect();
            crate::order::sort_by(&mut points, |a, b| a.per_node.total_cmp(&b.per_node));
            points.dedup_by(|a, b| (a.per_node - b.per_node).abs() < 1e-9);
            Some(PartitionEffect { system, durability: d, points })
        })
        .collect();
    LatencyModel { curves, partitions, log_half_width, residuals, offered }
}

/// Latency at offered loads on machines with no stated saturation (the Pravega
/// provisioner's Segment Store profiles: events/s and p95 per event size), kept as
/// measured: read by load per node, never mapped to a utilisation.
fn offered_load_curves(corpus: &[SourceFile]) -> Vec<OfferedCurve> {
    let mut out: Vec<OfferedCurve> = Vec::new();
    for f in corpus.iter().filter(|f| f.source.kind == SourceKind::Measurement) {
        for r in f.runs.iter().filter(|r| r.model_uses && r.status == RunStatus::Ok && r.driven == Driven::FixedRate) {
            let (Some(system), Some(x), Some(bytes)) = (r.system.planned(), r.target_msgs, r.workload.message_bytes) else { continue };
            if r.measured.iter().any(|m| m.metric == RunMetric::ProduceThroughput) {
                continue;
            }
            for m in r.measured.iter().filter(|m| m.metric == RunMetric::PublishLatency) {
                let (Some(p), Some(ms)) = (m.percentile, m.unit.to_ms(m.value)) else { continue };
                let point = PointRef {
                    id: format!("{}#{}", f.source.id, r.id).into(),
                    citation: format!("{} — {}", f.source.cite(), r.citation).into(),
                    summary: format!("{} p{} {} ms at {} msg/s offered", system.name(), fmt_num(p), fmt_num(ms), fmt_num(x)).into(),
                };
                match out.iter_mut().find(|g| g.system == system && g.bytes == bytes && (g.percentile - p).abs() < 1e-9) {
                    Some(g) => g.points.push((x, ms, point)),
                    None => out.push(OfferedCurve { system, bytes, percentile: p, source: f.source.id.clone(), points: vec![(x, ms, point)] }),
                }
            }
        }
    }
    out.retain(|c| c.points.len() >= 2);
    for c in &mut out {
        crate::order::sort_by(&mut c.points, |a, b| a.0.total_cmp(&b.0));
    }
    out
}
