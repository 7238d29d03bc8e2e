//! The heuristic's and the describer's side of the decisions `rules/effect_pool_choices.rs` adds:
//! a player to choose for an effect, a card to pay a "kill / discard one of yours" cost with.

use super::super::cards::vocab::Op;
use super::super::cards::Rules;
use super::super::effects::def;
use super::super::rules::actions::*;
use super::super::rules::triggered::Step;
use super::super::state::{AgotCcg, Pending};
use crate::engine::{Action, ActionInfo, Player};

impl AgotCcg {
    /// The heuristic's score: a player effect aims at the opponent it hurts most (the most House power, the
    /// thickest deck); a cost is paid with the card worth least (printed cost, power, attachments).
    pub fn score_pool(&self, rules: &Rules, p: Player, a: Action) -> i32 {
        let (kind, _, y) = split(a);
        let Some(Pending::Effect(r)) = self.pending.first() else { return 0 };
        match (kind, &r.step) {
            (GEN_PLAYER, Step::Player { op }) => {
                let Some(s) = self.seats.get(y) else { return 0 };
                let effect = self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op)));
                // Its own discard pile back into its deck: more cards to draw.
                if let Some(Op::ShuffleDiscardIntoDeck { .. }) = effect {
                    return if y == usize::from(p) { 20 } else { 0 };
                }
                if y == usize::from(p) {
                    return -10;
                }
                match self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op))) {
                    Some(Op::DiscardHousePower { .. }) => 10 + i32::from(s.house_power) * 3,
                    Some(Op::RejectHouse { .. }) => 10 + 8 * s.house_attachments.len() as i32,
                    // The claim that matters is the attacker's.
                    Some(Op::ClaimLower { .. }) => {
                        10 + 10 * i32::from(self.challenge.as_ref().is_some_and(|c| usize::from(c.attacker) == y))
                    }
                    _ => 10 + (s.deck.len().min(60) as i32) / 10,
                }
            }
            (GEN_ATTACHMENT, Step::Attachment { .. }) => {
                // An opponent's attachment, or one an opponent put on our character: the dearest.
                let (_, x, _) = split(a);
                let Some((s, i)) = self.locate(y as u16) else { return 0 };
                let Some(&(att, owner)) = self.seats[s].play[i].attachments.get(x.wrapping_sub(1)) else { return 0 };
                if s != usize::from(p) || owner != p {
                    12 + i32::from(def(rules, att).cost)
                } else {
                    -20
                }
            }
            (GEN_OWN, Step::OwnDiscard { .. }) => {
                // The card of our own worth least: an attachment by its cost, a card as a cost is paid.
                let (_, x, _) = split(a);
                let Some((s, i)) = self.locate(y as u16) else { return 0 };
                let c = &self.seats[s].play[i];
                if x > 0 {
                    return c.attachments.get(x - 1).map_or(0, |&(att, _)| 40 - i32::from(def(rules, att).cost) * 3);
                }
                40 - i32::from(def(rules, c.def).cost) * 3 - i32::from(c.power) * 4 - c.attachments.len() as i32 * 3
            }
            (GEN_PLOT, Step::Replot { .. }) => {
                // The plot worth more than the revealed one (gold, claim, initiative as the plot choice weighs
                // them); DONE scores 0.
                let (_, x, _) = split(a);
                let s = &self.seats[usize::from(p)];
                let value = |c: u16| {
                    let d = def(rules, c);
                    i32::from(d.gold) * 2 + i32::from(d.claim) * 3 + i32::from(d.initiative)
                };
                let now = s.plot.map_or(0, value);
                s.plots.get(x).map_or(-50, |&c| value(c) - now)
            }
            (GEN_SWAP_PLOT, Step::SwapPlot { .. }) => {
                // The best used plot back into the plot deck, the worst plot of the deck out of it.
                let (_, x, _) = split(a);
                let s = &self.seats[usize::from(p)];
                let value = |c: u16| {
                    let d = def(rules, c);
                    i32::from(d.gold) * 2 + i32::from(d.claim) * 3 + i32::from(d.initiative)
                };
                let pile = if x == 0 { &s.used } else { &s.plots };
                pile.get(y).map_or(0, |&c| if x == 0 { value(c) } else { 50 - value(c) })
            }
            (GEN_PAY_CARD, Step::PayWith { .. }) => {
                let Some((s, i)) = self.locate(y as u16) else { return 0 };
                let c = &self.seats[s].play[i];
                40 - i32::from(def(rules, c.def).cost) * 3 - i32::from(c.power) * 4 - c.attachments.len() as i32 * 3
            }
            _ => 0,
        }
    }

    /// What such a decision does, in words.
    pub fn describe_pool(&self, rules: &Rules, p: Player, a: Action, name: impl Fn(usize) -> String) -> ActionInfo {
        let (kind, _, y) = split(a);
        match kind {
            GEN_PLAYER => ActionInfo::new(a, "player", format!("choose player {}", y + 1)).with("seat", y),
            GEN_PAY_CARD => ActionInfo::new(a, "pay", format!("pay the cost with {}", name(y))).with("uid", y),
            GEN_OWN => {
                let (_, x, _) = split(a);
                let att =
                    self.locate(y as u16).and_then(|(s, i)| self.seats[s].play[i].attachments.get(x.wrapping_sub(1)));
                let what = match (x, att) {
                    (0, _) => name(y),
                    (_, Some(a)) => format!("{} on {}", def(rules, a.0).name, name(y)),
                    _ => "?".to_owned(),
                };
                ActionInfo::new(a, "discard", format!("discard {what} from play")).with("uid", y).with("attachment", x)
            }
            GEN_SWAP_PLOT => {
                let (_, x, _) = split(a);
                let s = self.seats.get(usize::from(p));
                let pile = s.map(|s| if x == 0 { &s.used } else { &s.plots });
                let plot = pile.and_then(|v| v.get(y)).map_or("?".to_owned(), |&c| def(rules, c).name.clone());
                let from = if x == 0 { "used pile" } else { "plot deck" };
                ActionInfo::new(a, "plot", format!("swap {plot} from your {from}")).with("pile", x).with("plot", y)
            }
            GEN_PLOT => {
                let (_, x, _) = split(a);
                let plot = self
                    .seats
                    .get(usize::from(p))
                    .and_then(|s| s.plots.get(x))
                    .map_or("?".to_owned(), |&c| def(rules, c).name.clone());
                ActionInfo::new(a, "plot", format!("reveal {plot} instead")).with("plot", x)
            }
            GEN_ATTACHMENT => {
                let (_, x, _) = split(a);
                let att =
                    self.locate(y as u16).and_then(|(s, i)| self.seats[s].play[i].attachments.get(x.wrapping_sub(1)));
                let what = att.map_or("?".to_owned(), |a| def(rules, a.0).name.clone());
                let label = format!("choose {what} on {}", name(y));
                ActionInfo::new(a, "attachment", label).with("uid", y).with("attachment", x)
            }
            _ => ActionInfo::new(a, "unknown", format!("unknown action {a}")),
        }
    }
}
