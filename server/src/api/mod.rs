//! The JSON API, one handler per file.

pub mod datasets;
pub mod model;
pub mod model_page;
pub mod plan;
pub mod query;
pub mod upload;
