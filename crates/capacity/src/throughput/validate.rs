//! Leave-one-source-out validation (DESIGN.md §6): for each source, fit on every
//! other source, predict the held-out source's saturated runs and check that its
//! lower-bound runs (fixed rate, client-bound, field reports) are not
//! under-predicted. The interval of a held-out run is calibrated from the *other*
//! sources' held-out residuals only, so the coverage reported is itself out of
//! sample. Per system and overall: median |ln error|, share within ±20 % and within
//! 2×, interval coverage, worst lower-bound under-prediction.

use serde::{Deserialize, Serialize};

use super::interval::{calibrate_on, Ground, Residuals};
use super::spec::{usable, ThroughputSpec};
use super::Resource;
use crate::corpus::Evidence;
use crate::system::SystemId;

/// One held-out run's prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValidationPoint {
    /// System.
    pub system: SystemId,
    /// Held-out source.
    pub source: String,
    /// Run id.
    pub run: String,
    /// Measured msg/s.
    pub measured: f64,
    /// Predicted by the model fitted without this source, msg/s.
    pub predicted: f64,
    /// Interval low end (calibrated without this source), msg/s.
    pub low: f64,
    /// Interval high end, msg/s.
    pub high: f64,
    /// A lower-bound run (only under-prediction is an error).
    pub lower_bound: bool,
    /// The bound that set the prediction.
    pub bound: Resource,
    /// Whether stated hardware or the model's fitted figures set it: the interval is
    /// calibrated on held-out runs of the same ground (absent in caches made before
    /// the split: [`Ground::Model`]).
    #[serde(default)]
    pub ground: Ground,
    /// Widening beyond the calibrated base toward less capacity (ln units), as a
    /// prediction would carry it.
    pub extra_log_width: f64,
    /// The same toward more capacity, where it differs ([`super::Widening`]); absent
    /// (the same as [`ValidationPoint::extra_log_width`]) in caches made before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_log_width_up: Option<f64>,
    /// The disk or NIC bound above the prediction, msg/s, where the interval's high
    /// end stops ([`super::Bounds::next_ceiling`]); absent in caches made before it.
    #[serde(default)]
    pub next_ceiling: Option<f64>,
}

impl ValidationPoint {
    /// The widening this run's prediction carried, each side.
    pub fn extra(&self) -> super::Widening {
        super::Widening { down: self.extra_log_width, up: self.extra_log_width_up.unwrap_or(self.extra_log_width) }
    }
    /// ln(measured / predicted).
    pub fn log_error(&self) -> f64 {
        (self.measured / self.predicted).ln()
    }
    /// The conformity score the interval is calibrated on: the smallest base
    /// half-width (ln units) whose interval — that base and this run's widening
    /// added in quadrature ([`super::Widening::around`]), its high end stopped at
    /// the next ceiling ([`super::interval_high`]) — holds the measured value. The
    /// quantile of these is the base that covers the level of them: a split-conformal
    /// score is the one the interval is built from. Taking |ln error| instead (stops
    /// 16–29) counted a run's stated widening twice, once in the base and once added
    /// to it, so a run whose extra doubt explained its error still widened every
    /// other interval (Kafka's held-out coverage read 93 % for a stated 80 %).
    /// A run above a ceiling no base can reach keeps its |ln error|: widening cannot
    /// cover it, and its error still counts as evidence of the system's spread.
    pub fn conformity_score(&self) -> f64 {
        let r = self.log_error();
        let e = self.extra();
        let above_ceiling = self.next_ceiling.is_some_and(|c| self.measured > c.max(self.predicted) * (1.0 + 1e-9));
        if above_ceiling {
            return r.abs();
        }
        let side = if r < 0.0 { e.down } else { e.up };
        (r * r - side * side).max(0.0).sqrt()
    }
    /// The measured value lies inside the stated interval.
    pub fn inside_interval(&self) -> bool {
        self.measured >= self.low * (1.0 - 1e-9) && self.measured <= self.high * (1.0 + 1e-9)
    }
    /// Predicted within ±20 % of the measured value.
    pub fn within_20pct(&self) -> bool {
        ((self.predicted - self.measured) / self.measured).abs() <= 0.2
    }
    /// A lower-bound run predicted below 90 % of the rate it reached.
    pub fn under_predicted(&self) -> bool {
        self.lower_bound && self.predicted < 0.9 * self.measured
    }
    /// Counts against the model: a saturated run outside its interval, or an
    /// under-predicted lower bound.
    pub fn is_miss(&self) -> bool {
        if self.lower_bound { self.under_predicted() } else { !self.inside_interval() }
    }
}

