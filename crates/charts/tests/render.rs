//! Charts render from the bundled catalog, and hostile text never reaches the SVG raw.

use capacity::{plan, Workload};

#[test]
fn all_charts_render_valid_looking_svg() {
    let (_, cat) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let w = Workload::default();
    let p = plan(&cat, &w).expect("plan");
    let a = charts::size_curve_svg(&cat, w.size).expect("size");
    let b = charts::bounds_svg(&p.candidates[0].plan).expect("bounds");
    let c = charts::partitions_svg(&cat, w.partitions).expect("grid").expect("grid present");
    for s in [&a, &b, &c] {
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"), "{}", &s[..80.min(s.len())]);
        assert!(s.contains("role=\"img\"") && s.contains("<title>"));
    }
    assert!(a.contains("Kafka") && a.contains("1,024 B"));
}

#[test]
fn latency_grid_marks_failed_cells_hollow() {
    let (_, cat) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    let svg = charts::partitions_svg(&cat, Workload::default().partitions).expect("svg").expect("grid");
    // Filled markers for completed cells, hollow (fill="none") ones for aborted/failed cells.
    assert!(svg.contains("fill=\"none\""), "no hollow marker for failed cells");
    assert!(svg.contains("your partitions: 24"));
}
