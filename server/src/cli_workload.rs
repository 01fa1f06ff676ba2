//! The workload flags of `mqplan plan` and `mqplan predict`, built from the
//! capacity crate's field schema ([`capacity::fields::FIELDS`]): one flag per
//! query field (`retention_h` ↔ `--retention-h`), so a new field needs no change here.

use capacity::fields::{Editor, FieldSpec, FIELDS};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

/// The data-selection flags of `plan` besides the workload fields.
const SELECTION: &[(&str, &str)] = &[("dataset", "Uploaded dataset ids (comma list; see `mqplan import`)"), ("data", "merge | only: uploaded runs beside or instead of the references")];

/// CLI help for a field: its meaning without the README's Markdown. `predict`'s
/// consumer groups default to none (a stop-43 reviewer read "(default 1)" under its
/// "its default here is 0").
fn help(f: &FieldSpec, predict: bool) -> String {
    let text = f.meaning().replace('`', "").replace("\\|", "|").replace("**", "");
    let mut out = if f.unit.is_empty() { text } else { format!("{text} [{}]", f.unit) };
    // Its default and, for the hardware, the preset ids (a stop-40 tester found them
    // only in an error message).
    let default = if predict && f.name == "fanout" { "0" } else { f.default };
    if !default.is_empty() {
        out.push_str(&format!(" (default {default})"));
    }
    if f.name == "hw" {
        out.push_str(&format!("; presets: {}", capacity::hardware::PRESETS.iter().map(|p| p.id).collect::<Vec<_>>().join(", ")));
    }
    out
}

fn add(cmd: Command, fields: impl Iterator<Item = &'static FieldSpec>, predict: bool) -> Command {
    // Whatever follows the flag is its value: a negative number in any notation is
    // refused by the field's range check, which names the flag — not taken for an
    // unknown flag (`--fanout -1`, `--mbps -5e-1` were "unexpected argument").
    // A list field (`--needs`) may also be repeated: its values join as one comma list.
    fields.fold(cmd, |c, f| {
        let arg = Arg::new(f.name).long(f.flag()).value_name("VALUE").allow_hyphen_values(true).help(help(f, predict));
        c.arg(if matches!(f.editor, Editor::Features) { arg.action(ArgAction::Append) } else { arg })
    })
}

/// The flags given, as query pairs; a repeated list flag's values joined by commas.
fn given<'a>(m: &ArgMatches, names: impl Iterator<Item = &'a str>) -> Vec<(&'a str, String)> {
    names.filter_map(|n| m.get_many::<String>(n).map(|vs| (n, vs.map(String::as_str).collect::<Vec<_>>().join(",")))).collect()
}

/// Every workload flag of `mqplan plan`, as given (README "Share-link contract").
#[derive(Debug, Clone, Default)]
pub struct WorkloadFlags {
    pairs: Vec<(&'static str, String)>,
}

impl WorkloadFlags {
    /// The flags given, as query pairs.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        self.pairs.clone()
    }
}

impl FromArgMatches for WorkloadFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut s = Self::default();
        s.update_from_arg_matches(m)?;
        Ok(s)
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.pairs = given(m, FIELDS.iter().map(|f| f.name).chain(SELECTION.iter().map(|(n, _)| *n)));
        Ok(())
    }
}

impl Args for WorkloadFlags {
    fn augment_args(cmd: Command) -> Command {
        let cmd = add(cmd, FIELDS.iter(), false);
        SELECTION.iter().fold(cmd, |c, (n, h)| c.arg(Arg::new(*n).long(*n).value_name("VALUE").help(*h)))
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// The flags of `mqplan predict`: the fields marked for the cluster's run and
/// hardware (size, RF, durability, partitions, hardware).
#[derive(Debug, Clone, Default)]
pub struct ClusterFlags {
    pairs: Vec<(&'static str, String)>,
}

impl ClusterFlags {
    /// The flags given, as query pairs.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        self.pairs.clone()
    }

    /// Whether `--name` was given a value (an empty one, `--fanout ''`, counts as not
    /// given, as an empty query field does).
    pub fn has(&self, name: &str) -> bool {
        self.pairs.iter().any(|(k, v)| *k == name && !v.trim().is_empty())
    }
}

impl FromArgMatches for ClusterFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut s = Self::default();
        s.update_from_arg_matches(m)?;
        Ok(s)
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.pairs = given(m, FIELDS.iter().filter(|f| f.predict).map(|f| f.name));
        Ok(())
    }
}

impl Args for ClusterFlags {
    fn augment_args(cmd: Command) -> Command {
        add(cmd, FIELDS.iter().filter(|f| f.predict), true)
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}
