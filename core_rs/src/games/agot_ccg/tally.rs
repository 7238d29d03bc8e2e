//! What a balance study counts of a CCG match beyond its result (the `Tally` impl calls these): the phase of a
//! decision, and the card a decision puts into play: a plot revealed, a card placed at setup, marshalled (or as
//! a duplicate) or an event played from hand.

use super::cards::Rules;
use super::rules::actions::{
    split, CANCEL_EVENT, DUPE, EVENT, GEN_EVENT, MARSHAL, MARSHAL_PENALTY, PLOT, SAVE_EVENT, SETUP_PLACE,
};
use super::state::{AgotCcg, Phase};
use crate::engine::{Action, Player};

/// The rulebook's phases, in round order (setup first). The plot's "when revealed" choices come before the draw and
/// count with it; taxation and standing close a round together.
pub(super) const PHASES: &[&str] =
    &["setup", "plot", "first player", "plot reveal and draw", "marshalling", "challenges", "dominance", "standing"];

pub(super) fn phase(g: &AgotCcg) -> u8 {
    // The match's end counts with the standing phase that closed it.
    g.phase.index().min(Phase::Standing.index())
}

/// The card seat `p`'s action `a` puts into play, read before it is applied (its hand or plot index is then
/// still valid).
pub(super) fn played_card(g: &AgotCcg, p: Player, a: Action) -> Option<u32> {
    let seat = g.seats.get(usize::from(p))?;
    let (kind, x, _) = split(a);
    let card = match kind {
        PLOT => seat.plots.get(x),
        SETUP_PLACE | MARSHAL | MARSHAL_PENALTY | DUPE | EVENT | GEN_EVENT | SAVE_EVENT | CANCEL_EVENT => {
            seat.hand.get(x)
        }
        _ => None,
    };
    card.map(|c| u32::from(*c))
}

/// The seat's deck: its draw cards and its plots (the agenda is always in play, so it has no "not played").
pub(super) fn owned_cards(g: &AgotCcg, rules: &Rules, p: Player, out: &mut Vec<u32>) {
    let Some(deck) = g.seats.get(usize::from(p)).and_then(|s| rules.decks.get(usize::from(s.deck_index))) else {
        return;
    };
    out.extend(deck.cards.iter().chain(&deck.plots).map(|c| u32::from(*c)));
}
