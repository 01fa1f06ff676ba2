//! CPU-bound produce throughput per node vs message size, on the user's machine and
//! workload settings: the curve the plan sizes with, its calibrated band, the
//! evidence around it, and where the workload's message size sits.
//!
//! A system the corpus model fits is drawn from
//! [`capacity::throughput::cpu_capacity_per_node`] — the same call the plan makes,
//! calibrated to your uploads when they calibrate it — with its 80 % band and the
//! runs behind it as partial residuals: each run at its own message size, at the
//! curve's value × its measured ÷ fitted ratio (the run's scatter around the fit,
//! carried to your machine); your calibrating runs likewise, as hollow squares. With
//! `data=only` (your cluster fitted alone), or for a system the corpus model has no fit for,
//! the line is the seed size curve on the setup it was measured on, per
//! node, as its legend says.

use capacity::catalog::{Catalog, SystemModel};
use capacity::units::fmt_num;
use capacity::Workload;
use plotters::prelude::*;

use crate::{accessible, color, e, log_log, ChartError, SIZE};

/// Points along each curve.
const STEPS: u32 = 48;

/// One node's msg/s on a system's measured setup at `size` bytes (seed size curve).
fn seed_per_node(m: &SystemModel, size: f64) -> f64 {
    f64::from(m.home.cores) / (f64::from(m.home.rf) * m.produce.core_seconds(size))
}

/// One system's line: expected per node, band (low, high) when calibrated, dots.
struct Line {
    model: &'static str,
    curve: Vec<(f64, f64, f64, f64)>,
    dots: Vec<(f64, f64)>,
    uploads: Vec<(f64, f64)>,
    at_size: f64,
    label: String,
}

