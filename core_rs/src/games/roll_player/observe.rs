//! Roll Player's tensors: one seat's observation, written from its facts (`facts.rs`, what its view is built
//! from) with no string built, and the dense action space. Roll Player
//! hides only the market deck's order, so every seat sees the same table; the viewer one-hot says who is looking.
//! The layout is documented field by field in docs/games/roll_player.md ("Observation tensor").

use super::content::{Rules, COLORS};
use super::rules::actions::*;
use super::state::{Die, RollPlayer};
use super::view::facts::Facts;
use crate::engine::{Action, Encode, ObsWriter, Player};

const PHASES: [&str; 6] = ["setup", "roll", "dice", "market", "cleanup", "over"];
/// Initiative cards on the table: one more than the players, at most five (six slots leave room).
const INIT_SLOTS: usize = 6;
const SLOTS: usize = 18;
const GOALS: usize = 4;
const C7: usize = COLORS.len();

fn seat_size(rules: &Rules) -> usize {
    let c = rules.cards.len();
    rules.races.len()
        + rules.classes.len()
        + rules.backstories.len()
        + rules.alignments.len()
        + 9
        + 2
        + SLOTS * (2 + C7)
        + 6
        + GOALS
        + 2 * c
        + 7
        + 2 * C7
        + 1
}

/// A die's colour as its index in `COLORS`, if it names one.
fn color_of(d: Die) -> Option<usize> {
    Some(usize::from(d.color)).filter(|&k| k < C7)
}

/// An id's one-hot position in a content list of `len` entries.
fn index_in(id: u8, len: usize) -> Option<usize> {
    Some(usize::from(id)).filter(|&i| i < len)
}

/// Dice per colour / 8, then their value sum per colour / 30.
fn dice<'a>(w: &mut ObsWriter<'_>, pool: impl Iterator<Item = &'a Die>) {
    let (mut count, mut sum) = ([0f32; C7], [0f32; C7]);
    for &d in pool {
        if let Some(k) = color_of(d) {
            count[k] += 0.125;
            sum[k] += f32::from(d.value) / 30.0;
        }
    }
    count.into_iter().chain(sum).for_each(|x| w.put(x));
}

impl Encode for RollPlayer {
    type Facts = Facts;

    fn facts(rules: &Rules, state: &RollPlayer, _viewer: Player, facts: &mut Facts) {
        state.facts_into(rules, facts);
    }

    fn observation_size(rules: &Rules, players: u8) -> usize {
        let (n, c) = (usize::from(players), rules.cards.len());
        3 * n + 1 + PHASES.len() + INIT_SLOTS * (3 + C7 + n) + 3 * c + 2 + C7 + (1 + 2 * C7) + 2 + n * seat_size(rules)
    }

