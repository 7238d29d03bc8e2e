//! Westeros phase (research §3.2, §6): three cards, wildling threat, card effects; bidding on the influence
//! tracks (§3.8) and against the wildlings (§3.9 and rulebook variant 5); supply reconcile; Swing the Sword
//! (rulebook "Казнь Заложников"); and the dispatcher for every generic choice.

use super::super::content::{Rules, WKey, WildKey, NONE};
use super::super::state::*;
use super::{note, Ev};
use crate::engine::Player;

const TRACK_NAMES: [&str; 4] = ["Iron Throne", "Fiefdoms", "King's Court", "wildlings"];

impl AgotBoard {
    pub fn westeros_step(&mut self, r: &Rules, ev: &mut Ev) {
        if self.drawn.is_empty() {
            self.restrict = 0;
            self.resolved = 0;
            for d in 0..3 {
                if self.decks[d].is_empty() {
                    continue;
                }
                let card = self.decks[d].remove(0);
                self.reveal_westeros(r, d, card, ev);
                self.drawn.push(card);
            }
            if self.drawn.is_empty() {
                self.start_planning(r);
            }
            return;
        }
        if usize::from(self.resolved) >= self.drawn.len() {
            // Revealed cards go face down under their decks (rulebook variant 5 example).
            for (d, &card) in self.drawn.iter().enumerate() {
                if let Some(deck) = self.decks.get_mut(d) {
                    deck.push(card);
                }
            }
            self.drawn.clear();
            self.resolved = 0;
            self.start_planning(r);
            return;
        }
        let i = usize::from(self.resolved);
        let card = self.drawn[i];
        self.resolved += 1;
        let Some(wc) = r.wcards.get(usize::from(card)) else { return };
        match wc.key {
            WKey::Supply => self.supply_card(r),
            WKey::Mustering => self.start_muster_all(r),
            WKey::ThroneOfBlades => {
                let h = self.throne_holder();
                self.pending = Pending::Choice { seat: h, kind: ChoiceKind::ThroneOfBlades, options: vec![0, 1, 2] };
            }
            WKey::DarkWings => {
                let h = self.court.first().copied().unwrap_or(0);
                self.pending = Pending::Choice { seat: h, kind: ChoiceKind::DarkWings, options: vec![0, 1, 2] };
            }
            WKey::LastDays => {}
            WKey::Winter => {
                // Shuffle the card back into its deck and resolve a replacement in its place.
                if let Some(deck) = self.decks.get_mut(i) {
                    deck.push(card);
                    self.rng.shuffle(deck);
                    let next = deck.remove(0);
                    self.drawn[i] = next;
                    self.resolved -= 1;
                    self.reveal_westeros(r, i, next, ev);
                }
            }
            WKey::Clash => self.start_bidding(0),
            WKey::GameOfThrones => self.game_of_thrones(r),
            WKey::WildlingsAttack => self.start_bidding(3),
            WKey::StormOfSwords => self.restrict |= NO_DEFENSE,
            WKey::SeaOfStorms => self.restrict |= NO_RAID,
            WKey::FeastForCrows => self.restrict |= NO_CONSOLIDATE,
            WKey::RainsFootmen => self.restrict |= FOOTMEN_NO_SUPPORT,
            WKey::RainsNoMarchPlus => self.restrict |= NO_MARCH_PLUS,
            WKey::WebOfLies => self.restrict |= NO_SUPPORT,
            WKey::SwingTheSword => {
                self.executions = self
                    .throne
                    .iter()
                    .copied()
                    .filter(|&s| self.leaders.iter().any(|l| !l.dead && l.captor == s))
                    .collect();
            }
        }
    }

    /// Reveal a Westeros card: its wildling icon moves the threat up one step (1E steps of one, rulebook
    /// variant 5 example: 5 → 6); a Wildlings Attack also reveals the top wildling card (variant 5).
    fn reveal_westeros(&mut self, r: &Rules, deck: usize, card: u8, ev: &mut Ev) {
        let Some(wc) = r.wcards.get(usize::from(card)) else { return };
        if wc.wildling {
            self.threat = (self.threat + 1).min(r.threat_max);
        }
        if wc.key == WKey::WildlingsAttack && r.opts.wildling_cards && !self.wild_deck.is_empty() {
            self.wild_card = self.wild_deck.remove(0);
        }
        note(ev, || {
            let extra = if wc.key == WKey::WildlingsAttack && self.wild_card != NONE {
                format!(" (wildling card: {})", r.wild.get(usize::from(self.wild_card)).map_or("?", |w| w.1.as_str()))
            } else {
                String::new()
            };
            format!("Westeros deck {}: {}{}; threat {}", deck + 1, wc.name, extra, self.threat)
        });
    }

