//! The catalog: everything fitted from the recorded datasets, once, at start-up.
//! It is serializable so the page can carry it to the browser, where the same
//! planning code runs on every keystroke.

use serde::{Deserialize, Serialize};

use crate::dataset::{Cache, Dataset, Load, Metric, Row, Status, Unit};
use crate::error::CatalogError;
use crate::factors::{MAX_PLAUSIBLE_RATIO, MIN_PLAUSIBLE_SHARE};
use crate::features::FeatureMatrix;
use crate::fit::{median, SizeCurve, SizePoint, UslFit, UslPoint};
use crate::system::{Durability, SystemId};

/// A reference to one recorded row: what the plan rests on. Its texts are shared
/// (`Arc<str>`): a plan cites the same rows many times, and a citation is copied by
/// reference, not by value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointRef {
    /// `<data file>#<row id>`.
    pub id: std::sync::Arc<str>,
    /// Seed file + section.
    pub citation: std::sync::Arc<str>,
    /// What the row says, in words with its unit (e.g. "268,000 msg/s produce at 1,024 B").
    pub summary: std::sync::Arc<str>,
}

/// The cluster a system's fits were measured on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredSetup {
    /// Hardware id in the data file.
    pub hardware_id: String,
    /// Machines.
    pub nodes: u32,
    /// Cores per machine.
    pub cores: u32,
    /// RAM per machine, GB.
    pub ram_gb: Option<f64>,
    /// Replication factor of the runs.
    pub rf: u32,
    /// Set when nodes/cores were not stated and were assumed; says what and why.
    pub assumed: Option<String>,
    /// Whose cluster it is: a reference source's or one of the user's uploads.
    #[serde(default)]
    pub origin: crate::dataset::DatasetOrigin,
}

/// A measured point on other hardware, compared against the fit's prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutOfSample {
    /// The row.
    pub point: PointRef,
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Machines and cores of that run.
    pub nodes: u32,
    /// Cores per machine.
    pub cores: u32,
    /// Measured msg/s.
    pub measured_msgs: f64,
    /// What the fit predicts for that cluster, msg/s.
    pub predicted_msgs: f64,
}

/// One p99/p99.9 latency measured at a load level (seed 000 §4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LatencyPoint {
    /// Percentile.
    pub percentile: f64,
    /// Load level.
    pub load: Load,
    /// Latency, ms.
    pub ms: f64,
    /// Source.
    pub point: PointRef,
}

/// One cell of seed 001's partitions × backlog grid (P99.9 end-to-end).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GridCell {
    /// Partitions in the cluster.
    pub partitions: f64,
    /// Backlog, bytes.
    pub backlog_bytes: f64,
    /// P99.9, ms (a lower bound when `status` is not ok).
    pub ms: f64,
    /// Whether the point completed.
    pub status: Status,
    /// Machines in the tested cluster.
    pub nodes: u32,
    /// Source.
    pub point: PointRef,
}

/// Backlog catch-up read measurement (seed 000 §5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrainModel {
    /// Messages drained.
    pub messages: f64,
    /// Seconds taken.
    pub seconds: f64,
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Cluster it ran on.
    pub nodes: u32,
    /// Cores per node.
    pub cores: u32,
    /// Partitions (queues) read, one consumer thread each, when stated.
    #[serde(default)]
    pub partitions: Option<f64>,
    /// Relative change after a 24 h cold cache (negative, e.g. −0.33), and its source.
    pub cold_change: Option<(f64, PointRef)>,
    /// Source of the drain time.
    pub point: PointRef,
}

impl DrainModel {
    /// Derived catch-up rate, msg/s: messages / seconds (the article's own quoted
    /// rates are off by ten; see data/ conflicts).
    pub fn msgs_per_s(&self) -> f64 {
        self.messages / self.seconds
    }
}

/// Operations burden figures (seed 000 §6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Ops {
    /// Processes in a minimal production cluster (low, high).
    pub processes: Option<(f64, f64, PointRef)>,
    /// Person-days for a first production deployment.
    pub person_days: Option<(f64, PointRef)>,
}

/// Prefix of the `file` name the upload importer gives a dataset, so its point ids
/// (`upload:<id>#<row>`) read as the user's. Display only: whether a dataset is an
/// upload is its typed [`crate::dataset::DatasetOrigin`].
pub const UPLOAD_PREFIX: &str = "upload:";

/// A user's measured produce point, plotted apart from the reference points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadedPoint {
    /// Message size, bytes.
    pub message_bytes: f64,
    /// Measured cluster msg/s.
    pub msgs: f64,
    /// True for a fixed-rate run that reached its rate: a lower bound on capacity.
    pub lower_bound: bool,
    /// Machines of that run.
    pub nodes: u32,
    /// Cores per machine.
    pub cores: u32,
    /// Source row.
    pub point: PointRef,
    /// Replication factor of the run (3 when not stated).
    #[serde(default = "default_rf")]
    pub rf: u32,
    /// Consumers read alongside the writes (`consumers` stated and > 0).
    #[serde(default)]
    pub reading: bool,
    /// Partitions of the run, when stated.
    #[serde(default)]
    pub partitions: Option<u32>,
    /// Durability the run states (replicated when not stated).
    #[serde(default)]
    pub durability: Option<crate::system::Durability>,
    /// The run's disks as stated: (kind, disks per node, MB/s per disk); None when
    /// neither the kind nor the bandwidth is stated.
    #[serde(default)]
    pub disks: Option<(crate::system::DiskKind, Option<u32>, Option<f64>)>,
    /// NIC per node, Gbit/s, when stated.
    #[serde(default)]
    pub nic_gbps: Option<f64>,
    /// What the plan makes of the run.
    #[serde(default)]
    pub role: UploadRole,
}

impl UploadedPoint {
    /// The run's own msg/s at the durability it ran with: [`UploadedPoint::msgs`] is
    /// restated to the seeds' baseline by the cited factor (for the seed curves), and a
    /// corpus prediction at the run's own durability, its fitted factor in it, is
    /// compared with this (comparing the restated rate applied the durability twice:
    /// a stop-42 reviewer).
    pub fn as_run(&self, system: SystemId) -> f64 {
        self.msgs * crate::factors::durability_factor(system, self.durability.unwrap_or_default()).multiplier
    }
}

