//! The `heuristic` bot: pass the dangerous cards, duck tricks, dump the queen of spades and high hearts when
//! void. It reads only what its seat sees: its own hand, its legal cards, the trick on the table and whether
//! hearts are broken (`Seen`), never another hand, another pass or the RNG.

use super::rules::card_points;
use super::state::*;
use crate::bots::Bot;
use crate::engine::{Action, Player};
use crate::rng::Rng;

pub struct Heuristic;

/// What the bot may look at: all of it is in its seat's view.
struct Seen {
    hand: u64,
    legal: u64,
    trick: [Card; 4],
    trick_len: usize,
    passing: bool,
}

impl Seen {
    fn of(rules: &Rules, g: &Hearts, p: Player) -> Self {
        Seen {
            hand: g.hands[usize::from(p) % SEATS],
            legal: g.legal_mask(rules, p),
            trick: g.trick,
            trick_len: usize::from(g.trick_len),
            passing: g.phase == Phase::Pass,
        }
    }
}

impl Bot<Hearts> for Heuristic {
    fn act(&mut self, rules: &Rules, g: &Hearts, p: Player, legal: &[Action], _rng: &mut Rng) -> Action {
        let seen = Seen::of(rules, g, p);
        let choice = if seen.passing { pass_choice(&seen) } else { play_choice(rules, &seen) };
        // The bot's pick is always one of `legal`; the fallback only guards a caller's mismatched list.
        match choice {
            Some(c) if legal.contains(&Action::from(c)) => Action::from(c),
            _ => legal.first().copied().unwrap_or(0),
        }
    }
}

/// How much a card hurts to keep: the queen and the spades above her most, then hearts, then high cards.
fn danger(hand: u64, c: Card) -> i32 {
    let rank = i32::from(rank_of(c));
    let low_spades = (hand & suit_mask(SPADES) & ((1u64 << QUEEN_OF_SPADES) - 1)).count_ones();
    match suit_of(c) {
        SPADES if c == QUEEN_OF_SPADES => 50,
        // The ace and king of spades catch the queen unless enough low spades protect them.
        SPADES if rank > 10 && low_spades < 4 => 30 + rank,
        HEARTS => 14 + rank,
        _ => rank,
    }
}

fn pass_choice(seen: &Seen) -> Option<Card> {
    cards_of(seen.legal).into_iter().max_by_key(|&c| (danger(seen.hand, c), c))
}

fn play_choice(rules: &Rules, seen: &Seen) -> Option<Card> {
    let legal = cards_of(seen.legal);
    if seen.trick_len == 0 {
        // Lead low, from a suit other than hearts when one can.
        return legal.into_iter().min_by_key(|&c| (suit_of(c) == HEARTS, rank_of(c), c));
    }
    let led = suit_of(seen.trick[0]);
    let trick = &seen.trick[..seen.trick_len];
    let high = trick.iter().filter(|&&c| suit_of(c) == led).map(|&c| rank_of(c)).max().unwrap_or(0);
    let following = seen.legal & suit_mask(led) != 0;
    if !following {
        // Void: the queen of spades first, then the worst card left.
        return legal.into_iter().max_by_key(|&c| (danger(seen.hand, c), c));
    }
    // Duck under the winning card with the highest card that still loses.
    if let Some(c) = legal.iter().copied().filter(|&c| rank_of(c) < high).max_by_key(|&c| rank_of(c)) {
        return Some(c);
    }
    let points: i16 = trick.iter().map(|&c| card_points(rules, c)).sum();
    if seen.trick_len == SEATS - 1 && points <= 0 {
        // Last to play on a clean trick: win it with the highest card, but never with the queen of spades.
        return legal.iter().copied().filter(|&c| c != QUEEN_OF_SPADES).max().or_else(|| legal.first().copied());
    }
    legal.into_iter().min_by_key(|&c| (c == QUEEN_OF_SPADES, rank_of(c)))
}
