//! Hearts' tensors (layout in docs/games/hearts.md, "Observation tensor"): built from the viewer's view, so
//! they carry the viewer's own hand, its pass and what it received, the public trick and history, never
//! another hand.

use super::state::{Hearts, PassDirection, Phase, Rules, CARDS, PASS_SIZE, RANKS, SEATS};
use super::view::View;
use crate::engine::{Action, Encode, Game, ObsWriter, Player, Viewer};

const C: usize = CARDS as usize;
const SUITS: usize = 4;
/// The trick's four slots: who played (one-hot) and what (one-hot).
const TRICK: usize = SEATS * (SEATS + C);

impl Encode for Hearts {
    /// The view itself, names and labels included (iron-throne and roll-player write from plain facts instead).
    type Facts = Option<View>;

    fn observation_size(_rules: &Rules, _players: u8) -> usize {
        // viewer, phase, pass direction, hand progress; own hand, passed, received; pass counts; trick;
        // leader, turn; played per seat; tricks won, hand points, totals; voids; hearts broken.
        SEATS + 3 + 4 + 1 + 3 * C + SEATS + TRICK + 2 * SEATS + SEATS * C + 3 * SEATS + SEATS * SUITS + 1
    }

    fn facts(rules: &Rules, state: &Hearts, viewer: Player, facts: &mut Option<View>) {
        *facts = Some(state.view(rules, Viewer::Player(viewer)));
    }

    fn observe(_rules: &Rules, _players: u8, viewer: Player, facts: &Option<View>, out: &mut [f32]) -> usize {
        let Some(view) = facts else { return 0 };
        let me = usize::from(viewer);
        let mut w = ObsWriter::new(out);
        w.one_hot(Some(me), SEATS);
        w.one_hot(
            Some(match view.phase {
                Phase::Pass => 0,
                Phase::Play => 1,
                Phase::Over => 2,
            }),
            3,
        );
        w.one_hot(
            Some(match view.pass_direction {
                PassDirection::None => 0,
                PassDirection::Left => 1,
                PassDirection::Across => 2,
                PassDirection::Right => 3,
            }),
            4,
        );
        w.scaled(f64::from(view.hand), f64::from(view.hands_in_match.max(1)));
        let own = |cards: Option<&Vec<u8>>| cards.into_iter().flatten().map(|&c| usize::from(c)).collect::<Vec<_>>();
        w.counts(own(view.hands.get(me).and_then(Option::as_ref)), C, 1.0);
        w.counts(own(view.passed.get(me).and_then(Option::as_ref)), C, 1.0);
        w.counts(own(view.received.as_ref()), C, 1.0);
        for p in 0..SEATS {
            w.scaled(f64::from(view.pass_counts[p]), f64::from(PASS_SIZE));
        }
        for slot in 0..SEATS {
            let played = view.trick.get(slot);
            w.one_hot(played.map(|(p, _)| usize::from(*p)), SEATS);
            w.one_hot(played.map(|(_, c)| usize::from(*c)), C);
        }
        w.one_hot(Some(usize::from(view.leader)), SEATS);
        w.one_hot(view.turn.map(usize::from), SEATS);
        for p in 0..SEATS {
            w.counts(view.played[p].iter().map(|&c| usize::from(c)), C, 1.0);
        }
        for p in 0..SEATS {
            w.scaled(f64::from(view.tricks_won[p]), f64::from(RANKS));
        }
        for p in 0..SEATS {
            w.scaled(f64::from(view.points[p]), 26.0);
        }
        for p in 0..SEATS {
            w.scaled(f64::from(view.totals[p]), 36.0 * f64::from(view.hands_in_match.max(1)));
        }
        for p in 0..SEATS {
            let voids = &view.voids[p];
            for suit in ["clubs", "diamonds", "hearts", "spades"] {
                w.flag(voids.contains(&suit));
            }
        }
        w.flag(view.hearts_broken);
        w.written()
    }

    fn action_codes(_rules: &Rules, _players: u8) -> Vec<Action> {
        (0..Action::from(CARDS)).collect()
    }
}
