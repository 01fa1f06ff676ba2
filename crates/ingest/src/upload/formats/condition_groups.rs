//! Grouping a table's rows by condition (its key columns), in order of first
//! appearance — the reshaping step of a long benchmark table.
//!
//! Benchmark tables repeat a few conditions many times (one row per sample). When
//! every key column has few distinct values, each column is coded on its own and
//! the codes index a direct table, which is several times faster than a general
//! multi-column `group_by` on text. Anything else (many distinct values, other
//! column types) goes to polars' `group_by_stable`. Both give the same groups in the
//! same order; `tests` checks them against each other.

use polars::prelude::*;
use polars_arrow::array::Array;

/// Most distinct values in one key column for the direct path.
const MAX_DISTINCT: usize = 4096;

/// Up to this many distinct values a column's coder scans a list; past it, a hash map.
const SCAN_MAX: usize = 16;

/// Longest string an Arrow string view holds inline (Arrow columnar format, "Variable-size
/// Binary View Layout"): such a view is the whole value, zero-padded.
const INLINE_BYTES: u32 = 12;

/// Largest direct table (product of the key columns' distinct counts).
const MAX_TABLE: usize = 1 << 16;

/// One condition: the row where it first appears and every row that has it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RowGroup {
    /// 0-based index of the condition's first row.
    pub first: usize,
    /// 0-based indices of all its rows, ascending.
    pub rows: Vec<IdxSize>,
}

/// Groups the rows of `df` by the values of `keys` (all must exist), groups in
/// order of first appearance.
///
/// # Errors
/// Whatever polars' `group_by_stable` reports on the general path.
pub(crate) fn by_condition(df: &DataFrame, keys: &[&str]) -> PolarsResult<Vec<RowGroup>> {
    if let Some(groups) = few_conditions(df, keys) {
        return Ok(groups);
    }
    general(df, keys)
}

/// polars' own grouping, as [`RowGroup`]s.
fn general(df: &DataFrame, keys: &[&str]) -> PolarsResult<Vec<RowGroup>> {
    let groups = df.group_by_stable(keys.iter().copied())?.take_groups();
    Ok(groups
        .iter()
        .map(|g| match g {
            GroupsIndicator::Idx((first, idx)) => RowGroup { first: first as usize, rows: idx.to_vec() },
            GroupsIndicator::Slice([first, len]) => RowGroup { first: first as usize, rows: (first..first + len).collect() },
        })
        .collect())
}

/// The direct path; None when a key column has too many distinct values or a type
/// it does not code.
fn few_conditions(df: &DataFrame, keys: &[&str]) -> Option<Vec<RowGroup>> {
    let n = df.height();
    let cols: Vec<&Column> = keys.iter().map(|k| df.column(k).ok()).collect::<Option<_>>()?;
    // The columns are coded independently, half of them on a second thread (polars'
    // pool: its workers are awake from the read); each half folds its codes into
    // one mixed-radix number per row as it goes.
    // Long strings (views holding a pointer) cost about twice a short one or a
    // number: split the columns by that cost, not by count.
    let mut cols = cols;
    cols.sort_by_key(|c| std::cmp::Reverse(cost(c)));
    let (mut left, mut right): (Vec<&Column>, Vec<&Column>) = (Vec::new(), Vec::new());
    let (mut lc, mut rc) = (0, 0);
    for c in cols {
        if lc <= rc {
            lc += cost(c);
            left.push(c);
        } else {
            rc += cost(c);
            right.push(c);
        }
    }
    let (left, right) = polars_core::POOL.join(|| combine(&left, n), || combine(&right, n));
    let ((mut combined, left_radix), (right_codes, right_radix)) = (left?, right?);
    let radix = left_radix.checked_mul(right_radix).filter(|r| *r <= MAX_TABLE)?;
    let scale = u32::try_from(left_radix).ok()?;
    for (c, r) in combined.iter_mut().zip(right_codes) {
        *c += r * scale;
    }
    let mut slot = vec![u32::MAX; radix];
    let mut groups: Vec<RowGroup> = Vec::new();
    for (i, c) in combined.iter().enumerate() {
        let s = &mut slot[*c as usize];
        if *s == u32::MAX {
            *s = u32::try_from(groups.len()).ok()?;
            groups.push(RowGroup { first: i, rows: Vec::new() });
        }
        groups[*s as usize].rows.push(IdxSize::try_from(i).ok()?);
    }
    Some(groups)
}

