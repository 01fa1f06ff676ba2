//! Fitting: unfitted specs go in, fitted models with their goodness of fit come out.

pub mod size_curve;
pub mod usl;

pub use size_curve::{SizeCurve, SizePoint};

/// The median of `v` (an even count: the mean of the two middle values); None when empty.
pub fn median(mut v: Vec<f64>) -> Option<f64> {
    crate::order::sort_by(&mut v, f64::total_cmp);
    let n = v.len();
    (n > 0).then(|| if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 })
}
pub use usl::{UslFit, UslPoint};
