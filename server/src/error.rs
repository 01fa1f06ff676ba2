//! The API's error type: every failure is JSON naming what was wrong, never a
//! stack trace; user mistakes are 4xx, our own are 500 without internals. Every
//! list is capped and every echoed name truncated, so a hostile request cannot
//! make a large answer.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use capacity::FieldError;
use serde::Serialize;

/// Most fields listed in one error answer.
pub const MAX_LISTED_FIELDS: usize = 50;
/// Longest field name echoed back, characters.
pub const MAX_ECHOED_NAME: usize = 64;
/// Longest reason echoed back, characters.
pub const MAX_ECHOED_REASON: usize = 400;

/// An API error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// Query fields invalid.
    #[error("invalid query")]
    Invalid(Vec<FieldError>),
    /// The query string could not be decoded at all.
    #[error("query is not form-encoded: {0}")]
    Malformed(String),
    /// The request body (multipart form) could not be read.
    #[error("body is not readable: {0}")]
    MalformedBody(String),
    /// A form field other than the file could not be read: (field, why).
    #[error("form field {0} is not readable: {1}")]
    MalformedField(String, String),
    /// The body exceeds the upload cap.
    #[error("payload too large: {0}")]
    TooLarge(String),
    /// Over a per-client rate.
    #[error("rate limited: {message}")]
    RateLimited {
        /// What was exceeded and when to retry.
        message: String,
        /// `Retry-After`, seconds.
        retry_after_s: u64,
    },
    /// The dataset is over the per-dataset storage quota (413).
    #[error("dataset too large to store: {0}")]
    DatasetTooLarge(String),
    /// The store is full (507).
    #[error("store full: {0}")]
    StoreFull(String),
    /// The server holds as many upload bodies as it may (503; nothing stored).
    #[error("busy: {message}")]
    Busy {
        /// What is full and when to retry.
        message: String,
        /// `Retry-After`, seconds.
        retry_after_s: u64,
    },
    /// The request ran out of time and nothing was stored.
    #[error("timed out")]
    Timeout,
    /// The upload body paused longer than `MQPLAN_BODY_TIMEOUT_S` (408; nothing stored).
    #[error("body timed out")]
    BodyTimeout,
    /// A server-side fault; the message is logged, not returned.
    #[error("internal error: {0}")]
    Internal(String),
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    message: String,
    fields: Vec<FieldError>,
}

/// `s`, cut to `n` characters (with an ellipsis when cut).
pub fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut out: String = s.chars().take(n).collect();
    out.push('…');
    out
}

/// The fields, capped and truncated, with a last entry saying how many more.
fn capped(fields: &[FieldError]) -> Vec<FieldError> {
    let mut out: Vec<FieldError> = fields.iter().take(MAX_LISTED_FIELDS).map(|f| FieldError::new(&truncate(&f.field, MAX_ECHOED_NAME), truncate(&f.reason, MAX_ECHOED_REASON))).collect();
    if fields.len() > MAX_LISTED_FIELDS {
        out.push(FieldError::new("query", format!("{} more fields with errors not listed", fields.len() - MAX_LISTED_FIELDS)));
    }
    out
}

fn one(field: &str, m: &str) -> Vec<FieldError> {
    vec![FieldError::new(field, truncate(m, MAX_ECHOED_REASON))]
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, error, message, fields) = match &self {
            ApiError::Invalid(f) => {
                let fields = capped(f);
                let message = fields.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
                (StatusCode::BAD_REQUEST, "invalid_query", message, fields)
            }
            ApiError::Malformed(m) => (StatusCode::BAD_REQUEST, "malformed_query", truncate(m, MAX_ECHOED_REASON), one("query", m)),
            ApiError::MalformedBody(m) => (StatusCode::BAD_REQUEST, "malformed_body", truncate(m, MAX_ECHOED_REASON), one("file", m)),
            ApiError::MalformedField(f, m) => (StatusCode::BAD_REQUEST, "malformed_body", truncate(m, MAX_ECHOED_REASON), one(&truncate(f, MAX_ECHOED_NAME), m)),
            ApiError::TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", truncate(m, MAX_ECHOED_REASON), one("file", m)),
            ApiError::DatasetTooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, "dataset_too_large", format!("{m}; nothing was stored"), one("file", m)),
            ApiError::StoreFull(m) => (StatusCode::INSUFFICIENT_STORAGE, "store_full", format!("{m}; nothing was stored"), vec![]),
            ApiError::RateLimited { message, retry_after_s } => {
                let body = Body { error: "rate_limited", message: message.clone(), fields: vec![] };
                return (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, retry_after_s.to_string()), (header::CONNECTION, "close".to_string())], Json(body)).into_response();
            }
            ApiError::Busy { message, retry_after_s } => {
                let body = Body { error: "busy", message: message.clone(), fields: vec![] };
                return (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, retry_after_s.to_string())], Json(body)).into_response();
            }
            ApiError::Timeout => (
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                "the request took longer than the server's limit (MQPLAN_TIMEOUT_S, and for an upload a second more per 256 KiB of body received); nothing was stored".to_string(),
                vec![],
            ),
            ApiError::BodyTimeout => (
                StatusCode::REQUEST_TIMEOUT,
                "timeout",
                "the upload body paused longer than the server allows (MQPLAN_BODY_TIMEOUT_S); nothing was stored".to_string(),
                vec![],
            ),
            ApiError::Internal(m) => {
                tracing::error!(error = %m, "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal", "internal error".into(), vec![])
            }
        };
        (status, Json(Body { error, message, fields })).into_response()
    }
}

impl From<crate::storage::StoreError> for ApiError {
    fn from(e: crate::storage::StoreError) -> Self {
        use crate::storage::StoreError;
        match e {
            StoreError::DatasetTooLarge { .. } => ApiError::DatasetTooLarge(e.to_string()),
            StoreError::Full { .. } => ApiError::StoreFull(e.to_string()),
            other => ApiError::Internal(other.to_string()),
        }
    }
}
