//! The throughput model on the bundled corpus, judged the way users meet it: on
//! sources it did not fit (leave-one-source-out). The floors are what the model
//! reached when this test was written (README "How well the model travels"); a change
//! that makes any of them worse fails here and must say why.

mod common;

use capacity::throughput::{ThroughputModel, ThroughputSpec, Validation};

fn model() -> ThroughputModel {
    ThroughputSpec::default().fit(&common::evidence()).expect("fits")
}

fn validation(m: &ThroughputModel) -> &Validation {
    m.validation.as_ref().expect("validated")
}

/// (scope, coverage floor, ±20 % floor, within-2× floor, most lower-bound runs under-predicted by > 10 %).
/// Stop 22 added a source (confluent-omb-2020) and lowered two within-2× floors (all
/// 0.68 → 0.60, Kafka 0.68 → 0.56), saying why: its Kafka runs on the same i3en.2xlarge
/// at 1 KB reach 618,274 msg/s where StreamNative's reach 505,935 (linger.ms 10 vs 1,
/// 4 producers vs 2: batching the model has no term for), so the fitted per-byte cost
/// falls to the search floor and seed 000's and StreamNative's 1 KB Kafka runs, held
/// out, are over-predicted further (seed 000 1 KB: 1.96× → 2.54×). Its own runs,
/// held out, land within ±20 %; the ±20 % and coverage floors rose.
/// Stop 23 bounded a Kafka partition by one disk (a replica lies in one log dir):
/// StreamNative's one-partition runs, held out, went from 2.0–3.8× over to 1.0–1.95×
/// (Kafka ±20 % 0.33 → 0.50, 2× 0.56 → 0.89; all 0.36 → 0.48, 0.60 → 0.84). The
/// RocketMQ coverage floor fell 0.50 → 0.00: its two runs, both seed 000's, are held
/// out together and borrow the pooled width, which narrowed (×/÷ 2.54 → 2.14) as
/// Kafka's held-out errors shrank; its 1 KB run, 2.14× over, sits on that edge.
/// Stop 23 then added a tenth source (tewierik-omb-2024: Kafka 3.6.1 and Pulsar 2.11.0
/// on the same i3en.2xlarge) and machine-class effects. No lower-bound run is
/// under-predicted any more (7 → 0: its 100 B runs show Pulsar's and Kafka's CPU far
/// cheaper than seed 000's and mqperf's did). The within-2× floors fell (all 0.84 →
/// 0.75, Pulsar 0.80 → 0.60): at 100 B its runs reach 1.6–2.0 M msg/s where seed 000's
/// and mqperf's reached 0.3–0.8 M on as many cores, a 5× spread no held-out fold can
/// predict from the others (batching, versions). Coverage rose to 87–89 %.
/// Stop 24 calibrated the intervals per ground (what set the prediction: stated
/// disks or NIC, or the model's fitted figures), each a split-conformal quantile of
/// its own held-out runs. Before it one quantile served both: predictions the stated
/// hardware set were covered 26 of 26 (too wide), those the fitted CPU cost set 13 of
/// 18 (72 %, overconfident where plans size). The coverage floors moved with it, to
/// what each system reaches now (Kafka 0.88 → 0.92, Pulsar 0.86 → 0.73, all 0.88 →
/// 0.86): Pulsar's four misses are mqperf's two gp2 runs, disk-bound at half the
/// stated volumes (the other Pulsar sources wrote at their NVMe disks' figure within
/// 4 %), and seed 000's two, 5× and 8.6× over.
/// Stop 28 added an eleventh source, Huawei Cloud's test of its DMS RocketMQ 4.8.0
/// flavours (4 saturated CPU-bound runs at 1 KB on 4–12 vCPU): RocketMQ's held-out
/// runs went from 2 to 6 and from 1 source to 2. Held out, each source's runs are
/// predicted from the other's fit within 0.62–1.54× (±20 % 0.00 → 0.33, 2× 0.50 →
/// 1.00); all 2× 0.75 → 0.79, coverage 0.86 → 0.88. Kafka's and Pulsar's rows did
/// not move.
/// Stop 30 calibrated the intervals on the score they are built from: each held-out
/// run's |ln error| less, in quadrature, the widening its own prediction carried
/// (`ValidationPoint::conformity_score`). Before, a run whose stated widening already
/// explained its error still widened the base every other interval starts from, so
/// that widening counted twice: Kafka covered 25 of 27 (93 %) for a stated 80 %.
/// Now 21 of 27 (78 %), all 38 of 48 (79 %); Pulsar's 11 of 15 and RocketMQ's 6 of 6
/// did not move. The coverage floors fell with them (Kafka 0.92 → 0.78, all 0.88 →
/// 0.79) because coverage is now held both ways: [`COVERAGE_DISTANCE`].
/// Stop 31 widened, toward less capacity, a disk bound on stated disks as far as the
/// system's runs on their kind left it unchecked (÷2, `UNMEASURED_DISK_WIDTH`, on a
/// kind no run ran on: the write amplification there is unmeasured). Held out, mqperf's two Pulsar runs on
/// one gp2 volume per node (half the NVMe-fitted bound) are now covered: Pulsar 11 →
/// 13 of 15 (73 → 87 %), all 38 → 40 of 48 (79 → 83 %). No point prediction moved.
/// Stop 32 fitted Kafka's fsync factor on a cloud volume from mqperf's flush run and
/// its two saturated runs without flush (×0.025; assumed ×0.10 before): the CPU fit no
/// longer reads that run as a 208,000 msg/s baseline-equivalent on r5.2xlarge, and
/// Kafka's model-ground interval narrowed ×/÷3.17 → 2.48 at the same coverage. One
/// held-out run crossed the ±20 % edge by 0.001 in ln (te Wierik's 100 B, 500
/// partitions: 601,725 measured, 722,604 predicted, ln 0.1831 against 0.1823): Kafka
/// 15 → 14 of 27 within ±20 %, all 25 → 24 of 48; within 2× Kafka 23 → 24, all 38 → 39.
/// Stop 38 wrote each message's record fields into the disk bound (Kafka 7 B,
/// Pulsar 6 B in its batch, RocketMQ 91 B of CommitLog fields and its 20 B index:
/// `factors::record_overhead_bytes`, from a reviewer's 10 B RocketMQ messages stored
/// as 10 B). One of Huawei's RocketMQ runs now sits at its volume's bound, and the
/// held-out RocketMQ intervals cover 5 of 6 (100 → 83 %, nearer the stated 80 %: its
/// coverage floor falls with it, as coverage is held both ways), all 39 of 48 (83 →
/// 81 %); within 2× Pulsar 9 → 10 of 15, all 39 → 40 of 48.
const FLOORS: [(&str, f64, f64, f64, usize); 4] = [
    ("all", 0.81, 0.50, 0.83, 0),
    ("kafka", 0.78, 0.51, 0.88, 0),
    ("pulsar", 0.86, 0.53, 0.66, 0),
    ("rocketmq", 0.83, 0.33, 1.00, 0),
];

