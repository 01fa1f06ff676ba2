//! The corpus model's CPU bound as a plan uses it: one node's CPU-bound throughput
//! for the workload (its size, replicas, partitions, consumer groups, durability)
//! on the user's machine, with the calibrated interval.

use crate::units::text;
use serde::{Deserialize, Serialize};

use super::{Cluster, ThroughputModel, Widening};
use crate::hardware::Hardware;
use crate::system::{Durability, SystemId};
use crate::units::Dec;

/// One node's CPU-bound produce throughput under a workload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CpuPerNode {
    /// Expected msg/s one node's CPU carries.
    pub msgs: f64,
    /// The calibrated interval's reach below the expected value, ln units: the low
    /// end is `msgs` × e^−w.
    pub log_width_low: f64,
    /// Its reach above, ln units: the high end is `msgs` × e^w. Differs from
    /// [`CpuPerNode::log_width_low`] only where an unmeasured read cost widens one
    /// side more ([`super::Widening`]).
    pub log_width_high: f64,
    /// The interval's stated coverage.
    pub level: f64,
    /// The durability factor as it acts on the disks (≤ 1, e.g. ×0.2 for a
    /// per-message fsync on HDD): a setting that slows the software slows what the
    /// disks are driven at too ([`super::Bounds::hardware_factor`]), as `predict`
    /// applies it. 1 where the setting speeds the software up.
    #[serde(default = "super::one")]
    pub hardware_factor: f64,
    /// How far below their stated figures the disks and the NIC may carry, ln units:
    /// the interval calibrated on held-out runs that stated disks or a NIC set
    /// ([`super::Ground::StatedHardware`]: ×/÷ 1.42 for Kafka on the bundled corpus),
    /// with the durability factor's spread where that factor slows the disks too. A
    /// plan's disk and network bounds take this at the interval's low end, not the
    /// CPU bound's width: more cores, a message size the CPU cost was not measured
    /// at or an unmeasured read cost make the CPU bound less certain, not the disks
    /// (a disk-bound Kafka plan on 64 cores had read 52 machines at the low end
    /// against 19 on 8 cores for the same disks). 0 in plans made before it.
    #[serde(default)]
    pub hardware_log_width_low: f64,
    /// The disks' own reach below their stated figure, ln units: the hardware's
    /// ([`CpuPerNode::hardware_log_width_low`]) with, where the runs left these disks
    /// unchecked, [`super::SystemThroughput::disk_width`] in quadrature. A plan's disk bound takes this at the interval's low end, its
    /// network bound the hardware's. None in plans made before it (the hardware's).
    #[serde(default)]
    pub disk_log_width_low: Option<f64>,
    /// The disks whose reach is wider and what the runs showed of them, for the plan to
    /// say why
    /// ([`super::disk_kind_note`]) where it moved the machine count's low end (not
    /// serialized: the plan's warnings carry the words).
    #[serde(skip)]
    pub disk_note: Option<(crate::corpus::CorpusDisk, Option<super::DiskKindEvidence>)>,
    /// The largest cluster the system's runs measured, nodes: past it a plan's CPU
    /// bound at the interval's low end carries linear scaling's doubt
    /// ([`super::nodes_at_low_end`]). 0 in plans made before it (no doubt carried).
    #[serde(default)]
    pub max_nodes_measured: f64,
    /// The share of their figure the disks carry on this machine
    /// ([`super::SystemThroughput::disk_share`]): a plan's disk bound is sized on the
    /// disks' figure × this. 1 where the runs checked the figure or none ran there.
    #[serde(default = "super::one")]
    pub disk_share: f64,
    /// The arithmetic, in words with units.
    pub detail: String,
    /// Where the parameters come from.
    pub citation: String,
    /// Caveats as (warning kind, text): extrapolation, assumptions, the interval.
    pub notes: Vec<(String, String)>,
    /// The saturated runs the fit rests on.
    pub points: Vec<crate::catalog::PointRef>,
    /// Share of this bound's CPU spent on the consumer groups' tail reads, 0–1:
    /// c·r ÷ (RF + c·r) with the read cost charged. Where serving and storage are
    /// separate machines (Pulsar) the brokers serve tail reads from their cache, so
    /// this share is theirs alone.
    #[serde(default)]
    pub read_share: f64,
}

