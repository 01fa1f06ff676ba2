//! The workload's public fields, defined once: name, unit, range, default, label
//! and help. The query parser ([`crate::workload::Workload::from_params`]), the
//! share link, the page form, the `mqplan plan` / `predict` flags and the README's
//! share-link table are all read from [`FIELDS`]; a test holds them together.

/// How a field is entered and checked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Editor {
    /// A number in `min`…`max` (`min` itself allowed when `min_inclusive`);
    /// `integer` fields refuse fractions.
    Number {
        /// Lower end.
        min: f64,
        /// Upper end (inclusive).
        max: f64,
        /// Whether `min` itself is allowed.
        min_inclusive: bool,
        /// Whole numbers only.
        integer: bool,
    },
    /// One of the listed values: `(value, label)`.
    Choice(&'static [(&'static str, &'static str)]),
    /// A comma list of [`crate::system::Feature`] ids (checkboxes on the page).
    Features,
    /// A hardware preset id ([`crate::hardware::PRESETS`]).
    Preset,
}

/// Which part of the form a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Rate, size, replication, retention, partitions, consumers, objective.
    Workload,
    /// Ack semantics, message kind, features, team.
    Semantics,
    /// Outage and drain deadline.
    Recovery,
    /// Zones, tiered storage and prices.
    Deployment,
    /// Per-node hardware (overrides the preset).
    Hardware,
}

impl Group {
    /// Every group in form order.
    pub const ALL: [Group; 5] = [Group::Workload, Group::Semantics, Group::Recovery, Group::Deployment, Group::Hardware];

    /// The form's legend for the group.
    pub fn legend(self) -> &'static str {
        match self {
            Group::Workload => "Workload",
            Group::Semantics => "Semantics and team",
            Group::Recovery => "Recovery",
            Group::Deployment => "Deployment and cost",
            Group::Hardware => "Hardware per node",
        }
    }
}

/// One public workload field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldSpec {
    /// Query name (`retention_h`); the CLI flag is the same with `-` (`--retention-h`).
    pub name: &'static str,
    /// Form label.
    pub label: &'static str,
    /// Unit shown beside the label ("" when none).
    pub unit: &'static str,
    /// Form group.
    pub group: Group,
    /// Entry and range.
    pub editor: Editor,
    /// Default as query text; "" when the field is optional (no value = not given)
    /// or, for hardware, when the preset supplies it.
    pub default: &'static str,
    /// One line of help under the form field.
    pub help: &'static str,
    /// Also a flag of `mqplan predict` (the cluster's run and hardware).
    pub predict: bool,
}

impl FieldSpec {
    /// What the field means, for the README table and the CLI help ([`MEANINGS`];
    /// kept apart so the browser bundle does not carry it).
    pub fn meaning(&self) -> &'static str {
        MEANINGS.iter().find(|(n, _)| *n == self.name).map_or("", |(_, m)| m)
    }

    /// The CLI flag: the name with `-` for `_`.
    pub fn flag(&self) -> String {
        self.name.replace('_', "-")
    }
}

const fn num(name: &'static str, label: &'static str, unit: &'static str, group: Group, min: f64, max: f64, min_inclusive: bool, default: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, label, unit, group, editor: Editor::Number { min, max, min_inclusive, integer: false }, default, help, predict: false }
}

const fn int(name: &'static str, label: &'static str, unit: &'static str, group: Group, min: u32, max: u32, default: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec { name, label, unit, group, editor: Editor::Number { min: min as f64, max: max as f64, min_inclusive: true, integer: true }, default, help, predict: false }
}

const fn for_predict(f: FieldSpec) -> FieldSpec {
    FieldSpec { predict: true, ..f }
}

/// Ack semantics (`durability`).
pub static DURABILITY_CHOICES: &[(&str, &str)] = &[
    ("replicated", "replicated: acks=all / sync replication, async flush (seed default)"),
    ("fsync", "fsync: flush to disk before ack"),
    ("leader", "leader: acks=1 / async replication"),
];

/// Message kind (`kind`).
pub static KIND_CHOICES: &[(&str, &str)] = &[("data", "data: logs, tracking, CDC, streams"), ("business", "business: orders, payments, state changes")];

/// Dedicated team (`team`).
pub static TEAM_CHOICES: &[(&str, &str)] = &[("none", "no"), ("dedicated", "yes")];

