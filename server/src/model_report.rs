//! The throughput model's self-check, as people read it: the leave-one-source-out
//! table (`mqplan validate`), and the `/model` page (the same table, the fitted
//! parameters and the predicted-vs-measured chart). Thin: every figure comes from
//! `capacity::throughput`.

use capacity::throughput::{sources_words, Ground, ThroughputModel, ValidationRow};
use capacity::units::fmt_num;
use charts::escape;

fn pct(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

/// What a scope with no saturated runs shows for the shares and errors of those
/// runs: not 0, which would read as a measured failure.
const NOT_APPLICABLE: &str = "n/a";

fn row_cells(r: &ValidationRow) -> [String; 10] {
    let of_runs = |text: String| if r.runs > 0 { text } else { NOT_APPLICABLE.to_string() };
    [
        r.scope.clone(),
        r.runs.to_string(),
        r.sources.to_string(),
        of_runs(format!("{:.2}", r.median_abs_log_error)),
        of_runs(pct(r.within_20pct)),
        of_runs(pct(r.within_2x)),
        match r.coverage_range() {
            Some((lo, hi)) => format!("{} ({:.0}–{:.0})", pct(r.coverage), lo * 100.0, hi * 100.0),
            None => NOT_APPLICABLE.to_string(),
        },
        r.lower_bound_runs.to_string(),
        r.lower_bound_under_10pct.to_string(),
        r.unpredictable.to_string(),
    ]
}

const HEADERS: [&str; 10] = [
    "scope",
    "held-out saturated runs",
    "from sources",
    "median |ln error|",
    "within ±20 %",
    "within 2×",
    "80 % interval coverage (90 % Wilson range)",
    "lower-bound runs",
    "under-predicted >10 %",
    "not predictable",
];

/// Each ground's interval of `system`, e.g. `model ×/÷ 3.18 (11 runs, 4 sources), …`.
fn interval_words(t: &ThroughputModel, system: capacity::SystemId) -> String {
    Ground::ALL.iter().map(|g| format!("{} ×/÷ {:.2}{}", g.label(), t.base_interval_on(system, *g).0.exp(), rests_on(t, system, *g))).collect::<Vec<_>>().join(", ")
}

/// ` (11 runs, 4 sources)`: what an interval's quantile was taken over; empty when
/// it was not calibrated.
fn rests_on(t: &ThroughputModel, system: capacity::SystemId, g: Ground) -> String {
    match t.interval(system, g) {
        Some(i) if i.residuals > 0 && !i.borrowed() => format!(" ({} runs, {})", i.residuals, sources_words(i.sources)),
        Some(i) if i.residuals > 0 => format!(" (borrowed: {} runs of all systems, {}; {} of this one)", i.residuals, sources_words(i.sources), i.own_runs),
        _ => String::new(),
    }
}

/// Each ground's interval of `system`, with how it was calibrated.
fn interval_hows(t: &ThroughputModel, system: capacity::SystemId) -> Vec<(Ground, String)> {
    Ground::ALL.iter().map(|g| (*g, t.interval(system, *g).map_or_else(|| "not calibrated: ±2× assumed".to_string(), |i| i.how.clone()))).collect()
}

/// The validation as plain text: per system, overall, per held-out source, then the
/// fitted parameters and each system's interval.
pub fn validation_text(t: &ThroughputModel) -> String {
    let mut out = String::new();
    let Some(v) = &t.validation else { return "no validation was run\n".into() };
    out.push_str(&format!(
        "Leave-one-source-out validation: each source held out in turn, the model fitted on the rest predicts its runs.\nStated interval: {:.0} %; each held-out run's interval is calibrated on the other sources only.\nCoverage is followed by the 90 % Wilson range of that share given the runs behind it: how far chance alone moves it.\nRuns of one source share hardware and client settings, so the sources (held out whole) are the independent units: a share over few sources is thinner still.\n\n",
        v.level * 100.0
    ));
    let line = |cells: &[String]| format!("{:<32} {:>9} {:>7} {:>8} {:>6} {:>6} {:>16} {:>7} {:>6} {:>7}\n", cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7], cells[8], cells[9]);
    let short: Vec<String> = ["scope", "saturated", "sources", "med|ln|", "±20 %", "2×", "coverage (range)", "lower", "under", "unpred."].iter().map(|s| s.to_string()).collect();
    out.push_str(&format!(
        "Columns: saturated = held-out saturated runs; sources = distinct sources they come from (each held out whole, with all its systems: the independent units); med|ln| = median |ln(measured ÷ predicted)|; ±20 %, 2× = share of saturated runs predicted that close; coverage = share inside their {:.0} % interval (90 % Wilson range); lower = lower-bound runs (held to a rate, client-bound, field reports); under = of those, predicted more than 10 % below what they reached; unpred. = saturated runs of a system no other source measured.\n\n",
        v.level * 100.0
    ));
    out.push_str(&line(&short));
    for r in &v.by_system {
        out.push_str(&line(&row_cells(r)));
    }
    out.push_str("\nby held-out source\n");
    for r in &v.by_source {
        out.push_str(&line(&row_cells(r)));
    }
    out.push_str("\nby ground (what set the prediction; each ground's interval is calibrated on its own held-out runs)\n");
    for r in &v.by_ground {
        out.push_str(&line(&row_cells(r)));
    }
    out.push_str("\nfitted on all sources\n");
    out.push_str(&corpus_fit_text(t));
    out
}

