//! The plan for one workload: every fitted system sized, the tree walked, the
//! recommendation and the runners-up with their reasons. Its JSON names are a
//! public contract (README "JSON API").

use crate::units::text;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::decision::{decide, DecisionStep};
use crate::sizing::{size_system, BoundKind, Role, SystemPlan, Warning};
use crate::system::SystemId;
use crate::workload::Workload;

/// The headline answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recommendation {
    /// System id.
    pub system: SystemId,
    /// Total machines.
    pub nodes: u32,
    /// Machines and processes per role.
    pub roles: Vec<Role>,
    /// Disk per data node, GB.
    pub disk_per_node_gb: f64,
    /// The bound that set the count.
    pub bottleneck: BoundKind,
    /// Expected p99, ms, when measured.
    pub p99_ms: Option<f64>,
    /// Where the plan's load lies below the lightest load a run measured, the p99 at
    /// that load, ms: what a run shows (`p99_ms` is the curve extrapolated below it).
    /// Absent otherwise ([`crate::latency::LatencyEstimate::at_lightest_load_ms`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p99_at_lightest_load_ms: Option<f64>,
}

/// Storage summary of the recommendation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StorageSummary {
    /// rate × retention × RF, bytes.
    pub retained_bytes: f64,
    /// retained × (1 + head-room), bytes.
    pub provisioned_bytes: f64,
    /// provisioned ÷ max fill, bytes.
    pub raw_disk_bytes: f64,
    /// Where it lives.
    pub location: String,
}

/// One candidate system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// System id.
    pub system: SystemId,
    /// `recommended` | `runner_up` | `dropped`.
    pub status: String,
    /// Why, in order.
    pub reasons: Vec<String>,
    /// Its sizing.
    pub plan: SystemPlan,
}

/// Where a caveat of `kind` stands among a plan's warnings (lower first; the sort is
/// stable, so a rank keeps the order the plan found them in): a relaxed constraint;
/// what was done with the user's data (it is what they came to see); what makes the
/// plan unsafe or changes its count most (data loss, disks too small for the
/// retention, an unfittable machine shape, a hint, an interval too wide to buy on);
/// what the user asked that it answers in part (the objective, zones, the drain,
/// cost); how far it is read past what was measured; then the model's standing
/// assumptions. A stop-34 reviewer found the hint that a 0.107 TB disk set 8,310
/// machines third of ten warnings, a stop-40 tester the caveats in no order.
pub fn caveat_rank(kind: &str) -> u8 {
    match kind {
        "constraint" => 0,
        "calibrated" | "upload_note" | "fit_error" => 1,
        "data_loss" | "disk_short" | "infeasible" | "hint" | "wide_interval" => 2,
        "objective" | "zones" | "drain" | "cost" => 3,
        "extrapolation" | "message_size" | "latency" | "partitions" => 4,
        _ => 5,
    }
}

/// The plan. JSON: `recommendation`, `storage`, `candidates[]`, `decision_path[]`, `warnings[]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The workload planned (echo, with defaults filled in).
    pub workload: Workload,
    /// The headline answer.
    pub recommendation: Recommendation,
    /// Storage of the recommendation.
    pub storage: StorageSummary,
    /// Recommended first, then runners-up by machines, then dropped.
    pub candidates: Vec<Candidate>,
    /// The path through the tree.
    pub decision_path: Vec<DecisionStep>,
    /// Caveats of the recommendation (extrapolation, thin data, assumptions).
    pub warnings: Vec<Warning>,
}

/// Errors planning.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// The catalog has no fitted system.
    #[error("no system could be fitted from the loaded data")]
    EmptyCatalog,
}

/// The hint a storage-bound plan carries when tiered storage would need fewer
/// machines: both counts, what stays local, and how well the system supports it.
fn tiered_hint(system: SystemId, nodes: u32, alt: &SystemPlan, tiered: &Workload, support: &crate::features::Support) -> Warning {
    let level = match support.level {
        crate::features::Level::Native => "built in",
        _ => "partial support",
    };
    Warning {
        kind: "hint".into(),
        text: text!(
            "{}: retention on its disks sets {} machines; with tiered storage keeping {} h on them and one copy in object storage it would be {} ({}; {}): add `tiered` to the must-haves or set local_retention_h to plan it",
            system.name(),
            crate::units::Num(f64::from(nodes)),
            crate::units::Num(tiered.local_retention().0),
            crate::units::Num(f64::from(alt.nodes)),
            level,
            support.citation
        ),
    }
}