/// (scope, the largest |coverage − stated level| reached): a coverage too high is an
/// interval wider than its word, as wrong as one too low. Issue 7 asks for 5 points;
/// Kafka (2), all (1.2 since stop 38, 3 before) and RocketMQ (3.3: 5 of 6 since stop
/// 38; 20 before, 6 of 6) are inside it, Pulsar (7: 13 of 15 since stop 31, 11 of 15
/// before; only 12 would be within 5 points) is not.
const COVERAGE_DISTANCE: [(&str, f64); 4] = [("all", 0.02), ("kafka", 0.02), ("pulsar", 0.07), ("rocketmq", 0.04)];

#[test]
fn held_out_coverage_stays_as_close_to_the_stated_level_as_it_came() {
    let m = model();
    let v = validation(&m);
    for (scope, d) in COVERAGE_DISTANCE {
        let r = v.row(scope).unwrap_or_else(|| panic!("row {scope}"));
        assert!((r.coverage - v.level).abs() <= d + 0.005, "{scope}: coverage {:.3} is {:.3} from {}, was within {d}", r.coverage, (r.coverage - v.level).abs(), v.level);
    }
}

#[test]
fn held_out_accuracy_and_coverage_do_not_fall_below_what_was_reached() {
    let m = model();
    let v = validation(&m);
    for (scope, cov, w20, w2x, under) in FLOORS {
        let r = v.row(scope).unwrap_or_else(|| panic!("row {scope}"));
        assert!(r.runs > 0, "{scope}: no held-out saturated run");
        assert!(r.coverage >= cov - 0.005, "{scope}: coverage {:.3} < {cov}", r.coverage);
        assert!(r.within_20pct >= w20 - 0.005, "{scope}: within ±20 % {:.3} < {w20}", r.within_20pct);
        assert!(r.within_2x >= w2x - 0.005, "{scope}: within 2× {:.3} < {w2x}", r.within_2x);
        assert!(r.lower_bound_under_10pct <= under, "{scope}: {} lower-bound runs under-predicted by > 10 % (was {under})", r.lower_bound_under_10pct);
    }
}

#[test]
fn the_stated_interval_covers_about_its_level_overall() {
    let m = model();
    let v = validation(&m);
    let all = v.row("all").expect("all");
    // Issue 7's 5 points either side: stop 31 reaches 83 % (40 of 48; 90 % Wilson
    // range 73–90 %), stop 30 79 %. Stops 23–29 covered 86–89 %, conservative.
    assert!((all.coverage - v.level).abs() <= 0.05, "coverage {:.2} vs stated {:.2}", all.coverage, v.level);
    let (lo, hi) = all.coverage_range().expect("runs");
    assert!(lo <= v.level && v.level <= hi, "the stated level lies outside the coverage's 90 % Wilson range {lo:.2}–{hi:.2}");
}

/// Per system Kafka's coverage is within issue 7's ±5 points since stop 30 (21 of 27,
/// 78 %); Pulsar's misses them (13 of 15, 87 %, since stop 31), but its share does not
/// reject the stated level: 80 % lies inside its 90 % Wilson range (67–95 %; Kafka's 62–88 %). A change that made either
/// system's intervals so wide or so narrow that its own held-out runs reject 80 %
/// fails here. RocketMQ's 2 runs can only cover 0, 50 or 100 %; its range (43–100 %)
/// is checked the same way.
#[test]
fn no_system_s_coverage_rejects_the_stated_level() {
    let m = model();
    let v = validation(&m);
    for scope in ["kafka", "pulsar", "rocketmq"] {
        let r = v.row(scope).expect("row");
        let (lo, hi) = r.coverage_range().expect("saturated runs");
        assert!(lo <= v.level && v.level <= hi, "{scope}: coverage {:.2}, 90 % Wilson range {lo:.3}–{hi:.3} excludes {:.2}", r.coverage, v.level);
    }
}

/// Each ground's interval is calibrated on its own held-out runs, so each covers
/// about its level on its own: neither off by more than 12 points either way, and
/// the stated level inside each one's 90 % Wilson range. Stop 32: model 21 of 23
/// (91 %, 77–97; te Wierik's three 1 KB Kafka runs moved onto it once the fsync factor
/// on cloud volumes was fitted, all covered), stated hardware 18 of 23 (78 %); the
/// bound was 10 points until then. Stop 30: model 18 of 20
/// (90 %), stated hardware 19 of 26 (73 %; 88 % before the score left out each run's
/// own widening). The stated-hardware misses are StreamNative's Kafka runs, held out
/// and calibrated on te Wierik's alone (its disk-bound runs within 4 % of their
/// disks), and mqperf's two Pulsar runs on gp2 volumes: one source's runs do not say
/// how far another's rig falls short of its stated disks. The assumed-hardware
/// ground holds 2 runs (seed 000's, whose disks and NIC are unstated): too few to
/// check a coverage on, so its interval is never narrower than the model ground's.
#[test]
fn each_ground_covers_about_its_level_on_its_own() {
    use capacity::throughput::{Ground, Resource};
    let m = model();
    let v = validation(&m);
    for g in [Ground::Model, Ground::StatedHardware] {
        let r = v.by_ground.iter().find(|r| r.scope == g.label()).unwrap_or_else(|| panic!("{g:?} row"));
        assert!(r.runs >= 10, "{g:?}: {} held-out runs", r.runs);
        assert!((r.coverage - v.level).abs() <= 0.12, "{g:?}: coverage {:.2}", r.coverage);
        let (lo, hi) = r.coverage_range().expect("runs");
        assert!(lo <= v.level && v.level <= hi, "{g:?}: {lo:.2}–{hi:.2}");
    }
    let assumed: Vec<&str> = v.points.iter().filter(|p| !p.lower_bound && p.ground == Ground::AssumedHardware).map(|p| p.source.as_str()).collect();
    assert!(!assumed.is_empty() && assumed.iter().all(|s| *s == "seed-000"), "{assumed:?}");
    // A held-out point the CPU or a partition ceiling set is on the model ground, and
    // one a disk or NIC set is on a hardware ground (stated or assumed: the point does
    // not keep which, so that half is `Ground::of`'s own match, not checked here).
    for p in &v.points {
        let hardware = matches!(p.bound, Resource::Disk | Resource::Nic);
        assert_eq!(p.ground == Ground::Model, !hardware, "{}: {:?} on {:?}", p.run, p.bound, p.ground);
    }
    // Stated hardware errs less than the model's own figures, so its interval is
    // narrower — where both widths are the system's own: since stop 28 RocketMQ's
    // model width is its own (6 runs, 2 sources: ×/÷ 1.40) while its stated-hardware
    // width is still borrowed from all systems (×/÷ 1.05 since stop 31; its disks take
    // more below by what its kind showed: ÷ 1.05 on EBS, ÷ 2 elsewhere). Assumed
    // hardware is never narrower than the fitted figures.
    for s in &m.systems {
        let w = |g| m.base_interval_on(s.system, g).0;
        let own = |g| m.interval(s.system, g).is_some_and(|i| !i.borrowed());
        assert!(!(own(Ground::StatedHardware) && own(Ground::Model)) || w(Ground::StatedHardware) < w(Ground::Model), "{:?}: stated hardware ×/÷{:.2} vs model ×/÷{:.2}", s.system, w(Ground::StatedHardware).exp(), w(Ground::Model).exp());
        assert!(w(Ground::AssumedHardware) >= w(Ground::Model), "{:?}: assumed hardware ×/÷{:.2} vs model ×/÷{:.2}", s.system, w(Ground::AssumedHardware).exp(), w(Ground::Model).exp());
    }
    // Pulsar's CPU interval is calibrated on CPU-set runs only (stop 24's ×/÷ 8.60 was
    // the error of seed 000's 1 KB run on an assumed NIC): ×/÷ 5.03, its own 4 runs
    // (5.06 before stop 30's score left out each run's own widening).
    let pulsar = m.interval(capacity::SystemId::Pulsar, Ground::Model).expect("interval");
    assert!((pulsar.log_half_width.exp() - 5.03).abs() < 0.01 && pulsar.own_runs == 4, "{pulsar:?}");
}

