//! `determinize`: resample everything seat `p` cannot see, consistently with what it knows.
//!
//! `p` knows its own hand, the cards it passed (which sit in the receiver's hand until played), the cards it
//! received, every card played, every void a seat revealed by not following suit, and before the first lead
//! that the seat to lead holds the two of clubs. The other seats' cards
//! are dealt again at random under those constraints, the other passes are redrawn from what their receivers
//! now hold, and the RNG (the next hand's deal) is reseeded.
//!
//! The constrained deal gives each unknown card, in random order, to a seat chosen with probability
//! proportional to its remaining room among the seats that may hold that suit and that keep the rest of the
//! deal possible (Hall's condition over the three other seats, checked per suit). With no voids this is
//! exactly a uniform deal; with voids it is close to uniform and always consistent. Every draw depends only on
//! what `p` knows and the RNG, so a determinization of a determinization (same RNG) is the same world.

use super::state::*;
use crate::engine::Player;
use crate::rng::Rng;

impl Hearts {
    pub fn resample_for(&self, p: Player, rng: &mut Rng) -> Self {
        self.resample(p, rng, true)
    }

    /// `resample_for` without inference: the other seats' cards are dealt as if nobody had shown a void and `p`
    /// did not know where its passed cards went (a void a seat now holds cards of is dropped and `p`'s pass is
    /// redrawn from its receiver's cards, so the world stays valid). Only the two of clubs stays with the seat
    /// to lead, which the rules say it holds.
    pub fn resample_uninformed(&self, p: Player, rng: &mut Rng) -> Self {
        self.resample(p, rng, false)
    }

    fn resample(&self, p: Player, rng: &mut Rng, infer: bool) -> Self {
        let mut g = self.clone();
        g.rng = Rng::new(rng.next_u64());
        let me = usize::from(p) % SEATS;
        if self.phase == Phase::Pass {
            g.resample_during_pass(me, rng);
        } else {
            g.resample_during_play(me, rng, infer);
        }
        g
    }

    /// While the pass is open, the others' 13 dealt cards are one pool; each seat's pending pass is a random
    /// subset of its new 13 of the same size. Nobody has shown a void yet.
    fn resample_during_pass(&mut self, me: usize, rng: &mut Rng) {
        let mut pool = [0 as Card; CARDS as usize];
        let mut n = 0;
        for q in (0..SEATS).filter(|&q| q != me) {
            for c in cards_of(self.hands[q] | self.passed[q]) {
                pool[n] = c;
                n += 1;
            }
        }
        let pool = &mut pool[..n];
        // Sorted first, so the world drawn depends only on which cards `me` cannot see, never on which seat
        // holds them in this state: determinizing a determinization draws from the same pool.
        pool.sort_unstable();
        rng.shuffle(pool);
        let mut next = pool.iter().copied();
        for q in (0..SEATS).filter(|&q| q != me) {
            let pending = self.passed[q].count_ones();
            let held = self.hands[q].count_ones();
            self.passed[q] = next.by_ref().take(pending as usize).fold(0, |m, c| m | bit(c));
            self.hands[q] = next.by_ref().take(held as usize).fold(0, |m, c| m | bit(c));
        }
    }

    fn resample_during_play(&mut self, me: usize, rng: &mut Rng, infer: bool) {
        let dir = self.pass_direction;
        // Cards whose holder `me` knows: those it passed, with their receiver until played, and before the first
        // lead the two of clubs, with the seat to lead.
        let mut fixed = [0u64; SEATS];
        let receiver = usize::from(dir.receiver(me as Player));
        if infer && receiver != me {
            fixed[receiver] |= self.passed[me] & self.hands[receiver];
        }
        let turn = usize::from(self.turn) % SEATS;
        if self.cards_played == 0 && turn != me {
            fixed[turn] |= self.hands[turn] & bit(TWO_OF_CLUBS);
        }
        let mut others = [0usize; SEATS - 1];
        for (slot, q) in others.iter_mut().zip((0..SEATS).filter(|&q| q != me)) {
            *slot = q;
        }
        let mut unknown = 0u64;
        let mut room = [0u32; SEATS];
        for &q in &others {
            unknown |= self.hands[q] & !fixed[q];
            room[q] = (self.hands[q] & !fixed[q]).count_ones();
        }
        // If no consistent deal is found (only a forged state can get here) the seats keep their cards.
        let voids = if infer { self.voids } else { [0; SEATS] };
        if let Some(dealt) = deal_with_voids(unknown, &room, &voids, &others, rng) {
            for &q in &others {
                self.hands[q] = dealt[q] | fixed[q];
                if !infer {
                    let held = (0..4u8).filter(|&s| self.hands[q] & suit_mask(s) != 0).fold(0, |m, s| m | 1 << s);
                    self.voids[q] &= !held;
                }
            }
        }
        if dir == PassDirection::None {
            return;
        }
        // Passes `me` cannot know: three of the cards its receiver has held since the pass. Uninformed, `me`
        // forgets where its own went too (the world stays valid: a pass sits with its receiver until played).
        let passer_to_me = usize::from(dir.passer_to(me as Player));
        for q in 0..SEATS {
            if q == passer_to_me || (q == me && infer) {
                continue;
            }
            let to = usize::from(dir.receiver(q as Player));
            let since_pass = self.hands[to] | self.played_by[to];
            self.passed[q] = random_subset(since_pass, PASS_SIZE, rng);
        }
    }
}