/// Disk technology (`disk`); "" keeps the preset's.
pub static DISK_CHOICES: &[(&str, &str)] = &[("", "(preset)"), ("hdd", "HDD"), ("ssd", "SSD"), ("nvme", "NVMe"), ("optane", "Optane"), ("ebs", "Cloud volume (EBS…)"), ("network", "Network storage (Ceph…)")];

/// Every public workload field, in form order. Sources of the defaults: size 1 KB
/// and RF 3 are seed 000's test workload (§2); 24 partitions are seed 000's (§5.1);
/// 50 MB/s and 24 h are a modest single-team stream (our choice).
pub static FIELDS: &[FieldSpec] = &[
    num("mbps", "Peak produce rate", "MB/s", Group::Workload, 0.0, 100_000.0, false, "50", "MB = 10^6 bytes; 50 when neither rate is given. Leave it empty when giving msg/s."),
    num("msgs", "…or in messages", "msg/s", Group::Workload, 0.0, 1e9, false, "", "Give either MB/s or msg/s."),
    for_predict(num("size", "Average message size", "bytes", Group::Workload, 1.0, 16_777_216.0, true, "1024", "Runs span 100 B–1 MB; each system's fit covers less, and the plan says when a size is past it.")),
    for_predict(int("rf", "Replication factor", "copies", Group::Workload, 1, 7, "3", "Copies of each message; RF 1 loses data with a node.")),
    num("retention_h", "Retention", "hours", Group::Workload, 0.0, 87_600.0, true, "24", "How long messages are kept."),
    for_predict(int("partitions", "Partitions / queues / segments", "total", Group::Workload, 1, 1_000_000, "24", "One partition caps a topic's throughput.")),
    for_predict(int("fanout", "Consumer groups", "groups", Group::Workload, 0, 1000, "1", "Each group reads every message once.")),
    num("p99_ms", "p99 latency objective", "ms", Group::Workload, 0.0, 3_600_000.0, false, "", "Empty = none. Unmeasured p99 cannot pass it."),
    num("compression", "Compression ratio", "× smaller", Group::Workload, 1.0, 20.0, true, "1", "1 = none; shrinks disk, network, storage."),
    FieldSpec { name: "durability", label: "Ack semantics", unit: "", group: Group::Semantics, editor: Editor::Choice(DURABILITY_CHOICES), default: "replicated", help: "Each system's factor, fitted from paired runs, shows in the CPU bound and on /model.", predict: true },
    FieldSpec { name: "kind", label: "Messages are", unit: "", group: Group::Semantics, editor: Editor::Choice(KIND_CHOICES), default: "data", help: "Seed 000 §8.3 step 1.", predict: false },
    FieldSpec { name: "needs", label: "Must-have features", unit: "", group: Group::Semantics, editor: Editor::Features, default: "", help: "A candidate lacking one is dropped.", predict: false },
    num("txn_pct", "Sent in transactions", "%", Group::Semantics, 0.0, 100.0, true, "", "Share of messages; RocketMQ measured 4× the cost (seed 002 §2.4)."),
    FieldSpec { name: "team", label: "Dedicated middleware team", unit: "", group: Group::Semantics, editor: Editor::Choice(TEAM_CHOICES), default: "none", help: "Without one, BookKeeper-based systems are dropped (seed 000 §6.5).", predict: false },
    num("outage_h", "Consumer outage to plan for", "hours", Group::Recovery, 0.0, 720.0, true, "1", "Backlog = produce rate × outage."),
    num("drain_min", "Drain that backlog within", "minutes", Group::Recovery, 0.0, 10_080.0, false, "", "Empty = not time-critical."),
    int("zones", "Availability zones", "zones", Group::Deployment, 1, 3, "1", "Sized to survive a zone down."),
    num("local_retention_h", "Hours kept on brokers when tiered", "hours", Group::Deployment, 0.0, 87_600.0, true, "", "Empty = 24 h when tiered."),
    num("node_cost", "Cost per machine", "per month", Group::Deployment, 0.0, 1e7, false, "", "Empty = compare machines."),
    num("object_cost", "Object storage cost", "per TB-month", Group::Deployment, 0.0, 1e6, true, "", "For the tiered share."),
    num("zone_cost", "Cross-zone transfer cost", "per GB", Group::Deployment, 0.0, 1e3, true, "", "Per GB crossing zones; both ways if billed so."),
    FieldSpec { name: "hw", label: "Machine preset", unit: "", group: Group::Hardware, editor: Editor::Preset, default: "", help: "Fields left empty take the preset's value (shown greyed).", predict: true },
    for_predict(int("cores", "Cores per node", "threads", Group::Hardware, 1, 1024, "", "vCPUs: a core's second thread counts 25 %.")),
    for_predict(num("ram_gb", "RAM per node", "GB", Group::Hardware, 0.0, 65_536.0, false, "", "Page cache matters (seed 000 §2.5 pitfall 3).")),
    FieldSpec { name: "disk", label: "Disk kind", unit: "", group: Group::Hardware, editor: Editor::Choice(DISK_CHOICES), default: "", help: "Sets the default write bandwidth.", predict: true },
    for_predict(int("disks", "Data disks per node", "disks", Group::Hardware, 1, 64, "", "")),
    for_predict(num("disk_mbps", "Write bandwidth per disk", "MB/s", Group::Hardware, 0.0, 100_000.0, false, "", "Defaults: HDD 150, SSD 450, NVMe 1,500, Optane 2,000, EBS 262, network 450.")),
    for_predict(num("disk_tb", "Capacity per disk", "TB", Group::Hardware, 0.0, 1000.0, false, "", "TB = 10^12 bytes.")),
    for_predict(num("nic_gbps", "NIC", "Gbit/s", Group::Hardware, 0.0, 1600.0, false, "", "1 Gbit/s = 125 MB/s.")),
];