#[test]
fn every_source_with_runs_is_held_out_and_the_fit_uses_no_vendor_guidance() {
    let m = model();
    let v = validation(&m);
    for (source, runs) in &m.sources {
        assert!(*runs > 0);
        assert!(v.by_source.iter().any(|r| &r.scope == source), "{source} held out");
    }
    assert!(!m.sources.iter().any(|(s, _)| s == "pulsar-docs-bare-metal" || s == "huawei-dms-kafka-flavors"), "vendor guidance is never fitted");
}

#[test]
fn intervals_are_calibrated_per_fitted_system_and_predictions_carry_them() {
    let m = model();
    // Both grounds per system; none wider than ×/÷ 10 (Pulsar's model ground, the
    // widest, is ×/÷ 8.6: its sources' CPU costs differ 5× at 100 B).
    for s in &m.systems {
        for g in capacity::throughput::Ground::ALL {
            let iv = m.interval(s.system, g).unwrap_or_else(|| panic!("{:?} {g:?} interval", s.system));
            assert!(iv.log_half_width > 0.0 && iv.log_half_width < 10f64.ln(), "{:?} {g:?}: {}", s.system, iv.log_half_width);
        }
    }
}

/// Runs of one source share its hardware and client settings, so coverage is
/// exchangeable over sources (held out whole, with all their systems), not runs:
/// each row and each interval says how many it rests on, counted here from the
/// held-out points themselves.
#[test]
fn rows_and_intervals_say_how_many_sources_they_rest_on() {
    use capacity::throughput::Ground;
    let m = model();
    let v = validation(&m);
    let sources = |keep: &dyn Fn(&capacity::throughput::ValidationPoint) -> bool| {
        let mut g: Vec<&str> = v.points.iter().filter(|p| !p.lower_bound && keep(p)).map(|p| p.source.as_str()).collect();
        g.sort();
        g.dedup();
        g.len()
    };
    for r in v.by_system.iter().chain(&v.by_source).chain(&v.by_ground) {
        let n = sources(&|p| r.scope == "all" || p.system.id() == r.scope || p.source == r.scope || p.ground.label() == r.scope);
        assert_eq!(r.sources, n, "{}", r.scope);
    }
    // Kafka's saturated runs come from 5 sources (Confluent, seed 000, mqperf,
    // StreamNative, te Wierik), Pulsar's from 4 (Confluent, seed 000, mqperf, te
    // Wierik), RocketMQ's from 2 (seed 000 and, since stop 28, Huawei's DMS test);
    // every system's together from 6.
    let count = |scope: &str| v.row(scope).map(|r| r.sources);
    assert_eq!((count("kafka"), count("pulsar"), count("rocketmq"), count("all")), (Some(5), Some(4), Some(2), Some(6)));
    for i in &m.intervals {
        let own = sources(&|p| p.system == i.system && p.ground == i.ground);
        let pooled = sources(&|p| p.ground == i.ground);
        let borrowed = i.borrowed();
        assert_eq!(i.sources, if borrowed { pooled } else { own }, "{:?} {:?}: {}", i.system, i.ground, i.how);
        assert!(i.sources >= 1 && i.sources <= i.residuals, "{i:?}");
        let from = if i.sources == 1 { "from 1 source ".to_string() } else { format!("from {} sources ", i.sources) };
        assert!(i.how.contains(&from), "{}", i.how);
        assert_eq!(borrowed, i.how.contains("the width is borrowed"), "{}", i.how);
    }
    // Pulsar's model ground rests on 2 sources only (seed 000 and te Wierik): the
    // thinnest interval a plan sizes with, and it says so.
    let pulsar = m.interval(capacity::SystemId::Pulsar, Ground::Model).expect("interval");
    assert_eq!(pulsar.sources, 2, "{}", pulsar.how);
}

/// The README quotes the validation table (issue 7: "The README quotes the
/// figures"); a change that moves a figure must move the README with it.
#[test]
fn the_readme_quotes_the_validation_table_as_it_is() {
    use capacity::throughput::{Ground, ValidationRow};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md");
    let m = model();
    let v = validation(&m);
    let pct = |x: f64| format!("{:.0} %", x * 100.0);
    let line = |label: &str, r: &ValidationRow| {
        let (lo, hi) = r.coverage_range().expect("runs");
        format!(
            "| {label} | {} | {} | {:.2} | {} | {} | {} ({:.0}–{:.0}) | {} of {} |",
            r.runs, r.sources, r.median_abs_log_error, pct(r.within_20pct), pct(r.within_2x), pct(r.coverage), lo * 100.0, hi * 100.0, r.lower_bound_under_10pct, r.lower_bound_runs
        )
    };
    for (label, scope) in [("Kafka", "kafka"), ("Pulsar", "pulsar"), ("RocketMQ", "rocketmq"), ("all", "all")] {
        let want = line(label, v.row(scope).expect("row"));
        assert!(readme.contains(&want), "README lacks the row, as validated:\n{want}");
    }
    for (label, g) in [("*ground:* model (fitted CPU cost, partition ceiling)", Ground::Model), ("*ground:* stated hardware (disks, NIC)", Ground::StatedHardware), ("*ground:* assumed hardware (disks, NIC not stated)", Ground::AssumedHardware)] {
        let want = line(label, v.by_ground.iter().find(|r| r.scope == g.label()).expect("ground row"));
        assert!(readme.contains(&want), "README lacks the row, as validated:\n{want}");
    }
}

/// Prints the table (cargo test -p capacity --test throughput_validation -- --ignored --nocapture).
#[test]
#[ignore = "prints the validation table"]
fn print_validation() {
    let m = model();
    let v = validation(&m);
    for r in v.by_system.iter().chain(&v.by_source).chain(&v.by_ground) {
        println!("{:<32} n={:>3} med|ln|={:.2} ±20%={:.2} 2x={:.2} cov={:.2} lb={} under={} unpred={}", r.scope, r.runs, r.median_abs_log_error, r.within_20pct, r.within_2x, r.coverage, r.lower_bound_runs, r.lower_bound_under_10pct, r.unpredictable);
    }
    for p in &v.points {
        println!("{:?} {:<28} {:<60} meas={:>10.0} pred={:>10.0} [{:>10.0}, {:>10.0}] {:?} {:?} lb={}", p.system, p.source, p.run, p.measured, p.predicted, p.low, p.high, p.bound, p.ground, p.lower_bound);
    }
    for i in &m.intervals {
        println!("{:?} {:?} ×/÷{:.2} {}", i.system, i.ground, i.log_half_width.exp(), i.how);
    }
}

