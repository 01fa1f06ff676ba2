//! The README quotes the fitted throughput model's intervals and machine-class factors;
//! these tests hold its figures to the fit, so a refit that moves them fails here
//! until the README follows (a stop-42 tester read ×/÷ 8.42 and Kafka ×0.817 there
//! beside 8.60 and ×0.775 on `/model`).

use capacity::throughput::Ground;
use capacity::SystemId;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md")
}

fn model() -> capacity::throughput::ThroughputModel {
    ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}")).1.throughput.expect("corpus model")
}

/// "Intervals fitted on every source (model ground / stated hardware / assumed
/// hardware)": each system's three half-widths as ×/÷ e^w, two decimals.
#[test]
fn the_readme_quotes_the_fitted_intervals() {
    let (text, t) = (readme(), model());
    let start = text.find("Intervals fitted on every source").expect("the README's interval paragraph");
    let para: String = text[start..start + text[start..].find("\n\n").unwrap_or(text.len() - start)].split_whitespace().collect::<Vec<_>>().join(" ");
    let width = |s: SystemId, g: Ground| t.intervals.iter().find(|i| i.system == s && i.ground == g).map(|i| format!("{:.2}", i.log_half_width.exp())).expect("interval");
    for s in SystemId::ALL {
        let (m, h, a) = (width(s, Ground::Model), width(s, Ground::StatedHardware), width(s, Ground::AssumedHardware));
        let at = para.find(&format!("{} ×/÷ {m}", s.name())).unwrap_or_else(|| panic!("{} ×/÷ {m} (model ground) not in: {para}", s.name()));
        // Up to the next system's widths: its stated and assumed hardware's.
        let rest = &para[at + 1..];
        let mine = &rest[..rest.find("×/÷").and_then(|i| rest[i + "×/÷".len()..].find("×/÷").map(|j| i + "×/÷".len() + j)).unwrap_or(rest.len())];
        assert!(mine.contains(&format!("/ {h} / {a}")), "{}: stated {h} / assumed {a} not in: {mine}", s.name());
    }
}

/// The machine classes' CPU factors the README lists, three decimals.
#[test]
fn the_readme_quotes_the_machine_class_factors() {
    let (text, t) = (readme(), model());
    let start = text.find("**Machine classes**").expect("the README's machine-class item");
    let item = &text[start..start + text[start..].find("\n- ").unwrap_or(text.len() - start)];
    for s in t.systems.iter().filter(|s| s.system != SystemId::Pravega) {
        for e in &s.machine_effects {
            let shown = format!("×{:.3}", e.factor);
            assert!(item.contains(&shown), "{} on {}: {shown} not in the README's machine classes: {item}", s.system.name(), e.class);
        }
    }
}
