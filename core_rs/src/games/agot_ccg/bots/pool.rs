//! The heuristic's reading of the House pool records' actions: additive, it scores only
//! abilities using the operations `rules/effect_pool.rs` adds, and returns `None` for every other one.

use super::super::cards::vocab::{Body, Cost, Op, Pile, To, Who};
use super::super::effects::def;
use super::super::rules::actions::*;
use super::super::rules::triggered::Step;
use super::super::state::{AgotCcg, Pending};
use super::super::Rules;
use crate::engine::{Action, Player};

/// A response after a lost challenge (of the records in cards.json only Ruins in the Sand also sacrifices itself
/// for it, and it is in no deck of today: their play is unchanged).
fn is_lost_trigger(b: &Body) -> bool {
    matches!(b.when, Some(super::super::cards::vocab::Trigger::Lost { .. }))
}

impl AgotCcg {
    /// A score for the House pool records' decisions outside the composable abilities. `None` for every other
    /// decision, which `bots/mod.rs` scores as before (a hostile attachment, Under the Guild's Sway, among them).
    pub fn pool_score(&self, rules: &Rules, p: Player, a: Action) -> Option<i32> {
        let (kind, _, y) = split(a);
        if kind == GEN_PICK {
            return self.score_pool_pick(rules, y);
        }
        if kind == GEN_POWER {
            return Some(10);
        }
        if kind == GEN_YES {
            return self.score_pool_response(rules, p);
        }
        None
    }

    /// A response that sacrifices its own card for a STR bonus to every character of its controller (Ruins in the
    /// Sand): only with at least two standing characters left to use it this phase.
    fn score_pool_response(&self, rules: &Rules, p: Player) -> Option<i32> {
        let Some(Pending::Effect(r)) = self.pending.first() else { return None };
        let b = self.body_of(rules, r)?;
        let for_all = b.effect.iter().all(|o| matches!(o, Op::Str { on: super::super::cards::vocab::On::Each(_), .. }));
        if !(b.cost.contains(&Cost::Sacrifice) && for_all && is_lost_trigger(b)) {
            return None;
        }
        let standing = self
            .seats
            .get(usize::from(p))?
            .play
            .iter()
            .filter(|c| def(rules, c.def).kind == super::super::cards::Kind::Character && !c.kneeling);
        Some(if standing.count() >= 2 { 10 } else { -5 })
    }

    /// A swap's pick that gives a card of one's own hand away (Only Your Life): the cheapest one. Other picks are
    /// left to `score_effect` (the dearest card offered).
    fn score_pool_pick(&self, rules: &Rules, y: usize) -> Option<i32> {
        let Some(Pending::Effect(r)) = self.pending.first() else { return None };
        let Step::Pick { op, choices, .. } = &r.step else { return None };
        let gives = matches!(
            self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op))),
            Some(Op::Take { from: Pile::Hand, whose: Who::You, to: To::Dead | To::Discard, must: true, .. })
        );
        let &c = choices.get(y)?;
        gives.then(|| 30 - i32::from(def(rules, c % 8192 % 2048).cost))
    }

    /// A score for an action using one of the House pool operations, or `None` to leave it to `score_effect`.
    pub fn score_pool_action(&self, rules: &Rules, p: Player, b: &Body, kind: u32, x: usize, y: usize) -> Option<i32> {
        // Power on a character is a point toward victory: the heuristic does not spend it to stand one (Selyse).
        if b.cost.iter().any(|c| matches!(c, Cost::DiscardPowerFromYours { .. })) {
            return Some(-5);
        }
        for o in &b.effect {
            match o {
                // A Dragon becomes a Condition only in a challenge of ours, at a participant of the side its
                // reading is for (an opponent's for a hostile one).
                Op::BecomeAttachment { hostile } => {
                    let ch = self.challenge.as_ref()?;
                    let ours = ch.attacker == p || ch.defender == p;
                    let aim = ch.attackers.iter().chain(&ch.defenders).any(|&u| self.controls(p, u) != *hostile);
                    return Some(if ours && aim { 15 } else { -5 });
                }
                // Back to hand only when attached to a card whose controller its reading does not serve (after a
                // change of control): otherwise the Dragon stays where it was put.
                Op::ReturnThisToHand => {
                    if kind != GEN_ATT {
                        return Some(-5);
                    }
                    let (s, i) = self.locate(y as u16)?;
                    let host = &self.seats[s].play[i];
                    let &(card, owner) = host.attachments.get(x / 16)?;
                    let hostile = def(rules, card).abilities.iter().any(|a| {
                        matches!(a, super::super::cards::Ability::Action(b)
                            if b.effect.iter().any(|o| matches!(o, Op::BecomeAttachment { hostile: true })))
                    });
                    let misplaced = (s == usize::from(owner)) == hostile;
                    return Some(if misplaced && owner == p { 15 } else { -5 });
                }
                // Love is Poison: before its own challenge, at the opponent's standing characters (they will have to
                // defend, and kneel).
                Op::MustParticipateNext { .. } => {
                    let active = self.order().get(usize::from(self.turn)).copied();
                    return Some(if self.challenge.is_none() && active == Some(p) { 15 } else { -5 });
                }
                // A swap from the dead pile: only when the dearest character there costs more than the cheapest in
                // hand (both piles are the player's own).
                Op::Take { from: Pile::Dead, must: true, .. } => {
                    let s = self.seats.get(usize::from(p))?;
                    let cost = |c: &u16| i32::from(def(rules, *c).cost);
                    let is_char = |c: &&u16| def(rules, **c).kind == super::super::cards::Kind::Character;
                    let dead = s.dead.iter().filter(is_char).map(cost).max()?;
                    let hand = s.hand.iter().filter(is_char).map(cost).min()?;
                    return Some(if dead > hand { 15 } else { -5 });
                }
                _ => {}
            }
        }
        None
    }
}
