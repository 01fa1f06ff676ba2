//! The throughput model on the bundled corpus: leave-one-source-out figures.

mod common;

use capacity::throughput::ThroughputSpec;

#[test]
fn print_validation() {
    let ev = common::evidence();
    let m = ThroughputSpec::default().fit(&ev).expect("fits");
    for s in &m.systems {
        println!("{:?} a={:.3} b={:.5} read={:.2} ceiling={:?} runs={} disks={:?}", s.system, s.a_core_us, s.b_core_us_per_byte, s.read.per_group, s.ceiling.as_ref().map(|c| c.bytes_per_s / 1e6), s.runs.len(), s.unstated_disks);
    }
    for f in &m.factors {
        println!("{:?} {:?} {:.2} ±{:.2} pairs={} {}", f.system, f.deviation, f.factor, f.log_spread, f.pairs.len(), f.assumed.as_deref().unwrap_or(""));
    }
    let v = m.validation.as_ref().expect("validated");
    for r in v.by_system.iter().chain(&v.by_source) {
        println!("{:<40} n={:>3} med|ln|={:.2} ±20%={:.2} 2x={:.2} cov={:.2} lb={} under={} worst={:.2} unpred={}", r.scope, r.runs, r.median_abs_log_error, r.within_20pct, r.within_2x, r.coverage, r.lower_bound_runs, r.lower_bound_under_10pct, r.worst_lower_bound_ratio, r.unpredictable);
    }
    for p in &v.points {
        println!("{:?} {:<28} {:<50} meas={:>10.0} pred={:>10.0} {:?} lb={}", p.system, p.source, p.run, p.measured, p.predicted, p.bound, p.lower_bound);
    }
}

#[test]
fn print_fold_without_streamnative() {
    let ev: Vec<_> = common::evidence().into_iter().filter(|e| e.origin.key() != "streamnative-omb-2020").collect();
    let m = ThroughputSpec { validate: false, ..ThroughputSpec::default() }.fit(&ev).expect("fits");
    for s in &m.systems {
        println!("FOLD {:?} a={:.3} b={:.5} read={:.2} disks={:?}", s.system, s.a_core_us, s.b_core_us_per_byte, s.read.per_group, s.unstated_disks);
        for r in &s.runs {
            if !r.lower_bound {
                println!("  {} {} meas={:.0} pred={:.0} {:?}", r.source, r.run, r.measured, r.predicted, r.bound);
            }
        }
    }
}