    pub fn supply_card(&mut self, r: &Rules) {
        self.recount_supply(r);
        let queue: Vec<(u8, u8)> =
            self.throne.iter().filter(|&&s| !self.supply_ok(r, s, &[])).map(|&s| (s, 0)).collect();
        if !queue.is_empty() {
            self.losses = Some(Losses { kind: ChoiceKind::Reconcile, queue });
        }
    }

    fn game_of_thrones(&mut self, r: &Rules) {
        for p in 0..self.n() {
            let crowns: u8 =
                self.areas.iter().zip(&r.areas).filter(|(a, d)| a.owner == p && !d.sea).map(|(_, d)| d.power).sum();
            self.gain_power(r, p, crowns);
        }
    }

    fn start_bidding(&mut self, track: u8) {
        for s in &mut self.seats {
            s.bid = NONE;
        }
        self.bidding =
            Some(Bidding { track, revealed: false, bids: Vec::new(), order: Vec::new(), groups: Vec::new() });
    }

    pub fn bidding_step(&mut self, r: &Rules, ev: &mut Ev) {
        let Some(mut b) = self.bidding.take() else { return };
        if !b.revealed {
            if self.seats.iter().any(|s| s.bid == NONE) {
                self.bidding = Some(b);
                self.pending = Pending::Bids;
                return;
            }
            // Reveal: bids are paid; Control Westeros adds 1 to a bid (designed tactic).
            b.revealed = true;
            b.bids = Vec::new();
            for p in 0..self.n() {
                let bid = self.seats[usize::from(p)].bid;
                self.seats[usize::from(p)].power -= bid;
                let bonus = u8::from(self.tactic_is(r, p, super::super::content::Tactic::ControlWesteros));
                b.bids.push(bid + bonus);
                self.seats[usize::from(p)].bid = NONE;
            }
            note(ev, || {
                let parts: Vec<String> =
                    b.bids.iter().enumerate().map(|(p, v)| format!("{} {v}", self.hname(r, p as u8))).collect();
                format!("bids for {}: {}", TRACK_NAMES[usize::from(b.track.min(3))], parts.join(", "))
            });
            let mut values: Vec<u8> = b.bids.clone();
            values.sort_unstable_by(|a, x| x.cmp(a));
            values.dedup();
            b.groups = values
                .iter()
                .map(|v| (0..self.n()).filter(|&p| b.bids[usize::from(p)] == *v).collect::<Vec<u8>>())
                .collect();
        }
        while let Some(g) = b.groups.first() {
            if g.len() == 1 {
                b.order.push(g[0]);
                b.groups.remove(0);
            } else {
                // Ties are settled by the holder of the Iron Throne (research §3.8).
                let options = g.iter().map(|&s| u16::from(s)).collect();
                let holder = self.throne_holder();
                self.bidding = Some(b);
                self.pending = Pending::Choice { seat: holder, kind: ChoiceKind::TieOrder, options };
                return;
            }
        }
        self.finish_bidding(r, b, ev);
    }

    fn finish_bidding(&mut self, r: &Rules, b: Bidding, ev: &mut Ev) {
        match b.track {
            0..=2 => {
                note(ev, || {
                    let names: Vec<&str> = b.order.iter().map(|&s| self.hname(r, s)).collect();
                    format!("{} track: {}", TRACK_NAMES[usize::from(b.track)], names.join(" > "))
                });
                match b.track {
                    0 => {
                        self.throne = b.order;
                        // Stannis holds the token only until the next Clash of Kings.
                        self.throne_override = NONE;
                    }
                    1 => self.fief = b.order,
                    _ => self.court = b.order,
                }
                if b.track < 2 {
                    self.start_bidding(b.track + 1);
                }
            }
            _ => self.wildling_result(r, &b, ev),
        }
    }

