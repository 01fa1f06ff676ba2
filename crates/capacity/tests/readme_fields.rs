//! The README's share-link table is the field schema: a field added to
//! `capacity::fields::FIELDS` must appear there, generated, word for word.

#[test]
fn readme_share_link_table_is_generated_from_the_schema() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README.md");
    let table = capacity::fields::markdown_table();
    assert!(readme.contains(&table), "README's share-link table differs from the schema; replace it with:\n{table}");
}
