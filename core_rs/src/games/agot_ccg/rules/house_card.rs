//! The House card as a card that takes attachments and kneels (Strength in Unity, Paper Money, Arianne's
//! Rejection). An attachment "attached to your House card" is played there from hand in marshalling, gives its
//! gold to the House card's player, may be used from there (the `house_card` zone of a composable action), and
//! is discarded to its owner's discard pile when it leaves. The House card stands in the standing phase.

use super::super::cards::{Ability, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event};
use super::actions::{code, MARSHAL_HOUSE};
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// Is `card` an attachment played on its player's own House card rather than on a character?
    pub fn attaches_to_house(rules: &Rules, card: u16) -> bool {
        let d = def(rules, card);
        d.kind == Kind::Attachment && d.abilities.iter().any(|a| matches!(a, Ability::AttachToHouse))
    }

    /// The marshalling code for the attachment at hand index `i`, if it goes on the House card.
    pub(super) fn house_marshal_action(&self, rules: &Rules, i: usize, card: u16, out: &mut Vec<Action>) -> bool {
        if !Self::attaches_to_house(rules, card) {
            return false;
        }
        out.push(code(MARSHAL_HOUSE, i, 0));
        true
    }

    /// The marshalled attachment goes on `p`'s House card.
    pub(super) fn attach_to_house(&mut self, p: Player, card: u16, ev: &mut Events<Event>) {
        self.seats[usize::from(p)].house_attachments.push((card, p));
        ev.public(|| Event::AttachedToHouse { seat: p, card });
    }

    /// `n`, plus the number of attachments on `seat`'s House card when `per_house_attachment` ("X = the
    /// attachments on your House card": Paper Money, Standard of the Kraken).
    pub(super) fn plus_house_attachments(&self, seat: usize, n: u8, per_house_attachment: bool) -> usize {
        let per = if per_house_attachment { self.seats[seat].house_attachments.len() } else { 0 };
        usize::from(n) + per
    }

    /// The gold the attachments on `seat`'s House card provide.
    pub fn house_gold(&self, rules: &Rules, seat: usize) -> u8 {
        let atts = &self.seats[seat].house_attachments;
        atts.iter().fold(0u8, |g, &(a, _)| g.saturating_add(def(rules, a).gold))
    }

    /// Kneel `q`'s House card; false if it was already kneeling.
    pub(super) fn kneel_house(&mut self, q: usize, ev: &mut Events<Event>) -> bool {
        let s = &mut self.seats[q];
        if s.house_kneeling {
            return false;
        }
        s.house_kneeling = true;
        let seat = q as Player;
        ev.public(|| Event::HouseKnelt { seat });
        true
    }

    /// Arianne's Rejection: kneel `q`'s House card, then discard every attachment on it.
    pub(super) fn reject_house(&mut self, rules: &Rules, q: usize, ev: &mut Events<Event>) {
        self.kneel_house(q, ev);
        for (a, owner) in std::mem::take(&mut self.seats[q].house_attachments) {
            self.to_discard(rules, owner, a, ev);
        }
    }
}
