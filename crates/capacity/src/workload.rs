//! One workload to plan, and the public query contract that describes it
//! (README "Share-link contract"): the same key/value pairs drive the page URL,
//! `/api/v1/plan` and the `mqplan plan` flags.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::FieldError;
use crate::hardware::{default_disk_mbps, Hardware, Preset};
use crate::system::{DiskKind, Durability, Feature, MessageKind, Team};
use crate::units::{Bytes, GigabitsPerSec, Hours, MegabytesPerSec, Millis, MsgPerSec};

/// The produce rate as the user gave it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rate {
    /// `mbps`: MB/s (10^6 B/s).
    Mbps(MegabytesPerSec),
    /// `msgs`: messages per second.
    Msgs(MsgPerSec),
}

/// A workload: what the cluster must carry and promise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Workload {
    /// Produce rate (peak).
    pub rate: Rate,
    /// Average message size.
    pub size: Bytes,
    /// Replication factor.
    pub rf: u32,
    /// Retention.
    pub retention: Hours,
    /// Partitions / queues / segments in total.
    pub partitions: u32,
    /// Consumer groups reading everything.
    pub fanout: u32,
    /// p99 latency objective, if any.
    pub p99_slo: Option<Millis>,
    /// What an ack promises.
    pub durability: Durability,
    /// Data or business messages.
    pub kind: MessageKind,
    /// Must-have features.
    pub needs: BTreeSet<Feature>,
    /// Whether a dedicated middleware team exists.
    pub team: Team,
    /// Consumer outage to recover from (backlog = rate × outage).
    pub outage: Hours,
    /// Time allowed to drain that backlog, minutes; `None` = not time-critical.
    pub drain_min: Option<f64>,
    /// Broker machine.
    pub hardware: Hardware,
}

/// Defaults shown in the form. Sources: size 1 KB and RF 3 are seed 000's test
/// workload (§2); 24 partitions = seed 000's 24 partitions/queues (§5.1); 50 MB/s
/// and 24 h retention are a modest single-team stream (our choice, not a seed's).
pub mod defaults {
    /// MB/s.
    pub const MBPS: f64 = 50.0;
    /// Bytes.
    pub const SIZE: f64 = 1024.0;
    /// Copies.
    pub const RF: u32 = 3;
    /// Hours.
    pub const RETENTION_H: f64 = 24.0;
    /// Partitions.
    pub const PARTITIONS: u32 = 24;
    /// Consumer groups.
    pub const FANOUT: u32 = 1;
    /// Hours of consumer outage.
    pub const OUTAGE_H: f64 = 1.0;
}

/// Largest produce rate accepted, MB/s (10^6 B/s): 100 GB/s, far beyond any seed.
pub const MAX_INGRESS_MBPS: f64 = 100_000.0;

/// At most this many field errors are reported for one query.
pub const MAX_ERRORS: usize = 20;

/// Every public query parameter, in form order.
pub const PARAMS: &[&str] = &[
    "mbps", "msgs", "size", "rf", "retention_h", "partitions", "fanout", "p99_ms", "durability", "kind", "needs",
    "team", "outage_h", "drain_min", "hw", "cores", "ram_gb", "disk", "disks", "disk_mbps", "disk_tb", "nic_gbps",
];

impl Default for Workload {
    fn default() -> Self {
        Workload {
            rate: Rate::Mbps(MegabytesPerSec(defaults::MBPS)),
            size: Bytes(defaults::SIZE),
            rf: defaults::RF,
            retention: Hours(defaults::RETENTION_H),
            partitions: defaults::PARTITIONS,
            fanout: defaults::FANOUT,
            p99_slo: None,
            durability: Durability::Replicated,
            kind: MessageKind::Data,
            needs: BTreeSet::new(),
            team: Team::None,
            outage: Hours(defaults::OUTAGE_H),
            drain_min: None,
            hardware: Hardware::default(),
        }
    }
}

/// The smallest positive value any rate, size or duration field accepts: keeps
/// subnormal inputs from turning capacities into infinities.
pub const MIN_POSITIVE: f64 = 1e-6;

