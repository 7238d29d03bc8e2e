//! Iron Throne's tensors: the observation of one seat, written from its redacted facts (`facts.rs`, what its
//! view is built from) with no string built, and the dense action space.
//! The layout is documented field by field in docs/games/iron_throne.md ("Observation tensor").

use super::content::Rules;
use super::rules::*;
use super::state::{IronThrone, DECK_SIZE, NONE};
use super::view::facts::Facts;
use crate::engine::{Action, Encode, ObsWriter, Player, Viewer};

/// House cards per deck (`card_kind` numbers them 0..25).
const K: usize = DECK_SIZE as usize;
/// `Pending` variants, in declaration order (`view::facts::pending_index`), as the view names them in `waiting_for`.
const PENDING: [&str; 14] = [
    "Leaders",
    "Hostages",
    "UseLeader",
    "PlayCards",
    "Task",
    "Defender",
    "Choose",
    "Force",
    "Offer",
    "Answer",
    "Commit",
    "Propose",
    "Respond",
    "Over",
];
/// Hostage slots the legal actions can name (`legal.rs` caps them at 64).
const HOSTAGE_SLOTS: Action = 64;

fn seat_size(n: usize, h: usize) -> usize {
    h + 5 + 5 + 5 + 5 + 5 + 1 + n + 1 + K + 2 + K + n + K
}

fn encounter_size(n: usize, h: usize) -> usize {
    n + n + 1 + (h + 1) + 5 * n + 3 * n + n + (1 + n + 5 + 2) + 2 * (K + 2) + 1 + 2 + 4 + 5 + 2 + 1 + 2 + n
}

impl Encode for IronThrone {
    type Facts = Facts;

    fn facts(rules: &Rules, state: &IronThrone, viewer: Player, facts: &mut Facts) {
        state.facts_into(rules, Viewer::Player(viewer), facts);
    }

    fn observation_size(rules: &Rules, players: u8) -> usize {
        let (n, h) = (usize::from(players), rules.houses.len());
        n + n + 3 + PENDING.len() + n * seat_size(n, h) + encounter_size(n, h)
    }

    fn observe(rules: &Rules, players: u8, viewer: Player, view: &Facts, out: &mut [f32]) -> usize {
        let (n, h) = (usize::from(players), rules.houses.len());
        let house_index = |house: u8| Some(usize::from(house)).filter(|&i| i < h);
        let mut w = ObsWriter::new(out);
        w.one_hot(Some(usize::from(viewer)), n);
        w.counts(view.to_act.iter().map(usize::from), n, 1.0);
        w.scaled(f64::from(view.turn), 400.0);
        w.scaled(view.event_deck as f64, rules.events.len().max(1) as f64);
        w.flag(view.over);
        w.one_hot(Some(view.waiting), PENDING.len());
        for p in 0..n {
            let Some(s) = view.seats.get(p) else {
                w.skip(seat_size(n, h));
                continue;
            };
            w.one_hot(house_index(s.house), h);
            w.one_hot(s.leader.map(usize::from), 5);
            w.counts(s.leader_offers.into_iter().flatten().map(usize::from), 5, 1.0);
            for c in 0..5 {
                w.scaled(f64::from(s.crowns[c]), 25.0); // crowns grow with every encounter won
            }
            for c in 0..5 {
                w.flag(s.alive & (1 << c) != 0);
            }
            for c in 0..5 {
                w.flag(s.dead & (1 << c) != 0);
            }
            w.scaled(f64::from(s.sheet), 40.0);
            for q in 0..n {
                w.scaled(f64::from(s.influence.get(q).copied().unwrap_or(0)), 5.0);
            }
            w.scaled(f64::from(s.spread), 5.0);
            w.counts(s.hand.iter().map(|&c| usize::from(c)), K, 1.0);
            w.scaled(s.hand_size as f64, K as f64);
            w.scaled(s.deck_size as f64, K as f64);
            w.counts(s.discard.iter().map(|&c| usize::from(c)), K, 1.0);
            w.counts(s.hostages.iter().map(|x| usize::from(x.0)), n, 0.2);
            w.counts(s.hostages.iter().filter_map(|x| x.1).map(usize::from), K, 0.5);
        }
        let e = &view.encounter;
        w.one_hot(Some(usize::from(e.attacker)), n);
        w.one_hot(e.defender.map(usize::from), n);
        w.flag(e.event.is_some());
        w.one_hot(e.event.map(|house| house.and_then(house_index).unwrap_or(h)), h + 1);
        for p in 0..n {
            w.one_hot(e.chars.get(p).filter(|&&c| c != NONE).map(|&c| usize::from(c)), 5);
        }
        for p in 0..n {
            w.one_hot(e.sides.get(p).map(|&s| usize::from(s)), 3);
        }
        for p in 0..n {
            w.flag(e.withdrawn & (1 << p) != 0);
        }
        let offer = e.offer;
        w.flag(offer.is_some());
        w.one_hot(offer.map(|o| usize::from(o[0])), n);
        w.one_hot(offer.map(|o| usize::from(o[1])), 5);
        w.one_hot(offer.map(|o| usize::from(o[2]).wrapping_sub(1)), 2);
        for c in &e.commits {
            w.flag(c.committed);
            w.one_hot(c.card.map(usize::from), K);
            w.flag(c.card == Some(super::state::NO_CARD));
        }
        w.flag(e.revealed);
        w.scaled(f64::from(e.bonus[0]), 10.0);
        w.scaled(f64::from(e.bonus[1]), 10.0);
        w.one_hot(Some(usize::from(e.result)), 4);
        w.one_hot(Some(usize::from(e.winner)), 5);
        w.scaled(f64::from(e.totals[0]), 30.0);
        w.scaled(f64::from(e.totals[1]), 30.0);
        w.flag(e.deal.is_some());
        w.scaled(f64::from(e.proposals[0]), 3.0);
        w.scaled(f64::from(e.proposals[1]), 3.0);
        w.counts(e.played.iter().map(|&(s, _)| usize::from(s)), n, 0.2);
        w.written()
    }

