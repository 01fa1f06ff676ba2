//! The selection decision tree: seed 000 §8.3 as data, extended with seed 001's
//! partition cliffs, seed 004's Pravega traits and the feature matrix.
//! Evaluating it yields the path taken and, per candidate, why it was kept or dropped.

use serde::{Deserialize, Serialize};

use crate::features::{FeatureMatrix, Level};
use crate::sizing::SystemPlan;
use crate::system::{Durability, Feature, MessageKind, SystemId, Team};
use crate::units::fmt_num;
use crate::workload::Workload;

/// One question of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Question {
    /// Stable id.
    pub id: &'static str,
    /// The question in plain words.
    pub text: &'static str,
    /// Source.
    pub citation: &'static str,
}

/// The tree's questions in evaluation order. Filters first (they drop candidates),
/// then preferences (they pick among the survivors); the last preference that
/// applies wins, as in the seed's step-by-step reading.
pub const TREE: &[Question] = &[
    Question { id: "features", text: "Does every candidate have the must-have features?", citation: "000 §7.1 feature matrix; data/features.yaml" },
    Question { id: "team", text: "Is there a dedicated middleware team to run a BookKeeper-based system?", citation: "000 §6.5, §8.3 step 2 (no team → avoid Pulsar); 004 §2.1 (Pravega also runs BookKeeper)" },
    Question { id: "latency", text: "Does the expected p99 meet the latency objective?", citation: "000 §4 (steady and high-load P99)" },
    Question { id: "kind", text: "Are the messages data (logs, tracking, CDC, streams) or business (orders, payments, state changes)?", citation: "000 §8.3 step 1" },
    Question { id: "platform", text: "Is this a shared platform needing tenant isolation, tiered storage or geo-replication?", citation: "000 §8.3 step 2" },
    Question { id: "autoscale", text: "Must streams scale their partitions (segments) automatically with load?", citation: "004 §1 (auto-scaling is unique to Pravega)" },
    Question { id: "recovery", text: "Is recovery time sensitive (a backlog must drain within a deadline)?", citation: "000 §8.3 step 3; §5.5" },
    Question { id: "partitions", text: "Does the partition count approach a system's measured latency cliff?", citation: "001 conclusions (RocketMQ cliff at 2,000; Pulsar steep past 500)" },
    Question { id: "default", text: "Still undecided?", citation: "000 §8.3 (default RocketMQ: most features, lowest latency, light operations)" },
];

/// One step of the path taken.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionStep {
    /// Question id from [`TREE`].
    pub id: String,
    /// The question.
    pub question: String,
    /// The workload's answer.
    pub answer: String,
    /// What followed.
    pub outcome: String,
    /// Source.
    pub citation: String,
}

/// Why a candidate was kept or dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// The system.
    pub system: SystemId,
    /// False when a hard constraint dropped it.
    pub kept: bool,
    /// Reasons in order, each cited.
    pub reasons: Vec<String>,
    /// Hard constraints violated (each missing feature counts once).
    pub violations: u32,
    /// Expected p99 ÷ objective when the objective is missed (0 otherwise).
    pub latency_excess: f64,
}

/// The result of walking the tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The chosen system.
    pub chosen: SystemId,
    /// The path taken.
    pub path: Vec<DecisionStep>,
    /// Per candidate.
    pub verdicts: Vec<Verdict>,
    /// True when every candidate was dropped and the least-bad one was chosen.
    pub relaxed: bool,
}

fn q(id: &str) -> Question {
    TREE.iter().copied().find(|x| x.id == id).unwrap_or(TREE[TREE.len() - 1])
}

fn step(id: &str, answer: impl Into<String>, outcome: impl Into<String>) -> DecisionStep {
    let qq = q(id);
    DecisionStep { id: qq.id.into(), question: qq.text.into(), answer: answer.into(), outcome: outcome.into(), citation: qq.citation.into() }
}

