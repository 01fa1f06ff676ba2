//! The uploaded datasets in this plan: what was imported, the lint warnings,
//! and whether they join or replace the reference data.

use leptos::prelude::*;

use crate::catalog_context::UploadSummary;

/// Lists `uploads`; the `data` selector and hidden `dataset` inputs belong to the
/// workload form (form="workload-form"), so a plain GET keeps them.
#[component]
pub fn YourData(
    /// Uploaded datasets in the current selection.
    uploads: Vec<UploadSummary>,
    /// The live query pairs.
    params: RwSignal<Vec<(String, String)>>,
) -> impl IntoView {
    let only = params.get_untracked().iter().any(|(k, v)| k == "data" && v == "only");
    (!uploads.is_empty()).then(|| {
        view! {
            <section class="card your-data" aria-labelledby="yd-h">
                <h2 id="yd-h">"Your data in this plan"</h2>
                <ul class="uploads">
                    {uploads.into_iter().map(|u| {
                        let id = u.id.clone();
                        view! {
                            <li data-dataset=u.id.clone()>
                                <input type="hidden" name="dataset" value=u.id.clone() form="workload-form" />
                                <strong>{u.title.clone()}</strong>" "
                                <code>{u.id.clone()}</code>" · "{u.format.clone()}" · "{format!("{} rows", u.rows)}" · "
                                <a href=format!("/api/v1/datasets/{id}")>"JSON"</a>
                                {(!u.warnings.is_empty()).then(|| view! {
                                    <ul class="lint">
                                        {u.warnings.into_iter().map(|(code, msg, why)| view! { <li><code>{code}</code>" "{msg}" — "<span class="muted">{why}</span></li> }).collect_view()}
                                    </ul>
                                })}
                            </li>
                        }
                    }).collect_view()}
                </ul>
                <label for="f-data">"Use the uploaded rows "</label>
                // The page's catalog was built on the server for the selection it was
                // loaded with: another one is a page load (a stop-43 tester saw the
                // plan's words stay at 57 machines beside a chart redrawn for 165).
                <select id="f-data" name="data" form="workload-form" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    params.update(|p| {
                        p.retain(|(k, _)| k != "data");
                        if v == "only" {
                            p.push(("data".into(), v));
                        }
                    });
                    crate::browser::load_query(&params.with_untracked(|p| crate::query::encode(p)));
                }>
                    <option value="merge" selected=!only>"with the reference data (default)"</option>
                    <option value="only" selected=only>"alone (only systems you measured at two or more sizes)"</option>
                </select>
                <noscript><p class="muted">"Press Plan to apply."</p></noscript>
            </section>
        }
    })
}
