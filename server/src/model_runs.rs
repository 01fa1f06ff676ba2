//! The `/model` page's per-run tables: every held-out prediction of the
//! leave-one-source-out validation, with its citation, so each figure in the
//! summary table can be traced to the runs behind it. Thin: the figures are
//! `capacity::throughput::Validation`'s.

use capacity::throughput::{ThroughputModel, ValidationPoint};
use capacity::units::fmt_num;
use charts::escape;

/// The citation of `(source, run)` from the runs the full fit used, if it used it.
fn citation<'a>(t: &'a ThroughputModel, p: &ValidationPoint) -> Option<&'a str> {
    t.systems.iter().flat_map(|s| s.runs.iter()).find(|r| r.source == p.source && r.run == p.run).map(|r| r.citation.as_str())
}

/// The verdict on one held-out run, in words.
pub fn verdict(p: &ValidationPoint) -> String {
    if p.lower_bound {
        return if p.under_predicted() { format!("under-predicted by {:.0} %", (1.0 - p.predicted / p.measured) * 100.0) } else { "not under-predicted".into() };
    }
    let side = if p.measured > p.predicted { "below" } else { "above" };
    match (p.within_20pct(), p.inside_interval()) {
        (true, true) => "within ±20 %".into(),
        // A stated-hardware interval can be narrower than ±20 % (×/÷ 1.05): a run
        // within ±20 % may still fall outside it, and counts against coverage.
        (true, false) => format!("within ±20 %, but outside the interval ({side} the measured)"),
        (false, true) => "inside the interval".into(),
        (false, false) => format!("outside the interval ({side} the measured)"),
    }
}

fn rows(t: &ThroughputModel, pts: &[&ValidationPoint]) -> String {
    pts.iter()
        .map(|p| {
            let cite = citation(t, p).unwrap_or("");
            let flag = if p.is_miss() { " class=\"miss\"" } else { "" };
            format!(
                "<tr{flag}><td>{}</td><td>{}</td><td><span title=\"{}\">{}</span><br><small class=\"muted\">{}</small></td><td>{}</td><td>{}</td><td>{} – {}</td><td>{:.2}</td><td>{}<br><small class=\"muted\">{}</small></td><td>{}</td></tr>",
                escape(p.system.name()),
                escape(&p.source),
                escape(cite),
                escape(&p.run),
                escape(cite),
                escape(&fmt_num(p.measured)),
                escape(&fmt_num(p.predicted)),
                escape(&fmt_num(p.low)),
                escape(&fmt_num(p.high)),
                p.measured / p.predicted,
                p.bound.id(),
                p.ground.label(),
                escape(&verdict(p)),
            )
        })
        .collect()
}

const HEAD: &str = "<thead><tr><th scope=\"col\">system</th><th scope=\"col\">held-out source</th><th scope=\"col\">run (citation)</th><th scope=\"col\">measured msg/s</th><th scope=\"col\">predicted msg/s</th><th scope=\"col\">80 % interval msg/s</th><th scope=\"col\">measured ÷ predicted</th><th scope=\"col\">bound (ground)</th><th scope=\"col\">verdict</th></tr></thead>";

/// Two tables: the saturated runs (each one is in the summary's shares), and the
/// lower-bound runs (folded, the under-predicted ones first), system then source order.
pub fn run_tables(t: &ThroughputModel) -> String {
    let Some(v) = &t.validation else { return String::new() };
    let mut sat: Vec<&ValidationPoint> = v.points.iter().filter(|p| !p.lower_bound).collect();
    sat.sort_by(|a, b| (a.system.id(), &a.source, &a.run).cmp(&(b.system.id(), &b.source, &b.run)));
    let mut lb: Vec<&ValidationPoint> = v.points.iter().filter(|p| p.lower_bound).collect();
    lb.sort_by(|a, b| (!a.under_predicted(), a.system.id(), &a.source, &a.run).cmp(&(!b.under_predicted(), b.system.id(), &b.source, &b.run)));
    let under = lb.iter().filter(|p| p.under_predicted()).count();
    format!(
        "<h2 id=\"runs\">Every held-out run</h2>\
<p>Each row: the run as its source measured it, and what the model fitted <em>without that source</em> predicts for the run's cluster. Rows marked <span class=\"miss\">like this</span> are outside their interval (saturated) or under-predicted by more than 10 % (lower bound). Each run's citation is under its name.</p>\
<h3>Saturated runs ({n_sat})</h3><div class=\"scroll\"><table class=\"runs\">{HEAD}<tbody>{sat_rows}</tbody></table></div>\
<details><summary>Lower-bound runs ({n_lb}; {under} under-predicted by more than 10 %)</summary><div class=\"scroll\"><table class=\"runs\">{HEAD}<tbody>{lb_rows}</tbody></table></div></details>",
        n_sat = sat.len(),
        sat_rows = rows(t, &sat),
        n_lb = lb.len(),
        lb_rows = rows(t, &lb),
    )
}

