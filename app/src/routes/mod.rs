//! Pages, one per file.

pub mod advisor;