fn default_rf() -> u32 {
    3
}

/// What an uploaded throughput run counts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UploadRole {
    /// A saturated run, the best of its cluster and message size: it calibrates.
    #[default]
    Calibrates,
    /// A fixed-rate run that reached its rate, or one its load generator limited:
    /// capacity is at least this.
    Floor,
    /// Not used: a faster run of the same cluster and size stands for it, or it is
    /// implausible against the reference (the upload notes say which).
    NotUsed,
}

/// A curve rescaled to a user's measurements: the reference curve to their
/// saturated runs at one message size, and any curve raised to the rate their
/// fixed-rate runs reached (those are lower bounds on capacity, never ceilings).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Multiplier on throughput.
    pub factor: f64,
    /// The uploaded rows used.
    pub points: Vec<PointRef>,
    /// What was done, in words.
    pub how: String,
}

/// How throughput scales with node count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Scaling {
    /// Universal Scalability Law fitted on ≥ 4 node counts.
    Usl(UslFit),
    /// Linear scaling assumed; the reason says why no USL fit exists.
    Linear {
        /// Why.
        reason: String,
    },
}

/// Everything known about one system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SystemModel {
    /// Which system.
    pub system: SystemId,
    /// Throughput vs message size, per core and per replica write.
    pub produce: SizeCurve,
    /// Where `produce` was measured.
    pub home: MeasuredSetup,
    /// Core cost of delivering one message to one consumer group, relative to one
    /// replica write at the same size (from the consume run on the home setup).
    pub consume_cost_ratio: Option<(f64, PointRef)>,
    /// What a transactional send costs, from a plain / transactional pair of one
    /// test ([`crate::transactions`]); None when the system has no such pair.
    #[serde(default)]
    pub transactions: Option<crate::transactions::TransactionCost>,
    /// Measured end-to-end latencies by load level.
    pub latency: Vec<LatencyPoint>,
    /// Partitions × backlog P99.9 grid.
    pub grid: Vec<GridCell>,
    /// Backlog catch-up.
    pub drain: Option<DrainModel>,
    /// Same-system points on other hardware, as a check of the core-scaling assumption.
    pub checks: Vec<OutOfSample>,
    /// Node scaling.
    pub scaling: Scaling,
    /// Operations burden.
    pub ops: Ops,
    /// Set when uploaded runs at a single size rescaled the reference curve.
    pub calibration: Option<Calibration>,
    /// Uploaded produce points (charts show them apart).
    pub uploaded: Vec<UploadedPoint>,
    /// Uploaded runs this model could not use, and why (each becomes a plan warning).
    pub upload_notes: Vec<String>,
    /// What the seed curve's calibration to uploads found (a factor far from the
    /// reference, floors that confirm it): said only when the seed curve answers.
    #[serde(default)]
    pub calibration_notes: Vec<String>,
    /// The produce points as plans cite them, built on first use.
    #[serde(skip)]
    pub(crate) produce_refs: crate::memo::Memo<Vec<PointRef>>,
    /// The catch-up basis from the drain alone (no corpus fit), built on first use.
    #[serde(skip)]
    pub(crate) seed_basis: crate::memo::Memo<Option<crate::recovery::CatchupBasis>>,
    /// The catch-up basis with a corpus fit's catch-up runs, built on first use and
    /// keyed by those runs ([`crate::recovery::corpus_key`]): another corpus fit
    /// gets its own, unmemoized.
    #[serde(skip)]
    pub(crate) corpus_basis: crate::memo::Memo<(crate::recovery::CorpusKey, Option<crate::recovery::CatchupBasis>)>,
}

impl SystemModel {
    /// The produce points as plans cite them (id, citation, "N msg/s produce at S B").
    pub fn produce_refs(&self) -> &[PointRef] {
        self.produce_refs.get_or_init(|| {
            self.produce
                .points
                .iter()
                .map(|p| PointRef { id: p.row_id.as_str().into(), citation: p.citation.as_str().into(), summary: format!("{} msg/s produce at {} B", crate::units::fmt_num(p.measured_msgs), crate::units::fmt_num(p.message_bytes)).into() })
                .collect()
        })
    }
}

/// All systems' fitted models plus the feature matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    /// Per system, in [`SystemId::ALL`] order (systems without enough data are absent).
    pub systems: Vec<SystemModel>,
    /// Feature support.
    pub features: FeatureMatrix,
    /// Systems that could not be fitted, with why.
    pub unfitted: Vec<(SystemId, String)>,
    /// The throughput model fitted on the whole corpus (None until the loader adds
    /// it; carried unchanged into catalogs refitted with uploads).
    #[serde(default)]
    pub throughput: Option<crate::throughput::ThroughputModel>,
}

/// Where Pravega's hardware is unstated (seed 004 is truncated before its setup),
/// we assume seed 000's class of cluster — 3 nodes × 8 cores — so its curve sits on
/// the same scale as the others. Every Pravega plan warns about this.
pub const ASSUMED_SETUP: (u32, u32) = (3, 8);

/// Replication factor assumed for a row that states none (capped at its nodes):
/// the common default of every system here (seed 000 §1: 3 replicas).
pub const ASSUMED_RF: u32 = 3;

