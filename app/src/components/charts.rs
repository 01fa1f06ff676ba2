//! Catalog-wide charts beside the plan: throughput vs message size and latency vs
//! partitions, both marking the workload.

use capacity::Workload;
use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;

fn draw(f: impl Fn(&capacity::Catalog, &Workload) -> Option<String> + Send + Sync + 'static, workload: Signal<Option<Workload>>) -> impl Fn() -> String {
    let catalog = use_context::<CatalogCtx>();
    move || match (&catalog, workload.get()) {
        (Some(c), Some(w)) => f(&c.0, &w).unwrap_or_default(),
        _ => String::new(),
    }
}

/// Measured and fitted throughput vs message size.
#[component]
pub fn SizeCurveChart(
    /// The planned workload (None while the form is invalid).
    workload: Signal<Option<Workload>>,
) -> impl IntoView {
    let svg = draw(|c, w| charts::size_curve_svg(c, w).ok(), workload);
    view! {
        <figure class="chart">
            <div inner_html=svg></div>
            <figcaption>"Dots: measured runs (seed 000 on 3 × 8 cores, RF 3; Pravega from seed 004). Lines: fitted t(s) = a + b·s. Crosses: your message size."</figcaption>
        </figure>
    }
}

/// Seed 001's P99.9 grid vs partitions.
#[component]
pub fn PartitionsChart(
    /// The planned workload (None while the form is invalid).
    workload: Signal<Option<Workload>>,
) -> impl IntoView {
    let svg = draw(|c, w| charts::partitions_svg(c, w).ok().flatten(), workload);
    view! {
        <figure class="chart">
            <div inner_html=svg></div>
            <figcaption>"Seed 001: P99.9 end-to-end under 0.5–2 TB backlog on 6 nodes; hollow markers are aborted or failed points. The marker is your cluster-wide partition count; per-node load depends on the planned node count."</figcaption>
        </figure>
    }
}
