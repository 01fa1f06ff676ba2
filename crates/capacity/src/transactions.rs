//! What sending in transactions costs, per system, from paired measurements: rows
//! of one system, version and citation that differ only in
//! [`crate::dataset::RowWorkload::transactional`]. Seed 002 §2.4 is the one such
//! pair today: RocketMQ's Go client v2.4.0 in one stability test, 32,000 msg/s
//! plain against 8,000 msg/s transactional (a half message, its commit and the
//! re-delivered message: several writes per send), p99 ≤ 12 ms against ≤ 85 ms.
//! Systems without a pair get no number: their plans say transactional sends are
//! sized as plain ones.

use serde::{Deserialize, Serialize};

use crate::catalog::PointRef;
use crate::dataset::{Metric, Row, Status};
use crate::system::SystemId;
use crate::units::Num;

/// One system's measured transaction cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TransactionCost {
    /// System.
    pub system: SystemId,
    /// Capacity cost of one transactional send in plain sends (plain msg/s ÷
    /// transactional msg/s in the same test), dimensionless, ≥ 1 in the data.
    pub cost: f64,
    /// p99 publish latency of transactional ÷ plain sends in the same test, when
    /// both were stated.
    pub p99_ratio: Option<f64>,
    /// (plain, transactional) p99 in ms, when stated.
    pub p99_ms: Option<(f64, f64)>,
    /// The rows: plain and transactional throughput, then the latencies.
    pub points: Vec<PointRef>,
    /// Where the pair comes from, in words.
    pub basis: String,
}

/// The transaction cost of `system` from `items` (each read as a row by `row`), or
/// None without a plain / transactional throughput pair of one version and
/// citation; `cite` names an item, and is called only for the rows of the pair.
pub fn fit<T>(system: SystemId, items: &[T], row: impl Fn(&T) -> &Row, cite: impl Fn(&T) -> PointRef) -> Option<TransactionCost> {
    let of = |metric: Metric, txn: bool, percentile: Option<f64>, like: Option<&Row>| {
        items.iter().find(|i| {
            let r = row(i);
            r.system == system
                && r.status == Status::Ok
                && r.value > 0.0
                && r.value.is_finite()
                && r.metric == metric
                && r.percentile == percentile
                && r.workload.transactional == Some(txn)
                && like.is_none_or(|l| l.version == r.version && l.citation == r.citation && (l.metric != metric || l.unit == r.unit))
        })
    };
    // A transactional throughput row, and the plain one of the same test.
    let txn_item = of(Metric::ProduceThroughput, true, None, None)?;
    let txn = row(txn_item);
    let plain_item = of(Metric::ProduceThroughput, false, None, Some(txn))?;
    let plain = row(plain_item);
    let cost = plain.value / txn.value;
    let mut points = vec![cite(plain_item), cite(txn_item)];
    // Their p99s in the same test, when both were stated.
    let lat = of(Metric::PublishLatency, true, Some(99.0), Some(txn)).and_then(|t| of(Metric::PublishLatency, false, Some(99.0), Some(row(t))).map(|p| (p, t)));
    let p99_ms = lat.map(|(p, t)| {
        points.push(cite(p));
        points.push(cite(t));
        (row(p).value, row(t).value)
    });
    let version = txn.version.as_deref().unwrap_or("version not stated");
    Some(TransactionCost {
        system,
        cost,
        p99_ratio: p99_ms.map(|(p, t)| t / p),
        p99_ms,
        basis: format!(
            "{} ({version}): {} msg/s plain vs {} msg/s transactional in one test ({}): a transactional send costs {} plain ones",
            system.name(),
            Num(plain.value),
            Num(txn.value),
            txn.citation,
            Num(cost)
        ),
        points,
    })
}

impl TransactionCost {
    /// Capacity multiplier on a workload sending `share` (0–1) of its messages in
    /// transactions: 1 + share × (cost − 1) plain-send equivalents per message.
    pub fn load_multiplier(&self, share: f64) -> f64 {
        1.0 + share.clamp(0.0, 1.0) * (self.cost - 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::{RowWorkload, Unit};

    fn row(id: &str, metric: Metric, txn: Option<bool>, value: f64, unit: Unit) -> Row {
        Row {
            id: id.into(),
            system: SystemId::Rocketmq,
            version: Some("apache/rocketmq-client-go v2.4.0".into()),
            hardware: None,
            workload: RowWorkload { transactional: txn, ..RowWorkload::default() },
            metric,
            percentile: (metric == Metric::PublishLatency).then_some(99.0),
            value,
            value_high: None,
            unit,
            load: None,
            cache: None,
            status: Status::Ok,
            conflict: None,
            model_uses: true,
            citation: "002 §2.4".into(),
            note: None,
        }
    }

    fn cite(r: &Row) -> PointRef {
        PointRef { id: r.id.as_str().into(), citation: r.citation.as_str().into(), summary: "".into() }
    }

    #[test]
    fn seed_002s_pair_makes_a_transactional_send_cost_four_plain_ones() {
        // 002 §2.4: 3.2万/s plain, 0.8万/s transactional; p99 ≤ 12 vs ≤ 85 ms.
        let rows = [
            row("plain", Metric::ProduceThroughput, Some(false), 32_000.0, Unit::MsgPerS),
            row("txn", Metric::ProduceThroughput, Some(true), 8_000.0, Unit::MsgPerS),
            row("plain-p99", Metric::PublishLatency, Some(false), 12.0, Unit::Ms),
            row("txn-p99", Metric::PublishLatency, Some(true), 85.0, Unit::Ms),
            row("unrelated", Metric::ProduceThroughput, None, 158_200.0, Unit::MsgPerS),
        ];
        let c = fit(SystemId::Rocketmq, &rows, |r| r, cite).expect("a pair");
        assert!((c.cost - 4.0).abs() < 1e-12, "{}", c.cost);
        assert_eq!(c.p99_ms, Some((12.0, 85.0)));
        assert!((c.p99_ratio.expect("latency pair") - 85.0 / 12.0).abs() < 1e-12);
        assert_eq!(c.points.iter().map(|p| p.id.to_string()).collect::<Vec<_>>(), ["plain", "txn", "plain-p99", "txn-p99"]);
        // A quarter of the messages in transactions: 1 + 0.25 × 3 = 1.75 plain sends each.
        assert!((c.load_multiplier(0.25) - 1.75).abs() < 1e-12);
        assert!((c.load_multiplier(0.0) - 1.0).abs() < 1e-12 && (c.load_multiplier(1.0) - 4.0).abs() < 1e-12);
        // No pair for another system, nor without the plain row.
        assert!(fit(SystemId::Kafka, &rows, |r| r, cite).is_none());
        assert!(fit(SystemId::Rocketmq, &rows[1..], |r| r, cite).is_none());
    }
}
