//! A Game of Thrones: the Card Game's tensors: one seat's observation, built from its view, and the dense action
//! space. The layout is documented field by field in docs/games/agot_ccg.md ("Observation tensor").
//!
//! Card uids are numbered as cards enter play; the action space holds uids below `uid_cap` (every card of every
//! seat's deck entering play twice), and hand, dead-pile and play-area positions below the largest deck (a hand or
//! pile holds only its seat's own cards; control changes move a few cards between play areas, never near a deck's
//! size).
//! The conformance checks assert that random play never offers a code outside the space.

use super::cards::{Rules, HOUSES};
use super::rules::actions::*;
use super::state::{AgotCcg, View};
use crate::engine::{Action, Encode, Game, ObsWriter, Player, Viewer};

const PHASES: usize = 9;
/// A count of copies of one card, 1 at the deck rules' 3 of a title.
const COPY: f32 = 1.0 / 3.0;

fn deck_cap(rules: &Rules) -> usize {
    rules.decks.iter().map(|d| d.cards.len()).max().unwrap_or(0)
}

fn uid_cap(rules: &Rules, players: u8) -> usize {
    2 * deck_cap(rules) * usize::from(players)
}

fn seat_size(c: usize) -> usize {
    HOUSES.len() + 7 + 9 * c + 1 + c + 4 + 1
}

impl Encode for AgotCcg {
    /// The view itself, names and labels included (iron-throne and roll-player write from plain facts instead).
    type Facts = Option<View>;

    fn observation_size(rules: &Rules, players: u8) -> usize {
        let (n, c) = (usize::from(players), rules.cards.len());
        n + PHASES + 1 + n + n + (1 + 3 + n + n + 2 + n + 1) + (1 + n) + n + n * seat_size(c)
    }

    fn facts(rules: &Rules, state: &AgotCcg, viewer: Player, facts: &mut Option<View>) {
        *facts = Some(state.view(rules, Viewer::Player(viewer)));
    }

    fn observe(rules: &Rules, players: u8, viewer: Player, facts: &Option<View>, out: &mut [f32]) -> usize {
        let Some(view) = facts else { return 0 };
        let (n, c) = (usize::from(players), rules.cards.len());
        let mut w = ObsWriter::new(out);
        w.one_hot(Some(usize::from(viewer)), n);
        w.one_hot(Some(usize::from(view.phase.index())), PHASES);
        // No round limit (the default): 30 rounds, past which the round saturates.
        let rounds = if rules.round_limit > 0 { rules.round_limit } else { 30 };
        w.scaled(f64::from(view.round), f64::from(rounds));
        w.one_hot(Some(usize::from(view.first)), n);
        w.one_hot(view.active.map(usize::from), n);
        let ch = view.challenge.as_ref();
        w.flag(ch.is_some());
        w.one_hot(ch.map(|x| usize::from(x.kind)), 3);
        w.one_hot(ch.map(|x| usize::from(x.attacker)), n);
        w.one_hot(ch.map(|x| usize::from(x.defender)), n);
        w.scaled(ch.map_or(0, |x| x.attackers.len()) as f64, 15.0);
        w.scaled(ch.map_or(0, |x| x.defenders.len()) as f64, 15.0);
        w.one_hot(ch.and_then(|x| x.winner).map(usize::from), n);
        w.flag(ch.is_some_and(|x| x.unopposed));
        w.flag(view.pending.is_some());
        w.one_hot(view.pending.as_ref().map(|p| usize::from(p.seat())), n);
        w.counts(view.winners.iter().map(|&p| usize::from(p)), n, 1.0);
        for p in 0..n {
            let Some(s) = view.seats.get(p) else {
                w.skip(seat_size(c));
                continue;
            };
            w.one_hot(HOUSES.iter().position(|h| *h == s.house), HOUSES.len());
            w.scaled(f64::from(s.power), 20.0); // claims can carry a winner past 15
            w.scaled(f64::from(s.house_power), 20.0);
            w.scaled(f64::from(s.gold), 20.0);
            w.scaled(f64::from(s.initiative), 10.0);
            w.scaled(s.hand_size as f64, 20.0);
            w.scaled(s.deck_size as f64, 60.0);
            w.scaled(s.setup_count as f64, 8.0);
            let ids = |v: &[u16]| v.iter().map(|&x| usize::from(x)).collect::<Vec<_>>();
            // Copies of a card: at most 3 of a title in a deck.
            w.counts(s.hand.as_deref().map(ids).unwrap_or_default(), c, COPY);
            w.counts(s.setup.as_deref().map(ids).unwrap_or_default(), c, COPY);
            w.counts(ids(&s.discard), c, COPY);
            w.counts(ids(&s.dead), c, COPY);
            w.counts(ids(&s.plots), c, 1.0);
            w.counts(ids(&s.used), c, 1.0);
            w.one_hot(s.plot.map(usize::from), c);
            w.flag(s.plot_chosen);
            w.one_hot(s.my_plot.map(usize::from), c);
            w.counts(s.play.iter().filter(|x| !x.kneeling).map(|x| usize::from(x.card)), c, COPY);
            w.counts(s.play.iter().filter(|x| x.kneeling).map(|x| usize::from(x.card)), c, COPY);
            w.scaled(s.play.iter().map(|x| f64::from(x.power)).sum(), 10.0);
            w.scaled(s.play.iter().filter(|x| !x.kneeling).map(|x| f64::from(x.strength)).sum(), 30.0);
            w.scaled(s.play.iter().map(|x| x.attachments.len() as f64).sum(), 5.0);
            w.scaled(s.play.iter().map(|x| f64::from(x.dupes)).sum(), 5.0);
            w.flag(s.eliminated);
        }
        w.written()
    }