/// A machine far from every machine the fit measured gets a wider interval and says
/// why; one the corpus measured does not. Expected widths from
/// `hardware_distance_width`'s stated rule: half the log distance past the range.
#[test]
fn intervals_widen_with_distance_from_the_measured_hardware() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{hardware_distance_width, Cluster};
    let m = model();
    let kafka = m.system(SystemId::Kafka).expect("kafka fitted");
    let (lo, hi) = kafka.threads_range.expect("threads measured");
    assert!(lo >= 1.0 && hi >= lo, "{lo}–{hi}");
    let mut hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    let at = |hw: &capacity::hardware::Hardware| Cluster::planned(SystemId::Kafka, 3.0, hw, 1024.0, 3, Some(100), 1, Durability::Replicated);
    let near = m.predict(&at(&hw)).expect("prediction");
    assert_eq!(hardware_distance_width(kafka, &at(&hw)), None, "a measured machine class: no widening");
    hw.cores = (hi * 4.0) as u32;
    let far = m.predict(&at(&hw)).expect("prediction");
    let w = hardware_distance_width(kafka, &at(&hw)).expect("widened");
    assert!((w - 0.5 * 4.0_f64.ln()).abs() < 1e-9, "×4 past the most measured → ½ ln 4, got {w}");
    // The widening is the CPU bound's (since stop 35): on 4× the cores the stated disks
    // bind at 1 KB, far below the CPU bound even at its low end, so the low end is
    // the stated-hardware ground's base alone and the note says the widening moved
    // nothing; at 100 B the CPU bound sits close enough above the disks that ÷e^w
    // takes it below them, and the low end falls further than the base.
    let ratio = |p: &capacity::throughput::ThroughputPrediction| p.expected / p.low;
    assert_eq!((near.ground, far.ground), (capacity::throughput::Ground::Model, capacity::throughput::Ground::StatedHardware));
    let base = m.base_interval_on(SystemId::Kafka, far.ground).0.exp();
    assert!((ratio(&far) / base - 1.0).abs() < 1e-9, "far {:.4} vs its ground's base {base:.4}", ratio(&far));
    assert!(far.notes.iter().any(|n| n.contains("hardware threads per node") && n.contains("moves nothing here: the disks bind")), "{:?}", far.notes);
    let small = m.predict(&Cluster::planned(SystemId::Kafka, 3.0, &hw, 100.0, 3, Some(100), 1, Durability::Replicated)).expect("prediction");
    let cpu_low = small.expected / (w.exp() * m.base_interval_on(SystemId::Kafka, capacity::throughput::Ground::Model).0.exp());
    assert!(ratio(&small) > base * 1.05 && small.low >= cpu_low * (1.0 - 1e-9), "100 B: ×{:.3} low; base ÷{base:.2}, CPU bound ÷e^w at most ÷{:.2}", small.low / small.expected, small.expected / cpu_low);
    assert!(small.notes.iter().any(|n| n.contains("hardware threads per node") && !n.contains("moves nothing")), "{:?}", small.notes);
}

/// A disk bound divides the disks' rate by a write amplification the corpus checked
/// only where saturated runs ran (`SystemThroughput::disk_kinds`, from the fitted
/// runs): on a machine's own disks, what its runs showed there; otherwise on the kind
/// of stated disk, what disk-bound runs of any machine showed. Kafka's and Pulsar's
/// disk-bound NVMe runs came within 4 % of it (no widening); Pulsar's on mqperf's gp2
/// volumes fell to ×0.51 (÷1.97 at the low end, held at ÷2 off their machine); on the
/// gp2 preset Kafka's CPU-bound runs carried ×0.66 of it (÷1.51), and on Huawei's
/// presets RocketMQ's runs bound on it (×1.03: no widening; since stop 38 counts each
/// message's 111 B of CommitLog fields and index, ×0.95 before), but elsewhere on EBS
/// those say nothing (÷2); seed 000's machine, whose disks' figure was
/// fitted from its runs, is checked for Kafka (÷1.00); any other disks, ÷2 (mqplan's
/// stated assumption, the ±2× of any uncalibrated figure). The widening is in
/// quadrature with the calibrated base, toward less capacity only, and the prediction
/// says why.
#[test]
fn a_disk_bound_widens_below_as_far_as_its_disks_were_not_checked() {
    use capacity::hardware::{Hardware, Preset};
    use capacity::system::{DiskKind, Durability, SystemId};
    use capacity::throughput::{Cluster, Resource, UNMEASURED_DISK_WIDTH};
    let m = model();
    let on = |preset: &str, disk: Option<DiskKind>| {
        let mut hw: Hardware = Preset::find(preset).expect("preset").hardware();
        if let Some(d) = disk {
            hw.disk = d;
        }
        hw
    };
    let width = |s: SystemId, hw: &Hardware| m.system(s).expect("fitted").disk_width(&Cluster::planned(s, 3.0, hw, 1024.0, 3, Some(100), 1, Durability::Replicated));
    let near = |w: f64, x: f64| (w.exp() - x).abs() < 0.01;
    let gp2 = on("aws-r5.2xlarge-gp2", None);
    let huawei = on("huawei-dms-rmq48-12u24g", None);
    assert_eq!(width(SystemId::Kafka, &on("aws-i3en.2xlarge", None)), 0.0);
    assert_eq!(width(SystemId::Pulsar, &on("aws-i3en.2xlarge", None)), 0.0);
    // On the gp2 preset's own volume the expected value takes the runs' mean share
    // (×0.51, `a_machine_s_own_disks_that_fell_short_set_the_expected_value`): the low
    // end reaches their lowest only.
    // The disk bound of mqperf's gp2 Pulsar runs: 670,000 msg/s of payload, ÷ 1.06 for
    // each message's 6 B in its batch.
    let bound = 670_000.0 / 1.06;
    let share = (358_323.0f64 / bound * 320_853.0 / bound).sqrt();
    assert!(near(width(SystemId::Pulsar, &gp2), share * bound / 320_853.0), "Pulsar gp2: ÷{:.3}", width(SystemId::Pulsar, &gp2).exp());
    assert!(near(width(SystemId::Pulsar, &huawei), (bound / 320_853.0).max(UNMEASURED_DISK_WIDTH.exp())), "Pulsar on another EBS: the kind's shortfall, ÷{:.3}", width(SystemId::Pulsar, &huawei).exp());
    assert!(near(width(SystemId::Kafka, &gp2), 1.62 / 1.07), "Kafka gp2: ÷{:.3}", width(SystemId::Kafka, &gp2).exp());
    assert_eq!(width(SystemId::Kafka, &huawei), UNMEASURED_DISK_WIDTH, "Kafka on Huawei's EVS: no Kafka run there");
    assert_eq!(width(SystemId::Rocketmq, &huawei), 0.0, "RocketMQ on its Huawei preset, where its runs bound: ÷{:.3}", width(SystemId::Rocketmq, &huawei).exp());
    // Since stop 38 a Huawei RocketMQ run binds on its EBS volume (×1.03), so the kind
    // is checked for RocketMQ: gp2 takes that, not the unchecked ÷2.
    assert_eq!(width(SystemId::Rocketmq, &gp2), 0.0, "RocketMQ on gp2: EBS checked by Huawei's disk-bound run");
    assert_eq!(width(SystemId::Kafka, &Hardware::default()), 0.0, "seed 000's machine: its disks' figure fitted from its Kafka runs");
    for s in [SystemId::Kafka, SystemId::Pulsar, SystemId::Rocketmq] {
        assert_eq!(width(s, &on("aws-i3en.2xlarge", Some(DiskKind::Hdd))), UNMEASURED_DISK_WIDTH, "{s:?} on spinning disks: never run");
    }
    let mut hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    hw.disk_mbps = capacity::units::MegabytesPerSec(10.0);
    let at = |system, hw: &capacity::hardware::Hardware| m.predict(&Cluster::planned(system, 3.0, hw, 1024.0, 3, Some(100), 1, Durability::Replicated)).expect("prediction");
    let nvme = at(SystemId::Kafka, &hw);
    hw.disk = DiskKind::Hdd;
    let hdd = at(SystemId::Kafka, &hw);
    assert_eq!((nvme.bound, hdd.bound), (Resource::Disk, Resource::Disk));
    assert!((nvme.expected - hdd.expected).abs() < 1e-6 && (nvme.high - hdd.high).abs() < 1e-6, "only the low end moves");
    let base = m.base_interval_on(SystemId::Kafka, nvme.ground).0;
    let down = |p: &capacity::throughput::ThroughputPrediction| (p.expected / p.low).ln();
    assert!((down(&nvme) - base).abs() < 1e-9, "NVMe, checked: the base alone ({base:.3}), got {:.3}", down(&nvme));
    assert!((down(&hdd) - base.hypot(UNMEASURED_DISK_WIDTH)).abs() < 1e-9, "HDD: base and ÷ 2 in quadrature, got {:.3}", down(&hdd));
    assert!(hdd.notes.iter().any(|n| n.contains("spinning disks: no saturated Kafka run ran on them")), "{:?}", hdd.notes);
    assert!(!nvme.notes.iter().any(|n| n.contains("low end takes the disk bound")), "{:?}", nvme.notes);
    // Pulsar on EBS: the gp2 runs' shortfall, in words.
    hw.disk = DiskKind::Ebs;
    let pulsar = at(SystemId::Pulsar, &hw);
    assert!(pulsar.notes.iter().any(|n| n.contains("×0.51 at the least")), "{:?}", pulsar.notes);
}