    fn action_codes(_rules: &Rules, players: u8) -> Vec<Action> {
        let n = Action::from(players);
        let k = K as Action;
        let mut codes = vec![LEADER, LEADER + 1, DONE, ACCEPT, REFUSE, COMMIT_TOP, DEAL_ACCEPT, DEAL_REJECT];
        codes.extend((0..n).chain([Action::from(NO_TARGET)]).map(|t| USE_LEADER + t));
        codes.extend((0..HOSTAGE_SLOTS).map(|i| FREE + i));
        codes.extend((0..HOSTAGE_SLOTS * 8).map(|x| TORTURE + x));
        codes.extend((0..n).map(|q| DEFENDER + q));
        for base in [ALLOC, CHOOSE, FORCE] {
            codes.extend((0..5).map(|c| base + c));
        }
        codes.extend((0..16).map(|x| OFFER + x));
        codes.extend((0..k).map(|c| DISCARD + c));
        codes.extend((0..k).map(|c| COMMIT + c));
        codes.extend((0..k * 8).map(|x| PLAY_CARD + x));
        // Truce terms: attacker's terms + 12 * defender's (`resolve::split_deal`).
        codes.extend((0..144).map(|x| PROPOSE + x));
        codes.extend((0..144).map(|x| COUNTER + x));
        codes.extend((0..n * 64).map(|x| TAKE + x));
        codes.extend((0..k).map(|c| UPGRADE + c));
        codes
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::Pending;
    use super::super::view::facts::pending_index;
    use super::PENDING;

    #[test]
    fn the_pending_one_hot_follows_the_names_the_view_shows() {
        let all = [
            Pending::Leaders,
            Pending::Hostages { seat: 1 },
            Pending::UseLeader { seat: 1 },
            Pending::PlayCards { seat: 1 },
            Pending::Task,
            Pending::Defender,
            Pending::Choose { seat: 1 },
            Pending::Force { seat: 1, target: 2 },
            Pending::Offer { seat: 1 },
            Pending::Answer { seat: 1 },
            Pending::Commit,
            Pending::Propose { seat: 1 },
            Pending::Respond { seat: 1 },
            Pending::Over,
        ];
        assert_eq!(all.len(), PENDING.len());
        for p in all {
            let shown = format!("{p:?}");
            assert_eq!(shown.split([' ', '{', '(']).next(), Some(PENDING[pending_index(&p)]), "{shown}");
        }
    }
}
