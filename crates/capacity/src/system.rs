//! The vocabulary: broker systems, features, durability modes, disk kinds.

use serde::{Deserialize, Serialize};

/// A broker / streaming system mqplan plans for. Serialized as its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SystemId {
    /// Apache Kafka.
    Kafka,
    /// Apache RocketMQ.
    Rocketmq,
    /// Apache Pulsar (brokers + BookKeeper bookies).
    Pulsar,
    /// Pravega (segment stores + BookKeeper + long-term storage).
    Pravega,
}

impl SystemId {
    /// Every system, in display order.
    pub const ALL: [SystemId; 4] = [SystemId::Kafka, SystemId::Rocketmq, SystemId::Pulsar, SystemId::Pravega];
    /// The stable id used in URLs and JSON (`kafka`, `rocketmq`, `pulsar`, `pravega`).
    pub fn id(self) -> &'static str {
        match self {
            SystemId::Kafka => "kafka",
            SystemId::Rocketmq => "rocketmq",
            SystemId::Pulsar => "pulsar",
            SystemId::Pravega => "pravega",
        }
    }
    /// The display name.
    pub fn name(self) -> &'static str {
        match self {
            SystemId::Kafka => "Kafka",
            SystemId::Rocketmq => "RocketMQ",
            SystemId::Pulsar => "Pulsar",
            SystemId::Pravega => "Pravega",
        }
    }
    /// Parses an id; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.id().eq_ignore_ascii_case(s.trim()))
    }
}

impl std::fmt::Display for SystemId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A must-have feature a workload can ask for (`needs=` in the query).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Feature {
    /// Transactional messages.
    Transactions,
    /// Delayed / scheduled delivery.
    Delay,
    /// Message tracing.
    Trace,
    /// Retry queues and dead-letter queues.
    Dlq,
    /// Multi-tenancy (tenant / namespace isolation).
    Multitenancy,
    /// Tiered storage (offload to object storage).
    Tiered,
    /// Geo-replication across regions.
    Geo,
    /// A schema registry.
    Schema,
    /// MQTT protocol support.
    Mqtt,
    /// Stream auto-scaling (segments split and merge with load).
    Autoscale,
}

impl Feature {
    /// Every feature, in query order.
    pub const ALL: [Feature; 10] = [
        Feature::Transactions, Feature::Delay, Feature::Trace, Feature::Dlq, Feature::Multitenancy,
        Feature::Tiered, Feature::Geo, Feature::Schema, Feature::Mqtt, Feature::Autoscale,
    ];
    /// The query id.
    pub fn id(self) -> &'static str {
        match self {
            Feature::Transactions => "transactions",
            Feature::Delay => "delay",
            Feature::Trace => "trace",
            Feature::Dlq => "dlq",
            Feature::Multitenancy => "multitenancy",
            Feature::Tiered => "tiered",
            Feature::Geo => "geo",
            Feature::Schema => "schema",
            Feature::Mqtt => "mqtt",
            Feature::Autoscale => "autoscale",
        }
    }
    /// A human label.
    pub fn label(self) -> &'static str {
        match self {
            Feature::Transactions => "transactional messages",
            Feature::Delay => "delayed / scheduled messages",
            Feature::Trace => "message tracing",
            Feature::Dlq => "retry and dead-letter queues",
            Feature::Multitenancy => "multi-tenancy",
            Feature::Tiered => "tiered storage",
            Feature::Geo => "geo-replication",
            Feature::Schema => "schema registry",
            Feature::Mqtt => "MQTT",
            Feature::Autoscale => "stream auto-scaling",
        }
    }
    /// Parses a query id.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.id() == s.trim().to_ascii_lowercase())
    }
    /// Business-message features (seed 000 §8.3 step 1: "needs transactions/delay/trace").
    pub fn is_business(self) -> bool {
        matches!(self, Feature::Transactions | Feature::Delay | Feature::Trace | Feature::Dlq)
    }
    /// Platform features (seed 000 §8.3 step 2: tenancy / tiered storage / cross-region).
    pub fn is_platform(self) -> bool {
        matches!(self, Feature::Multitenancy | Feature::Tiered | Feature::Geo)
    }
}

/// What an acknowledgement promises (`durability=` in the query).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Durability {
    /// acks=all / sync replication, async flush: the seeds' default.
    #[default]
    Replicated,
    /// Flush to disk before ack (sync flush / per-message fsync).
    Fsync,
    /// Leader-only ack (acks=1 / async replication).
    Leader,
}

impl Durability {
    /// The query id.
    pub fn id(self) -> &'static str {
        match self {
            Durability::Replicated => "replicated",
            Durability::Fsync => "fsync",
            Durability::Leader => "leader",
        }
    }
    /// Parses a query id.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "replicated" => Some(Self::Replicated),
            "fsync" => Some(Self::Fsync),
            "leader" => Some(Self::Leader),
            _ => None,
        }
    }
}

/// What the messages are (seed 000 §8.3 step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum MessageKind {
    /// Logs, tracking events, CDC, stream processing input.
    #[default]
    Data,
    /// Orders, payments, state changes.
    Business,
}

/// Whether a dedicated middleware team runs the cluster (seed 000 §6.5, §8.3 step 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Team {
    /// A dedicated middleware / platform team.
    Dedicated,
    /// No dedicated team.
    #[default]
    None,
}

/// Disk technology of a broker node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiskKind {
    /// Spinning disk.
    Hdd,
    /// SATA/SAS SSD.
    Ssd,
    /// NVMe SSD.
    Nvme,
    /// Intel Optane (seed 001's journal disk).
    Optane,
    /// Cloud block volume (AWS EBS gp2/gp3/io1, Azure managed disk…): capped by the
    /// volume's throughput, and a sync is a network round trip.
    Ebs,
    /// Network / distributed storage (Ceph RBD, NFS…).
    Network,
    /// Not stated in the source.
    Unknown,
}

impl DiskKind {
    /// The query id.
    pub fn id(self) -> &'static str {
        match self {
            DiskKind::Hdd => "hdd",
            DiskKind::Ssd => "ssd",
            DiskKind::Nvme => "nvme",
            DiskKind::Optane => "optane",
            DiskKind::Ebs => "ebs",
            DiskKind::Network => "network",
            DiskKind::Unknown => "unknown",
        }
    }
    /// Parses a query id (`unknown` is not accepted from users).
    pub fn parse_user(s: &str) -> Option<Self> {
        match s.trim() {
            "hdd" => Some(Self::Hdd),
            "ssd" => Some(Self::Ssd),
            "nvme" => Some(Self::Nvme),
            "optane" => Some(Self::Optane),
            "ebs" => Some(Self::Ebs),
            "network" => Some(Self::Network),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for s in SystemId::ALL {
            assert_eq!(SystemId::parse(s.id()), Some(s));
        }
        for f in Feature::ALL {
            assert_eq!(Feature::parse(f.id()), Some(f));
        }
        assert_eq!(SystemId::parse("RocketMQ"), Some(SystemId::Rocketmq));
        assert_eq!(SystemId::parse("rabbitmq"), None);
        assert_eq!(Durability::parse("fsync"), Some(Durability::Fsync));
        assert_eq!(Durability::parse("all"), None);
    }
}
