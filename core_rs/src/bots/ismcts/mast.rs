//! Move-average sampling (MAST; Finnsson and Björnsson 2008): every seat's mean reward per move of its own,
//! over all the iterations of one search, wherever in the tree or the playout the move was made. `rollout=mast`
//! plays out by it, ε-greedily: one decision in `EXPLORE` at random, otherwise the move with the best mean, a move
//! never seen counting as best so that each is tried. The table lives in one search only and is built from that
//! search's own determinized worlds, so it knows nothing its seat cannot see.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::{Action, Player};
use crate::rng::{mix, Rng};

/// One playout decision in this many is uniformly random.
const EXPLORE: u32 = 10;

/// Keys are already spread by `mix`: hashing them again with SipHash would be most of a lookup's cost.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = mix(self.0 ^ u64::from(*b));
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = mix(k);
    }
}

#[derive(Default)]
pub(super) struct Mast {
    /// Per (seat, move) key: the rewards summed and how many.
    stats: HashMap<u64, (f64, u32), BuildHasherDefault<KeyHasher>>,
    /// The moves of the current iteration, backed up once its reward is known.
    made: Vec<(Player, u64)>,
}

impl Mast {
    /// Note a move `p` made in this iteration (`key` names it as `p` sees it).
    pub(super) fn made(&mut self, p: Player, key: u64) {
        self.made.push((p, key));
    }

    /// Credit every move of this iteration with its maker's reward.
    pub(super) fn back_up(&mut self, reward: &[f64]) {
        for (p, k) in self.made.drain(..) {
            let e = self.stats.entry(k).or_insert((0.0, 0));
            e.0 += reward.get(usize::from(p)).copied().unwrap_or(0.0);
            e.1 += 1;
        }
    }

    fn mean(&self, key: u64) -> f64 {
        self.stats.get(&key).map_or(f64::INFINITY, |(sum, n)| sum / f64::from((*n).max(1)))
    }

    /// The playout move of `p` among `legal` (`key_of` names a move as `p` sees it); noted as made.
    pub(super) fn choose(
        &mut self,
        p: Player,
        legal: &[Action],
        key_of: impl Fn(Action) -> u64,
        rng: &mut Rng,
    ) -> Action {
        let Some(&first) = legal.first() else { return 0 };
        let a = if rng.below(EXPLORE) == 0 {
            legal[rng.index(legal.len())]
        } else {
            // Ties (unseen moves above all) are broken at random, so an unseen move is not always the first.
            let mut best = (f64::NEG_INFINITY, first, 0u32);
            for &a in legal {
                let m = self.mean(key_of(a));
                if m > best.0 {
                    best = (m, a, 1);
                } else if m == best.0 {
                    best.2 += 1;
                    if rng.below(best.2) == 0 {
                        best.1 = a;
                    }
                }
            }
            best.1
        };
        self.made(p, key_of(a));
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_mean_is_played_unseen_moves_first_and_rewards_go_to_their_maker() {
        let mut m = Mast::default();
        let key = |a: Action| u64::from(a);
        m.made(0, 1);
        m.made(1, 2);
        m.back_up(&[1.0, 0.0]);
        m.made(0, 3);
        m.back_up(&[0.25, 0.0]);
        assert_eq!((m.mean(1), m.mean(2), m.mean(3)), (1.0, 0.0, 0.25));
        assert!(m.made.is_empty());
        let mut rng = Rng::new(1);
        let picks: Vec<Action> = (0..400).map(|_| m.choose(0, &[1, 3], key, &mut rng)).collect();
        let best = picks.iter().filter(|&&a| a == 1).count();
        // One in ten explores (half of those pick 1 anyway): about 95% move 1.
        assert!((350..=395).contains(&best), "{best}");
        let unseen = (0..50).filter(|_| m.choose(0, &[1, 7], key, &mut rng) == 7).count();
        assert!(unseen >= 40, "a move never seen is tried before a known one: {unseen}");
        assert_eq!(m.made.len(), 450);
    }
}
