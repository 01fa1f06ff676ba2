//! The unfitted model: what to fit and under which assumptions. `check()` before
//! `fit()`, which runs the named stages in order (evidence → factors → read cost →
//! ceilings → CPU → scaling → intervals) and returns an immutable
//! [`ThroughputModel`].

use serde::{Deserialize, Serialize};

use super::consumers::{fit_catchup_cost, fit_read_cost};
use super::consumers::ReadCost;
use super::cpu::{fit_ab, fit_ab_read, FitInput};
use super::durability::{combined, fit_factors};
use super::interval::{calibrate_on, Ground};
use super::partitions::fit_ceiling;
use super::scaling::scaling;
use super::validate::leave_one_source_out;
use super::{Assumptions, Cluster, FitRun, SystemThroughput, ThroughputModel};
use crate::corpus::Evidence;
use crate::system::SystemId;

/// What to fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughputSpec {
    /// Assumptions where sources are silent.
    pub assumptions: Assumptions,
    /// Stated coverage of the intervals (0 < level < 1).
    pub level: f64,
    /// Whether to run leave-one-source-out validation and calibrate intervals from it.
    pub validate: bool,
}

impl Default for ThroughputSpec {
    fn default() -> Self {
        ThroughputSpec { assumptions: Assumptions::default(), level: super::DEFAULT_LEVEL, validate: true }
    }
}

/// Why a spec cannot be fitted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum FitError {
    /// A spec value out of range.
    #[error("spec `{field}`: {reason}")]
    Spec {
        /// Field.
        field: &'static str,
        /// Why.
        reason: String,
    },
    /// No system has a saturated run on stated hardware.
    #[error("no saturated produce run on stated hardware: nothing to fit")]
    NoEvidence,
}

/// A run the fit can use: its evidence, its cluster, its rate and whether it is a lower bound.
pub(super) struct Usable<'a> {
    pub evidence: &'a Evidence,
    pub cluster: Cluster,
    pub measured: f64,
    pub lower_bound: bool,
}

/// Stage 1, evidence: runs with a produce rate on a cluster the bounds can describe.
pub(super) fn usable<'a>(evidence: &'a [Evidence], asm: &Assumptions) -> Vec<Usable<'a>> {
    evidence
        .iter()
        .filter_map(|e| {
            let cluster = Cluster::of_run(e, asm)?;
            let measured = e.produce_msgs.filter(|m| *m > 0.0)?;
            let lower_bound = !e.is_saturated();
            Some(Usable { evidence: e, cluster, measured, lower_bound })
        })
        .collect()
}

impl ThroughputSpec {
    /// Checks the spec.
    ///
    /// # Errors
    /// [`FitError::Spec`] naming the field.
    pub fn check(&self) -> Result<(), FitError> {
        if !(self.level > 0.0 && self.level < 1.0) {
            return Err(FitError::Spec { field: "level", reason: format!("{} must be in (0, 1)", self.level) });
        }
        let y = self.assumptions.smt_yield;
        if !(0.0..=1.0).contains(&y) {
            return Err(FitError::Spec { field: "assumptions.smt_yield", reason: format!("{y} must be in [0, 1]") });
        }
        Ok(())
    }

    /// Fits the model on `evidence`; with `validate`, also holds out each source in
    /// turn and calibrates the intervals from the held-out residuals.
    ///
    /// # Errors
    /// [`FitError`] for a bad spec or no usable evidence.
    pub fn fit(&self, evidence: &[Evidence]) -> Result<ThroughputModel, FitError> {
        self.check()?;
        let mut model = self.fit_point(evidence)?;
        if self.validate {
            let v = leave_one_source_out(self, evidence);
            model.intervals = SystemId::ALL
                .into_iter()
                .filter(|s| model.system(*s).is_some())
                .flat_map(|s| Ground::ALL.map(|g| calibrate_on(s, g, |sys, gr| v.residuals(sys, gr), self.level)))
                .collect();
            model.validation = Some(v);
        }
        Ok(model)
    }

