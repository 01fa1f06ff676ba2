//! The throughput model, second version (DESIGN.md §6): per-node capacity is the
//! smallest of its resource bounds, each with parameters fitted across the whole
//! corpus ([`crate::corpus`]) rather than carried from one seed.
//!
//! For a cluster of N nodes (C effective cores, disk D bytes/s, NIC B bytes/s each
//! way), message size s, RF copies, r consumer groups reading the tail, P partitions:
//! - CPU: X = N·C / ((RF + c·r) · (a + b·s) µs) — a, b per system, core·µs per replica write;
//!   c the tail-read cost ([`consumers`]);
//! - disk: X = N·D / (RF · WA(s) · s) — WA the system's write amplification;
//! - NIC: X = N·B / (s · max(RF, r + RF − 1)) — ingress W·RF, egress W·(r + RF − 1);
//! - partitions: X = P · ceiling / s ([`partitions`]);
//!
//! and the prediction is min(…) × the durability factors ([`durability`]). Node
//! scaling is linear unless a series measured ≥ 4 node counts ([`scaling`]).
//! The stages run in order in [`spec::ThroughputSpec::fit`]:
//! evidence → factors → read cost → ceilings → CPU fit → scaling → intervals.

pub(crate) mod cluster;
mod catchup;
mod consumers;
mod cpu;
mod durability;
mod disk_kind;
mod evidence_key;
mod interval;
mod partitions;
mod plan_cpu;
mod scaling;
mod spec;
mod uploads;
mod machine_effect;
mod validate;

pub use cluster::{Assumptions, Cluster};
pub use catchup::CatchupRun;
pub use consumers::{CatchupCost, ReadCost, ASSUMED_READ_COST, READ_COST_MAX};
pub use disk_kind::DiskKindEvidence;
pub use durability::{deviations, Deviation, DurabilityFactor};
pub use interval::{calibrate, calibrate_on, sources_words, weighted_abs_quantile, Ground, Interval, Residuals, DEFAULT_LEVEL};
pub use partitions::PartitionCeiling;
pub use plan_cpu::{cpu_capacity_per_node, cpu_per_node, durability_notes, partition_factors, CpuPerNode, PartitionFactors};
pub use scaling::{nodes_at_low_end, scaling_width, NodeScaling, NODE_SCALING_WIDENING};
pub use spec::{FitError, ThroughputSpec};
pub use uploads::{upload_cluster, UploadCalibration, UploadRun};
pub use machine_effect::{class_key, MachineEffect};
pub use validate::{Validation, ValidationPoint, ValidationRow};

use crate::units::text;
use serde::{Deserialize, Serialize};

use crate::factors::write_amplification;
use crate::system::SystemId;
use crate::units::{Dec, Num};

/// The resource that sets a prediction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// CPU / software.
    Cpu,
    /// Disk write bandwidth.
    Disk,
    /// NIC bandwidth.
    Nic,
    /// Per-partition ceiling.
    Partition,
}

impl Resource {
    /// Id used in JSON and the CLI.
    pub fn id(self) -> &'static str {
        match self {
            Resource::Cpu => "cpu",
            Resource::Disk => "disk",
            Resource::Nic => "nic",
            Resource::Partition => "partition",
        }
    }
}

/// A run the fit used, with its in-sample prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FitRun {
    /// Source id.
    pub source: String,
    /// Run id.
    pub run: String,
    /// Citation.
    pub citation: String,
    /// Measured msg/s.
    pub measured: f64,
    /// Predicted msg/s (in sample).
    pub predicted: f64,
    /// The bound that set the prediction.
    pub bound: Resource,
    /// True for a lower bound (fixed rate, client-bound, field report).
    pub lower_bound: bool,
    /// Message size of the run, bytes (0 in caches made before it was kept).
    #[serde(default)]
    pub message_bytes: f64,
}

/// One system's fitted throughput model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SystemThroughput {
    /// System.
    pub system: SystemId,
    /// Per-message CPU cost, core·µs per replica write.
    pub a_core_us: f64,
    /// Per-byte CPU cost, core·µs per byte per replica write.
    pub b_core_us_per_byte: f64,
    /// Tail-read cost.
    pub read: ReadCost,
    /// Catch-up read cost, when a consume-only run measured one.
    pub catchup: Option<CatchupCost>,
    /// Catch-up reads measured while producers kept writing (per-partition rates).
    #[serde(default)]
    pub catchup_runs: Vec<catchup::CatchupRun>,
    /// Per-partition ceiling, when single-partition runs measured one.
    pub ceiling: Option<PartitionCeiling>,
    /// Node scaling.
    pub scaling: NodeScaling,
    /// The runs fitted.
    pub runs: Vec<FitRun>,
    /// Message sizes the CPU cost was measured at, bytes: (min, max) over the
    /// saturated runs the CPU bound sets in the fit (over every saturated run when it
    /// sets none). Outside it the CPU bound is extrapolated and the interval widens.
    pub size_range: (f64, f64),
    /// Hardware threads per node of its saturated runs (fewest, most); the
    /// interval widens for a machine far outside them. Absent in caches made
    /// before it existed: then no widening.
    #[serde(default)]
    pub threads_range: Option<(f64, f64)>,
    /// Machines whose disks the source did not state: the per-node disk write
    /// (bytes/s) fitted from their own runs, or None when no disk bound was needed.
    pub unstated_disks: Vec<(String, Option<f64>)>,
    /// Set when the system had no saturated run: how its floor-only cost was made.
    pub floor_only: Option<String>,
    /// The saturated runs the fit rests on, as plans cite them (made once, at fit time).
    pub cited: Vec<crate::catalog::PointRef>,
    /// The CPU-bound saturated runs as (message bytes, measured ÷ fitted in sample):
    /// the scatter of the evidence around the fitted cost, which the size chart shows
    /// around the curve on the user's machine. Kept by [`ThroughputModel::for_planning`].
    #[serde(default)]
    pub cpu_residuals: Vec<(f64, f64)>,
    /// Set when uploaded runs calibrated this system's CPU cost (never in the
    /// reference model): the factor, the runs and how.
    #[serde(default)]
    pub uploads: Option<UploadCalibration>,
    /// Per machine class its CPU-bound runs measured: the CPU bound's multiplier there
    /// ([`MachineEffect`]).
    #[serde(default)]
    pub machine_effects: Vec<MachineEffect>,
    /// What the fit's saturated runs showed of the disk bound on each machine's own
    /// disks and on each kind of stated disk they ran on ([`DiskKindEvidence`]); disks
    /// absent here were never run on. Empty in caches made before it.
    #[serde(default)]
    pub disk_kinds: Vec<DiskKindEvidence>,
}