/// Summary over a set of held-out runs. In JSON (`/api/v1/model`, `mqplan validate
/// --json`, the fit cache) the median error and the three shares are `null` where
/// `runs` is 0 — not applicable, not 0 % (a JSON client could not tell the two
/// apart); in Rust they are 0 there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "RowJson", from = "RowJson")]
pub struct ValidationRow {
    /// `kafka`, `pulsar`, … or `all`, or a source id.
    pub scope: String,
    /// Saturated runs predicted.
    pub runs: usize,
    /// Distinct sources those runs come from: the units held out (a source with all
    /// its systems), so what the coverage is exchangeable over (absent in caches
    /// made before it: 0).
    pub sources: usize,
    /// Median |ln(measured / predicted)| (0 when `runs` is 0; JSON `null`).
    pub median_abs_log_error: f64,
    /// Share of runs with |predicted − measured| ≤ 20 % of measured (0 when `runs`
    /// is 0; JSON `null`).
    pub within_20pct: f64,
    /// Share within a factor of two (0 when `runs` is 0; JSON `null`).
    pub within_2x: f64,
    /// Share of measured values inside the stated interval (0 when `runs` is 0: not
    /// applicable, as `median_abs_log_error` and the other shares then are; JSON
    /// `null`).
    pub coverage: f64,
    /// [`ValidationRow::coverage_range`], as served (`/api/v1/model`); None without
    /// saturated runs (absent in caches made before it).
    pub coverage_range_90: Option<(f64, f64)>,
    /// Lower-bound runs checked.
    pub lower_bound_runs: usize,
    /// Lower-bound runs predicted below 90 % of the rate they reached.
    pub lower_bound_under_10pct: usize,
    /// Smallest predicted ÷ reached over lower-bound runs (1 = none under-predicted).
    pub worst_lower_bound_ratio: f64,
    /// Saturated runs whose system had no fit without their source.
    pub unpredictable: usize,
}

/// [`ValidationRow`] as JSON carries it: the figures over saturated runs are `null`
/// without any (a cache written before stop 27 holds 0 there, read the same).
#[derive(Serialize, Deserialize)]
struct RowJson {
    scope: String,
    runs: usize,
    #[serde(default)]
    sources: usize,
    median_abs_log_error: Option<f64>,
    within_20pct: Option<f64>,
    within_2x: Option<f64>,
    coverage: Option<f64>,
    #[serde(default)]
    coverage_range_90: Option<(f64, f64)>,
    lower_bound_runs: usize,
    lower_bound_under_10pct: usize,
    worst_lower_bound_ratio: f64,
    unpredictable: usize,
}

impl From<ValidationRow> for RowJson {
    fn from(r: ValidationRow) -> Self {
        let over_runs = |x: f64| (r.runs > 0).then_some(x);
        RowJson {
            median_abs_log_error: over_runs(r.median_abs_log_error),
            within_20pct: over_runs(r.within_20pct),
            within_2x: over_runs(r.within_2x),
            coverage: over_runs(r.coverage),
            scope: r.scope,
            runs: r.runs,
            sources: r.sources,
            coverage_range_90: r.coverage_range_90,
            lower_bound_runs: r.lower_bound_runs,
            lower_bound_under_10pct: r.lower_bound_under_10pct,
            worst_lower_bound_ratio: r.worst_lower_bound_ratio,
            unpredictable: r.unpredictable,
        }
    }
}

