//! The charts beside the plan, as images the server draws (see [`crate::chart_url`]):
//! throughput vs message size and latency vs partitions for the whole catalog, and
//! the plan's own bounds and latency charts (placed by their cards).

use leptos::prelude::*;

use crate::chart_url::CHART_SIZE;

/// One server-drawn chart at the page's chart size. `alt` says what it shows; the
/// figure's caption says how to read it.
#[component]
pub fn ChartImg(
    /// The image's address (path and query), from [`crate::chart_url::Chart::url`].
    #[prop(into)]
    src: Signal<String>,
    /// Text alternative.
    alt: String,
) -> impl IntoView {
    view! { <img src=src alt=alt width=CHART_SIZE.0 height=CHART_SIZE.1 decoding="async" /> }
}

/// CPU-bound throughput per node vs message size, on the workload's machine.
#[component]
pub fn SizeCurveChart(
    /// The chart's address; it changes only with the fields the chart draws.
    src: Memo<Option<String>>,
) -> impl IntoView {
    view! {
        <figure class="chart">
            <ChartImg src=Signal::derive(move || src.get().unwrap_or_default()) alt="CPU-bound produce throughput per node vs message size on your machine, one line per system".into() />
            <figcaption><strong>"CPU-bound produce throughput per node vs message size, on your machine. "</strong>"Lines: each system's fitted CPU capacity at your RF, partitions, consumer groups and durability — what the plan sizes with — in its 80 % band, calibrated on sources the fit did not see (×f: calibrated to your uploads; seed: its seed curve, where the corpus has no fit or with data=only). Dots: the runs the fit rests on, at the line × measured ÷ fitted; squares: your runs. Crosses: your size. Disk, NIC and the other bounds: the bounds chart."</figcaption>
        </figure>
    }
}

/// Seed 001's P99.9 grid vs partitions.
#[component]
pub fn PartitionsChart(
    /// The chart's address; it changes only with the partition count.
    src: Memo<Option<String>>,
) -> impl IntoView {
    view! {
        <figure class="chart">
            <ChartImg src=Signal::derive(move || src.get().unwrap_or_default()) alt="P99.9 latency vs partitions under backlog, seed 001's measured grid, marking your partition count".into() />
            <figcaption><strong>"P99.9 vs partitions under backlog. "</strong>"Seed 001: P99.9 end-to-end under 0.5–2 TB of backlog on 6 nodes; hollow: aborted or failed runs. The grey line: your partitions, cluster-wide."</figcaption>
        </figure>
    }
}