/// Walks the tree for `w` over the sized candidates `plans`.
pub fn decide(w: &Workload, plans: &[SystemPlan], features: &FeatureMatrix) -> Decision {
    let mut verdicts: Vec<Verdict> = plans.iter().map(|p| Verdict { system: p.system, kept: true, reasons: vec![], violations: 0, latency_excess: 0.0 }).collect();
    let mut path = Vec::new();
    let drop = |v: &mut Vec<Verdict>, s: SystemId, why: String, count: u32| {
        if let Some(x) = v.iter_mut().find(|x| x.system == s) {
            x.kept = false;
            x.reasons.push(why);
            x.violations += count;
        }
    };
    let note = |v: &mut Vec<Verdict>, s: SystemId, why: String| {
        if let Some(x) = v.iter_mut().find(|x| x.system == s) {
            x.reasons.push(why);
        }
    };

    // Filter: features.
    if w.needs.is_empty() {
        path.push(step("features", "no must-have features", "all candidates stay"));
    } else {
        let mut dropped = Vec::new();
        for p in plans {
            let missing: Vec<Feature> = w.needs.iter().copied().filter(|f| features.level(p.system, *f) == Level::None).collect();
            let partial: Vec<Feature> = w.needs.iter().copied().filter(|f| features.level(p.system, *f) == Level::Partial).collect();
            if !missing.is_empty() {
                let cites: Vec<String> = missing.iter().filter_map(|f| features.support(p.system, *f).map(|s| s.citation.clone())).collect();
                drop(&mut verdicts, p.system, format!("lacks {} ({})", missing.iter().map(|f| f.label()).collect::<Vec<_>>().join(", "), cites.join("; ")), missing.len() as u32);
                dropped.push(p.system.name());
            } else if !partial.is_empty() {
                note(&mut verdicts, p.system, format!("only partial support for {} (add-on or incomplete)", partial.iter().map(|f| f.label()).collect::<Vec<_>>().join(", ")));
            }
        }
        path.push(step(
            "features",
            w.needs.iter().map(|f| f.label()).collect::<Vec<_>>().join(", "),
            if dropped.is_empty() { "every candidate has them at least partially".to_string() } else { format!("dropped {}", dropped.join(", ")) },
        ));
    }

    // Filter: team.
    if w.team == Team::None {
        for s in [SystemId::Pulsar, SystemId::Pravega] {
            drop(&mut verdicts, s, "needs a dedicated team: ZooKeeper + BookKeeper + brokers/segment stores (000 §6.5: \"can install, can't keep\")".into(), 1);
        }
        path.push(step("team", "no dedicated team", "dropped Pulsar and Pravega"));
    } else {
        path.push(step("team", "dedicated team", "BookKeeper-based systems stay"));
    }

    // Filter: latency objective.
    if let Some(slo) = w.p99_slo {
        let mut dropped = Vec::new();
        for p in plans {
            match &p.p99 {
                Some(e) if e.ms > slo.0 => {
                    drop(&mut verdicts, p.system, format!("expected p99 {} ms exceeds the {} ms objective ({})", fmt_num(e.ms), fmt_num(slo.0), e.points.first().map(|x| x.citation.as_str()).unwrap_or("")), 1);
                    if let Some(x) = verdicts.iter_mut().find(|x| x.system == p.system) {
                        x.latency_excess = e.ms / slo.0;
                    }
                    dropped.push(p.system.name());
                }
                None => {
                    note(&mut verdicts, p.system, "p99 not measured; the objective cannot be checked".into());
                    // Unknown latency ranks last among equally bad candidates.
                    if let Some(x) = verdicts.iter_mut().find(|x| x.system == p.system) {
                        x.latency_excess = f64::INFINITY;
                    }
                }
                _ => {}
            }
        }
        path.push(step("latency", format!("p99 ≤ {} ms", fmt_num(slo.0)), if dropped.is_empty() { "all measured candidates meet it".into() } else { format!("dropped {}", dropped.join(", ")) }));
    } else {
        path.push(step("latency", "no objective given", "not a filter"));
    }

    let kept = |v: &Vec<Verdict>, s: SystemId| v.iter().any(|x| x.system == s && x.kept);
    let mut preferred: Option<(SystemId, bool)> = None; // (system, set by a must-have)

    // Step 1: data or business.
    let business_needs: Vec<Feature> = w.needs.iter().copied().filter(|f| f.is_business()).collect();
    match w.kind {
        MessageKind::Data => {
            preferred = Some((SystemId::Kafka, false));
            path.push(step("kind", "data", "Kafka, no hesitation (unless a later must-have overrides)"));
        }
        MessageKind::Business if !business_needs.is_empty() => {
            preferred = Some((SystemId::Rocketmq, true));
            path.push(step("kind", format!("business, needs {}", business_needs.iter().map(|f| f.id()).collect::<Vec<_>>().join(", ")), "RocketMQ (built-in transactions, delay, trace, retry/DLQ)"));
        }
        MessageKind::Business => path.push(step("kind", "business, reliable pub-sub only", "Kafka also works (accepting self-built extras); keep going")),
    }

    // Step 2: platform.
    let platform: Vec<Feature> = w.needs.iter().copied().filter(|f| f.is_platform()).collect();
    if platform.is_empty() {
        path.push(step("platform", "single-business use", "Kafka / RocketMQ"));
    } else if w.team == Team::Dedicated {
        preferred = Some((SystemId::Pulsar, true));
        path.push(step("platform", format!("shared platform ({}), dedicated team", platform.iter().map(|f| f.id()).collect::<Vec<_>>().join(", ")), "Pulsar"));
    } else {
        path.push(step("platform", format!("shared platform ({}), no dedicated team", platform.iter().map(|f| f.id()).collect::<Vec<_>>().join(", ")), "don't touch Pulsar"));
    }

    // Pravega extension.
    if w.needs.contains(&Feature::Autoscale) {
        preferred = Some((SystemId::Pravega, true));
        path.push(step("autoscale", "yes", "Pravega (segments split and merge with load)"));
    } else {
        let large = w.size.0 >= 10_000.0;
        let durable = w.durability == Durability::Fsync;
        let outcome = if large || durable {
            note(&mut verdicts, SystemId::Pravega, format!(
                "suits {}: 004 §1 measured 350 MB/s with single-digit-ms latency at 10 kB events where Kafka reached 800 ms, and Pravega always acks durably",
                if large { "large events" } else { "flush-before-ack" }
            ));
            "not required; Pravega noted as a good fit for large events / always-durable acks"
        } else {
            "no"
        };
        path.push(step("autoscale", "no", outcome));
    }

    // Step 3: recovery.
    match w.drain_min {
        Some(limit) => {
            if preferred.is_none_or(|(_, must)| !must) && kept(&verdicts, SystemId::Kafka) {
                preferred = Some((SystemId::Kafka, false));
                path.push(step("recovery", format!("drain within {} min", fmt_num(limit)), "Kafka (fastest backlog catch-up: 000 §5.5)"));
            } else {
                path.push(step("recovery", format!("drain within {} min", fmt_num(limit)), "a must-have feature already chose; the drain bound sizes the cluster instead"));
            }
        }
        None => path.push(step("recovery", "not time-critical", "no change")),
    }

    if w.drain_min.is_some() {
        for p in plans.iter().filter(|p| p.drain.is_none()) {
            note(&mut verdicts, p.system, "no catch-up measurement: the drain deadline is not checked".into());
        }
    }

    // Partition cliffs (seed 001): warn on candidates close to theirs.
    let mut near = Vec::new();
    for p in plans {
        if let Some(b) = p.bounds.iter().find(|b| b.kind == crate::sizing::BoundKind::Partitions) {
            if p.bottleneck == crate::sizing::BoundKind::Partitions {
                note(&mut verdicts, p.system, format!("partition count sets its size ({})", b.detail));
                near.push(p.system.name());
            }
        }
    }
    path.push(step("partitions", format!("{} partitions", w.partitions), if near.is_empty() { "no candidate is sized by partitions".into() } else { format!("partitions size {}", near.join(", ")) }));

    // Default.
    if preferred.is_none() {
        preferred = Some((SystemId::Rocketmq, false));
        path.push(step("default", "yes", "RocketMQ"));
    }

    // Resolve: the preferred system if kept, else the kept candidate with the fewest nodes.
    let by_nodes = |v: &Vec<Verdict>| {
        plans.iter().filter(|p| kept(v, p.system)).min_by_key(|p| (p.nodes, p.system)).map(|p| p.system)
    };
    let mut relaxed = false;
    let chosen = match preferred {
        Some((s, _)) if kept(&verdicts, s) => s,
        Some((s, _)) => {
            let alt = by_nodes(&verdicts);
            path.push(step("default", format!("{} was dropped", s.name()), alt.map_or("no candidate left".into(), |a| format!("{}: the kept candidate with the fewest nodes", a.name()))));
            alt.unwrap_or(s)
        }
        None => by_nodes(&verdicts).unwrap_or(SystemId::Kafka),
    };
    let chosen = if kept(&verdicts, chosen) {
        chosen
    } else {
        relaxed = true;
        // Every candidate dropped: fewest violated constraints, then the smallest
        // latency miss, then fewest machines.
        let key = |p: &SystemPlan| {
            let v = verdicts.iter().find(|v| v.system == p.system);
            (v.map_or(0, |v| v.violations), v.map_or(0.0, |v| v.latency_excess), p.nodes)
        };
        let least = plans
            .iter()
            .min_by(|a, b| {
                let (ka, kb) = (key(a), key(b));
                ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1)).then(ka.2.cmp(&kb.2))
            })
            .map_or(chosen, |p| p.system);
        path.push(step("default", "every candidate fails a hard constraint", format!("{}: fewest violations; review them", least.name())));
        least
    };
    for v in &mut verdicts {
        if v.system == chosen {
            v.reasons.insert(0, "recommended".into());
        } else if v.kept {
            let (cn, mine) = (plans.iter().find(|p| p.system == chosen).map_or(0, |p| p.nodes), plans.iter().find(|p| p.system == v.system).map_or(0, |p| p.nodes));
            v.reasons.push(format!("runner-up: the tree chose {} ({} vs {} machines)", chosen.name(), cn, mine));
        }
    }
    Decision { chosen, path, verdicts, relaxed }
}
