//! `POST /api/v1/datasets`: import a benchmark file (multipart with a `file` part
//! and metadata fields, or a raw body with metadata in the query) → the parse
//! report. 201 when newly stored, 200 when the same upload already was, 422 when
//! refused (nothing stored). `GET /api/v1/datasets/{id}` returns it back.
//! `POST /upload` is the same import for the page's plain HTML form.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, RawQuery, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Json;
use ingest::upload::{import, Format, Imported, UploadMeta};

use crate::error::ApiError;
use crate::state::AppState;
use crate::storage::StoredDataset;

/// What a request carried.
struct Upload {
    name: String,
    bytes: Bytes,
    format: Option<String>,
    fields: Vec<(String, String)>,
}

/// Reads the request; errors carry the status the body reader chose (413 when the
/// body cap was hit, else 400).
async fn read_upload(req: Request, query: Option<String>) -> Result<Upload, ApiError> {
    read_upload_inner(req, query).await.map_err(|(status, m)| if status == StatusCode::PAYLOAD_TOO_LARGE { ApiError::TooLarge(m) } else { ApiError::Malformed(m) })
}

async fn read_upload_inner(req: Request, query: Option<String>) -> Result<Upload, (StatusCode, String)> {
    let mut fields: Vec<(String, String)> = query.as_deref().map(|q| serde_urlencoded::from_str(q).unwrap_or_default()).unwrap_or_default();
    let is_multipart = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    if !is_multipart {
        let bytes = Bytes::from_request(req, &()).await.map_err(|e| (e.status(), e.body_text()))?;
        let name = fields.iter().find(|(k, _)| k == "name").map_or_else(|| "upload".to_string(), |(_, v)| v.clone());
        let format = fields.iter().find(|(k, _)| k == "format").map(|(_, v)| v.clone());
        return Ok(Upload { name, bytes, format, fields });
    }
    let mut mp = Multipart::from_request(req, &()).await.map_err(|e| (e.status(), e.body_text()))?;
    let mut file: Option<(String, Bytes)> = None;
    while let Some(field) = mp.next_field().await.map_err(|e| (e.status(), e.body_text()))? {
        let key = field.name().unwrap_or("").to_string();
        if key == "file" {
            if file.is_some() {
                return Err((StatusCode::BAD_REQUEST, "field `file`: more than one file part; send one file per upload".to_string()));
            }
            let name = field.file_name().unwrap_or("upload").to_string();
            let data = field.bytes().await.map_err(|e| (e.status(), e.body_text()))?;
            file = Some((name, data));
        } else {
            let text = field.text().await.map_err(|e| (e.status(), e.body_text()))?;
            fields.push((key, text));
        }
    }
    let (name, bytes) = file.ok_or((StatusCode::BAD_REQUEST, "field `file`: no file part in the form".to_string()))?;
    let format = fields.iter().find(|(k, _)| k == "format").map(|(_, v)| v.clone()).filter(|v| !v.is_empty());
    Ok(Upload { name, bytes, format, fields })
}

/// Unknown names and repeated metadata fields, as errors (line 0): a typo such as
/// `node=3` must not pass silently. `q_*` fields carry the page's plan query.
fn field_errors(fields: &[(String, String)]) -> Vec<ingest::upload::ImportError> {
    let known = |k: &str| ingest::upload::meta::FIELDS.contains(&k) || matches!(k, "format" | "name" | "dry_run") || k.starts_with("q_");
    let mut errors = Vec::new();
    for (i, (k, _)) in fields.iter().enumerate() {
        let name: String = k.chars().take(40).collect();
        if !known(k) {
            errors.push(ingest::upload::ImportError::new(0, &name, format!("unknown field; expected one of {}, format, name", ingest::upload::meta::FIELDS.join(", "))));
        } else if !k.starts_with("q_") && fields[..i].iter().any(|(p, _)| p == k) {
            errors.push(ingest::upload::ImportError::new(0, &name, "given more than once"));
        }
    }
    errors.dedup_by(|a, b| a.field == b.field);
    errors
}

