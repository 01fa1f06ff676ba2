//! One stable sort for the whole crate. Every `slice::sort_by` with its own
//! closure is a separate copy of the standard library's merge sort in the browser
//! bundle (about 2 KB of WebAssembly each); here the sort runs once, over indices,
//! with the comparison behind a `dyn` call, and each element type only adds the few
//! lines that put its elements in the new order. The lists sorted are short (a
//! plan's candidates and warnings, a chart's points), so the indirection costs
//! nothing measurable.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably (equal elements keep their order), like
/// [`slice::sort_by`].
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = stable_order(v.len(), &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)));
}

/// How many distinct names `names` holds (sources among run ids, held-out points).
pub fn distinct_count<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    let mut v: Vec<&str> = names.collect();
    sort_by(&mut v, |a, b| a.cmp(b));
    v.dedup();
    v.len()
}

/// `items` joined by `sep`, each text once, in the order first seen: citations of
/// points that share a source (seed 000 §8.5 for both the process count and the
/// person-days; seed 001's one quote for four grid cells) are named once.
pub fn join_distinct<'a>(items: impl Iterator<Item = &'a str>, sep: &str) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for i in items {
        if !seen.contains(&i) {
            seen.push(i);
        }
    }
    seen.join(sep)
}

/// Sorts `v` by the key `f` gives, stably, like [`slice::sort_by_key`].
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, f: impl Fn(&T) -> K) {
    sort_by(v, |a, b| f(a).cmp(&f(b)));
}

/// The positions 0..n in the stable order `cmp` defines over them: the one
/// instantiation of the standard sort.
fn stable_order(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|a, b| cmp(*a, *b));
    idx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_distinct_names_each_text_once_in_first_seen_order() {
        assert_eq!(join_distinct(["000 §8.5", "001 q", "000 §8.5", "001 q", "002"].into_iter(), "; "), "000 §8.5; 001 q; 002");
        assert_eq!(join_distinct(std::iter::empty(), "; "), "");
    }

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // Ties (equal keys) keep their input order, as slice::sort_by_key does.
        let input = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e'), (0, 'f')];
        let mut ours = input.clone();
        sort_by_key(&mut ours, |x| x.0);
        let mut std_sorted = input.clone();
        std_sorted.sort_by_key(|x| x.0);
        assert_eq!(ours, std_sorted);
        assert_eq!(ours, vec![(0, 'f'), (1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]);
        let mut f = vec![2.5, -1.0, 0.0, 2.5, f64::INFINITY];
        sort_by(&mut f, |a, b| b.total_cmp(a));
        assert_eq!(f, vec![f64::INFINITY, 2.5, 2.5, 0.0, -1.0]);
        let mut empty: Vec<String> = Vec::new();
        sort_by(&mut empty, |a, b| a.cmp(b));
        assert!(empty.is_empty());
    }
}