/// `k` cards of `mask` chosen uniformly.
fn random_subset(mask: u64, k: u32, rng: &mut Rng) -> u64 {
    let mut cards = [0 as Card; CARDS as usize];
    let mut n = 0;
    let mut m = mask;
    while m != 0 {
        cards[n] = m.trailing_zeros() as Card;
        n += 1;
        m &= m - 1;
    }
    let cards = &mut cards[..n];
    rng.shuffle(cards);
    cards.iter().take(k as usize).fold(0, |acc, &c| acc | bit(c))
}

/// Deal the cards of `unknown` to `seats`, `room[q]` to seat `q`, never a suit a seat is void in. `None` when
/// impossible (the real state is always a witness that it is possible).
fn deal_with_voids(
    unknown: u64,
    room: &[u32; SEATS],
    voids: &[u8; SEATS],
    seats: &[usize],
    rng: &mut Rng,
) -> Option<[u64; SEATS]> {
    let mut room = *room;
    let mut left = [0u32; 4];
    for (s, l) in left.iter_mut().enumerate() {
        *l = (unknown & suit_mask(s as u8)).count_ones();
    }
    // Which of `seats` may hold each suit, as a bitmask over seat indices.
    let mut may_hold = [0u8; 4];
    for (s, m) in may_hold.iter_mut().enumerate() {
        for &q in seats {
            if voids[q] & (1 << s) == 0 {
                *m |= 1 << q;
            }
        }
    }
    if !feasible(&left, &room, &may_hold) {
        return None;
    }
    let mut order = [0 as Card; CARDS as usize];
    let mut n = 0;
    let mut m = unknown;
    while m != 0 {
        order[n] = m.trailing_zeros() as Card;
        n += 1;
        m &= m - 1;
    }
    let order = &mut order[..n];
    rng.shuffle(order);
    let mut out = [0u64; SEATS];
    for &c in order.iter() {
        let s = usize::from(suit_of(c));
        left[s] -= 1;
        let mut weights = [0u32; SEATS];
        let mut total = 0;
        for &q in seats {
            if may_hold[s] & (1 << q) == 0 || room[q] == 0 {
                continue;
            }
            room[q] -= 1;
            if feasible(&left, &room, &may_hold) {
                weights[q] = room[q] + 1;
                total += weights[q];
            }
            room[q] += 1;
        }
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        let q = seats.iter().copied().find(|&q| {
            if pick < weights[q] {
                true
            } else {
                pick -= weights[q];
                false
            }
        })?;
        room[q] -= 1;
        out[q] |= bit(c);
    }
    Some(out)
}

/// Hall's condition for cards grouped by suit: for every set S of seats, the cards only S may hold fit in S.
fn feasible(left: &[u32; 4], room: &[u32; SEATS], may_hold: &[u8; 4]) -> bool {
    (0u8..16).all(|set| {
        let cards: u32 = (0..4).filter(|&s| may_hold[s] & !set == 0).map(|s| left[s]).sum();
        let space: u32 = (0..SEATS).filter(|&q| set & (1 << q) != 0).map(|q| room[q]).sum();
        cards <= space
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Events, Game};
    use crate::games::hearts::rules::parse_rules;

    /// The uninformed deal (the search's `infer=off` baseline) keeps what the seat holds and the valid state,
    /// depends only on the seat's information, and does give a seat cards of a suit it has shown it lacks.
    #[test]
    fn an_uninformed_deal_ignores_voids_and_passes_but_keeps_the_seat_s_hand() {
        let r = parse_rules("{}", r#"{"pass_direction": "left"}"#).unwrap();
        let (mut rng, mut legal) = (Rng::new(4), Vec::new());
        let (mut void_broken, mut pass_moved) = (false, false);
        for seed in 0..30 {
            let mut g = Hearts::new(&r, 4, seed).unwrap();
            while !g.to_act().is_empty() {
                for p in 0..4u8 {
                    let q = usize::from(p);
                    let d = g.resample_uninformed(p, &mut Rng::new(seed));
                    assert!(d.validate(&r).is_ok(), "{:?}", d.validate(&r));
                    assert_eq!((d.hands[q], d.played_by), (g.hands[q], g.played_by));
                    // A world `p` cannot tell from this one (same view) draws the same uninformed world.
                    let alike = g.resample_for(p, &mut Rng::new(9)).resample_uninformed(p, &mut Rng::new(7));
                    assert_eq!(g.resample_uninformed(p, &mut Rng::new(7)), alike, "seed {seed}, seat {p}");
                    if g.phase == Phase::Play {
                        let to = usize::from(g.pass_direction.receiver(p));
                        pass_moved |= d.hands[to] & g.passed[q] != g.hands[to] & g.passed[q];
                        for s in (0..SEATS).filter(|&s| s != q) {
                            let shown = (0..4).filter(|&u| g.voids[s] & (1 << u) != 0);
                            void_broken |= shown.into_iter().any(|u| d.hands[s] & suit_mask(u) != 0);
                        }
                    }
                }
                let p = g.to_act().iter().next().unwrap();
                legal.clear();
                g.legal_actions(&r, p, &mut legal);
                let a = legal[rng.index(legal.len())];
                g.apply(&r, p, a, &mut Events::disabled()).unwrap();
            }
        }
        assert!(void_broken && pass_moved, "voids ignored: {void_broken}, passes ignored: {pass_moved}");
    }
}
