//! p99 vs utilisation per system: the measured steady (≙ 50 %) and high-load
//! (≙ 90 %) points and the log interpolation between them, the latency objective,
//! and where each candidate is planned.

use capacity::factors::{HIGH_UTILISATION, STEADY_UTILISATION};
use capacity::{Catalog, Plan};
use plotters::prelude::*;

use crate::{accessible, color, e, log_log, ChartError, SIZE};

/// The chart, or None when no system has a measured p99.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn latency_svg(catalog: &Catalog, plan: &Plan) -> Result<Option<String>, ChartError> {
    let curves: Vec<_> = catalog
        .systems
        .iter()
        .filter_map(|m| {
            let pts: Vec<(f64, f64)> = (0..=20).filter_map(|i| {
                let u = 0.3 + 0.65 * f64::from(i) / 20.0;
                capacity::latency::expected_p99(m, u).map(|x| (u, x.ms))
            }).collect();
            (!pts.is_empty()).then_some((m.system, pts))
        })
        .collect();
    if curves.is_empty() {
        return Ok(None);
    }
    let slo = plan.workload.p99_slo.map(|s| s.0);
    let ys = curves.iter().flat_map(|(_, p)| p.iter().map(|x| x.1)).chain(slo);
    let (y0, y1) = ys.fold((f64::INFINITY, 0.0_f64), |(a, b), y| (a.min(y), b.max(y)));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        // Log–log like the other charts (one plotters instantiation for the bundle).
        let mut chart = log_log(&root, (0.3, 0.95), (y0 * 0.7, y1 * 1.5), ("CPU utilisation at peak (fraction)", "p99 end-to-end (ms)"))?;
        for (s, pts) in &curves {
            let c = color(*s);
            chart.draw_series(LineSeries::new(pts.iter().copied(), c.stroke_width(2))).map_err(e)?;
            let measured = pts.iter().filter(|(u, _)| (u - STEADY_UTILISATION).abs() < 0.02 || (u - HIGH_UTILISATION).abs() < 0.02);
            chart.draw_series(measured.map(|(u, y)| Circle::new((*u, *y), 3, c.filled()))).map_err(e)?;
        }
        if let Some(s) = slo {
            chart.draw_series(std::iter::once(PathElement::new(vec![(0.3, s), (0.95, s)], BLACK.stroke_width(1)))).map_err(e)?;
        }
        for c in &plan.candidates {
            if let Some(p) = &c.plan.p99 {
                let u = c.plan.utilisation.cpu.clamp(0.3, 0.95);
                chart.draw_series(std::iter::once(Circle::new((u, p.ms), 7, color(c.system).stroke_width(2)))).map_err(e)?;
            }
        }
        root.present().map_err(e)?;
    }
    Ok(Some(accessible(
        svg,
        "p99 vs utilisation",
        &format!(
            "p99 by utilisation; rings: the candidates{}.",
            slo.map(|s| format!("; line: {} ms objective", capacity::units::fmt_num(s))).unwrap_or_default()
        ),
    )))
}
