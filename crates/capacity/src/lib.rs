//! mqplan's capacity model — the product.
//!
//! Data flows one way: recorded [`dataset`] rows → fitted [`catalog::Catalog`]
//! (size curves, latency points, partition grid, drain rates, feature matrix) →
//! a [`plan::Plan`] for one [`workload::Workload`]. Pure: no I/O, no async, no
//! framework; compiles to wasm32 so the browser re-plans on every keystroke.

pub mod catalog;
pub mod corpus;
pub mod dataset;
pub mod decision;
mod drain_stage;
pub mod error;
pub mod factors;
pub mod features;
pub mod fields;
pub mod fit;
pub mod hardware;
pub mod latency;
pub mod latency_model;
pub mod memo;
pub mod order;
pub mod partition_limit;
pub mod plan;
pub mod predict;
pub mod recovery;
pub mod selection;
pub mod sizing;
pub mod system;
pub mod throughput;
pub mod transactions;
pub mod units;
pub mod upload_format;
pub mod workload;

pub use catalog::Catalog;
pub use error::{CatalogError, DatasetError, FieldError};
pub use plan::{plan, Plan};
pub use system::SystemId;
pub use workload::Workload;