/// The words the page uses, defined.
pub const GLOSSARY: &str = "<h2 id=\"glossary\">Terms</h2><dl class=\"glossary\">\
<dt>saturated run</dt><dd>A run driven as hard as its producers could go: its throughput is the cluster's capacity, so the model is judged on it both ways.</dd>\
<dt>lower-bound run</dt><dd>A run held to a fixed rate, limited by its clients (thread sweeps) or a field report: the cluster managed at least that much, so only a prediction more than 10 % below it counts as an error.</dd>\
<dt>held-out source</dt><dd>The source left out of the fit that predicted its runs (leave-one-source-out): a whole benchmark report at a time, never a single run, so a source's own hardware and settings cannot leak into its prediction.</dd>\
<dt>|ln error|</dt><dd>|ln(measured ÷ predicted)|: 0.18 is about ±20 %, 0.69 a factor of two, either way alike.</dd>\
<dt>within ±20 % / within 2×</dt><dd>Share of saturated runs whose prediction lies within 20 % of the measured value, or within a factor of two.</dd>\
<dt>80 % interval, coverage</dt><dd>The interval is the expected value ×/÷ e<sup>w</sup>, w the split-conformal 80 % quantile, over the other sources' held-out runs on the same ground, of the base each needed to be covered (its |ln error| less, in quadrature, the widening its own prediction carried), then widened the same way for this prediction's durability factors, sizes, read cost and node counts past the measured, and below for stated disks as far as the system's runs on their kind left the disk bound unchecked (÷2 on a kind no run ran on; the largest shortfall where disk-bound runs fell more than 20 % short); its high end stops at the disk or NIC bound above the prediction, and at the prediction itself when stated disks or a stated NIC set it (they carry no more). Coverage is the share of saturated runs whose measured value falls inside it, followed by its 90 % Wilson score range: how far chance alone moves a share of that many runs.</dd>\
<dt>from sources</dt><dd>How many distinct sources a row's saturated runs, or an interval's held-out errors, come from. A source is held out whole, with all its systems, and its runs share its hardware and client settings: the sources, not the runs, are the independent units, so an interval over 5 runs from 2 sources is thinner than its runs suggest.</dd>\
<dt>bound</dt><dd>The resource that set the prediction: <code>cpu</code> (cores × cost per replica write), <code>disk</code> (write bandwidth ÷ replication × write amplification; a Kafka partition writes one disk, so p partitions at most p disks' worth), <code>nic</code> (network in and out) or <code>partition</code> (partitions × one partition's ceiling).</dd>\
<dt>ground</dt><dd>What set a prediction: <code>stated hardware</code> (a disk or NIC bound whose figures were stated), <code>model</code> (the fitted CPU cost or a fitted per-partition ceiling) or <code>assumed hardware</code> (a disk or NIC bound whose figures were assumed). They err very differently (disk-bound runs on stated NVMe land within a few per cent; CPU costs differ up to 5× between sources), so each has its own interval, calibrated on held-out runs of that ground alone (Mondrian conformal prediction); assumed hardware is never narrower than the model ground.</dd>\
<dt>machine-class effect</dt><dd>On a machine class (an instance type, or a source's own machine) where the corpus measured a system's CPU-bound runs, the CPU bound is the pooled fit's × the geometric mean of measured ÷ fitted over those runs (baseline durability, each source weighing the same): a plan on that machine rests on what was measured there. A held-out source on a class other sources measured is predicted with their effect.</dd>\
<dt>not predictable</dt><dd>Saturated runs of a system that no other source measured, so there is nothing to predict them from.</dd>\
<dt>floor, knee (latency)</dt><dd>The latency model's p(u) = floor × (1 + knee × u/(1 − u)): the floor is the latency at no load, the knee how fast it grows as the utilisation u of the busiest resource nears 1.</dd></dl>";

#[cfg(test)]
mod tests {
    use super::*;
    use capacity::system::SystemId;
    use capacity::throughput::Resource;

    fn point(measured: f64, predicted: f64, lower_bound: bool) -> ValidationPoint {
        ValidationPoint {
            system: SystemId::Kafka,
            source: "s".into(),
            run: "r".into(),
            measured,
            predicted,
            low: predicted / 2.0,
            high: predicted * 2.0,
            lower_bound,
            bound: Resource::Cpu,
            ground: capacity::throughput::Ground::Model,
            extra_log_width: 0.0,
            extra_log_width_up: None,
            next_ceiling: None,
        }
    }

    #[test]
    fn verdicts_follow_the_summary_definitions() {
        assert_eq!(verdict(&point(100.0, 110.0, false)), "within ±20 %");
        assert_eq!(verdict(&point(100.0, 150.0, false)), "inside the interval");
        assert_eq!(verdict(&point(100.0, 300.0, false)), "outside the interval (above the measured)");
        assert_eq!(verdict(&point(700.0, 300.0, false)), "outside the interval (below the measured)");
        // Within ±20 % of an interval narrower than that, and outside it (a stop-38
        // count: the page's "outside" rows fell one short of the coverage's misses).
        let mut narrow = point(100.0, 110.0, false);
        (narrow.low, narrow.high) = (105.0, 115.0);
        assert_eq!(verdict(&narrow), "within ±20 %, but outside the interval (above the measured)");
        assert_eq!(verdict(&point(100.0, 89.0, true)), "under-predicted by 11 %");
        assert_eq!(verdict(&point(100.0, 91.0, true)), "not under-predicted");
    }
}