/// Relative cost of coding a column: 2 for text with values longer than a view
/// holds (judged by the first row), else 1.
fn cost(col: &Column) -> u32 {
    let long = col.str().ok().filter(|s| !s.is_empty()).and_then(|s| s.get(0)).is_some_and(|v| v.len() > INLINE_BYTES as usize);
    if long {
        2
    } else {
        1
    }
}

/// The columns' codes as one mixed-radix number per row, and the radix (the product
/// of their distinct counts); None past [`MAX_TABLE`] or for a column not coded.
fn combine(cols: &[&Column], n: usize) -> Option<(Vec<u32>, usize)> {
    let mut combined = vec![0u32; n];
    let mut radix = 1usize;
    for col in cols {
        let distinct = add_codes(col, &mut combined, u32::try_from(radix).ok()?)?;
        radix = radix.checked_mul(distinct.max(1)).filter(|r| *r <= MAX_TABLE)?;
    }
    Some((combined, radix))
}

/// Adds `scale` × each row's code (dense, in first-appearance order) to `combined`;
/// returns the column's number of distinct values (null counts as one). None for
/// other types or too many values.
fn add_codes(col: &Column, combined: &mut [u32], scale: u32) -> Option<usize> {
    let mut next = 0u16;
    let mut short = Coder::<u128>::default();
    let mut long = Coder::<&[u8]>::default();
    let mut row = 0usize;
    let mut put = |code: Option<u16>| -> Option<()> {
        *combined.get_mut(row)? += u32::from(code?) * scale;
        row += 1;
        Some(())
    };
    match col.dtype() {
        DataType::String => {
            for arr in col.str().ok()?.downcast_iter() {
                for (i, view) in arr.views().iter().enumerate() {
                    put(if arr.is_null(i) {
                        short.code(NULL_KEY, &mut next)
                    } else if view.length <= INLINE_BYTES {
                        // An inline view is the whole string, zero-padded (Arrow spec).
                        short.code(view.as_u128(), &mut next)
                    } else {
                        long.code(arr.value(i).as_bytes(), &mut next)
                    })?;
                }
            }
        }
        DataType::Int64 => {
            for arr in col.i64().ok()?.downcast_iter() {
                for (i, v) in arr.values().iter().enumerate() {
                    put(short.code(if arr.is_null(i) { NULL_KEY } else { number_key(*v as u64) }, &mut next))?;
                }
            }
        }
        DataType::Float64 => {
            for arr in col.f64().ok()?.downcast_iter() {
                for (i, v) in arr.values().iter().enumerate() {
                    put(short.code(if arr.is_null(i) { NULL_KEY } else { number_key(float_bits(*v)) }, &mut next))?;
                }
            }
        }
        DataType::Null => {}
        _ => return None,
    }
    Some(usize::from(next).max(1))
}

/// The key of a null cell: no inline view has this length, no number key these bits.
const NULL_KEY: u128 = u128::MAX;

/// A float's bits with -0 as 0 and one NaN, so keys are equal when polars'
/// grouping calls the values equal.
fn float_bits(v: f64) -> u64 {
    if v.is_nan() {
        f64::NAN.to_bits()
    } else {
        (v + 0.0).to_bits()
    }
}

/// A number's key: its 64 bits, marked apart from null.
fn number_key(bits: u64) -> u128 {
    u128::from(bits) | (1 << 64)
}

/// Codes keys by the distinct ones seen — a list while there are few, a hash map
/// past [`SCAN_MAX`] — handing out codes from a counter shared with the column's
/// other coder.
struct Coder<K> {
    seen: Vec<(K, u16)>,
    many: PlHashMap<K, u16>,
}

impl<K> Default for Coder<K> {
    fn default() -> Self {
        Coder { seen: Vec::new(), many: PlHashMap::default() }
    }
}

