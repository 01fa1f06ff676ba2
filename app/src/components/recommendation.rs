//! The headline: system, machines per role, disk per node, the binding bound,
//! expected latency, storage — each number with its unit and source on hover —
//! beside the nodes-by-bound chart that explains the count.

use capacity::plan::Plan;
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::charts::ChartImg;
use crate::components::num::Num;
use crate::format::{bytes, duration, fmt_num, fmt_sig, pct};

/// The recommendation card for `plan`.
#[component]
pub fn RecommendationCard(
    /// The plan to headline.
    plan: Plan,
    /// Address of the nodes-by-bound chart ([`crate::chart_url::Chart::Bounds`]).
    chart: String,
) -> impl IntoView {
    let best = plan.candidates[0].plan.clone();
    let r = plan.recommendation.clone();
    let bound = best.bounds.iter().find(|b| b.kind == best.bottleneck).cloned();
    let alt = format!("{} nodes by bound: {}", best.system.name(), best.count_words());
    let p99 = match &best.p99 {
        Some(e) => Either::Left(view! { <Num text=e.ms_words() tip=crate::components::candidates::p99_tip(e) /> }),
        None => {
            let why = best.warnings.iter().find(|w| w.kind == "latency").map(|w| w.text.clone()).unwrap_or_else(|| "no p99 recorded for this system".into());
            Either::Right(view! { <Num text="not measured".to_string() tip=why /> })
        }
    };
    let p999 = best.p999_backlog.clone().map(|g| {
        view! {
            <dt>"P99.9 under the outage backlog"</dt>
            <dd><Num text=format!("{}{} ms", if g.cliff { "≥ " } else if g.extrapolated { "≈ " } else { "" }, fmt_num(g.ms)) tip=format!("{} — {}", g.basis, capacity::order::join_distinct(g.points.iter().map(|p| p.citation.as_ref()), "; ")) />
            {g.cliff.then(|| view! { " " <strong class="warn">"past the measured cliff"</strong> })}
            {(g.extrapolated && !g.cliff).then(|| view! { " " <span class="warn">"outside the measured grid: nearest measured cell"</span> })}</dd>
        }
    });
    // Optional facts as (label, number, tip, note): one view type for all of them
    // keeps the bundle small.
    let mut facts: Vec<(&'static str, String, String, String)> = Vec::new();
    let mut after_p99: Vec<(&'static str, String, String, String)> = Vec::new();
    if let Some(r) = &best.nodes_interval {
        facts.push((
            "Machines across the throughput interval",
            if r.at_high_capacity == r.at_low_capacity {
                format!("{} expected; {} at both ends of the {:.0} % interval", capacity::units::Num(f64::from(best.nodes)), capacity::units::Num(f64::from(r.at_low_capacity)), r.level * 100.0)
            } else {
                format!("{} expected; {} to {}{} across the {:.0} % interval", capacity::units::Num(f64::from(best.nodes)), capacity::units::Num(f64::from(r.at_high_capacity)), if r.low_at_cap { "≥ " } else { "" }, capacity::units::Num(f64::from(r.at_low_capacity)), r.level * 100.0)
            },
            format!("machines if each carries as much as the high end of the {:.0} % throughput interval, to its low end; the interval is calibrated on benchmark sources the fit did not see (see /model)", r.level * 100.0),
            String::new(),
        ));
    }
    if best.storage.object_bytes > 0.0 {
        after_p99.push(("Object storage", bytes(best.storage.object_bytes), format!("one logical copy of {} h (the object store replicates it itself); {} h on {}", fmt_num(best.storage.object_bytes / plan.workload.stored_ingress().bytes_per_sec() / 3600.0), fmt_num(best.storage.local_hours), best.storage.location), String::new()));
    }
    if let Some(c) = best.monthly_cost {
        after_p99.push(("Monthly cost", format!("{} per month", fmt_num(c)), "machines × your price per machine (a metadata machine — KRaft controller, ZooKeeper, Pravega controller — at ¼), plus object storage × your price per TB-month and the GB crossing zones × your price per GB".into(), String::new()));
    }
    if let Some(a) = best.partition_advice.as_ref().filter(|a| a.at_least > plan.workload.partitions || a.planned > plan.workload.partitions) {
        after_p99.push(("Partitions", format!("at least {} advised (the plan assumed {})", capacity::units::Num(f64::from(a.at_least)), capacity::units::Num(f64::from(a.planned))), a.reasons.join("; "), String::new()));
    }
    if best.cross_zone_mbps > 0.0 {
        after_p99.push(("Cross-zone traffic", format!("{} MB/s", fmt_num(best.cross_zone_mbps)), format!("over {} zones: follower copies placed in other zones plus producers and consumers reaching leaders elsewhere (no follower fetching)", plan.workload.zones), String::new()));
    }
    if let Some(d) = &best.drain {
        after_p99.push((
            "Backlog drain after the outage",
            duration(d.seconds),
            format!("{}; sources: {}", d.detail, capacity::order::join_distinct(d.points.iter().map(|p| p.citation.as_ref()), "; ")),
            d.at_low_words(),
        ));
    }
    let show = |v: Vec<(&'static str, String, String, String)>| {
        v.into_iter().map(|(dt, text, tip, note)| view! { <dt>{dt}</dt><dd><Num text=format!("{text}{note}") tip=tip /></dd> }).collect_view()
    };
    let facts = show(facts);
    let after_p99 = show(after_p99);
    let ops = best.ops.clone();
    let ops_tip = capacity::order::join_distinct(ops.points.iter().map(|p| p.citation.as_ref()), "; ");
    view! {
        <section class="card recommendation" aria-labelledby="rec-h">
            <div class="rec-text">
                <h2 id="rec-h">"Run "<span class="system" data-system=r.system.id()>{r.system.name()}</span>" on "
                    <Num text=format!("{} machines", capacity::units::Num(f64::from(r.nodes))) tip=format!("{}; plus supporting roles", best.count_words()) /></h2>
                {plan.warnings.iter().filter(|w| matches!(w.kind.as_str(), "constraint" | "data_loss" | "disk_short" | "infeasible" | "wide_interval")).map(|w| view! { <p class="alert" role="note">{w.text.clone()}</p> }).collect_view()}
                <div class="scroll"><table class="roles">
                    <caption>"Machines by role"</caption>
                    <thead><tr><th scope="col">"Role"</th><th scope="col">"Machines"</th><th scope="col">"Processes"</th><th scope="col">"Why"</th></tr></thead>
                    <tbody>
                        {r.roles.iter().map(|x| view! { <tr><th scope="row">{x.role.clone()}</th><td>{x.machines}</td><td>{x.processes}</td><td>{x.note.clone()}</td></tr> }).collect_view()}
                    </tbody>
                </table></div>
                <dl class="facts">
                    {facts}
                    <dt>"Bottleneck"</dt>
                    <dd><strong class="bottleneck">{best.bottleneck.label()}</strong>{bound.map(|b| view! { " — " <Num text=if b.nodes.is_finite() { format!("{} nodes", capacity::units::Num(b.nodes)) } else { "no cluster size suffices".into() } tip=format!("{} [{}]", b.detail, b.citation) /> })}</dd>
                    <dt>"Disk per data node"</dt>
                    <dd><Num text=format!("{} GB", fmt_num(r.disk_per_node_gb)) tip=format!("raw disk ÷ the data nodes holding it after one is lost for good: n − 1 where its copies can be re-made, n where not (n = RF, RocketMQ groups); {}", best.storage.location) /></dd>
                    <dt>"Retained / provisioned"</dt>
                    // All of it in object storage (Pravega) reads so, not "0 MB / 0 MB / raw 0 MB" (a
                    // stop-37 reviewer): one text, so no second view branch in the bundle.
                    <dd><Num text={if plan.storage.retained_bytes <= 0.0 && best.storage.object_bytes > 0.0 { format!("none on the nodes ({}): all in object storage", best.storage.location) } else { format!("{} / {} / raw {}", bytes(plan.storage.retained_bytes), bytes(plan.storage.provisioned_bytes), bytes(plan.storage.raw_disk_bytes)) }}
                        tip="retained: produce rate × retention × RF; provisioned: +20 % head-room; raw: provisioned ÷ 70 % maximum fill (seed 003 §5.2 alerts at 60–70 %)" /></dd>
                    <dt>"Expected p99"</dt>
                    <dd>{p99}</dd>
                    {p999}
                    {after_p99}
                    <dt>"Utilisation at peak"</dt>
                    <dd>"CPU " <Num text=pct(best.utilisation.cpu) tip="core-seconds needed ÷ cores of the machines carrying them (Pulsar, Pravega: the busier role's)" />
                        ", disk " <Num text=pct(best.utilisation.disk) tip="bytes written ÷ disk write bandwidth (Pulsar, Pravega: the bookies')" />
                        ", NIC " <Num text=pct(best.utilisation.network) tip="busier NIC direction ÷ NIC speed (Pulsar, Pravega: the busier role's)" />
                        ", fill " <Num text=pct(best.utilisation.disk_fill) tip="provisioned bytes ÷ raw disk" /></dd>
                    <dt>"Produce capacity"</dt>
                    <dd><Num text=format!("≈ {} msg/s", fmt_sig(best.capacity_msgs)) tip=format!("the smallest of the CPU, disk and NIC bounds of the planned data nodes at 100 %, 2 significant figures; {}", if best.nodes_interval.is_some() { "corpus model fitted on every recorded benchmark source (see /model)".to_string() } else { format!("the size fit rests on {} measured point(s)", best.fit_points) }) /></dd>
                    {ops.processes.map(|(lo, hi)| view! { <dt>"Operations burden"</dt><dd><Num text=if lo == hi { format!("{} processes in a minimal cluster", fmt_num(lo)) } else { format!("{}–{} processes in a minimal cluster", fmt_num(lo), fmt_num(hi)) } tip=format!("seed 000's 3-machine cluster, a measure of how many components to run, not of this plan's size; {ops_tip}") />
                        {ops.person_days.map(|d| view! { ", " <Num text=format!("{} person-days to first deployment", fmt_num(d)) tip="seed 000 §6.4" /> })}</dd> })}
                </dl>
                {(!plan.warnings.is_empty()).then(|| view! {
                    <div class="warnings">
                        <h3>"Caveats"</h3>
                        <ul>{plan.warnings.iter().map(|w| view! { <li data-kind=w.kind.clone()>{w.text.clone()}</li> }).collect_view()}</ul>
                    </div>
                })}
                <details class="points">
                    <summary>{format!("Measured points this rests on ({})", best.points.len())}</summary>
                    <ul>{best.points.iter().map(|p| view! { <li><code>{p.id.clone()}</code>": "{p.summary.clone()}" — "<cite>{p.citation.clone()}</cite></li> }).collect_view()}</ul>
                </details>
            </div>
            <figure class="chart bounds">
                <ChartImg src=chart alt=alt />
                <figcaption><strong>{format!("{}: data nodes needed by each bound. ", best.system.name())}</strong>"The dark bar sets the count; the line is the plan, with its head-room (none when the quorum minimum sets it)."</figcaption>
            </figure>
        </section>
    }
}
