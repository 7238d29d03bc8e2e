//! What a match looked like on the way, beyond its result and counts: the decisions of each phase, the lead as
//! the game's standing saw it, and the cards each seat played. Collected only when a batch asks for it
//! (`SimConfig::detail`), so a plain `simulate` pays nothing for it.

use serde::Serialize;

use crate::engine::{Action, Player, PlayerSet, Search, Tally};

/// One phase's decisions: how many, how many were forced (a single legal action), and their legal actions summed.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct PhaseCount {
    pub decisions: u64,
    pub forced: u64,
    pub choices: u64,
}

/// The detail of one match (docs/balance.md defines each figure).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct MatchDetail {
    /// Indexed by `Tally::phase`; phases past the last decision's are absent.
    pub phases: Vec<PhaseCount>,
    /// How often the unique leader by standing became a different seat; a tie for the lead is no leader, so
    /// A, tie, A counts nothing and A, tie, B one change. `None` for a game with no standing before its end.
    pub lead_changes: Option<u32>,
    /// For a finished match with a standing: whether a winner stood strictly behind the leader after half, and
    /// after three quarters, of the match's decisions.
    pub comeback: Option<[bool; 2]>,
    /// Per seat, `(card, times played)` ascending by card (indices into `Tally::card_names`).
    pub played: Vec<Vec<(u32, u32)>>,
    /// Per seat, the distinct cards it could play (its deck); empty where any seat could play any card.
    pub owned: Vec<Vec<u32>>,
}

/// Watches one match decision by decision and builds its `MatchDetail`.
pub(super) struct Watch {
    phases: Vec<PhaseCount>,
    /// The leaders after each decision (index 0: before the first); empty when the game has no standing.
    leaders: Vec<PlayerSet>,
    unique: Option<Player>,
    lead_changes: u32,
    played: Vec<Vec<u32>>,
    owned: Vec<Vec<u32>>,
    /// The standing's buffer, reused from decision to decision, and the standing last noted: most decisions
    /// change no one's standing, and those need no new look at who leads.
    standing: Vec<f64>,
    last: Vec<f64>,
}

impl Watch {
    pub(super) fn start<G: Search + Tally>(state: &G, rules: &G::Ruleset, players: u8) -> Self {
        let owned = (0..players)
            .map(|p| {
                let mut cards = Vec::new();
                state.owned_cards(rules, p, &mut cards);
                cards.sort_unstable();
                cards.dedup();
                cards
            })
            .collect();
        let mut w = Watch {
            phases: Vec::new(),
            leaders: Vec::new(),
            unique: None,
            lead_changes: 0,
            played: vec![Vec::new(); usize::from(players)],
            owned,
            standing: Vec::with_capacity(usize::from(players)),
            last: Vec::with_capacity(usize::from(players)),
        };
        // A game whose standing is unknown before the end (the default) has no lead to follow.
        let mut standing = std::mem::take(&mut w.standing);
        if state.standing_into(rules, &mut standing) {
            w.note(&standing);
        }
        w.standing = standing;
        w
    }

    /// Seat `p` is about to apply `a`, chosen from `legal` legal actions, to `state`.
    pub(super) fn before<G: Tally>(&mut self, state: &G, rules: &G::Ruleset, p: Player, a: Action, legal: usize) {
        let phase = usize::from(state.phase());
        if self.phases.len() <= phase {
            self.phases.resize(phase + 1, PhaseCount::default());
        }
        if let Some(c) = self.phases.get_mut(phase) {
            c.decisions += 1;
            c.forced += u64::from(legal == 1);
            c.choices += legal as u64;
        }
        if let (Some(card), Some(seat)) = (state.played_card(rules, p, a), self.played.get_mut(usize::from(p))) {
            seat.push(card);
        }
    }

    /// A decision was applied; `state` is the state after it.
    pub(super) fn after<G: Search>(&mut self, state: &G, rules: &G::Ruleset) {
        if self.leaders.is_empty() {
            return;
        }
        let mut standing = std::mem::take(&mut self.standing);
        let known = state.standing_into(rules, &mut standing);
        if known && standing != self.last {
            self.note(&standing);
        } else {
            // Keep one entry per decision: the lead stands as it was.
            let last = self.leaders.last().copied().unwrap_or_default();
            self.leaders.push(last);
        }
        self.standing = standing;
    }

