//! Fitting: unfitted specs go in, fitted models with their goodness of fit come out.

pub mod size_curve;
pub mod usl;

pub use size_curve::{SizeCurve, SizePoint};
pub use usl::{UslFit, UslPoint};