fn point_ref(file: &str, r: &Row) -> PointRef {
    let value = match r.status {
        Status::Ok => format!("{} {}", crate::units::fmt_num(r.value), r.unit.label()),
        Status::Aborted => format!("aborted (≥ {} {})", crate::units::fmt_num(r.value), r.unit.label()),
        Status::Failed => "failed (no value)".to_string(),
    };
    let mut summary = format!("{} {value}", r.system.name());
    if let (Some(hi), Status::Ok) = (r.value_high, r.status) {
        summary = format!("{} {}–{} {}", r.system.name(), crate::units::fmt_num(r.value), crate::units::fmt_num(hi), r.unit.label());
    }
    let metric = format!("{:?}", r.metric);
    summary.push_str(&format!(" ({})", snake(&metric)));
    if let Some(s) = r.workload.message_bytes {
        summary.push_str(&format!(" at {} B", crate::units::fmt_num(s)));
    }
    if let Some(p) = r.percentile {
        summary.push_str(&format!(", p{p}"));
    }
    PointRef { id: format!("{file}#{}", r.id).into(), citation: r.citation.as_str().into(), summary: summary.into() }
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// A row's throughput in msg/s, converting byte rates with the row's message size.
fn msgs_of(r: &Row) -> Option<f64> {
    r.unit.to_msgs(r.value, r.workload.message_bytes)
}

/// A produce row's throughput restated at the seeds' default semantics (acks=all /
/// sync replication, async flush) by the cited durability factor, so an acks=1 or
/// fsync run can sit on the same curve.
fn produce_msgs(r: &Row) -> Option<f64> {
    let d = r.workload.durability.unwrap_or_default();
    msgs_of(r).map(|m| m / crate::factors::durability_factor(r.system, d).multiplier)
}

/// (setup key, nodes, cores per node, RAM GB) of a row's hardware.
type Setup = (String, Option<u32>, Option<u32>, Option<f64>);

struct Loaded<'a> {
    file: &'a str,
    ds: &'a Dataset,
    row: &'a Row,
}

impl Loaded<'_> {
    /// The row's replication factor; unstated, [`ASSUMED_RF`] but no more than its
    /// cluster's nodes (a 1-node run cannot hold 3 copies; a stop-19 tester saw an
    /// unstated 1-node upload calibrated as RF 3).
    fn rf(&self) -> u32 {
        self.row.workload.replication_factor.unwrap_or_else(|| ASSUMED_RF.min(self.setup().and_then(|s| s.1).unwrap_or(ASSUMED_RF)).max(1))
    }
    fn setup(&self) -> Option<Setup> {
        let id = self.row.hardware.as_ref()?;
        let h = self.ds.hardware.iter().find(|h| &h.id == id)?;
        Some((format!("{}#{}", self.file, h.id), h.nodes, h.cores, h.ram_gb))
    }
    /// The stated NIC of the row's hardware, Gbit/s.
    fn nic_gbps(&self) -> Option<f64> {
        let id = self.row.hardware.as_ref()?;
        self.ds.hardware.iter().find(|h| &h.id == id)?.nic_gbps
    }
    fn r(&self) -> PointRef {
        point_ref(self.file, self.row)
    }
    /// The row belongs to a user's uploaded dataset (its dataset's typed origin).
    fn is_upload(&self) -> bool {
        !self.ds.source.origin.is_reference()
    }
    /// The row's hardware setup as people read it: `dataset <id>` for an upload's,
    /// else the setup key.
    fn setup_label(&self) -> String {
        match self.ds.source.origin.upload() {
            Some(id) => format!("dataset {id}"),
            None => self.setup().map_or_else(|| self.file.to_string(), |s| s.0),
        }
    }
}

/// Measured ÷ predicted throughput of an uploaded run on its own hardware. A run
/// whose consumers read alongside (`consumers` stated, as in OpenMessaging Benchmark
/// runs) is predicted with one consumer group's cost too (`consume_ratio`, relative
/// to one replica write).
fn measured_vs_predicted(curve: &SizeCurve, l: &Loaded<'_>, consume_ratio: Option<f64>) -> Option<f64> {
    let (_, n, c, _) = l.setup()?;
    let rf = f64::from(l.rf());
    let reading = if l.row.workload.consumers.is_some_and(|c| c > 0) { consume_ratio.unwrap_or(0.0) } else { 0.0 };
    let predicted = f64::from(n? * c?) / ((rf + reading) * curve.core_seconds(l.row.workload.message_bytes?));
    Some(produce_msgs(l.row)? / predicted)
}