/// Where a machine's own disks fell short of their figure in the runs measured on it,
/// the expected value takes what they carried, as the CPU bound takes a machine's
/// measured effect. mqperf's Pulsar on r5.2xlarge, journal and ledgers on one 100 GiB
/// gp2 volume capped at 134 MB/s (article.md § Pulsar), reached 358,323 and 320,853
/// msg/s at 100 B on 3 bookies against a 670,000 msg/s disk bound (632,075 since stop
/// 38 counts each message's 6 B in its batch; stop 31: expected 670,000, low 320,000):
/// the gp2 preset now expects their geometric mean share (×0.536, 339,000 msg/s) and its interval holds both runs; the interval's high end may
/// still reach the volume's figure. Other EBS volumes (Huawei's) keep the figure, with
/// the kind's ÷2.09 below it; plans on the preset size its disks on ×0.54 and say so.
#[test]
fn a_machine_s_own_disks_that_fell_short_set_the_expected_value() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{Cluster, Resource};
    let m = model();
    let at = |preset: &str| {
        let hw = Preset::find(preset).expect("preset").hardware();
        m.predict(&Cluster::planned(SystemId::Pulsar, 3.0, &hw, 100.0, 3, Some(4), 1, Durability::Replicated)).expect("prediction")
    };
    let gp2 = at("aws-r5.2xlarge-gp2");
    assert_eq!(gp2.bound, Resource::Disk);
    let bound = 670_000.0 / 1.06;
    let share = (358_323.0f64 / bound * 320_853.0 / bound).sqrt();
    assert!((gp2.bounds.disk_share - share).abs() < 0.005, "share {:.4} vs {share:.4}", gp2.bounds.disk_share);
    assert!((gp2.expected / (bound * share) - 1.0).abs() < 0.01, "expected {}", gp2.expected);
    for measured in [358_323.0, 320_853.0] {
        assert!((measured / gp2.expected).ln().abs() < 0.2f64.ln_1p(), "{measured} within ±20 % of {}", gp2.expected);
        assert!(gp2.low <= measured && measured <= gp2.high, "{measured} in [{}, {}]", gp2.low, gp2.high);
    }
    assert!(gp2.high <= bound * 1.001, "the volume's figure stops the high end: {}", gp2.high);
    assert!(gp2.notes.iter().any(|n| n.contains("so the disk bound is taken × 0.54 there")), "{:?}", gp2.notes);
    let other = at("huawei-dms-rmq48-12u24g");
    assert_eq!(other.bounds.disk_share, 1.0, "another machine's EBS keeps its figure");
    let plan = capacity::throughput::cpu_per_node(&m, SystemId::Pulsar, &Preset::find("aws-r5.2xlarge-gp2").expect("preset").hardware(), 100.0, 3, 4, 1, Durability::Replicated).expect("plan bound");
    assert!((plan.disk_share - share).abs() < 0.005, "the plan's disks: ×{:.3}", plan.disk_share);
    assert!(plan.notes.iter().any(|(_, n)| n.contains("on this machine (r5.2xlarge)")), "{:?}", plan.notes);
}

/// Disks the user states that write 10 MB/s set the prediction: the interval's high
/// end stops at what they carry (before the durability factor), and the plan does
/// not call stated hardware assumed — also with fsync, whose ×factor leaves room
/// between the prediction and the disks.
#[test]
fn stated_disks_that_bind_stop_the_interval_and_are_not_called_assumed() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{Cluster, Resource};
    let m = model();
    let mut hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    hw.disk_mbps = capacity::units::MegabytesPerSec(10.0);
    for d in [Durability::Replicated, Durability::Fsync] {
        let p = m.predict(&Cluster::planned(SystemId::Kafka, 3.0, &hw, 1024.0, 3, Some(100), 1, d)).expect("prediction");
        assert_eq!(p.bound, Resource::Disk, "{d:?}");
        let disk = p.bounds.disk.expect("stated disks");
        assert!(p.high <= disk * (1.0 + 1e-9) && p.high >= p.expected, "{d:?}: high {} vs disks {disk}", p.high);
        assert!(!p.notes.iter().any(|n| n.contains("not stated")), "{d:?}: {:?}", p.notes);
    }
}

