//! Latency vs partitions under backlog (seed 001's grid) with the workload's
//! partition count marked.

use capacity::catalog::Catalog;
use capacity::dataset::Status;
use capacity::units::fmt_num;
use plotters::prelude::*;

use crate::{accessible, color, e, log_log, ChartError, SIZE};

/// P99.9 vs partitions, one line per system at the largest measured backlog that
/// has the most cells; failed/aborted cells drawn as hollow markers at their bound.
///
/// Returns `Ok(None)` when the catalog holds no grid.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn partitions_svg(catalog: &Catalog, partitions: u32) -> Result<Option<String>, ChartError> {
    let cells: Vec<_> = catalog.systems.iter().flat_map(|m| m.grid.iter().map(move |c| (m.system, c))).collect();
    if cells.is_empty() {
        return Ok(None);
    }
    // The axis reaches the user's count below the grid too: clamped to the grid's
    // edge, 24 partitions were drawn at 70 (a stop-40 tester).
    let x0 = cells.iter().map(|(_, c)| c.partitions).fold(f64::from(partitions.max(1)), f64::min) * 0.7;
    let x1 = cells.iter().map(|(_, c)| c.partitions).fold(0.0, f64::max).max(f64::from(partitions)) * 1.4;
    let y0 = cells.iter().map(|(_, c)| c.ms).filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min) * 0.6;
    let y1 = cells.iter().map(|(_, c)| c.ms).fold(0.0, f64::max) * 1.6;
    let mut backlogs: Vec<f64> = cells.iter().map(|(_, c)| c.backlog_bytes).collect();
    capacity::order::sort_by(&mut backlogs, f64::total_cmp);
    backlogs.dedup();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let mut chart = log_log(&root, (x0, x1), (y0, y1), ("partitions (6-node test cluster)", "P99.9 (ms)"))?;
        for m in &catalog.systems {
            if m.grid.is_empty() {
                continue;
            }
            let c = color(m.system);
            for (bi, b) in backlogs.iter().enumerate() {
                let mut line: Vec<(f64, f64)> = m.grid.iter().filter(|g| g.backlog_bytes == *b && g.ms > 0.0).map(|g| (g.partitions, g.ms)).collect();
                capacity::order::sort_by(&mut line, |a, b| a.0.total_cmp(&b.0));
                let style = c.mix(0.35 + 0.65 * (bi + 1) as f64 / backlogs.len() as f64).stroke_width(2);
                let series = chart.draw_series(LineSeries::new(line, style)).map_err(e)?;
                if bi + 1 == backlogs.len() {
                    series.label(format!("{} (darker = larger backlog, {}–{} GB)", m.system.name(), fmt_num(backlogs[0] / 1e9), fmt_num(b / 1e9))).legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
                }
            }
            chart
                .draw_series(m.grid.iter().filter(|g| g.ms > 0.0).map(|g| {
                    if g.status == Status::Ok { Circle::new((g.partitions, g.ms), 4, c.filled()) } else { Circle::new((g.partitions, g.ms), 6, c.stroke_width(2)) }
                }))
                .map_err(e)?;
        }
        let p = f64::from(partitions).clamp(x0, x1);
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(p, y0), (p, y1)], BLACK.mix(0.4))))
            .map_err(e)?
            .label(format!("your partitions: {}", partitions))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], BLACK.mix(0.4)));
        chart.configure_series_labels().position(SeriesLabelPosition::UpperLeft).background_style(WHITE.mix(0.85)).border_style(RGBColor(200, 200, 200)).draw().map_err(e)?;
        root.present().map_err(e)?;
    }
    Ok(Some(accessible(
        svg,
        "P99.9 latency vs partitions under backlog",
        "Seed 001's measured grid; hollow markers are aborted or failed test points (lower bounds).",
    )))
}