    fn note(&mut self, standing: &[f64]) {
        self.last.clear();
        self.last.extend_from_slice(standing);
        let set = leaders(standing);
        if set.len() == 1 {
            let now = set.iter().next();
            if self.unique.is_some() && self.unique != now {
                self.lead_changes += 1;
            }
            self.unique = now;
        }
        self.leaders.push(set);
    }

    /// The detail, once the match stopped; `winners` is `None` for a match that did not finish.
    pub(super) fn finish(self, winners: Option<PlayerSet>) -> MatchDetail {
        let has_standing = !self.leaders.is_empty();
        let comeback = match winners {
            Some(w) if has_standing && !w.is_empty() => {
                let decisions = self.leaders.len() - 1;
                let behind = |k: usize| {
                    let at = self.leaders.get(k).copied().unwrap_or_default();
                    w.iter().any(|p| !at.contains(p))
                };
                Some([behind(decisions / 2), behind(decisions * 3 / 4)])
            }
            _ => None,
        };
        MatchDetail {
            phases: self.phases,
            lead_changes: has_standing.then_some(self.lead_changes),
            comeback,
            played: self.played.into_iter().map(counted).collect(),
            owned: self.owned,
        }
    }
}

/// The seats whose standing is the highest (none if the standing holds no number).
fn leaders(standing: &[f64]) -> PlayerSet {
    let top = standing.iter().copied().filter(|v| !v.is_nan()).fold(f64::NEG_INFINITY, f64::max);
    let mut set = PlayerSet::EMPTY;
    for (p, v) in standing.iter().enumerate() {
        if *v == top && p < 16 {
            set.insert(p as Player);
        }
    }
    set
}

/// Each distinct card with the times it appears, ascending.
fn counted(mut cards: Vec<u32>) -> Vec<(u32, u32)> {
    cards.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for c in cards {
        match out.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaders_are_the_top_seats_and_ignore_nan() {
        assert_eq!(leaders(&[1.0, 3.0, 3.0]), PlayerSet(0b110));
        assert_eq!(leaders(&[f64::NAN, 2.0]), PlayerSet(0b10));
        assert_eq!(leaders(&[]), PlayerSet::EMPTY);
    }

    #[test]
    fn cards_are_counted_per_card() {
        assert_eq!(counted(vec![5, 2, 5, 5]), vec![(2, 1), (5, 3)]);
        assert!(counted(Vec::new()).is_empty());
    }

    fn watch(standings: &[&[f64]]) -> Watch {
        let mut w = Watch {
            phases: Vec::new(),
            leaders: Vec::new(),
            unique: None,
            lead_changes: 0,
            played: Vec::new(),
            owned: Vec::new(),
            standing: Vec::new(),
            last: Vec::new(),
        };
        for s in standings {
            w.note(s);
        }
        w
    }

    #[test]
    fn a_tie_between_two_leads_is_no_change_of_leader() {
        // A, tie, A: no change; then B: one; tie, B: still one; A: two.
        let w = watch(&[&[2.0, 1.0], &[2.0, 2.0], &[3.0, 2.0], &[3.0, 4.0], &[4.0, 4.0], &[4.0, 5.0], &[6.0, 5.0]]);
        let d = w.finish(Some(PlayerSet::single(0)));
        assert_eq!(d.lead_changes, Some(2));
    }

    #[test]
    fn a_comeback_is_a_winner_strictly_behind_at_the_mark() {
        // Five entries: four decisions; the midpoint is after decision 2, three quarters after decision 3.
        let w = watch(&[&[0.0, 0.0], &[1.0, 0.0], &[2.0, 0.0], &[2.0, 2.0], &[2.0, 3.0]]);
        assert_eq!(w.finish(Some(PlayerSet::single(1))).comeback, Some([true, false]));
        let w = watch(&[&[0.0, 0.0], &[1.0, 0.0], &[2.0, 0.0], &[2.0, 2.0], &[2.0, 3.0]]);
        assert_eq!(w.finish(Some(PlayerSet::single(0))).comeback, Some([false, false]));
        let w = watch(&[&[0.0, 0.0], &[1.0, 0.0]]);
        assert_eq!(w.finish(None).comeback, None);
    }

    #[test]
    fn without_a_standing_nothing_about_the_lead_is_claimed() {
        let d = watch(&[]).finish(Some(PlayerSet::single(0)));
        assert_eq!((d.lead_changes, d.comeback), (None, None));
    }
}
