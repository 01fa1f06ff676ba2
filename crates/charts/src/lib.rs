//! mqplan's charts, drawn with plotters into SVG strings. Pure drawing over the
//! capacity crate's types: the server draws them (`GET /api/v1/chart/…`, the
//! `/model` page) and the page shows them as images, so the browser bundle
//! carries no drawing code. Every label that carries data passes through
//! [`escape`] before it reaches the SVG.

mod bounds;
mod escape;
mod latency;
mod partitions;
mod size_curve;
mod validation;

pub use bounds::bounds_svg;
pub use escape::escape;
pub use latency::latency_svg;
pub use partitions::partitions_svg;
pub use size_curve::size_curve_svg;
pub use validation::validation_svg;

use capacity::SystemId;
use plotters::style::RGBColor;

/// The plan's charts' width and height in px (the SVG scales with CSS). The page
/// shows them about 415 px wide beside each other on a laptop and 340 px on a phone:
/// drawn 640 px wide their labels fell to 9 px on the one and needed scrolling on
/// the other (a stop-40 tester found them cut off at 390 px); drawn 400 px wide they
/// stay near [`LABEL_PX`] on both.
pub const SIZE: (u32, u32) = (400, 400);

/// The `/model` page's predicted-vs-measured chart, px: a page of its own, up to
/// 760 px wide.
pub const MODEL_SIZE: (u32, u32) = (640, 360);

/// Axis labels' and descriptions' font size, px of the 640-px drawing.
pub const LABEL_PX: u32 = 14;

/// Errors drawing. Rendering to a string can only fail inside plotters.
#[derive(Debug)]
pub struct ChartError(pub String);

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "chart drawing failed: {}", self.0)
    }
}

impl std::error::Error for ChartError {}

/// Plotters' error, reduced to a fixed text: drawing into a `String` can only fail on
/// a formatting error, and formatting plotters' `io::Error` would link std's io error
/// texts into the browser bundle.
pub(crate) fn e<E>(_: E) -> ChartError {
    ChartError("plotters could not write the SVG".into())
}

/// A log–log chart with axis descriptions and a few number-formatted labels. No
/// caption: the page's `<figcaption>` and the SVG `<title>` carry it, and every
/// text plotters lays out costs a synchronous layout in the browser.
pub(crate) type LogLog<'a, 'b> = plotters::chart::ChartContext<
    'a,
    plotters::prelude::SVGBackend<'b>,
    plotters::coord::cartesian::Cartesian2d<LogAxis, LogAxis>,
>;

/// A log axis with its ticks at [`log_ticks`].
pub(crate) type LogAxis = plotters::coord::combinators::WithKeyPoints<plotters::coord::combinators::LogCoord<f64>>;

/// Tick values for a log axis over `lo..hi`: the 1-2-5 steps of each decade when it
/// spans at most three decades, more steps inside one decade (a load axis from 0.1
/// to 0.95 had a single tick at 0.1), powers of ten beyond.
/// `sparse` (an x axis [`SIZE`] wide) thins them: five steps inside a decade, powers
/// of ten past two decades, so 400 px do not run "1,0002,000" together.
pub(crate) fn log_ticks(lo: f64, hi: f64, sparse: bool) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    let decades = (hi / lo).log10();
    let steps: &[f64] = if decades <= 1.0 && sparse {
        &[1.0, 2.0, 3.0, 5.0, 7.0]
    } else if decades <= 1.0 {
        &[1.0, 1.5, 2.0, 3.0, 5.0, 7.0]
    } else if decades <= if sparse { 2.0 } else { 3.0 } {
        &[1.0, 2.0, 5.0]
    } else {
        &[1.0]
    };
    let mut out = Vec::new();
    let mut p = 10f64.powi(lo.log10().floor() as i32);
    while p <= hi {
        for s in steps {
            let v = p * s;
            if v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9) {
                out.push(v);
            }
        }
        p *= 10.0;
    }
    out
}

pub(crate) fn log_log<'a, 'b>(
    root: &'a plotters::drawing::DrawingArea<plotters::prelude::SVGBackend<'b>, plotters::coord::Shift>,
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
    (x_desc, y_desc): (&str, &str),
) -> Result<LogLog<'a, 'b>, ChartError> {
    let sparse = root.dim_in_pixel().0 < MODEL_SIZE.0;
    use plotters::prelude::*;
    root.fill(&WHITE).map_err(e)?;
    let mut chart = ChartBuilder::on(root)
        .margin(10)
        // Room for the last x label, centred on the right edge ("20,000").
        .margin_right(26)
        .x_label_area_size(46)
        .y_label_area_size(84)
        .build_cartesian_2d((x0..x1).log_scale().with_key_points(log_ticks(x0, x1, sparse)), (y0..y1).log_scale().with_key_points(log_ticks(y0, y1, false)))
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&|v| capacity::units::fmt_num(*v))
        .y_label_formatter(&|v| capacity::units::fmt_num(*v))
        // Plotters' default (a share of the height, 9.7 px here) fell to 5 px on a
        // phone (a stop-38 tester): a fixed size, read at ≥ 11 px where the page
        // keeps the chart 540 px wide.
        .label_style(("sans-serif", LABEL_PX))
        .axis_desc_style(("sans-serif", LABEL_PX))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(e)?;
    Ok(chart)
}

/// Colour per system (colour-blind-safe Okabe–Ito palette).
pub fn color(s: SystemId) -> RGBColor {
    match s {
        SystemId::Kafka => RGBColor(0, 114, 178),
        SystemId::Rocketmq => RGBColor(213, 94, 0),
        SystemId::Pulsar => RGBColor(0, 158, 115),
        SystemId::Pravega => RGBColor(204, 121, 167),
    }
}

/// A chart-sized SVG that says, in words, why there is nothing to draw (`title`
/// and `text` are escaped), so the page's image is never a broken one.
pub fn message_svg(title: &str, text: &str) -> String {
    let (w, h) = SIZE;
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#555\">{}</text></svg>",
        w / 2,
        h / 2,
        escape(text)
    );
    accessible(svg, title, text)
}

/// Adds `role="img"` and an escaped `<title>`/`<desc>` so screen readers announce the chart.
pub(crate) fn accessible(svg: String, title: &str, desc: &str) -> String {
    let head = format!("<title>{}</title><desc>{}</desc>", escape(title), escape(desc));
    match svg.find('>') {
        Some(i) if svg.starts_with("<svg") => {
            let (a, b) = svg.split_at(i);
            format!("{a} role=\"img\">{head}{}", &b[1..])
        }
        _ => svg,
    }
}
