//! The heuristic's reading of the House pool records' actions (issue 15, branch ccga): additive, it scores only
//! abilities using the operations `rules/effect_pool.rs` adds, and returns `None` for every other one.

use super::effects::def;
use super::rules::actions::*;
use super::state::AgotCcg;
use super::vocab::{Body, Op};
use super::Rules;
use crate::engine::Player;

impl AgotCcg {
    /// A score for an action using one of the House pool operations, or `None` to leave it to `score_effect`.
    pub fn score_pool_action(&self, rules: &Rules, p: Player, b: &Body, kind: u32, x: usize, y: usize) -> Option<i32> {
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
                        matches!(a, super::content::Ability::Action(b)
                            if b.effect.iter().any(|o| matches!(o, Op::BecomeAttachment { hostile: true })))
                    });
                    let misplaced = (s == usize::from(owner)) == hostile;
                    return Some(if misplaced && owner == p { 15 } else { -5 });
                }
                _ => {}
            }
        }
        None
    }
}
