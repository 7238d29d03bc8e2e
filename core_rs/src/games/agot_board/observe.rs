//! A Game of Thrones: the Board Game's tensors: one seat's observation, built from its view, and the dense
//! action space. The view names houses, areas and cards; the encoding turns names back into the content's
//! indices. The layout is documented field by field in docs/games/agot_board.md ("Observation tensor").

use super::content::{Rules, NONE};
use super::rules::*;
use super::state::{AgotBoard, ORDER_COUNTS, ORDER_NAMES};
use super::view::View;
use crate::engine::{Action, Encode, Game, ObsWriter, Player, Viewer};

const PHASES: [&str; 7] = ["Westeros", "Planning", "Raven", "Raid", "March", "Consolidate", "Over"];
const RESTRICTIONS: [&str; 6] = [
    "no Defense orders",
    "no Raid orders",
    "no Consolidate Power orders",
    "no March +1 orders",
    "no Support orders",
    "footmen give no support",
];
/// House cards per house.
const CARDS: usize = 7;
/// Order slots: the eleven tokens plus "hidden" (another seat's order during planning).
const ORDERS: usize = ORDER_NAMES.len() + 1;

fn seat_size(rules: &Rules) -> usize {
    let h = rules.houses.len();
    h + 4 + 3 * CARDS + 2 * rules.tactics.len() + 2
}

fn area_size(n: usize) -> usize {
    1 + n + 4 + 3 + ORDERS
}

fn leader_slots(players: u8) -> usize {
    2 * usize::from(players)
}

impl Encode for AgotBoard {
    /// The view itself, names and labels included (iron-throne and roll-player write from plain facts instead).
    type Facts = Option<View>;

    fn observation_size(rules: &Rules, players: u8) -> usize {
        let (n, ar) = (usize::from(players), rules.areas.len());
        n + 1
            + PHASES.len()
            + n
            + n * seat_size(rules)
            + ar * area_size(n)
            + 3 * n * n
            + n
            + 1
            + RESTRICTIONS.len()
            + rules.wcards.len()
            + rules.wild.len()
            + leader_slots(players) * (3 + ar)
            + (1 + ar + 2 * n + 3 + 2 * CARDS + 2)
            + (1 + n)
            + n
    }

    fn facts(rules: &Rules, state: &AgotBoard, viewer: Player, facts: &mut Option<View>) {
        *facts = Some(state.view(rules, Viewer::Player(viewer)));
    }

