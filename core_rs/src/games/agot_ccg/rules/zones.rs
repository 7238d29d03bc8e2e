//! Moving cards between zones: drawing, killing, discarding, leaving play, elimination and the end checks.

use super::super::cards::classify;
use super::super::cards::vocab::To;
use super::super::cards::{Ability, Kind, Rules, DEATHBOUND};
use super::super::effects::{constant, def, each};
use super::super::state::{AgotCcg, Event, InPlay, Pending, Phase, Resp};
use crate::engine::{Events, Player, PlayerSet, Visibility};

/// The power that wins (rulebook "Potere e vittoria").
pub const WIN_POWER: u8 = 15;
/// Doomed cards in a dead pile that eliminate a player (rulebook "Maledizione").
pub const CURSE_LIMIT: usize = 5;
/// Cards a player may draw per round by card effects (rulebook "Limite di acquisizione di tre carte").
pub const EXTRA_DRAW_LIMIT: u8 = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    Dead,
    Discard,
    DeckBottom,
}

impl AgotCcg {
    /// Draw `n`; `by_effect` draws count against the three-card limit. An empty deck draws nothing
    /// (rulebook "Fase 2": a player without cards in his House deck cannot draw any more).
    pub fn draw(&mut self, seat: usize, n: u8, by_effect: bool, ev: &mut Events<Event>) {
        let Some(s) = self.seats.get_mut(seat) else { return };
        let n = if by_effect { n.min(EXTRA_DRAW_LIMIT.saturating_sub(s.extra_drawn)) } else { n };
        let mut got = Vec::new();
        for _ in 0..n {
            let Some(c) = s.deck.pop() else { break };
            s.hand.push(c);
            got.push(c);
        }
        if by_effect {
            s.extra_drawn = s.extra_drawn.saturating_add(got.len() as u8);
        }
        let (p, k) = (seat as Player, got.len() as u8);
        ev.emit(Visibility::Except(PlayerSet::single(p)), || Event::Drew { seat: p, n: k });
        ev.private(PlayerSet::single(p), || Event::DrewCards { seat: p, cards: got });
    }

    /// Put a card into its owner's discard pile; deathbound cards go to the dead pile instead
    /// (rulebook "Vincolo mortale").
    pub fn to_discard(&mut self, rules: &Rules, owner: Player, card: u16, ev: &mut Events<Event>) {
        let dead = def(rules, card).keywords & DEATHBOUND != 0;
        if let Some(s) = self.seats.get_mut(usize::from(owner)) {
            if dead {
                s.dead.push(card);
            } else {
                s.discard.push(card);
            }
        }
        ev.public(|| Event::Discarded { seat: owner, card, dead });
    }

    /// Remove the card at (seat, index) from play to a pile (`remove_from_play` does it: one removal path).
    pub fn leave_play(&mut self, rules: &Rules, seat: usize, idx: usize, dest: Dest, ev: &mut Events<Event>) -> InPlay {
        let to = match dest {
            Dest::Dead => To::Dead,
            Dest::Discard => To::Discard,
            Dest::DeckBottom => To::DeckBottom,
        };
        self.remove_from_play(rules, seat, idx, to, ev)
    }

    /// Characters cannot be killed while a revealed plot says so (Safe Within the Walls).
    pub fn kills_allowed(&self, rules: &Rules) -> bool {
        !self.any_plot_has(rules, |a| constant(a).is_some_and(|k| each(k).is_some() && k.gets.cannot_be_killed))
    }

    /// Kill a character, first offering its controller the duplicate save (rulebook "Duplicati").
    pub fn kill(&mut self, rules: &Rules, uid: u16, offer_save: bool, ev: &mut Events<Event>) {
        let Some((s, i)) = self.locate(uid) else { return };
        if self.cannot_be_killed(rules, uid) {
            return;
        }
        if offer_save
            && !self.seats[s].play[i].dupes.is_empty()
            && !self.no_save.contains(&uid)
            && !self.never_saved(rules, uid)
        {
            self.pending
                .insert(0, Pending::Respond { seat: s as Player, resp: Resp::SaveWithDupe { uid, kill: true } });
            return;
        }
        // The save window, when some seat could save it (rulebook "Risposte Salva/Cancella").
        if self.save_gate(rules, uid, true) {
            return;
        }
        let c = self.leave_play(rules, s, i, Dest::Dead, ev);
        let seat = s as Player;
        ev.public(|| Event::Killed { seat, card: c.def });
        let kd = def(rules, c.def);
        // Responses to the kill, asked of whoever controls the responding card.
        let mut asks = Vec::new();
        for (q, other) in self.seats.iter().enumerate() {
            for o in &other.play {
                for ab in self.abilities_in(rules, o, classify::RESPONSES) {
                    if let Ability::StandAfterHouseCharKilled { house } = ab {
                        if o.kneeling && super::super::cards::house_index(house) == Some(kd.house) {
                            asks.push(Pending::Respond {
                                seat: q as Player,
                                resp: Resp::StandAfterKill { uid: o.uid },
                            });
                        }
                    }
                }
            }
        }
        let blank = kd.kind == Kind::Character && self.chars_blank(rules);
        if !blank && kd.abilities.iter().any(|a| matches!(a, Ability::KilledMovePowerToHouse)) {
            asks.push(Pending::Respond { seat, resp: Resp::MovePowerToHouse });
        }
        for a in kd.abilities.iter().filter(|_| !blank) {
            if let Ability::KilledClaimHouse { n } = a {
                asks.push(Pending::Respond { seat, resp: Resp::HousePower { n: *n } });
            }
        }
        for (k, a) in asks.into_iter().enumerate() {
            self.pending.insert(k, a);
        }
        self.fire(rules, super::triggered::Fired::Killed { card: c.def, seat, discarded: false }, ev);
        self.fire(rules, super::triggered::Fired::ToDeadPile, ev);
    }

