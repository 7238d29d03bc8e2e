//! Battles (research §3.5): support declarations, secret house cards, card abilities in Fiefdoms order,
//! the Valyrian Steel Blade, totals (ties to Fiefdoms), casualties, retreat or rout, after-battle abilities,
//! and the house-card cycle. Leaders (variant 4) add strength and are captured when their army is wiped out.

use super::super::content::{Ability, Card, Castle, Rules, Tactic, NONE};
use super::super::state::*;
use super::{code, note, Ev, K_CARD, NO_CARD};
use crate::engine::{Action, Player};

/// A side's combat strength by part (research §3.5 step 2: units, orders, support; then card, bonuses such as
/// the Valyrian Steel Blade, leaders, card abilities and tactics). The view carries it for the preview.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StrengthParts {
    pub units: i16,
    /// The march order's modifier (attacker) or the defense order's bonus (defender).
    pub order: i16,
    pub support: i16,
    pub card: i16,
    /// Bonuses won during the battle, the Valyrian Steel Blade among them.
    pub bonus: i16,
    pub leaders: i16,
    /// Printed card abilities that add strength.
    pub ability: i16,
    pub tactic: i16,
}

impl StrengthParts {
    pub fn total(&self) -> i16 {
        self.units + self.order + self.support + self.card + self.bonus + self.leaders + self.ability + self.tactic
    }
}

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
    fn support_value(&self, r: &Rules, c: &Combat, q: Player, against: Ability) -> Option<i16> {
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

    fn swords(&self, r: &Rules, c: &Combat, side: usize) -> i16 {
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

    fn forts(&self, r: &Rules, c: &Combat, side: usize) -> i16 {
        let mut n = i16::from(c.forts[side]) + self.side_card(r, c, side).map_or(0, |k| i16::from(k.forts));
        match self.ability(r, c, side) {
            Ability::SupportedPlusTwoFort if self.supported(r, c, side) => n += 1,
            Ability::CoastPlusOneFort if self.coastal(r, c.area) => n += 1,
            _ => {}
        }
        n
    }

    /// The two sides in Fiefdoms order (1E resolves card texts in Fiefdoms order, research §5.1 note).
    fn fief_sides(&self, c: &Combat) -> [usize; 2] {
        let pos = |s: Player| self.fief.iter().position(|&x| x == s).unwrap_or(usize::MAX);
        if pos(c.seats[0]) <= pos(c.seats[1]) {
            [0, 1]
        } else {
            [1, 0]
        }
    }

    pub(super) fn ask(&mut self, seat: Player, kind: ChoiceKind, options: Vec<u16>) {
        self.pending = Pending::Choice { seat, kind, options };
    }

    pub fn combat_step(&mut self, r: &Rules, ev: &mut Ev) {
        let Some(mut c) = self.combat.take() else { return };
        match c.stage {
            CStage::Support => {
                let land = !r.areas[usize::from(c.area)].sea;
                let _ = land;
                for &q in &self.throne.clone() {
                    if c.support[usize::from(q)] != NONE {
                        continue;
                    }
                    if self.support_value(r, &c, q, Ability::None).is_some() {
                        self.combat = Some(c);
                        return self.ask(q, ChoiceKind::Support, vec![0, 1, 2]);
                    }
                    c.support[usize::from(q)] = 2;
                }
                c.stage = CStage::Cards;
            }
            CStage::Cards => {
                for side in 0..2 {
                    if c.cards[side] == NONE {
                        let hand = self.seats[usize::from(c.seats[side])].hand;
                        let avail = hand & !(1u8.checked_shl(u32::from(c.forbid[side])).unwrap_or(0));
                        if avail == 0 {
                            c.cards[side] = NO_CARD;
                        }
                    }
                }
                if c.cards.contains(&NONE) {
                    self.combat = Some(c);
                    self.pending = Pending::Cards;
                    return;
                }
                // Reveal; Queen of Thorns (1E) cancels the other card's text.
                for side in 0..2 {
                    let own = self.side_card(r, &c, side).map(|k| k.ability);
                    c.cancelled[1 - side] = own == Some(Ability::CancelText);
                }
                note(ev, || {
                    let n = |s: usize| self.side_card(r, &c, s).map_or("no card".to_string(), |k| k.name.clone());
                    format!(
                        "house cards: {} plays {}, {} plays {}",
                        self.hname(r, c.seats[0]),
                        n(0),
                        self.hname(r, c.seats[1]),
                        n(1)
                    )
                });
                c.stage = CStage::Immediate;
            }
            CStage::Immediate => {
                for side in self.fief_sides(&c) {
                    if !c.done[side] {
                        c.done[side] = true;
                        self.immediate(r, &mut c, side, ev);
                        self.combat = Some(c);
                        return;
                    }
                }
                c.stage = CStage::Blade;
            }
            CStage::Blade => {
                c.stage = CStage::Totals;
                let holder = self.fief.first().copied().unwrap_or(NONE);
                if c.seats.contains(&holder) && !self.blade_used && !c.early {
                    self.combat = Some(c);
                    return self.ask(holder, ChoiceKind::Blade, vec![0, 1]);
                }
            }
            CStage::Totals => {
                if !c.early {
                    c.totals = [self.strength(r, &c, 0), self.strength(r, &c, 1)];
                    c.winner = if c.totals[0] != c.totals[1] {
                        u8::from(c.totals[1] > c.totals[0])
                    } else {
                        self.fief_sides(&c)[0] as u8
                    };
                    note(ev, || {
                        format!(
                            "strength {} {} : {} {} — {} wins",
                            self.hname(r, c.seats[0]),
                            c.totals[0],
                            c.totals[1],
                            self.hname(r, c.seats[1]),
                            self.hname(r, c.seats[usize::from(c.winner)])
                        )
                    });
                }
                c.stage = CStage::Casualties;
                c.sub = 0;
                let l = 1 - usize::from(c.winner);
                if !c.early && self.ability(r, &c, l) == Ability::NoRoutBuyFort {
                    c.no_rout = true;
                    if self.seats[usize::from(c.seats[l])].power >= 2 {
                        let seat = c.seats[l];
                        self.combat = Some(c);
                        return self.ask(seat, ChoiceKind::Davos, vec![0, 1]);
                    }
                }
            }
            CStage::Casualties => {
                let w = usize::from(c.winner);
                let l = 1 - w;
                if c.sub == 0 {
                    c.sub = 1;
                    let mut n = if c.early { 0 } else { (self.swords(r, &c, w) - self.forts(r, &c, l)).max(0) };
                    if !c.early && self.ability(r, &c, w) == Ability::OneCasualtyRegardless {
                        n = n.max(1);
                    }
                    if self.ability(r, &c, l) == Ability::NoCasualties {
                        n = 0;
                    }
                    let have: u8 = self.side_units(&c, l).iter().sum();
                    c.casualties = (n.min(i16::from(have))) as u8;
                }
                let u = self.side_units(&c, l);
                if c.casualties > 0 && u.iter().any(|&x| x > 0) {
                    let opts: Vec<u16> = (0..3u16).filter(|&k| u[usize::from(k)] > 0).collect();
                    let seat = c.seats[l];
                    self.combat = Some(c);
                    return self.ask(seat, ChoiceKind::Casualty, opts);
                }
                c.stage = CStage::Retreat;
            }
            CStage::Retreat => {
                let w = usize::from(c.winner);
                let l = 1 - w;
                // Maege Mormont (SoS): when her side wins, she picks the loser's retreat, attacker or defender.
                let chooser_picks = self.ability(r, &c, w) == Ability::ChooseRetreat;
                let army: u8 = self.side_units(&c, l).iter().sum();
                if army == 0 {
                    if l == 1 {
                        self.retreat_to(r, &mut c, NONE, ev);
                    } else {
                        self.capture_leaders(r, c.seats[0], c.area, c.seats[1], ev);
                    }
                } else if l == 0 && !chooser_picks {
                    // A beaten attacker falls back to the area it marched from (research §3.5, 2E), if it still may.
                    let from = c.from;
                    let t = &self.areas[usize::from(from)];
                    if t.owner == c.seats[0] || t.owner == NONE {
                        return self.begin_retreat(r, c, from, ev);
                    }
                    c.att = [0; 3];
                    self.capture_leaders(r, c.seats[0], c.area, c.seats[1], ev);
                } else {
                    let opts = self.retreat_options(r, &c, l);
                    if !opts.is_empty() {
                        let (seat, kind) = if chooser_picks {
                            (c.seats[w], ChoiceKind::RetreatFor)
                        } else {
                            (c.seats[l], ChoiceKind::Retreat)
                        };
                        self.combat = Some(c);
                        return self.ask(seat, kind, opts.into_iter().map(u16::from).collect());
                    }
                    let loser = c.seats[l];
                    note(ev, || format!("{} cannot retreat: its units are destroyed", self.hname(r, loser)));
                    if l == 1 {
                        self.retreat_to(r, &mut c, NONE, ev);
                    } else {
                        c.att = [0; 3];
                        self.capture_leaders(r, loser, c.area, c.seats[1], ev);
                    }
                }
                c.stage = CStage::After;
                c.done = [false, false];
            }
            CStage::RetreatLosses => {
                let l = 1 - usize::from(c.winner);
                let u = self.side_units(&c, l);
                if c.casualties > 0 && u.iter().any(|&x| x > 0) {
                    let opts: Vec<u16> = (0..3u16).filter(|&k| u[usize::from(k)] > 0).collect();
                    let seat = c.seats[l];
                    self.combat = Some(c);
                    return self.ask(seat, ChoiceKind::Casualty, opts);
                }
                let dest = c.retreat_dest;
                if l == 1 {
                    self.retreat_to(r, &mut c, dest, ev);
                } else {
                    self.attacker_retreats_to(r, &mut c, dest, ev);
                }
                c.stage = CStage::After;
                c.done = [false, false];
            }
            CStage::After => {
                for side in self.fief_sides(&c) {
                    if !c.done[side] {
                        c.done[side] = true;
                        self.after(r, &mut c, side);
                        self.combat = Some(c);
                        return;
                    }
                }
                c.stage = CStage::Done;
            }
            CStage::Done => {
                // No supply recount: the Supply track moves only when a Supply card resolves (research §6.1).
                self.finish_combat(r, &c);
                return;
            }
        }
        self.combat = Some(c);
    }

    /// The units an army of `n` of seat `p` must lose to retreat into `dest` (leaving `from`, if it stands on the
    /// board): the fewest that let the rest fit the supply limit there (2E reference: "loses the fewest units").
    fn retreat_losses(&self, r: &Rules, p: Player, from: Option<u8>, n: u8, dest: u8) -> u8 {
        let leave = from.map(|a| (a, -i16::from(n)));
        for keep in (1..=n).rev() {
            let mut changes = vec![(dest, i16::from(keep))];
            changes.extend(leave);
            if self.supply_ok(r, p, &changes) {
                return n - keep;
            }
        }
        n
    }

    /// Where the loser (`side`) may retreat: adjacent or by ship from the battle area, own or empty, open, no
    /// neutral force; a defender not into the attacker's origin, an attacker also back to its origin. Of those,
    /// only the areas where the army loses the fewest units to supply, and never one where it loses them all.
    pub fn retreat_options(&self, r: &Rules, c: &Combat, side: usize) -> Vec<u8> {
        let p = c.seats[side];
        let area = c.area;
        let sea = r.areas[usize::from(area)].sea;
        let n: u8 = self.side_units(c, side).iter().sum();
        let mut cands: Vec<u8> = if sea { r.areas[usize::from(area)].adj.clone() } else { self.land_reach(r, p, area) };
        if side == 0 && !cands.contains(&c.from) {
            cands.push(c.from);
        }
        let from = (side == 1).then_some(area);
        let mut best = n;
        let mut out: Vec<(u8, u8)> = Vec::new();
        for d in cands {
            let t = &self.areas[usize::from(d)];
            let legal = d != area
                && (side == 0 || d != c.from)
                && r.areas[usize::from(d)].sea == sea
                && !t.closed
                && t.neutral == 0
                && (t.owner == p || t.owner == NONE);
            if !legal {
                continue;
            }
            let lost = self.retreat_losses(r, p, from, n, d);
            best = best.min(lost);
            out.push((d, lost));
        }
        let mut v: Vec<u8> = out.into_iter().filter(|&(_, lost)| lost == best && lost < n).map(|(d, _)| d).collect();
        v.sort_unstable();
        v
    }

    /// The loser's retreat to `dest` is settled: it first destroys (its own choice) the units beyond its supply.
    fn begin_retreat(&mut self, r: &Rules, mut c: Combat, dest: u8, ev: &mut Ev) {
        let l = 1 - usize::from(c.winner);
        let n: u8 = self.side_units(&c, l).iter().sum();
        let from = (l == 1).then_some(c.area);
        c.casualties = self.retreat_losses(r, c.seats[l], from, n, dest);
        c.retreat_dest = dest;
        c.stage = CStage::RetreatLosses;
        if c.casualties > 0 {
            let (seat, k) = (c.seats[l], c.casualties);
            note(ev, || format!("{} loses {k} units to supply on the retreat", self.hname(r, seat)));
        }
        self.combat = Some(c);
    }

    /// The defender's survivors go to `dest` (NONE: they are destroyed), then the attacker takes the area.
    pub fn retreat_to(&mut self, r: &Rules, c: &mut Combat, dest: u8, ev: &mut Ev) {
        let def = c.seats[1];
        let area = c.area;
        let a = &self.areas[usize::from(area)];
        let u = [a.foot, a.knight, a.ship];
        if dest == NONE {
            self.capture_leaders(r, def, area, c.seats[0], ev);
        } else {
            self.enter(dest, def, u);
            if !c.no_rout {
                let t = &mut self.areas[usize::from(dest)];
                for (x, n) in t.routed.iter_mut().zip(u) {
                    *x += n;
                }
            }
            for l in self.leaders.iter_mut() {
                if !l.dead && l.captor == NONE && l.seat == def && l.area == area {
                    l.area = dest;
                }
            }
            note(ev, || format!("{} retreats to {}", self.hname(r, def), r.area_name(dest)));
        }
        let a = &mut self.areas[usize::from(area)];
        a.foot = 0;
        a.knight = 0;
        a.ship = 0;
        a.order = NONE;
        a.routed = [0; 3];
        a.owner = NONE;
        self.enter(area, c.seats[0], c.att);
        c.att = [0; 3];
    }

    /// A beaten attacker's units go, routed, to `dest` (its origin, or where Maege sends them).
    fn attacker_retreats_to(&mut self, r: &Rules, c: &mut Combat, dest: u8, ev: &mut Ev) {
        let att = c.seats[0];
        if c.att.iter().sum::<u8>() == 0 {
            self.capture_leaders(r, att, c.area, c.seats[1], ev);
            return;
        }
        self.enter(dest, att, c.att);
        if !c.no_rout {
            let t = &mut self.areas[usize::from(dest)];
            for (x, n) in t.routed.iter_mut().zip(c.att) {
                *x += n;
            }
        }
        for l in self.leaders.iter_mut() {
            if !l.dead && l.captor == NONE && l.seat == att && l.area == c.area {
                l.area = dest;
            }
        }
        c.att = [0; 3];
        note(ev, || format!("{} falls back to {}", self.hname(r, att), r.area_name(dest)));
    }

    /// Discard the played cards; a house that has played all its cards takes back all but the last one.
    fn finish_combat(&mut self, _r: &Rules, c: &Combat) {
        for side in 0..2 {
            let card = c.cards[side];
            if card >= 7 {
                continue;
            }
            let bit = 1u8 << card;
            let s = &mut self.seats[usize::from(c.seats[side])];
            if s.hand & bit == 0 {
                continue;
            }
            s.hand &= !bit;
            s.discard |= bit;
            if s.hand == 0 {
                s.hand = s.discard & !bit;
                s.discard = bit;
                if s.hand == 0 {
                    s.hand = bit;
                    s.discard = 0;
                }
            }
        }
    }

    /// A combat choice (support, card abilities, Blade, casualties, retreat).
    pub fn combat_choice(&mut self, r: &Rules, p: Player, kind: ChoiceKind, opt: u16, ev: &mut Ev) {
        let Some(mut c) = self.combat.take() else { return };
        let side = usize::from(c.seats[1] == p);
        match kind {
            ChoiceKind::Support => {
                c.support[usize::from(p)] = opt as u8;
                note(ev, || {
                    let whom = match opt {
                        0 => self.hname(r, c.seats[0]).to_string(),
                        1 => self.hname(r, c.seats[1]).to_string(),
                        _ => "nobody".into(),
                    };
                    format!("{} supports {whom}", self.hname(r, p))
                });
            }
            ChoiceKind::Tyrion => {
                c.tyrion_used = true;
                if opt == 1 {
                    let o = 1 - side;
                    c.forbid[o] = c.cards[o];
                    c.cards[o] = NONE;
                    c.done[o] = false;
                    c.cancelled = [false, false];
                    c.stage = CStage::Cards;
                    note(ev, || format!("{} sends the card back", self.hname(r, p)));
                }
            }
            ChoiceKind::Aeron => {
                c.aeron_used = true;
                if opt == 1 {
                    let card = c.cards[side];
                    let s = &mut self.seats[usize::from(p)];
                    s.power = s.power.saturating_sub(2);
                    s.hand &= !(1u8.checked_shl(u32::from(card)).unwrap_or(0));
                    s.discard |= 1u8.checked_shl(u32::from(card)).unwrap_or(0) & 0x7F;
                    c.cards[side] = NONE;
                    c.bonus[side] -= 1;
                    c.done[side] = false;
                    c.cancelled = [false, false];
                    c.stage = CStage::Cards;
                    note(ev, || format!("{} pays 2 power to swap Aeron", self.hname(r, p)));
                }
            }
            ChoiceKind::Blade if opt == 1 => {
                c.bonus[side] += 1;
                self.blade_used = true;
                note(ev, || format!("{} uses the Valyrian Steel Blade", self.hname(r, p)));
            }
            ChoiceKind::Davos if opt == 1 => {
                self.lose_power(p, 2);
                c.forts[side] += 1;
            }
            ChoiceKind::Casualty => {
                let k = usize::from(opt);
                if side == 0 {
                    if let Some(x) = c.att.get_mut(k) {
                        *x = x.saturating_sub(1);
                    }
                } else {
                    let a = &mut self.areas[usize::from(c.area)];
                    match k {
                        0 => a.foot = a.foot.saturating_sub(1),
                        1 => a.knight = a.knight.saturating_sub(1),
                        _ => a.ship = a.ship.saturating_sub(1),
                    }
                    a.clamp_routed();
                }
                c.casualties = c.casualties.saturating_sub(1);
                note(ev, || format!("{} loses a {}", self.hname(r, p), Self::unit_name(k)));
            }
            ChoiceKind::Retreat | ChoiceKind::RetreatFor => return self.begin_retreat(r, c, opt as u8, ev),
            ChoiceKind::Stannis if opt == 1 => {
                self.throne_override = p;
                c.swords[side] += 1;
                note(ev, || format!("{} takes the Iron Throne token", self.hname(r, p)));
            }
            ChoiceKind::Renly if opt == 1 => {
                let a = &mut self.areas[usize::from(c.area)];
                if a.owner == p && a.foot > 0 {
                    a.foot -= 1;
                    a.knight += 1;
                    a.clamp_routed();
                    note(ev, || format!("{} upgrades a footman to a knight", self.hname(r, p)));
                }
            }
            _ => {}
        }
        self.combat = Some(c);
    }
}
