//! What the page plans with: the fitted catalog for the URL's data selection, a
//! summary of the uploaded datasets in it, and notices about the selection. The
//! server provides it per request; the browser decodes the copy embedded in the
//! page head, so both render the same page.

use std::sync::Arc;

use capacity::{Catalog, FieldError};
use serde::{Deserialize, Serialize};

/// One uploaded dataset in the current selection, as the page lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadSummary {
    /// Dataset id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Format id.
    pub format: String,
    /// Rows imported.
    pub rows: usize,
    /// Lint warnings: (code, message, why).
    pub warnings: Vec<(String, String, String)>,
}

/// The page's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PageData {
    /// The fitted catalog (reference data, uploaded data, or both).
    pub catalog: Catalog,
    /// Uploaded datasets in the selection.
    pub uploads: Vec<UploadSummary>,
    /// Problems with the selection (unknown ids…), shown with the field errors.
    pub notices: Vec<FieldError>,
}

/// Context wrapper shared by components.
#[derive(Clone, Debug)]
pub struct CatalogCtx(pub Arc<PageData>);

/// Bytes a page cannot carry verbatim inside a `<script>`: NUL (the parser replaces
/// it), CR (normalised to LF) and `<` (could open `</script>` or `<!--`).
const MOVED: [u8; 3] = [0, b'\r', b'<'];

/// Where [`MOVED`] bytes go: U+0100 + the byte.
const MOVED_BASE: u32 = 0x100;

/// Serializes page data for embedding in the page head: postcard bytes, one
/// character per byte — U+0000–U+00FF for the byte itself, U+0100 + the byte for
/// the three a script cannot hold ([`MOVED`]) — so the text holds no markup and the
/// browser needs no JSON parser. One character per byte keeps the catalog's repeats
/// (citations, ids) repeats, as hex did (two characters per byte), and gzips to
/// ≈ 12.2 KB where hex took ≈ 13.3 KB (base64 ≈ 19 KB: its 3-byte groups break them).
pub fn embed(data: &PageData) -> String {
    postcard::to_allocvec(data).map(|b| to_text(&b)).unwrap_or_default()
}

/// Reads [`embed`]'s output back (the whole text: a leading or trailing blank is a
/// byte); `None` if it is not page data.
pub fn unembed(text: &str) -> Option<PageData> {
    postcard::from_bytes(&to_bytes(text)?).ok()
}

/// One character per byte ([`embed`]).
fn to_text(bytes: &[u8]) -> String {
    bytes.iter().filter_map(|&b| char::from_u32(if MOVED.contains(&b) { MOVED_BASE + u32::from(b) } else { u32::from(b) })).collect()
}

/// [`to_text`] undone; `None` at a character no byte maps to.
fn to_bytes(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| {
            let v = u32::from(c);
            let b = u8::try_from(if v >= MOVED_BASE { v - MOVED_BASE } else { v }).ok()?;
            (v < MOVED_BASE || MOVED.contains(&b)).then_some(b)
        })
        .collect()
}

/// The embedded text the server renders into the page head for this request.
#[derive(Clone, Debug)]
pub struct EmbeddedPageData(pub Arc<str>);

#[cfg(test)]
mod tests {
    use capacity::features::FeatureMatrix;

    use super::*;

    #[test]
    fn embedded_data_cannot_close_the_script_and_round_trips() {
        let mut c = Catalog { systems: vec![], features: FeatureMatrix::default(), unfitted: vec![], throughput: None };
        c.unfitted.push((capacity::SystemId::Kafka, "</script><script>alert(1)</script>".into()));
        let d = PageData { catalog: c, uploads: vec![], notices: vec![FieldError::new("dataset", "<b>x</b>")] };
        let s = embed(&d);
        assert!(!s.contains('<') && !s.contains('\0') && !s.contains('\r'), "{s:?}");
        assert!(s.contains("/script>"), "the text is carried, its `<` moved");
        assert_eq!(unembed(&s).expect("decodes"), d);
        assert!(unembed("").is_none());
        assert!(unembed("not page data").is_none());
        // A character past a byte, or a moved one that was not moved, is refused.
        assert!(unembed(&format!("{s}\u{2603}")).is_none());
        assert!(unembed(&format!("{s}\u{141}")).is_none());
        // Every byte value round-trips, one character each.
        let all: Vec<u8> = (0..=255u8).collect();
        let text = to_text(&all);
        assert_eq!(text.chars().count(), 256);
        assert!(!text.contains('<') && !text.contains('\0') && !text.contains('\r'));
        assert_eq!(to_bytes(&text), Some(all));
    }
}