    fn observe(rules: &Rules, players: u8, viewer: Player, facts: &Option<View>, out: &mut [f32]) -> usize {
        let Some(view) = facts else { return 0 };
        let (n, ar) = (usize::from(players), rules.areas.len());
        let seat_of = |house: &str| view.seats.iter().position(|s| s.house == house);
        let house_index = |name: &str| rules.houses.iter().position(|h| h.name == name);
        let card_index = |seat: Option<usize>, name: &str| {
            let h = seat.and_then(|s| view.seats.get(s)).and_then(|s| house_index(&s.house))?;
            rules.cards.get(h)?.iter().position(|c| c.name == name)
        };
        let area_index = |name: &str| rules.areas.iter().position(|a| a.name == name);
        let tactic_index = |name: &str| rules.tactics.iter().position(|t| t.1 == name);
        let mut w = ObsWriter::new(out);
        w.one_hot(Some(usize::from(viewer)), n);
        w.scaled(f64::from(view.round), f64::from(rules.rounds.max(1)));
        w.one_hot(PHASES.iter().position(|p| *p == view.phase), PHASES.len());
        w.counts(view.waiting_for.iter().filter_map(|h| seat_of(h)), n, 1.0);
        for p in 0..n {
            let Some(s) = view.seats.get(p) else {
                w.skip(seat_size(rules));
                continue;
            };
            w.one_hot(house_index(&s.house), rules.houses.len());
            w.scaled(f64::from(s.power), f64::from(rules.power_tokens.max(1)));
            w.scaled(f64::from(s.supply), 6.0);
            w.scaled(f64::from(s.castles), 7.0);
            w.scaled(f64::from(s.claims), 7.0);
            for pile in [&s.hand, &s.discard, &s.removed] {
                w.counts(pile.iter().filter_map(|c| card_index(Some(p), c)), CARDS, 1.0);
            }
            w.counts(s.tactics.iter().filter_map(|t| tactic_index(t)), rules.tactics.len(), 1.0);
            w.one_hot(s.tactic.as_deref().and_then(tactic_index), rules.tactics.len());
            w.flag(s.locked);
            w.flag(s.bid_committed);
        }
        let mut areas = view.areas.iter().peekable();
        for a in 0..ar {
            let Some(x) = areas.next_if(|x| usize::from(x.id) == a) else {
                w.skip(area_size(n));
                continue;
            };
            w.flag(true);
            w.one_hot(x.owner.as_deref().and_then(seat_of), n);
            for units in [x.foot, x.knight, x.ship, x.routed] {
                w.scaled(f64::from(units), 4.0);
            }
            w.flag(x.token);
            w.scaled(f64::from(x.neutral), 6.0);
            w.flag(x.closed);
            let order = x.order.as_deref().map(|o| ORDER_NAMES.iter().position(|k| *k == o).unwrap_or(ORDERS - 1));
            w.one_hot(order, ORDERS);
        }
        for track in [&view.throne, &view.fiefdoms, &view.court] {
            for p in 0..n {
                let house = view.seats.get(p).map(|s| s.house.as_str());
                w.one_hot(track.iter().position(|h| Some(h.as_str()) == house), n);
            }
        }
        w.one_hot(seat_of(&view.iron_throne_holder), n);
        w.scaled(f64::from(view.threat), f64::from(rules.threat_max.max(1)));
        for r in RESTRICTIONS {
            w.flag(view.restrictions.iter().any(|x| x == r));
        }
        w.counts(
            view.westeros.iter().filter_map(|name| rules.wcards.iter().position(|c| c.name == *name)),
            rules.wcards.len(),
            0.5, // the three decks' cards drawn this round: two may share a name
        );
        w.one_hot(
            view.wildling_card.as_deref().and_then(|c| rules.wild.iter().position(|x| x.1 == c)),
            rules.wild.len(),
        );
        for k in 0..leader_slots(players) {
            let l = view.leaders.get(k);
            w.flag(l.is_some());
            w.flag(l.is_some_and(|l| l.dead));
            w.flag(l.is_some_and(|l| l.prisoner_of.is_some()));
            w.one_hot(l.and_then(|l| l.area.as_deref()).and_then(area_index), ar);
        }
        let c = view.combat.as_ref();
        w.flag(c.is_some());
        w.one_hot(c.and_then(|c| area_index(&c.area)), ar);
        let (att, def) = (c.and_then(|c| seat_of(&c.attacker)), c.and_then(|c| seat_of(&c.defender)));
        w.one_hot(att, n);
        w.one_hot(def, n);
        for k in 0..3 {
            w.scaled(f64::from(c.map_or(0, |c| c.attacking[k])), 4.0);
        }
        for (side, seat) in [(0, att), (1, def)] {
            w.one_hot(c.and_then(|c| c.cards[side].as_deref()).and_then(|name| card_index(seat, name)), CARDS);
        }
        w.scaled(f64::from(c.map_or(0, |c| c.totals[0])), 20.0);
        w.scaled(f64::from(c.map_or(0, |c| c.totals[1])), 20.0);
        w.flag(view.bids.is_some());
        for p in 0..n {
            let bid = view.bids.as_ref().and_then(|b| b.get(p)).copied().unwrap_or(0);
            w.scaled(f64::from(bid), f64::from(rules.power_tokens.max(1)));
        }
        w.one_hot(view.winner.as_deref().and_then(seat_of), n);
        w.written()
    }

    fn action_codes(rules: &Rules, players: u8) -> Vec<Action> {
        let ar = rules.areas.len() as u32;
        let mut codes = vec![PASS, code(K_END, 0), code(K_END, 1), code(K_RESET, 0)];
        for a in 0..ar {
            for k in 0..ORDER_COUNTS.len() as u32 {
                codes.push(code(K_PLACE, a << 4 | k));
                codes.push(code(K_RAVEN, a << 4 | k));
            }
            let adj = rules.areas.get(a as usize).map_or(&[][..], |x| x.adj.as_slice());
            codes.extend(adj.iter().chain([&NONE]).map(|&b| code(K_RAID, a << 8 | u32::from(b))));
            codes.push(code(K_MARCH, a));
            codes.extend([code(K_CP, a << 1), code(K_CP, a << 1 | 1)]);
            codes.extend((0..3 + adj.len() as u32).map(|o| code(K_MUSTER, a << 8 | o)));
            let units = (0..3).chain((0..leader_slots(players) as u32).map(|i| LEADER_UNIT + i));
            for u in units {
                codes.extend((0..ar).map(|d| code(K_MOVE, u << 8 | d)));
            }
        }
        codes.extend((0..rules.tactics.len() as u32).map(|t| code(K_TACTIC, t)));
        codes.extend((0..=u32::from(rules.power_tokens)).map(|b| code(K_BID, b)));
        codes.extend((0..CARDS as u32).map(|i| code(K_CARD, i)));
        codes.extend((0..(4 * ar).max(256)).map(|o| code(K_CHOOSE, o)));
        codes
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::rules;
    use super::*;

    #[test]
    fn random_play_keeps_the_tensor_contract() {
        let r = rules();
        for players in 3..=5 {
            assert!(crate::testing::check_random_play::<AgotBoard>(&r, players, 3, 200_000) > 0);
        }
    }
}