fn num(field: &str, v: &str, lo: f64, hi: f64, lo_inclusive: bool, errors: &mut Vec<FieldError>) -> Option<f64> {
    match v.trim().parse::<f64>() {
        // `+ 0.0` turns −0 into 0.
        Ok(x) if x.is_finite() && (x > lo || (lo_inclusive && x == lo)) && x <= hi && (x == 0.0 || x.abs() >= MIN_POSITIVE) => Some(x + 0.0),
        Ok(x) if x.is_finite() => {
            let bracket = if lo_inclusive { "[" } else { "(" };
            let shown = if x.abs() >= 1e9 || (x != 0.0 && x.abs() < MIN_POSITIVE) { format!("{x:e}") } else { format!("{x}") };
            let tiny = if lo <= 0.0 { format!("; a non-zero value is at least {MIN_POSITIVE}") } else { String::new() };
            errors.push(FieldError::new(field, format!("must be in {bracket}{lo}, {hi}]{tiny}, got {shown}")));
            None
        }
        _ => {
            errors.push(FieldError::new(field, format!("must be a number, got {:?}", truncate(v))));
            None
        }
    }
}

fn int(field: &str, v: &str, lo: u32, hi: u32, errors: &mut Vec<FieldError>) -> Option<u32> {
    match v.trim().parse::<u64>() {
        Ok(x) if x >= u64::from(lo) && x <= u64::from(hi) => u32::try_from(x).ok(),
        Ok(x) => {
            errors.push(FieldError::new(field, format!("must be a whole number from {lo} to {hi}, got {x}")));
            None
        }
        Err(_) => {
            errors.push(FieldError::new(field, format!("must be a whole number from {lo} to {hi}, got {:?}", truncate(v))));
            None
        }
    }
}

fn truncate(v: &str) -> String {
    v.chars().take(40).collect()
}

