//! Predicted vs measured throughput of the held-out runs (leave-one-source-out):
//! log–log, one point per run coloured by system, the y = x line and the ±20 % band.
//! Filled dots are saturated runs; hollow ones are lower bounds (fixed rate,
//! client-bound), which only err when they sit above the line's −10 %.

use capacity::throughput::ValidationPoint;
use capacity::SystemId;
use plotters::prelude::*;

use crate::{accessible, color, e, log_log, ChartError, MODEL_SIZE};

/// The chart.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn validation_svg(points: &[ValidationPoint]) -> Result<String, ChartError> {
    let mut svg = String::new();
    let vals = points.iter().flat_map(|p| [p.measured, p.predicted]).filter(|v| v.is_finite() && *v > 0.0);
    let (lo, hi) = vals.fold((f64::INFINITY, 0.0_f64), |(a, b), v| (a.min(v), b.max(v)));
    let (lo, hi) = if lo.is_finite() && hi > lo { (lo / 1.5, hi * 1.5) } else { (1e3, 1e7) };
    {
        let root = SVGBackend::with_string(&mut svg, MODEL_SIZE).into_drawing_area();
        let mut chart = log_log(&root, (lo, hi), (lo, hi), ("measured msg/s (held-out run)", "predicted msg/s (fit without its source)"))?;
        let band = RGBColor(220, 220, 220);
        for k in [0.8, 1.2] {
            chart.draw_series(LineSeries::new([(lo, lo * k), (hi, hi * k)], band.stroke_width(1))).map_err(e)?;
        }
        chart.draw_series(LineSeries::new([(lo, lo), (hi, hi)], BLACK.stroke_width(1))).map_err(e)?;
        for s in SystemId::ALL {
            let c = color(s);
            let mine = points.iter().filter(|p| p.system == s && p.measured > 0.0 && p.predicted > 0.0);
            chart
                .draw_series(mine.map(|p| {
                    let style = if p.lower_bound { c.stroke_width(1) } else { c.filled() };
                    Circle::new((p.measured, p.predicted), 3, style)
                }))
                .map_err(e)?;
        }
        root.present().map_err(e)?;
    }
    let sat = points.iter().filter(|p| !p.lower_bound).count();
    Ok(accessible(
        svg,
        "Predicted vs measured throughput, each source held out in turn",
        &format!("{sat} saturated runs (filled) and {} lower-bound runs (hollow); diagonal = exact, grey lines = ±20 %", points.len() - sat),
    ))
}
