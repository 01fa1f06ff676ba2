//! Which recorded data a plan fits on: the bundled reference data, uploaded
//! datasets (by content-hash id), or both. Part of the share-link contract:
//! `dataset=<id>` (repeatable) and `data=merge|only`.

use serde::{Deserialize, Serialize};

use crate::error::FieldError;

/// Query names this module owns (the workload parser leaves them alone).
pub const SELECTION_PARAMS: &[&str] = &["dataset", "data"];

/// Length of a dataset id: the first 16 hex digits of the upload's SHA-256.
pub const ID_LEN: usize = 16;

/// How uploaded datasets combine with the reference data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DataMode {
    /// Uploaded rows join the reference rows (default): a system with two or more
    /// uploaded message sizes on one machine is fitted on them; one size calibrates
    /// the reference curve to the user's hardware.
    #[default]
    Merge,
    /// Only uploaded rows (the feature matrix still applies); systems without
    /// enough uploaded data are not planned.
    Only,
}

/// The datasets a plan uses.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct DataSelection {
    /// Uploaded dataset ids, sorted, without duplicates.
    pub ids: Vec<String>,
    /// How they combine with the reference data.
    pub mode: DataMode,
}

/// Whether `id` has the shape of a dataset id (16 lowercase hex digits).
pub fn is_dataset_id(id: &str) -> bool {
    id.len() == ID_LEN && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl DataSelection {
    /// Maximum datasets one plan may combine.
    pub const MAX_IDS: usize = 8;

    /// Reads `dataset` (repeatable, or a comma list) and `data` from query pairs;
    /// other names are ignored.
    ///
    /// # Errors
    /// Malformed ids, too many ids, an unknown mode, or `data=only` without ids.
    pub fn from_params<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Self, Vec<FieldError>> {
        let mut sel = DataSelection::default();
        let mut errors = Vec::new();
        let mut data_given = false;
        for (k, v) in pairs {
            match k {
                "dataset" => {
                    // Ids are lower-case hex; one pasted in upper case is the same id.
                    for id in v.split(',').map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty()) {
                        if is_dataset_id(&id) {
                            sel.ids.push(id);
                        } else {
                            errors.push(FieldError::new("dataset", format!("{:?} is not a dataset id (16 hex digits)", id.chars().take(40).collect::<String>())));
                        }
                    }
                }
                "data" if data_given => errors.push(FieldError::new("data", "given more than once")),
                "data" => {
                    data_given = true;
                    // Any case, as every other value (a tester: durability=FSYNC passed, data=ONLY not).
                    match v.trim().to_ascii_lowercase().as_str() {
                        "" | "merge" => sel.mode = DataMode::Merge,
                        "only" => sel.mode = DataMode::Only,
                        other => errors.push(FieldError::new("data", format!("must be merge or only, got {:?}", other.chars().take(40).collect::<String>()))),
                    }
                }
                _ => {}
            }
        }
        crate::order::sort_by(&mut sel.ids, |a, b| a.cmp(b));
        sel.ids.dedup();
        if sel.ids.len() > Self::MAX_IDS {
            errors.push(FieldError::new("dataset", format!("at most {} datasets per plan", Self::MAX_IDS)));
        }
        if sel.mode == DataMode::Only && sel.ids.is_empty() {
            errors.push(FieldError::new("data", "data=only needs at least one dataset=<id>"));
        }
        if errors.is_empty() {
            Ok(sel)
        } else {
            Err(errors)
        }
    }

    /// Query pairs for the share link (empty for the reference-only default).
    pub fn to_params(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = self.ids.iter().map(|id| ("dataset", id.clone())).collect();
        if self.mode == DataMode::Only {
            out.push(("data", "only".into()));
        }
        out
    }

    /// True when only the bundled reference data is used.
    pub fn is_reference_only(&self) -> bool {
        self.ids.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_validated_sorted_and_round_trip() {
        assert!(DataSelection::from_params([("data", "merge"), ("data", "only")]).is_err(), "data given twice");
        let s = DataSelection::from_params([("dataset", "00000000000000ff"), ("dataset", "0123456789abcdef,00000000000000FF"), ("size", "1")]).unwrap();
        assert_eq!(s.ids, vec!["00000000000000ff", "0123456789abcdef"]);
        let p = s.to_params();
        let back = DataSelection::from_params(p.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn bad_ids_and_modes_name_the_field() {
        let e = DataSelection::from_params([("dataset", "<script>"), ("data", "all")]).unwrap_err();
        assert_eq!(e.iter().map(|x| x.field.as_str()).collect::<Vec<_>>(), vec!["dataset", "data"]);
        assert_eq!(DataSelection::from_params([("data", "only")]).unwrap_err()[0].field, "data");
        // Any case, as the other values.
        let s = DataSelection::from_params([("dataset", "00000000000000ff"), ("data", "ONLY")]).unwrap();
        assert_eq!(s.mode, DataMode::Only);
        assert_eq!(DataSelection::from_params([("data", "Merge")]).unwrap().mode, DataMode::Merge);
    }
}