impl Workload {
    /// Parses the public query pairs. Empty values mean "use the default";
    /// `hw` applies a preset first and explicit hardware fields override it.
    ///
    /// # Errors
    /// Every invalid or unknown field, each naming the query parameter.
    pub fn from_params<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Workload, Vec<FieldError>> {
        let mut w = Workload::default();
        let mut errors = Vec::new();
        let all: Vec<(&str, &str)> = pairs.into_iter().collect();
        let mut seen = BTreeSet::new();
        for (k, v) in &all {
            if crate::selection::SELECTION_PARAMS.contains(k) {
                continue;
            }
            if !PARAMS.contains(k) {
                let name = if k.trim().is_empty() { "(empty name)" } else { k };
                errors.push(FieldError::new(name, format!("unknown parameter; known: {}, dataset, data", PARAMS.join(", "))));
            } else if !v.trim().is_empty() && !seen.insert(*k) {
                errors.push(FieldError::new(k, "given more than once"));
            }
        }
        let pairs: Vec<(&str, &str)> = all.into_iter().filter(|(_, v)| !v.trim().is_empty()).collect();
        let get = |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
        if let Some(id) = get("hw") {
            match Preset::find(id.trim()) {
                Some(p) => w.hardware = p.hardware(),
                None => errors.push(FieldError::new(
                    "hw",
                    format!("unknown preset {:?}; known: {}", truncate(id), crate::hardware::PRESETS.iter().map(|p| p.id).collect::<Vec<_>>().join(", ")),
                )),
            }
        }
        match (get("mbps"), get("msgs")) {
            (Some(_), Some(_)) => errors.push(FieldError::new("msgs", "give either mbps or msgs, not both")),
            (Some(v), None) => {
                if let Some(x) = num("mbps", v, 0.0, 100_000.0, false, &mut errors) {
                    w.rate = Rate::Mbps(MegabytesPerSec(x));
                }
            }
            (None, Some(v)) => {
                if let Some(x) = num("msgs", v, 0.0, 1e9, false, &mut errors) {
                    w.rate = Rate::Msgs(MsgPerSec(x));
                }
            }
            (None, None) => {}
        }
        if let Some(v) = get("size") {
            if let Some(x) = num("size", v, 1.0, 16.0 * 1_048_576.0, true, &mut errors) {
                w.size = Bytes(x);
            }
        }
        if let Some(v) = get("rf") {
            if let Some(x) = int("rf", v, 1, 7, &mut errors) {
                w.rf = x;
            }
        }
        if let Some(v) = get("retention_h") {
            if let Some(x) = num("retention_h", v, 0.0, 87_600.0, true, &mut errors) {
                w.retention = Hours(x);
            }
        }
        if let Some(v) = get("partitions") {
            if let Some(x) = int("partitions", v, 1, 1_000_000, &mut errors) {
                w.partitions = x;
            }
        }
        if let Some(v) = get("fanout") {
            if let Some(x) = int("fanout", v, 0, 1000, &mut errors) {
                w.fanout = x;
            }
        }
        if let Some(v) = get("p99_ms") {
            if let Some(x) = num("p99_ms", v, 0.0, 3_600_000.0, false, &mut errors) {
                w.p99_slo = Some(Millis(x));
            }
        }
        if let Some(v) = get("durability") {
            match Durability::parse(&v.to_ascii_lowercase()) {
                Some(d) => w.durability = d,
                None => errors.push(FieldError::new("durability", format!("must be replicated, fsync or leader, got {:?}", truncate(v)))),
            }
        }
        if let Some(v) = get("kind") {
            match v.trim().to_ascii_lowercase().as_str() {
                "data" => w.kind = MessageKind::Data,
                "business" => w.kind = MessageKind::Business,
                _ => errors.push(FieldError::new("kind", format!("must be data or business, got {:?}", truncate(v)))),
            }
        }
        if let Some(v) = get("needs") {
            for item in v.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                match Feature::parse(item) {
                    Some(f) => {
                        w.needs.insert(f);
                    }
                    None => errors.push(FieldError::new(
                        "needs",
                        format!("unknown feature {:?}; known: {}", truncate(item), Feature::ALL.map(Feature::id).join(",")),
                    )),
                }
            }
        }
        if let Some(v) = get("team") {
            match v.trim().to_ascii_lowercase().as_str() {
                "dedicated" => w.team = Team::Dedicated,
                "none" => w.team = Team::None,
                _ => errors.push(FieldError::new("team", format!("must be dedicated or none, got {:?}", truncate(v)))),
            }
        }
        if let Some(v) = get("outage_h") {
            if let Some(x) = num("outage_h", v, 0.0, 720.0, true, &mut errors) {
                w.outage = Hours(x);
            }
        }
        if let Some(v) = get("drain_min") {
            if let Some(x) = num("drain_min", v, 0.0, 10_080.0, false, &mut errors) {
                w.drain_min = Some(x);
            }
        }
        if let Some(v) = get("cores") {
            if let Some(x) = int("cores", v, 1, 512, &mut errors) {
                w.hardware.cores = x;
            }
        }
        if let Some(v) = get("ram_gb") {
            if let Some(x) = num("ram_gb", v, 0.0, 16_384.0, false, &mut errors) {
                w.hardware.ram_gb = x;
            }
        }
        if let Some(v) = get("disk") {
            match DiskKind::parse_user(&v.to_ascii_lowercase()) {
                Some(d) => {
                    w.hardware.disk = d;
                    w.hardware.disk_mbps = default_disk_mbps(d);
                }
                None => errors.push(FieldError::new("disk", format!("must be hdd, ssd, nvme or optane, got {:?}", truncate(v)))),
            }
        }
        if let Some(v) = get("disks") {
            if let Some(x) = int("disks", v, 1, 64, &mut errors) {
                w.hardware.disks = x;
            }
        }
        if let Some(v) = get("disk_mbps") {
            if let Some(x) = num("disk_mbps", v, 0.0, 100_000.0, false, &mut errors) {
                w.hardware.disk_mbps = MegabytesPerSec(x);
            }
        }
        if let Some(v) = get("disk_tb") {
            if let Some(x) = num("disk_tb", v, 0.0, 1000.0, false, &mut errors) {
                w.hardware.disk_tb = x;
            }
        }
        if let Some(v) = get("nic_gbps") {
            if let Some(x) = num("nic_gbps", v, 0.0, 1600.0, false, &mut errors) {
                w.hardware.nic_gbps = GigabitsPerSec(x);
            }
        }
        // The effective byte rate is capped whichever way the rate was given.
        if errors.is_empty() && w.ingress().0 > MAX_INGRESS_MBPS {
            let field = if matches!(w.rate, Rate::Msgs(_)) { "msgs" } else { "size" };
            errors.push(FieldError::new(field, format!("msgs × size = {:.0} MB/s exceeds the {MAX_INGRESS_MBPS} MB/s this planner accepts", w.ingress().0)));
        }
        if errors.len() > MAX_ERRORS {
            let more = errors.len() - MAX_ERRORS;
            errors.truncate(MAX_ERRORS);
            errors.push(FieldError::new("query", format!("{more} more errors not shown")));
        }
        if errors.is_empty() {
            Ok(w)
        } else {
            Err(errors)
        }
    }

    /// The canonical query pairs for this workload: every workload field (so a
    /// pasted link does not depend on today's defaults) and the hardware as a
    /// preset plus the fields that differ from it. Parsing them gives back `self`.
    pub fn to_params(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = Vec::new();
        match self.rate {
            Rate::Mbps(x) => out.push(("mbps", fmt(x.0))),
            Rate::Msgs(x) => out.push(("msgs", fmt(x.0))),
        }
        out.push(("size", fmt(self.size.0)));
        out.push(("rf", self.rf.to_string()));
        out.push(("retention_h", fmt(self.retention.0)));
        out.push(("partitions", self.partitions.to_string()));
        out.push(("fanout", self.fanout.to_string()));
        if let Some(p) = self.p99_slo {
            out.push(("p99_ms", fmt(p.0)));
        }
        out.push(("durability", self.durability.id().into()));
        out.push(("kind", match self.kind { MessageKind::Data => "data", MessageKind::Business => "business" }.into()));
        if !self.needs.is_empty() {
            out.push(("needs", self.needs.iter().map(|f| f.id()).collect::<Vec<_>>().join(",")));
        }
        out.push(("team", match self.team { Team::Dedicated => "dedicated", Team::None => "none" }.into()));
        out.push(("outage_h", fmt(self.outage.0)));
        if let Some(d) = self.drain_min {
            out.push(("drain_min", fmt(d)));
        }
        // Hardware: the preset, then only the fields that differ from it, so a
        // link stays short and still reproduces the machine exactly.
        let base = self.hardware.preset.as_deref().and_then(Preset::find).map_or_else(Hardware::default, Preset::hardware);
        if let Some(p) = &self.hardware.preset {
            out.push(("hw", p.clone()));
        }
        let h = &self.hardware;
        if h.cores != base.cores {
            out.push(("cores", h.cores.to_string()));
        }
        if h.ram_gb != base.ram_gb {
            out.push(("ram_gb", fmt(h.ram_gb)));
        }
        if h.disk != base.disk {
            out.push(("disk", h.disk.id().into()));
        }
        if h.disks != base.disks {
            out.push(("disks", h.disks.to_string()));
        }
        if h.disk_mbps != default_disk_mbps(h.disk) {
            out.push(("disk_mbps", fmt(h.disk_mbps.0)));
        }
        if h.disk_tb != base.disk_tb {
            out.push(("disk_tb", fmt(h.disk_tb)));
        }
        if h.nic_gbps != base.nic_gbps {
            out.push(("nic_gbps", fmt(h.nic_gbps.0)));
        }
        out
    }

    /// Produce rate in MB/s.
    pub fn ingress(&self) -> MegabytesPerSec {
        match self.rate {
            Rate::Mbps(x) => x,
            Rate::Msgs(m) => m.to_mb(self.size),
        }
    }

    /// Produce rate in msg/s.
    pub fn msgs(&self) -> MsgPerSec {
        match self.rate {
            Rate::Mbps(x) => x.to_msgs(self.size),
            Rate::Msgs(m) => m,
        }
    }
}