/// The number behind [`cpu_per_node`] without its words: `(msg/s one node's CPU
/// carries, the interval's reach below and above it in ln units, stated coverage, the
/// durability factor already in that msg/s)`.
/// What a chart evaluates at many message sizes. None when the model has no fit for
/// the system.
#[allow(clippy::too_many_arguments)]
pub fn cpu_capacity_per_node(t: &ThroughputModel, system: SystemId, hw: &Hardware, size: f64, rf: u32, partitions: u32, fanout: u32, durability: Durability) -> Option<(f64, Widening, f64, f64)> {
    let fit = t.system(system)?;
    let c = Cluster::planned(system, 1.0, hw, size, rf, Some(partitions), fanout, durability);
    let b = t.bounds(fit, &c);
    let (half, level) = half_width(t, fit, &c, &b);
    Some((b.cpu * b.durability, half, level, b.durability))
}

/// Each durability setting's factor in words, as (warning kind, text): where it comes
/// from (fitted from paired runs, or mqplan's assumption and why) and its spread.
pub fn durability_notes(t: &ThroughputModel, system: SystemId, deviations: &[super::Deviation]) -> Vec<(String, String)> {
    deviations
        .iter()
        .filter_map(|d| t.factors.iter().find(|f| f.system == system && f.deviation == *d))
        .map(|f| match &f.assumed {
            Some(why) => ("assumption".to_string(), text!("{} ×{}: {why}; ×/÷{:.2}, how far mqplan's assumptions sat from later pairs", f.deviation.label(), super::factor_digits(f.factor), Dec(f.log_spread.exp()))),
            None => ("durability".to_string(), text!("{} ×{} fitted from {} paired run(s), spread ×/÷{:.2}", f.deviation.label(), super::factor_digits(f.factor), f.pairs.len(), Dec(f.log_spread.exp()))),
        })
        .collect()
}

/// The calibrated interval of the CPU bound itself, widened as
/// [`ThroughputModel::predict`] widens it — but for the CPU alone: an unmeasured read
/// cost's range is not cut at the disks or NIC here (a chart's CPU band moved with the
/// NIC), which size the cluster as bounds of their own.
fn half_width(t: &ThroughputModel, fit: &super::SystemThroughput, c: &Cluster, b: &super::Bounds) -> (Widening, f64) {
    let cpu = b.cpu_only();
    half_width_with_read(t, fit, c, &cpu, super::read_cost_width(fit, c, &cpu))
}

/// [`half_width`] on the CPU-only bounds `cpu` with their read-cost part `read`
/// already computed (the plan's note shows it too).
fn half_width_with_read(t: &ThroughputModel, fit: &super::SystemThroughput, c: &Cluster, cpu: &super::Bounds, read: Widening) -> (Widening, f64) {
    let (base, level) = t.base_interval(c.system);
    (super::extra_log_width_with_read(fit, c, cpu, read).around(base), level)
}

/// [`CpuPerNode::hardware_log_width_low`]: `system`'s stated-hardware interval, with
/// the durability factor's spread added in quadrature where the factor slows the
/// disks ([`super::Bounds::hardware_factor`] < 1), as a held-out run's is widened.
pub fn hardware_width_low(t: &ThroughputModel, system: SystemId, b: &super::Bounds) -> f64 {
    let (base, _) = t.base_interval_on(system, super::Ground::StatedHardware);
    let spread = if b.hardware_factor() < 1.0 { b.durability_log_spread } else { 0.0 };
    base.hypot(spread)
}

/// How a plan's durability setting and machine act on one partition's rates
/// ([`crate::sizing`]'s partitions for the produce rate): the factor on the software
/// (the fitted per-partition ceiling: `soft`), the factor on stated disks (`hard`,
/// never above 1: acking early writes no fewer bytes) and the share of their figure
/// this machine's disks carried in the runs measured there (`disk_share`) — as
/// [`super::Bounds::binding`] applies them to the cluster's bounds. None when the
/// model has no fit for `system`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartitionFactors {
    /// Durability factor on the per-partition ceiling (fsync ×0.93 on NVMe; acks=1 ×1.63).
    pub soft: f64,
    /// Durability factor on the disks (`soft` capped at 1).
    pub hard: f64,
    /// Share of the disks' figure written on this machine (1 where none was measured).
    pub disk_share: f64,
}

