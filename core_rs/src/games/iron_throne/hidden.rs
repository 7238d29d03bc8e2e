//! Determinization (what a seat cannot see, resampled) and checks of decoded snapshots.

use super::content::Rules;
use super::state::{hostage_card, hostage_owner, IronThrone, Pending, Task, CROWN_SUPPLY, DECK_SIZE, NONE, NO_CARD};
use crate::engine::Player;
use crate::rng::Rng;

impl IronThrone {
    /// Resample what `p` cannot see: other hands, every deck's order, hostage faces held by others, the other
    /// side's hidden commit, other players' dealt leader sheets and secret picks, the event deck and the RNG.
    /// Each house's hidden cards are pooled and dealt back into the same hidden slots, so every count stays.
    pub fn resample(&self, p: Player, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        // Every pool is sorted before its shuffle, so the world drawn depends only on what p knows (which
        // cards are unseen), never on where the real state keeps them.
        g.rng = Rng::new(rng.next_u64());
        g.events_deck.sort_unstable();
        rng.shuffle(&mut g.events_deck);
        let n = usize::from(self.n());
        // Cards shown to everyone for a pending Political Instinct choice stay where they are.
        let shown = |o: usize| {
            self.tasks.iter().fold(0u32, |m, t| match *t {
                Task::Upgrade { target, options, .. } if usize::from(target) == o => m | options,
                _ => m,
            })
        };
        for o in 0..n {
            let fixed = shown(o);
            let mut pool: Vec<u8> = Vec::new();
            pool.extend(&g.seats[o].deck);
            if o != usize::from(p) {
                pool.extend(g.seats[o].hand.iter().filter(|&&c| fixed & (1 << c) == 0));
            }
            let commit_slot = [g.enc.attacker, g.enc.defender].iter().position(|&a| usize::from(a) == o);
            let hidden_commit = commit_slot.filter(|&i| {
                let c = g.enc.commit[i];
                c < DECK_SIZE && !g.enc.revealed && o != usize::from(p) && g.enc.face_up != i as u8
            });
            if let Some(i) = hidden_commit {
                pool.push(g.enc.commit[i]);
            }
            for (q, s) in g.seats.iter().enumerate() {
                if q != usize::from(p) {
                    pool.extend(
                        s.hostages.iter().filter(|h| usize::from(hostage_owner(**h)) == o).map(|h| hostage_card(*h)),
                    );
                }
            }
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            let mut it = pool.into_iter();
            for c in g.seats[o].deck.iter_mut() {
                *c = it.next().unwrap_or(*c);
            }
            if o != usize::from(p) {
                for c in g.seats[o].hand.iter_mut().filter(|c| fixed & (1 << **c) == 0) {
                    *c = it.next().unwrap_or(*c);
                }
            }
            if let Some(i) = hidden_commit {
                g.enc.commit[i] = it.next().unwrap_or(g.enc.commit[i]);
            }
            for q in 0..n {
                if q == usize::from(p) {
                    continue;
                }
                for h in g.seats[q].hostages.iter_mut() {
                    if usize::from(hostage_owner(*h)) == o {
                        *h = super::state::hostage(o as Player, it.next().unwrap_or(hostage_card(*h)));
                    }
                }
            }
            if o != usize::from(p) && !g.seats[o].revealed {
                let mut sheets = [0u8, 1, 2, 3, 4];
                rng.shuffle(&mut sheets);
                let s = &mut g.seats[o];
                s.offers = [sheets[0], sheets[1]];
                if s.leader != NONE {
                    s.leader = s.offers[rng.index(2)];
                }
            }
        }
        g
    }