    /// The wildling attack's outcome (research §3.9 1E results, or variant 5's wildling card).
    fn wildling_result(&mut self, r: &Rules, b: &Bidding, ev: &mut Ev) {
        let total: u16 = b.bids.iter().map(|&x| u16::from(x)).sum();
        let threat = self.threat;
        let card = r.wild.get(usize::from(self.wild_card)).map(|w| w.0);
        let (Some(&high), Some(&low)) = (b.order.first(), b.order.last()) else { return };
        let others: Vec<u8> = self.throne.iter().copied().filter(|&s| s != low).collect();
        if total >= u16::from(threat) {
            note(ev, || {
                format!("the Night's Watch holds ({total} against {threat}); {} bid most", self.hname(r, high))
            });
            match card {
                None | Some(WildKey::SacrificeUnits) => self.offer_take_back(high, false),
                Some(WildKey::LosePower) => {
                    let bid = b.bids[usize::from(high)];
                    self.gain_power(r, high, bid);
                }
                Some(WildKey::CourtBottom) => move_on_track(&mut self.court, high, true),
                Some(WildKey::DiscardStrongest | WildKey::Quiet) => {}
            }
        } else {
            note(ev, || format!("the wildlings win ({total} against {threat}); {} bid least", self.hname(r, low)));
            match card {
                None | Some(WildKey::SacrificeUnits) => {
                    // Everyone sacrifices units worth 2 mustering points, the lowest bidder 4 (turn order).
                    let queue = self.throne.iter().map(|&s| (s, if s == low { 4 } else { 2 })).collect();
                    self.losses = Some(Losses { kind: ChoiceKind::Sacrifice, queue });
                }
                Some(WildKey::DiscardStrongest) => {
                    for &s in &others {
                        let hand = self.seats[usize::from(s)].hand;
                        if hand.count_ones() > 1 {
                            let cards: Vec<u8> = (0..7).filter(|i| hand & (1 << i) != 0).collect();
                            let pick = cards[self.rng.index(cards.len())];
                            self.discard_card(s, pick);
                            note(ev, || format!("{} discards a random house card", self.hname(r, s)));
                        }
                    }
                    let hand = self.seats[usize::from(low)].hand;
                    if hand.count_ones() > 1 {
                        let house = self.seats[usize::from(low)].house;
                        let str_of = |i: u8| r.card(house, i).map_or(0, |c| c.strength);
                        let best = (0..7).filter(|i| hand & (1 << i) != 0).map(str_of).max().unwrap_or(0);
                        let options: Vec<u16> =
                            (0..7u8).filter(|&i| hand & (1 << i) != 0 && str_of(i) == best).map(u16::from).collect();
                        self.pending = Pending::Choice { seat: low, kind: ChoiceKind::DiscardStrongest, options };
                    }
                }
                Some(WildKey::LosePower) => {
                    self.seats[usize::from(low)].power = 0;
                    for &s in &others {
                        self.lose_power(s, 2);
                    }
                }
                Some(WildKey::CourtBottom) => move_on_track(&mut self.court, low, false),
                Some(WildKey::Quiet) => {}
            }
        }
        self.threat = 0;
        if self.wild_card != NONE {
            self.wild_deck.push(self.wild_card);
            self.wild_card = NONE;
        }
    }

    fn offer_take_back(&mut self, p: Player, optional: bool) {
        let discard = self.seats[usize::from(p)].discard;
        let mut options: Vec<u16> = (0..7u16).filter(|&i| discard & (1 << i) != 0).collect();
        if options.is_empty() {
            return;
        }
        if optional {
            options.push(u16::from(NONE));
        }
        self.pending = Pending::Choice { seat: p, kind: ChoiceKind::TakeBack, options };
    }

    pub fn discard_card(&mut self, p: Player, i: u8) {
        let s = &mut self.seats[usize::from(p)];
        let bit = 1u8 << i;
        if s.hand & bit != 0 && s.hand != bit {
            s.hand &= !bit;
            s.discard |= bit;
        }
    }

    /// Unit-destruction duties: supply reconcile (one unit at a time until the armies fit) and wildling
    /// sacrifices (units worth N mustering points: footman/ship 1, knight 2).
    pub fn losses_step(&mut self, r: &Rules, ev: &mut Ev) {
        loop {
            let Some(l) = &self.losses else { return };
            let kind = l.kind;
            let Some(&(s, left)) = l.queue.first() else {
                self.losses = None;
                self.orphan_leaders(r, ev);
                return;
            };
            let units: Vec<u16> = self
                .areas
                .iter()
                .enumerate()
                .filter(|(_, a)| a.owner == s && (kind == ChoiceKind::Sacrifice || a.units() >= 2))
                .flat_map(|(i, a)| {
                    [a.foot, a.knight, a.ship]
                        .into_iter()
                        .enumerate()
                        .filter(|(_, n)| *n > 0)
                        .map(move |(k, _)| (i as u16) << 2 | k as u16)
                })
                .collect();
            let done = match kind {
                ChoiceKind::Sacrifice => left == 0 || units.is_empty(),
                _ => units.is_empty() || self.supply_ok(r, s, &[]),
            };
            if done {
                if let Some(l) = self.losses.as_mut() {
                    l.queue.remove(0);
                }
                continue;
            }
            self.pending = Pending::Choice { seat: s, kind, options: units };
            return;
        }
    }

