//! `/model`: besides the summary table, every held-out run of the validation is
//! listed with its figures and citation, the latency model's curves and residuals
//! are shown, and the terms are defined — so each summary figure can be traced.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use capacity::units::fmt_num;
use http_body_util::BodyExt;
use server::storage::sqlite::SqliteStore;
use server::{router, AppState, Limits};
use tower::ServiceExt;

#[tokio::test]
async fn every_held_out_run_is_listed_with_its_figures_and_the_latency_model_is_shown() {
    let store = std::sync::Arc::new(SqliteStore::in_memory().expect("store"));
    let state = AppState::load(&ingest::bundled_data_dir(), "target/site", "127.0.0.1:0".parse().expect("addr"), store).expect("bundled data loads");
    let model = state.catalog.throughput.clone().expect("throughput model");
    let v = model.validation.clone().expect("validation");
    let res = router(state, Limits::default()).oneshot(Request::builder().uri("/model").body(Body::empty()).expect("request")).await.expect("response");
    assert_eq!(res.status(), StatusCode::OK);
    let html = String::from_utf8_lossy(&res.into_body().collect().await.expect("body").to_bytes()).into_owned();
    let runs = html.split("<table class=\"runs\">").skip(1).map(|t| t.split("</table>").next().unwrap_or("")).collect::<Vec<_>>();
    assert_eq!(runs.len(), 2, "saturated and lower-bound tables");
    let sat = v.points.iter().filter(|p| !p.lower_bound).count();
    assert_eq!(runs[0].matches("<tr").count() - 1, sat, "one row per saturated run (plus the head)");
    assert_eq!(runs[1].matches("<tr").count() - 1, v.points.len() - sat, "one row per lower-bound run");
    // Each run's measured and predicted figures, as the summary used them.
    for p in &v.points {
        let table = if p.lower_bound { runs[1] } else { runs[0] };
        let row = table.split("<tr").find(|r| r.contains(&format!(">{}<", p.run.replace('&', "&amp;")))).unwrap_or_else(|| panic!("row for {}", p.run));
        assert!(row.contains(&format!("<td>{}</td>", fmt_num(p.measured))), "{}: measured {}", p.run, fmt_num(p.measured));
        assert!(row.contains(&format!("<td>{}</td>", fmt_num(p.predicted))), "{}: predicted", p.run);
    }
    // The flagged rows are exactly the summary's misses.
    let all = v.row("all").expect("all row");
    assert_eq!(runs[1].matches("under-predicted by").count(), all.lower_bound_under_10pct);
    let outside = runs[0].matches("outside the interval").count();
    assert_eq!(outside, sat - (all.coverage * sat as f64).round() as usize, "coverage {} of {sat}", all.coverage);
    // Coverage comes with its 90 % Wilson range, so a reader can see how far a share
    // of a few runs may sit from the stated level by chance.
    let (lo, hi) = all.coverage_range().expect("saturated runs");
    assert!(html.contains(&format!("{:.0} % ({:.0}–{:.0})", all.coverage * 100.0, lo * 100.0, hi * 100.0)), "coverage range in the table");
    // Each row says how many sources its runs come from, and each interval how many
    // sources its quantile was taken over: the independent units a coverage rests on.
    assert!(html.contains("<th scope=\"col\">from sources</th>"), "sources column");
    let kafka_row = html.split("<tr").find(|r| r.contains("<th scope=\"row\">kafka</th>")).expect("kafka row");
    let kafka = v.row("kafka").expect("kafka");
    assert!(kafka_row.starts_with(&format!("><th scope=\"row\">kafka</th><td>{}</td><td>{}</td>", kafka.runs, kafka.sources)), "{kafka_row}");
    for iv in &model.intervals {
        let from = capacity::throughput::sources_words(iv.sources);
        let words = if !iv.borrowed() { format!("({} runs, {from})", iv.residuals) } else { format!("(borrowed: {} runs of all systems, {from}; {} of this one)", iv.residuals, iv.own_runs) };
        assert!(html.contains(&words), "{:?} {:?}: {words}", iv.system, iv.ground);
    }
    // A scope with no saturated runs (Pravega; sources of lower-bound runs only) says
    // n/a for the shares of those runs, not 0.00 / 0 % as if every one had missed.
    let pravega = html.split("<tr").find(|r| r.contains("<th scope=\"row\">pravega</th>")).expect("pravega row");
    assert!(pravega.contains("<td>n/a</td>") && !pravega.contains("<td>0 %</td>") && !pravega.contains("<td>0.00</td>"), "{pravega}");
    let text = server::model_report::validation_text(&model);
    let line = text.lines().find(|l| l.starts_with("pravega ")).expect("pravega line");
    assert!(line.contains("n/a") && !line.contains("0.00"), "{line}");
    // A saturated run's citation is a hover away.
    assert!(runs[0].contains("title=\"") && !runs[0].contains("title=\"\""), "citations on every saturated run");
    let lat = model.latency.as_ref().expect("latency model");
    assert!(html.contains("<h2 id=\"latency\">Latency model</h2>"));
    for c in &lat.curves {
        assert!(html.contains(&format!("<td>{}</td>", c.system.name())), "{:?} curve", c.system);
    }
    assert!(html.contains(&format!("{:+.2}", lat.residuals[0])), "residuals listed");
    for term in ["saturated run", "lower-bound run", "held-out source", "|ln error|", "80 % interval, coverage", "from sources", "bound", "floor, knee (latency)"] {
        assert!(html.contains(&format!("<dt>{term}</dt>")), "term {term}");
    }
}
