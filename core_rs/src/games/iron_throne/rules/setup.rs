//! Setup (p. 3 "Pregătirea jocului") and the event card of preparation step 1 (p. 5).

use super::super::content::Rules;
use super::super::state::{Encounter, Event, IronThrone, Pending, Seat, Step, DECK_SIZE, HAND_SIZE, NONE};
use crate::engine::{Events, Player, SetupError};
use crate::rng::Rng;

impl IronThrone {
    /// Houses (option or random distinct), 2 leader sheets dealt per player, shuffled 25-card decks and 5-card
    /// hands, event deck of the 3 influence events plus the 3 of each house in play, random first attacker.
    pub fn setup(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        let mut rng = Rng::new(seed);
        let n = usize::from(players);
        let houses: Vec<u8> = if rules.seat_houses.is_empty() {
            let mut all: Vec<u8> = (0..rules.houses.len() as u8).collect();
            rng.shuffle(&mut all);
            all.truncate(n);
            all
        } else if rules.seat_houses.len() == n {
            rules.seat_houses.clone()
        } else {
            return Err(SetupError::Option {
                name: "houses".into(),
                reason: format!("name one house per player ({n}), or none for a random deal"),
            });
        };
        let mut seats = Vec::with_capacity(n);
        for &house in &houses {
            let mut sheets = [0u8, 1, 2, 3, 4];
            rng.shuffle(&mut sheets);
            let mut deck: Vec<u8> = (0..DECK_SIZE).collect();
            rng.shuffle(&mut deck);
            let hand = deck.split_off(deck.len() - HAND_SIZE);
            seats.push(Seat {
                house,
                offers: [sheets[0], sheets[1]],
                leader: NONE,
                revealed: false,
                crowns: [0; 5],
                alive: 0,
                dead: 0,
                sheet: 0,
                influence: [0; 5],
                hand,
                deck,
                discard: Vec::new(),
                hostages: Vec::new(),
            });
        }
        let mut events_deck: Vec<u8> = (0..rules.events.len() as u8)
            .filter(|&e| match rules.events[usize::from(e)] {
                Some(h) => houses.contains(&h),
                None => true,
            })
            .collect();
        rng.shuffle(&mut events_deck);
        let attacker = rng.below(u32::from(players)) as Player;
        Ok(IronThrone {
            seats,
            events_deck,
            events_discard: Vec::new(),
            enc: Encounter::new(attacker),
            step: Step::Leaders,
            tasks: Vec::new(),
            pending: Pending::Leaders,
            turn: 0,
            decisions: 0,
            rng,
        })
    }

    /// Everyone has picked: reveal, return the leader's token to the box, 4 crowns on each remaining character
    /// and 4 on the leader sheet, then the first turn begins.
    pub fn reveal_leaders(&mut self, ev: &mut Events<Event>) {
        for (p, s) in self.seats.iter_mut().enumerate() {
            s.revealed = true;
            s.alive = 0b1_1111 & !(1u8 << s.leader.min(4));
            for c in 0..5u8 {
                s.crowns[usize::from(c)] = if s.alive & (1 << c) != 0 { 4 } else { 0 };
            }
            s.sheet = 4;
            let (house, leader) = (s.house, s.leader);
            ev.public(|| Event::LeaderRevealed { seat: p as Player, house, leader });
        }
        let a = self.enc.attacker;
        ev.public(|| Event::FirstAttacker { seat: a });
        self.start_turn(a, ev);
    }

    /// Preparation step 1: the attacker draws an event. Returns true when the attacker must name the defender.
    pub fn prepare_event(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        if self.events_deck.is_empty() {
            std::mem::swap(&mut self.events_deck, &mut self.events_discard);
            self.rng.shuffle(&mut self.events_deck);
        }
        let Some(e) = self.events_deck.pop() else { return false };
        self.events_discard.push(e);
        self.enc.event = e;
        let a = self.enc.attacker;
        let kind = rules.events.get(usize::from(e)).copied().flatten();
        ev.public(|| Event::EventDrawn { house: kind });
        let mut cands = 0u16;
        match kind.and_then(|h| self.seats.iter().position(|s| s.house == h)) {
            Some(q) if q as Player != a => cands = 1 << q,
            Some(_) => {
                // The attacker's own house: he names any other player.
                for q in 0..self.n() {
                    if q != a {
                        cands |= 1 << q;
                    }
                }
            }
            None => {
                // Influence event: the other player who spread the most influence; ties chosen by the attacker.
                let best = (0..self.n()).filter(|&q| q != a).map(|q| self.seats[usize::from(q)].spread()).max();
                for q in 0..self.n() {
                    if q != a && Some(self.seats[usize::from(q)].spread()) == best {
                        cands |= 1 << q;
                    }
                }
            }
        }
        self.enc.candidates = cands;
        if cands.count_ones() == 1 {
            self.set_defender(cands.trailing_zeros() as Player, ev);
            false
        } else {
            true
        }
    }

    pub fn set_defender(&mut self, d: Player, ev: &mut Events<Event>) {
        self.enc.defender = d;
        self.enc.side[usize::from(self.enc.attacker)] = 1;
        if let Some(s) = self.enc.side.get_mut(usize::from(d)) {
            *s = 2;
        }
        self.enc.offered |= (1 << self.enc.attacker) | (1 << d);
        ev.public(|| Event::DefenderNamed { seat: d });
    }
}