/// What each field means (README table, CLI help), by name; every field has one (a test).
pub static MEANINGS: &[(&str, &str)] = &[
    ("mbps", "peak produce rate in MB/s (10^6 B/s) **or** `msgs` in msg/s (not both)"),
    ("msgs", "peak produce rate in msg/s (instead of `mbps`)"),
    ("size", "average message size, bytes (before compression)"),
    ("rf", "replication factor"),
    ("retention_h", "retention, hours"),
    ("partitions", "partitions / queues / segments in total"),
    ("fanout", "consumer groups, each reading everything"),
    ("p99_ms", "p99 end-to-end latency objective, ms (empty = none); sizes the cluster"),
    ("compression", "producer compression ratio: disk, network and storage carry size ÷ ratio"),
    ("durability", "`replicated` (acks=all / sync replication, async flush) \\| `fsync` (flush before ack) \\| `leader` (acks=1)"),
    ("kind", "`data` \\| `business`"),
    ("needs", "comma list of `transactions,delay,trace,dlq,multitenancy,tiered,geo,schema,mqtt,autoscale`"),
    ("txn_pct", "share of messages sent in transactions, % (empty = not given: sized as plain sends); above 0 makes `transactions` a must-have; where a plain / transactional pair was measured (RocketMQ, 002 §2.4: ×4) it scales the CPU bound"),
    ("team", "`dedicated` \\| `none` (dedicated middleware team)"),
    ("outage_h", "consumer outage to recover from, hours (backlog = rate × outage)"),
    ("drain_min", "drain that backlog within, minutes (empty = not time-critical); adds partitions and consumers first, machines when disk reads bind"),
    ("zones", "availability zones the machines spread over (1–3); with one zone down the rest carry the load"),
    ("local_retention_h", "with tiered storage: hours kept on broker / bookie disks (empty = 24 h, or 2 × the outage if longer); one copy of the retention in object storage (Pulsar: of what left the bookies)"),
    ("node_cost", "price of one machine per month, any currency (empty = compare by machine count)"),
    ("object_cost", "object storage price per TB (10^12 B) per month, same currency"),
    ("zone_cost", "price per GB (10^9 B) of traffic crossing zones, same currency (AWS bills 0.01 in each direction: give 0.02); with `zones` ≥ 2 and `node_cost` it joins the monthly cost"),
    ("hw", "hardware preset id (`cores` = hardware threads, as `nproc` counts them); empty = seed 000's 8-core machine"),
    ("cores", "hardware threads per node (as `nproc` counts them)"),
    ("ram_gb", "RAM per node, GB"),
    ("disk", "`hdd` \\| `ssd` \\| `nvme` \\| `optane` \\| `ebs` \\| `network`"),
    ("disks", "data disks per node"),
    ("disk_mbps", "write bandwidth per disk, MB/s"),
    ("disk_tb", "capacity per disk, TB (10^12 B)"),
    ("nic_gbps", "NIC, Gbit/s (full duplex)"),
];