impl SystemThroughput {
    /// What the fit's runs showed of the disk bound on `c`'s disks: its machine's own
    /// disks where they are the machine's (`Cluster::disk_class`), else their kind's
    /// when stated; None when neither was run on.
    pub fn disk_evidence(&self, c: &Cluster) -> Option<&DiskKindEvidence> {
        let own = c.disk_class.as_ref().and_then(|k| self.disk_kinds.iter().find(|e| e.class.as_ref() == Some(k)));
        own.or_else(|| self.disk_kinds.iter().find(|e| e.class.is_none() && e.kind == c.disk && c.disk.known().is_some()))
    }

    /// How far below its figure the disk bound on `c`'s disks may carry, ln units
    /// ([`DiskKindEvidence::width`] of [`SystemThroughput::disk_evidence`];
    /// [`UNMEASURED_DISK_WIDTH`] where no run checked them; 0 for unstated disks with
    /// no run on their machine, whose bound is assumed hardware with an interval of its
    /// own).
    pub fn disk_width(&self, c: &Cluster) -> f64 {
        match self.disk_evidence(c) {
            Some(e) => e.width(),
            None if c.disk.known().is_none() => 0.0,
            None => UNMEASURED_DISK_WIDTH,
        }
    }

    /// The share of their figure `c`'s disks carried where they are its machine's own
    /// and that machine's disk-bound runs fell short ([`DiskKindEvidence::measured_share`]);
    /// 1 elsewhere.
    pub fn disk_share(&self, c: &Cluster) -> f64 {
        self.share_evidence(c).and_then(DiskKindEvidence::measured_share).unwrap_or(1.0)
    }

    /// What the runs on `c`'s machine class showed of its own disks where they fell
    /// short ([`DiskKindEvidence::measured_share`]): the share follows the machine,
    /// also onto another kind of disk the user puts in it (a stop-32 reviewer saw
    /// `disk=hdd` on the gp2 preset drop it and plan Pulsar on fewer machines for a
    /// slower disk), whose own reach below its figure the kind's evidence sets.
    pub fn share_evidence(&self, c: &Cluster) -> Option<&DiskKindEvidence> {
        let class = c.disk_class.as_ref().or(c.machine_class.as_ref())?;
        self.disk_kinds.iter().find(|e| e.class.as_ref() == Some(class) && e.measured_share().is_some())
    }

    /// The effect measured on `c`'s machine class, if any; none once uploaded runs
    /// calibrated the CPU cost (they are the user's own ground, and were predicted
    /// without a class).
    pub fn machine_effect(&self, c: &Cluster) -> Option<&MachineEffect> {
        if self.uploads.as_ref().is_some_and(|u| u.calibrated) {
            return None;
        }
        let class = c.machine_class.as_deref()?;
        self.machine_effects.iter().find(|e| e.class == class)
    }

    /// True when the per-byte cost sits at the fit's search floor
    /// ([`cpu::LOG10_B_MIN`]): the runs do not resolve it, and the CPU bound then
    /// scales with messages only.
    pub fn per_byte_unresolved(&self) -> bool {
        self.b_core_us_per_byte <= 10f64.powf(cpu::LOG10_B_MIN) * 1.001
    }

    /// Words for [`SystemThroughput::per_byte_unresolved`]; when resolved, the grid the
    /// per-byte cost was searched on (0.1 decade: its resolution).
    pub fn per_byte_note(&self) -> &'static str {
        if self.per_byte_unresolved() { " (per-byte cost at the search floor: the runs do not resolve it)" } else { " (per-byte cost to the fit's 0.1-decade grid: ±12 %)" }
    }

    /// Fills [`SystemThroughput::cited`] from the fitted runs.
    pub(crate) fn cite_runs(&mut self) {
        let name = self.system.name();
        self.cited = self
            .runs
            .iter()
            .filter(|r| !r.lower_bound)
            .map(|r| crate::catalog::PointRef {
                id: text!("{}#{}", r.source, r.run).into(),
                citation: r.citation.as_str().into(),
                summary: text!("{name} {} msg/s measured, {} msg/s fitted ({} bound)", crate::units::Num(r.measured), crate::units::Num(r.predicted), r.bound.id()).into(),
            })
            .collect();
        self.cpu_residuals = self
            .runs
            .iter()
            .filter(|r| !r.lower_bound && r.bound == Resource::Cpu && r.message_bytes > 0.0 && r.predicted > 0.0)
            .map(|r| (r.message_bytes, r.measured / r.predicted))
            .collect();
    }
}

/// Every bound of one cluster, msg/s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bounds {
    /// CPU bound.
    pub cpu: f64,
    /// Disk bound (None: the disks are not known).
    pub disk: Option<f64>,
    /// NIC bound.
    pub nic: f64,
    /// Partition bound (None: no ceiling measured or partitions unknown).
    pub partition: Option<f64>,
    /// Durability multiplier applied to the smallest.
    pub durability: f64,
    /// Its log spread.
    pub durability_log_spread: f64,
    /// The disks' write rate was stated (not a default for the disk kind, not fitted).
    #[serde(default)]
    pub disk_stated: bool,
    /// The NIC was stated (not the assumed default).
    #[serde(default)]
    pub nic_stated: bool,
    /// The share of the disks' figure `disk` already takes: below 1 on a machine whose
    /// own disks carried less in the runs measured there
    /// ([`SystemThroughput::disk_share`]); `disk ÷ disk_share` is what the disks'
    /// figure allows, the ceiling an interval stops at ([`Bounds::next_ceiling`]).
    #[serde(default = "one")]
    pub disk_share: f64,
    /// The disks' figure is a floor a run wrote, not their limit
    /// ([`crate::hardware::DISK_FIGURE_FLOORS`]): it does not stop an interval's high end.
    #[serde(default)]
    pub disk_floor: bool,
}

