#![recursion_limit = "256"]
//! mqplan's server: configuration, state (the catalog fitted once at start-up),
//! the axum router (pages, JSON API, static files) and the CLI commands.

pub mod api;
pub mod claim;
pub mod cli;
pub mod cli_workload;
pub mod config;
pub mod error;
pub mod gate;
pub mod headers;
pub mod import;
pub mod model_latency;
pub mod model_report;
pub mod model_runs;
pub mod origin;
pub mod part_headers;
pub mod router;
pub mod serve;
pub mod state;
pub mod storage;
pub mod write_deadline;

pub use router::{router, Limits};
pub use state::AppState;
