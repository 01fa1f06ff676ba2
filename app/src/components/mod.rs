//! Page parts.

pub mod candidates;
pub mod charts;
pub mod decision_path;
pub mod num;
pub mod recommendation;
pub mod upload_form;
pub mod workload_form;
pub mod your_data;