/// Serde default of a multiplier.
fn one() -> f64 {
    1.0
}

impl Bounds {
    /// These bounds with the CPU alone left: no disk, NIC or partition ceiling. What
    /// the CPU bound's own interval is widened against, so that its band does not
    /// move with the hardware that sizes the cluster as bounds of their own.
    pub fn cpu_only(&self) -> Bounds {
        Bounds { disk: None, nic: f64::INFINITY, partition: None, ..self.clone() }
    }

    /// The binding resource and the predicted msg/s (durability applied). A factor
    /// below 1 (fsync, sync flush, waiting for every replica) slows the software and
    /// the disks (each write waits for its sync), never a NIC whose figure was stated:
    /// a wire carries what it carries, as a plan's network bound has it (a stop-38
    /// reviewer saw `predict` name the NIC at 0.025 × its figure for an fsync plan
    /// whose disks bound, 6.6× under the plan). One above 1 (acks=1, ack quorum 1,
    /// async replication) speeds the software — the CPU and per-partition bounds — but
    /// not disks or a NIC whose figures were stated: acking early writes no fewer
    /// bytes to them ([`Bounds::hardware_factor`]). A
    /// default assumed for hardware a source did not describe is no known limit, and
    /// takes the factor like the software (a held-out run on Ceph volumes of no
    /// stated speed wrote past the network-storage default with acks=1).
    pub fn binding(&self) -> (Resource, f64) {
        let soft = self.durability;
        let hard = |stated: bool| if stated { self.hardware_factor() } else { soft };
        let mut best = (Resource::Cpu, self.cpu * soft);
        for (r, x) in [(Resource::Disk, self.disk.map(|d| d * hard(self.disk_stated))), (Resource::Nic, Some(self.nic * self.nic_factor())), (Resource::Partition, self.partition.map(|p| p * soft))] {
            if let Some(x) = x {
                if x < best.1 {
                    best = (r, x);
                }
            }
        }
        best
    }

    /// The durability factor as it acts on the NIC bound: none on a stated NIC (a wire
    /// carries what it carries), the factor on an assumed one (no known limit: it
    /// takes the factor like the software). The fit and [`Bounds::binding`] both read it.
    pub fn nic_factor(&self) -> f64 {
        if self.nic_stated { 1.0 } else { self.durability }
    }

    /// The durability factor as it acts on the disk bound: the factor when
    /// it slows (≤ 1), 1 when it speeds the software up.
    pub fn hardware_factor(&self) -> f64 {
        self.durability.min(1.0)
    }

    /// The physical ceiling of the prediction, msg/s: the smaller of the disk and NIC
    /// bounds at or above it, as the hardware sets them (no durability factor:
    /// syncing each message or acking early changes neither the disks' bandwidth nor
    /// the wire's). Capacity cannot pass it whatever the binding bound's own error (a
    /// CPU cost fitted too high does not make the disks faster), so an interval's
    /// high end stops there. A bound above the prediction always counts; the binding
    /// bound itself only when its hardware was stated — held-out runs on assumed
    /// hardware measured past it (seed 000's 16-core Kafka: 800 K msg/s against 610 K
    /// on an assumed 10 GbE), so there the calibrated error stands above it. The
    /// per-partition ceiling is fitted, not physical, and does not stop it. None when
    /// neither is known and finite.
    pub fn next_ceiling(&self) -> Option<(Resource, f64)> {
        let (binding, at) = self.binding();
        let disk = self.disk.filter(|_| !self.disk_floor).map(|d| if self.disk_share > 0.0 { d / self.disk_share } else { d });
        [(Resource::Disk, disk, self.disk_stated), (Resource::Nic, Some(self.nic), self.nic_stated)]
            .into_iter()
            .filter_map(|(r, x, stated)| x.map(|x| (r, x, stated)))
            .filter(|(r, x, stated)| x.is_finite() && (*x > at * (1.0 + 1e-9) || (*r == binding && *stated && *x >= at * (1.0 - 1e-9))))
            .map(|(r, x, _)| (r, x))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// `expected · e^half`, stopped at [`Bounds::next_ceiling`].
    pub fn interval_high(&self, expected: f64, half: f64) -> f64 {
        interval_high(expected, half, self.next_ceiling().map(|c| c.1))
    }
}

/// How far an interval reaches beyond the expected value, in ln units, on each side:
/// `down` toward less capacity (the low end is expected × e^−down), `up` toward more
/// (the high end is expected × e^up, before [`interval_high`] stops it). Most sources
/// of doubt widen both sides alike; an unmeasured read cost does not — the capacity
/// at its dearest and cheapest ends lies unequally far from the middle charged
/// ([`read_cost_width`]) — so each side carries its own.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Widening {
    /// Toward less capacity, ln units (≥ 0).
    pub down: f64,
    /// Toward more capacity, ln units (≥ 0).
    pub up: f64,
}

impl Widening {
    /// This widening added in quadrature to a symmetric `base` (the calibrated
    /// half-width), side by side.
    pub fn around(self, base: f64) -> Widening {
        Widening { down: base.hypot(self.down), up: base.hypot(self.up) }
    }

    /// The wider side.
    pub fn max(self) -> f64 {
        self.down.max(self.up)
    }
}

/// An interval's high end: `expected · e^half` (msg/s; `half` in ln units), stopped
/// at `ceiling` (the next bound, msg/s) when that is lower, never below `expected`.
pub fn interval_high(expected: f64, half: f64, ceiling: Option<f64>) -> f64 {
    let high = expected * half.exp();
    ceiling.map_or(high, |c| high.min(c.max(expected)))
}

