//! Every candidate side by side: machines, bottleneck, latency, disk, and why it
//! won, lost or was dropped.

use capacity::plan::Plan;
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::num::Num;
use crate::format::{duration, fmt_num};

/// The comparison table.
#[component]
pub fn Candidates(
    /// The plan whose candidates to compare.
    plan: Plan,
) -> impl IntoView {
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
                                <td class=format!("verdict {}", c.status)>{c.status.replace('_', "-")}</td>
                                <td><Num text=p.monthly_cost.map_or_else(|| p.nodes.to_string(), |c| format!("{} ({} / month)", p.nodes, fmt_num(c))) tip=roles /></td>
                                <td>{p.bottleneck.label()}</td>
                                <td>{match &p.p99 { Some(e) => Either::Left(view! { <Num text=format!("{} ms", fmt_num(e.ms)) tip=e.basis.clone() /> }), None => Either::Right(view! { <span class="muted">"not measured"</span> }) }}</td>
                                <td>{format!("{} GB", fmt_num(p.disk_per_node_gb))}</td>
                                <td>{p.drain.as_ref().map(|d| duration(d.seconds)).unwrap_or_else(|| "not measured".into())}</td>
                                <td><ul class="reasons">{c.reasons.iter().map(|r| view! { <li>{r.clone()}</li> }).collect_view()}</ul></td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
            </div>
        </section>
    }
}