    /// End checks, run after every step: the curse, then 15 power (rulebook "Maledizione", "Potere e vittoria").
    pub fn check_end(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        if self.phase == Phase::Over {
            return;
        }
        // Asked after every step and nearly always answered "nobody": the lists are built only when someone is
        // cursed or has won.
        let cursed_one = |s: usize| !self.seats[s].eliminated && self.doomed_count(rules, s) >= CURSE_LIMIT;
        if (0..self.n()).any(cursed_one) {
            let alive: Vec<usize> = (0..self.n()).filter(|&s| !self.seats[s].eliminated).collect();
            let cursed: Vec<usize> =
                alive.iter().copied().filter(|&s| self.doomed_count(rules, s) >= CURSE_LIMIT).collect();
            if cursed.len() == alive.len() {
                // Everybody at once: the match is a draw.
                return self.finish(alive.iter().map(|&s| s as Player).collect(), ev);
            }
            for &s in &cursed {
                self.eliminate(rules, s, ev);
            }
            let left: Vec<Player> = (0..self.n()).filter(|&s| !self.seats[s].eliminated).map(|s| s as Player).collect();
            if left.len() == 1 {
                return self.finish(left, ev);
            }
        }
        // Each player's own threshold (Balon's Follower raises his opponents'); the most power among those who
        // reached theirs wins.
        // The threshold is never below the rulebook's 15, so a player short of 15 needs no threshold read.
        let reached: Vec<usize> = (0..self.n())
            .filter(|&s| {
                let power = self.power(s);
                !self.seats[s].eliminated && power >= WIN_POWER && power >= self.power_to_win(rules, s, WIN_POWER)
            })
            .collect();
        if let Some(best) = reached.iter().map(|&s| self.power(s)).max() {
            let w = reached.into_iter().filter(|&s| self.power(s) == best).map(|s| s as Player).collect();
            self.finish(w, ev);
        }
    }

    pub fn finish(&mut self, winners: Vec<Player>, ev: &mut Events<Event>) {
        self.phase = Phase::Over;
        self.pending.clear();
        self.challenge = None;
        let w = winners.clone();
        ev.public(|| Event::Won { seats: w });
        self.winners = winners;
    }

    /// An eliminated player's cards leave play to the bottom of their owners' decks; he takes no more part.
    fn eliminate(&mut self, rules: &Rules, s: usize, ev: &mut Events<Event>) {
        self.seats[s].eliminated = true;
        while !self.seats[s].play.is_empty() {
            let last = self.seats[s].play.len() - 1;
            // Its attachments and duplicates go to the bottom of their owners' decks with it, not to the discard
            // pile (research §3.7).
            let c = &mut self.seats[s].play[last];
            let (atts, dupes, owner) = (std::mem::take(&mut c.attachments), std::mem::take(&mut c.dupes), c.owner);
            for (a, o) in atts {
                self.seats[usize::from(o)].deck.insert(0, a);
            }
            for d in dupes {
                self.seats[usize::from(owner)].deck.insert(0, d);
            }
            self.leave_play(rules, s, last, Dest::DeckBottom, ev);
        }
        // Attachments he owns on other players' cards follow him.
        let mut back = Vec::new();
        for q in 0..self.n() {
            for c in self.seats[q].play.iter_mut() {
                let (mine, keep): (Vec<_>, Vec<_>) = c.attachments.iter().partition(|(_, o)| usize::from(*o) == s);
                c.attachments = keep;
                back.extend(mine.into_iter().map(|(a, _)| a));
            }
        }
        self.seats[s].deck.splice(0..0, back);
        if self.challenge.as_ref().is_some_and(|ch| usize::from(ch.attacker) == s || usize::from(ch.defender) == s) {
            self.challenge = None;
        }
        // His revealed plot stops counting but stays his card: onto the used pile, so every plot stays in one place.
        if let Some(plot) = self.seats[s].plot.take() {
            self.seats[s].used.push(plot);
        }
        self.pending.retain(|p| usize::from(p.seat()) != s);
        let seat = s as Player;
        ev.public(|| Event::Eliminated { seat });
    }
}