/// A tail-read cost no pair of runs measured is a range, not a point: a workload that
/// reads like the fitted runs is neither moved nor widened by it; consumer groups are
/// charged the middle of the range (the median of a uniform prior), one cost for any
/// number of groups, with an interval that reaches both ends.
#[test]
fn an_unmeasured_read_cost_is_planned_at_the_middle_of_its_range_and_widens_the_interval() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{read_cost_width, Cluster, Resource};
    let m = model();
    let hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    let mut cpu_bound = 0;
    for system in [SystemId::Kafka, SystemId::Pulsar, SystemId::Rocketmq] {
        let fit = m.system(system).expect("fitted");
        let read = &fit.read;
        let (lo, hi) = read.range.expect("no saturated 1-vs-N pair in the corpus: a range");
        assert!(lo == 0.0 && hi >= read.per_group && hi <= 1.0, "{system:?}: {lo}–{hi} around {}", read.per_group);
        assert!((0.0..=10.0).contains(&read.fit_readers), "{system:?}: {}", read.fit_readers);
        // Reading like the fitted runs: no move, no widening.
        assert!((read.centre(3.0, read.fit_readers) - 1.0).abs() < 1e-12);
        // Ten groups: the capacity at the middle cost, between the two ends.
        let (end_lo, end_hi) = (read.relative_capacity(hi, 3.0, 10.0), read.relative_capacity(lo, 3.0, 10.0));
        assert!(end_lo < end_hi, "{system:?}: a dearer read leaves less capacity");
        let centre = read.centre(3.0, 10.0);
        assert_eq!(read.planned(), Some((lo + hi) / 2.0));
        assert!((centre - read.relative_capacity((lo + hi) / 2.0, 3.0, 10.0)).abs() < 1e-12 && centre > end_lo && centre < end_hi, "{system:?}: {end_lo} < {centre} < {end_hi}");
        // One cost for any number of groups: with no readers in the fitted runs the
        // cost a plan charges per group is the same at 1, 10 and 1,000 groups (an
        // adversarial tester saw the geometric middle of the capacities imply 0.47 →
        // 0.05 per group).
        if read.fit_readers == 0.0 {
            for r in [1.0, 10.0, 1000.0] {
                let c = read.effective(3.0, r).expect("readers");
                assert!((c - (lo + hi) / 2.0).abs() < 1e-9, "{system:?} × {r}: {c}");
            }
        }
        // Hand arithmetic for one case: r̄ readers fitted, cost c₀, c ∈ [0, hi].
        let at = |c: f64, r: f64| (3.0 + c * read.fit_readers) / (3.0 + c * r);
        assert!((end_hi - at(0.0, 10.0) / at(read.per_group, 10.0)).abs() < 1e-12);
        let c = Cluster::planned(system, 3.0, &hw, 1024.0, 3, Some(300), 10, Durability::Replicated);
        let b = m.bounds(fit, &c);
        if b.binding().0 == Resource::Cpu && hi > 0.0 {
            let w = read_cost_width(fit, &c, &b);
            assert!(w.down > 0.0 && w.up > 0.0, "{system:?}: CPU-bound with ten groups and an unmeasured read cost must widen");
            // Each side reaches its own end of the range, not the farther one both
            // ways: the dear end lies ln(centre ÷ end_lo) below, the cheap end
            // ln(end_hi ÷ centre) above (where no other bound caps them).
            let other = [b.disk, Some(b.nic), b.partition].into_iter().flatten().fold(f64::INFINITY, f64::min);
            assert!((w.down - (centre / end_lo).ln()).abs() < 1e-9, "{system:?}: down {} vs {}", w.down, (centre / end_lo).ln());
            let up = ((b.cpu / centre * end_hi).min(other) / b.cpu.min(other)).ln();
            assert!((w.up - up).abs() < 1e-9, "{system:?}: up {} vs {up}", w.up);
            let p = m.predict(&c).expect("prediction");
            assert!(p.notes.iter().any(|n| n.contains("tail-read cost not measured")), "{system:?}: {:?}", p.notes);
            // The prediction's interval carries the two sides apart: the other
            // widenings (size, durability, …) add alike to both sides, the read
            // cost each side its own.
            let e = capacity::throughput::extra_log_width(fit, &c, &b);
            assert!(((e.down.powi(2) - w.down.powi(2)) - (e.up.powi(2) - w.up.powi(2))).abs() < 1e-9, "{system:?}: {e:?} vs {w:?}");
            let base = m.base_interval(system).0;
            assert!((p.low - p.expected * (-base.hypot(e.down)).exp()).abs() / p.expected < 1e-9, "{system:?}: low {} of {}", p.low, p.expected);
            cpu_bound += 1;
        }
    }
    assert!(cpu_bound >= 1, "no system was CPU-bound with ten groups: the widening went untested");
}

/// A plan's CPU arithmetic reproduces its number with the read cost it shows: the
/// effective cost per group (the centred bound in the plain formula), for one to
/// thirty groups, on i3en.2xlarge at 2 KB.
#[test]
fn the_read_cost_a_plan_shows_reproduces_its_cpu_bound() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::cpu_per_node;
    let m = model();
    let hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    for system in [SystemId::Kafka, SystemId::Pulsar] {
        let fit = m.system(system).expect("fitted");
        for groups in [1u32, 3, 10, 30, 200, 1000] {
            let r = f64::from(groups);
            let c = fit.read.effective(3.0, r).expect("readers: an effective cost");
            let cpu = cpu_per_node(&m, system, &hw, 2048.0, 3, 200, groups, Durability::Replicated).expect("cpu");
            let eff_cores = 4.0 + 0.25 * 4.0;
            // i3en.2xlarge is a measured machine class: its effect multiplies the bound, and the detail says so.
            let planned = capacity::throughput::Cluster::planned(system, 1.0, &hw, 2048.0, 3, Some(200), groups, Durability::Replicated);
            let effect = fit.machine_effect(&planned).map_or(1.0, |e| e.factor);
            if effect != 1.0 {
                assert!(cpu.detail.contains(&format!("× {:.3} (measured on this machine class)", capacity::units::Dec(effect))), "{}", cpu.detail);
            }
            let by_hand = effect * eff_cores / ((3.0 + c * r) * (fit.a_core_us + fit.b_core_us_per_byte * 2048.0) * 1e-6);
            assert!((by_hand / cpu.msgs - 1.0).abs() < 1e-9, "{system:?} × {groups}: {by_hand} vs {}", cpu.msgs);
            let shown = format!("{:.4}", capacity::units::Dec(c));
            assert!(cpu.detail.contains(&format!("{shown} × {groups} consumer group(s)")), "{}", cpu.detail);
            // The note names the read cost's range, not another range in scope (it
            // once printed the message-size range, 100.00–2048.00, as the read cost's).
            let (lo, hi) = fit.read.range.expect("range");
            let said = format!("charged at the middle of {:.2}–{:.2}", capacity::units::Dec(lo), capacity::units::Dec(hi));
            assert!(cpu.notes.iter().any(|(_, t)| t.contains(&said)), "{system:?} × {groups}: {:?}", cpu.notes);
            // The rounded cost the detail prints still gives the bound within 0.5 %
            // (two decimals were 7–9 % off at 1,000 groups; an adversarial tester).
            let printed: f64 = shown.parse().expect("number");
            let from_print = effect * eff_cores / ((3.0 + printed * r) * (fit.a_core_us + fit.b_core_us_per_byte * 2048.0) * 1e-6);
            assert!((from_print / cpu.msgs - 1.0).abs() < 5e-3, "{system:?} × {groups}: {from_print} vs {}", cpu.msgs);
        }
    }
}