/// [`PartitionFactors`] of `system` on `hw` at `size` bytes, `rf`, `fanout` and
/// `durability`.
pub fn partition_factors(t: &ThroughputModel, system: SystemId, hw: &Hardware, size: f64, rf: u32, fanout: u32, durability: Durability) -> Option<PartitionFactors> {
    let fit = t.system(system)?;
    let c = Cluster::planned(system, 1.0, hw, size, rf, None, fanout, durability);
    let b = t.bounds(fit, &c);
    Some(PartitionFactors { soft: b.durability, hard: b.hardware_factor(), disk_share: b.disk_share })
}

/// `system`'s CPU bound per node on `hw` for messages of `size` bytes, `rf` copies,
/// `partitions`, `fanout` consumer groups and `durability`; None when the model has
/// no fit for the system.
#[allow(clippy::too_many_arguments)]
pub fn cpu_per_node(t: &ThroughputModel, system: SystemId, hw: &Hardware, size: f64, rf: u32, partitions: u32, fanout: u32, durability: Durability) -> Option<CpuPerNode> {
    let fit = t.system(system)?;
    let c = Cluster::planned(system, 1.0, hw, size, rf, Some(partitions), fanout, durability);
    let b = t.bounds(fit, &c);
    let cpu_only = b.cpu_only();
    let read_width = super::read_cost_width(fit, &c, &cpu_only);
    let (half, level) = half_width_with_read(t, fit, &c, &cpu_only, read_width);
    let eff = c.effective_cores(&t.assumptions);
    let read_charged = if c.tail_readers > 0.0 { fit.read.effective(c.rf, c.tail_readers).unwrap_or(fit.read.per_group) * c.tail_readers } else { 0.0 };
    let read_share = if read_charged > 0.0 { read_charged / (c.rf + read_charged) } else { 0.0 };
    // An unmeasured read cost: the formula shows the cost per group that gives the
    // bound at the middle of its range (net of the fitted runs' own readers), or, with
    // no groups reading, that adjustment as a factor on the write cost.
    let (read_lo, read_hi) = fit.read.range.unwrap_or_default();
    let centre = fit.read.centre(c.rf, c.tail_readers);
    // Four decimals: with hundreds of groups a two-decimal cost no longer reproduces the bound.
    let (read_shown, read_words) = match fit.read.effective(c.rf, c.tail_readers) {
        Some(x) if fit.read.range.is_some() => (text!("{:.4}", Dec(x)), " (the read cost per group charged: the middle of its unmeasured range, net of the fitted runs' own readers)".to_string()),
        _ if (centre - 1.0).abs() >= 5e-3 => (text!("{:.2}", Dec(fit.read.per_group)), text!(" × {:.2} (an unmeasured read cost charged at the middle of {:.2}–{:.2}, the fitted runs having readers)", Dec(centre), Dec(read_lo), Dec(read_hi))),
        _ => (text!("{:.2}", Dec(fit.read.per_group)), String::new()),
    };
    let effect = fit.machine_effect(&c);
    let effect_words = effect.map_or_else(String::new, |e| text!(" × {:.3} (measured on this machine class)", Dec(e.factor)));
    let detail = text!(
        "{:.2} effective cores ({} physical + {:.0} % of {} more hardware threads) ÷ ((RF {rf} + {} × {fanout} consumer group(s)) × ({:.2} + {:.5} × {} B) core·µs per replica write){}{}{} = {} msg/s per node",
        Dec(eff),
        c.cores,
        Dec(t.assumptions.smt_yield * 100.0),
        c.vcpus - c.cores,
        read_shown,
        Dec(fit.a_core_us),
        Dec(fit.b_core_us_per_byte),
        crate::units::Num(size),
        read_words,
        effect_words,
        if b.durability == 1.0 { String::new() } else { text!(" × durability {}", super::factor_digits(b.durability)) },
        crate::units::Num(b.cpu * b.durability),
    );
    let mut notes = Vec::with_capacity(12);
    let (lo, hi) = fit.size_range;
    if size < lo * 0.999 || size > hi * 1.001 {
        notes.push(("extrapolation".to_string(), text!("message size {} B is outside the {} at which CPU-bound saturated runs measured the CPU cost; the interval is widened", crate::units::Num(size), super::size_span_words(lo, hi))));
    }
    if let (Some(w), Some((lo, hi))) = (super::hardware_distance_width(fit, &c), fit.threads_range) {
        notes.push((
            "extrapolation".to_string(),
            text!("{} hardware threads per node; the runs fitted had {}–{}: cores scaled linearly past the measured, the interval widened ×{:.2}", hw.cores, crate::units::Num(lo), crate::units::Num(hi), Dec(w.exp())),
        ));
    }
    let disk_width = if b.disk.is_some() && b.disk_stated { fit.disk_width(&c) } else { 0.0 };
    if let Some(n) = super::disk_share_note(fit, &c, &b) {
        notes.push(("calibration".to_string(), n));
    }
    if let Some(e) = effect {
        notes.push(("calibration".to_string(), e.note().to_string()));
    }
    if fit.per_byte_unresolved() {
        notes.push(("thin_data".to_string(), "the per-byte CPU cost sits at the fit's search floor: its runs do not resolve one, so this bound scales with messages, not bytes".to_string()));
    }
    if let Some(how) = fit.read.assumed.as_ref().filter(|_| fanout > 0) {
        let width = read_width;
        // Short on purpose: a plan evaluates this bound several times, and the detail
        // above already shows the cost charged (`mqplan predict` gives the long note).
        let range = if width.max() > 1e-9 {
            text!("; charged at the middle of {:.2}–{:.2}, interval widened ÷{:.2} below, ×{:.2} above", Dec(read_lo), Dec(read_hi), Dec(width.down.exp()), Dec(width.up.exp()))
        } else {
            String::new()
        };
        notes.push(("assumption".to_string(), text!("consumer read cost: {how}{range}")));
    }
    notes.extend(durability_notes(t, system, &c.deviations));
    // A durability planned as the system's baseline says so (the cores' note is below).
    notes.extend(c.reading.plan_notes().map(|a| ("assumption".to_string(), a)));
    if let Some(how) = &fit.floor_only {
        notes.push(("thin_data".to_string(), how.clone()));
    }
    let super::NodeScaling::Linear { reason, .. } = &fit.scaling;
    notes.push(("assumption".to_string(), reason.clone()));
    notes.push((
        "assumption".to_string(),
        match hw.physical_cores {
            Some(p) => text!("{} hardware threads per machine on {p} physical cores (the preset's source); each extra thread counts as {:.0} % of a core", hw.cores, Dec(t.assumptions.smt_yield * 100.0)),
            None => text!("{} cores per machine read as hardware threads, {} per physical core; each extra thread counts as {:.0} % of a core", hw.cores, super::cluster::THREADS_PER_CORE, Dec(t.assumptions.smt_yield * 100.0)),
        },
    ));
    notes.push((
        "interval".to_string(),
        text!(
            "throughput {:.0} % interval ×{:.2}…×{:.2}, {} (mqplan validate)",
            Dec(level * 100.0),
            Dec((-half.down).exp()),
            Dec(half.up.exp()),
            match t.interval(system, super::Ground::Model) {
                Some(i) if i.own_runs > 0 && !i.borrowed() => text!("calibrated on sources the fit did not see, on their runs the fitted CPU cost set ({} runs from {}: its width is how far they disagree)", i.residuals, super::sources_words(i.sources)),
                Some(i) if i.own_runs > 0 => text!("mostly borrowed: calibrated on {} held-out runs of all systems that the fitted CPU cost set ({}), only {} of them {}'s", i.residuals, super::sources_words(i.sources), i.own_runs, system.name()),
                Some(i) => text!("borrowed from other systems' held-out errors ({} runs from {}): no saturated run of {} could be held out and checked", i.residuals, super::sources_words(i.sources), system.name()),
                None => text!("borrowed from other systems' held-out errors: no saturated run of {} could be held out and checked", system.name()),
            }
        ),
    ));
    Some(CpuPerNode {
        msgs: b.cpu * b.durability,
        log_width_low: half.down,
        log_width_high: half.up,
        level,
        hardware_factor: b.hardware_factor(),
        hardware_log_width_low: hardware_width_low(t, system, &b),
        disk_log_width_low: (disk_width > 0.0).then(|| hardware_width_low(t, system, &b).hypot(disk_width)),
        disk_note: (disk_width > 0.0).then(|| (c.disk, fit.disk_evidence(&c).cloned())),
        disk_share: b.disk_share,
        max_nodes_measured: fit.scaling.max_nodes_measured(),
        detail,
        citation: t.cpu_citation(system),
        notes,
        points: fit.cited.clone(),
        read_share,
    })
}