    /// Reject decoded states whose ids or lengths could make later code index out of bounds.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if !(3..=5).contains(&n) {
            return Err(format!("{n} seats; 3 to 5 expected"));
        }
        let seat_ok = |p: u8| usize::from(p) < n;
        for (p, s) in self.seats.iter().enumerate() {
            if usize::from(s.house) >= rules.houses.len() || s.offers.iter().any(|l| *l >= 5) {
                return Err(format!("seat {p}: bad house or leader offers"));
            }
            if s.leader >= 5 && (s.leader != NONE || s.revealed) {
                return Err(format!("seat {p}: bad leader"));
            }
            if s.alive >= 32 || s.dead >= 32 {
                return Err(format!("seat {p}: bad character masks"));
            }
            for pile in [&s.hand, &s.deck, &s.discard] {
                if pile.iter().any(|c| *c >= DECK_SIZE) {
                    return Err(format!("seat {p}: card index out of range"));
                }
            }
            if s.hostages.iter().any(|h| !seat_ok(hostage_owner(*h)) || hostage_card(*h) >= DECK_SIZE) {
                return Err(format!("seat {p}: bad hostage"));
            }
            if s.influence[n..].iter().any(|x| *x != 0) || s.spread() > 5 {
                return Err(format!("seat {p}: bad influence"));
            }
        }
        self.check_supply()?;
        let e = &self.enc;
        if !seat_ok(e.attacker) || (e.defender != NONE && !seat_ok(e.defender)) {
            return Err("bad active players".into());
        }
        if e.chars.iter().any(|c| *c != NONE && *c >= 5) || e.side.iter().any(|s| *s > 2) {
            return Err("bad participants".into());
        }
        if e.commit.iter().any(|c| *c != NONE && *c != NO_CARD && *c >= DECK_SIZE)
            || (e.face_up != NONE && e.face_up > 1)
        {
            return Err("bad commits".into());
        }
        if e.offer[0] != NONE && (!seat_ok(e.offer[0]) || e.offer[1] >= 5 || !(1..=2).contains(&e.offer[2])) {
            return Err("bad pending offer".into());
        }
        if e.deal >= 144 || e.proposer > 1 && e.proposer != NONE || e.proposals.iter().any(|x| *x > 3) {
            return Err("bad truce talks".into());
        }
        if e.event != NONE && usize::from(e.event) >= rules.events.len() {
            return Err("bad event".into());
        }
        if e.played.iter().any(|(q, c)| !seat_ok(*q) || *c >= DECK_SIZE) {
            return Err("bad played cards".into());
        }
        if self.events_deck.iter().chain(&self.events_discard).any(|x| usize::from(*x) >= rules.events.len()) {
            return Err("bad event deck".into());
        }
        for t in &self.tasks {
            let ok = match *t {
                Task::Alloc { seat, .. } | Task::Discard { seat, .. } => seat_ok(seat),
                Task::Take { taker, victims } => seat_ok(taker) && victims < (1 << n),
                Task::Upgrade { seat, target, options } => {
                    seat_ok(seat) && seat_ok(target) && options != 0 && options < (1 << DECK_SIZE)
                }
            };
            if !ok {
                return Err("bad task".into());
            }
        }
        let pend_ok = match self.pending {
            Pending::Hostages { seat }
            | Pending::UseLeader { seat }
            | Pending::PlayCards { seat }
            | Pending::Choose { seat }
            | Pending::Offer { seat }
            | Pending::Answer { seat }
            | Pending::Propose { seat }
            | Pending::Respond { seat } => seat_ok(seat),
            Pending::Force { seat, target } => seat_ok(seat) && seat_ok(target),
            Pending::Task => !self.tasks.is_empty(),
            Pending::Commit | Pending::Defender => e.defender != NONE || self.pending == Pending::Defender,
            _ => true,
        };
        if !pend_ok {
            return Err("bad pending decision".into());
        }
        if (self.pending == Pending::Answer { seat: 0 } || matches!(self.pending, Pending::Answer { .. }))
            && e.offer[0] == NONE
        {
            return Err("an answer is pending without an offer".into());
        }
        if matches!(
            self.pending,
            Pending::Commit | Pending::Respond { .. } | Pending::Propose { .. } | Pending::Offer { .. }
        ) && e.defender == NONE
        {
            return Err("no defender".into());
        }
        self.check_cards()
    }

    /// Conservation of the box's contents: one house per seat, crowns within the 100 tokens in the box
    /// (research/iron_throne.md, box contents), a character either alive or dead.
    fn check_supply(&self) -> Result<(), String> {
        for (p, s) in self.seats.iter().enumerate() {
            if let Some(q) = self.seats[..p].iter().position(|o| o.house == s.house) {
                return Err(format!("seats {q} and {p} play the same house"));
            }
            if s.alive & s.dead != 0 {
                return Err(format!("seat {p}: a character both alive and dead"));
            }
        }
        let crowns: u32 =
            self.seats.iter().map(|s| s.crowns.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(s.sheet)).sum();
        if crowns > CROWN_SUPPLY {
            return Err(format!("{crowns} crowns on the table; the box holds {CROWN_SUPPLY}"));
        }
        Ok(())
    }

    /// Every card of every house deck is in exactly one place: its owner's hand, deck or discard pile, another
    /// seat's hostages, the encounter's committed cards, or the cards played this turn.
    fn check_cards(&self) -> Result<(), String> {
        let n = self.seats.len();
        let mut seen = vec![0u32; n];
        let mut put = |owner: usize, card: u8, place: &str| -> Result<(), String> {
            let bit = 1u32 << card;
            if seen[owner] & bit != 0 {
                return Err(format!("card {card} of seat {owner} is in two places (again in {place})"));
            }
            seen[owner] |= bit;
            Ok(())
        };
        for (p, s) in self.seats.iter().enumerate() {
            for (pile, place) in [(&s.hand, "a hand"), (&s.deck, "a deck"), (&s.discard, "a discard pile")] {
                for &c in pile {
                    put(p, c, place)?;
                }
            }
            for &h in &s.hostages {
                let owner = usize::from(hostage_owner(h));
                if owner == p {
                    return Err(format!("seat {p} holds its own card as a hostage"));
                }
                put(owner, hostage_card(h), "the hostages")?;
            }
        }
        for (side, &c) in self.enc.commit.iter().enumerate() {
            if c < DECK_SIZE {
                let seat = if side == 0 { self.enc.attacker } else { self.enc.defender };
                if usize::from(seat) >= n {
                    return Err("a committed card without its active player".into());
                }
                put(usize::from(seat), c, "the committed cards")?;
            }
        }
        for &(q, c) in &self.enc.played {
            put(usize::from(q), c, "the cards played this turn")?;
        }
        let full = (1u32 << DECK_SIZE) - 1;
        if let Some(p) = seen.iter().position(|&m| m != full) {
            return Err(format!("seat {p}'s house deck is missing {} card(s)", (full & !seen[p]).count_ones()));
        }
        Ok(())
    }
}