/// Shortest decimal text that parses back to the same f64.
fn fmt(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &[(&str, &str)]) -> Result<Workload, Vec<FieldError>> {
        Workload::from_params(q.iter().copied())
    }

    #[test]
    fn empty_query_gives_defaults() {
        assert_eq!(parse(&[]).unwrap(), Workload::default());
    }

    #[test]
    fn canonical_params_round_trip() {
        let w = parse(&[("msgs", "5000"), ("size", "2048"), ("needs", "delay,transactions"), ("hw", "seed001-r740xd"), ("p99_ms", "20"), ("drain_min", "15"), ("disk_mbps", "900.5")]).unwrap();
        let pairs = w.to_params();
        let back = Workload::from_params(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, w);
    }

    #[test]
    fn every_bad_field_is_named() {
        let e = parse(&[("size", "big"), ("rf", "0"), ("durability", "all"), ("needs", "transactions,magic"), ("color", "red"), ("mbps", "NaN")]).unwrap_err();
        let fields: Vec<&str> = e.iter().map(|x| x.field.as_str()).collect();
        for f in ["size", "rf", "durability", "needs", "color", "mbps"] {
            assert!(fields.contains(&f), "{f} missing from {fields:?}");
        }
    }

    #[test]
    fn hostile_numbers_are_refused_or_normalised() {
        assert_eq!(parse(&[("retention_h", "-0")]).unwrap().retention.0.to_bits(), 0.0_f64.to_bits());
        assert_eq!(parse(&[("mbps", "5e-324")]).unwrap_err()[0].field, "mbps");
        assert_eq!(parse(&[("msgs", "1e9"), ("size", "16777216")]).unwrap_err()[0].field, "msgs");
        assert!(parse(&[("mbps", "1e308")]).unwrap_err()[0].reason.len() < 200);
        assert_eq!(parse(&[("durability", "FSYNC"), ("kind", "Data"), ("disk", "SSD")]).unwrap().durability, Durability::Fsync);
    }

    #[test]
    fn unknown_or_repeated_names_are_errors_even_when_empty() {
        assert_eq!(parse(&[("foo", "")]).unwrap_err()[0].field, "foo");
        assert_eq!(parse(&[("", "5")]).unwrap_err()[0].field, "(empty name)");
        assert!(parse(&[("size", ""), ("size", "3")]).is_ok(), "an empty duplicate is a blank form field");
        let many: Vec<(String, &str)> = (0..500).map(|i| (format!("x{i}"), "1")).collect();
        let e = Workload::from_params(many.iter().map(|(k, v)| (k.as_str(), *v))).unwrap_err();
        assert_eq!(e.len(), MAX_ERRORS + 1);
    }

    #[test]
    fn mbps_and_msgs_together_are_refused() {
        let e = parse(&[("mbps", "1"), ("msgs", "1")]).unwrap_err();
        assert_eq!(e[0].field, "msgs");
    }

    #[test]
    fn rates_convert_with_the_message_size() {
        // seed 003 §5.2: 5,000 msg/s × 2 KB (2,048 B) = 10.24 MB/s.
        let w = parse(&[("msgs", "5000"), ("size", "2048")]).unwrap();
        assert!((w.ingress().0 - 10.24).abs() < 1e-9);
        let w = parse(&[("mbps", "10.24"), ("size", "2048")]).unwrap();
        assert!((w.msgs().0 - 5000.0).abs() < 1e-6);
    }

    #[test]
    fn explicit_hardware_overrides_the_preset() {
        let w = parse(&[("hw", "seed001-r740xd"), ("cores", "20")]).unwrap();
        assert_eq!(w.hardware.cores, 20);
        assert_eq!(w.hardware.disks, 8);
        let keys: Vec<&str> = w.to_params().iter().map(|(k, _)| *k).collect();
        assert!(keys.contains(&"cores") && !keys.contains(&"disks"), "{keys:?}");
        let w = parse(&[("disk", "nvme"), ("disk_mbps", "900")]).unwrap();
        let back = Workload::from_params(w.to_params().iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, w);
    }
}