/// The fitted model: every system, the durability factors, the assumptions, the
/// calibrated intervals and the validation that calibrated them. Immutable: a refit
/// (uploads, a held-out source) builds a new value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughputModel {
    /// What was assumed where sources are silent.
    pub assumptions: Assumptions,
    /// Per system.
    pub systems: Vec<SystemThroughput>,
    /// Durability factors.
    pub factors: Vec<DurabilityFactor>,
    /// Calibrated intervals, per system.
    pub intervals: Vec<Interval>,
    /// Leave-one-source-out validation (None for the inner fits of the validation itself).
    pub validation: Option<Validation>,
    /// Sources fitted, with their run counts.
    pub sources: Vec<(String, usize)>,
    /// Latency vs load, fitted on the same evidence plus the seeds' load-level points
    /// (set by the loader: [`crate::latency_model::fit::fit`]).
    #[serde(default)]
    pub latency: Option<crate::latency_model::LatencyModel>,
    /// Each system's CPU-bound citation (the sources its fit rests on), built on first use.
    #[serde(skip)]
    pub(crate) fit_citation: crate::memo::Memo<Vec<(SystemId, String)>>,
}

/// A prediction with its interval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThroughputPrediction {
    /// System.
    pub system: SystemId,
    /// Expected msg/s.
    pub expected: f64,
    /// Low end of the interval, msg/s.
    pub low: f64,
    /// High end, msg/s.
    pub high: f64,
    /// The interval's stated coverage (0.8).
    pub level: f64,
    /// The binding resource.
    pub bound: Resource,
    /// Whether stated hardware or the model's own figures set it: the calibrated
    /// interval it carries ([`Ground`]).
    #[serde(default)]
    pub ground: Ground,
    /// Every bound.
    pub bounds: Bounds,
    /// What widened the interval or was assumed.
    pub notes: Vec<String>,
}

impl ThroughputModel {
    /// The model as planning needs it: without fitted runs and without the
    /// validation (plans cite [`SystemThroughput::cited`] and read the calibrated
    /// [`ThroughputModel::intervals`]; `/model` and `mqplan validate` read the whole
    /// model); what a page carries to the browser.
    pub fn for_planning(&self) -> ThroughputModel {
        let mut m = self.clone();
        for s in &mut m.systems {
            s.runs.clear();
        }
        m.validation = None;
        m
    }

    /// `system`'s calibrated interval for what the model's own figures set (the CPU
    /// bound a plan sizes on) before widening: (half-width in ln units, stated
    /// coverage); ±2× at the default level when it was not calibrated.
    pub fn base_interval(&self, system: SystemId) -> (f64, f64) {
        self.base_interval_on(system, Ground::Model)
    }

    /// `system`'s calibrated interval on `ground`, before widening; as
    /// [`ThroughputModel::base_interval`].
    pub fn base_interval_on(&self, system: SystemId, ground: Ground) -> (f64, f64) {
        self.interval(system, ground).map_or((interval::FALLBACK_LOG_HALF_WIDTH, DEFAULT_LEVEL), |i| (i.log_half_width, i.level))
    }

    /// `system`'s calibrated interval on `ground`, if any (a cache made before the
    /// split holds [`Ground::Model`] only).
    pub fn interval(&self, system: SystemId, ground: Ground) -> Option<&Interval> {
        self.intervals.iter().find(|i| i.system == system && i.ground == ground)
    }

    /// `system`'s CPU-bound citation: the sources of the runs its fit rests on, with
    /// their counts, e.g. `corpus fit of Kafka on streamnative-omb-2020 (10 runs),
    /// seed-000 (3 runs) (leave-one-source-out validated)`; empty with no fit.
    pub fn cpu_citation(&self, system: SystemId) -> String {
        let all = self.fit_citation.get_or_init(|| {
            self.systems
                .iter()
                .map(|s| {
                    let mut counts: Vec<(&str, usize)> = Vec::new();
                    for p in &s.cited {
                        let src = p.id.split('#').next().unwrap_or_default();
                        match counts.iter_mut().find(|(x, _)| *x == src) {
                            Some((_, n)) => *n += 1,
                            None => counts.push((src, 1)),
                        }
                    }
                    let list: Vec<String> = counts.iter().map(|(src, n)| text!("{src} ({n} run{})", if *n == 1 { "" } else { "s" })).collect();
                    (s.system, text!("corpus fit of {} on {} (leave-one-source-out validated)", s.system.name(), list.join(", ")))
                })
                .collect()
        });
        all.iter().find(|(s, _)| *s == system).map(|(_, c)| c.clone()).unwrap_or_default()
    }

    /// The system's fit, if any.
    pub fn system(&self, s: SystemId) -> Option<&SystemThroughput> {
        self.systems.iter().find(|m| m.system == s)
    }

    /// Every bound of `c` under system `s`'s fit.
    pub fn bounds(&self, s: &SystemThroughput, c: &Cluster) -> Bounds {
        cpu::bounds_with(s.a_core_us, s.b_core_us_per_byte, s, c, &self.assumptions, &self.factors)
    }

    /// Predicts `c`'s saturated produce throughput with its calibrated interval.
    /// None when the system has no fit.
    pub fn predict(&self, c: &Cluster) -> Option<ThroughputPrediction> {
        let s = self.system(c.system)?;
        let b = self.bounds(s, c);
        let (bound, expected) = b.binding();
        let ground = Ground::of(&b);
        let (base, level) = self.base_interval_on(c.system, ground);
        let (extra, mut notes) = extra_width(s, c, &b);
        let w = extra.around(base);
        notes.extend(c.assumption_notes().map(|f| text!("assumed: {f}")));
        notes.extend(disk_share_note(s, c, &b));
        notes.extend(plan_cpu::durability_notes(self, c.system, &c.deviations).into_iter().map(|(_, n)| n));
        if let Some(e) = s.machine_effect(c) {
            notes.push(text!("CPU bound × {:.3}: measured on this machine class ({}) by {} saturated CPU-bound run(s): {}", crate::units::Dec(e.factor), e.class, e.runs.len(), e.runs.join(", ")));
        }
        let high = b.interval_high(expected, w.up);
        if let Some((r, at)) = b.next_ceiling().filter(|_| high < expected * w.up.exp() * (1.0 - 1e-9)) {
            notes.push(text!("interval's high end stopped at the {} bound, {} msg/s: the hardware cannot carry more", r.id(), crate::units::Num(at)));
        }
        let assumed_hardware = (bound == Resource::Disk && !b.disk_stated) || (bound == Resource::Nic && !b.nic_stated);
        if assumed_hardware && high > expected * (1.0 + 1e-9) {
            notes.push(text!(
                "the {} bound sets this prediction on hardware that was not stated (a default was assumed): the interval above it is the model's calibrated error; state the hardware to stop it there",
                bound.id()
            ));
        }
        let low = expected * (-w.down).exp();
        // Where the disks or NIC set the prediction, its interval is theirs; a CPU bound
        // close above with a wider interval of its own could bind first. Said, not
        // folded into the interval: held out, folding it in covered 88 % for a stated 80 %
        // (stop 32). Plans take each bound at its own end.
        if !matches!(bound, Resource::Cpu | Resource::Partition) {
            let cpu = b.cpu_only();
            let cpu_at = cpu.binding().1;
            let cpu_low = cpu_at * (-self.base_interval_on(c.system, Ground::Model).0.hypot(extra_log_width(s, c, &cpu).down)).exp();
            if cpu_low < low {
                notes.push(text!(
                    "the CPU bound, {} msg/s, lies within its own 80 % interval of this prediction: at that interval's low end, {} msg/s, the CPU would bind below this interval's low end ({} msg/s); a plan sizes each bound at its own end (mqplan plan)",
                    Num(cpu_at),
                    Num(cpu_low),
                    Num(low)
                ));
            }
        }
        Some(ThroughputPrediction {
            system: c.system,
            expected,
            low,
            high,
            level,
            bound,
            ground,
            bounds: b,
            notes,
        })
    }
}

