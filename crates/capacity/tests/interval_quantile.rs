//! The interval's quantile: the split-conformal rank ⌈(n + 1) · level⌉ of the
//! held-out |ln error|s (Vovk, Gammerman and Shafer's split conformal prediction;
//! Lei et al. 2018, "Distribution-free predictive inference for regression", §2.2),
//! with each source weighing the same.

use capacity::throughput::{calibrate, weighted_abs_quantile, Ground, Residuals};
use capacity::SystemId;

fn equal(errors: &[f64]) -> Vec<(f64, f64)> {
    errors.iter().map(|e| (*e, 1.0)).collect()
}

/// A residual set whose runs each come from their own source.
fn own_sources(errors: &[f64]) -> Residuals {
    Residuals { errors: equal(errors), sources: errors.len() }
}

#[test]
fn equal_weights_give_the_conformal_rank() {
    // 5 runs at 80 %: ⌈6 × 0.8⌉ = 5th smallest, the largest (the plain quantile: 4th).
    let five = equal(&[0.1, -0.2, 0.3, -0.4, 0.5]);
    assert_eq!(weighted_abs_quantile(&five, 0.8), Some(0.5));
    // 9 runs: ⌈10 × 0.8⌉ = 8th smallest.
    let nine = equal(&[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    assert_eq!(weighted_abs_quantile(&nine, 0.8), Some(0.8));
    // 19 runs: ⌈20 × 0.8⌉ = 16th; the signs do not matter.
    let nineteen: Vec<(f64, f64)> = (1..=19).map(|i| (if i % 2 == 0 { -0.01 } else { 0.01 } * f64::from(i), 1.0)).collect();
    assert!((weighted_abs_quantile(&nineteen, 0.8).expect("some") - 0.16).abs() < 1e-12);
    // 2 runs: the rank ⌈2.4⌉ = 3 passes the last: the largest is returned.
    assert_eq!(weighted_abs_quantile(&equal(&[0.1, 0.2]), 0.8), Some(0.2));
    assert_eq!(weighted_abs_quantile(&[], 0.8), None);
}

#[test]
fn each_source_weighs_the_same() {
    // One source of 4 small errors (¼ each) and one of a single large error (1): the
    // large one holds half the weight, so the 80 % quantile is it.
    let mixed = [(0.01, 0.25), (0.02, 0.25), (0.03, 0.25), (0.04, 0.25), (1.0, 1.0)];
    assert_eq!(weighted_abs_quantile(&mixed, 0.8), Some(1.0));
}

#[test]
fn a_system_with_few_runs_is_never_narrower_than_its_own_errors() {
    let own = own_sources(&[0.9, 0.1]);
    let pooled = own_sources(&[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]);
    let iv = calibrate(SystemId::Rocketmq, Ground::Model, &own, &pooled, 0.8);
    assert!((iv.log_half_width - 0.9).abs() < 1e-12, "{iv:?}");
    let iv = calibrate(SystemId::Kafka, Ground::StatedHardware, &own_sources(&[0.1, 0.2, 0.3, 0.4, 0.5]), &pooled, 0.8);
    assert!((iv.log_half_width - 0.5).abs() < 1e-12, "{iv:?}");
}

#[test]
fn an_interval_says_how_many_runs_and_sources_it_rests_on() {
    // 6 runs of this system from 2 sources.
    let own = Residuals { errors: vec![(0.1, 0.25), (0.2, 0.25), (0.3, 0.25), (0.4, 0.25), (0.5, 0.5), (0.6, 0.5)], sources: 2 };
    let iv = calibrate(SystemId::Pulsar, Ground::StatedHardware, &own, &Residuals::default(), 0.8);
    assert_eq!((iv.residuals, iv.sources, iv.own_runs), (6, 2, 6), "{iv:?}");
    assert!(iv.how.contains("over 6 held-out runs of this system from 2 sources"), "{}", iv.how);
    // Below 5 own runs the pooled set is used, its source count with it, and the
    // words say the width is mostly borrowed.
    let pooled = Residuals { errors: (0..9).map(|i| (0.1 * f64::from(i), 1.0 / 3.0)).collect(), sources: 3 };
    let iv = calibrate(SystemId::Rocketmq, Ground::Model, &Residuals { errors: vec![(0.05, 1.0)], sources: 1 }, &pooled, 0.8);
    assert_eq!((iv.residuals, iv.sources, iv.own_runs), (9, 3, 1), "{iv:?}");
    assert!(iv.how.contains("over 9 held-out runs of all systems from 3 sources") && iv.how.contains("only 1 of this one"), "{}", iv.how);
    // One source is named in the singular.
    let one = Residuals { errors: [0.1, 0.2, 0.3, 0.4, 0.5].iter().map(|e| (*e, 0.2)).collect(), sources: 1 };
    let iv = calibrate(SystemId::Kafka, Ground::Model, &one, &Residuals::default(), 0.8);
    assert!(iv.how.contains("from 1 source "), "{}", iv.how);
}
