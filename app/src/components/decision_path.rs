//! The path through the decision tree, in plain words.

use capacity::decision::DecisionStep;
use leptos::prelude::*;

/// Ordered list of questions, answers and outcomes, each cited.
#[component]
pub fn DecisionPath(
    /// The steps taken, in order.
    steps: Vec<DecisionStep>,
) -> impl IntoView {
    view! {
        <section class="card path" aria-labelledby="path-h">
            <h2 id="path-h">"How the choice was made"</h2>
            <ol>
                {steps.into_iter().map(|s| view! {
                    <li data-step=s.id.clone()>
                        <span class="q">{s.question}</span>" "
                        <span class="a">{s.answer}</span>" → "
                        <strong class="o">{s.outcome}</strong>" "
                        <cite class="muted">"("{s.citation}")"</cite>
                    </li>
                }).collect_view()}
            </ol>
        </section>
    }
}
