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

/// CPU-bound throughput per node vs message size, on the workload's machine.
#[component]
pub fn SizeCurveChart(
    /// The planned workload (None while the form is invalid).
    workload: Signal<Option<Workload>>,
) -> impl IntoView {
    // Redrawn when a field the curves depend on changes, not on every keystroke.
    let svg = draw(
        |w| (w.size, w.hardware.clone(), w.rf, w.partitions, w.fanout, w.durability),
        |c, (size, hardware, rf, partitions, fanout, durability)| {
            let w = Workload { size, hardware, rf, partitions, fanout, durability, ..Workload::default() };
            charts::size_curve_svg(c, &w).ok()
        },
        workload,
    );
    view! {
        <figure class="chart">
            <div inner_html=svg></div>
            <figcaption><strong>"CPU-bound produce throughput per node vs message size, on your machine. "</strong>"Lines: each system's fitted CPU capacity at your RF, partitions, consumer groups and durability — the number the plan sizes with — and its shaded 80 % band, calibrated on sources the fit did not see. Dots: the saturated runs the fit rests on, each at its message size and at the line × its measured ÷ fitted ratio. Your uploads calibrate the line (×f in the legend); your runs are hollow squares, placed the same way. With data=only, or for a system the corpus model has no fit for, the line is its seed curve on the setup named in the legend. Crosses: your message size. Disk, NIC and the other bounds are in each plan's bounds chart."</figcaption>
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
