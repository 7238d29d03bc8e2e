//! Factored action spaces: an action as a short sequence of small choices (a kind of action, then a card or
//! slot, then a target), for policies with autoregressive action heads (AlphaStar, OpenAI Five, RLlib's
//! multi-discrete spaces) where a dense space is too wide for any head.
//!
//! A game names its factors and how an action code splits into one part per factor and joins back. The space
//! numbers each factor's parts as they occur among the dense space's codes (the distinct values, ascending), so a
//! factor is as wide as the values it really takes, not as its bit field: the CCG's "no target" marker `0xffff` is
//! one more index, not 65,536 of them. Masks come from a seat's legal codes only: the mask of factor `k` after a
//! prefix of `k` chosen indices marks the indices that some legal code with that prefix takes.
//!
//! A game without a factoring of its own gets one factor, the dense space itself (index `i` is dense index `i`).

use super::action::Action;
use super::observe::{ActionSpace, Encode};

/// The most factors a game may name.
pub const MAX_FACTORS: usize = 4;

/// One part per factor, in factor order; the entries past the game's factor count are zero.
pub type Parts = [u32; MAX_FACTORS];

/// A legal action as factor indices (each below its factor's size); the entries past the factor count are zero.
pub type Tuple = [u32; MAX_FACTORS];

/// How a game's action codes split into factors, beside `Encode`: only learning agents ask for it. Every
/// `split_action` must be undone by `join_action` for every code of the dense space (the conformance checks
/// assert it).
pub trait Factored: Encode {
    /// The factors' names, in the order a policy chooses them: 1 to `MAX_FACTORS` of them.
    const FACTORS: &'static [&'static str] = &["action"];

    /// The parts of action code `a`, one per factor.
    fn split_action(a: Action) -> Parts {
        [a, 0, 0, 0]
    }

    /// The action code with these parts.
    fn join_action(parts: &Parts) -> Action {
        parts[0]
    }
}

/// The factored space of a ruleset: each factor's values (ascending), and the game's split and join.
#[derive(Clone, Debug)]
pub struct FactoredSpace {
    names: &'static [&'static str],
    values: Vec<Vec<u32>>,
    split: fn(Action) -> Parts,
    join: fn(&Parts) -> Action,
}

impl FactoredSpace {
    /// The factoring of `space`'s codes by `G`.
    pub fn of<G: Factored>(space: &ActionSpace) -> Self {
        let f = G::FACTORS.len().clamp(1, MAX_FACTORS);
        let mut values = vec![Vec::new(); f];
        for &a in space.codes() {
            let parts = G::split_action(a);
            for (k, v) in values.iter_mut().enumerate() {
                v.push(parts[k]);
            }
        }
        for v in &mut values {
            v.sort_unstable();
            v.dedup();
        }
        FactoredSpace { names: &G::FACTORS[..f], values, split: G::split_action, join: G::join_action }
    }

    pub fn factors(&self) -> usize {
        self.values.len()
    }

    pub fn names(&self) -> &'static [&'static str] {
        self.names
    }

    /// How many indices factor `k` has (0 past the last factor).
    pub fn size(&self, k: usize) -> usize {
        self.values.get(k).map_or(0, Vec::len)
    }

    pub fn sizes(&self) -> Vec<usize> {
        self.values.iter().map(Vec::len).collect()
    }

    /// The part each index of factor `k` stands for (a kind, a hand index, a card uid…), ascending.
    pub fn values(&self, k: usize) -> &[u32] {
        self.values.get(k).map_or(&[], Vec::as_slice)
    }

    /// The factor indices of code `a`, if every part of it is a value of its factor.
    pub fn tuple(&self, a: Action) -> Option<Tuple> {
        let parts = (self.split)(a);
        let mut t = [0; MAX_FACTORS];
        for (k, v) in self.values.iter().enumerate() {
            t[k] = v.binary_search(&parts[k]).ok()? as u32;
        }
        Some(t)
    }

    /// The code that factor indices `indices` (one per factor) stand for: `None` if an index is out of range, or
    /// if those parts join into no code that splits back into them.
    pub fn code(&self, indices: &[i64]) -> Option<Action> {
        if indices.len() != self.values.len() {
            return None;
        }
        let mut parts = [0; MAX_FACTORS];
        let mut t = [0; MAX_FACTORS];
        for (k, (v, &i)) in self.values.iter().zip(indices).enumerate() {
            let i = usize::try_from(i).ok()?;
            parts[k] = *v.get(i)?;
            t[k] = i as u32;
        }
        let a = (self.join)(&parts);
        (self.tuple(a) == Some(t)).then_some(a)
    }
}

