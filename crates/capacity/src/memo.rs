//! A value derived from the rest of its struct on first use and kept, so a plan
//! does not rebuild the same words from the same catalog every time it runs.
//! Never serialized (the page's catalog stays as small as it was) and never
//! compared (two models are equal whatever they have memoized).

use std::sync::OnceLock;

/// See the module docs. `Default` is empty; `Clone` copies what is memoized.
pub struct Memo<T>(OnceLock<T>);

impl<T> Memo<T> {
    /// The memoized value, computing it with `f` the first time — with its words
    /// written, also when first asked for inside [`crate::units::numbers_only`] (it is
    /// kept for every plan after).
    pub fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(|| crate::units::with_words(f))
    }
}

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo(OnceLock::new())
    }
}

impl<T: Clone> Clone for Memo<T> {
    fn clone(&self) -> Self {
        Memo(self.0.clone())
    }
}

impl<T> PartialEq for Memo<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> std::fmt::Debug for Memo<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() { "Memo(set)" } else { "Memo(empty)" })
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    /// Words first memoized inside `numbers_only` are written all the same: they are
    /// kept for every plan after.
    #[test]
    fn words_memoized_inside_numbers_only_are_written() {
        let m: Memo<String> = Memo::default();
        let inside = crate::units::numbers_only(|| m.get_or_init(|| crate::units::text!("{} ms", crate::units::Num(9.5))).clone());
        assert_eq!(inside, "9.50 ms");
        assert_eq!(m.get_or_init(String::new), "9.50 ms");
    }

    #[test]
    fn computes_once_and_compares_equal_whatever_it_holds() {
        let m: Memo<String> = Memo::default();
        let mut calls = 0;
        assert_eq!(m.get_or_init(|| { calls += 1; "a".into() }), "a");
        assert_eq!(m.get_or_init(|| { calls += 1; "b".into() }), "a");
        assert_eq!(calls, 1);
        assert!(m == Memo::default());
        assert_eq!(m.clone().get_or_init(|| "c".into()), "a", "a clone keeps what was memoized");
    }
}