/// Imports and (unless `dry_run`) stores; returns the outcome and whether it was newly stored.
async fn run_import(s: &AppState, up: Upload, dry_run: bool) -> Result<(Imported, bool), ApiError> {
    let meta = UploadMeta::from_pairs(up.fields.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let format = match up.format.as_deref() {
        None | Some("" | "auto") => Ok(None),
        Some(f) => Format::parse(f).map(Some).ok_or_else(|| format!("unknown format {:?}", f.chars().take(30).collect::<String>())),
    };
    let unknown = field_errors(&up.fields);
    let (meta, format) = match (meta, format) {
        (Ok(m), Ok(f)) if unknown.is_empty() => (m, f),
        (m, f) => {
            let mut report = ingest::upload::ImportReport::default();
            report.errors.extend(unknown);
            if let Err(e) = m {
                report.errors.extend(e);
            }
            if let Err(e) = f {
                report.errors.push(ingest::upload::ImportError::new(0, "format", e));
            }
            return Ok((Imported { report, dataset: None }, false));
        }
    };
    let name = ingest::upload::sanitize_name(&up.name);
    let bytes = up.bytes;
    // A parser bug must not look like a server fault to the user: a panicking
    // import is a refused file (and is logged).
    let imported = match tokio::task::spawn_blocking(move || import(&name, &bytes, format, &meta)).await {
        Ok(i) => i,
        Err(e) => {
            tracing::error!(error = %e, "import panicked");
            let mut report = ingest::upload::ImportReport::default();
            report.errors.push(ingest::upload::ImportError::new(0, "file", "the parser could not read this file"));
            Imported { report, dataset: None }
        }
    };
    let Some(dataset) = imported.dataset.clone().filter(|_| !dry_run) else { return Ok((imported, false)) };
    let rec = StoredDataset {
        id: imported.report.id.clone(),
        name: ingest::upload::sanitize_name(&up.name),
        format: imported.report.format.clone(),
        created_unix: std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0),
        report: serde_json::to_value(&imported.report).map_err(|e| ApiError::Internal(e.to_string()))?,
        dataset,
    };
    let store = s.store.clone();
    // If the request is dropped (its timeout answered 408), the guard clears
    // `wanted` and the blocking write stores nothing: the client was told it failed.
    let wanted = Arc::new(AtomicBool::new(true));
    let _guard = ClearOnDrop(wanted.clone());
    let new = tokio::task::spawn_blocking(move || store.put_if_wanted(&rec, &|| wanted.load(Ordering::SeqCst)))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok((imported, new))
}

/// Clears its flag when dropped: with the request's future on cancellation.
struct ClearOnDrop(Arc<AtomicBool>);

impl Drop for ClearOnDrop {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// `POST /api/v1/datasets` (`?dry_run=1`: parse and report, store nothing; always 200).
///
/// # Errors
/// 400 for an unreadable request, 500 for storage failures.
pub async fn post_dataset(State(s): State<AppState>, RawQuery(q): RawQuery, req: Request) -> Result<Response, ApiError> {
    // Any spelling of yes (or a bare `dry_run`) is a dry run: a typo must not store.
    let dry_run = q.as_deref().is_some_and(|q| {
        q.split('&').any(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            k == "dry_run" && !matches!(v.to_ascii_lowercase().as_str(), "0" | "false" | "no")
        })
    });
    let up = read_upload(req, q).await?;
    let (imported, new) = run_import(&s, up, dry_run).await?;
    let status = if dry_run {
        StatusCode::OK
    } else if !imported.report.accepted() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(imported.report)).into_response())
}

