//! The feature matrix (data/features.yaml): which system supports which must-have
//! feature, natively, partially or not at all, each with its citation.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::DatasetError;
use crate::system::{Feature, SystemId};

/// How well a system supports a feature (seed 000 §7.1's ★ / △ / ✗).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Not available.
    None,
    /// Available through an add-on or incomplete.
    Partial,
    /// Built in and complete.
    Native,
}

/// One cell of the matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Support {
    /// Support level.
    pub level: Level,
    /// Seed file + section, or "general knowledge: …".
    pub citation: String,
    /// Our words.
    #[serde(default)]
    pub note: Option<String>,
}

/// The whole matrix: system → feature → support.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct FeatureMatrix {
    /// The features covered, in order.
    #[serde(default)]
    pub features: Vec<Feature>,
    /// Per system, per feature.
    pub systems: BTreeMap<SystemId, BTreeMap<Feature, Support>>,
}

impl FeatureMatrix {
    /// Support of `feature` by `system`; a missing cell reads as `None` support.
    pub fn support(&self, system: SystemId, feature: Feature) -> Option<&Support> {
        self.systems.get(&system).and_then(|m| m.get(&feature))
    }

    /// Level of `feature` in `system` (missing = [`Level::None`]).
    pub fn level(&self, system: SystemId, feature: Feature) -> Level {
        self.support(system, feature).map_or(Level::None, |s| s.level)
    }

    /// Checks every system has every feature with a citation.
    ///
    /// # Errors
    /// A [`DatasetError`] naming the missing or uncited cell.
    pub fn check(&self, file: &str) -> Result<(), DatasetError> {
        for s in SystemId::ALL {
            let Some(m) = self.systems.get(&s) else {
                return Err(DatasetError { file: file.into(), row: None, field: format!("systems.{}", s.id()), reason: "system missing".into() });
            };
            for f in Feature::ALL {
                match m.get(&f) {
                    None => {
                        return Err(DatasetError { file: file.into(), row: None, field: format!("systems.{}.{}", s.id(), f.id()), reason: "feature missing".into() })
                    }
                    Some(c) if c.citation.trim().is_empty() => {
                        return Err(DatasetError { file: file.into(), row: None, field: format!("systems.{}.{}.citation", s.id(), f.id()), reason: "citation missing".into() })
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}