impl From<RowJson> for ValidationRow {
    fn from(r: RowJson) -> Self {
        ValidationRow {
            scope: r.scope,
            runs: r.runs,
            sources: r.sources,
            median_abs_log_error: r.median_abs_log_error.unwrap_or(0.0),
            within_20pct: r.within_20pct.unwrap_or(0.0),
            within_2x: r.within_2x.unwrap_or(0.0),
            coverage: r.coverage.unwrap_or(0.0),
            coverage_range_90: r.coverage_range_90,
            lower_bound_runs: r.lower_bound_runs,
            lower_bound_under_10pct: r.lower_bound_under_10pct,
            worst_lower_bound_ratio: r.worst_lower_bound_ratio,
            unpredictable: r.unpredictable,
        }
    }
}

/// The z of a two-sided 90 % normal interval, for [`ValidationRow::coverage_range`].
const Z_90: f64 = 1.644_853_626_951_472;

impl ValidationRow {
    /// The 90 % Wilson score interval of the coverage share, given the runs it rests
    /// on: how far from the stated level a coverage this thin can land by chance
    /// (14 of 16 covered, 88 %: 68–96 %, so an 80 % interval fits it). None without
    /// saturated runs.
    pub fn coverage_range(&self) -> Option<(f64, f64)> {
        if self.runs == 0 {
            return None;
        }
        let n = self.runs as f64;
        let p = self.coverage;
        let z2 = Z_90 * Z_90;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z_90 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        Some(((centre - half).max(0.0), (centre + half).min(1.0)))
    }
}

/// The whole validation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Validation {
    /// Stated interval coverage.
    pub level: f64,
    /// Every held-out prediction.
    pub points: Vec<ValidationPoint>,
    /// Per system, then `all`.
    pub by_system: Vec<ValidationRow>,
    /// Per held-out source.
    pub by_source: Vec<ValidationRow>,
    /// Per [`Ground`] over every system (scope: its label), each calibrated on its own.
    #[serde(default)]
    pub by_ground: Vec<ValidationRow>,
}

impl Validation {
    /// Held-out saturated residuals (ln measured/predicted) on `ground` with weights
    /// (1 / runs of their source and system there), for one system or all.
    pub fn residuals(&self, system: Option<SystemId>, ground: Ground) -> Residuals {
        residuals_of(&self.points, system, ground, None)
    }
    /// The summary row of `scope` (`kafka`, …, `all`).
    pub fn row(&self, scope: &str) -> Option<&ValidationRow> {
        self.by_system.iter().find(|r| r.scope == scope)
    }
}

fn residuals_of(points: &[ValidationPoint], system: Option<SystemId>, ground: Ground, except: Option<&str>) -> Residuals {
    let sel: Vec<&ValidationPoint> = points
        .iter()
        .filter(|p| !p.lower_bound && p.ground == ground && system.is_none_or(|s| p.system == s) && except.is_none_or(|x| p.source != x))
        .collect();
    let errors = sel
        .iter()
        .map(|p| {
            let n = sel.iter().filter(|q| q.source == p.source && q.system == p.system).count() as f64;
            (p.conformity_score(), 1.0 / n)
        })
        .collect();
    Residuals { errors, sources: crate::order::distinct_count(sel.iter().map(|p| p.source.as_str())) }
}