    fn action_codes(rules: &Rules, players: u8) -> Vec<Action> {
        let uids = uid_cap(rules, players);
        let mut codes = vec![code(DONE, 0, 0), code(YES, 0, 0)];
        for kind in [SETUP_PLACE, MARSHAL_PENALTY, DUPE, DISCARD] {
            codes.extend((0..deck_cap(rules)).map(|x| code(kind, x, 0)));
        }
        codes.extend((0..7).map(|x| code(PLOT, x, 0)));
        codes.extend((0..usize::from(players)).map(|q| code(FIRST, 0, q)));
        codes.extend((0..deck_cap(rules)).map(|x| code(MARSHAL_HOUSE, x, 0)));
        for x in 0..deck_cap(rules) {
            codes.extend((0..uids).map(|y| code(MARSHAL, x, y)));
            codes.extend((0..uids).map(|y| code(EVENT, x, y)));
        }
        for x in 0..deck_cap(rules) {
            codes.extend((0..uids).map(|y| code(USE, x, y)));
        }
        for kind in [REDUCER, ATTACK, DEFEND, STEALTH, KILL, KNEEL, INFLUENCE] {
            codes.extend((0..uids).map(|y| code(kind, 0, y)));
        }
        for kind in 0..3 {
            codes.extend((0..usize::from(players)).map(|q| code(CHALLENGE, kind, q)));
        }
        for kind in [ATTACK_SET, DEFEND_SET] {
            codes.extend((1..1usize << SET_MAX).map(|m| code(kind, 0, m)));
        }
        // Saves, cancels, their influence, control, naming and Endless.
        for x in 0..=deck_cap(rules) {
            codes.extend((0..uids).map(|y| code(SAVE_CARD, x, y)));
        }
        for kind in [SAVE_EVENT, CANCEL_EVENT, ENDLESS] {
            codes.extend((0..deck_cap(rules)).map(|x| code(kind, x, 0)));
        }
        // Setup attachments wait among the setup cards, which come from the 7-card setup hand.
        for x in 0..super::rules::flow::HAND {
            codes.extend((0..uids).map(|y| code(ATTACH_SETUP, x, y)));
        }
        for kind in [SAVE_ATTACHMENT, CANCEL_CARD, PAY, TAKE_CONTROL, TARGET] {
            codes.extend((0..uids).map(|y| code(kind, 0, y)));
        }
        codes.extend((0..3).map(|k| code(NAME, k, NAMED_BY_PLOT)));
        for q in 0..usize::from(players) {
            codes.extend((0..deck_cap(rules)).map(|y| code(ATTACH_DISCARD, q, y)));
        }
        for h in 1..HOUSES.len() {
            codes.extend((0..uids).map(|y| code(NAME, h, y)));
        }
        // The composable abilities' decisions (at most 4 abilities per card are addressed).
        codes.push(code(GEN_YES, 0, 0));
        codes.extend((0..8).map(|y| code(GEN_MODE, 0, y)));
        for x in 0..deck_cap(rules) {
            codes.extend((0..4).map(|k| code(GEN_EVENT, x, k)));
            codes.extend((0..4).flat_map(|z| (0..4).map(move |k| code(GEN_PILE, z * 16 + k, x))));
        }
        // Offered cards may come from every seat's piles: distinct definitions, at most a deck per seat.
        codes.extend((0..deck_cap(rules) * usize::from(players)).map(|y| code(GEN_PICK, 0, y)));
        for y in 0..uids {
            codes.extend((0..4).map(|k| code(GEN_USE, k, y)));
            codes.extend((0..4).flat_map(|j| (0..4).map(move |k| code(GEN_ATT, j * 16 + k, y))));
            codes.push(code(GEN_TARGET, 0, y));
            codes.extend((1..5).map(|x| code(GEN_TARGET_ATT, x, y)));
            codes.push(code(GEN_INF, 0, y));
            codes.push(code(GEN_POWER, 0, y));
        }
        // A player to choose, a card to pay a cost with, a plot to reveal again.
        codes.extend((0..7).map(|x| code(GEN_PLOT, x, 0)));
        codes.extend((0..2).flat_map(|x| (0..7).map(move |y| code(GEN_SWAP_PLOT, x, y))));
        codes.extend((0..usize::from(players)).map(|q| code(GEN_PLAYER, 0, q)));
        codes.extend((0..uids).map(|y| code(GEN_PAY_CARD, 0, y)));
        for y in 0..uids {
            codes.extend((1..5).map(|x| code(GEN_ATTACHMENT, x, y)));
            codes.extend((0..5).map(|x| code(GEN_OWN, x, y)));
        }
        codes
    }
}
