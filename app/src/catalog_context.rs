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

/// Serializes page data for embedding in the page head: postcard bytes in hex, so
/// the text holds no markup and the browser needs no JSON parser. Hex rather than
/// base64: each byte stays two characters, so the repeats in the catalog (citations,
/// ids) stay repeats and the gzipped page carries it in ≈ 11 KB instead of ≈ 15 KB.
pub fn embed(data: &PageData) -> String {
    postcard::to_allocvec(data).map(hex::encode).unwrap_or_default()
}

/// Reads [`embed`]'s output back; `None` if it is not page data.
pub fn unembed(text: &str) -> Option<PageData> {
    let bytes = hex::decode(text.trim()).ok()?;
    postcard::from_bytes(&bytes).ok()
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
        assert!(!s.contains('<') && !s.contains('>'));
        assert_eq!(unembed(&s).expect("decodes"), d);
        assert!(unembed("not hex!").is_none());
        assert!(unembed("abc").is_none(), "odd length");
        assert!(s.bytes().all(|b| b.is_ascii_hexdigit()));
    }
}