/// Runs the validation of `spec` over `evidence`.
pub fn leave_one_source_out(spec: &ThroughputSpec, evidence: &[Evidence]) -> Validation {
    let asm = &spec.assumptions;
    let mut sources: Vec<String> = evidence.iter().map(|e| e.origin.key().to_string()).collect();
    crate::order::sort_by(&mut sources, |a, b| a.cmp(b));
    sources.dedup();
    // Pass 1: point predictions from folds without each source.
    let mut points = Vec::new();
    let mut unpredictable: Vec<(SystemId, String)> = Vec::new();
    for held in &sources {
        let train: Vec<Evidence> = evidence.iter().filter(|e| e.origin.key() != held).cloned().collect();
        let fold = spec.fit_point(&train).ok();
        for u in usable(evidence, asm).into_iter().filter(|u| u.evidence.origin.key() == held) {
            let Some((p, extra, next_ceiling, ground)) = fold.as_ref().and_then(|m| {
                let s = m.system(u.cluster.system)?;
                let b = m.bounds(s, &u.cluster);
                Some((b.binding(), super::extra_log_width(s, &u.cluster, &b), b.next_ceiling().map(|c| c.1), Ground::of(&b)))
            }) else {
                if !u.lower_bound {
                    unpredictable.push((u.cluster.system, held.clone()));
                }
                continue;
            };
            points.push(ValidationPoint {
                system: u.cluster.system,
                source: held.clone(),
                run: u.evidence.run_id.clone(),
                measured: u.measured,
                predicted: p.1,
                low: p.1,
                high: p.1,
                lower_bound: u.lower_bound,
                bound: p.0,
                ground,
                extra_log_width: extra.down,
                extra_log_width_up: (extra.up != extra.down).then_some(extra.up),
                next_ceiling,
            });
        }
    }
    // Pass 2: each held-out run's interval from the other sources' residuals on the
    // same ground.
    let widths: Vec<super::Widening> = points
        .iter()
        .map(|p| {
            let k = calibrate_on(p.system, p.ground, |sys, g| residuals_of(&points, sys, g, Some(&p.source)), spec.level).log_half_width;
            p.extra().around(k)
        })
        .collect();
    for (p, w) in points.iter_mut().zip(widths) {
        p.low = p.predicted * (-w.down).exp();
        p.high = super::interval_high(p.predicted, w.up, p.next_ceiling);
    }
    let mut by_system: Vec<ValidationRow> = SystemId::ALL
        .into_iter()
        .map(|s| summarise(s.id(), points.iter().filter(|p| p.system == s), unpredictable.iter().filter(|u| u.0 == s).count()))
        .collect();
    by_system.push(summarise("all", points.iter(), unpredictable.len()));
    let by_source = sources
        .iter()
        .map(|src| summarise(src, points.iter().filter(|p| &p.source == src), unpredictable.iter().filter(|u| &u.1 == src).count()))
        .collect();
    let by_ground = Ground::ALL.into_iter().map(|g| summarise(g.label(), points.iter().filter(|p| p.ground == g), 0)).collect();
    Validation { level: spec.level, points, by_system, by_source, by_ground }
}