/// One note per hardware setup for runs judged against the reference: `say(setup,
/// how many runs, their median measured ÷ predicted)`.
fn judged_notes(runs: &[&&Loaded<'_>], reference: &SizeCurve, say: impl Fn(&str, usize, f64) -> String) -> Vec<String> {
    let mut keys: Vec<String> = runs.iter().filter_map(|l| l.setup().map(|s| s.0)).collect();
    crate::order::sort_by(&mut keys, |a, b| a.cmp(b));
    keys.dedup();
    keys.iter()
        .map(|key| {
            let mine: Vec<f64> = runs.iter().filter(|l| l.setup().is_some_and(|s| &s.0 == key)).filter_map(|l| measured_vs_predicted(reference, l, None)).collect();
            let n = mine.len();
            let label = runs.iter().find(|l| l.setup().is_some_and(|s| &s.0 == key)).map_or_else(|| key.clone(), |l| l.setup_label());
            say(&label, n, median(mine).unwrap_or(0.0))
        })
        .collect()
}

/// Whether a row's hardware states both nodes and cores.
fn stated(l: &Loaded<'_>) -> bool {
    l.setup().is_some_and(|s| s.1.is_some() && s.2.is_some())
}

/// Of several runs at one message size, the one with the highest throughput.
fn best_per_size<'a, 'b>(rows: &[&'b &'b Loaded<'a>]) -> Vec<&'b &'b Loaded<'a>> {
    let mut best: Vec<&&Loaded<'_>> = Vec::new();
    for l in rows {
        let size = l.row.workload.message_bytes;
        let msgs = produce_msgs(l.row).unwrap_or(0.0);
        match best.iter_mut().find(|b| b.row.workload.message_bytes == size) {
            Some(b) if produce_msgs(b.row).unwrap_or(0.0) < msgs => *b = l,
            Some(_) => {}
            None => best.push(l),
        }
    }
    best
}

/// Said when uploaded runs calibrate a curve by a factor outside ½–2.
pub fn far_from_reference(factor: f64) -> String {
    format!("your runs measure {factor:.1}× what the reference runs predict for the same hardware: check payload compressibility, acks, batching and the metadata before trusting either")
}

/// Said when `n` uploaded lower-bound runs stay below the predicted capacity.
pub fn floors_confirm(n: usize) -> String {
    format!("{n} run(s) of yours held to a rate (or limited by the load generator) stay below the predicted capacity: they confirm it and change nothing")
}

/// The address of a loaded row: rows are compared by identity (the same row, not an
/// equal one), in O(1) through sets of these.
fn addr(l: &Loaded<'_>) -> usize {
    l as *const Loaded<'_> as usize
}

/// Per (cluster, message size), the best uploaded run not judged (client-bound or
/// implausible): its msg/s and its position in `produce` (ties: the first). Built
/// once, so deciding which runs a faster one stands for is linear in the runs — a
/// pairwise scan took 22 CPU-seconds for one 20,000-condition upload (a stop-20
/// tester).
fn best_uploaded(produce: &[&&Loaded<'_>], judged: &std::collections::HashSet<usize>) -> std::collections::HashMap<(Option<String>, Option<u64>), (f64, usize)> {
    let mut best: std::collections::HashMap<(Option<String>, Option<u64>), (f64, usize)> = std::collections::HashMap::new();
    for (i, o) in produce.iter().enumerate().filter(|(_, o)| o.is_upload() && !judged.contains(&addr(o))) {
        let theirs = produce_msgs(o.row).unwrap_or(0.0);
        let e = best.entry(shadow_key(o)).or_insert((theirs, i));
        if theirs > e.0 {
            *e = (theirs, i);
        }
    }
    best
}

fn shadow_key(l: &Loaded<'_>) -> (Option<String>, Option<u64>) {
    (l.setup().map(|s| s.0), l.row.workload.message_bytes.map(f64::to_bits))
}

/// Whether a faster uploaded run (not judged) of the same cluster and message size
/// stands for `l` (at `at` in `produce`, `usize::MAX` when not there): the best run
/// per size is the capacity; ties go to the first.
fn shadowed(l: &Loaded<'_>, at: usize, best: &std::collections::HashMap<(Option<String>, Option<u64>), (f64, usize)>) -> bool {
    let mine = produce_msgs(l.row).unwrap_or(0.0);
    best.get(&shadow_key(l)).is_some_and(|&(theirs, i)| i != at && (theirs > mine || (theirs == mine && i < at)))
}

/// The home setup (nodes, cores, RAM, assumption, RF) of `rows` and their size points.
/// (nodes, cores per node, RAM GB, assumption, RF) of a measured setup.
type HomeSetup = (u32, u32, Option<f64>, Option<String>, u32);

/// `reading`: one consumer group's cost relative to a replica write, charged to runs
/// whose consumers read alongside (`consumers` stated), so the write cost is not
/// inflated by the reads. None for the reference runs (measured producer-side).
fn size_points(rows: &[&&Loaded<'_>], reading: Option<f64>) -> (HomeSetup, Vec<SizePoint>) {
    let first = rows[0];
    let (nodes, cores, ram_gb, assumed) = match first.setup() {
        Some((_, Some(n), Some(c), ram)) => (n, c, ram, None),
        s => (
            ASSUMED_SETUP.0,
            ASSUMED_SETUP.1,
            s.and_then(|x| x.3),
            Some(format!(
                "the source does not state its cluster; assumed {} nodes × {} cores (seed 000's class) so the curve is comparable",
                ASSUMED_SETUP.0, ASSUMED_SETUP.1
            )),
        ),
    };
    let rf = first.rf();
    let cores_total = f64::from(nodes * cores);
    let points = rows
        .iter()
        .filter_map(|l| {
            let msgs = produce_msgs(l.row)?;
            let rf = f64::from(l.row.workload.replication_factor.unwrap_or(rf));
            let read = if l.row.workload.consumers.is_some_and(|c| c > 0) { reading.unwrap_or(0.0) } else { 0.0 };
            Some(SizePoint {
                message_bytes: l.row.workload.message_bytes?,
                core_seconds: cores_total / (msgs * (rf + read)),
                measured_msgs: msgs,
                row_id: l.r().id.to_string(),
                citation: l.row.citation.clone(),
            })
        })
        .collect();
    ((nodes, cores, ram_gb, assumed, rf), points)
}

fn is_baseline_durability(r: &Row) -> bool {
    matches!(r.workload.durability, None | Some(Durability::Replicated))
}

impl Catalog {
    /// Validates every dataset and fits every system.
    ///
    /// `datasets` pairs each data file name with its parsed content.
    ///
    /// # Errors
    /// The first dataset validation error. A system with too little data is not an
    /// error: it is listed in `unfitted`.
    /// Uploaded datasets are those whose `source.origin` is
    /// [`crate::dataset::DatasetOrigin::Upload`].
    pub fn fit(datasets: &[(String, Dataset)], features: FeatureMatrix) -> Result<Catalog, CatalogError> {
        for (file, ds) in datasets {
            ds.check(file)?;
        }
        let rows: Vec<Loaded<'_>> = datasets
            .iter()
            .flat_map(|(file, ds)| ds.rows.iter().map(move |row| Loaded { file, ds, row }))
            .filter(|l| l.row.model_uses)
            .collect();
        let mut systems = Vec::new();
        let mut unfitted = Vec::new();
        for system in SystemId::ALL {
            match fit_system(system, &rows) {
                Ok(m) => systems.push(m),
                Err(e) => unfitted.push((system, e.to_string())),
            }
        }
        Ok(Catalog { systems, features, unfitted, throughput: None })
    }

    /// The model of `system`, if fitted.
    pub fn system(&self, system: SystemId) -> Option<&SystemModel> {
        self.systems.iter().find(|m| m.system == system)
    }

    /// This catalog (fitted with uploads) with the reference corpus model: with
    /// `calibrate` (`data=merge`) each system's CPU cost calibrated to its uploaded
    /// runs ([`crate::throughput::ThroughputModel::calibrated_to_uploads`]); without
    /// (`data=only`: the reference runs left out) as it is, for the latency model,
    /// while systems fitted on your cluster plan on your seed curve.
    #[must_use]
    pub fn with_corpus_model(mut self, reference: Option<&crate::throughput::ThroughputModel>, calibrate: bool) -> Catalog {
        self.throughput = reference.map(|t| if calibrate { t.calibrated_to_uploads(&self.systems) } else { t.clone() });
        self
    }
}

fn fit_system(system: SystemId, rows: &[Loaded<'_>]) -> Result<SystemModel, CatalogError> {
    let mine: Vec<&Loaded<'_>> = rows.iter().filter(|l| l.row.system == system).collect();
    // Produce throughput points, grouped by hardware setup.
    let produce: Vec<&&Loaded<'_>> = mine
        .iter()
        .filter(|l| {
            let r = l.row;
            r.metric == Metric::ProduceThroughput
                && r.status == Status::Ok
                && r.conflict.is_none()
                && (is_baseline_durability(r) || l.is_upload())
                && r.cache != Some(Cache::Cold)
                && r.workload.message_bytes.is_some_and(|s| s > 0.0)
                && msgs_of(r).is_some_and(|m| m > 0.0 && m.is_finite())
        })
        .collect();
    // An uploaded run at a fixed rate that it reached (load steady / high) shows a
    // lower bound on capacity: it may raise the curve, never set it.
    let (produce, floors): (Vec<&&Loaded<'_>>, Vec<&&Loaded<'_>>) = produce.into_iter().partition(|l| !l.is_upload() || !matches!(l.row.load, Some(Load::Steady | Load::High)));
    let mut upload_notes = Vec::new();
    let unstated = produce.iter().chain(&floors).filter(|l| l.is_upload() && !stated(l)).count();
    if unstated > 0 {
        upload_notes.push(format!("{unstated} uploaded throughput run(s) without the cluster's nodes and cores were not used: capacity per machine cannot be known without them"));
    }
    let produce: Vec<&&Loaded<'_>> = produce.into_iter().filter(|l| !l.is_upload() || stated(l)).collect();
    let floors: Vec<&&Loaded<'_>> = floors.into_iter().filter(|l| stated(l)).collect();
    let mut groups: Vec<(String, Vec<&&Loaded<'_>>)> = Vec::new();
    for l in &produce {
        let key = l.setup().map(|s| s.0).unwrap_or_else(|| format!("{}#unstated", l.file));
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(l),
            None => groups.push((key, vec![l])),
        }
    }
    let distinct_sizes = |v: &Vec<&&Loaded<'_>>| {
        let mut s: Vec<f64> = v.iter().filter_map(|l| l.row.workload.message_bytes).collect();
        crate::order::sort_by(&mut s, f64::total_cmp);
        s.dedup();
        s.len()
    };
    let has_cores = |v: &Vec<&&Loaded<'_>>| v.first().and_then(|l| l.setup()).is_some_and(|s| s.1.is_some() && s.2.is_some());
    // Home: the group with ≥ 2 sizes, preferring the user's own uploaded runs, then
    // stated hardware, then more sizes. An uploaded group whose fit is implausible
    // (cost per message falling with size, or none at all) gives way to the next.
    let uploaded_group = |v: &Vec<&&Loaded<'_>>| v.first().is_some_and(|l| l.is_upload());
    let mut candidates: Vec<&(String, Vec<&&Loaded<'_>>)> = groups.iter().filter(|(_, v)| distinct_sizes(v) >= 2).collect();
    crate::order::sort_by_key(&mut candidates, |(_, v)| std::cmp::Reverse((uploaded_group(v), has_cores(v), distinct_sizes(v), v.len())));
    let fit_group = |rows: &[&&Loaded<'_>], reading: Option<f64>| {
        let (setup, points) = size_points(rows, reading);
        SizeCurve::fit(system.id(), points).map(|c| (setup, c))
    };
    // Consumer cost on a setup at a measured size, relative to one replica write.
    let consume_on = |key: &str, cores_total: f64, curve: &SizeCurve| {
        mine.iter()
            .filter(|l| l.row.metric == Metric::ConsumeThroughput && l.row.status == Status::Ok && l.row.cache != Some(Cache::Cold))
            .filter(|l| !(l.is_upload() && matches!(l.row.load, Some(Load::Steady | Load::High))))
            .filter(|l| l.setup().is_some_and(|s| s.0 == key))
            .find_map(|l| {
                let size = l.row.workload.message_bytes?;
                let msgs = msgs_of(l.row).filter(|m| *m > 0.0)?;
                Some((cores_total / msgs / curve.core_seconds(size), l.r()))
            })
    };
    // The reference first: the user's runs are judged against it.
    let mut fitted = None;
    let mut last_err = None;
    for (key, rows) in candidates.iter().filter(|(_, v)| !uploaded_group(v)) {
        match fit_group(rows, None) {
            Ok((setup, c)) => {
                fitted = Some((key.clone(), rows.clone(), setup, c));
                break;
            }
            Err(e) => last_err = Some(e),
        }
    }
    let reference_fit = fitted.clone();
    let reference_consume = reference_fit.as_ref().and_then(|(key, _, (n, c, ..), curve)| consume_on(key, f64::from(n * c), curve));
    let reference_reading = reference_consume.as_ref().map(|c| c.0);
    // Each uploaded run judged against the reference on its own hardware: under
    // MIN_PLAUSIBLE_SHARE its load generator set the rate (kept as a lower bound);
    // over MAX_PLAUSIBLE_RATIO something in the file or its metadata is off (not used).
    let mut client_bound: Vec<&&Loaded<'_>> = Vec::new();
    let mut implausible: Vec<&&Loaded<'_>> = Vec::new();
    if let Some((_, _, _, reference)) = &reference_fit {
        for l in produce.iter().filter(|l| l.is_upload()) {
            match measured_vs_predicted(reference, l, None) {
                Some(r) if r < MIN_PLAUSIBLE_SHARE => client_bound.push(l),
                Some(r) if r > MAX_PLAUSIBLE_RATIO => implausible.push(l),
                _ => {}
            }
        }
        // A fixed-rate run cannot be too slow (it is a floor), but it can be impossible.
        implausible.extend(floors.iter().filter(|l| measured_vs_predicted(reference, l, None).is_some_and(|r| r > MAX_PLAUSIBLE_RATIO)));
        let reference = reference.clone();
        upload_notes.extend(judged_notes(&client_bound, &reference, |key, n, share| {
            format!(
                "{n} measurement(s) of yours on {key} reach {:.1} % (median) of what the reference predicts for that hardware — under {:.0} %, so the load generator (not the brokers) most likely set their rate; they are kept as lower bounds only",
                share * 100.0,
                MIN_PLAUSIBLE_SHARE * 100.0
            )
        }));
        upload_notes.extend(judged_notes(&implausible, &reference, |key, n, share| {
            format!(
                "{n} measurement(s) of yours on {key} reach {share:.1}× (median) what the reference predicts for that hardware — over {MAX_PLAUSIBLE_RATIO:.0}×, more than any measured system differs per core; check the unit, message size, compression and nodes/cores given. Not used"
            )
        }));
    }
    // A run whose stated NICs could not have carried it (each message arrives once per
    // copy): only compression explains that, and then the logical rate is inflated.
    let over_nic = produce.iter().chain(&floors).filter(|l| l.is_upload()).filter_map(|l| {
        let (_, n, _, _) = l.setup()?;
        let bits_per_node = msgs_of(l.row)? * l.row.workload.message_bytes? * 8.0 * f64::from(l.rf()) / f64::from(n?);
        let nic = l.nic_gbps()? * 1e9;
        (bits_per_node > nic).then_some((bits_per_node / 1e9, nic / 1e9))
    });
    if let Some((need, nic)) = over_nic.max_by(|a, b| a.0.total_cmp(&b.0)) {
        upload_notes.push(format!(
            "a run of yours implies {need:.1} Gbit/s into each node (every copy arrives once), over the stated {nic:.0} Gbit/s NIC: only compression allows that, so its msg/s overstate what uncompressible data would do"
        ));
    }
    let judged_set: std::collections::HashSet<usize> = client_bound.iter().chain(&implausible).map(|j| addr(j)).collect();
    let implausible_set: std::collections::HashSet<usize> = implausible.iter().map(|j| addr(j)).collect();
    let client_bound_set: std::collections::HashSet<usize> = client_bound.iter().map(|j| addr(j)).collect();
    let judged = |l: &Loaded<'_>| judged_set.contains(&addr(l));
    for (key, rows) in candidates.iter().filter(|(_, v)| uploaded_group(v)) {
        let label = rows.first().map_or_else(|| key.clone(), |l| l.setup_label());
        let rows: Vec<&&Loaded<'_>> = rows.iter().filter(|l| !judged(l)).copied().collect();
        if distinct_sizes(&rows) < 2 {
            continue;
        }
        // Several uploaded runs at one size (a thread or rate sweep): the best is the
        // capacity; the others were client-bound or throttled.
        let rows = best_per_size(&rows);
        let c = match fit_group(&rows, reference_reading) {
            Ok((_, c)) if c.a_core_us > 0.0 && c.b_core_us_per_byte >= 0.0 => c,
            Ok((_, c)) => {
                upload_notes.push(format!(
                    "your runs on {label} fit t(s) = {:.3} + {:.5}·s core·µs per message: {}; the reference model is used, calibrated to them",
                    c.a_core_us,
                    c.b_core_us_per_byte,
                    if c.a_core_us <= 0.0 { "a fixed cost per message at or below zero" } else { "a cost per message that falls as messages grow" }
                ));
                continue;
            }
            Err(e) => {
                upload_notes.push(format!("your runs on {label} could not be fitted ({e}); the reference model is used, calibrated to them"));
                continue;
            }
        };
        if fitted.is_none() {
            upload_notes.push(format!("your runs on {label} are the only data for this system here (data=only): nothing checks them against the reference runs"));
        }
        let (setup, _) = size_points(&rows, reference_reading);
        let others = candidates.iter().find(|(k, _)| k == key).map_or(0, |(_, v)| v.len()).saturating_sub(rows.len());
        if others > 0 {
            upload_notes.push(format!("{others} other run(s) of yours on {label} share a message size with a faster one and count only through it (the best run per size is the capacity)"));
        }
        fitted = Some((key.clone(), rows, setup, c));
        break;
    }
    let Some((home_key, home_rows, (nodes, cores, ram_gb, assumed, rf), mut curve)) = fitted else {
        return Err(last_err.unwrap_or_else(|| CatalogError::NotEnoughData {
            system: system.id().into(),
            reason: if upload_notes.is_empty() {
                "no hardware setup with produce throughput at two message sizes (nodes and cores stated)".into()
            } else {
                upload_notes.join("; ")
            },
        }));
    };
    let cores_total = f64::from(nodes * cores);
    let first = home_rows[0];

    // Consume cost on the home setup at a fitted size, relative to the produce cost
    // (computed before any calibration, so calibration scales both alike).
    // Your runs whose consumers read alongside carry the reference consumer cost
    // (their own consume rate is not a separate measurement); runs measured without
    // consumers their own consume runs, else the reference's.
    let concurrent = home_rows.iter().any(|l| l.is_upload() && l.row.workload.consumers.is_some_and(|c| c > 0));
    let home_is_upload = first.is_upload();
    let own_consume = if concurrent { None } else { consume_on(&home_key, cores_total, &curve) };
    // Your consume runs set the consumer cost when they were measured on the home
    // cluster and the home cluster is yours.
    let consume_used = own_consume.is_some() && home_is_upload;
    let consume_cost_ratio = own_consume.or_else(|| reference_consume.clone());
    let consume_ratio = consume_cost_ratio.as_ref().map(|c| c.0);


    // Uploaded runs on stated hardware: plotted, and — when the home curve is the
    // reference — used to calibrate it to the user's machines (best run per size).
    let best = best_uploaded(&produce, &judged_set);
    let position: std::collections::HashMap<usize, usize> = produce.iter().enumerate().map(|(i, o)| (addr(o), i)).collect();
    let uploaded: Vec<UploadedPoint> = produce
        .iter()
        .filter(|l| l.is_upload())
        .map(|l| (l, false))
        .chain(floors.iter().map(|l| (l, true)))
        .filter_map(|(l, lower_bound)| {
            let (_, n, c, _) = l.setup()?;
            let w = &l.row.workload;
            let hw = l.row.hardware.as_ref().and_then(|id| l.ds.hardware.iter().find(|h| &h.id == id));
            let role = if implausible_set.contains(&addr(l)) {
                UploadRole::NotUsed
            } else if lower_bound || client_bound_set.contains(&addr(l)) {
                UploadRole::Floor
            } else if shadowed(l, position.get(&addr(l)).copied().unwrap_or(usize::MAX), &best) {
                UploadRole::NotUsed
            } else {
                UploadRole::Calibrates
            };
            Some(UploadedPoint {
                message_bytes: w.message_bytes?,
                msgs: produce_msgs(l.row)?,
                lower_bound,
                nodes: n?,
                cores: c?,
                point: l.r(),
                rf: l.rf(),
                reading: w.consumers.is_some_and(|c| c > 0),
                partitions: w.partitions,
                durability: w.durability,
                disks: hw.filter(|h| h.disk_kind != crate::system::DiskKind::Unknown || h.disk_mbps.is_some()).map(|h| (h.disk_kind, h.disk_count, h.disk_mbps)),
                nic_gbps: hw.and_then(|h| h.nic_gbps),
                role,
            })
        })
        .collect();
    let mut calibration_notes = Vec::new();
    if home_is_upload {
        // One cluster per curve: other uploaded clusters are drawn, not fitted.
        let unused: Vec<String> = groups.iter().filter(|(k, v)| *k != home_key && uploaded_group(v)).filter_map(|(_, v)| v.first().map(|l| l.setup_label())).collect();
        if !unused.is_empty() {
            upload_notes.push(format!(
                "the curve is fitted on your runs on {}; your runs on {} are drawn on the chart but not fitted (one cluster per curve — plan with that dataset alone to use them)",
                first.setup_label(),
                unused.join(", ")
            ));
        }
        // Far from the reference on comparable terms: say so, whichever is right.
        if let Some((_, _, _, reference)) = &reference_fit {
            if let Some(r) = median(home_rows.iter().filter_map(|l| measured_vs_predicted(reference, l, None)).collect()).filter(|r| !(0.5..=2.0).contains(r)) {
                calibration_notes.push(far_from_reference(r));
            }
        }
    }
    let mut calibration = None;
    if !home_is_upload {
        let mut by_setup: Vec<(String, Vec<&&Loaded<'_>>)> = Vec::new();
        for l in produce.iter().filter(|l| l.is_upload() && !judged(l)) {
            let key = l.setup().map(|s| s.0).unwrap_or_default();
            match by_setup.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => v.push(l),
                None => by_setup.push((key, vec![l])),
            }
        }
        let used: Vec<&&Loaded<'_>> = by_setup.iter().flat_map(|(_, v)| best_per_size(v)).collect();
        let others = by_setup.iter().map(|(_, v)| v.len()).sum::<usize>().saturating_sub(used.len());
        if others > 0 {
            upload_notes.push(format!("{others} other run(s) of yours share a message size and cluster with a faster one and count only through it (the best run per size is the capacity)"));
        }
        let logs: Vec<f64> = used.iter().filter_map(|l| measured_vs_predicted(&curve, l, consume_ratio)).map(f64::ln).collect();
        if !logs.is_empty() {
            let factor = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
            curve.a_core_us /= factor;
            curve.b_core_us_per_byte /= factor;
            if !(0.5..=2.0).contains(&factor) {
                calibration_notes.push(far_from_reference(factor));
            }
            calibration = Some(Calibration {
                factor,
                points: used.iter().map(|l| l.r()).collect(),
                how: format!("calibrated ×{factor:.2} to your best saturated run per message size ({} run(s)); the size dependence is the reference fit's", used.len()),
            });
        }
    }
    // Fixed-rate runs that reached their rate: capacity is at least that.
    let floors: Vec<&&Loaded<'_>> = floors.iter().copied().filter(|l| !implausible_set.contains(&addr(l))).chain(client_bound.iter().copied()).collect();
    let floor = floors.iter().filter_map(|l| Some((measured_vs_predicted(&curve, l, consume_ratio)?, *l))).max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((raise, l)) = floor.filter(|(r, _)| *r > 1.0) {
        curve.a_core_us /= raise;
        curve.b_core_us_per_byte /= raise;
        let c = calibration.get_or_insert(Calibration { factor: 1.0, points: vec![], how: String::new() });
        c.factor *= raise;
        c.points.push(l.r());
        c.how = format!(
            "{}raised ×{raise:.2} because a run of yours held to a rate (or limited by its load generator) reached {} msg/s, more than the curve predicted ({}{})",
            if c.how.is_empty() { String::new() } else { format!("{}; then ", c.how) },
            crate::units::fmt_num(produce_msgs(l.row).unwrap_or(0.0)),
            l.row.citation,
            l.row.note.as_deref().map(|n| format!("; {n}")).unwrap_or_default()
        );
    } else if !floors.is_empty() {
        calibration_notes.push(floors_confirm(floors.len()));
    }

    let checks = groups
        .iter()
        .filter(|(k, v)| *k != home_key && !uploaded_group(v))
        .flat_map(|(_, v)| v.iter())
        .filter_map(|l| {
            let (_, n, c, _) = l.setup()?;
            let (n, c) = (n?, c?);
            let size = l.row.workload.message_bytes?;
            let rf = f64::from(l.rf());
            let predicted = f64::from(n * c) / (rf * curve.core_seconds(size));
            Some(OutOfSample { point: l.r(), message_bytes: size, nodes: n, cores: c, measured_msgs: produce_msgs(l.row)?, predicted_msgs: predicted })
        })
        .collect();

    // Uploaded latencies and (unless your runs are the home curve) consume rates are
    // shown with your data but do not enter the plan: say so.
    let uploaded_latencies = mine.iter().filter(|l| l.is_upload() && matches!(l.row.metric, Metric::E2eLatency | Metric::PublishLatency)).count();
    if uploaded_latencies > 0 {
        upload_notes.push(format!(
            "{uploaded_latencies} uploaded latency row(s) are listed with your data but not used: the plan reads latency from the reference runs, whose load levels are known"
        ));
    }
    let uploaded_consumes = mine.iter().filter(|l| l.is_upload() && l.row.metric == Metric::ConsumeThroughput).count();
    if uploaded_consumes > 0 && !consume_used {
        upload_notes.push(format!(
            "{uploaded_consumes} uploaded consume-rate row(s) are not used: a consumer cost is read on the curve's own cluster, which is {}",
            if home_is_upload { "another of your uploads" } else { "the reference runs' (yours count when your runs are fitted directly: two sizes on one cluster)" }
        ));
    }
    let latency = mine
        .iter()
        .filter(|l| {
            let r = l.row;
            r.metric == Metric::E2eLatency && r.status == Status::Ok && r.workload.backlog_bytes.is_none() && r.load.is_some() && !l.is_upload()
        })
        .filter_map(|l| {
            let ms = to_ms(l.row.value, l.row.unit)?;
            Some(LatencyPoint { percentile: l.row.percentile?, load: l.row.load?, ms, point: l.r() })
        })
        .collect();

    let grid_rows: Vec<&&Loaded<'_>> = mine
        .iter()
        .filter(|l| {
            let r = l.row;
            r.metric == Metric::E2eLatency && r.workload.partitions.is_some() && r.workload.backlog_bytes.is_some()
                && r.percentile.is_some_and(|p| (p - 99.9).abs() < 1e-9)
        })
        .collect();
    // One grid per system: the hardware setup with the most cells (seed 001's Optane
    // journal variant is a single cell on other hardware and stays out of the grid).
    let grid_key = {
        let mut counts: Vec<(Option<String>, usize)> = Vec::new();
        for l in &grid_rows {
            let k = l.setup().map(|s| s.0);
            match counts.iter_mut().find(|(kk, _)| *kk == k) {
                Some((_, n)) => *n += 1,
                None => counts.push((k, 1)),
            }
        }
        counts.into_iter().max_by_key(|(_, n)| *n).and_then(|(k, _)| k)
    };
    let grid = grid_rows
        .into_iter()
        .filter(|l| l.setup().map(|s| s.0) == grid_key)
        .filter_map(|l| {
            let (_, n, _, _) = l.setup()?;
            Some(GridCell {
                partitions: f64::from(l.row.workload.partitions?),
                backlog_bytes: l.row.workload.backlog_bytes?,
                ms: to_ms(l.row.value, l.row.unit)?,
                status: l.row.status,
                nodes: n?,
                point: l.r(),
            })
        })
        .collect();

    let cold_change = mine
        .iter()
        .filter(|l| l.row.metric == Metric::ThroughputChange && l.row.cache == Some(Cache::Cold) && l.row.unit == Unit::Percent)
        .map(|l| (l.row.value.min(l.row.value_high.unwrap_or(l.row.value)) / 100.0, l.r()))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .or_else(|| {
            // A cold-cache change recorded for all systems at once (system-agnostic rows are
            // stored per system; fall back to any system's cold row).
            rows.iter()
                .filter(|l| l.row.metric == Metric::ThroughputChange && l.row.cache == Some(Cache::Cold) && l.row.unit == Unit::Percent)
                .map(|l| (l.row.value.min(l.row.value_high.unwrap_or(l.row.value)) / 100.0, l.r()))
                .min_by(|a, b| a.0.total_cmp(&b.0))
        });
    let drain = mine
        .iter()
        .filter(|l| l.row.metric == Metric::BacklogDrainTime && l.row.status == Status::Ok && l.row.cache != Some(Cache::Cold))
        .find_map(|l| {
            let (_, n, c, _) = l.setup()?;
            let seconds = match l.row.unit {
                Unit::S => l.row.value,
                Unit::Min => l.row.value * 60.0,
                Unit::H => l.row.value * 3600.0,
                Unit::Ms => l.row.value / 1000.0,
                _ => return None,
            };
            Some(DrainModel {
                messages: l.row.workload.backlog_messages?,
                seconds,
                message_bytes: l.row.workload.message_bytes.unwrap_or(1024.0),
                nodes: n?,
                cores: c?,
                partitions: l.row.workload.partitions.map(f64::from),
                cold_change: cold_change.clone(),
                point: l.r(),
            })
        });

    let mut ops = Ops::default();
    for l in &mine {
        match l.row.metric {
            Metric::Processes if ops.processes.is_none() => {
                ops.processes = Some((l.row.value, l.row.value_high.unwrap_or(l.row.value), l.r()));
            }
            Metric::DeploymentPersonDays if ops.person_days.is_none() => {
                ops.person_days = Some((l.row.value, l.r()));
            }
            _ => {}
        }
    }

    // USL needs ≥ 4 node counts of the same workload on the same machine class.
    let usl_points: Vec<UslPoint> = produce
        .iter()
        .filter_map(|l| {
            let (_, n, c, _) = l.setup()?;
            (c? == cores && l.row.workload.message_bytes == first.row.workload.message_bytes)
                .then(|| Some(UslPoint { nodes: f64::from(n?), throughput: produce_msgs(l.row)? }))
                .flatten()
        })
        .collect();
    let scaling = match UslFit::fit(&usl_points) {
        Some(f) => Scaling::Usl(f),
        None => Scaling::Linear {
            reason: format!(
                "throughput was measured at {} node count(s) on one machine class; the Universal Scalability Law needs {}. Linear scaling is assumed, which is optimistic for large clusters.",
                {
                    let mut n: Vec<u64> = usl_points.iter().map(|p| p.nodes as u64).collect();
                    n.sort_unstable();
                    n.dedup();
                    n.len().max(1)
                },
                UslFit::MIN_POINTS
            ),
        },
    };

    Ok(SystemModel {
        system,
        produce: curve,
        home: MeasuredSetup { hardware_id: home_key, nodes, cores, ram_gb, rf, assumed, origin: first.ds.source.origin.clone() },
        consume_cost_ratio,
        transactions: crate::transactions::fit(system, &mine, |l| l.row, |l| l.r()),
        latency,
        grid,
        drain,
        checks,
        scaling,
        ops,
        calibration,
        uploaded,
        upload_notes,
        calibration_notes,
        produce_refs: crate::memo::Memo::default(),
        seed_basis: crate::memo::Memo::default(),
        corpus_basis: crate::memo::Memo::default(),
    })
}

fn to_ms(v: f64, unit: Unit) -> Option<f64> {
    match unit {
        Unit::Ms => Some(v),
        Unit::Us => Some(v / 1000.0),
        Unit::S => Some(v * 1000.0),
        _ => None,
    }
}