/// The corpus model fitted on every source, in words: per system its CPU cost, tail
/// read, partition ceiling, intervals, machine and disk effects; then the durability
/// factors. What `validate` ends with and `fit` begins with.
pub fn corpus_fit_text(t: &ThroughputModel) -> String {
    let mut out = String::new();
    for s in &t.systems {
        out.push_str(&format!(
            "{}: t(s) = {:.2} + {:.5}·s core·µs per replica write, s the message size in bytes{}; tail read {}; partition ceiling {}; intervals {}\n",
            s.system.name(),
            s.a_core_us,
            s.b_core_us_per_byte,
            s.per_byte_note(),
            s.read.summary(),
            s.ceiling.as_ref().map_or_else(|| "not measured".to_string(), |c| format!("{} MB/s per partition", fmt_num(c.bytes_per_s / 1e6))),
            interval_words(t, s.system),
        ));
        for (g, how) in interval_hows(t, s.system) {
            out.push_str(&format!("    {} interval: {how}\n", g.label()));
        }
        for (m, d) in &s.unstated_disks {
            out.push_str(&format!("    disks of {m} not stated: {}\n", d.map_or_else(|| "no disk bound needed".to_string(), |b| format!("fitted at {} MB/s per node from its own runs", fmt_num(b / 1e6)))));
        }
        for e in &s.machine_effects {
            out.push_str(&format!("    on {}: CPU bound ×{:.3}, measured ÷ fitted over {} CPU-bound run(s) there from {}\n", e.class, e.factor, e.runs.len(), sources_words(e.sources())));
        }
        out.push_str(&format!("    {}\n", disk_kinds_words(s)));
    }
    for f in &t.factors {
        out.push_str(&format!(
            "{} {}: ×{} (spread ×/÷{:.2}) {}\n",
            f.system.name(),
            f.deviation.label(),
            capacity::throughput::factor_digits(f.factor),
            f.log_spread.exp(),
            f.assumed.as_deref().map_or_else(|| format!("from {} paired runs", f.pairs.len()), |a| format!("assumed: {a}; spread: how far mqplan's assumptions sat from the factors later measured"))
        ));
    }
    out
}

/// What the fit's saturated runs showed of the disk bound per kind of disk, and what
/// a prediction's low end takes on each (every other kind: ÷2, unmeasured).
fn disk_kinds_words(s: &capacity::throughput::SystemThroughput) -> String {
    let kinds: Vec<String> = s.disk_kinds.iter().map(|e| format!("{}{}: {} (low end ÷{:.2})", e.kind.label(), e.class.as_ref().map_or_else(String::new, |c| format!(" of {c}")), e.words(), e.width().exp())).collect();
    let other = if kinds.is_empty() { "every kind of disk" } else { "disks none of these runs ran on" };
    format!("disk bound as the runs showed it — {}{other}: ÷{:.0} (write amplification unmeasured there)", kinds.iter().map(|k| format!("{k}; ")).collect::<String>(), capacity::throughput::UNMEASURED_DISK_WIDTH.exp())
}

fn table(rows: &[ValidationRow]) -> String {
    let head: String = HEADERS.iter().map(|h| format!("<th scope=\"col\">{}</th>", escape(h))).collect();
    let body: String = rows
        .iter()
        .map(|r| {
            let cells = row_cells(r);
            format!("<tr><th scope=\"row\">{}</th>{}</tr>", escape(&cells[0]), cells[1..].iter().map(|c| format!("<td>{}</td>", escape(c))).collect::<String>())
        })
        .collect();
    format!("<div class=\"scroll\"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")
}

