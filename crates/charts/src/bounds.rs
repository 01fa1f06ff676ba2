//! Nodes by bound for one sized system: which resource set the count.

use capacity::sizing::SystemPlan;
use capacity::units::fmt_num;
use plotters::prelude::*;

use crate::{accessible, e, ChartError, SIZE};

/// Horizontal bars of the data nodes each bound needs; the binding bar is dark,
/// the dashed line is the planned data-node count (with failure head-room).
///
/// # Errors
/// [`ChartError`] if plotters fails.
pub fn bounds_svg(p: &SystemPlan) -> Result<String, ChartError> {
    let mut svg = String::new();
    let n = p.bounds.len();
    let xmax = p.bounds.iter().map(|b| b.nodes).filter(|x| x.is_finite()).fold(f64::from(p.data_nodes), f64::max) * 1.15 + 0.5;
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.0, 60 + 34 * n as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(e)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(200)
            .build_cartesian_2d(0.0..xmax, 0.0..n as f64)
            .map_err(e)?;
        let labels: Vec<String> = p.bounds.iter().map(|b| b.kind.label().to_string()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n * 2 + 1)
            .y_label_formatter(&|y| {
                let i = y.floor() as usize;
                if (y - y.floor() - 0.5).abs() < 0.01 && i < labels.len() { labels[n - 1 - i].clone() } else { String::new() }
            })
            .x_desc("data nodes")
            .x_labels(6)
            .x_label_formatter(&|v| fmt_num(*v))
            .label_style(("sans-serif", crate::LABEL_PX))
            .axis_desc_style(("sans-serif", crate::LABEL_PX))
            .draw()
            .map_err(e)?;
        chart
            .draw_series(p.bounds.iter().enumerate().map(|(i, b)| {
                let y = (n - 1 - i) as f64;
                let style = if b.kind == p.bottleneck { RGBColor(30, 60, 110).filled() } else { RGBColor(150, 170, 200).filled() };
                Rectangle::new([(0.0, y + 0.2), (b.nodes.min(xmax), y + 0.8)], style)
            }))
            .map_err(e)?;
        chart
            .draw_series(p.bounds.iter().enumerate().map(|(i, b)| {
                let y = (n - 1 - i) as f64;
                // An unbounded need (a drain no cluster size meets) fills the axis and
                // says so on the bar, in white.
                let (text, x, colour) = if b.nodes.is_finite() { (need_words(b.nodes), b.nodes.min(xmax) + xmax * 0.01, &BLACK) } else { ("∞: no cluster size suffices".to_string(), xmax * 0.02, &WHITE) };
                Text::new(text, (x, y + 0.65), TextStyle::from(("sans-serif", crate::LABEL_PX).into_font()).color(colour))
            }))
            .map_err(e)?;
        let d = f64::from(p.data_nodes);
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(d, 0.0), (d, n as f64)], BLACK.stroke_width(2))))
            .map_err(e)?;
        // Right of the line, or left of it when it stands in the right half (at 400 px
        // "planned: 18" ran off the drawing).
        let right_half = d > xmax * 0.5;
        let anchor = plotters::style::text_anchor::Pos::new(if right_half { plotters::style::text_anchor::HPos::Right } else { plotters::style::text_anchor::HPos::Left }, plotters::style::text_anchor::VPos::Center);
        let x = if right_half { d - xmax * 0.02 } else { d + xmax * 0.01 };
        chart
            .draw_series(std::iter::once(Text::new(format!("planned: {}", p.data_nodes), (x, n as f64 - 0.15), TextStyle::from(("sans-serif", 12).into_font()).pos(anchor))))
            .map_err(e)?;
        root.present().map_err(e)?;
    }
    Ok(accessible(
        svg,
        &format!("{} nodes by bound", p.system.name()),
        &format!("{}.", p.count_words()),
    ))
}

/// A bound's need as its bar is labelled: `Num`'s digits, with a decimal kept past 100
/// (117.4, not 117: a stop-41 tester read 117 beside "planned: 119", the need rounded
/// up, +1 for a lost node).
fn need_words(nodes: f64) -> String {
    if (100.0..1e6).contains(&nodes) && (nodes - nodes.round()).abs() >= 0.05 {
        format!("{nodes:.1}")
    } else {
        capacity::units::Num(nodes).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::need_words;

    #[test]
    fn a_need_past_100_keeps_its_decimal() {
        assert_eq!(need_words(117.4), "117.4");
        assert_eq!(need_words(117.0), "117");
        assert_eq!(need_words(16.8), "16.8");
        assert_eq!(need_words(3.11), "3.11");
    }
}
