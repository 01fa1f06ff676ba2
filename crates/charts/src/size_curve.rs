//! Throughput vs message size per system: measured points, fitted a + b·s curve,
//! and where the workload's message size sits on each curve.

use capacity::catalog::Catalog;
use capacity::units::fmt_num;
use capacity::units::Bytes;
use plotters::prelude::*;

use crate::{accessible, color, e, log_log, ChartError, SIZE};

/// Cluster msg/s on a system's measured setup at `size` bytes.
fn home_msgs(m: &capacity::catalog::SystemModel, size: f64) -> f64 {
    f64::from(m.home.nodes * m.home.cores) / (f64::from(m.home.rf) * m.produce.core_seconds(size))
}

/// Draws measured produce throughput (dots) and fitted curves (lines) on log–log
/// axes, each system on its measured setup, with a marker at the workload's size.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn size_curve_svg(catalog: &Catalog, size: Bytes) -> Result<String, ChartError> {
    let mut svg = String::new();
    // 50 B – 20 KB (the seeds' sizes), widened to the workload's and the uploaded sizes.
    let sizes = catalog.systems.iter().flat_map(|m| m.uploaded.iter().map(|u| u.message_bytes)).chain([size.0]).filter(|s| s.is_finite() && *s > 0.0);
    let (lo, hi) = sizes.fold((50.0_f64, 20_000.0_f64), |(lo, hi), s| (lo.min(s / 1.5), hi.max(s * 1.5)));
    let (x0, x1) = (lo.max(1.0), hi.min(1e9));
    let mut y1 = 1.0_f64;
    let mut y0 = f64::INFINITY;
    for m in &catalog.systems {
        for s in [x0, x1, size.0.clamp(x0, x1)] {
            let v = home_msgs(m, s);
            y1 = y1.max(v);
            y0 = y0.min(v);
        }
        for p in &m.produce.points {
            y1 = y1.max(p.measured_msgs);
            y0 = y0.min(p.measured_msgs);
        }
        for u in &m.uploaded {
            y1 = y1.max(u.msgs);
            y0 = y0.min(u.msgs);
        }
    }
    let y0 = (y0 * 0.5).max(1.0);
    let y1 = y1 * 2.0;
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let mut chart = log_log(&root, (x0, x1), (y0, y1), ("message size (bytes)", "msg/s (cluster)"))?;
        for m in &catalog.systems {
            let c = color(m.system);
            let curve: Vec<(f64, f64)> = (0..=60).map(|i| x0 * (x1 / x0).powf(f64::from(i) / 60.0)).map(|s| (s, home_msgs(m, s))).collect();
            let assumed = if m.home.assumed.is_some() { "assumed " } else { "" };
            let yours = capacity::catalog::is_upload(&m.home.hardware_id);
            let whose = if yours { "your cluster, " } else { "" };
            let scaled = m.calibration.as_ref().map(|c| format!(", ×{:.2} to your runs", c.factor)).unwrap_or_default();
            let label = format!("{} ({whose}{assumed}{}×{} cores, RF {}{scaled})", m.system.name(), m.home.nodes, m.home.cores, m.home.rf);
            chart
                .draw_series(LineSeries::new(curve, c.stroke_width(2)))
                .map_err(e)?
                .label(label)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
            // Reference runs as dots; a curve fitted on uploaded runs shows them as squares below.
            if !yours {
                chart.draw_series(m.produce.points.iter().map(|p| Circle::new((p.message_bytes, p.measured_msgs), 5, c.filled()))).map_err(e)?;
            }
            let s = size.0.clamp(x0, x1);
            chart.draw_series(std::iter::once(Cross::new((s, home_msgs(m, s)), 6, c.stroke_width(2)))).map_err(e)?;
            // Uploaded runs, on the user's own cluster: hollow squares, apart from the reference dots.
            if !m.uploaded.is_empty() {
                let pts: Vec<(f64, f64)> = m.uploaded.iter().map(|u| (u.message_bytes.clamp(x0, x1), u.msgs.clamp(y0, y1))).collect();
                chart
                    .draw_series(pts.into_iter().map(|p| Rectangle::new([(p.0 / 1.06, p.1 / 1.12), (p.0 * 1.06, p.1 * 1.12)], c.stroke_width(2))))
                    .map_err(e)?
                    .label(format!("{}: your runs (your cluster)", m.system.name()))
                    .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 8, y + 4)], c.stroke_width(2)));
            }
        }
        let s = size.0.clamp(x0, x1);
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(s, y0), (s, y1)], BLACK.mix(0.4).stroke_width(1))))
            .map_err(e)?
            .label(format!("your size: {} B", fmt_num(size.0)))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK.mix(0.4)));
        chart
            .configure_series_labels()
            // Lower left: the curves fall with size from the top left, so that corner stays empty.
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(200, 200, 200))
            .draw()
            .map_err(e)?;
        root.present().map_err(e)?;
    }
    Ok(accessible(
        svg,
        "Produce throughput vs message size",
        &format!("Dots are measured runs, lines the fitted t(s) = a + b·s per system, crosses where a {} B message sits on each curve, hollow squares runs you uploaded.", fmt_num(size.0)),
    ))
}