/// A preset's disks never cap a prediction below what a run on that machine reached:
/// Gordillo's Kafka on Ceph RBD volumes (i3en.6xlarge) wrote 1.6 M msg/s of 460 B at
/// RF 3 and acks=1 with 6 partitions on 3 brokers (run producer-rf3-async-16pods,
/// client-bound: a floor). Until stop 32 the preset took the network-storage default
/// of 450 MB/s and predicted 978,261 msg/s with the interval's high end stopped there
/// (a stop-32 reviewer); it now takes the 747 MB/s per broker that run wrote (736
/// until stop 38, which counts each record's 7 B of fields: 1.6 M × 467 B).
#[test]
fn a_preset_s_disks_carry_what_its_runs_reached() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::Cluster;
    let m = model();
    let hw = Preset::find("aws-i3en.6xlarge-ceph").expect("preset").hardware();
    let p = m.predict(&Cluster::planned(SystemId::Kafka, 3.0, &hw, 460.0, 3, Some(6), 0, Durability::Leader)).expect("prediction");
    assert!(p.high >= 1_600_000.0, "high {} below the measured floor", p.high);
    let disk = p.bounds.disk.expect("disks");
    assert!((disk / (3.0 * 747e6 / (3.0 * 467.0)) - 1.0).abs() < 0.01, "disk bound {disk}");
    // The figure is a floor (that run was client-bound), not the volume's limit: it
    // does not stop the high end, and the prediction says so (a stop-32 reviewer read
    // "the hardware cannot carry more" of it). A figure the user states does.
    assert!(p.high > disk * 1.2 && p.bounds.disk_floor, "high {} at the floor {disk}", p.high);
    assert!(p.notes.iter().any(|n| n.contains("the disk figure is a floor")), "{:?}", p.notes);
    let mut told = hw.clone();
    told.disk_mbps = capacity::units::MegabytesPerSec(500.0);
    let q = m.predict(&Cluster::planned(SystemId::Kafka, 3.0, &told, 460.0, 3, Some(6), 0, Durability::Leader)).expect("prediction");
    assert!(!q.bounds.disk_floor && (q.high - q.bounds.disk.expect("disks")).abs() < 1.0, "stated 500 MB/s caps: {}", q.high);
}

/// An assumed durability factor carries the error mqplan's assumptions showed where
/// pairs later measured the same setting: Kafka acks=1 assumed ×1.3 (seed 000 §2.5),
/// measured ×1.63 (StreamNative's 6 pairs); fsync on SSD/NVMe assumed ×0.5, measured
/// ×0.93 (7 pairs); fsync on a cloud volume assumed ×0.10, measured ×0.025 (mqperf's
/// flush run, stop 32). Their root mean square ln error, ≈ 0.89 (×/÷ 2.4), is every
/// assumed factor's spread — RocketMQ's sync flush, Pulsar's ack quorum — where it was
/// a guessed ±0.3 until stop 32; and a prediction with one is widened by it.
#[test]
fn assumed_factors_carry_the_error_assumptions_showed() {
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{Cluster, Deviation};
    let m = model();
    let fitted = |s: SystemId, d: Deviation| m.factors.iter().find(|f| f.system == s && f.deviation == d && f.assumed.is_none()).unwrap_or_else(|| panic!("{s:?} {d:?} fitted")).factor;
    let misses = [(1.3 / fitted(SystemId::Kafka, Deviation::AcksLeader)).ln(), (0.5 / fitted(SystemId::Kafka, Deviation::FsyncEach)).ln(), (0.1 / fitted(SystemId::Kafka, Deviation::FsyncEachNetwork)).ln()];
    let rms = (misses.iter().map(|x| x * x).sum::<f64>() / 3.0).sqrt();
    assert!((rms - 0.89).abs() < 0.02, "rms {rms:.3}");
    let sync_flush = m.factors.iter().find(|f| f.system == SystemId::Rocketmq && f.deviation == Deviation::SyncFlush).expect("factor");
    assert!(sync_flush.assumed.is_some() && (sync_flush.log_spread - rms).abs() < 1e-9, "{sync_flush:?}");
    let hw = capacity::hardware::Hardware::default();
    let at = |d| m.predict(&Cluster::planned(SystemId::Rocketmq, 3.0, &hw, 1024.0, 2, Some(16), 1, d)).expect("prediction");
    let (plain, fsync) = (at(Durability::Replicated), at(Durability::Fsync));
    let down = |p: &capacity::throughput::ThroughputPrediction| (p.expected / p.low).ln();
    assert!(down(&fsync) > down(&plain) + 0.2, "fsync ÷{:.2} vs ÷{:.2}", down(&fsync).exp(), down(&plain).exp());
    assert!(fsync.notes.iter().any(|n| n.contains("durability factor ×0.50 (spread ×/÷2.4")), "{:?}", fsync.notes);
}

/// A durability setting moves capacity one way only, and so does its spread: acks=1
/// (leader) never gives a lower low end than acks=all, fsync never a higher high end
/// (a stop-32 reviewer saw leader raise the high-end machine count on 11 of 12
/// presets once assumed factors took ×/÷2.41); a factor that does not act on a stated
/// disk bound adds no width to it (Pulsar on the gp2 preset). A factor measured on one
/// machine class and carried to another takes an assumption's spread too: Kafka's
/// fsync on a cloud volume, measured on mqperf's gp2 machine, is wider on the Ceph
/// preset than on the gp2 one.
#[test]
fn durability_moves_capacity_one_way_and_widens_off_its_machine() {
    use capacity::hardware::{Preset, PRESETS};
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::Cluster;
    let m = model();
    for p in PRESETS.iter() {
        let hw = p.hardware();
        for s in [SystemId::Kafka, SystemId::Rocketmq, SystemId::Pulsar] {
            let at = |d| m.predict(&Cluster::planned(s, 3.0, &hw, 1024.0, 2, Some(24), 1, d)).expect("prediction");
            let (r, l, f) = (at(Durability::Replicated), at(Durability::Leader), at(Durability::Fsync));
            assert!(l.expected >= r.expected * (1.0 - 1e-9) && l.low >= r.low * (1.0 - 1e-9), "{} {s:?}: leader {:.0}/{:.0} vs replicated {:.0}/{:.0}", p.id, l.low, l.expected, r.low, r.expected);
            assert!(f.expected <= r.expected * (1.0 + 1e-9) && f.high <= r.high * (1.0 + 1e-9), "{} {s:?}: fsync {:.0}/{:.0} vs replicated {:.0}/{:.0}", p.id, f.expected, f.high, r.expected, r.high);
        }
    }
    let gp2 = Preset::find("aws-r5.2xlarge-gp2").expect("preset").hardware();
    let pulsar = |d| m.predict(&Cluster::planned(SystemId::Pulsar, 3.0, &gp2, 100.0, 3, Some(64), 1, d)).expect("prediction");
    let (r, l) = (pulsar(Durability::Replicated), pulsar(Durability::Leader));
    assert!((r.low - l.low).abs() < 1e-6 && (r.high - l.high).abs() < 1e-6, "disk-bound: [{:.0}, {:.0}] vs [{:.0}, {:.0}]", r.low, r.high, l.low, l.high);
    let fsync_width = |preset: &str| {
        let hw = Preset::find(preset).expect("preset").hardware();
        m.predict(&Cluster::planned(SystemId::Kafka, 3.0, &hw, 100.0, 3, Some(64), 1, Durability::Fsync)).expect("prediction").bounds.durability_log_spread
    };
    let (own, carried) = (fsync_width("aws-r5.2xlarge-gp2"), fsync_width("aws-i3en.6xlarge-ceph"));
    assert!(own < 0.2 && carried > 0.8, "gp2 ×/÷{:.2}, Ceph ×/÷{:.2}", own.exp(), carried.exp());
}