/// Mark, in `mask` (factor `prefix.len()`'s width, zeroed here), the index that each of `tuples` takes at factor
/// `prefix.len()` when its first indices are `prefix`. Returns whether any tuple starts with `prefix`.
pub fn fill_mask_after(tuples: &[Tuple], prefix: &[i64], mask: &mut [u8]) -> bool {
    mask.fill(0);
    let k = prefix.len();
    let mut any = false;
    for t in tuples {
        if k < MAX_FACTORS && t[..k].iter().zip(prefix).all(|(&a, &b)| i64::from(a) == b) {
            if let Some(m) = mask.get_mut(t[k] as usize) {
                *m = 1;
                any = true;
            }
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two parts, as `kind << 8 | card`.
    fn split(a: Action) -> Parts {
        [a >> 8, a & 0xff, 0, 0]
    }
    fn join(p: &Parts) -> Action {
        p[0] << 8 | p[1]
    }

    fn space() -> FactoredSpace {
        let dense = ActionSpace::new(vec![0x100, 0x101, 0x105, 0x300, 0x3ff]);
        let mut values = vec![Vec::new(), Vec::new()];
        for &a in dense.codes() {
            let p = split(a);
            values[0].push(p[0]);
            values[1].push(p[1]);
        }
        values.iter_mut().for_each(|v| {
            v.sort_unstable();
            v.dedup()
        });
        FactoredSpace { names: &["kind", "card"], values, split, join }
    }

    #[test]
    fn factors_are_as_wide_as_the_values_they_take() {
        let s = space();
        assert_eq!(s.sizes(), [2, 4], "kinds 1 and 3; cards 0, 1, 5 and 0xff");
        assert_eq!(s.values(1), &[0, 1, 5, 0xff]);
        assert_eq!(s.tuple(0x3ff), Some([1, 3, 0, 0]));
        assert_eq!(s.code(&[1, 3]), Some(0x3ff));
        assert_eq!(s.code(&[1, 2]), Some(0x305), "a code outside the dense space still joins; legality decides");
        assert_eq!(s.code(&[2, 0]), None, "index out of range");
        assert_eq!(s.code(&[0]), None, "one index per factor");
        assert_eq!(s.tuple(0x200), None, "kind 2 is no value of the first factor");
    }

    #[test]
    fn masks_follow_the_prefix() {
        let s = space();
        let legal: Vec<Tuple> = [0x100, 0x105, 0x3ff].iter().map(|&a| s.tuple(a).unwrap()).collect();
        let mut m0 = vec![9; 2];
        assert!(fill_mask_after(&legal, &[], &mut m0));
        assert_eq!(m0, [1, 1]);
        let mut m1 = vec![9; 4];
        assert!(fill_mask_after(&legal, &[0], &mut m1));
        assert_eq!(m1, [1, 0, 1, 0]);
        assert!(fill_mask_after(&legal, &[1], &mut m1));
        assert_eq!(m1, [0, 0, 0, 1]);
        assert!(!fill_mask_after(&legal, &[-1], &mut m1));
        assert_eq!(m1, [0; 4]);
    }
}
