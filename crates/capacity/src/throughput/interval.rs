//! Prediction intervals calibrated from leave-one-source-out residuals: the
//! half-width (in log space: throughput errors are multiplicative) is the `level`
//! quantile, over held-out saturated runs of the system, of the base each run needed
//! to be covered: its |ln(measured / predicted)| less, in quadrature, the widening
//! its own prediction carried (size, durability, read cost, hardware distance; see
//! [`super::ValidationPoint::conformity_score`]). A prediction's interval is that
//! base and its own widening in quadrature, so the quantile is of the score the
//! interval is built from. Each source's runs weigh the same, as in the fit.
//!
//! The residuals are split by what set the prediction ([`Ground`]: stated disks or
//! NIC, the fitted CPU cost or partition ceiling, assumed disks or NIC), and each part
//! calibrates its own interval (Mondrian conformal prediction: a split-conformal
//! quantile within each category, so each covers its level on its own). A run
//! whose stated disks or NIC set the prediction errs only where write
//! amplification, replication or partition placement do (te Wierik's disk-bound
//! runs: within 4 %), one the fitted CPU cost set errs as far as the sources
//! disagree on it (up to 5× at 100 B): one quantile over both was too wide for the
//! first (covered 100 %) and drawn from the wrong runs for the second — the CPU
//! bound a plan sizes on was calibrated mostly on disk-bound runs.

use serde::{Deserialize, Serialize};

use crate::system::SystemId;

/// The stated coverage of every interval.
pub const DEFAULT_LEVEL: f64 = 0.8;

/// Half-width when a system has too few held-out residuals (±2×): wide on purpose.
pub const FALLBACK_LOG_HALF_WIDTH: f64 = std::f64::consts::LN_2;

/// Held-out residuals needed to calibrate on a system's own runs.
pub const MIN_RESIDUALS: usize = 5;

/// What set a prediction, as its interval is calibrated: the hardware as stated, the
/// model's own fitted figures, or hardware that was assumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    /// A disk or NIC bound whose figures were stated (by the source, the preset or
    /// the user) set the prediction.
    StatedHardware,
    /// The fitted CPU cost or the fitted per-partition ceiling set it. Also what a
    /// plan's CPU bound is sized with.
    #[default]
    Model,
    /// A disk or NIC bound whose figures were assumed (not stated) set it. Apart from
    /// the model ground since stop 25: seed 000's 1 KB Pulsar run, predicted on an
    /// assumed 10 GbE NIC 8.6× over, had set the width of Pulsar's CPU interval.
    AssumedHardware,
}

impl Ground {
    /// All three, in the order they are listed.
    pub const ALL: [Ground; 3] = [Ground::Model, Ground::StatedHardware, Ground::AssumedHardware];

    /// The ground of a prediction whose bounds are `b`.
    pub fn of(b: &super::Bounds) -> Ground {
        match b.binding().0 {
            super::Resource::Disk if b.disk_stated => Ground::StatedHardware,
            super::Resource::Nic if b.nic_stated => Ground::StatedHardware,
            super::Resource::Disk | super::Resource::Nic => Ground::AssumedHardware,
            _ => Ground::Model,
        }
    }

    /// Short words: `stated hardware` / `model` / `assumed hardware`.
    pub fn label(self) -> &'static str {
        match self {
            Ground::StatedHardware => "stated hardware",
            Ground::Model => "model",
            Ground::AssumedHardware => "assumed hardware",
        }
    }

    /// What it means, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            Ground::StatedHardware => "set by disks or a NIC whose figures were stated",
            Ground::Model => "set by the fitted CPU cost or a fitted per-partition ceiling",
            Ground::AssumedHardware => "set by disks or a NIC whose figures were assumed",
        }
    }
}

/// Calibrates `system`'s interval on `ground` from `residuals(system or all, ground)`.
/// A ground no held-out run of any system was predicted on takes the model ground's
/// interval, saying so: assumed hardware with no evidence of its own is at least as
/// uncertain as the fitted figures (the ±2× fallback would be narrower than them).
/// Assumed hardware is also never narrower than the model ground: a figure nobody
/// stated is no surer than the fitted ones.
pub fn calibrate_on(system: SystemId, ground: Ground, residuals: impl Fn(Option<SystemId>, Ground) -> Residuals, level: f64) -> Interval {
    let pooled = residuals(None, ground);
    let own = calibrate(system, ground, &residuals(Some(system), ground), &pooled, level);
    let no_runs = pooled.errors.is_empty();
    if ground == Ground::Model || !(no_runs || ground == Ground::AssumedHardware) {
        return own;
    }
    let model = calibrate(system, Ground::Model, &residuals(Some(system), Ground::Model), &residuals(None, Ground::Model), level);
    let why = if no_runs {
        format!("no held-out run was {}", ground.meaning())
    } else if model.log_half_width > own.log_half_width {
        "its own held-out runs give a narrower interval than the fitted figures".to_string()
    } else {
        return own;
    };
    Interval { ground, how: format!("{why}: the model ground's — {}", model.how), ..model }
}

