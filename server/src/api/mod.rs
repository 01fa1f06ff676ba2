//! The JSON API, one handler per file.

pub mod datasets;
pub mod plan;
pub mod query;
pub mod upload;