/// The `/model` page: the validation table per system and per source, the chart,
/// the fitted parameters; complete without JavaScript.
pub fn model_page(t: &ThroughputModel) -> String {
    let Some(v) = &t.validation else { return page("<p>No validation was run.</p>".into()) };
    let chart = charts::validation_svg(&v.points).unwrap_or_else(|e| format!("<p>{}</p>", escape(&e.to_string())));
    let params: String = t
        .systems
        .iter()
        .map(|s| {
            let intervals: String = interval_hows(t, s.system)
                .into_iter()
                .map(|(g, how)| format!("<span title=\"{}\">{} ×/÷ {:.2}</span><span class=\"muted\">{}</span>", escape(&how), escape(g.label()), t.base_interval_on(s.system, g).0.exp(), escape(&rests_on(t, s.system, g))))
                .collect::<Vec<_>>()
                .join(", ");
            let effects: String = s
                .machine_effects
                .iter()
                .map(|e| format!("<li>on {}: CPU bound ×{} <span class=\"muted\" title=\"{}\">(measured ÷ fitted over {} CPU-bound run(s) from {}, each source weighing the same)</span></li>", escape(&e.class), escape(&format!("{:.3}", e.factor)), escape(&e.runs.join(", ")), e.runs.len(), sources_words(e.sources())))
                .collect();
            let effects = format!("<ul>{effects}<li>{}</li></ul>", escape(&disk_kinds_words(s)));
            format!(
                "<li><strong>{}</strong>: {} core·µs + {} core·µs/B per replica write{}, tail read {}, intervals {intervals} <span class=\"muted\">({} runs fitted: {} saturated, {} lower bounds)</span>{effects}</li>",
                escape(s.system.name()),
                escape(&format!("{:.2}", s.a_core_us)),
                escape(&format!("{:.5}", s.b_core_us_per_byte)),
                escape(s.per_byte_note()),
                escape(&s.read.summary()),
                s.runs.len(),
                s.runs.iter().filter(|r| !r.lower_bound).count(),
                s.runs.iter().filter(|r| r.lower_bound).count()
            )
        })
        .collect();
    let sources: String = t.sources.iter().map(|(s, n)| format!("<li>{} — {n} runs</li>", escape(s))).collect();
    page(format!(
        "<h1>How well the throughput model travels</h1>\
<p><a href=\"/\">← the advisor</a> · <a href=\"#runs\">every run</a> · <a href=\"#latency\">latency model</a> · <a href=\"#glossary\">terms</a></p><p>Each source is held out in turn; the model fitted on every other source predicts its runs. Saturated runs measure capacity; lower-bound runs (held to a rate, client-bound) only count as errors when predicted more than 10 % below what they reached. A held-out run's {level:.0} % interval is calibrated on the other sources' errors only, so coverage is out of sample too; beside it, the 90 % Wilson range of that share given the runs behind it (on a handful of runs, chance alone moves coverage far). JSON: <a href=\"/api/v1/model\">/api/v1/model</a>; CLI: <code>mqplan validate</code>.</p>\
<h2>By system</h2>{by_system}\
<figure>{chart}<figcaption>Predicted (fit without the run's source) vs measured msg/s; filled = saturated, hollow = lower bound; colours: Kafka blue, RocketMQ orange, Pulsar green, Pravega pink; grey lines ±20 %.</figcaption></figure>\
<h2>By held-out source</h2>{by_source}\
<h2 id=\"ground\">By ground</h2><p>What set the prediction: <strong>stated hardware</strong> (disks or a NIC whose figures the source or you stated: the model only adds write amplification, replication and partition placement), the <strong>model</strong> (the fitted CPU cost or a fitted per-partition ceiling) or <strong>assumed hardware</strong> (disks or a NIC whose figures nobody stated; never narrower than the model's). Each ground's interval is the split-conformal quantile of its own held-out errors, so each is calibrated for its level on its own (what each reaches is below; per system, in the first table); a plan's CPU bound carries the model's.</p>{by_ground}\
<h2>Fitted on all sources</h2><ul>{params}</ul>{runs}{latency}<h2>Sources fitted</h2><p>Runs each (saturated and lower-bound). Vendor guidance (Pulsar's bare-metal recommendations, Huawei's DMS flavors) is recorded in <code>data/corpus/</code> but never fitted.</p><ul>{sources}</ul>{glossary}<p><a href=\"/\">← back to the advisor</a></p>",
        level = v.level * 100.0,
        by_system = table(&v.by_system),
        by_source = table(&v.by_source),
        by_ground = table(&v.by_ground),
        runs = crate::model_runs::run_tables(t),
        latency = crate::model_latency::latency_section(t.latency.as_ref()),
        glossary = crate::model_runs::GLOSSARY,
    ))
}

fn page(body: String) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>mqplan — model validation</title><link rel=\"stylesheet\" href=\"/pkg/main.css\"><link rel=\"icon\" href=\"/favicon.svg\"></head><body><main class=\"model-page\">{body}</main></body></html>"
    )
}
