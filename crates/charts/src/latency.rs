//! p99 vs load per system: the corpus latency model's queueing curve at the
//! workload's durability and message size (100 partitions on 3 nodes) with the
//! measured points it rests on, the latency objective, and where each candidate is
//! planned.

use capacity::latency_model::{latency_durability, REFERENCE_PARTITIONS_PER_NODE};
use capacity::{Catalog, Plan};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::{accessible, color, e, log_log, ChartError, SIZE};

/// The chart, or None when no system has a measured p99.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn latency_svg(catalog: &Catalog, plan: &Plan) -> Result<Option<String>, ChartError> {
    let w = &plan.workload;
    let Some(l) = catalog.throughput.as_ref().and_then(|t| t.latency.as_ref()) else { return Ok(None) };
    // The corpus fit at the workload's durability and size (100 partitions on 3
    // nodes); dots: the measured points it rests on.
    let d = |s| latency_durability(s, w.durability);
    let curves: Vec<_> = catalog
        .systems
        .iter()
        .filter_map(|m| {
            let pts: Vec<(f64, f64)> = (0..=20).filter_map(|i| {
                let u = 0.1 + 0.85 * f64::from(i) / 20.0;
                l.predict(m.system, w.durability, 99.0, w.size.0, REFERENCE_PARTITIONS_PER_NODE, u).ok().map(|p| (u, p.ms))
            }).collect();
            let dots: Vec<(f64, f64)> = l
                .curves
                .iter()
                .filter(|c| c.system == m.system && c.percentile == 99.0 && c.durability == d(m.system) && (c.bytes / w.size.0).max(w.size.0 / c.bytes) <= 2.0)
                .flat_map(|c| c.floors.iter().flat_map(|f| f.obs.iter().map(|o| (o.u.max(0.1), o.ms))))
                .collect();
            (!pts.is_empty()).then_some((m.system, pts, dots))
        })
        .collect();
    if curves.is_empty() {
        return Ok(None);
    }
    let missing: Vec<&str> = plan.candidates.iter().filter(|c| c.plan.p99.is_none()).map(|c| c.system.name()).collect();
    let slo = plan.workload.p99_slo.map(|s| s.0);
    let ys = curves.iter().flat_map(|(_, p, d)| p.iter().chain(d).map(|x| x.1)).chain(slo);
    let (y0, y1) = ys.fold((f64::INFINITY, 0.0_f64), |(a, b), y| (a.min(y), b.max(y)));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        // Log–log like the other charts (one plotters instantiation for the bundle).
        let mut chart = log_log(&root, (0.1, 0.95), (y0 * 0.7, y1 * 1.5), ("load ÷ capacity at peak (fraction)", "p99 end-to-end (ms)"))?;
        for (s, pts, dots) in &curves {
            let c = color(*s);
            chart.draw_series(LineSeries::new(pts.iter().copied(), c.stroke_width(2))).map_err(e)?;
            chart.draw_series(dots.iter().map(|(u, y)| Circle::new((*u, *y), 3, c.filled()))).map_err(e)?;
        }
        if let Some(s) = slo {
            chart.draw_series(std::iter::once(PathElement::new(vec![(0.1, s), (0.95, s)], BLACK.stroke_width(1)))).map_err(e)?;
        }
        let small = TextStyle::from(("sans-serif", 12).into_font());
        for c in &plan.candidates {
            if let Some(p) = &c.plan.p99 {
                let x = &c.plan.utilisation;
                let raw = x.cpu.max(x.disk).max(x.network);
                let u = raw.clamp(0.1, 0.95);
                chart.draw_series(std::iter::once(Circle::new((u, p.ms), 7, color(c.system).stroke_width(2)))).map_err(e)?;
                // A ring held at the axis' edge says where it really is (a stop-42
                // tester read Kafka at 2 % load drawn at 0.1, unmarked).
                if (raw - u).abs() > 1e-9 {
                    let (label, at, pos) = if raw < u { (format!("◀ {} %", capacity::units::fmt_num(raw * 100.0)), 0.118, Pos::new(HPos::Left, VPos::Center)) } else { (format!("{} % ▶", capacity::units::fmt_num(raw * 100.0)), 0.8, Pos::new(HPos::Right, VPos::Center)) };
                    chart.draw_series(std::iter::once(Text::new(label, (at, p.ms), small.clone().pos(pos)))).map_err(e)?;
                }
            }
        }
        // A candidate with no ring is named (a stop-42 tester saw the recommended
        // RocketMQ missing, the caption still naming its colour); its plan says why.
        if !missing.is_empty() {
            root.draw(&Text::new(format!("no p99 for this plan: {}", missing.join(", ")), (96, 14), small.color(&RGBColor(90, 98, 108)))).map_err(e)?;
        }
        root.present().map_err(e)?;
    }
    Ok(Some(accessible(
        svg,
        "p99 vs utilisation",
        &format!(
            "p99 by utilisation; rings: the candidates{}{}.",
            slo.map(|s| format!("; line: {} ms objective", capacity::units::fmt_num(s))).unwrap_or_default(),
            if missing.is_empty() { String::new() } else { format!("; no p99 for this plan: {}", missing.join(", ")) }
        ),
    )))
}
