//! Catalog-wide charts beside the plan: throughput vs message size and latency vs
//! partitions, both marking the workload.

use capacity::Workload;
use leptos::prelude::*;

use crate::catalog_context::CatalogCtx;

/// Redraws only when `key` (the one workload field the chart shows) changes.
fn draw<K: PartialEq + Clone + Send + Sync + 'static>(
    key: impl Fn(&Workload) -> K + Send + Sync + 'static,
    f: impl Fn(&capacity::Catalog, K) -> Option<String> + Send + Sync + 'static,
    workload: Signal<Option<Workload>>,
) -> Memo<String> {
    let catalog = use_context::<CatalogCtx>();
    let k = Memo::new(move |_| workload.get().map(|w| key(&w)));
    Memo::new(move |_| match (&catalog, k.get()) {
        (Some(c), Some(k)) => f(&c.0.catalog, k).unwrap_or_default(),
        _ => String::new(),
    })
}

/// Measured and fitted throughput vs message size.
#[component]
pub fn SizeCurveChart(
    /// The planned workload (None while the form is invalid).
    workload: Signal<Option<Workload>>,
) -> impl IntoView {
    let svg = draw(|w| w.size, |c, s| charts::size_curve_svg(c, s).ok(), workload);
    view! {
        <figure class="chart">
            <div inner_html=svg></div>
            <figcaption><strong>"Produce throughput vs message size. "</strong>"Dots: reference runs (seed 000 on 3 × 8 cores, RF 3; Pravega from seed 004). Hollow squares: runs you uploaded, on your own cluster. Lines: fitted t(s) = a + b·s, on each system's measured cluster (yours where your runs were fitted directly, as the legend says). Crosses: your message size."</figcaption>
        </figure>
    }
}

/// Seed 001's P99.9 grid vs partitions.
#[component]
pub fn PartitionsChart(
    /// The planned workload (None while the form is invalid).
    workload: Signal<Option<Workload>>,
) -> impl IntoView {
    let svg = draw(|w| w.partitions, |c, p| charts::partitions_svg(c, p).ok().flatten(), workload);
    view! {
        <figure class="chart">
            <div inner_html=svg></div>
            <figcaption><strong>"P99.9 vs partitions under backlog. "</strong>"Seed 001: P99.9 end-to-end under 0.5–2 TB backlog on 6 nodes; hollow markers are aborted or failed points. The marker is your cluster-wide partition count; per-node load depends on the planned node count."</figcaption>
        </figure>
    }
}