/// Partitions per node below which a system with no measured per-partition ceiling
/// may be capped by its partitions rather than its machines (seed OMB runs: one
/// Kafka partition carried 30–60 % of a 3-node cluster).
pub const FEW_PARTITIONS_PER_NODE: f64 = 4.0;

/// Widening (ln units) for a message size just outside the measured range; each
/// decade further adds as much again ([`extra_width`]).
pub const SIZE_WIDENING: f64 = 0.15;

/// What widens a prediction's interval beyond the calibrated base, in ln units (added
/// to the base in quadrature), and why: the durability factors' spread, a tail-read
/// cost no pair measured when the CPU binds and the workload's readers differ from
/// the fitted runs' ([`read_cost_width`]), few partitions where no ceiling was
/// measured (+0.5), and three doubts of the CPU bound alone, carried only as far as
/// they move the binding capacity: message size outside the sizes the CPU cost was
/// measured at (+0.15, and 0.15 more per decade past them), hardware threads per node
/// outside the measured ([`hardware_distance_width`]), both ways, and node counts
/// past the largest measured ([`scaling_width`]), toward less capacity. The read cost widens each
/// side by its own end; the rest widen both alike ([`Widening`]). The same widening
/// is applied to held-out runs in validation, so coverage tests it.
pub fn extra_width(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> (Widening, Vec<String>) {
    let mut notes = Vec::new();
    let w = widening(s, c, b, &mut notes, read_cost_width(s, c, b));
    (w, notes)
}

/// [`extra_width`]'s half-width alone, without building its words: what a plan's
/// CPU bound, evaluated several times per plan, needs.
pub fn extra_log_width(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> Widening {
    widening(s, c, b, &mut Silent, read_cost_width(s, c, b))
}

/// [`extra_log_width`] with the read-cost part already computed ([`read_cost_width`]
/// of the same `s`, `c`, `b`): a plan's CPU bound shows that part in its note too,
/// and computing it once saves two bound evaluations per call.
pub fn extra_log_width_with_read(s: &SystemThroughput, c: &Cluster, b: &Bounds, read: Widening) -> Widening {
    widening(s, c, b, &mut Silent, read)
}

/// Where a widening's words go ([`widening`]): into `predict`'s notes, or nowhere on a
/// plan's hot path — [`Silent`] never builds them, so the words are not compiled into
/// the browser's bundle either (stop 32: −1 KB gzip).
trait Words {
    /// Takes the words `f` builds, or does not build them.
    fn say(&mut self, f: &dyn Fn() -> String);
}

/// Words dropped unbuilt.
struct Silent;

impl Words for Silent {
    #[inline(always)]
    fn say(&mut self, _: &dyn Fn() -> String) {}
}

impl Words for Vec<String> {
    fn say(&mut self, f: &dyn Fn() -> String) {
        self.push(f());
    }
}

/// The widening parts, in quadrature; each part's words go to `words`.
fn widening(s: &SystemThroughput, c: &Cluster, b: &Bounds, words: &mut impl Words, read: Widening) -> Widening {
    let mut parts: Vec<f64> = Vec::new();
    // The CPU cost's doubt at a size it was not measured at: the CPU bound's alone.
    let mut size_part = 0.0_f64;
    let mut say = |f: &dyn Fn() -> String| words.say(f);
    let (lo, hi) = s.size_range;
    if c.message_bytes < lo * 0.999 || c.message_bytes > hi * 1.001 {
        // Growing with the distance, per decade past the measured sizes: the cost
        // a + b·s is a line drawn through them, and 1 MB on a fit to 100 B–1 KB is
        // far less certain than 2 KB (a stop-28 reviewer read ×0.60…×1.66 at both 10
        // KB and 1 MB). A stated assumption; held-out runs take it too.
        let decades = (lo / c.message_bytes).max(c.message_bytes / hi).max(1.0).log10();
        let part = SIZE_WIDENING * (1.0 + decades);
        size_part = part;
        say(&|| text!("message size {} B outside the {} at which CPU-bound saturated runs measured {}'s CPU cost ({:.1} decades): the CPU bound widened ×/÷{:.2}{}", Num(c.message_bytes), size_span_words(lo, hi), c.system.name(), Dec(decades), Dec(part.exp()), if cpu_moved(b, -part) < 1e-9 { text!(", which moves nothing here: {}", binds_words(b.binding().0)) } else { String::new() }));
    }
    // The durability factor's spread, where the binding bound takes the factor (one that
    // speeds the software leaves stated disks and a stated NIC as they are: a stop-32
    // reviewer saw Pulsar's disk-bound gp2 prediction widen to ×0.41 for acks it does
    // not feel), and never past the baseline: a setting that speeds the broker (acks=1,
    // ack quorum 1) does not make it slower than the baseline, nor one that slows it
    // (fsync) faster — so leader's low end never falls below replicated's.
    let (mut dur_down, mut dur_up) = (0.0, 0.0);
    let hardware_binds = || {
        let (binding, _) = b.binding();
        (binding == Resource::Disk && b.disk_stated) || (binding == Resource::Nic && b.nic_stated)
    };
    if b.durability != 1.0 && (b.durability < 1.0 || !hardware_binds()) {
        let (spread, to_baseline) = (b.durability_log_spread, b.durability.ln().abs());
        (dur_down, dur_up) = if b.durability > 1.0 { (spread.min(to_baseline), spread) } else { (spread, spread.min(to_baseline)) };
        say(&|| text!("durability factor ×{} (spread ×/÷{:.2}, never past the baseline)", factor_digits(b.durability), Dec(b.durability_log_spread.exp())));
    }
    // These doubts, and the size's above, are the CPU bound's alone and move capacity only as far as moving
    // the CPU bound moves it (a disk- or NIC-bound cluster's low end does not fall
    // with them: a stop-34 reviewer saw more cores lower a disk-bound low end, and
    // predict widen a disk-bound cluster for its node count where plans did not):
    // linear core scaling past the threads measured, both ways; and linear node
    // scaling past the largest cluster measured — the Universal Scalability Law's
    // ceiling, so toward less capacity only.
    let max_nodes = s.scaling.max_nodes_measured();
    let scale_down = scaling_width(c.nodes, max_nodes);
    let threads = hardware_distance_width(s, c).unwrap_or(0.0);
    let cpu_own = threads.hypot(size_part);
    let (cpu_down, cpu_up) = if scale_down > 0.0 || cpu_own > 0.0 { (cpu_moved(b, -cpu_own.hypot(scale_down)), cpu_moved(b, cpu_own)) } else { (0.0, 0.0) };
    if scale_down > 0.0 {
        let moved = cpu_moved(b, -scale_down);
        say(&|| text!("{} nodes vs at most {} measured: linear scaling assumed (the Universal Scalability Law's ceiling); the CPU bound takes ÷{:.2} toward less capacity for it (mqplan's assumption: 0.1 ln per doubling past the measured, added in quadrature with the rest of the interval){}", Num(c.nodes), Num(max_nodes), Dec(scale_down.exp()), if moved < 1e-9 { text!(", which moves nothing here: {}", binds_words(b.binding().0)) } else { String::new() }));
    }
    if threads > 0.0 {
        let moved = cpu_moved(b, -threads);
        let (lo, hi) = s.threads_range.unwrap_or_default();
        say(&|| text!("{} hardware threads per node vs {}–{} in the runs fitted: cores scaled linearly past the measured, the CPU bound widened ×/÷{:.2}{}", c.vcpus, lo, hi, Dec(threads.exp()), if moved < 1e-9 { text!(", which moves nothing here: {}", binds_words(b.binding().0)) } else { String::new() }));
    }
    if read.max() > 1e-9 {
        say(&|| read_cost_note(s, c, read));
    }
    if s.ceiling.is_none() && c.partitions.is_some_and(|p| p < FEW_PARTITIONS_PER_NODE * c.nodes) {
        parts.push(0.5);
        say(&|| text!("no per-partition ceiling measured for {}: with fewer than {FEW_PARTITIONS_PER_NODE} partitions per node the topic may cap throughput first; interval widened", c.system.name()));
    }
    let disk = disk_kind_width(s, c, b);
    let both = (parts.iter().map(|x| x * x).sum::<f64>()).sqrt();
    // Said where it moves the low end by more than 0.5 % (in quadrature with a wide
    // CPU interval a far-off disk bound moves it by nothing a reader sees).
    // (A share taken from the machine's runs says it in its own note.)
    if b.disk_share >= 1.0 && both.hypot(read.down).hypot(disk) - both.hypot(read.down) > 0.005 {
        say(&|| disk_kind_note(s, c.disk, s.disk_evidence(c)));
    }
    Widening { down: both.hypot(read.down).hypot(disk).hypot(dur_down).hypot(cpu_down), up: both.hypot(read.up).hypot(disk_kind_width_up(s, c, b)).hypot(dur_up).hypot(cpu_up) }
}

/// Which bound binds, in words: "the disks bind".
fn binds_words(r: Resource) -> &'static str {
    match r {
        Resource::Cpu => "the CPU binds",
        Resource::Disk => "the disks bind",
        Resource::Nic => "the NIC binds",
        Resource::Partition => "the per-partition ceiling binds",
    }
}

/// How far (ln units, ≥ 0) the binding capacity moves with the CPU bound moved by
/// `e^w`: the whole `|w|` where the CPU binds, less (to nothing) where another bound
/// sits below the moved CPU bound.
fn cpu_moved(b: &Bounds, w: f64) -> f64 {
    let at = b.binding().1;
    let moved = Bounds { cpu: b.cpu * w.exp(), ..b.clone() }.binding().1;
    if at > 0.0 && moved > 0.0 { (moved / at).ln().abs() } else { 0.0 }
}

/// A durability factor's digits, without the ×: 0.93, 1.63; three decimals below 0.1
/// (0.025: a stop-32 reviewer could not reproduce a plan from "×0.03").
pub fn factor_digits(f: f64) -> String {
    if f < 0.1 { text!("{:.3}", Dec(f)) } else { text!("{:.2}", Dec(f)) }
}

/// How far (ln units) stated disks no saturated run of the system checked may carry
/// below their figure ([`DiskKindEvidence::width`]): ±2×, the width of any
/// uncalibrated figure ([`interval::FALLBACK_LOG_HALF_WIDTH`]). mqplan's stated assumption: the
/// write amplification the disk bound divides by is measured only where the corpus
/// saw the disks bind (Pulsar's journal and ledgers on NVMe, as te Wierik's runs
/// write within 4 % of it), and what it is elsewhere — a journal and ledgers sharing
/// one EBS volume, fsync cadence on a spinning disk, a volume's IOPS cap — is not.
pub const UNMEASURED_DISK_WIDTH: f64 = interval::FALLBACK_LOG_HALF_WIDTH;

/// The widening (ln units, toward less capacity only) of a prediction on stated disks
/// from what the corpus showed of the disk bound on their machine or their kind
/// ([`SystemThroughput::disk_width`]): how far capacity falls if the disk bound sits
/// that much lower — the whole width where the disks bind, less where another bound
/// binds first, 0 with unstated disks (their own ground). Not upward: the stated rate
/// caps what the disks write.
pub fn disk_kind_width(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> f64 {
    let w = s.disk_width(c);
    b.disk.filter(|_| b.disk_stated && w > 0.0).map_or(0.0, |d| disk_moved(b, d, -w))
}

/// The widening (ln units, toward more capacity) of a prediction whose disk bound
/// takes its machine's measured share ([`SystemThroughput::disk_share`]): how far
/// capacity rises if the disk bound sits at the most those runs carried
/// ([`DiskKindEvidence::width_up`]) rather than their mean. 0 elsewhere.
pub fn disk_kind_width_up(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> f64 {
    if b.disk_share >= 1.0 {
        return 0.0;
    }
    // On the machine's own kind of disk, as far as its runs reached at their sizes;
    // on another kind, up to the disks' whole figure.
    let w = s.share_evidence(c).map_or(0.0, |e| e.width_up(c.disk_class.is_some().then_some(c.message_bytes)));
    b.disk.filter(|_| w > 0.0).map_or(0.0, |d| disk_moved(b, d, w))
}

/// How far (ln units, ≥ 0) the binding capacity moves with the disk bound `d` moved
/// by `e^w`.
fn disk_moved(b: &Bounds, d: f64, w: f64) -> f64 {
    let at = b.binding().1;
    let moved = Bounds { disk: Some(d * w.exp()), ..b.clone() }.binding().1;
    if at > 0.0 && moved > 0.0 { (moved / at).ln().abs() } else { 0.0 }
}

/// Words for a disk bound that takes its machine's measured share
/// ([`Bounds::disk_share`] < 1): the disks, what their runs showed, and the share;
/// None where the bound takes the disks' figure whole.
pub fn disk_share_note(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> Option<String> {
    let e = s.share_evidence(c).filter(|_| b.disk.is_some() && b.disk_share < 1.0)?;
    Some(text!("{}: {} (what these runs showed; no held-out source checks it)", e.kind.label(), e.words()))
}

/// Words for [`disk_kind_width`]: the disks, what the runs on them showed (`evidence`,
/// [`SystemThroughput::disk_evidence`]; none: no run ran on them), how far the low end
/// takes the disk bound.
pub fn disk_kind_note(s: &SystemThroughput, kind: crate::corpus::CorpusDisk, evidence: Option<&DiskKindEvidence>) -> String {
    let why = evidence.map_or_else(|| text!("no saturated {} run ran on them", s.system.name()), DiskKindEvidence::words);
    let w = evidence.map_or(UNMEASURED_DISK_WIDTH, DiskKindEvidence::width);
    text!("{}: {why}, so the interval's low end takes the disk bound ÷{:.2} lower", kind.label(), Dec(w.exp()))
}

/// The widening (ln units) an unmeasured tail-read cost adds to a prediction, each
/// side its own: the CPU bound (centred, [`ReadCost::centre`]) moved to the dear
/// end of [`ReadCost::range`] sets `down`, to the cheap end `up`, each against the
/// other bounds (a dearer read can make the CPU bind where it did not; a cheaper one
/// cannot lift the disks). With ten Kafka groups the dear end sits ×1.5 below the
/// middle charged and the cheap end ×2.2 above it: a symmetric interval took the
/// larger both ways. Zero when a pair measured the cost or the workload reads like
/// the fitted runs.
pub fn read_cost_width(s: &SystemThroughput, c: &Cluster, b: &Bounds) -> Widening {
    let Some((lo, hi)) = s.read.range else { return Widening::default() };
    let centre = s.read.centre(c.rf, c.tail_readers);
    let other = [b.disk, Some(b.nic), b.partition].into_iter().flatten().fold(f64::INFINITY, f64::min);
    let at = b.cpu.min(other);
    if !(at > 0.0 && at.is_finite() && centre > 0.0) {
        return Widening::default();
    }
    let log_ratio = |x: f64| ((b.cpu / centre * s.read.relative_capacity(x, c.rf, c.tail_readers)).min(other) / at).ln();
    // A dearer read lowers capacity; should the fitted mix make either end move the
    // other way, its distance still counts on the side it lands.
    let ends = [log_ratio(lo), log_ratio(hi)];
    Widening { down: ends.iter().map(|r| -r).fold(0.0, f64::max), up: ends.iter().copied().fold(0.0, f64::max) }
}

/// Words for [`read_cost_width`] `width` on cluster `c`: the range, the capacities at
/// its ends relative to the fitted cost's, the middle taken and the widening on each
/// side. What a prediction's and a plan's notes say.
pub fn read_cost_note(s: &SystemThroughput, c: &Cluster, width: Widening) -> String {
    let (lo, hi) = s.read.range.unwrap_or_default();
    text!(
        "tail-read cost not measured by a pair of runs: with {} consumer group(s) against the {:.2} of the runs fitted, a read cost anywhere in {lo}–{hi} of a replica write puts the CPU-bound capacity between ×{:.2} and ×{:.2} of what the fitted {:.2} gives; the prediction charges the middle of the range, {}, the same for any number of groups (×{:.2}), and the interval is widened to reach both ends: ÷{:.2} below, ×{:.2} above (less where another bound caps the upper end)",
        c.tail_readers,
        Dec(s.read.fit_readers),
        Dec(s.read.relative_capacity(hi, c.rf, c.tail_readers)),
        Dec(s.read.relative_capacity(lo, c.rf, c.tail_readers)),
        Dec(s.read.per_group),
        s.read.planned().unwrap_or((lo + hi) / 2.0),
        Dec(s.read.centre(c.rf, c.tail_readers)),
        Dec(width.down.exp()),
        Dec(width.up.exp()),
    )
}

/// A size span in words: `100–1,024 B`, or `100 B` when it is one size.
pub fn size_span_words(lo: f64, hi: f64) -> String {
    if (hi / lo - 1.0).abs() < 1e-9 { text!("{} B", crate::units::Num(lo)) } else { text!("{}–{} B", crate::units::Num(lo), crate::units::Num(hi)) }
}

/// Machines within this factor of the measured threads per node need no widening.
pub const NEAR_MEASURED_THREADS: f64 = 1.25;

/// Extra interval half-width (ln units) for a node with `c.vcpus` hardware threads
/// when the fit's saturated runs had between `lo` and `hi`: half the log distance
/// past ×[`NEAR_MEASURED_THREADS`] of the range (e.g. 96 threads against at most 24
/// measured: ×4 → +0.58, the interval ×1.8 wider). mqplan's stated assumption — the
/// corpus has too few machine classes to calibrate it — standing for what linear
/// core scaling cannot know (contention, memory bandwidth, the NIC per core).
pub fn hardware_distance_width(s: &SystemThroughput, c: &Cluster) -> Option<f64> {
    let (lo, hi) = s.threads_range?;
    if !(c.vcpus > 0.0 && lo > 0.0 && hi >= lo) {
        return None;
    }
    let r = (c.vcpus / hi).max(lo / c.vcpus);
    (r > NEAR_MEASURED_THREADS).then(|| 0.5 * r.ln())
}

/// Write amplification of `system` at `bytes` (re-exported for the bounds).
fn wa(system: SystemId, bytes: f64) -> f64 {
    write_amplification(system, bytes).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(cpu: f64, disk: Option<f64>, nic: f64, durability: f64) -> Bounds {
        Bounds { cpu, disk, nic, partition: Some(cpu * 1.5), durability, durability_log_spread: 0.0, disk_stated: true, nic_stated: true, disk_share: 1.0, disk_floor: false }
    }

    /// acks=1 (×1.63, StreamNative's pairs) speeds the software, not the disks: on
    /// stated disks that carry 640 K msg/s a CPU bound of 500 K predicts 640 K, not
    /// 815 K (StreamNative's Kafka on 3 × i3en.2xlarge held out predicted 830 K msg/s
    /// for disks that write 639 K). fsync (×0.5) slows the disks as well. A default
    /// assumed for undescribed disks is no known limit and takes the factor.
    #[test]
    fn a_factor_above_one_never_lifts_stated_hardware() {
        let b = bounds(500_000.0, Some(640_000.0), 1_220_000.0, 1.63);
        assert_eq!(b.binding(), (Resource::Disk, 640_000.0));
        let b = bounds(1_000_000.0, Some(640_000.0), 500_000.0, 1.63);
        assert_eq!(b.binding(), (Resource::Nic, 500_000.0));
        let b = bounds(300_000.0, Some(640_000.0), 1_220_000.0, 1.63);
        assert_eq!(b.binding().0, Resource::Cpu);
        assert!((b.binding().1 - 489_000.0).abs() < 1e-6);
        let b = bounds(900_000.0, Some(640_000.0), 1_220_000.0, 0.5);
        assert_eq!(b.binding(), (Resource::Disk, 320_000.0));
        let mut b = bounds(500_000.0, Some(640_000.0), 1_220_000.0, 1.63);
        b.disk_stated = false;
        assert_eq!(b.binding().0, Resource::Cpu);
        assert!((b.binding().1 - 815_000.0).abs() < 1e-6);
        // The partition ceiling is the software's: acks=1 moves it like the CPU.
        let mut b = bounds(500_000.0, Some(2_000_000.0), 2_000_000.0, 1.63);
        b.partition = Some(400_000.0);
        assert_eq!(b.binding().0, Resource::Partition);
        assert!((b.binding().1 - 652_000.0).abs() < 1e-6);
    }

    #[test]
    fn an_interval_stops_at_the_disks_or_the_wire_not_at_a_fitted_ceiling() {
        // CPU binds at 500 K msg/s; the disks carry 640 K, the NIC 1.2 M: ×2.6 would
        // claim 1.3 M, past what the disks can write.
        let b = bounds(500_000.0, Some(640_000.0), 1_220_000.0, 1.0);
        assert_eq!(b.next_ceiling(), Some((Resource::Disk, 640_000.0)));
        assert!((b.interval_high(500_000.0, 2.6f64.ln()) - 640_000.0).abs() < 1e-6);
        // A narrow interval is not touched.
        assert!((b.interval_high(500_000.0, 1.2f64.ln()) - 600_000.0).abs() < 1e-6);
        // The ceiling is the hardware's, not scaled by a durability factor: fsync at
        // ×0.5 halves the prediction (250 K) but the disks still carry 640 K.
        let b = bounds(500_000.0, Some(640_000.0), 1_220_000.0, 0.5);
        assert_eq!(b.next_ceiling(), Some((Resource::Disk, 640_000.0)));
        // Unknown disks, an unknown (infinite) NIC: nothing stops it; the partition
        // ceiling (750 K here) is fitted and does not either.
        let b = bounds(500_000.0, None, f64::INFINITY, 1.0);
        assert_eq!(b.next_ceiling(), None);
        assert!((b.interval_high(500_000.0, 2.0f64.ln()) - 1_000_000.0).abs() < 1e-6);
        // When stated disks bind they are the ceiling: no room above what they write
        // (helpers saw 51 K msg/s claimed on disks that carry 20 K). Assumed disks
        // are not: then the NIC above them stops it.
        let mut b = bounds(900_000.0, Some(640_000.0), 700_000.0, 1.0);
        assert_eq!(b.binding().0, Resource::Disk);
        assert_eq!(b.next_ceiling(), Some((Resource::Disk, 640_000.0)));
        assert_eq!(b.interval_high(640_000.0, 2.6f64.ln()), 640_000.0);
        b.disk_stated = false;
        assert_eq!(b.next_ceiling(), Some((Resource::Nic, 700_000.0)));
        // With fsync (×0.5) the prediction is half the disks' rate: room up to them.
        let b = bounds(900_000.0, Some(640_000.0), 1_220_000.0, 0.5);
        assert_eq!(b.interval_high(320_000.0, 2.6f64.ln()), 640_000.0);
        // Never below the expected value.
        assert_eq!(interval_high(500_000.0, 0.5, Some(400_000.0)), 500_000.0);
    }
}
