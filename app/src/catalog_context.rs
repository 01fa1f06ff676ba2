//! The fitted catalog, shared with components through Leptos context.

use std::sync::Arc;

use capacity::Catalog;

/// Context wrapper: the server provides it per request, the browser from the JSON
/// embedded in the page head.
#[derive(Clone, Debug)]
pub struct CatalogCtx(pub Arc<Catalog>);

use base64::Engine;

/// Serializes the catalog for embedding in the page head: postcard bytes in
/// base64, so the text holds no markup and the browser needs no JSON parser.
pub fn embed(catalog: &Catalog) -> String {
    postcard::to_allocvec(catalog).map(|b| base64::engine::general_purpose::STANDARD.encode(b)).unwrap_or_default()
}

/// Reads [`embed`]'s output back; `None` if it is not a catalog.
pub fn unembed(text: &str) -> Option<Catalog> {
    let bytes = base64::engine::general_purpose::STANDARD.decode(text.trim()).ok()?;
    postcard::from_bytes(&bytes).ok()
}

#[cfg(test)]
mod tests {
    use capacity::features::FeatureMatrix;

    #[test]
    fn embedded_catalog_cannot_close_the_script_and_round_trips() {
        let mut c = capacity::Catalog { systems: vec![], features: FeatureMatrix::default(), unfitted: vec![] };
        c.unfitted.push((capacity::SystemId::Kafka, "</script><script>alert(1)</script>".into()));
        let s = super::embed(&c);
        assert!(!s.contains('<') && !s.contains('>'));
        let back = super::unembed(&s).expect("decodes");
        assert_eq!(back, c);
        assert!(super::unembed("not base64!").is_none());
    }
}
