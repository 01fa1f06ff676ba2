//! The catalog the page embeds (postcard, not self-describing) reads back whole in
//! the browser's decoder: a field skipped when empty would shift every byte after it
//! and leave the page without its in-browser re-plan (stop 27 met this with the
//! latency floors' disk kinds: only the end-to-end tests had caught it).

use app::catalog_context::{embed, unembed, PageData};

#[test]
fn the_bundled_catalog_round_trips_through_the_page_embedding() {
    let (_, mut catalog) = ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}"));
    catalog.throughput = catalog.throughput.map(|t| t.for_planning());
    let page = PageData { catalog, uploads: vec![], notices: vec![] };
    let text = embed(&page);
    assert!(text.len() > 1000, "embedded {} characters", text.chars().count());
    let back = unembed(&text).expect("the page's catalog decodes");
    let (a, b) = (page.catalog.throughput.as_ref().expect("model"), back.catalog.throughput.as_ref().expect("model"));
    assert_eq!(a.latency, b.latency, "the latency model reads back as written");
    assert_eq!(a.intervals, b.intervals);
    assert_eq!(a.systems.len(), b.systems.len());
    // The floors' disk kinds are among what is carried (Kafka's fsync curve: NVMe).
    let lat = b.latency.as_ref().expect("latency model");
    assert!(lat.curves.iter().flat_map(|c| &c.floors).any(|f| f.disks.contains(&capacity::system::DiskKind::Nvme)), "no floor carries a disk kind");
}
