//! Tensors for learning agents (design §8b): a fixed-shape `f32` observation of one seat's information,
//! built from that seat's redacted facts (so it cannot carry more than the seat may see), and a dense action
//! space that numbers every action code a ruleset can produce.
//!
//! Each game implements `Encode` in its own `observe.rs`; the shapes depend only on the ruleset and the
//! player count, never on the state. The facts are what the game's one redaction point produces: either its
//! view itself, or (for the games stepped fastest) the plain numbers its view is built from, before any name or
//! label is attached, filled into a reused buffer so that observing allocates nothing.

use super::action::Action;
use super::game::Game;
use super::player::Player;

/// A game's tensor encoding, beside the `Game` contract rather than in it: only learning agents (the vector env,
/// the PyO3 layer) ask for it.
pub trait Encode: Game {
    /// What an observation is written from: `viewer`'s share of the state, already redacted. Either `Self::View`
    /// (as `Option<Self::View>`) or the numbers the game's view is built from (the same redaction, no strings).
    type Facts: Default + Send + Sync;
    /// The observation length for `players` seats under `rules`.
    fn observation_size(rules: &Self::Ruleset, players: u8) -> usize;
    /// Fill `facts` with what `viewer` may see of `state`, reusing its buffers.
    fn facts(rules: &Self::Ruleset, state: &Self, viewer: Player, facts: &mut Self::Facts);
    /// Write `viewer`'s observation, built from `facts` (filled by `facts` for `viewer`), into `out`
    /// (`observation_size` long, zeroed by the caller). Returns the floats its layout covers, which must equal
    /// `observation_size` (the conformance checks assert it).
    fn observe(rules: &Self::Ruleset, players: u8, viewer: Player, facts: &Self::Facts, out: &mut [f32]) -> usize;
    /// Every action code the game may offer under `rules` with `players` seats, in any order (the space
    /// sorts and deduplicates them). Dense index `i` is the `i`-th smallest code.
    fn action_codes(rules: &Self::Ruleset, players: u8) -> Vec<Action>;
}

/// The dense action space of a ruleset: a sorted list of codes, indexed both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    codes: Vec<Action>,
}

impl ActionSpace {
    pub fn new(mut codes: Vec<Action>) -> Self {
        codes.sort_unstable();
        codes.dedup();
        ActionSpace { codes }
    }

    pub fn of<G: Encode>(rules: &G::Ruleset, players: u8) -> Self {
        Self::new(G::action_codes(rules, players))
    }

    pub fn size(&self) -> usize {
        self.codes.len()
    }

    /// The dense index of action code `a`, if the space holds it.
    pub fn index(&self, a: Action) -> Option<usize> {
        self.codes.binary_search(&a).ok()
    }

    /// The action code at dense index `i`.
    pub fn code(&self, i: usize) -> Option<Action> {
        self.codes.get(i).copied()
    }

    pub fn codes(&self) -> &[Action] {
        &self.codes
    }

    /// Set `mask[index(a)] = 1` for every legal code (the caller zeroes `mask`); returns how many legal codes
    /// the space does not hold (0 for a correct encoding; tests assert it).
    pub fn fill_mask(&self, legal: &[Action], mask: &mut [u8]) -> usize {
        let mut missing = 0;
        for &a in legal {
            match self.index(a).and_then(|i| mask.get_mut(i)) {
                Some(m) => *m = 1,
                None => missing += 1,
            }
        }
        missing
    }
}

/// A cursor over an observation buffer. Every write is bounds-checked (a value past the end is dropped, never
/// a panic), so an encoding whose layout and size disagree shows up in tests as a wrong `written()`, not as a
/// crash in a training run. Every value it writes lies in [0, 1] (`OBS_LOW`..`OBS_HIGH`): a scaled count past its
/// scale saturates at 1, so the bounds a learner's observation space declares are the bounds it gets.
pub struct ObsWriter<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> ObsWriter<'a> {
    pub fn new(out: &'a mut [f32]) -> Self {
        ObsWriter { out, at: 0 }
    }

    /// Floats written (or skipped) so far: the next field's offset.
    pub fn written(&self) -> usize {
        self.at
    }

    /// One value, kept inside [0, 1] (NaN as 0).
    pub fn put(&mut self, v: f32) {
        if let Some(x) = self.out.get_mut(self.at) {
            *x = unit(v);
        }
        self.at += 1;
    }

    /// `v / scale`: counts brought near [0, 1] by their natural maximum. Multiplying by the reciprocal (folded
    /// at compile time for a constant scale) gives the same `f32` as dividing for every integer `v` below 2^24 and
    /// integer `scale` below 2^28: the two `f64` results differ by at most an ulp, and a quotient of such
    /// integers never lies that close to an `f32` rounding midpoint (a test checks a wide range).
    /// Values past `scale` saturate at 1 (each encoding picks a scale its values rarely pass; its game doc says
    /// which saturate and where).
    #[inline]
    pub fn scaled(&mut self, v: f64, scale: f64) {
        self.put((v * (1.0 / scale)) as f32);
    }

    /// A value that may be negative, mapped from `lo..=hi` onto [0, 1] (saturating outside it).
    #[inline]
    pub fn ranged(&mut self, v: f64, lo: f64, hi: f64) {
        self.put(((v - lo) / (hi - lo)) as f32);
    }

    pub fn flag(&mut self, b: bool) {
        self.put(if b { 1.0 } else { 0.0 });
    }

    /// A one-hot field of `width` slots; `None` or an out-of-range index leaves it all zero.
    pub fn one_hot(&mut self, i: Option<usize>, width: usize) {
        if let Some(i) = i.filter(|&i| i < width) {
            if let Some(x) = self.out.get_mut(self.at + i) {
                *x = 1.0;
            }
        }
        self.at += width;
    }

    /// A field of `width` counters: `+ weight` at each index in `items` (indices past the width are dropped),
    /// saturating at 1: a weight of 1/k counts up to k of a kind.
    pub fn counts(&mut self, items: impl IntoIterator<Item = usize>, width: usize, weight: f32) {
        for i in items {
            if i < width {
                if let Some(x) = self.out.get_mut(self.at + i) {
                    *x = unit(*x + weight);
                }
            }
        }
        self.at += width;
    }

    /// Add `v` at absolute offset `at` (inside a field skipped earlier), saturating at 1; dropped past the end.
    pub fn add_at(&mut self, at: usize, v: f32) {
        if let Some(x) = self.out.get_mut(at) {
            *x = unit(*x + v);
        }
    }

    /// Skip `width` slots (left zero).
    pub fn skip(&mut self, width: usize) {
        self.at += width;
    }
}