    /// The point fit without validation or intervals (what each held-out fold runs).
    pub(super) fn fit_point(&self, evidence: &[Evidence]) -> Result<ThroughputModel, FitError> {
        let asm = &self.assumptions;
        let mut runs = usable(evidence, asm);
        let saturated: Vec<(&Evidence, Cluster)> = runs.iter().filter(|u| !u.lower_bound).map(|u| (u.evidence, u.cluster.clone())).collect();
        if saturated.is_empty() {
            return Err(FitError::NoEvidence);
        }
        // Stage 2: durability factors from paired saturated runs.
        let factors = fit_factors(&saturated);
        // Stage 5a: machines whose disks no source states — each system's fit proposes
        // the disk write that best explains its runs there; the machine gets the
        // highest (its disks carried that much), shared by every system, and the
        // systems are fitted again on it.
        let first: Vec<SystemThroughput> = SystemId::ALL.into_iter().filter_map(|s| fit_system(s, &runs, &saturated, asm, &factors)).collect();
        let mut shared: Vec<(String, Option<f64>)> = Vec::new();
        for (m, d) in first.iter().flat_map(|f| f.unstated_disks.iter()) {
            match shared.iter_mut().find(|(x, _)| x == m) {
                Some((_, cur)) => *cur = match (*cur, *d) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                },
                None => shared.push((m.clone(), *d)),
            }
        }
        for u in &mut runs {
            if let Some((_, d)) = shared.iter().find(|(m, _)| *m == u.evidence.machine.id) {
                u.cluster.disk_bytes_per_s = Some(d.unwrap_or(f64::INFINITY));
                u.cluster.unstated.push(super::cluster::Unstated::DiskWriteFitted);
            }
        }
        let mut systems: Vec<SystemThroughput> = SystemId::ALL
            .into_iter()
            .filter_map(|s| fit_system(s, &runs, &saturated, asm, &factors))
            .map(|mut f| {
                f.unstated_disks = shared.iter().filter(|(m, _)| f.runs.iter().any(|r| runs.iter().any(|u| u.evidence.run_id == r.run && u.evidence.machine.id == *m))).cloned().collect();
                f
            })
            .collect();
        // Stage 5b: systems measured only by lower bounds borrow the cost shape.
        let floors_only: Vec<SystemId> = SystemId::ALL
            .into_iter()
            .filter(|s| systems.iter().all(|f| f.system != *s) && runs.iter().any(|u| u.evidence.system == *s))
            .collect();
        let floor_fits: Vec<SystemThroughput> = floors_only.into_iter().filter_map(|s| floor_fit(s, &runs, &systems, &saturated, asm, &factors)).collect();
        systems.extend(floor_fits);
        crate::order::sort_by_key(&mut systems, |s| SystemId::ALL.iter().position(|x| *x == s.system));
        let mut sources: Vec<(String, usize)> = Vec::new();
        for u in &runs {
            let key = u.evidence.origin.key().to_string();
            match sources.iter_mut().find(|s| s.0 == key) {
                Some(s) => s.1 += 1,
                None => sources.push((key, 1)),
            }
        }
        Ok(ThroughputModel { assumptions: asm.clone(), systems, factors, intervals: Vec::new(), validation: None, sources, latency: None, fit_citation: crate::memo::Memo::default() })
    }
}

