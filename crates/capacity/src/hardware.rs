//! Broker node hardware: the user's machine, named presets (the seeds' machines
//! among them) and the defaults for anything unstated.

use serde::{Deserialize, Serialize};

use crate::system::DiskKind;
use crate::units::{GigabitsPerSec, MegabytesPerSec};

/// Sustained sequential write bandwidth assumed per disk when the user does not give
/// `disk_mbps`. Lower ends of common datasheet ranges, so plans err toward more nodes:
/// - HDD 150 MB/s: 7.2k rpm enterprise disks sustain 150–250 MB/s sequential.
/// - SSD 450 MB/s: SATA 6 Gbit/s tops out near 550 MB/s; sustained writes sit lower.
/// - NVMe 1,500 MB/s: datacenter PCIe 3 NVMe sustain 1.5–3 GB/s writes.
/// - Optane 2,000 MB/s: P4800X (seed 001's journal disk) is specified near 2 GB/s write.
pub fn default_disk_mbps(kind: DiskKind) -> MegabytesPerSec {
    MegabytesPerSec(match kind {
        DiskKind::Hdd => 150.0,
        DiskKind::Ssd | DiskKind::Unknown => 450.0,
        DiskKind::Nvme => 1500.0,
        DiskKind::Optane => 2000.0,
    })
}

/// NIC assumed when unstated: 10 GbE, the link in seed 001 (§test setup) and the
/// common datacenter default.
pub const DEFAULT_NIC_GBPS: f64 = 10.0;

/// One broker machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hardware {
    /// The preset this started from, if any.
    pub preset: Option<String>,
    /// CPU cores.
    pub cores: u32,
    /// RAM, GB.
    pub ram_gb: f64,
    /// Disk technology.
    pub disk: DiskKind,
    /// Data disks.
    pub disks: u32,
    /// Write bandwidth per disk, MB/s.
    pub disk_mbps: MegabytesPerSec,
    /// Capacity per disk, TB (10^12 B).
    pub disk_tb: f64,
    /// NIC speed, Gbit/s (full duplex).
    pub nic_gbps: GigabitsPerSec,
}

/// A named machine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Preset {
    /// The `hw=` id.
    pub id: &'static str,
    /// A label for the form.
    pub label: &'static str,
    /// Where the machine comes from.
    pub citation: &'static str,
    /// The machine.
    pub cores: u32,
    /// RAM, GB.
    pub ram_gb: f64,
    /// Disk technology.
    pub disk: DiskKind,
    /// Data disks.
    pub disks: u32,
    /// TB per disk.
    pub disk_tb: f64,
    /// NIC, Gbit/s.
    pub nic_gbps: f64,
}

/// The named machines. Where a seed does not state a disk or NIC the preset uses
/// the defaults above, and says so in `citation`.
pub const PRESETS: &[Preset] = &[
    Preset { id: "seed000-8c16g", label: "8 cores, 16 GB, 2 × 4 TB SSD (seed 000 test machine)", citation: "000 §2.1 (disks and NIC not stated: 2 × 4 TB SSD and 10 GbE assumed)", cores: 8, ram_gb: 16.0, disk: DiskKind::Ssd, disks: 2, disk_tb: 4.0, nic_gbps: 10.0 },
    Preset { id: "seed000-16c64g", label: "16 cores, 64 GB, SSD (seed 000's earlier test)", citation: "000 §3.4 (disk and NIC not stated: SSD, 4 TB, 10 GbE assumed)", cores: 16, ram_gb: 64.0, disk: DiskKind::Ssd, disks: 1, disk_tb: 4.0, nic_gbps: 10.0 },
    Preset { id: "seed001-r740xd", label: "Dell R740xd: 40 cores, 128 GB, 8 × 4 TB NVMe, 10 GbE (seed 001)", citation: "001 §setup", cores: 40, ram_gb: 128.0, disk: DiskKind::Nvme, disks: 8, disk_tb: 4.0, nic_gbps: 10.0 },
    Preset { id: "seed002-16c32g", label: "16 cores, 32 GB, NVMe, 1 GbE (seed 002)", citation: "002 §test environment (disk size not stated: 2 TB assumed)", cores: 16, ram_gb: 32.0, disk: DiskKind::Nvme, disks: 1, disk_tb: 2.0, nic_gbps: 1.0 },
    Preset { id: "general-32c128g-nvme", label: "32 cores, 128 GB, 4 × 3.84 TB NVMe, 25 GbE (common cloud/bare-metal size)", citation: "not from a seed: a common bare-metal / cloud storage-optimised shape", cores: 32, ram_gb: 128.0, disk: DiskKind::Nvme, disks: 4, disk_tb: 3.84, nic_gbps: 25.0 },
];

/// The preset used when the query names none: seed 000's machine, where the fits live.
pub const DEFAULT_PRESET: &str = "seed000-8c16g";

impl Preset {
    /// Finds a preset by id.
    pub fn find(id: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| p.id == id)
    }
    /// The machine this preset describes.
    pub fn hardware(&self) -> Hardware {
        Hardware {
            preset: Some(self.id.to_string()),
            cores: self.cores,
            ram_gb: self.ram_gb,
            disk: self.disk,
            disks: self.disks,
            disk_mbps: default_disk_mbps(self.disk),
            disk_tb: self.disk_tb,
            nic_gbps: GigabitsPerSec(self.nic_gbps),
        }
    }
}

impl Default for Hardware {
    fn default() -> Self {
        Preset::find(DEFAULT_PRESET).map(Preset::hardware).unwrap_or(Hardware {
            preset: None,
            cores: 8,
            ram_gb: 16.0,
            disk: DiskKind::Ssd,
            disks: 1,
            disk_mbps: default_disk_mbps(DiskKind::Ssd),
            disk_tb: 2.0,
            nic_gbps: GigabitsPerSec(DEFAULT_NIC_GBPS),
        })
    }
}

impl Hardware {
    /// Aggregate disk write bandwidth of one node.
    pub fn disk_write(&self) -> MegabytesPerSec {
        MegabytesPerSec(self.disk_mbps.0 * f64::from(self.disks))
    }
    /// Raw disk capacity of one node, TB.
    pub fn disk_capacity_tb(&self) -> f64 {
        self.disk_tb * f64::from(self.disks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_unique_and_default_exists() {
        let mut ids: Vec<_> = PRESETS.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), PRESETS.len());
        assert_eq!(Hardware::default().cores, 8);
    }

    #[test]
    fn r740xd_has_eight_nvme_disks() {
        // seed 001 setup: 8 × 4 TB NVMe in RAID 0 → 32 TB raw, 8 × 1,500 MB/s assumed.
        let h = Preset::find("seed001-r740xd").unwrap().hardware();
        assert!((h.disk_capacity_tb() - 32.0).abs() < 1e-9);
        assert!((h.disk_write().0 - 12_000.0).abs() < 1e-9);
    }
}