fn lines<'c>(catalog: &'c Catalog, w: &Workload, (x0, x1): (f64, f64)) -> Vec<(&'c SystemModel, Line)> {
    let xs: Vec<f64> = (0..=STEPS).map(|i| x0 * (x1 / x0).powf(f64::from(i) / f64::from(STEPS))).collect();
    let mut out = Vec::new();
    for m in &catalog.systems {
        let corpus = catalog.throughput.as_ref().filter(|t| t.system(m.system).is_some() && !capacity::predict::seed_curve_answers(catalog, m));
        let line = match corpus {
            Some(t) => {
                let at = |s: f64| capacity::throughput::cpu_capacity_per_node(t, m.system, &w.hardware, s, w.rf, w.partitions, w.fanout, w.durability);
                let curve: Vec<(f64, f64, f64, f64)> = xs.iter().filter_map(|&s| at(s).map(|(x, h, ..)| (s, x, x * (-h.down).exp(), x * h.up.exp()))).collect();
                let fit = t.system(m.system);
                let cal = fit.and_then(|f| f.uploads.as_ref());
                // Residuals are against the reference fit; the line carries the calibration.
                let factor = cal.map_or(1.0, |c| c.factor);
                let dots = fit.map_or(&[][..], |f| &f.cpu_residuals[..]).iter().filter_map(|&(s, r)| at(s).map(|(x, ..)| (s, x * r / factor))).collect();
                // Every run of yours the plan uses (calibrating or lower bound), at the line ×
                // its measured ÷ the calibrated CPU capacity on the cluster it states.
                let uploads = fit
                    .map(|f| {
                        m.uploaded
                            .iter()
                            .filter(|u| u.role != capacity::catalog::UploadRole::NotUsed)
                            .filter_map(|u| {
                                let b = t.bounds(f, &capacity::throughput::upload_cluster(m, u));
                                let cpu = b.cpu * b.durability;
                                (cpu > 0.0).then_some(())?;
                                at(u.message_bytes).map(|(x, ..)| (u.message_bytes, x * u.as_run(m.system) / cpu))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let (x, h, level, _) = at(w.size.0).unwrap_or((f64::NAN, capacity::throughput::Widening::default(), 0.8, 1.0));
                let calibrated = cal.filter(|c| c.calibrated).map(|c| format!(" ×{:.2}", c.factor)).unwrap_or_default();
                Line {
                    model: "corpus",
                    curve,
                    dots,
                    uploads,
                    at_size: x,
                    label: format!("{} fit{calibrated}, {:.0} % band {}", m.system.name(), level * 100.0, band_words(h)),
                }
            }
            None => {
                let yours = m.home.origin.upload().is_some();
                let scaled = m.calibration.as_ref().map(|c| format!(" ×{:.2}", c.factor)).unwrap_or_default();
                let whose = if yours { "your cluster" } else if m.home.assumed.is_some() { "assumed setup" } else { "its measured setup" };
                let per_node = |msgs: f64, nodes: u32| msgs / f64::from(nodes.max(1));
                Line {
                    model: "seed",
                    curve: xs.iter().map(|&s| (s, seed_per_node(m, s), f64::NAN, f64::NAN)).collect(),
                    dots: if yours { Vec::new() } else { m.produce.points.iter().map(|p| (p.message_bytes, per_node(p.measured_msgs, m.home.nodes))).collect() },
                    uploads: m.uploaded.iter().map(|u| (u.message_bytes, per_node(u.msgs, u.nodes))).collect(),
                    at_size: seed_per_node(m, w.size.0),
                    label: format!("{} seed{scaled}, {whose}: {} cores, RF {}", m.system.name(), m.home.cores, m.home.rf),
                }
            }
        };
        out.push((m, line));
    }
    out
}

/// Draws, per system, one node's CPU-bound produce msg/s vs message size on
/// log–log axes for the workload `w` (its machine, RF, partitions, consumer groups,
/// durability): a line with its calibrated band, the runs behind it as dots, your
/// uploaded runs as hollow squares, and a cross at `w.size`.
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn size_curve_svg(catalog: &Catalog, w: &Workload) -> Result<String, ChartError> {
    let mut svg = String::new();
    let size = w.size.0;
    // 50 B – 20 KB, widened to the workload's, the uploaded and the corpus-measured sizes.
    let sizes = catalog
        .systems
        .iter()
        .flat_map(|m| m.uploaded.iter().map(|u| u.message_bytes))
        .chain(catalog.throughput.iter().flat_map(|t| t.systems.iter().flat_map(|s| [s.size_range.0, s.size_range.1])))
        .chain([size])
        .filter(|s| s.is_finite() && *s > 0.0);
    let (lo, hi) = sizes.fold((50.0_f64, 20_000.0_f64), |(lo, hi), s| (lo.min(s / 1.5), hi.max(s * 1.5)));
    let (x0, x1) = (lo.max(1.0), hi.min(1e9));
    let lines = lines(catalog, w, (x0, x1));
    let ys = lines.iter().flat_map(|(_, l)| l.curve.iter().flat_map(|c| [c.1, c.2, c.3]).chain(l.dots.iter().chain(&l.uploads).map(|d| d.1)));
    let (y0, y1) = ys.filter(|y| y.is_finite() && *y > 0.0).fold((f64::INFINITY, 1.0_f64), |(a, b), y| (a.min(y), b.max(y)));
    let y0 = if y0.is_finite() { (y0 * 0.7).max(1.0) } else { 1.0 };
    let y1 = y1 * 1.5;
    let clamp = |(x, y): (f64, f64)| (x.clamp(x0, x1), y.clamp(y0, y1));
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        let mut chart = log_log(&root, (x0, x1), (y0, y1), ("message size (bytes)", "msg/s per node (CPU)"))?;
        for (m, l) in &lines {
            let c = color(m.system);
            // The band first, so lines and dots sit on it.
            let band: Vec<(f64, f64)> = l.curve.iter().filter(|p| p.2.is_finite()).map(|p| clamp((p.0, p.2))).chain(l.curve.iter().rev().filter(|p| p.3.is_finite()).map(|p| clamp((p.0, p.3)))).collect();
            if band.len() > 2 {
                chart.draw_series(std::iter::once(Polygon::new(band, c.mix(0.12).filled()))).map_err(e)?;
            }
            let style = if l.model == "seed" { c.stroke_width(2) } else { c.stroke_width(3) };
            chart
                .draw_series(LineSeries::new(l.curve.iter().map(|p| clamp((p.0, p.1))), style))
                .map_err(e)?
                .label(l.label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2)));
            chart.draw_series(l.dots.iter().map(|&d| Circle::new(clamp(d), 4, c.filled()))).map_err(e)?;
            if l.at_size.is_finite() {
                chart.draw_series(std::iter::once(Cross::new(clamp((size, l.at_size)), 6, c.stroke_width(2)))).map_err(e)?;
            }
            if !l.uploads.is_empty() {
                chart
                    .draw_series(l.uploads.iter().map(|&u| {
                        let p = clamp(u);
                        Rectangle::new([(p.0 / 1.06, p.1 / 1.12), (p.0 * 1.06, p.1 * 1.12)], c.stroke_width(2))
                    }))
                    .map_err(e)?
                    .label(format!("{}: your runs", m.system.name()))
                    .legend(move |(x, y)| Rectangle::new([(x, y - 4), (x + 8, y + 4)], c.stroke_width(2)));
            }
        }
        let s = size.clamp(x0, x1);
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(s, y0), (s, y1)], BLACK.mix(0.4).stroke_width(1))))
            .map_err(e)?
            .label(format!("your size: {} B", fmt_num(size)))
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
    let at: Vec<String> = lines.iter().filter(|(_, l)| l.at_size.is_finite()).map(|(m, l)| format!("{} {} msg/s per node", m.system.name(), fmt_num(l.at_size))).collect();
    Ok(accessible(
        svg,
        "CPU-bound produce throughput per node vs message size",
        &format!(
            "On {} cores per node at RF {}, {} consumer group(s): lines are each system's fitted CPU capacity with its calibrated band, dots the runs the fit rests on (partial residuals), hollow squares runs you uploaded. At {} B: {}.",
            w.hardware.cores,
            w.rf,
            w.fanout,
            fmt_num(size),
            at.join(", ")
        ),
    ))
}

/// A band's reach in words: `×/÷2.04` when both sides are alike, `÷1.80…×2.30`
/// when an unmeasured read cost widens one side more.
fn band_words(h: capacity::throughput::Widening) -> String {
    let (lo, hi) = (h.down.exp(), h.up.exp());
    if (hi / lo - 1.0).abs() < 5e-3 { format!("×/÷{hi:.2}") } else { format!("÷{lo:.2}…×{hi:.2}") }
}
