//! `POST /upload`: the page's plain HTML form (works without JavaScript). Success
//! redirects to the plan with the dataset selected; a refusal (or a dry run)
//! answers with the report as a small, fully escaped HTML page.

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Extension;

use crate::error::ApiError;
use crate::gate::ImportGate;
use crate::state::AppState;

/// Most plan fields carried back to the page.
pub const MAX_BACK_FIELDS: usize = 40;
/// Longest `Location` query carried back, bytes; a longer one is dropped (the
/// page opens with the uploaded dataset and the default workload).
pub const MAX_BACK_QUERY: usize = 2048;

/// The page's plan query from the form's `q_*` fields, bounded: at most
/// [`MAX_BACK_FIELDS`] short names and values, at most [`MAX_BACK_QUERY`] bytes.
fn back_query(fields: &[(String, String)], dataset: Option<&str>) -> String {
    let mut q: Vec<(String, String)> = fields
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("q_")?.to_string(), v.clone())))
        // Only the plan's own names (a stop-40 tester's `q_evil=//evil.com` came back
        // as an "unknown parameter" error on the page it returned to).
        .filter(|(k, v)| k != "dataset" && (capacity::fields::field(k).is_some() || capacity::selection::SELECTION_PARAMS.contains(&k.as_str())) && v.len() <= 256)
        .take(MAX_BACK_FIELDS)
        .collect();
    if app::query::encode(&q).len() > MAX_BACK_QUERY {
        q.clear();
    }
    if let Some(id) = dataset {
        q.push(("dataset".into(), id.to_string()));
    }
    format!("/?{}", app::query::encode(&q))
}

/// `POST /upload`.
///
/// # Errors
/// As `POST /api/v1/datasets`.
pub async fn post_upload_form(State(s): State<AppState>, Extension(gate): Extension<ImportGate>, req: Request) -> Result<Response, ApiError> {
    let out = crate::import::run(s, gate, req, Vec::new()).await?;
    if out.report.accepted() && !out.dry_run {
        return Ok(Redirect::to(&back_query(&out.fields, Some(&out.report.id))).into_response());
    }
    // Back to the same plan (the workload the form was sent from).
    let back_to = back_query(&out.fields, None);
    let (status, heading) = if out.dry_run { (StatusCode::OK, "Dry run: nothing was stored") } else { (StatusCode::UNPROCESSABLE_ENTITY, "Upload refused: nothing was stored") };
    Ok((status, Html(report_html(&out.report, heading, &back_to, &out.fields))).into_response())
}