/// A disk-bound prediction whose CPU bound lies close above, with a wider interval of
/// its own, says that the CPU could bind below its low end (a stop-32 reviewer saw
/// Pulsar on the gp2 preset's low end fall from 629,458 to 152,058 msg/s going from 2
/// disks to 4, when the bound passed to the CPU). The interval stays the binding
/// bound's: folded in, held-out coverage read 88 % for a stated 80 %.
#[test]
fn a_cpu_bound_close_above_a_disk_bound_is_said() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{Cluster, Resource};
    let m = model();
    let at = |disks: u32| {
        let mut hw = Preset::find("aws-r5.2xlarge-gp2").expect("preset").hardware();
        hw.disks = disks;
        m.predict(&Cluster::planned(SystemId::Pulsar, 3.0, &hw, 100.0, 3, Some(64), 1, Durability::Replicated)).expect("prediction")
    };
    let (two, four) = (at(2), at(4));
    assert_eq!((two.bound, four.bound), (Resource::Disk, Resource::Cpu));
    let words = capacity::units::Num(four.low).to_string();
    assert!(two.notes.iter().any(|n| n.contains("the CPU would bind below this interval's low end") && n.contains(&words)), "{words}: {:?}", two.notes);
    assert!(!four.notes.iter().any(|n| n.contains("the CPU would bind below")), "{:?}", four.notes);
}

/// Linear node scaling is the Universal Scalability Law's ceiling, so past the largest
/// cluster measured the interval widens toward less capacity only, by the stated
/// assumption (÷1.105 per doubling) in quadrature with the rest: the expected value
/// and the high end scale with the nodes, the low end falls behind (before stop 33 a
/// flat 0.1 each way, and only past twice the largest cluster).
#[test]
fn node_scaling_doubt_widens_only_the_low_end_past_the_measured() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{scaling_width, Cluster};
    let m = model();
    let hw = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    let at = |nodes: f64| m.predict(&Cluster::planned(SystemId::Kafka, nodes, &hw, 1024.0, 3, Some(10_000), 1, Durability::Replicated)).expect("prediction");
    let max = m.system(SystemId::Kafka).expect("Kafka fitted").scaling.max_nodes_measured();
    assert!(max >= 3.0, "Kafka's largest measured cluster: {max}");
    let (measured, big) = (at(max), at(max * 8.0));
    assert_eq!(measured.bound, big.bound, "same binding bound per node");
    let per_node = |x: f64, n: f64| x / n;
    assert!((per_node(big.expected, max * 8.0) - per_node(measured.expected, max)).abs() < 1e-6 * measured.expected, "linear expected value");
    assert!(((big.high / big.expected) - (measured.high / measured.expected)).abs() < 1e-9, "the high end is not widened");
    let down = |p: &capacity::throughput::ThroughputPrediction| (p.expected / p.low).ln();
    assert!(scaling_width(max, max) == 0.0);
    let expect = down(&measured).hypot(scaling_width(max * 8.0, max));
    assert!((down(&big) - expect).abs() < 1e-9, "÷{:.3} below at 8× the measured, expected ÷{:.3}", down(&big).exp(), expect.exp());
    assert_eq!(big.bound, capacity::throughput::Resource::Cpu, "the doubt is the CPU bound's: this case must be CPU-bound to test it whole");
    assert!(big.notes.iter().any(|n| n.contains("linear scaling assumed") && n.contains("0.1 ln per doubling") && n.contains("in quadrature")), "{:?}", big.notes);
    assert!(!measured.notes.iter().any(|n| n.contains("nodes vs at most")), "{:?}", measured.notes);
}

/// Node-count and core-count doubts are the CPU bound's: a disk-bound cluster's low
/// end does not fall with either (a stop-34 reviewer: predict widened a disk-bound
/// Kafka cluster ÷1.48 for 46 nodes where the plan for it carried nothing, and its
/// low end fell from 465,298 to 215,543 msg/s as cores went from 8 to 128 on the
/// same disks). Where the CPU bound sits close above the disks, it moves the low end
/// only as far as the moved CPU bound falls below them.
#[test]
fn a_disk_bound_low_end_does_not_fall_with_cores_or_node_count() {
    use capacity::hardware::Preset;
    use capacity::system::{Durability, SystemId};
    use capacity::throughput::{Cluster, Resource};
    let m = model();
    let base = Preset::find("aws-i3en.2xlarge").expect("preset").hardware();
    let at = |nodes: f64, cores: u32| {
        let hw = capacity::hardware::Hardware { cores, physical_cores: None, ..base.clone() };
        m.predict(&Cluster::planned(SystemId::Kafka, nodes, &hw, 1024.0, 3, Some(1000), 0, Durability::Replicated)).expect("prediction")
    };
    let mut last_low = 0.0;
    for cores in [16, 24, 32, 64, 128] {
        let p = at(3.0, cores);
        assert_eq!(p.bound, Resource::Disk, "{cores} cores: {:?}", p.bound);
        assert!(p.low >= last_low * (1.0 - 1e-9), "{cores} cores: low {} below {last_low} at fewer cores", p.low);
        last_low = p.low;
    }
    // Per node, 46 nodes' low end is 3 nodes' (the disks write their own partitions).
    let (small, big) = (at(3.0, 16), at(46.0, 16));
    assert_eq!(big.bound, Resource::Disk);
    assert!(((big.low / 46.0) / (small.low / 3.0) - 1.0).abs() < 1e-9, "per-node low end {} vs {}", big.low / 46.0, small.low / 3.0);
    assert!(big.notes.iter().any(|n| n.contains("moves nothing here: the disks bind")), "{:?}", big.notes);
}
