//! The charts' addresses. The server draws every chart (plotters, in the `charts`
//! crate) at `GET /api/v1/chart/{name}.svg?<workload query>`; the page shows them as
//! images, so the browser bundle carries no drawing code (issue 7 §4: it was
//! 54 KB of the gzipped bundle). Each chart's address carries only the workload
//! fields it draws (the rest at their defaults), so a change to another field
//! leaves its image as it is and the browser does not fetch it again.

use capacity::selection::DataSelection;
use capacity::Workload;

/// Width and height the server draws every chart at, px (`charts::SIZE`; the
/// server's tests check the two agree). The page gives its images this size so
/// nothing moves when they arrive.
pub const CHART_SIZE: (u32, u32) = (400, 400);

/// Path prefix of the chart images.
pub const CHART_PATH: &str = "/api/v1/chart/";

/// One of the page's charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chart {
    /// The recommended system's data nodes needed by each bound (the whole workload).
    Bounds,
    /// p99 vs utilisation of every candidate (the whole workload).
    Latency,
    /// CPU-bound throughput per node vs message size, on the workload's machine.
    SizeCurve,
    /// Seed 001's P99.9 grid vs partitions, marking the workload's partitions.
    Partitions,
}

impl Chart {
    /// Every chart, in page order.
    pub const ALL: [Chart; 4] = [Chart::Bounds, Chart::Latency, Chart::SizeCurve, Chart::Partitions];

    /// File name under [`CHART_PATH`], e.g. `size-curve.svg`.
    pub fn file(self) -> &'static str {
        match self {
            Chart::Bounds => "bounds.svg",
            Chart::Latency => "latency.svg",
            Chart::SizeCurve => "size-curve.svg",
            Chart::Partitions => "partitions.svg",
        }
    }

    /// The chart a file name names (None for any other name).
    pub fn from_file(name: &str) -> Option<Chart> {
        Chart::ALL.into_iter().find(|c| c.file() == name)
    }

    /// The workload this chart draws: `w` with every field the chart does not
    /// read set to its default. Idempotent; the server applies it too, so an
    /// address written by hand draws what the page would.
    pub fn drawn(self, w: &Workload) -> Workload {
        match self {
            Chart::Bounds | Chart::Latency => w.clone(),
            Chart::SizeCurve => Workload {
                size: w.size,
                hardware: w.hardware.clone(),
                rf: w.rf,
                partitions: w.partitions,
                fanout: w.fanout,
                durability: w.durability,
                ..Workload::default()
            },
            Chart::Partitions => Workload { partitions: w.partitions, ..Workload::default() },
        }
    }

    /// The image's address for workload `w` on data `sel` (path and query).
    pub fn url(self, w: &Workload, sel: &DataSelection) -> String {
        format!("{CHART_PATH}{}?{}", self.file(), crate::query::share_query(&self.drawn(w), sel))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_round_trip() {
        for c in Chart::ALL {
            assert_eq!(Chart::from_file(c.file()), Some(c));
        }
        assert_eq!(Chart::from_file("bounds"), None);
        assert_eq!(Chart::from_file("../bounds.svg"), None);
    }

    #[test]
    fn a_chart_address_ignores_the_fields_it_does_not_draw() {
        let sel = DataSelection::default();
        let a = crate::query::parse(&[("mbps".into(), "50".into()), ("partitions".into(), "64".into())]).expect("valid");
        let b = crate::query::parse(&[("mbps".into(), "900".into()), ("partitions".into(), "64".into()), ("retention_h".into(), "1".into())]).expect("valid");
        assert_eq!(Chart::Partitions.url(&a, &sel), Chart::Partitions.url(&b, &sel));
        assert_eq!(Chart::SizeCurve.url(&a, &sel), Chart::SizeCurve.url(&b, &sel));
        assert_ne!(Chart::Bounds.url(&a, &sel), Chart::Bounds.url(&b, &sel));
        let c = crate::query::parse(&[("mbps".into(), "50".into()), ("partitions".into(), "65".into())]).expect("valid");
        assert_ne!(Chart::Partitions.url(&a, &sel), Chart::Partitions.url(&c, &sel));
        assert!(Chart::SizeCurve.url(&a, &sel).starts_with("/api/v1/chart/size-curve.svg?"));
    }

    #[test]
    fn drawn_is_idempotent_and_its_query_parses_back() {
        let w = crate::query::parse(&[("msgs".into(), "5000".into()), ("size".into(), "2048".into()), ("rf".into(), "2".into())]).expect("valid");
        for c in Chart::ALL {
            let d = c.drawn(&w);
            assert_eq!(c.drawn(&d), d);
            let q = crate::query::share_query(&d, &DataSelection::default());
            let pairs: Vec<(String, String)> = serde_urlencoded::from_str(&q).expect("decodes");
            assert_eq!(crate::query::parse(&crate::query::normalise(pairs)).expect("valid"), d);
        }
    }
}