/// Plans `w` against `catalog`.
///
/// # Errors
/// [`PlanError::EmptyCatalog`] when no system is fitted.
pub fn plan(catalog: &Catalog, w: &Workload) -> Result<Plan, PlanError> {
    let size = |m: &crate::catalog::SystemModel, w: &Workload| {
        size_system(m, w, catalog.throughput.as_ref().filter(|_| !crate::predict::seed_curve_answers(catalog, m)), catalog.throughput.as_ref().and_then(|t| t.latency.as_ref()))
    };
    let mut plans: Vec<SystemPlan> = catalog.systems.iter().map(|m| size(m, w)).collect();
    // Storage-bound without tiered storage: say what keeping a day on the nodes
    // (the rest, one copy, in object storage) would need, where the system has it.
    if !w.tiered() && w.retention.0 > crate::workload::defaults::LOCAL_RETENTION_H {
        let mut tiered = w.clone();
        tiered.needs.insert(crate::system::Feature::Tiered);
        for (m, p) in catalog.systems.iter().zip(plans.iter_mut()) {
            let support = catalog.features.support(m.system, crate::system::Feature::Tiered).filter(|s| s.level != crate::features::Level::None);
            if let (BoundKind::Storage, Some(support)) = (p.bottleneck, support) {
                let alt = size(m, &tiered);
                if alt.nodes < p.nodes {
                    p.warnings.push(tiered_hint(m.system, p.nodes, &alt, &tiered, support));
                }
            }
        }
    }
    if plans.is_empty() {
        return Err(PlanError::EmptyCatalog);
    }
    let d = decide(w, &plans, &catalog.features);
    let mut candidates: Vec<Candidate> = plans
        .into_iter()
        .map(|p| {
            let v = d.verdicts.iter().find(|v| v.system == p.system);
            let status = if p.system == d.chosen { "recommended" } else if v.is_some_and(|v| v.kept) { "runner_up" } else { "dropped" };
            Candidate { system: p.system, status: status.into(), reasons: v.map(|v| v.reasons.clone()).unwrap_or_default(), plan: p }
        })
        .collect();
    let rank = |c: &Candidate| match c.status.as_str() {
        "recommended" => 0,
        "runner_up" => 1,
        _ => 2,
    };
    crate::order::sort_by_key(&mut candidates, |c| (rank(c), c.plan.nodes, c.system));
    let best = &candidates[0].plan;
    let mut warnings = best.warnings.clone();
    if d.relaxed {
        warnings.insert(0, Warning { kind: "constraint".into(), text: "no candidate meets every hard constraint; the recommendation violates the fewest — see its reasons".into() });
    }
    // What was done with the user's runs concerns every system they measured, not
    // only the recommended one.
    for c in candidates.iter().skip(1) {
        warnings.extend(c.plan.warnings.iter().filter(|w| matches!(w.kind.as_str(), "calibrated" | "upload_note")).cloned());
    }
    // Every latency run was in one zone (or one room): over zones, a write that waits
    // for its copies waits for another zone too, which no run here measured (a stop-40
    // reviewer saw zones=3 leave the p99 as it was).
    if w.zones >= 2 && best.p99.is_some() {
        warnings.push(Warning { kind: "zones".into(), text: text!("{}: the p99 is from runs inside one zone; over {} zones a write also waits for a copy in another, about 1 ms more a round trip in one cloud region (general cloud guidance, unmeasured here); objectives are checked without it", best.system.name(), w.zones) });
    }
    // Ranked by what they change ([`caveat_rank`]).
    crate::order::sort_by_key(&mut warnings, |w| caveat_rank(&w.kind));
    // Inputs that change nothing say so (an adversarial tester typed prices and saw
    // no cost, and no reason).
    if w.node_cost.is_none() && (w.zone_cost.is_some() || w.object_cost.is_some()) {
        warnings.push(Warning { kind: "input".into(), text: "zone_cost and object_cost need node_cost to price a plan".into() });
    }
    if w.node_cost.is_some() && w.zone_cost.is_some() && w.zones <= 1 {
        warnings.push(Warning { kind: "input".into(), text: "zone_cost prices cross-zone traffic, which one zone has none of (zones=2 or more)".into() });
    }
    if let Some(h) = w.local_retention.filter(|h| h.0 >= w.retention.0) {
        warnings.push(Warning { kind: "input".into(), text: text!("local_retention_h ({} h) ≥ retention_h ({} h): tiered storage moves nothing off the nodes", crate::units::Num(h.0), crate::units::Num(w.retention.0)) });
    }
    for (s, why) in &catalog.unfitted {
        warnings.push(Warning { kind: "thin_data".into(), text: text!("{} not planned: {why}", s.name()) });
    }
    Ok(Plan {
        workload: w.clone(),
        recommendation: Recommendation {
            system: best.system,
            nodes: best.nodes,
            roles: best.roles.clone(),
            disk_per_node_gb: best.disk_per_node_gb,
            bottleneck: best.bottleneck,
            p99_ms: best.p99.as_ref().map(|e| e.ms),
            p99_at_lightest_load_ms: best.p99.as_ref().and_then(|e| e.at_lightest_load_ms),
        },
        storage: StorageSummary {
            retained_bytes: best.storage.retained_bytes,
            provisioned_bytes: best.storage.provisioned_bytes,
            raw_disk_bytes: best.storage.raw_disk_bytes,
            location: best.storage.location.clone(),
        },
        candidates,
        decision_path: d.path,
        warnings,
    })
}
