//! "Bring your own benchmarks": a multipart form posting to `/upload` (works
//! without JavaScript: the server redirects to the plan with the new dataset);
//! `/upload.js` adds drag-and-drop, a progress bar and the parse report in place.

use capacity::upload_format::Format;
use leptos::prelude::*;

/// A select's options: (value, text); "" = not given.
pub type Options = &'static [(&'static str, &'static str)];

/// Metadata chosen from a list: (field, label, options). The server's refusal page
/// offers the same form again with them.
pub const CHOICES: &[(&str, &str, Options)] = &[
    ("durability", "Ack semantics of the run", &[("", "(from the file, else unstated)"), ("replicated", "replicated (acks=all)"), ("leader", "leader (acks=1)"), ("fsync", "fsync")]),
    (
        "run",
        "How the runs were driven",
        &[("", "(from the file: a run that reached its rate limit is a lower bound)"), ("max", "as fast as the brokers allowed (capacity)"), ("fixed", "held to a fixed rate (lower bound)")],
    ),
    ("disk", "Disk kind", &[("", "(unstated)"), ("hdd", "HDD"), ("ssd", "SATA/SAS SSD"), ("nvme", "NVMe"), ("optane", "Optane"), ("ebs", "Cloud volume (EBS…)"), ("network", "Network storage (Ceph…)")]),
];

/// Metadata typed in: (field, label, input type).
// "whole": a number input stepping by 1 (a stop-40 tester's browser let 2.5 machines
// through to the server's refusal); "number": any decimal.
pub const META: &[(&str, &str, &str)] = &[
    ("nodes", "Broker machines (required for throughput)", "whole"),
    ("cores", "Cores per machine (required for throughput)", "whole"),
    ("ram_gb", "RAM per machine (GB)", "number"),
    ("nic_gbps", "NIC (Gbit/s)", "number"),
    ("rf", "Replication factor", "whole"),
    ("size", "Message size (bytes), if the file does not say", "whole"),
    ("partitions", "Partitions", "whole"),
    ("disks", "Data disks per machine", "whole"),
    ("producers", "Producers", "whole"),
    ("consumers", "Consumers", "whole"),
    ("version", "Version", "text"),
    ("title", "Title for this data set", "text"),
];

/// The upload form. `share` keeps the current plan's query so the redirect returns to it.
#[component]
pub fn UploadForm(
    /// The canonical share query of the current plan.
    share: Memo<String>,
) -> impl IntoView {
    let back = move || {
        serde_urlencoded::from_str::<Vec<(String, String)>>(&share.get())
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| view! { <input type="hidden" name=format!("q_{k}") value=v /> })
            .collect_view()
    };
    view! {
        <section class="card upload" aria-labelledby="up-h">
            <h2 id="up-h">"Bring your own benchmarks"</h2>
            <p class="muted">"OpenMessaging Benchmark JSON or CSV, kafka-producer/consumer-perf-test, pulsar-perf or RocketMQ benchmark output, or "
                <a href="/api/v1/datasets/template.csv">"mqplan CSV (template)"</a>
                ". What the file cannot tell, give below; the report lists what was understood and what was wrong. Nothing is stored unless the whole file imports."</p>
            <form id="upload-form" method="post" action="/upload" enctype="multipart/form-data">
                <div class="drop" id="drop-zone">
                    <label for="up-file">"Benchmark file"</label>
                    <input type="file" id="up-file" name="file" required />
                    <small class="help">"…or drop it here."</small>
                </div>
                <div class="meta-grid">
                    <div class="field">
                        <label for="up-system">"System"</label>
                        <select id="up-system" name="system">
                            <option value="">"(from the file)"</option>
                            {capacity::SystemId::ALL.iter().map(|s| view! { <option value=s.id()>{s.name()}</option> }).collect_view()}
                        </select>
                    </div>
                    <div class="field">
                        <label for="up-format">"Format"</label>
                        <select id="up-format" name="format">
                            <option value="">"detect automatically"</option>
                            {Format::ALL.iter().map(|f| view! { <option value=f.id()>{f.label()}</option> }).collect_view()}
                        </select>
                    </div>
                    {CHOICES.iter().map(|(name, label, options)| {
                        let id = format!("up-{name}");
                        view! {
                            <div class="field">
                                <label for=id.clone()>{*label}</label>
                                <select id=id name=*name>
                                    {options.iter().map(|(value, text)| view! { <option value=*value>{*text}</option> }).collect_view()}
                                </select>
                            </div>
                        }
                    }).collect_view()}
                    {META.iter().map(|(name, label, kind)| {
                        let id = format!("up-{name}");
                        view! {
                            <div class="field">
                                <label for=id.clone()>{*label}</label>
                                <input id=id type=if *kind == "whole" { "number" } else { *kind } name=*name step=if *kind == "whole" { "1" } else { "any" } min="0" />
                            </div>
                        }
                    }).collect_view()}
                </div>
                {back}
                <div class="actions">
                    <button type="submit">"Upload"</button>
                    <progress id="up-progress" max="100" value="0" hidden></progress>
                </div>
                <div id="up-report" aria-live="polite"></div>
            </form>
        </section>
    }
}
