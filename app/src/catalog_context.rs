//! The fitted catalog, shared with components through Leptos context.

use std::sync::Arc;

use capacity::Catalog;

/// Context wrapper: the server provides it per request, the browser from the JSON
/// embedded in the page head.
#[derive(Clone, Debug)]
pub struct CatalogCtx(pub Arc<Catalog>);

/// Serializes the catalog for embedding in `<script type="application/json">`:
/// every `<` becomes `\u003c` so no text inside can close the script element.
pub fn embed_json(catalog: &Catalog) -> String {
    serde_json::to_string(catalog).unwrap_or_else(|_| "null".into()).replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use capacity::features::FeatureMatrix;

    #[test]
    fn embedded_json_cannot_close_the_script() {
        let mut c = capacity::Catalog { systems: vec![], features: FeatureMatrix::default(), unfitted: vec![] };
        c.unfitted.push((capacity::SystemId::Kafka, "</script><script>alert(1)</script>".into()));
        let s = super::embed_json(&c);
        assert!(!s.contains('<'));
        let back: capacity::Catalog = serde_json::from_str(&s).expect("still JSON");
        assert_eq!(back.unfitted[0].1, "</script><script>alert(1)</script>");
    }
}