impl<K: std::hash::Hash + Eq + Copy> Coder<K> {
    /// The key's code; None past [`MAX_DISTINCT`] distinct keys in the column.
    #[inline]
    fn code(&mut self, key: K, next: &mut u16) -> Option<u16> {
        if !self.many.is_empty() {
            if let Some(code) = self.many.get(&key) {
                return Some(*code);
            }
        } else {
            // No early exit: with a few keys a full scan costs less than a
            // mispredicted branch on alternating values.
            let mut found = None;
            for (s, code) in &self.seen {
                if *s == key {
                    found = Some(*code);
                }
            }
            if found.is_some() {
                return found;
            }
        }
        if usize::from(*next) >= MAX_DISTINCT {
            return None;
        }
        let code = *next;
        *next += 1;
        if self.many.is_empty() && self.seen.len() < SCAN_MAX {
            self.seen.push((key, code));
        } else {
            self.many.extend(self.seen.drain(..));
            self.many.insert(key, code);
        }
        Some(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(n: usize, distinct: usize) -> DataFrame {
        let sys: Vec<Option<&str>> = (0..n).map(|i| if i % 7 == 3 { None } else { Some(["kafka", "pulsar"][i % 2]) }).collect();
        let metric: Vec<String> = (0..n).map(|i| format!("metric_with_a_long_name_{}", (i * 7) % distinct)).collect();
        let pct: Vec<Option<f64>> = (0..n).map(|i| if i % 3 == 0 { None } else { Some([50.0, 99.0, 99.9][i % 3]) }).collect();
        let size: Vec<i64> = (0..n).map(|i| [100, 1024][i / 5 % 2]).collect();
        df!("system" => sys, "metric" => metric, "percentile" => pct, "message_bytes" => size).unwrap()
    }

    fn keys() -> [&'static str; 4] {
        ["system", "metric", "percentile", "message_bytes"]
    }

    #[test]
    fn direct_path_matches_polars() {
        let df = frame(5_000, 5);
        let direct = few_conditions(&df, &keys()).expect("few distinct values take the direct path");
        assert_eq!(direct, general(&df, &keys()).unwrap());
        assert_eq!(direct.iter().map(|g| g.rows.len()).sum::<usize>(), 5_000);
    }

    #[test]
    fn many_distinct_values_are_coded_by_hash_map() {
        // 500 metric names: past SCAN_MAX, still the direct path.
        let df = frame(5_000, 500);
        let direct = few_conditions(&df, &keys()).expect("direct path");
        assert_eq!(direct, general(&df, &keys()).unwrap());
        assert!(direct.len() > 500);
    }

    #[test]
    fn too_many_distinct_values_fall_back_to_polars() {
        let df = frame(10_000, 5_000);
        assert!(few_conditions(&df, &keys()).is_none());
        assert_eq!(by_condition(&df, &keys()).unwrap(), general(&df, &keys()).unwrap());
    }

    #[test]
    fn too_large_a_table_falls_back() {
        // 4 columns × 20 distinct values each: 160,000 cells > MAX_TABLE.
        let n = 400;
        let col = |m: usize| (0..n as i64).map(|i| (i * m as i64) % 20).collect::<Vec<i64>>();
        let df = df!("a" => col(1), "b" => col(3), "c" => col(7), "d" => col(11)).unwrap();
        assert!(few_conditions(&df, &["a", "b", "c", "d"]).is_none());
        assert_eq!(by_condition(&df, &["a", "b", "c", "d"]).unwrap(), general(&df, &["a", "b", "c", "d"]).unwrap());
    }

    #[test]
    fn signed_zero_and_nan_group_as_polars_groups_them() {
        let df = df!("p" => [Some(0.0), Some(-0.0), Some(f64::NAN), None, Some(-f64::NAN), Some(99.0)]).unwrap();
        let direct = few_conditions(&df, &["p"]).expect("direct path");
        assert_eq!(direct, general(&df, &["p"]).unwrap());
        assert_eq!(direct.len(), 4);
    }

    /// Random small tables (xorshift, fixed seed): nulls, short and long strings,
    /// integers and floats in varying cardinalities; both paths must agree.
    #[test]
    fn random_tables_group_alike() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..60 {
            let n = 1 + next(300) as usize;
            let (ks, ki, kf) = (1 + next(40), 1 + next(40), 1 + next(6));
            let s: Vec<Option<String>> = (0..n).map(|_| match next(ks + 1) { 0 => None, v if v % 2 == 0 => Some(format!("k{v}")), v => Some(format!("a-long-condition-name-{v}")) }).collect();
            let i: Vec<Option<i64>> = (0..n).map(|_| match next(ki + 1) { 0 => None, v => Some(v as i64 - 20) }).collect();
            let f: Vec<Option<f64>> = (0..n).map(|_| match next(kf + 1) { 0 => None, v => Some(v as f64 * 0.5 - 1.0) }).collect();
            let df = df!("s" => s, "i" => i, "f" => f).unwrap();
            assert_eq!(by_condition(&df, &["s", "i", "f"]).unwrap(), general(&df, &["s", "i", "f"]).unwrap());
        }
    }

    #[test]
    fn empty_table_has_no_groups() {
        let df = frame(0, 3);
        assert!(by_condition(&df, &keys()).unwrap().is_empty());
    }
}
