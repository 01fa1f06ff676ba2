//! `/`: the advisor. A GET form whose query is the workload; the plan below it.
//! Server-rendered from the URL; after hydration every change re-plans in the
//! browser and the address bar follows.

use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;
use crate::components::candidates::Candidates;
use crate::components::charts::{PartitionsChart, SizeCurveChart};
use crate::components::decision_path::DecisionPath;
use crate::components::recommendation::RecommendationCard;
use crate::components::workload_form::WorkloadForm;
use crate::query;

/// What the page shows for the current query.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A plan.
    Planned(Box<capacity::Plan>),
    /// Field errors to show beside the form.
    Invalid(Vec<capacity::FieldError>),
    /// Server-side trouble (no catalog, nothing fitted).
    Unavailable(String),
}

/// The advisor page.
#[component]
pub fn AdvisorPage() -> impl IntoView {
    let initial = query::normalise(crate::initial_query::pairs());
    let params = RwSignal::new(initial);
    let catalog = use_context::<CatalogCtx>();
    let outcome = Memo::new(move |_| {
        let p = params.get();
        match query::parse(&p) {
            Err(e) => Outcome::Invalid(e),
            Ok(w) => match &catalog {
                None => Outcome::Unavailable("the catalog is not loaded".into()),
                Some(c) => match capacity::plan(&c.0.catalog, &w) {
                    Ok(plan) => Outcome::Planned(Box::new(plan)),
                    Err(e) => Outcome::Unavailable(e.to_string()),
                },
            },
        }
    });
    let share = Memo::new(move |_| match outcome.get() {
        Outcome::Planned(p) => query::share_query(&p.workload),
        _ => query::encode(&params.get()),
    });
    // Browser only: the address bar is always the share link; mark hydration done.
    Effect::new(move |_| {
        crate::browser::replace_query(&share.get());
    });
    Effect::new(move |_| crate::browser::mark_hydrated());

    let errors = Signal::derive(move || match outcome.get() {
        Outcome::Invalid(e) => e,
        _ => vec![],
    });
    let workload = Signal::derive(move || match outcome.get() {
        Outcome::Planned(p) => Some(p.workload.clone()),
        _ => None,
    });

    view! {
        <a class="skip" href="#results">"Skip to the plan"</a>
        <header class="top">
            <h1><a href="/">"mqplan"</a></h1>
            <p class="tag">"Which message broker, how many nodes, and why — from measured benchmarks, every number cited."</p>
        </header>
        <main class="page">
            <WorkloadForm params errors share />
            <section class="results" id="results" aria-live="polite" aria-label="Plan">
                {move || match outcome.get() {
                    Outcome::Invalid(e) => EitherOf3::A(view! {
                        <div class="errors" role="alert">
                            <h2>"Fix the highlighted fields"</h2>
                            <ul>{e.into_iter().map(|x| view! { <li><a href=format!("#f-{}", x.field)><code>{x.field.clone()}</code></a>": "{x.reason.clone()}</li> }).collect_view()}</ul>
                        </div>
                    }),
                    Outcome::Unavailable(why) => EitherOf3::B(view! { <div class="errors" role="alert"><h2>"No plan"</h2><p>{why}</p></div> }),
                    Outcome::Planned(plan) => {
                        let plan = *plan;
                        EitherOf3::C(view! {
                            <RecommendationCard plan=plan.clone() />
                            <DecisionPath steps=plan.decision_path.clone() />
                            <Candidates plan=plan.clone() />
                        })
                    }
                }}
                <Show when=move || workload.get().is_some()>
                    <div class="charts">
                        <SizeCurveChart workload />
                        <PartitionsChart workload />
                    </div>
                </Show>
            </section>
        </main>
        <footer class="foot">
            <p>"Figures come from the seed benchmark articles recorded in "<a href="/api/v1/datasets">"/api/v1/datasets"</a>"; the plan as JSON is at "
            <a href=move || format!("/api/v1/plan?{}", share.get())>"/api/v1/plan"</a>"."</p>
        </footer>
    }
}