fn summarise<'a>(scope: &str, pts: impl Iterator<Item = &'a ValidationPoint>, unpredictable: usize) -> ValidationRow {
    let pts: Vec<&ValidationPoint> = pts.collect();
    let sat: Vec<&&ValidationPoint> = pts.iter().filter(|p| !p.lower_bound).collect();
    let lb: Vec<&&ValidationPoint> = pts.iter().filter(|p| p.lower_bound).collect();
    let n = sat.len() as f64;
    let share = |f: &dyn Fn(&ValidationPoint) -> bool| if sat.is_empty() { 0.0 } else { sat.iter().filter(|p| f(p)).count() as f64 / n };
    let mut row = ValidationRow {
        scope: scope.to_string(),
        runs: sat.len(),
        sources: crate::order::distinct_count(sat.iter().map(|p| p.source.as_str())),
        median_abs_log_error: crate::fit::median(sat.iter().map(|p| p.log_error().abs()).collect()).unwrap_or(0.0),
        within_20pct: share(&|p| p.within_20pct()),
        within_2x: share(&|p| p.log_error().abs() <= std::f64::consts::LN_2),
        coverage: share(&|p| p.inside_interval()),
        lower_bound_runs: lb.len(),
        lower_bound_under_10pct: lb.iter().filter(|p| p.under_predicted()).count(),
        worst_lower_bound_ratio: lb.iter().map(|p| p.predicted / p.measured).fold(1.0, f64::min),
        unpredictable,
        coverage_range_90: None,
    };
    row.coverage_range_90 = row.coverage_range();
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(runs: usize, coverage: f64) -> ValidationRow {
        ValidationRow { scope: "x".into(), runs, sources: 1, median_abs_log_error: 0.0, within_20pct: 0.0, within_2x: 0.0, coverage, coverage_range_90: None, lower_bound_runs: 0, lower_bound_under_10pct: 0, worst_lower_bound_ratio: 1.0, unpredictable: 0 }
    }

    /// A row over no saturated runs writes its median error and shares as JSON null
    /// (not applicable, not 0 %), and reads back — as does a cache that wrote 0.
    #[test]
    fn shares_over_no_runs_are_null_in_json() {
        let empty = row(0, 0.0);
        let v = serde_json::to_value(&empty).expect("json");
        for k in ["median_abs_log_error", "within_20pct", "within_2x", "coverage"] {
            assert!(v[k].is_null(), "{k}: {}", v[k]);
        }
        assert_eq!(serde_json::from_value::<ValidationRow>(v).expect("reads"), empty);
        let some = row(16, 14.0 / 16.0);
        let v = serde_json::to_value(&some).expect("json");
        assert_eq!(v["coverage"].as_f64(), Some(0.875));
        assert_eq!(serde_json::from_value::<ValidationRow>(v).expect("reads"), some);
        let old = r#"{"scope":"pravega","runs":0,"median_abs_log_error":0.0,"within_20pct":0.0,"within_2x":0.0,"coverage":0.0,"lower_bound_runs":0,"lower_bound_under_10pct":0,"worst_lower_bound_ratio":1.0,"unpredictable":0}"#;
        assert_eq!(serde_json::from_str::<ValidationRow>(old).expect("an old cache reads"), ValidationRow { scope: "pravega".into(), sources: 0, ..row(0, 0.0) });
    }

    /// Wilson's score interval by hand (z = 1.6449): 14 of 16 → centre 0.8208,
    /// half-width 0.1370, so 0.684–0.958; 0 of 4 → 0–0.404; none → None.
    #[test]
    fn coverage_range_is_wilsons_90_percent_interval() {
        let (lo, hi) = row(16, 14.0 / 16.0).coverage_range().expect("runs");
        assert!((lo - 0.684).abs() < 1e-3 && (hi - 0.958).abs() < 1e-3, "{lo}–{hi}");
        let (lo, hi) = row(4, 0.0).coverage_range().expect("runs");
        assert!(lo == 0.0 && (hi - 0.4035).abs() < 1e-3, "{lo}–{hi}");
        assert_eq!(row(0, 0.0).coverage_range(), None);
    }

    fn point(measured: f64, predicted: f64, down: f64, up: f64, next_ceiling: Option<f64>) -> ValidationPoint {
        let (system, bound, ground) = (SystemId::Kafka, Resource::Cpu, Ground::Model);
        ValidationPoint { measured, predicted, extra_log_width: down, extra_log_width_up: Some(up), next_ceiling, system, bound, ground, source: String::new(), run: String::new(), low: 0.0, high: 0.0, lower_bound: false }
    }

    /// The score is the smallest base whose interval (base ⊕ the run's widening, in
    /// quadrature; high end stopped at the ceiling) holds the measured value: built
    /// with that base, the interval reaches it exactly.
    #[test]
    fn the_conformity_score_is_the_base_that_just_covers_the_run() {
        // 0.5× predicted, widened 0.3 below: √(ln² 2 − 0.3²) = 0.6249.
        let p = point(50.0, 100.0, 0.3, 0.1, None);
        let s = p.conformity_score();
        assert!((s - (2f64.ln().powi(2) - 0.09).sqrt()).abs() < 1e-12, "{s}");
        let w = p.extra().around(s);
        assert!((p.predicted * (-w.down).exp() - p.measured).abs() < 1e-9);
        // Above the prediction the upward widening counts: 1.5×, widened 0.1 up.
        let s = point(150.0, 100.0, 0.3, 0.1, None).conformity_score();
        assert!((s - (1.5f64.ln().powi(2) - 0.01).sqrt()).abs() < 1e-12, "{s}");
        // Its own widening alone covers it: no base needed.
        assert_eq!(point(90.0, 100.0, 0.3, 0.3, None).conformity_score(), 0.0);
        // Above a ceiling no base reaches: its whole |ln error| stays as evidence.
        let s = point(150.0, 100.0, 0.3, 0.9, Some(120.0)).conformity_score();
        assert!((s - 1.5f64.ln()).abs() < 1e-12, "{s}");
        // Below the ceiling the ceiling does not matter.
        let s = point(110.0, 100.0, 0.0, 0.0, Some(120.0)).conformity_score();
        assert!((s - 1.1f64.ln()).abs() < 1e-12, "{s}");
    }
}
