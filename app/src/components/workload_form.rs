//! The workload form: a plain GET form (works without JavaScript) whose fields are
//! the public query names. With WASM, every input updates the plan in place.

use capacity::hardware::{Hardware, Preset, GROUP_COMMON, GROUP_CORPUS, GROUP_SEEDS, PRESETS};
use capacity::system::Feature;
use capacity::workload::defaults;
use capacity::FieldError;
use leptos::either::Either;
use leptos::prelude::*;


/// How a field is edited.
#[derive(Clone, Copy)]
enum Kind {
    Number { min: f64, max: f64, step: &'static str },
    Select(&'static [(&'static str, &'static str)]),
}

/// One form field: query name, label, unit, editor and help.
#[derive(Clone, Copy)]
struct Field {
    name: &'static str,
    label: &'static str,
    unit: &'static str,
    kind: Kind,
    help: &'static str,
}

const fn num(name: &'static str, label: &'static str, unit: &'static str, min: f64, max: f64, step: &'static str, help: &'static str) -> Field {
    Field { name, label, unit, kind: Kind::Number { min, max, step }, help }
}

const WORKLOAD: &[Field] = &[
    num("mbps", "Peak produce rate", "MB/s", 0.0, 100_000.0, "any", "MB = 10^6 bytes. Leave empty to give msg/s instead."),
    num("msgs", "…or in messages", "msg/s", 0.0, 1e9, "any", "Give either MB/s or msg/s."),
    num("size", "Average message size", "bytes", 1.0, 16_777_216.0, "1", "Measured points: 100 B and 1 KB (seed 000), 10 kB (seed 004)."),
    num("rf", "Replication factor", "copies", 1.0, 7.0, "1", "Copies of each message (acks=all waits for them)."),
    num("retention_h", "Retention", "hours", 0.0, 87_600.0, "any", "How long messages stay on disk."),
    num("partitions", "Partitions / queues / segments", "total", 1.0, 1_000_000.0, "1", "Seed 001 measured 100–5,000 on 6 nodes."),
    num("fanout", "Consumer groups", "groups", 0.0, 1000.0, "1", "Each group reads every message once."),
    num("p99_ms", "p99 latency objective", "ms", 0.0, 3_600_000.0, "any", "Empty = no objective."),
];

const SEMANTICS: &[Field] = &[
    Field { name: "durability", label: "Ack semantics", unit: "", kind: Kind::Select(&[("replicated", "replicated: acks=all / sync replication, async flush (seed default)"), ("fsync", "fsync: flush to disk before ack"), ("leader", "leader: acks=1 / async replication")]), help: "acks=1 vs all: 30 %+; sync vs async flush: ≈2× (seed 000 §2.5)." },
    Field { name: "kind", label: "Messages are", unit: "", kind: Kind::Select(&[("data", "data: logs, tracking, CDC, streams"), ("business", "business: orders, payments, state changes")]), help: "Seed 000 §8.3 step 1." },
    Field { name: "team", label: "Dedicated middleware team", unit: "", kind: Kind::Select(&[("none", "no"), ("dedicated", "yes")]), help: "Without one, BookKeeper-based systems are dropped (seed 000 §6.5)." },
];

const RECOVERY: &[Field] = &[
    num("outage_h", "Consumer outage to plan for", "hours", 0.0, 720.0, "any", "Backlog = produce rate × outage."),
    num("drain_min", "Drain that backlog within", "minutes", 0.0, 10_080.0, "any", "Empty = not time-critical."),
];

const HARDWARE: &[Field] = &[
    num("cores", "Cores per node", "cores", 1.0, 512.0, "1", "The CPU bound scales with cores from 8-core measurements."),
    num("ram_gb", "RAM per node", "GB", 0.0, 16_384.0, "any", "Page cache matters (seed 000 §2.5 pitfall 3)."),
    Field { name: "disk", label: "Disk kind", unit: "", kind: Kind::Select(&[("", "(preset)"), ("hdd", "HDD"), ("ssd", "SSD"), ("nvme", "NVMe"), ("optane", "Optane")]), help: "Sets the default write bandwidth." },
    num("disks", "Data disks per node", "disks", 1.0, 64.0, "1", ""),
    num("disk_mbps", "Write bandwidth per disk", "MB/s", 0.0, 100_000.0, "any", "Defaults: HDD 150, SSD 450, NVMe 1,500, Optane 2,000."),
    num("disk_tb", "Capacity per disk", "TB", 0.0, 1000.0, "any", "TB = 10^12 bytes."),
    num("nic_gbps", "NIC", "Gbit/s", 0.0, 1600.0, "any", "1 Gbit/s = 125 MB/s."),
];

/// Default shown for a workload field (placeholder and initial value). Plain
/// digits: a number input rejects thousands separators.
fn default_of(name: &str) -> String {
    match name {
        "mbps" => plain(defaults::MBPS),
        "size" => plain(defaults::SIZE),
        "rf" => defaults::RF.to_string(),
        "retention_h" => plain(defaults::RETENTION_H),
        "partitions" => defaults::PARTITIONS.to_string(),
        "fanout" => defaults::FANOUT.to_string(),
        "outage_h" => plain(defaults::OUTAGE_H),
        _ => String::new(),
    }
}

fn plain(x: f64) -> String {
    format!("{x}")
}

fn hardware_placeholder(hw: &Hardware, name: &str) -> String {
    match name {
        "cores" => hw.cores.to_string(),
        "ram_gb" => plain(hw.ram_gb),
        "disks" => hw.disks.to_string(),
        "disk_mbps" => plain(hw.disk_mbps.0),
        "disk_tb" => plain(hw.disk_tb),
        "nic_gbps" => plain(hw.nic_gbps.0),
        _ => String::new(),
    }
}

fn get(params: &[(String, String)], name: &str) -> Option<String> {
    params.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
}

fn set(params: RwSignal<Vec<(String, String)>>, name: &str, value: String) {
    params.update(|p| {
        p.retain(|(k, _)| k != name);
        if !value.trim().is_empty() {
            p.push((name.to_string(), value));
        }
    });
}

/// The form. `params` is the live query; `errors` the field errors; `share` the link.
#[component]
pub fn WorkloadForm(
    /// The live query pairs (public names).
    params: RwSignal<Vec<(String, String)>>,
    /// Field errors of the current query.
    errors: Signal<Vec<FieldError>>,
    /// The canonical share query.
    share: Memo<String>,
) -> impl IntoView {
    let initial = params.get_untracked();
    let has_rate = get(&initial, "mbps").is_some() || get(&initial, "msgs").is_some();
    let error_for = move |name: &'static str| {
        move || errors.get().into_iter().filter(|e| e.field == name).map(|e| e.reason).collect::<Vec<_>>().join("; ")
    };
    let needs_init: Vec<String> = get(&initial, "needs").map(|s| s.split(',').map(|x| x.trim().to_string()).collect()).unwrap_or_default();
    let hw_init = get(&initial, "hw").unwrap_or_default();
    let render = move |f: Field, hardware: bool| {
        let initial = &initial;
        let init = get(initial, f.name).unwrap_or_else(|| if hardware || (f.name == "mbps" && has_rate) { String::new() } else { default_of(f.name) });
        let id = format!("f-{}", f.name);
        let help_id = format!("h-{}", f.name);
        let err = error_for(f.name);
        let init_v = init.clone();
        let editor = match f.kind {
            Kind::Number { min, max, step } => Either::Left({
                let placeholder = move || {
                    if hardware {
                        let p = params.get();
                        let base = get(&p, "hw").and_then(|h| Preset::find(&h).map(Preset::hardware)).unwrap_or_default();
                        hardware_placeholder(&base, f.name)
                    } else {
                        default_of(f.name)
                    }
                };
                view! {
                    <input type="number" id=id.clone() name=f.name value=init.clone() prop:value=move || if hardware { get(&params.get(), f.name).unwrap_or_default() } else { init_v.clone() }
                        min=min.to_string() max=max.to_string() step=step placeholder=placeholder inputmode="decimal"
                        aria-describedby=help_id.clone() aria-invalid=move || if err().is_empty() { "false" } else { "true" }
                        on:input=move |ev| set(params, f.name, event_target_value(&ev)) />
                }
            }),
            Kind::Select(options) => Either::Right(view! {
                <select id=id.clone() name=f.name aria-describedby=help_id.clone() on:change=move |ev| set(params, f.name, event_target_value(&ev))>
                    {options.iter().map(|(v, label)| view! { <option value=*v selected=init == *v>{*label}</option> }).collect_view()}
                </select>
            }),
        };
        let err = error_for(f.name);
        view! {
            <div class="field" class:invalid=move || !err().is_empty()>
                <label for=id>{f.label}{(!f.unit.is_empty()).then(|| view! { " " <span class="unit">"(" {f.unit} ")"</span> })}</label>
                {editor}
                <small id=help_id class="help">{f.help}</small>
                <small class="error" role="alert">{error_for(f.name)}</small>
            </div>
        }
    };
    let toggle_need = move |id: &'static str, on: bool| {
        let p = params.get_untracked();
        let mut list: Vec<String> = get(&p, "needs").map(|s| s.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect()).unwrap_or_default();
        list.retain(|x| x != id);
        if on {
            list.push(id.to_string());
        }
        set(params, "needs", list.join(","));
    };
    let copied = RwSignal::new(false);
    // The copy button needs JavaScript: hidden until the page has hydrated.
    let live = RwSignal::new(false);
    Effect::new(move |_| live.set(true));
    view! {
        <form class="workload" id="workload-form" method="get" action="/" aria-label="Workload">
            <fieldset>
                <legend>"Workload"</legend>
                {WORKLOAD.iter().map(|f| render(*f, false)).collect_view()}
            </fieldset>
            <fieldset>
                <legend>"Semantics and team"</legend>
                {SEMANTICS.iter().map(|f| render(*f, false)).collect_view()}
                <div class="field" class:invalid=move || !error_for("needs")().is_empty()>
                    <span class="label" id="l-needs">"Must-have features"</span>
                    <div class="checks" role="group" aria-labelledby="l-needs" id="f-needs">
                        {Feature::ALL.iter().map(|f| {
                            let id = f.id();
                            view! {
                                <label class="check"><input type="checkbox" name="needs" value=id checked=needs_init.iter().any(|x| x == id)
                                    on:change=move |ev| toggle_need(id, event_target_checked(&ev)) />" "{f.label()}</label>
                            }
                        }).collect_view()}
                    </div>
                    <small class="error" role="alert">{error_for("needs")}</small>
                </div>
            </fieldset>
            <fieldset>
                <legend>"Recovery"</legend>
                {RECOVERY.iter().map(|f| render(*f, false)).collect_view()}
            </fieldset>
            <fieldset>
                <legend>"Hardware per node"</legend>
                <div class="field" class:invalid=move || !error_for("hw")().is_empty()>
                    <label for="f-hw">"Machine preset"</label>
                    <select id="f-hw" name="hw" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        params.update(|p| p.retain(|(k, _)| !matches!(k.as_str(), "cores" | "ram_gb" | "disk" | "disks" | "disk_mbps" | "disk_tb" | "nic_gbps")));
                        set(params, "hw", v);
                    }>
                        <option value="" selected=hw_init.is_empty()>"(default: seed 000's 8-core machine)"</option>
                        {[GROUP_SEEDS, GROUP_CORPUS, GROUP_COMMON]
                            .into_iter()
                            .map(|g| {
                                let hw_init = hw_init.clone();
                                view! {
                                    <optgroup label=g>
                                        {PRESETS.iter().filter(|p| p.group == g).map(|p| view! { <option value=p.id selected=hw_init == p.id title=p.citation>{p.label}</option> }).collect_view()}
                                    </optgroup>
                                }
                            })
                            .collect_view()}
                    </select>
                    <small class="help">"Fields left empty take the preset's value (shown greyed)."</small>
                    <small class="error" role="alert">{error_for("hw")}</small>
                </div>
                {HARDWARE.iter().map(|f| render(*f, true)).collect_view()}
            </fieldset>
            <div class="actions">
                <button type="submit">"Plan"</button>
                <button type="button" class="copy" class:hidden=move || !live.get() on:click=move |_| {
                    if let Some(base) = crate::browser::current_url() {
                        let origin = base.split('?').next().unwrap_or("").to_string();
                        crate::browser::copy_to_clipboard(&format!("{origin}?{}", share.get_untracked()));
                        copied.set(true);
                    }
                }>{move || if copied.get() { "Link copied" } else { "Copy link" }}</button>
                <a class="share" href=move || format!("/?{}", share.get())>"Share link"</a>
            </div>
        </form>
    }
}

