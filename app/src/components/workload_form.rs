//! The workload form: a plain GET form (works without JavaScript) whose fields are
//! the public query names. With WASM, every input updates the plan in place.

use capacity::hardware::{Hardware, Preset, GROUP_COMMON, GROUP_CORPUS, GROUP_SEEDS, PRESETS};
use capacity::system::Feature;
use capacity::fields::{self, Editor, FieldSpec, Group, FIELDS};
use capacity::FieldError;
use leptos::either::Either;
use leptos::prelude::*;


/// Default shown for a workload field (placeholder and initial value), from the
/// schema. Plain digits: a number input rejects thousands separators.
fn default_of(name: &str) -> String {
    fields::field(name).map(|f| f.default.to_string()).unwrap_or_default()
}

/// The fields of one form group, hardware preset and features excepted (they
/// have their own editors).
fn group(g: Group) -> impl Iterator<Item = FieldSpec> {
    FIELDS.iter().copied().filter(move |f| f.group == g && !matches!(f.editor, Editor::Features | Editor::Preset))
}

fn plain(x: f64) -> String {
    format!("{x}")
}

fn hardware_placeholder(hw: &Hardware, name: &str) -> String {
    match name {
        "cores" => hw.cores.to_string(),
        "ram_gb" => plain(hw.ram_gb),
        "disks" => hw.disks.to_string(),
        "disk_mbps" => plain((hw.disk_mbps.0 * 10.0).round() / 10.0),
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
    let error_for = move |name: &'static str| {
        move || errors.get().into_iter().filter(|e| e.field == name).map(|e| e.reason).collect::<Vec<_>>().join("; ")
    };
    let needs_init: Vec<String> = get(&initial, "needs").map(|s| s.split(',').map(|x| x.trim().to_string()).collect()).unwrap_or_default();
    let hw_init = get(&initial, "hw").unwrap_or_default();
    let render = move |f: FieldSpec, hardware: bool| {
        let initial = &initial;
        // The rate left unset shows its default greyed, not as a value: a value of 50
        // beside msg/s typed in was sent as both without JavaScript (refused) and
        // dropped with it (a stop-41 tester saw the two pages disagree).
        let init = get(initial, f.name).unwrap_or_else(|| if hardware || f.name == "mbps" { String::new() } else { default_of(f.name) });
        let id = format!("f-{}", f.name);
        let help_id = format!("h-{}", f.name);
        let err = error_for(f.name);
        let init_v = init.clone();
        let editor = match f.editor {
            Editor::Number { min, max, integer, .. } => Either::Left({
                let step = if integer { "1" } else { "any" };
                let placeholder = move || {
                    if hardware {
                        let p = params.get();
                        let mut base = get(&p, "hw").and_then(|h| Preset::find(&h).map(Preset::hardware)).unwrap_or_default();
                        // A disk kind changed without a figure plans with the preset's figure
                        // carried to that kind (`Hardware::disk_mbps_as`): shown as such (a new
                        // user read the preset's 145.4 MB/s beside a plan on 84.7 for EBS).
                        if let Some(kind) = get(&p, "disk").and_then(|d| capacity::system::DiskKind::parse_user(&d)) {
                            base.disk_mbps = base.disk_mbps_as(kind);
                        }
                        hardware_placeholder(&base, f.name)
                    } else if f.name == "mbps" && get(&params.get(), "msgs").is_some_and(|m| !m.trim().is_empty()) {
                        // No greyed 50 beside msg/s given: only one rate applies (a
                        // stop-42 tester read both).
                        String::new()
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
            other => Either::Right({
                let options: &'static [(&'static str, &'static str)] = if let Editor::Choice(o) = other { o } else { &[] };
                view! {
                <select id=id.clone() name=f.name aria-describedby=help_id.clone() on:change=move |ev| set(params, f.name, event_target_value(&ev))>
                    {options.iter().map(|(v, label)| view! { <option value=*v selected=init == *v>{*label}</option> }).collect_view()}
                </select>
            }
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
        <form class="workload" id="workload-form" method="get" action="/#results" aria-label="Workload">
            <fieldset>
                <legend>"Workload"</legend>
                {group(Group::Workload).map(|f| render(f, false)).collect_view()}
            </fieldset>
            <fieldset>
                <legend>"Semantics and team"</legend>
                {group(Group::Semantics).map(|f| render(f, false)).collect_view()}
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
                {group(Group::Recovery).map(|f| render(f, false)).collect_view()}
            </fieldset>
            <fieldset>
                <legend>{Group::Deployment.legend()}</legend>
                {group(Group::Deployment).map(|f| render(f, false)).collect_view()}
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
                {group(Group::Hardware).map(|f| render(f, true)).collect_view()}
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