    fn observe(rules: &Rules, players: u8, viewer: Player, view: &Facts, out: &mut [f32]) -> usize {
        let (n, c) = (usize::from(players), rules.cards.len());
        let mut w = ObsWriter::new(out);
        w.one_hot(Some(usize::from(viewer)), n);
        w.one_hot(view.to_act.map(usize::from), n);
        w.one_hot(Some(usize::from(view.first)), n);
        w.scaled(f64::from(view.round), 15.0);
        w.one_hot(PHASES.iter().position(|p| *p == view.phase), PHASES.len());
        for k in 0..INIT_SLOTS {
            let card = view.initiative.get(k);
            let die = card.and_then(|i| i.die);
            w.flag(die.is_some());
            w.one_hot(die.and_then(color_of), C7);
            w.scaled(f64::from(die.map_or(0, |d| d.value)), 6.0);
            w.flag(card.is_some_and(|i| i.coin));
            w.one_hot(card.and_then(|i| i.taken_by).map(usize::from), n);
        }
        w.counts(view.market.iter().map(|&x| usize::from(x)), c, 1.0);
        w.scaled(view.deck_size as f64, c.max(1) as f64);
        w.counts(view.discard.iter().map(|&x| usize::from(x)), c, 1.0);
        w.scaled(view.trash.len() as f64, c.max(1) as f64);
        for k in 0..C7 {
            w.scaled(f64::from(view.bag[k]), 20.0);
        }
        w.flag(view.ordering);
        dice(&mut w, view.ordering_pool.iter());
        w.one_hot(view.revealed.map(usize::from), c);
        w.scaled(f64::from(view.rival_roll), 6.0);
        w.flag(view.over);
        for p in 0..n {
            let Some(s) = view.seats.get(p) else {
                w.skip(seat_size(rules));
                continue;
            };
            w.one_hot(index_in(s.race, rules.races.len()), rules.races.len());
            w.one_hot(index_in(s.class, rules.classes.len()), rules.classes.len());
            w.one_hot(index_in(s.backstory, rules.backstories.len()), rules.backstories.len());
            w.one_hot(index_in(s.alignment, rules.alignments.len()), rules.alignments.len());
            w.one_hot(Some(usize::from(s.token)), 9);
            w.scaled(f64::from(s.gold), 30.0);
            w.scaled(f64::from(s.charisma), 5.0);
            for slot in 0..SLOTS {
                let die = s.sheet.get(slot / 3).and_then(|row| row.get(slot % 3)).copied().filter(|d| d.value > 0);
                w.flag(die.is_some());
                w.one_hot(die.and_then(color_of), C7);
                w.scaled(f64::from(die.map_or(0, |d| d.value)), 6.0);
            }
            for r in 0..6 {
                w.ranged(f64::from(s.totals[r]), -4.0, 26.0); // a race's penalty can take an empty row below 0
            }
            for g in 0..GOALS {
                w.flag(s.goals_met[g]);
            }
            let owned = w.written();
            w.skip(c);
            w.skip(c);
            for &(card, exhausted) in &s.cards {
                if let Some(id) = index_in(card, c) {
                    w.add_at(owned + id, 1.0);
                    if exhausted {
                        w.add_at(owned + c + id, 1.0);
                    }
                }
            }
            w.one_hot(s.init.map(usize::from), 7);
            dice(&mut w, s.pool.iter());
            w.ranged(f64::from(s.stars), -10.0, 40.0); // penalties can leave a sheet below 0 stars
        }
        w.written()
    }

    fn action_codes(rules: &Rules, _players: u8) -> Vec<Action> {
        let c = rules.cards.len() as Action;
        let mut codes: Vec<Action> = Vec::new();
        codes.extend((0..rules.classes.len() as Action).map(|k| CLASS + k));
        codes.extend((0..rules.races.len() as Action).map(|k| RACE + k));
        codes.extend((0..START_MAX_DICE).map(|k| ORDER + k));
        codes.extend((0..INIT_SLOTS as Action).map(|k| INIT + k));
        codes.extend((0..6).map(|r| ROW + r));
        codes.extend((0..START_MAX_DICE * 6).map(|x| START + x));
        for base in [FLIP, INC, DEC, REROLL] {
            codes.extend((0..SLOTS as Action).map(|s| base + s));
        }
        codes.extend([KEEP_NEW, KEEP_OLD, REROLL_AGAIN, CHARISMA, APPLY, SKIP]);
        codes.extend((0..4).map(|d| MOVE + d));
        codes.extend((0..SLOTS as Action * SLOTS as Action).map(|x| SWAP + x));
        for (base, width) in [(BUY, 10), (DISCARD, 10)] {
            codes.extend((0..width).map(|k| base + k));
        }
        for base in [BUY_DISCARD, USE, WEAPON_OFF, ATTUNE, REFRESH, TARGET] {
            codes.extend((0..c).map(|k| base + k));
        }
        codes.push(BUY_REVEALED);
        codes.extend((0..C7 as Action).map(|k| SEARCH + k));
        codes.extend((0..SLOTS as Action * 6).map(|x| SLEIGHT + x));
        codes.extend((0..6).map(|k| INIT_DIE + k));
        codes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_colour_is_its_index_in_the_content_order() {
        for k in 0..COLORS.len() {
            assert_eq!(color_of(Die::new(k as u8, 3)), Some(k));
        }
        assert_eq!(color_of(Die::new(C7 as u8, 3)), None, "no colour past the list");
    }
}
