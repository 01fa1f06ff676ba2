//! `/`: the advisor. A GET form whose query is the workload; the plan below it.
//! Server-rendered from the URL; after hydration every change re-plans in the
//! browser and the address bar follows.

use std::sync::Arc;

use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;
use crate::chart_url::Chart;
use crate::components::candidates::Candidates;
use crate::components::charts::{PartitionsChart, SizeCurveChart};
use crate::components::decision_path::DecisionPath;
use crate::components::recommendation::RecommendationCard;
use crate::components::upload_form::UploadForm;
use crate::components::workload_form::WorkloadForm;
use crate::components::your_data::YourData;
use crate::query;

/// What the page shows for the current query. The plan is shared, not copied:
/// every reader of the memo (form errors, share link, charts) gets the same one.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A plan.
    Planned(Arc<capacity::Plan>),
    /// Field errors to show beside the form.
    Invalid(Vec<capacity::FieldError>),
    /// Field errors, and the last plan made before them, still shown (dimmed, and said
    /// to be the last one): one mistyped field blanked the whole plan mid-edit (a
    /// stop-40 tester). Only in the browser: the server renders one query.
    Stale(Arc<capacity::Plan>, Vec<capacity::FieldError>),
    /// Server-side trouble (no catalog, nothing fitted).
    Unavailable(String),
}

/// The advisor page.
#[component]
pub fn AdvisorPage() -> impl IntoView {
    let initial = query::normalise(crate::initial_query::pairs());
    let params = RwSignal::new(initial);
    let catalog = use_context::<CatalogCtx>();
    let notices = catalog.as_ref().map(|c| c.0.notices.clone()).unwrap_or_default();
    let uploads = catalog.as_ref().map(|c| c.0.uploads.clone()).unwrap_or_default();
    let selection = Memo::new(move |_| query::selection(&params.get()));
    // Which catalog-wide charts have data to draw.
    let has_latency = catalog.as_ref().is_some_and(|c| c.0.catalog.throughput.as_ref().is_some_and(|t| t.latency.is_some()));
    let has_grid = catalog.as_ref().is_some_and(|c| c.0.catalog.systems.iter().any(|m| !m.grid.is_empty()));
    let outcome = Memo::new(move |prev: Option<&Outcome>| {
        let p = params.get();
        let invalid = |e| match prev {
            Some(Outcome::Planned(plan) | Outcome::Stale(plan, _)) => Outcome::Stale(plan.clone(), e),
            _ => Outcome::Invalid(e),
        };
        match (query::parse(&p), selection.get()) {
            (Err(mut e), sel) => {
                e.extend(sel.err().unwrap_or_default());
                invalid(e)
            }
            (Ok(_), Err(e)) => invalid(e),
            (Ok(w), Ok(_)) => match &catalog {
                None => Outcome::Unavailable("the catalog is not loaded".into()),
                Some(c) => match capacity::plan(&c.0.catalog, &w) {
                    Ok(plan) => Outcome::Planned(Arc::new(plan)),
                    Err(e) => Outcome::Unavailable(e.to_string()),
                },
            },
        }
    });
    let share = Memo::new(move |_| {
        outcome.with(|o| selection.with(|s| match (o, s) {
            (Outcome::Planned(p), Ok(sel)) => Some(query::share_query(&p.workload, sel)),
            _ => None,
        }))
        .unwrap_or_else(|| params.with(|p| query::encode(p)))
    });
    // Browser only: the address bar is always the share link; mark hydration done.
    Effect::new(move |_| {
        crate::browser::replace_query(&share.get());
    });
    Effect::new(move |_| crate::browser::mark_hydrated());

    // Derived signals re-run on every read (each form field reads the errors
    // three times): they borrow the outcome, never copy the plan.
    let errors = Signal::derive(move || outcome.with(|o| match o {
        Outcome::Invalid(e) | Outcome::Stale(_, e) => e.clone(),
        _ => vec![],
    }));
    // Each chart's address, a memo: it changes (and the browser fetches the image)
    // only when a field the chart draws changes.
    let chart_url = move |c: Chart| {
        Memo::new(move |_| outcome.with(|o| selection.with(|s| match (o, s) {
            (Outcome::Planned(p), Ok(sel)) => Some(c.url(&p.workload, sel)),
            _ => None,
        })))
    };
    let size_curve = chart_url(Chart::SizeCurve);
    let partitions = chart_url(Chart::Partitions);

    view! {
        <a class="skip to-plan" href="#results">"Skip to the plan ↓"</a>
        <a class="skip" href="#up-h">"Skip to uploading your benchmarks"</a>
        <header class="top">
            <h1><a href="/">"mqplan"</a></h1>
            <p class="tag">"Which message broker, how many nodes, and why — from measured benchmarks, every number cited."</p>
            <p class="tag"><a class="model-link" href="/model">"How well the model predicts unseen benchmarks →"</a></p>
        </header>
        <main class="page">
            <WorkloadForm params errors share />
            <section class="results" id="results" aria-live="polite" aria-label="Plan">
                {(!notices.is_empty()).then(|| view! {
                    <div class="errors" role="alert">
                        <h2>"About the selected data"</h2>
                        <ul>{notices.iter().map(|x| view! { <li><code>{x.field.clone()}</code>": "{x.reason.clone()}</li> }).collect_view()}</ul>
                    </div>
                })}
                <YourData uploads=uploads.clone() params />
                {move || match outcome.get() {
                    Outcome::Invalid(e) => EitherOf3::A(view! {
                        <div class="errors" role="alert">
                            <h2>"Fix the highlighted fields"</h2>
                            <ul>{e.into_iter().map(|x| view! { <li><a href=format!("#f-{}", x.field)><code>{x.field.clone()}</code></a>": "{x.reason.clone()}</li> }).collect_view()}</ul>
                        </div>
                    }),
                    Outcome::Unavailable(why) => EitherOf3::B(view! { <div class="errors" role="alert"><h2>"No plan"</h2><p>{why}</p></div> }),
                    Outcome::Planned(plan) | Outcome::Stale(plan, _) => {
                        let sel = selection.get().unwrap_or_default();
                        let bounds = Chart::Bounds.url(&plan.workload, &sel);
                        let latency = has_latency.then(|| Chart::Latency.url(&plan.workload, &sel));
                        EitherOf3::C(view! {
                            <RecommendationCard plan=(*plan).clone() chart=bounds />
                            <DecisionPath steps=plan.decision_path.clone() />
                            <Candidates plan=(*plan).clone() latency_chart=latency />
                        })
                    }
                }}
                <UploadForm share />
                <Show when=move || size_curve.with(Option::is_some)>
                    <div class="charts">
                        <SizeCurveChart src=size_curve />
                        {has_grid.then(|| view! { <PartitionsChart src=partitions /> })}
                    </div>
                </Show>
            </section>
        </main>
        <footer class="foot">
            <p>"Figures come from the seed benchmark articles recorded in "<a href="/api/v1/datasets">"/api/v1/datasets"</a>" and the public benchmark corpus behind "<a href="/model">"the throughput model"</a>" ("<a href="/api/v1/model">"/api/v1/model"</a>"); the plan as JSON is at "
            <a href=move || format!("/api/v1/plan?{}", share.get())>"/api/v1/plan"</a>"."</p>
        </footer>
    }
}
