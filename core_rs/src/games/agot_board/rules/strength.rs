//! A battle's strength (research §3.5 step 2): the house cards a side may play, support, the units, orders,
//! cards, leaders, abilities and tactics part by part, and the Fiefdoms order of the sides.

use super::super::content::{Ability, Card, Castle, Rules, Tactic, NONE};
use super::super::state::*;
use super::combat::StrengthParts;
use super::{code, K_CARD};
use crate::engine::{Action, Player};

impl AgotBoard {
    pub fn legal_cards(&self, p: Player, out: &mut Vec<Action>) {
        let Some(c) = &self.combat else { return };
        for side in 0..2 {
            if c.seats[side] == p && c.cards[side] == NONE {
                let hand = self.seats[usize::from(p)].hand;
                for i in 0..7u8 {
                    if hand & (1 << i) != 0 && c.forbid[side] != i {
                        out.push(code(K_CARD, u32::from(i)));
                    }
                }
                return;
            }
        }
    }

    /// The card a side plays, if any.
    pub fn side_card<'a>(&self, r: &'a Rules, c: &Combat, side: usize) -> Option<&'a Card> {
        let house = self.seats.get(usize::from(c.seats[side]))?.house;
        r.card(house, c.cards[side])
    }

    pub(super) fn ability(&self, r: &Rules, c: &Combat, side: usize) -> Ability {
        if c.cancelled[side] {
            return Ability::None;
        }
        self.side_card(r, c, side).map_or(Ability::None, |k| k.ability)
    }

    pub fn side_units(&self, c: &Combat, side: usize) -> [u8; 3] {
        if side == 0 {
            c.att
        } else {
            let a = &self.areas[usize::from(c.area)];
            [a.foot, a.knight, a.ship]
        }
    }

    fn leaders_in(&self, seat: Player, area: u8) -> i16 {
        self.leaders.iter().filter(|l| !l.dead && l.captor == NONE && l.seat == seat && l.area == area).count() as i16
    }

    /// Support orders of seat `q` that can reach this battle: adjacent, standing, and (for a sea battle) at sea.
    pub(super) fn support_value(&self, r: &Rules, c: &Combat, q: Player, against: Ability) -> Option<i16> {
        let land_battle = !r.areas[usize::from(c.area)].sea;
        let mut total: Option<i16> = None;
        for &b in &r.areas[usize::from(c.area)].adj {
            let x = &self.areas[usize::from(b)];
            let u = x.standing();
            if x.owner != q || u.iter().all(|&n| n == 0) || (!land_battle && !r.areas[usize::from(b)].sea) {
                continue;
            }
            if let Some(OKind::Support(bonus)) = okind(x.order) {
                let foot = if self.restrict & FOOTMEN_NO_SUPPORT != 0 { 0 } else { i16::from(u[0]) };
                let ship = if against == Ability::ShipsSupportZero { 0 } else { i16::from(u[2]) };
                let rally = i16::from(self.tactic_is(r, q, Tactic::RallyBanners));
                *total.get_or_insert(0) += foot + 2 * i16::from(u[1]) + ship + i16::from(bonus) + rally;
            }
        }
        total
    }

    fn supported(&self, r: &Rules, c: &Combat, side: usize) -> bool {
        (0..self.n()).any(|q| {
            c.support.get(usize::from(q)) == Some(&(side as u8)) && self.support_value(r, c, q, Ability::None).is_some()
        })
    }

    fn coastal(&self, r: &Rules, area: u8) -> bool {
        let d = &r.areas[usize::from(area)];
        d.sea || d.adj.iter().any(|&b| r.areas[usize::from(b)].sea)
    }

    /// Combat strength of a side (research §3.5 step 2 plus card, Blade, leaders, tactics).
    pub fn strength(&self, r: &Rules, c: &Combat, side: usize) -> i16 {
        self.strength_parts(r, c, side, true).total()
    }

    /// A side's strength part by part, as the combat preview shows it. With `cards_known` false (house cards
    /// still face down) the cards and their abilities count nothing: what every player can add up so far.
    pub fn strength_parts(&self, r: &Rules, c: &Combat, side: usize, cards_known: bool) -> StrengthParts {
        let o = 1 - side;
        let seat = c.seats[side];
        let (ab, oab) = if cards_known {
            (self.ability(r, c, side), self.ability(r, c, o))
        } else {
            (Ability::None, Ability::None)
        };
        let area = &self.areas[usize::from(c.area)];
        let u = if side == 1 { area.standing() } else { self.side_units(c, side) };
        let fv = if side == 0 && ab == Ability::AttackingFootmenTwo { 2 } else { 1 };
        let kv = if side == 0 && ab == Ability::AttackingKnightsThree { 3 } else { 2 };
        let sv = if side == 0 && ab == Ability::AttackingShipsTwo { 2 } else { 1 };
        let mut p = StrengthParts {
            units: fv * i16::from(u[0]) + kv * i16::from(u[1]) + sv * i16::from(u[2]),
            ..StrengthParts::default()
        };
        if side == 0 {
            p.order = i16::from(c.modifier);
        } else if let Some(OKind::Defense(b)) = okind(area.order) {
            p.order = i16::from(b) * if ab == Ability::DefenseDoubled { 2 } else { 1 };
        }
        for q in 0..self.n() {
            if c.support.get(usize::from(q)) == Some(&(side as u8)) {
                p.support += self.support_value(r, c, q, oab).unwrap_or(0);
            }
        }
        if let Some(card) = self.side_card(r, c, side).filter(|_| cards_known) {
            if oab != Ability::OpponentCardZero {
                p.card = i16::from(card.strength);
            }
        }
        p.bonus = i16::from(c.bonus[side]);
        p.leaders = self.leaders_in(seat, c.area) * i16::from(r.leader_strength);
        let supported = self.supported(r, c, side);
        p.ability = match ab {
            Ability::SupportedPlusTwoFort if supported => 2,
            Ability::CoastPlusOneFort if self.coastal(r, c.area) => 1,
            Ability::DefendingPlusTwo if side == 1 => 2,
            _ => 0,
        };
        if cards_known
            && side == 0
            && self.tactic_is(r, seat, Tactic::ControlWesteros)
            && r.areas[usize::from(c.area)].castle != Castle::None
        {
            p.tactic += 1;
        }
        if cards_known && side == 1 && self.tactic_is(r, seat, Tactic::HoldTheLine) {
            p.tactic += 1;
        }
        p
    }

    pub(super) fn swords(&self, r: &Rules, c: &Combat, side: usize) -> i16 {
        let mut n = i16::from(c.swords[side]) + self.side_card(r, c, side).map_or(0, |k| i16::from(k.swords));
        match self.ability(r, c, side) {
            Ability::SwordsThreeMinus => {
                n += 3 - self.side_card(r, c, 1 - side).map_or(0, |k| i16::from(k.strength)).min(3);
            }
            Ability::SupportedTwoSwords if self.supported(r, c, side) => n += 2,
            _ => {}
        }
        n
    }

    pub(super) fn forts(&self, r: &Rules, c: &Combat, side: usize) -> i16 {
        let mut n = i16::from(c.forts[side]) + self.side_card(r, c, side).map_or(0, |k| i16::from(k.forts));
        match self.ability(r, c, side) {
            Ability::SupportedPlusTwoFort if self.supported(r, c, side) => n += 1,
            Ability::CoastPlusOneFort if self.coastal(r, c.area) => n += 1,
            _ => {}
        }
        n
    }

    /// The two sides in Fiefdoms order (1E resolves card texts in Fiefdoms order, research §5.1 note).
    pub(super) fn fief_sides(&self, c: &Combat) -> [usize; 2] {
        let pos = |s: Player| self.fief.iter().position(|&x| x == s).unwrap_or(usize::MAX);
        if pos(c.seats[0]) <= pos(c.seats[1]) {
            [0, 1]
        } else {
            [1, 0]
        }
    }
}
