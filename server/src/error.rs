//! The API's error type: every failure is JSON naming what was wrong, never a
//! stack trace; user mistakes are 400, our own are 500 without internals.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use capacity::FieldError;
use serde::Serialize;

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
    /// The body exceeds the upload cap.
    #[error("payload too large: {0}")]
    TooLarge(String),
    /// A server-side fault; the message is logged, not returned.
    #[error("internal error: {0}")]
    Internal(String),
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    message: String,
    fields: &'a [FieldError],
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match &self {
            ApiError::Invalid(f) => {
                let message = f.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
                (StatusCode::BAD_REQUEST, Json(Body { error: "invalid_query", message, fields: f })).into_response()
            }
            ApiError::Malformed(m) => {
                let fields = [FieldError::new("query", m.clone())];
                (StatusCode::BAD_REQUEST, Json(Body { error: "malformed_query", message: m.clone(), fields: &fields })).into_response()
            }
            ApiError::TooLarge(m) => {
                let fields = [FieldError::new("file", m.clone())];
                (StatusCode::PAYLOAD_TOO_LARGE, Json(Body { error: "payload_too_large", message: m.clone(), fields: &fields })).into_response()
            }
            ApiError::Internal(m) => {
                tracing::error!(error = %m, "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, Json(Body { error: "internal", message: "internal error".into(), fields: &[] })).into_response()
            }
        }
    }
}