    pub fn execution_step(&mut self, r: &Rules, s: Player) {
        let mut options: Vec<u16> =
            self.leaders.iter().enumerate().filter(|(_, l)| !l.dead && l.captor == s).map(|(i, _)| i as u16).collect();
        let _ = r;
        if options.is_empty() {
            self.executions.remove(0);
            return;
        }
        options.push(u16::from(NONE));
        self.pending = Pending::Choice { seat: s, kind: ChoiceKind::Execute, options };
    }

    /// Every generic choice lands here.
    pub fn choose(&mut self, r: &Rules, p: Player, opt: u16, ev: &mut Ev) {
        let Pending::Choice { kind, .. } = self.pending.clone() else { return };
        match kind {
            ChoiceKind::TieOrder => {
                if let Some(b) = self.bidding.as_mut() {
                    if let Some(g) = b.groups.first_mut() {
                        g.retain(|&x| u16::from(x) != opt);
                        b.order.push(opt as u8);
                    }
                }
            }
            ChoiceKind::ThroneOfBlades => match opt {
                0 => self.supply_card(r),
                1 => self.start_muster_all(r),
                _ => {}
            },
            ChoiceKind::DarkWings => match opt {
                0 => self.start_bidding(0),
                1 => self.game_of_thrones(r),
                _ => {}
            },
            ChoiceKind::Reconcile | ChoiceKind::Sacrifice => {
                let (a, k) = (usize::from(opt >> 2), usize::from(opt & 3));
                if let Some(ar) = self.areas.get_mut(a) {
                    match k {
                        0 => ar.foot = ar.foot.saturating_sub(1),
                        1 => ar.knight = ar.knight.saturating_sub(1),
                        _ => ar.ship = ar.ship.saturating_sub(1),
                    }
                    ar.clamp_routed();
                    if ar.units() == 0 && !ar.token {
                        ar.owner = NONE;
                        ar.order = NONE;
                    }
                }
                if let Some(l) = self.losses.as_mut() {
                    if let Some(e) = l.queue.first_mut() {
                        e.1 = e.1.saturating_sub(if k == 1 { 2 } else { 1 });
                    }
                }
                note(ev, || {
                    format!("{} destroys a {} in {}", self.hname(r, p), Self::unit_name(k), r.area_name(a as u8))
                });
                self.orphan_leaders(r, ev);
            }
            ChoiceKind::Execute => {
                if !self.executions.is_empty() {
                    self.executions.remove(0);
                }
                if opt != u16::from(NONE) {
                    self.kill_leader(r, usize::from(opt), ev);
                }
            }
            ChoiceKind::TakeBack => {
                if opt < 7 {
                    let s = &mut self.seats[usize::from(p)];
                    s.discard &= !(1 << opt);
                    s.hand |= 1 << opt;
                }
            }
            ChoiceKind::DiscardStrongest => self.discard_card(p, opt as u8),
            ChoiceKind::MelisandreDiscard => {
                if opt < 7 {
                    self.lose_power(p, 1);
                    if let Some(c) = &self.combat {
                        let opp = if c.seats[0] == p { c.seats[1] } else { c.seats[0] };
                        self.discard_card(opp, opt as u8);
                    }
                }
            }
            ChoiceKind::RemoveOrder => {
                if let Some(a) = self.areas.get_mut(usize::from(opt)) {
                    a.order = NONE;
                }
            }
            ChoiceKind::PlaceOrder => {
                if opt < 11 {
                    if let Some(c) = &self.combat {
                        let area = c.area;
                        self.areas[usize::from(area)].order = opt as u8;
                    }
                }
            }
            ChoiceKind::Support
            | ChoiceKind::Tyrion
            | ChoiceKind::Aeron
            | ChoiceKind::Blade
            | ChoiceKind::Stannis
            | ChoiceKind::Renly
            | ChoiceKind::Davos
            | ChoiceKind::Casualty
            | ChoiceKind::Retreat
            | ChoiceKind::RetreatFor => self.combat_choice(r, p, kind, opt, ev),
        }
    }
}

/// Move a seat to the top or bottom of a track, the others closing up.
pub fn move_on_track(track: &mut Vec<u8>, s: u8, top: bool) {
    if let Some(i) = track.iter().position(|&x| x == s) {
        track.remove(i);
        if top {
            track.insert(0, s);
        } else {
            track.push(s);
        }
    }
}
