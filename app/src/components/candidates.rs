//! Every candidate side by side: machines, bottleneck, latency, disk, and why it
//! won, lost or was dropped.

use capacity::plan::Plan;
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::charts::ChartImg;
use crate::components::num::Num;
use crate::format::{duration, fmt_num};

/// The comparison table.
#[component]
pub fn Candidates(
    /// The plan whose candidates to compare.
    plan: Plan,
    /// Address of the p99-vs-utilisation chart ([`crate::chart_url::Chart::Latency`]);
    /// None when the catalog has no latency model.
    latency_chart: Option<String>,
) -> impl IntoView {
    // Machines per candidate as plain HTML bars (no drawing code in the bundle).
    let widest = plan.candidates.iter().map(|c| c.plan.nodes).max().unwrap_or(1).max(1);
    let bars = plan
        .candidates
        .iter()
        .map(|c| {
            let p = &c.plan;
            let drain = p.drain.as_ref().map_or_else(|| "drain not measured".to_string(), |d| if d.seconds.is_finite() { format!("drains in {}", duration(d.seconds)) } else { "never drains".into() });
            let cost = p.monthly_cost.map(|m| format!(" · {} / month", fmt_num(m))).unwrap_or_default();
            let width = format!("width: {:.1}%", 100.0 * f64::from(p.nodes) / f64::from(widest));
            view! {
                <li data-system=c.system.id() data-status=c.status.clone()>
                    <span class="name">{c.system.name()}</span>
                    <span class="track"><span class="bar" style=width></span></span>
                    <span class="what">{format!("{} machines{cost} · {drain}{}", p.nodes, if c.status == "dropped" { " · dropped" } else { "" })}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="card candidates" aria-labelledby="cand-h">
            <h2 id="cand-h">"All candidates"</h2>
            <div class="scroll">
            <table>
                <thead><tr>
                    <th scope="col">"System"</th><th scope="col">"Verdict"</th><th scope="col">"Machines"</th>
                    <th scope="col">"Bottleneck"</th><th scope="col">"p99"</th><th scope="col">"Disk / node"</th>
                    <th scope="col">"Drain"</th><th scope="col">"Why"</th>
                </tr></thead>
                <tbody>
                    {plan.candidates.iter().map(|c| {
                        let p = &c.plan;
                        let roles = p.roles.iter().filter(|r| r.machines > 0).map(|r| format!("{} {}", r.machines, r.role)).collect::<Vec<_>>().join(" + ");
                        view! {
                            <tr data-system=c.system.id() data-status=c.status.clone()>
                                <th scope="row">{c.system.name()}</th>
                                <td data-label="Verdict" class=format!("verdict {}", c.status)>{c.status.replace('_', "-")}</td>
                                <td data-label="Machines"><Num text=p.monthly_cost.map_or_else(|| p.nodes.to_string(), |c| format!("{} ({} / month)", p.nodes, fmt_num(c))) tip=roles /></td>
                                <td data-label="Bottleneck">{p.bottleneck.label()}</td>
                                <td data-label="p99">{match &p.p99 { Some(e) => Either::Left(view! { <Num text=e.ms_words() tip=p99_tip(e) /> }), None => Either::Right(view! { <span class="muted">"not measured"</span> }) }}</td>
                                <td data-label="Disk / node">{format!("{} GB", fmt_num(p.disk_per_node_gb))}</td>
                                <td data-label="Drain">{p.drain.as_ref().map(|d| duration(d.seconds)).unwrap_or_else(|| "not measured".into())}</td>
                                <td data-label="Why"><ul class="reasons">{c.reasons.iter().map(|r| view! { <li>{r.clone()}</li> }).collect_view()}</ul></td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
            </div>
            <div class="chart-row">
                <figure class="chart machines">
                    <ul class="bars">{bars}</ul>
                    <figcaption><strong>"Machines per candidate. "</strong>"With monthly cost (if priced) and drain time. Pale: dropped."</figcaption>
                </figure>
                {latency_chart.map(|src| view! {
                    <figure class="chart">
                        <ChartImg src=src alt="p99 vs utilisation per system, with each candidate as planned and your objective".into() />
                        <figcaption><strong>"p99 vs utilisation. "</strong>"Kafka blue, RocketMQ orange, Pulsar green. Lines: the queueing fit at your durability and size (100 partitions on 3 nodes); dots: measured p99 at the load their cluster's fitted capacity implies (seed 000: steady ≙ 50 %, high ≙ 90 %); rings: the candidates as planned; black line: your objective."</figcaption>
                    </figure>
                })}
            </div>
        </section>
    }
}

/// Hover text of an expected p99: the 80 % interval when the corpus model gave one,
/// how it was read, and the rows it rests on.
pub fn p99_tip(e: &capacity::latency::LatencyEstimate) -> String {
    let range = e.low.zip(e.high).map(|(a, b)| format!("80 % interval {}–{} ms; ", fmt_num(a), fmt_num(b))).unwrap_or_default();
    format!("p99 end-to-end: {range}{} — {}", e.basis, e.points.iter().map(|p| &*p.citation).collect::<Vec<_>>().join("; "))
}