/// The field named `name`.
pub fn field(name: &str) -> Option<&'static FieldSpec> {
    FIELDS.iter().find(|f| f.name == name)
}

/// The upper end of numeric field `name`'s range (the form's, the share link's and
/// the CLI's), which recorded datasets and uploads describing hardware share: one
/// range per field. `f64::INFINITY` for a name that is not a numeric field.
pub fn max_of(name: &str) -> f64 {
    match field(name).map(|f| &f.editor) {
        Some(Editor::Number { max, .. }) => *max,
        _ => f64::INFINITY,
    }
}

/// The lower end of numeric field `name`'s range, as [`max_of`]; 0 for a name that
/// is not a numeric field.
pub fn min_of(name: &str) -> f64 {
    match field(name).map(|f| &f.editor) {
        Some(Editor::Number { min, .. }) => *min,
        _ => 0.0,
    }
}

/// Whether `bytes` is a message size plans take (the `size` field's 1 B to 16 MiB):
/// uploads and recorded rows are held to the same range, so every run can be planned.
pub fn message_size_ok(bytes: f64) -> bool {
    (min_of("size")..=max_of("size")).contains(&bytes)
}

/// The `size` field's range in words, e.g. `1 B to 16,777,216 B (16 MiB)`.
pub fn message_size_range_words() -> String {
    format!("{} B to {} B ({} MiB), the range plans take", crate::units::fmt_num(min_of("size")), crate::units::fmt_num(max_of("size")), crate::units::fmt_num(max_of("size") / 1_048_576.0))
}

/// Every public field name, in form order.
pub fn names() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().map(|f| f.name)
}

/// The README's share-link table (Markdown), generated from [`FIELDS`]; the
/// hardware fields list the preset ids from [`crate::hardware::PRESETS`].
pub fn markdown_table() -> String {
    let mut out = String::from("| name | meaning | unit | range | default |\n|---|---|---|---|---|\n");
    for f in FIELDS {
        let range = match f.editor {
            Editor::Number { min, max, min_inclusive, integer } => {
                let lo = if integer || min_inclusive { format!("{min}") } else { format!("> {min}") };
                format!("{lo} – {max}")
            }
            Editor::Choice(c) => c.iter().filter(|(v, _)| !v.is_empty()).map(|(v, _)| format!("`{v}`")).collect::<Vec<_>>().join(" "),
            Editor::Features => "see meaning".into(),
            Editor::Preset => crate::hardware::PRESETS.iter().map(|p| format!("`{}`", p.id)).collect::<Vec<_>>().join(", "),
        };
        let default = if !f.default.is_empty() {
            format!("`{}`", f.default)
        } else if f.group == Group::Hardware {
            "the preset's".into()
        } else {
            "—".into()
        };
        out.push_str(&format!("| `{}` | {} | {} | {} | {} |\n", f.name, f.meaning(), if f.unit.is_empty() { "—" } else { f.unit }, range, default));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_flags_follow_them() {
        let mut seen = std::collections::BTreeSet::new();
        for f in FIELDS {
            assert!(seen.insert(f.name), "{} twice", f.name);
            assert_eq!(f.flag().replace('-', "_"), f.name);
        }
    }

    #[test]
    fn every_field_has_a_meaning() {
        for f in FIELDS {
            assert!(!f.meaning().is_empty(), "{}", f.name);
        }
        assert_eq!(MEANINGS.len(), FIELDS.len());
    }

    #[test]
    fn defaults_lie_in_their_ranges() {
        for f in FIELDS {
            if let (Editor::Number { min, max, min_inclusive, .. }, false) = (f.editor, f.default.is_empty()) {
                let v: f64 = f.default.parse().unwrap_or_else(|_| panic!("{}: default {:?}", f.name, f.default));
                assert!((v > min || (min_inclusive && v == min)) && v <= max, "{}", f.name);
            }
            if let (Editor::Choice(c), false) = (f.editor, f.default.is_empty()) {
                assert!(c.iter().any(|(v, _)| *v == f.default), "{}", f.name);
            }
        }
    }
}