/// `GET /api/v1/datasets/{id}`: the stored dataset and its report.
///
/// # Errors
/// 404 JSON for an unknown id, 500 for storage failures.
pub async fn get_dataset(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = id.to_ascii_lowercase();
    if !capacity::selection::is_dataset_id(&id) {
        return Err(ApiError::Invalid(vec![capacity::FieldError::new("id", "not a dataset id (16 hex digits)")]));
    }
    let store = s.store.clone();
    let rec = tokio::task::spawn_blocking(move || store.get(&id)).await.map_err(|e| ApiError::Internal(e.to_string()))?.map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(match rec {
        Some(r) => Json(r).into_response(),
        None => (StatusCode::NOT_FOUND, Json(serde_json::json!({"error": "not_found", "message": "no such dataset", "fields": [{"field": "id", "reason": "no such dataset"}]}))).into_response(),
    })
}

/// `POST /upload`: the page's HTML form. Success redirects to the plan with the
/// dataset selected; a refusal answers 422 with the report as HTML.
///
/// # Errors
/// As [`post_dataset`].
pub async fn post_upload_form(State(s): State<AppState>, req: Request) -> Result<Response, ApiError> {
    let up = read_upload(req, None).await?;
    let back: Vec<(String, String)> = up.fields.iter().filter(|(k, _)| k.starts_with("q_")).map(|(k, v)| (k[2..].to_string(), v.clone())).collect();
    let (imported, _) = run_import(&s, up, false).await?;
    if imported.report.accepted() {
        let mut q: Vec<(String, String)> = back.into_iter().filter(|(k, _)| k != "dataset").collect();
        q.push(("dataset".into(), imported.report.id.clone()));
        return Ok(Redirect::to(&format!("/?{}", app::query::encode(&q))).into_response());
    }
    // Back to the same plan (the workload the form was sent from).
    let back_to = format!("/?{}", app::query::encode(&back));
    Ok((StatusCode::UNPROCESSABLE_ENTITY, Html(report_html(&imported.report, &back_to))).into_response())
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// A refused upload's report as a small, fully escaped HTML page.
fn report_html(r: &ingest::upload::ImportReport, back_to: &str) -> String {
    let errors: String = r.errors.iter().map(|e| format!("<li>line {}: <code>{}</code>: {}</li>", e.line, esc(&e.field), esc(&e.reason))).collect();
    let warnings: String = r.warnings.iter().map(|w| format!("<li><code>{}</code> {} — {}</li>", esc(&w.code), esc(&w.message), esc(&w.why))).collect();
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Upload refused — mqplan</title><link rel=\"stylesheet\" href=\"/pkg/main.css\"></head>\
         <body><main class=\"page single\"><section class=\"card\"><h1>Upload refused: nothing was stored</h1><p>Format: <code>{}</code></p><h2>Errors</h2><ul class=\"upload-errors\">{errors}</ul>{}<p><a href=\"{}\">Back to the advisor (your workload kept; choose the file again)</a></p></section></main></body></html>",
        esc(&r.format),
        if warnings.is_empty() { String::new() } else { format!("<h2>Warnings</h2><ul>{warnings}</ul>") },
        esc(back_to)
    )
}

/// `GET /api/v1/datasets/{id}/csv`: the stored rows as mqplan CSV (formula cells neutralised).
///
/// # Errors
/// 404 for an unknown id, 500 for storage failures.
pub async fn get_dataset_csv(State(s): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = id.to_ascii_lowercase();
    if !capacity::selection::is_dataset_id(&id) {
        return Err(ApiError::Invalid(vec![capacity::FieldError::new("id", "not a dataset id (16 hex digits)")]));
    }
    let store = s.store.clone();
    let rec = tokio::task::spawn_blocking(move || store.get(&id)).await.map_err(|e| ApiError::Internal(e.to_string()))?.map_err(|e| ApiError::Internal(e.to_string()))?;
    let Some(rec) = rec else {
        return Ok((StatusCode::NOT_FOUND, "no such dataset").into_response());
    };
    let csv = ingest::upload::export::to_csv(&rec.dataset).map_err(ApiError::Internal)?;
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"mqplan-dataset.csv\"")], csv).into_response())
}

/// `GET /api/v1/datasets/template.csv`: the mqplan CSV template.
pub async fn csv_template() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/csv; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"mqplan-template.csv\"")], ingest::upload::formats::mqplan_csv::TEMPLATE)
}