/// Stages 3–6 for one system with saturated runs: read cost, partition ceiling, CPU
/// (a, b) with the other bounds in place (each source weighing the same), scaling.
fn fit_system(system: SystemId, runs: &[Usable<'_>], saturated: &[(&Evidence, Cluster)], asm: &super::Assumptions, factors: &[super::DurabilityFactor]) -> Option<SystemThroughput> {
    let mine: Vec<&Usable<'_>> = runs.iter().filter(|u| u.evidence.system == system).collect();
    if !mine.iter().any(|u| !u.lower_bound) {
        return None;
    }
    let read = fit_read_cost(system, saturated);
    let catchup = fit_catchup_cost(system, saturated);
    let ceiling = fit_ceiling(system, saturated, |c| combined(factors, system, &c.deviations, None).0);
    let per_source = |u: &Usable<'_>| mine.iter().filter(|x| x.evidence.origin == u.evidence.origin).count() as f64;
    let inputs: Vec<FitInput<'_>> = mine
        .iter()
        .map(|u| FitInput { evidence: u.evidence, cluster: u.cluster.clone(), measured: u.measured, lower_bound: u.lower_bound, weight: 1.0 / per_source(u) })
        .collect();
    let cap = ceiling.as_ref().map(|c| c.bytes_per_s);
    let several_readers = inputs.iter().any(|i| i.cluster.tail_readers >= 2.0);
    let (cpu, read) = if read.assumed.is_some() && several_readers {
        let (f, c, top) = fit_ab_read(&inputs, cap, asm, factors);
        let how = format!("fitted with the CPU cost on runs with 1 and several subscriptions (no saturated pair): {c} of a replica write, kept as a range of 0–{top} (the dearest cost at which those runs' rates are still reached within 10 %, or the fitted one if dearer)");
        (f, ReadCost { per_group: c, pairs: Vec::new(), assumed: Some(how), range: Some((0.0, top)), fit_readers: 0.0 })
    } else {
        (fit_ab(&inputs, read.per_group, cap, asm, factors), read)
    };
    let read = ReadCost { fit_readers: fit_readers(&inputs), ..read };
    let (a, b) = (cpu.a, cpu.b);
    let scaling = scaling(system, saturated);
    let size_range = span(mine.iter().filter(|u| !u.lower_bound).map(|u| u.cluster.message_bytes)).unwrap_or((f64::INFINITY, 0.0));
    let threads_range = threads_range(mine.iter().filter(|u| !u.lower_bound).map(|u| u.cluster.vcpus));
    let mut fitted = SystemThroughput { system, a_core_us: a, b_core_us_per_byte: b, read, catchup, catchup_runs: super::catchup::catchup_runs(system, runs), ceiling, scaling, runs: Vec::new(), size_range, threads_range, unstated_disks: cpu.disks.clone(), floor_only: None, cited: Vec::new(), cpu_residuals: Vec::new(), uploads: None, machine_effects: Vec::new(), disk_kinds: Vec::new() };
    // Per run, its disks' bound as it binds and whether their figure was stated (for
    // what each kind of disk, and each machine's own disks, were shown to carry).
    let mut stated_disk: Vec<Option<(f64, bool)>> = Vec::with_capacity(inputs.len());
    fitted.runs = inputs
        .iter()
        .map(|i| {
            let mut c = i.cluster.clone();
            if let Some((_, d)) = cpu.disks.iter().find(|(m, _)| *m == i.evidence.machine.id) {
                c.disk_bytes_per_s = *d;
            }
            let bounds = super::cpu::bounds_with(a, b, &fitted, &c, asm, factors);
            stated_disk.push(bounds.disk.map(|d| (d * bounds.hardware_factor(), bounds.disk_stated)));
            let (bound, predicted) = bounds.binding();
            FitRun {
                source: i.evidence.origin.key().to_string(),
                run: i.evidence.run_id.clone(),
                citation: i.evidence.citation.clone(),
                measured: i.measured,
                predicted,
                bound,
                lower_bound: i.lower_bound,
                message_bytes: i.cluster.message_bytes,
            }
        })
        .collect();
    // The sizes the CPU cost was measured at are those of the saturated runs the CPU
    // bound sets (Kafka's only 2 KB run was NIC-bound, so it says nothing of the
    // per-byte cost at 2 KB); all saturated runs when the CPU bound none.
    if let Some(r) = span(fitted.runs.iter().filter(|r| !r.lower_bound && r.bound == super::Resource::Cpu).map(|r| r.message_bytes)) {
        fitted.size_range = r;
    }
    fitted.machine_effects = super::machine_effect::fit_machine_effects(&inputs, &fitted.runs);
    fitted.disk_kinds = super::disk_kind::disk_kind_evidence(inputs.iter().zip(&fitted.runs).zip(&stated_disk).map(|((i, r), d)| (i.cluster.disk, i.cluster.disk_class.clone(), r, *d, i.weight)));
    fitted.cite_runs();
    Some(fitted)
}

/// Mean tail-reading groups of the saturated runs, each weighted as the CPU fit
/// weighs it (1 / runs of its source): [`ReadCost::fit_readers`].
fn fit_readers(inputs: &[FitInput<'_>]) -> f64 {
    let (sum, w) = inputs.iter().filter(|i| !i.lower_bound).fold((0.0, 0.0), |(s, w), i| (s + i.weight * i.cluster.tail_readers, w + i.weight));
    if w > 0.0 { sum / w } else { 0.0 }
}

/// (smallest, largest) of `values`; None when empty.
fn span(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |r, s| Some(r.map_or((s, s), |(lo, hi): (f64, f64)| (lo.min(s), hi.max(s)))))
}

/// (fewest, most) hardware threads per node over `threads`; None when empty.
fn threads_range(threads: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    span(threads.filter(|t| *t > 0.0))
}

/// A system with only lower-bound runs: the geometric-mean cost shape of the systems
/// fitted at saturation, scaled until every one of its lower bounds is reached.
fn floor_fit(system: SystemId, runs: &[Usable<'_>], fitted: &[SystemThroughput], saturated: &[(&Evidence, Cluster)], asm: &super::Assumptions, factors: &[super::DurabilityFactor]) -> Option<SystemThroughput> {
    if fitted.is_empty() {
        return None;
    }
    let n = fitted.len() as f64;
    let a0 = (fitted.iter().map(|f| f.a_core_us.ln()).sum::<f64>() / n).exp();
    let b0 = (fitted.iter().map(|f| f.b_core_us_per_byte.ln()).sum::<f64>() / n).exp();
    let mine: Vec<&Usable<'_>> = runs.iter().filter(|u| u.evidence.system == system).collect();
    let inputs: Vec<FitInput<'_>> = mine.iter().map(|u| FitInput { evidence: u.evidence, cluster: u.cluster.clone(), measured: u.measured, lower_bound: true, weight: 1.0 }).collect();
    let read = fit_read_cost(system, saturated);
    let k = super::cpu::fit_floor_scale(&inputs, a0, b0, read.per_group, asm, factors);
    let size_range = span(mine.iter().map(|u| u.cluster.message_bytes)).unwrap_or((f64::INFINITY, 0.0));
    let names: Vec<&str> = fitted.iter().map(|f| f.system.name()).collect();
    let mut fit = SystemThroughput {
        system,
        a_core_us: a0 * k,
        b_core_us_per_byte: b0 * k,
        read,
        catchup: None,
        catchup_runs: super::catchup::catchup_runs(system, runs),
        ceiling: None,
        scaling: scaling(system, saturated),
        runs: Vec::new(),
        size_range,
        threads_range: threads_range(mine.iter().map(|u| u.cluster.vcpus)),
        unstated_disks: Vec::new(),
        cited: Vec::new(),
        cpu_residuals: Vec::new(),
        uploads: None,
        machine_effects: Vec::new(),
        disk_kinds: Vec::new(),
        floor_only: Some(format!(
            "no saturated run of {}: the cost shape of {} scaled ×{k:.2}, the most that still reaches all {} of its lower-bound runs — a floor on capacity, not a measurement of it",
            system.name(),
            names.join(", "),
            inputs.len()
        )),
    };
    fit.runs = inputs
        .iter()
        .map(|i| {
            let (bound, predicted) = super::cpu::bounds_with(fit.a_core_us, fit.b_core_us_per_byte, &fit, &i.cluster, asm, factors).binding();
            FitRun { source: i.evidence.origin.key().to_string(), run: i.evidence.run_id.clone(), citation: i.evidence.citation.clone(), measured: i.measured, predicted, bound, lower_bound: true, message_bytes: i.cluster.message_bytes }
        })
        .collect();
    // Floors only: cite the highest lower bounds the scale was set by.
    fit.cited = fit
        .runs
        .iter()
        .map(|r| crate::catalog::PointRef {
            id: format!("{}#{}", r.source, r.run).into(),
            citation: r.citation.as_str().into(),
            summary: format!("{} at least {} msg/s reached (a lower bound)", system.name(), crate::units::fmt_num(r.measured)).into(),
        })
        .collect();
    Some(fit)
}