/// Middleware for `/upload`: an error answered in the API's JSON shape (413 from
/// the body cap, 429 from the rate limits, 403, 408, 400) is shown to the form's
/// user as a small HTML page with its message and a way back, not as raw JSON.
pub async fn errors_as_html(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let form = req.uri().path() == "/upload";
    let res = next.run(req).await;
    let json = res.headers().get(axum::http::header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !form || !json || res.status().is_success() || res.status().is_redirection() {
        return res;
    }
    let (parts, body) = res.into_parts();
    let bytes = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
    let message = serde_json::from_slice::<serde_json::Value>(&bytes).ok().and_then(|v| v["message"].as_str().map(str::to_string)).unwrap_or_else(|| "the upload could not be taken".into());
    let html = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Upload not taken — mqplan</title><link rel=\"stylesheet\" href=\"/pkg/main.css\"><link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\"></head>\
         <body><main class=\"page single\"><section class=\"card\"><h1>Upload not taken: nothing was stored</h1><p>{} ({})</p><p><a href=\"/\">Back to the advisor</a></p></section></main></body></html>",
        esc(&message),
        parts.status.as_u16()
    );
    let mut out = Html(html).into_response();
    *out.status_mut() = parts.status;
    for name in [axum::http::header::RETRY_AFTER, axum::http::header::CONNECTION] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The form again, under the report, with the fields it was sent with filled in (the
/// plan's `q_*` ones hidden): only the file must be chosen again, as no browser lets a
/// page fill a file input (a stop-38 reviewer lost every upload field to a refusal).
/// Names and values fully escaped.
fn again_form(fields: &[(String, String)]) -> String {
    let (plan, upload): (Vec<_>, Vec<_>) = fields.iter().partition(|(k, _)| k.starts_with("q_"));
    // The main form's labels, selects and number inputs, with what was sent chosen or
    // filled in (a stop-42 tester read bare field names in free-text boxes here).
    use app::components::upload_form::{Options, CHOICES, META};
    let systems: Vec<(&str, &str)> = std::iter::once(("", "(from the file)")).chain(capacity::SystemId::ALL.iter().map(|s| (s.id(), s.name()))).collect();
    let formats: Vec<(&str, &str)> = std::iter::once(("", "detect automatically")).chain(capacity::upload_format::Format::ALL.iter().map(|f| (f.id(), f.label()))).collect();
    // Matched as the server reads them (trimmed, any case); a value no option has is
    // kept as sent, chosen, so a resubmission neither drops nor silently changes it.
    let select = |i: usize, k: &str, label: &str, v: &str, options: &[(&str, &str)]| {
        let same = |value: &str| value.eq_ignore_ascii_case(v.trim());
        let mut opts: String = options.iter().map(|(value, text)| format!("<option value=\"{}\"{}>{}</option>", esc(value), if same(value) { " selected" } else { "" }, esc(text))).collect();
        if !options.iter().any(|(value, _)| same(value)) {
            opts.push_str(&format!("<option value=\"{}\" selected>{} (as sent)</option>", esc(v), esc(v)));
        }
        format!("<div class=\"field\"><label for=\"again-{i}\">{}</label><select id=\"again-{i}\" name=\"{}\">{opts}</select></div>", esc(label), esc(k))
    };
    let shown: String = upload
        .iter()
        .enumerate()
        .map(|(i, (k, v))| {
            let choice: Option<(&str, Options)> = CHOICES.iter().find(|(n, ..)| n == k).map(|(_, l, o)| (*l, *o));
            match (k.as_str(), choice, META.iter().find(|(n, ..)| n == k)) {
                ("system", ..) => select(i, k, "System", v, &systems),
                ("format", ..) => select(i, k, "Format", v, &formats),
                (_, Some((label, options)), _) => select(i, k, label, v, options),
                (_, _, Some((_, label, kind))) => format!(
                    "<div class=\"field\"><label for=\"again-{i}\">{}</label><input id=\"again-{i}\" name=\"{}\" value=\"{}\" type=\"{}\"{}></div>",
                    esc(label),
                    esc(k),
                    esc(v),
                    if *kind == "whole" { "number" } else { kind },
                    match (*kind, k.as_str()) { ("whole", "nodes" | "cores") => " step=\"1\" min=\"1\"", ("whole", _) => " step=\"1\" min=\"0\"", ("number", _) => " step=\"any\" min=\"0\"", _ => "" }
                ),
                _ => format!("<div class=\"field\"><label for=\"again-{i}\">{}</label><input id=\"again-{i}\" name=\"{}\" value=\"{}\"></div>", esc(k), esc(k), esc(v)),
            }
        })
        .collect();
    let hidden: String = plan.iter().map(|(k, v)| format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", esc(k), esc(v))).collect();
    format!(
        "<h2>Upload again</h2><form method=\"post\" action=\"/upload\" enctype=\"multipart/form-data\"><div class=\"field\"><label for=\"again-file\">Benchmark file (choose it again: a browser keeps no file between pages)</label><input type=\"file\" id=\"again-file\" name=\"file\" required></div><div class=\"meta-grid\">{shown}</div>{hidden}<div class=\"actions\"><button type=\"submit\">Upload</button></div></form>"
    )
}

/// A report as a small, fully escaped HTML page, with the form again
/// ([`again_form`]) carrying the fields it was sent with.
fn report_html(r: &ingest::upload::ImportReport, heading: &str, back_to: &str, fields: &[(String, String)]) -> String {
    // Where, in words: a line of the file, or the file or its fields as a whole (line
    // 0), as the page's script writes it (a stop-38 tester read "line 0" here).
    let at = |line: usize| if line == 0 { "the file or its fields".to_string() } else { format!("line {line}") };
    let errors: String = r.errors.iter().map(|e| format!("<li>{}: <code>{}</code>: {}</li>", at(e.line), esc(&e.field), esc(&e.reason))).collect();
    let warnings: String = r.warnings.iter().map(|w| format!("<li>{}<code>{}</code> {} — {}</li>", w.line.map(|l| format!("{}: ", at(l))).unwrap_or_default(), esc(&w.code), esc(&w.message), esc(&w.why))).collect();
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{} — mqplan</title><link rel=\"stylesheet\" href=\"/pkg/main.css\"><link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\"></head>\
         <body><main class=\"page single\"><section class=\"card\"><h1>{}</h1><p>Format: <code>{}</code></p>{}{}{}<p><a href=\"{}\">Back to the advisor (your workload kept; choose the file again)</a></p></section></main></body></html>",
        esc(heading),
        esc(heading),
        // Refused before a format was told apart (an encoding, an empty file): say so.
        if r.format.is_empty() { "not detected".to_string() } else { esc(&r.format) },
        if errors.is_empty() { String::new() } else { format!("<h2>Errors</h2><ul class=\"upload-errors\">{errors}</ul>") },
        if warnings.is_empty() { String::new() } else { format!("<h2>Warnings</h2><ul>{warnings}</ul>") },
        again_form(fields),
        esc(back_to)
    )
}
