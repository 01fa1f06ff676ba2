//! Every `data/corpus/*.yaml` file parses into `capacity::corpus::SourceFile` and
//! passes its check; every saturated run yields a produce rate. Run by the corpus
//! editors as `cargo test -p capacity --test corpus_files`.

use std::path::PathBuf;

use capacity::corpus::{Driven, SourceFile, SourceKind};

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus")
}

fn files() -> Vec<(String, SourceFile)> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("data/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let text = std::fs::read_to_string(&p).expect("readable");
            let parsed: SourceFile = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, parsed)
        })
        .collect()
}

#[test]
fn every_corpus_file_parses_and_checks() {
    for (name, f) in files() {
        if let Err(e) = f.check(&name) {
            panic!("{e}");
        }
        let stem = name.trim_end_matches(".yaml");
        assert_eq!(f.source.id, stem, "{name}: source.id must equal the file name");
    }
}

#[test]
fn source_ids_are_unique_and_vendor_guidance_has_no_evidence() {
    let fs = files();
    let mut ids: Vec<&str> = fs.iter().map(|(_, f)| f.source.id.as_str()).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "repeated source id");
    for (name, f) in &fs {
        if f.source.kind == SourceKind::VendorGuidance {
            assert!(f.evidence().is_empty(), "{name}: guidance must not be fitted");
        }
    }
}

#[test]
fn every_saturated_run_has_a_produce_rate_in_msgs() {
    for (name, f) in files() {
        for r in f.runs.iter().filter(|r| r.driven == Driven::Saturated && r.model_uses) {
            let has_produce = r.measured.iter().any(|m| m.metric == capacity::corpus::RunMetric::ProduceThroughput);
            if has_produce {
                let msgs = r.produce_msgs();
                assert!(msgs.is_some_and(|m| m > 0.0), "{name}: run {}: produce rate not derivable", r.id);
            }
        }
    }
}

#[test]
fn every_corpus_preset_matches_its_corpus_machine() {
    let fs = files();
    for p in capacity::hardware::PRESETS.iter() {
        let Some((source, machine)) = p.corpus else { continue };
        let (_, f) = fs.iter().find(|(_, f)| f.source.id == source).unwrap_or_else(|| panic!("preset {}: no corpus source {source}", p.id));
        let m = f.machines.iter().find(|m| m.id == machine).unwrap_or_else(|| panic!("preset {}: no machine {machine} in {source}", p.id));
        assert_eq!(Some(p.cores), m.vcpus.or(m.cores), "preset {}: cores (hardware threads)", p.id);
        // The physical cores a plan reads (2 threads per core unless the preset says
        // otherwise) are the corpus machine's: Kreps 2014's six cores were read as 3
        // physical + 3 threads, 1.6× less CPU than the fit gives the same machine
        // (a stop-20 tester).
        assert_eq!(m.cores, Some(p.physical_cores.unwrap_or(p.cores / 2)), "preset {}: physical cores", p.id);
        assert!(m.ram_gb.is_some_and(|r| (r - p.ram_gb).abs() / r < 0.01), "preset {}: RAM {:?} vs {}", p.id, m.ram_gb, p.ram_gb);
        assert_eq!(m.disk_count, Some(p.disks), "preset {}: disks", p.id);
        // A disk figure the source does not state is the corpus machine's none; a preset
        // may carry what one of the source's own runs wrote (Gordillo's Ceph volumes:
        // 747 MB/s per broker at RF 3, 460 B messages and their 7 B of record fields), saying so — never the kind's default, which
        // capped predictions below that run until stop 32.
        match m.disk_write_mbps {
            Some(_) => assert_eq!(m.disk_write_mbps, p.disk_mbps, "preset {}: disk MB/s", p.id),
            None => assert!(p.disk_mbps.is_none() || p.citation.contains("inferred, a floor"), "preset {}: an unstated disk figure is inferred from a run, said", p.id),
        }
        // A NIC the source does not state is the corpus default, and the preset says so.
        match m.nic_gbps {
            Some(nic) => assert_eq!(nic, p.nic_gbps, "preset {}: NIC", p.id),
            None => assert!(p.nic_gbps == capacity::throughput::Assumptions::default().nic_gbps && p.citation.contains("NIC not stated"), "preset {}: an unstated NIC is the assumed default, said", p.id),
        }
        if let Some(tb) = m.disk_tb {
            assert!((tb - p.disk_tb).abs() / tb < 0.01, "preset {}: disk TB", p.id);
        }
        assert_eq!(p.group, capacity::hardware::GROUP_CORPUS);
    }
}
