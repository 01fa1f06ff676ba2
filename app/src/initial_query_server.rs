//! Server side: the query of the request being rendered (leptos_axum provides
//! the request parts in context).

use leptos::prelude::use_context;

/// The request's query pairs, in order.
pub fn pairs() -> Vec<(String, String)> {
    use_context::<http::request::Parts>()
        .and_then(|p| p.uri.query().map(str::to_string))
        .and_then(|q| serde_urlencoded::from_str(&q).ok())
        .unwrap_or_default()
}
