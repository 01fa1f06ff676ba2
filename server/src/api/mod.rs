//! The JSON API, one handler per file.

pub mod dataset;
pub mod dataset_csv;
pub mod datasets;
pub mod chart;
pub mod model;
pub mod model_page;
pub mod plan;
pub mod query;
pub mod template;
pub mod upload;
pub mod upload_form;
