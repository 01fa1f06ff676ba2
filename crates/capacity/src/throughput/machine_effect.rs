//! Machine-class effects: where the corpus measured a system's CPU-bound throughput
//! on a machine class (an instance type, or a source's own machine), a prediction
//! on that class is rescaled by how far the pooled fit sits from those runs — the
//! geometric mean of measured ÷ predicted over the class's saturated, CPU-bound runs
//! at baseline durability, each source weighing the same. The pooled fit is a
//! compromise between sources whose per-message cost differs up to 5× at 100 B
//! (client batching, versions); on a measured class a plan then rests on what was
//! measured there (issue 7: "a user on that machine plans on measured ground"), and
//! a held-out source on a class others measured is predicted with their effect.

use serde::{Deserialize, Serialize};

use super::cpu::FitInput;
use super::{FitRun, Resource};
use crate::corpus::Machine;

/// One machine class's effect on one system's CPU bound.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MachineEffect {
    /// The class ([`class_key`]): the cloud instance type, else the source's machine id.
    pub class: String,
    /// Multiplier on the CPU bound: exp of the source-weighted mean ln(measured ÷ predicted).
    pub factor: f64,
    /// The runs it rests on, `source#run`.
    pub runs: Vec<String>,
    /// [`MachineEffect::note`], built on first use (a plan on this class says it every
    /// time; never serialized).
    #[serde(skip)]
    pub(crate) note: crate::memo::Memo<String>,
}

impl MachineEffect {
    /// What a plan on this class says of it: the factor, the runs and sources it rests
    /// on, and that the interval is not narrowed for it. Plans put the system's name
    /// before it ("Kafka: the CPU bound × …"), so it does not name it again.
    pub fn note(&self) -> &str {
        self.note.get_or_init(|| {
            format!(
                "the CPU bound × {:.3} on this machine class ({}): measured ÷ fitted over the saturated CPU-bound runs measured there ({} by {}: {}), so the plan rests on what was measured on this machine; its interval is not narrowed for it: held out, a class's effect carried poorly to other message sizes (README, the throughput model)",
                crate::units::Dec(self.factor),
                self.class,
                self.runs.len(),
                super::sources_words(self.sources()),
                self.runs.join(", ")
            )
        })
    }

    /// Distinct sources among its runs (`source#run` ids).
    pub fn sources(&self) -> usize {
        crate::order::distinct_count(self.runs.iter().map(|r| r.split('#').next().unwrap_or(r)))
    }
}

/// The class a corpus machine belongs to: its instance type when it has one (the
/// same i3en.2xlarge in three sources is one class), else its own id.
pub fn class_key(m: &Machine) -> String {
    m.instance.clone().unwrap_or_else(|| m.id.clone())
}

/// The effects of every class with at least one saturated, CPU-bound, baseline run
/// among `inputs` (their in-sample predictions in `runs`, same order).
pub fn fit_machine_effects(inputs: &[FitInput<'_>], runs: &[FitRun]) -> Vec<MachineEffect> {
    // (class, source, ln ratio, run id)
    let used: Vec<(String, &str, f64, String)> = inputs
        .iter()
        .zip(runs)
        .filter(|(i, r)| !i.lower_bound && r.bound == Resource::Cpu && i.cluster.deviations.is_empty() && r.predicted > 0.0 && r.measured > 0.0)
        .map(|(i, r)| (class_key(&i.evidence.machine), i.evidence.origin.key(), (r.measured / r.predicted).ln(), format!("{}#{}", r.source, r.run)))
        .collect();
    let mut classes: Vec<&str> = used.iter().map(|u| u.0.as_str()).collect();
    crate::order::sort_by(&mut classes, |a, b| a.cmp(b));
    classes.dedup();
    classes
        .into_iter()
        .map(|class| {
            let mine: Vec<&(String, &str, f64, String)> = used.iter().filter(|u| u.0 == class).collect();
            let (sum, weight) = mine.iter().fold((0.0, 0.0), |(s, w), u| {
                let n = mine.iter().filter(|v| v.1 == u.1).count() as f64;
                (s + u.2 / n, w + 1.0 / n)
            });
            MachineEffect { class: class.to_string(), factor: (sum / weight).exp(), runs: mine.iter().map(|u| u.3.clone()).collect(), note: crate::memo::Memo::default() }
        })
        .collect()
}
