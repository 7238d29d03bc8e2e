//! One driver step, shared by every loop that plays a match out: the batch runner, the vector env's bot seats and
//! the search's playouts. It holds the one membership check of a chosen action, and the policy that a bot which
//! offers an illegal action is a bug the caller survives (the step reports it) rather than a panic.

use super::action::Action;
use super::error::Illegal;
use super::event::Events;
use super::game::Game;
use super::player::Player;

/// What one seat's step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The chosen action was applied.
    Applied,
    /// The seat had no legal action; nothing was chosen or applied.
    NoAction,
    /// The chosen action was not among the legal ones (or the game refused it); the state is unchanged.
    Refused,
}

/// Apply `a`, chosen from `legal` (the list `legal_actions(rules, p, …)` just gave for this very state):
/// membership in that list is the whole check, so the game need not derive the list a second time.
pub fn apply_chosen<G: Game>(
    state: &mut G,
    rules: &G::Ruleset,
    p: Player,
    a: Action,
    legal: &[Action],
    ev: &mut Events<G::Event>,
) -> Result<(), Illegal> {
    if !legal.contains(&a) {
        return Err(Illegal::new(format!(
            "{}: seat {p} chose action {a}, which is not among its legal actions",
            G::ID
        )));
    }
    state.apply_unchecked(rules, p, a, ev)
}

/// Seat `p`'s step: list its legal actions into `legal` (reused), let `choose` pick one from the state and that
/// list, and apply it with `apply_chosen`.
pub fn step<G: Game>(
    state: &mut G,
    rules: &G::Ruleset,
    p: Player,
    legal: &mut Vec<Action>,
    ev: &mut Events<G::Event>,
    choose: impl FnOnce(&G, &[Action]) -> Action,
) -> Step {
    legal.clear();
    state.legal_actions(rules, p, legal);
    if legal.is_empty() {
        return Step::NoAction;
    }
    let a = choose(state, legal);
    match apply_chosen(state, rules, p, a, legal, ev) {
        Ok(()) => Step::Applied,
        Err(_) => Step::Refused,
    }
}
