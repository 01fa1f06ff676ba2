//! The `/model` page's latency section: each fitted p(u) curve with the floors of
//! its sources and the points they rest on, the partition factors, and the
//! interval's leave-one-source-out residuals. Thin: the figures are
//! `capacity::latency_model::LatencyModel`'s.

use capacity::latency_model::LatencyModel;
use capacity::units::fmt_num;
use charts::escape;

/// The section (empty when no latency model was fitted).
pub fn latency_section(m: Option<&LatencyModel>) -> String {
    let Some(m) = m else { return String::new() };
    let curves: String = m
        .curves
        .iter()
        .map(|c| {
            let floors: String = c
                .floors
                .iter()
                .map(|f| {
                    let obs: Vec<String> = f.obs.iter().map(|o| format!("<span title=\"{}\">{} ms at {:.0} %</span>", escape(&o.point.citation), escape(&fmt_num(o.ms)), o.u * 100.0)).collect();
                    format!("{} {} ms ({})", escape(&f.source), escape(&fmt_num(f.floor_ms)), obs.join(", "))
                })
                .collect::<Vec<_>>()
                .join("; ");
            format!(
                "<tr><td>{}</td><td>{}</td><td>p{}</td><td>{} B</td><td>{} <small class=\"muted\">{}</small></td><td>{floors}</td></tr>",
                escape(c.system.name()),
                escape(c.durability.id()),
                escape(&fmt_num(c.percentile)),
                escape(&fmt_num(c.bytes)),
                escape(&fmt_num(c.knee)),
                escape(&c.knee_basis),
            )
        })
        .collect();
    let parts: String = m
        .partitions
        .iter()
        .map(|e| {
            let pts: Vec<String> = e
                .points
                .iter()
                .map(|p| format!("<span title=\"{}\">×{} at {}{}</span>", escape(&p.point.citation), escape(&fmt_num(p.factor)), escape(&fmt_num(p.per_node)), if p.kept_up { "" } else { " (consumers fell behind)" }))
                .collect();
            format!("<li>{} ({}): {}</li>", escape(e.system.name()), escape(e.durability.id()), pts.join(", "))
        })
        .collect();
    let residuals: Vec<String> = m.residuals.iter().map(|r| format!("{r:+.2}")).collect();
    format!(
        "<h2 id=\"latency\">Latency model</h2>\
<p>p(u) = floor × (1 + knee × u/(1 − u)), u = load ÷ capacity of the busiest resource, per system, durability, percentile and message size; each source keeps its own floor (at the planned load a plan uses their geometric mean). Hover a point for its citation.</p>\
<div class=\"scroll\"><table><thead><tr><th scope=\"col\">system</th><th scope=\"col\">durability</th><th scope=\"col\">percentile</th><th scope=\"col\">size</th><th scope=\"col\">knee</th><th scope=\"col\">floors by source (measured points at utilisation)</th></tr></thead><tbody>{curves}</tbody></table></div>\
<p>Partition factor (publish latency ÷ the run at the reference partitions per node, same cluster), by partitions per node:</p><ul>{parts}</ul>\
<p>Interval: each source's points predicted from the other sources' floors and knee; ln(measured ÷ predicted) = {res}; the 80 % interval is ×/÷ {k} (the 80th percentile of their size).</p>",
        res = if residuals.is_empty() { "none (too few sources)".to_string() } else { residuals.join(", ") },
        k = escape(&format!("{:.2}", m.log_half_width.exp())),
    )
}
