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
    /// Per seat, `(card, times played)` ascending by card (indices into `Tally::card_names`); no seats at all for
    /// a game that keeps no per-card statistics.
    pub played: Vec<Vec<(u32, u32)>>,
    /// Per seat, the distinct cards it could play (its deck); empty where any seat could play any card, and no
    /// seats at all for a game that keeps no per-card statistics.
    pub owned: Vec<Vec<u32>>,
}

/// Watches one match decision by decision and builds its `MatchDetail`. Per decision it does only what cannot
/// wait: count the phase, note a card, and read the standing; the leaders are worked out only when the standing
/// moved, and kept only where they changed, so a decision that moves no one costs a read and a comparison.
pub(super) struct Watch {
    /// Sized to the game's named phases; `seen` is one past the highest phase that had a decision.
    phases: Vec<PhaseCount>,
    seen: usize,
    /// Whether the game has a standing before its end (the default has none: then no lead is followed).
    follows_lead: bool,
    /// Decisions applied so far.
    decisions: u32,
    /// `(decision, leaders)` each time the leaders changed: the leaders after decision `d` are those of the last
    /// entry at or before `d` (decision 0: before the first).
    marks: Vec<(u32, PlayerSet)>,
    unique: Option<Player>,
    lead_changes: u32,
    /// Per seat, the cards played; empty when the game keeps no per-card statistics.
    played: Vec<Vec<u32>>,
    owned: Vec<Vec<u32>>,
    /// The standing just read and the one last noted, swapped when they differ: no copy, no allocation.
    standing: Vec<f64>,
    last: Vec<f64>,
}

impl Watch {
    /// `cards`: whether the game keeps per-card statistics (`Tally::card_names` is not empty).
    pub(super) fn start<G: Search + Tally>(state: &G, rules: &G::Ruleset, players: u8, cards: bool) -> Self {
        let seats = if cards { usize::from(players) } else { 0 };
        let owned = (0..seats)
            .map(|p| {
                let mut cards = Vec::new();
                state.owned_cards(rules, p as Player, &mut cards);
                cards.sort_unstable();
                cards.dedup();
                cards
            })
            .collect();
        let mut w = Watch {
            phases: vec![PhaseCount::default(); G::phase_names().len().max(1)],
            seen: 0,
            follows_lead: false,
            decisions: 0,
            marks: Vec::new(),
            unique: None,
            lead_changes: 0,
            played: vec![Vec::new(); seats],
            owned,
            standing: Vec::with_capacity(usize::from(players)),
            last: Vec::with_capacity(usize::from(players)),
        };
        // A game whose standing is unknown before the end (the default) has no lead to follow.
        let mut standing = std::mem::take(&mut w.standing);
        if state.standing_into(rules, &mut standing) {
            w.follows_lead = true;
            w.note(&standing);
            std::mem::swap(&mut w.last, &mut standing);
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
        self.seen = self.seen.max(phase + 1);
        if let Some(c) = self.phases.get_mut(phase) {
            c.decisions += 1;
            c.forced += u64::from(legal == 1);
            c.choices += legal as u64;
        }
        if let Some(seat) = self.played.get_mut(usize::from(p)) {
            if let Some(card) = state.played_card(rules, p, a) {
                seat.push(card);
            }
        }
    }

    /// A decision was applied; `state` is the state after it.
    pub(super) fn after<G: Search>(&mut self, state: &G, rules: &G::Ruleset) {
        self.decisions += 1;
        if !self.follows_lead {
            return;
        }
        // A standing that is unknown now, or unmoved, leaves the lead as it was.
        if state.standing_into(rules, &mut self.standing) && self.standing != self.last {
            std::mem::swap(&mut self.standing, &mut self.last);
            let last = std::mem::take(&mut self.last);
            self.note(&last);
            self.last = last;
        }
    }

    /// The standing moved (or was first read): note the leaders if they changed.
    fn note(&mut self, standing: &[f64]) {
        let set = leaders(standing);
        if set.len() == 1 {
            let now = set.iter().next();
            if self.unique.is_some() && self.unique != now {
                self.lead_changes += 1;
            }
            self.unique = now;
        }
        if self.marks.last().is_none_or(|(_, was)| *was != set) {
            self.marks.push((self.decisions, set));
        }
    }

    /// The leaders after decision `d`.
    fn leaders_after(&self, d: u32) -> PlayerSet {
        let i = self.marks.partition_point(|(at, _)| *at <= d);
        i.checked_sub(1).and_then(|i| self.marks.get(i)).map(|(_, set)| *set).unwrap_or_default()
    }

    /// The detail, once the match stopped; `winners` is `None` for a match that did not finish.
    pub(super) fn finish(mut self, winners: Option<PlayerSet>) -> MatchDetail {
        let comeback = match winners {
            Some(w) if self.follows_lead && !w.is_empty() => {
                let d = self.decisions;
                let behind = |k: u32| {
                    let at = self.leaders_after(k);
                    w.iter().any(|p| !at.contains(p))
                };
                Some([behind(d / 2), behind((u64::from(d) * 3 / 4) as u32)])
            }
            _ => None,
        };
        self.phases.truncate(self.seen);
        MatchDetail {
            phases: self.phases,
            lead_changes: self.follows_lead.then_some(self.lead_changes),
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

    /// A watch fed one standing per decision (the first: before any), as `after` would.
    fn watch(standings: &[&[f64]]) -> Watch {
        let mut w = Watch {
            phases: Vec::new(),
            seen: 0,
            follows_lead: !standings.is_empty(),
            decisions: 0,
            marks: Vec::new(),
            unique: None,
            lead_changes: 0,
            played: Vec::new(),
            owned: Vec::new(),
            standing: Vec::new(),
            last: Vec::new(),
        };
        for (d, s) in standings.iter().enumerate() {
            w.decisions = d as u32;
            if d == 0 || w.last != *s {
                w.note(s);
                w.last = s.to_vec();
            }
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

    #[test]
    fn the_leaders_kept_at_their_changes_are_the_leaders_after_every_decision() {
        let standings: [&[f64]; 7] =
            [&[0.0, 0.0], &[1.0, 0.0], &[1.0, 0.0], &[1.0, 1.0], &[1.0, 1.0], &[1.0, 2.0], &[3.0, 2.0]];
        let w = watch(&standings);
        assert!(w.marks.len() < standings.len(), "an unmoved lead is not kept again");
        for (d, s) in standings.iter().enumerate() {
            assert_eq!(w.leaders_after(d as u32), leaders(s), "after decision {d}");
        }
    }
}