/// The bounds of every observation value, for every game (the writer keeps them).
pub const OBS_LOW: f32 = 0.0;
pub const OBS_HIGH: f32 = 1.0;

fn unit(v: f32) -> f32 {
    if v.is_nan() {
        OBS_LOW
    } else {
        v.clamp(OBS_LOW, OBS_HIGH)
    }
}

/// A game's facts type (the buffer `observation_with` reuses).
pub type FactsOf<G> = <G as Encode>::Facts;

/// Seat `p`'s observation of `state`, built from its redacted facts.
/// Returns the length the layout covered (equal to `out.len()` for a correct encoding).
pub fn observation<G: Encode>(rules: &G::Ruleset, players: u8, state: &G, p: Player, out: &mut [f32]) -> usize {
    observation_with(rules, players, state, p, &mut FactsOf::<G>::default(), out)
}

/// `observation`, reusing `facts` as its buffer (a warm buffer: no allocation for games with plain facts). A
/// buffer serves one ruleset: a game may keep values derived from unchanged parts of the state across fills.
pub fn observation_with<G: Encode>(
    rules: &G::Ruleset,
    players: u8,
    state: &G,
    p: Player,
    facts: &mut FactsOf<G>,
    out: &mut [f32],
) -> usize {
    out.fill(0.0);
    G::facts(rules, state, p, facts);
    G::observe(rules, players, p, facts, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_is_sorted_both_ways() {
        let s = ActionSpace::new(vec![70, 3, 1000, 3, 5]);
        assert_eq!(s.size(), 4);
        assert_eq!(s.codes(), &[3, 5, 70, 1000]);
        for (i, &c) in s.codes().iter().enumerate() {
            assert_eq!(s.index(c), Some(i));
            assert_eq!(s.code(i), Some(c));
        }
        assert_eq!(s.index(4), None);
        assert_eq!(s.code(4), None);
        let mut mask = [0u8; 4];
        assert_eq!(s.fill_mask(&[5, 1000, 9], &mut mask), 1, "9 is not in the space");
        assert_eq!(mask, [0, 1, 0, 1]);
    }

    #[test]
    fn scaling_by_the_reciprocal_rounds_like_dividing() {
        let scales = [3.0, 5.0, 6.0, 7.0, 9.0, 10.0, 20.0, 25.0, 30.0, 50.0, 53.0, 81.0, 400.0, 1000.0];
        for scale in scales.into_iter().chain((1..300).map(f64::from)) {
            for v in (-2000..70_000).map(f64::from) {
                assert_eq!((v * (1.0 / scale)) as f32, (v / scale) as f32, "{v} / {scale}");
            }
        }
    }

    #[test]
    fn writer_never_writes_past_the_end() {
        let mut buf = [0f32; 4];
        let mut w = ObsWriter::new(&mut buf);
        w.one_hot(Some(1), 2);
        w.counts([0, 0, 5], 2, 0.5);
        w.put(7.0);
        w.one_hot(Some(0), 3);
        assert_eq!(w.written(), 8);
        assert_eq!(buf, [0.0, 1.0, 1.0, 0.0]);
    }

    #[test]
    fn every_value_stays_in_the_declared_bounds() {
        let mut buf = [0f32; 8];
        let mut w = ObsWriter::new(&mut buf);
        w.scaled(30.0, 10.0);
        w.scaled(-3.0, 10.0);
        w.ranged(-2.0, -4.0, 16.0);
        w.ranged(40.0, -4.0, 16.0);
        w.counts([0, 0, 0, 0, 1], 2, 0.5);
        w.put(f32::NAN);
        w.add_at(0, 5.0);
        assert_eq!(w.written(), 7);
        assert_eq!(buf, [1.0, 0.0, 0.1, 1.0, 1.0, 0.5, 0.0, 0.0]);
    }
}