/// One system's interval on one [`Ground`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// System.
    pub system: SystemId,
    /// The predictions it is calibrated for (absent in caches made before the split:
    /// [`Ground::Model`]).
    #[serde(default)]
    pub ground: Ground,
    /// Stated coverage.
    pub level: f64,
    /// Half-width, ln units: the interval is expected × e^(±w).
    pub log_half_width: f64,
    /// Held-out residuals it rests on.
    pub residuals: usize,
    /// How it was obtained.
    pub how: String,
    /// Held-out saturated runs of this system among them (0: the width is borrowed
    /// from other systems' held-out errors).
    #[serde(default)]
    pub own_runs: usize,
    /// Distinct sources the residuals come from: held out a whole source at a time,
    /// these — not the runs — are the units a coverage is exchangeable over, so an
    /// interval on 2 sources is thinner than its runs suggest (absent in caches made
    /// before it: 0).
    #[serde(default)]
    pub sources: usize,
}

impl Interval {
    /// Whether its width was taken over other systems' runs too (too few of its own).
    pub fn borrowed(&self) -> bool {
        self.residuals != self.own_runs
    }

    /// The fallback for a system with no calibration.
    pub fn assumed(system: SystemId, ground: Ground) -> Interval {
        Interval {
            system,
            ground,
            level: DEFAULT_LEVEL,
            log_half_width: FALLBACK_LOG_HALF_WIDTH,
            residuals: 0,
            how: "not calibrated (too few held-out runs): ±2× assumed".into(),
            own_runs: 0,
            sources: 0,
        }
    }
}

/// The weighted `level` quantile of |r| over (residual, weight) pairs, with the
/// split-conformal finite-sample correction: the run being predicted counts as one
/// more residual of unknown size (weight: the mean weight, mass at +∞), so with n
/// equal weights the answer is the ⌈(n + 1)·level⌉-th smallest |r| — an interval
/// that covers at least `level` of new runs exchangeable with these, where the
/// plain quantile covers less on few runs (5 runs at 80 %: the largest, not the 4th).
/// Where that rank passes the last residual the largest is returned. None when empty.
pub fn weighted_abs_quantile(res: &[(f64, f64)], level: f64) -> Option<f64> {
    if res.is_empty() {
        return None;
    }
    let mut v: Vec<(f64, f64)> = res.iter().map(|(r, w)| (r.abs(), *w)).collect();
    crate::order::sort_by(&mut v, |x, y| x.0.total_cmp(&y.0));
    let total: f64 = v.iter().map(|x| x.1).sum();
    let unseen = total / v.len() as f64;
    let mut acc = 0.0;
    for (r, w) in &v {
        acc += w;
        if acc >= level * (total + unseen) - 1e-12 {
            return Some(*r);
        }
    }
    v.last().map(|x| x.0)
}

/// `1 source` / `4 sources`: a source count in words.
pub fn sources_words(n: usize) -> String {
    if n == 1 { "1 source".to_string() } else { format!("{n} sources") }
}

/// Held-out residuals on one ground: (conformity score, weight) pairs — each run's
/// |ln measured/predicted| less the widening it carried
/// ([`super::ValidationPoint::conformity_score`]) — each
/// source's runs weighing the same ([`super::Validation::residuals`]), and how many
/// distinct sources they come from — the units held out, so what a coverage over
/// them is exchangeable over.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Residuals {
    /// (conformity score, weight) per held-out saturated run: the base half-width
    /// (ln units) that would just have covered it.
    pub errors: Vec<(f64, f64)>,
    /// Distinct held-out sources among them.
    pub sources: usize,
}

/// Calibrates `system`'s interval from held-out residuals on `ground`: its own and
/// every system's (`pooled`).
/// With fewer than [`MIN_RESIDUALS`] own runs, every system's residuals are pooled —
/// but the interval is never narrower than the same quantile of the system's own few
/// residuals: a system measured less must not get a tighter interval than its own
/// held-out errors show (a new user saw RocketMQ's 2 runs give ×/÷ 2.13 beside
/// Kafka's ×/÷ 2.63 from 16).
pub fn calibrate(system: SystemId, ground: Ground, own: &Residuals, pooled: &Residuals, level: f64) -> Interval {
    let q = |set: &Residuals| weighted_abs_quantile(&set.errors, level);
    let pct = level * 100.0;
    let n_own = own.errors.len();
    let (w, residuals, sources, how) = if n_own >= MIN_RESIDUALS {
        (q(own), n_own, own.sources, format!("{pct:.0} % quantile of the error beyond each run's widening over {n_own} held-out runs of this system from {} {}", sources_words(own.sources), ground.meaning()))
    } else {
        match (q(pooled), q(own)) {
            (Some(p), Some(o)) if o > p => (Some(o), n_own, own.sources, format!("{pct:.0} % quantile of this system's own {n_own} held-out run(s) from {} {}, wider than the {pct:.0} % quantile over {} such runs of all systems", sources_words(own.sources), ground.meaning(), pooled.errors.len())),
            (p, _) => (p, pooled.errors.len(), pooled.sources, format!("{pct:.0} % quantile over {} held-out runs of all systems from {} {} ({}: the width is borrowed)", pooled.errors.len(), sources_words(pooled.sources), ground.meaning(), if n_own == 0 { "none of this one".to_string() } else { format!("only {n_own} of this one") })),
        }
    };
    match w {
        Some(w) => Interval { system, ground, level, log_half_width: w.max(0.05), residuals, how, own_runs: n_own, sources },
        None => Interval::assumed(system, ground),
    }
}
