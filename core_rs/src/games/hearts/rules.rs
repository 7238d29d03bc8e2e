//! The rules, in the order of a hand (docs/games/hearts.md numbers them §1–§6): deal, pass, lead and follow,
//! tricks, the hand's score, the match's end. Each follows OpenSpiel's `hearts.cc` rule for rule.

use serde::Deserialize;

use super::state::*;
use crate::engine::{Events, Illegal, Player, PlayerSet, SetupError, Visibility};
use crate::rng::Rng;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    #[serde(default = "yes")]
    pass_cards: bool,
    #[serde(default = "yes")]
    no_pts_on_first_trick: bool,
    #[serde(default)]
    can_lead_any_club: bool,
    #[serde(default)]
    jd_bonus: bool,
    #[serde(default)]
    avoid_all_tricks_bonus: bool,
    #[serde(default = "yes")]
    must_break_hearts: bool,
    #[serde(default = "yes")]
    qs_breaks_hearts: bool,
    #[serde(default)]
    can_lead_hearts_instead_of_qs: bool,
    #[serde(default = "random")]
    pass_direction: String,
    #[serde(default = "one")]
    hands: u8,
}

fn yes() -> bool {
    true
}
fn random() -> String {
    "random".into()
}
fn one() -> u8 {
    1
}

/// The most hands a match may have.
pub const MAX_HANDS: u8 = 100;

pub fn parse_rules(content: &str, options: &str) -> Result<Rules, SetupError> {
    // Hearts has no content: the deck is the standard 52 cards.
    let content: serde_json::Value = serde_json::from_str(content).map_err(|e| SetupError::Content(e.to_string()))?;
    if content.as_object().is_none_or(|o| !o.is_empty()) {
        return Err(SetupError::Content("hearts takes no content: pass an empty object".into()));
    }
    let o: Options = serde_json::from_str(options)
        .map_err(|e| SetupError::Option { name: "options".into(), reason: e.to_string() })?;
    let first_direction = match o.pass_direction.as_str() {
        "random" => FirstDirection::Random,
        "left" => FirstDirection::Fixed(PassDirection::Left),
        "right" => FirstDirection::Fixed(PassDirection::Right),
        "across" => FirstDirection::Fixed(PassDirection::Across),
        "none" => FirstDirection::Fixed(PassDirection::None),
        other => {
            return Err(SetupError::Option {
                name: "pass_direction".into(),
                reason: format!("{other:?} is not one of random, left, right, across, none"),
            })
        }
    };
    if !o.pass_cards && !matches!(first_direction, FirstDirection::Random | FirstDirection::Fixed(PassDirection::None))
    {
        return Err(SetupError::Option {
            name: "pass_direction".into(),
            reason: "without pass_cards no cards are passed: use random or none".into(),
        });
    }
    if o.hands == 0 || o.hands > MAX_HANDS {
        return Err(SetupError::Option { name: "hands".into(), reason: format!("1 to {MAX_HANDS}, not {}", o.hands) });
    }
    Ok(Rules {
        pass_cards: o.pass_cards,
        no_pts_on_first_trick: o.no_pts_on_first_trick,
        can_lead_any_club: o.can_lead_any_club,
        jd_bonus: o.jd_bonus,
        avoid_all_tricks_bonus: o.avoid_all_tricks_bonus,
        must_break_hearts: o.must_break_hearts,
        qs_breaks_hearts: o.qs_breaks_hearts,
        can_lead_hearts_instead_of_qs: o.can_lead_hearts_instead_of_qs,
        first_direction,
        hands: o.hands,
    })
}

/// A card's points (OpenSpiel `CardPoints`): a heart 1, the queen of spades 13, the jack of diamonds -10 with
/// `jd_bonus`.
pub fn card_points(rules: &Rules, c: Card) -> i16 {
    if suit_of(c) == HEARTS {
        1
    } else if c == QUEEN_OF_SPADES {
        13
    } else if c == JACK_OF_DIAMONDS && rules.jd_bonus {
        JACK_OF_DIAMONDS_POINTS
    } else {
        0
    }
}

impl Hearts {
    pub fn new_match(rules: &Rules, seed: u64, ev: &mut Events<Event>) -> Self {
        let mut g = Hearts {
            phase: Phase::Play,
            hand_number: 0,
            pass_direction: PassDirection::None,
            hands: [0; SEATS],
            passed: [0; SEATS],
            trick: [0; 4],
            trick_len: 0,
            leader: 0,
            turn: 0,
            played_by: [0; SEATS],
            won: [0; SEATS],
            tricks_won: [0; SEATS],
            point_tricks: [0; SEATS],
            points: [0; SEATS],
            totals: [0; SEATS],
            voids: [0; SEATS],
            hearts_broken: false,
            cards_played: 0,
            last_trick: None,
            previous_points: None,
            moon_shooter: None,
            decisions: 0,
            rng: Rng::new(seed),
        };
        let first = match rules.first_direction {
            FirstDirection::Fixed(d) => d,
            FirstDirection::Random if rules.pass_cards => PassDirection::from_offset(g.rng.below(4) as u8),
            FirstDirection::Random => PassDirection::None,
        };
        g.start_hand(rules, first, ev);
        g
    }

    /// §1 Deal: shuffle the 52 cards and give each seat 13; then §2 the pass, or play if this hand passes none.
    fn start_hand(&mut self, rules: &Rules, direction: PassDirection, ev: &mut Events<Event>) {
        let mut deck: [Card; CARDS as usize] = std::array::from_fn(|i| i as Card);
        self.rng.shuffle(&mut deck);
        self.hands = [0; SEATS];
        for (i, &c) in deck.iter().enumerate() {
            self.hands[i / usize::from(RANKS)] |= bit(c);
        }
        self.pass_direction = if rules.pass_cards { direction } else { PassDirection::None };
        self.passed = [0; SEATS];
        self.trick_len = 0;
        self.played_by = [0; SEATS];
        self.won = [0; SEATS];
        self.tricks_won = [0; SEATS];
        self.point_tricks = [0; SEATS];
        self.points = [0; SEATS];
        self.voids = [0; SEATS];
        self.hearts_broken = !rules.must_break_hearts;
        self.cards_played = 0;
        self.last_trick = None;
        let (hand, pass_direction) = (self.hand_number, self.pass_direction);
        ev.public(|| Event::HandStarted { hand, pass_direction });
        for seat in 0..SEATS as Player {
            let cards = self.hands[usize::from(seat)];
            ev.private(PlayerSet::single(seat), || Event::Dealt { seat, cards: cards_of(cards) });
        }
        if self.pass_direction == PassDirection::None {
            self.start_play();
        } else {
            self.phase = Phase::Pass;
        }
    }

    /// §3.1 The holder of the two of clubs leads the first trick.
    fn start_play(&mut self) {
        self.phase = Phase::Play;
        let holder = (0..SEATS).find(|&q| self.hands[q] & bit(TWO_OF_CLUBS) != 0).unwrap_or(0) as Player;
        self.leader = holder;
        self.turn = holder;
    }

    pub fn seats_to_pass(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for q in 0..SEATS {
            if self.passed[q].count_ones() < PASS_SIZE {
                s.insert(q as Player);
            }
        }
        s
    }

    /// The cards seat `p` may play or pass now, as a mask (empty when `p` is not to act).
    pub fn legal_mask(&self, rules: &Rules, p: Player) -> u64 {
        let Some(&hand) = self.hands.get(usize::from(p)) else { return 0 };
        match self.phase {
            // §2 Any three cards of one's own hand, one commit at a time.
            Phase::Pass if self.passed[usize::from(p)].count_ones() < PASS_SIZE => hand,
            Phase::Play if p == self.turn => self.play_mask(rules, hand),
            _ => 0,
        }
    }

    /// §3 OpenSpiel's `PlayLegalActions`, case by case, in its order.
    fn play_mask(&self, rules: &Rules, hand: u64) -> u64 {
        // §3.2 Follow the led suit if you can.
        if self.trick_len > 0 {
            let follow = hand & suit_mask(suit_of(self.trick[0]));
            if follow != 0 {
                return follow;
            }
        }
        // §3.1 The first lead is the two of clubs (any club with `can_lead_any_club`).
        if self.cards_played == 0 {
            return if rules.can_lead_any_club { hand & suit_mask(CLUBS) } else { hand & bit(TWO_OF_CLUBS) };
        }
        // §3.3 No hearts and no queen of spades on the first trick, unless that is all one holds.
        if rules.no_pts_on_first_trick && self.cards_played < SEATS as u8 {
            let safe = hand & !suit_mask(HEARTS) & !bit(QUEEN_OF_SPADES);
            if safe != 0 {
                return safe;
            }
        }
        // §3.4 No heart lead until hearts are broken, unless one holds only hearts.
        if self.trick_len == 0 {
            let mut lead = if self.hearts_broken { hand } else { hand & !suit_mask(HEARTS) };
            // §3.5 With `can_lead_hearts_instead_of_qs`, one need not lead the queen when it is all that is left.
            if rules.can_lead_hearts_instead_of_qs && lead == bit(QUEEN_OF_SPADES) {
                lead = 0;
            }
            if lead != 0 {
                return lead;
            }
        }
        hand
    }

    pub fn pass_card(&mut self, p: Player, c: Card, ev: &mut Events<Event>) {
        let q = usize::from(p);
        self.hands[q] &= !bit(c);
        self.passed[q] |= bit(c);
        ev.emit(Visibility::Except(PlayerSet::single(p)), || Event::PassCommitted { seat: p });
        ev.private(PlayerSet::single(p), || Event::PassChosen { seat: p, card: c });
        if self.passed.iter().all(|m| m.count_ones() == PASS_SIZE) {
            // §2 Once all twelve are chosen they are handed over together.
            let d = self.pass_direction;
            for from in 0..SEATS as Player {
                let to = d.receiver(from);
                let cards = self.passed[usize::from(from)];
                self.hands[usize::from(to)] |= cards;
                ev.private(PlayerSet::single(to), || Event::Received { seat: to, from, cards: cards_of(cards) });
            }
            self.start_play();
        }
    }

    pub fn play_card(&mut self, rules: &Rules, p: Player, c: Card, ev: &mut Events<Event>) {
        let q = usize::from(p);
        self.hands[q] &= !bit(c);
        self.played_by[q] |= bit(c);
        if self.trick_len > 0 {
            let led = suit_of(self.trick[0]);
            if suit_of(c) != led {
                self.voids[q] |= 1 << led;
            }
        }
        self.trick[usize::from(self.trick_len)] = c;
        self.trick_len += 1;
        self.cards_played += 1;
        ev.public(|| Event::Played { seat: p, card: c });
        // §3.4 A heart played breaks hearts; so does the queen of spades with `qs_breaks_hearts`.
        if !self.hearts_broken && (suit_of(c) == HEARTS || (rules.qs_breaks_hearts && c == QUEEN_OF_SPADES)) {
            self.hearts_broken = true;
            ev.public(|| Event::HeartsBroken);
        }
        if usize::from(self.trick_len) < SEATS {
            self.turn = (p + 1) % SEATS as Player;
            return;
        }
        self.take_trick(rules, ev);
        if self.cards_played == CARDS {
            self.score_hand(rules, ev);
        }
    }

    /// §4 The highest card of the led suit takes the trick and its points, and leads the next.
    pub(super) fn take_trick(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let led = suit_of(self.trick[0]);
        let mut best = 0usize;
        let mut points = 0i16;
        let mut cards_mask = 0u64;
        for (i, &c) in self.trick.iter().enumerate() {
            points += card_points(rules, c);
            cards_mask |= bit(c);
            if suit_of(c) == led && rank_of(c) > rank_of(self.trick[best]) {
                best = i;
            }
        }
        let winner = (self.leader + best as Player) % SEATS as Player;
        let w = usize::from(winner);
        self.points[w] += points;
        self.tricks_won[w] += 1;
        if points != 0 && points != JACK_OF_DIAMONDS_POINTS {
            self.point_tricks[w] += 1;
        }
        self.won[w] |= cards_mask;
        let cards = self.trick;
        self.last_trick = Some(LastTrick { leader: self.leader, cards, winner, points });
        ev.public(|| Event::TrickTaken { seat: winner, cards, points });
        self.trick_len = 0;
        self.leader = winner;
        self.turn = winner;
    }

    /// §5 OpenSpiel's `ComputeScore` and `Returns`: the moon, the avoid-all-tricks bonus, 26 minus points.
    pub(super) fn score_hand(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let mut shooters = self.point_tricks.iter().enumerate().filter(|(_, &n)| n > 0).map(|(q, _)| q);
        let shooter = shooters.next();
        let moon = shooters.next().is_none();
        if moon {
            // §5.2 Shooting the moon: the shooter's points fall by 26 and everyone else's rise by 26.
            for q in 0..SEATS {
                self.points[q] += if Some(q) == shooter { -TOTAL_POINTS } else { TOTAL_POINTS };
            }
            if let Some(s) = shooter {
                ev.public(|| Event::MoonShot { seat: s as Player });
            }
        }
        self.moon_shooter = if moon { shooter.map(|s| s as Player) } else { None };
        if rules.avoid_all_tricks_bonus && !moon {
            for q in 0..SEATS {
                if self.tricks_won[q] == 0 {
                    self.points[q] += AVOID_ALL_TRICKS_POINTS;
                }
            }
        }
        let returns = self.points.map(|pts| i32::from(TOTAL_POINTS - pts));
        for (total, r) in self.totals.iter_mut().zip(returns) {
            *total += r;
        }
        let points = self.points;
        ev.public(|| Event::HandScored { points, returns });
        self.hand_number += 1;
        // §6 The match ends after `hands` hands; each new hand passes in the next direction of the cycle.
        if self.hand_number >= rules.hands {
            self.phase = Phase::Over;
        } else {
            self.previous_points = Some(points);
            let next = self.pass_direction.next();
            self.start_hand(rules, next, ev);
        }
    }

    pub fn check_and_apply(&mut self, rules: &Rules, p: Player, a: u32, ev: &mut Events<Event>) -> Result<(), Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::new("hearts: the match is over"));
        }
        let legal = self.legal_mask(rules, p);
        if legal == 0 {
            return Err(Illegal::new(format!("hearts: seat {p} may not act now")));
        }
        if a >= u32::from(CARDS) || legal & bit(a as Card) == 0 {
            let what = if a < u32::from(CARDS) { card_name(a as Card) } else { format!("code {a}") };
            let why = if a < u32::from(CARDS) && self.hands[usize::from(p)] & bit(a as Card) != 0 {
                match self.phase {
                    Phase::Play => "not a legal play now (follow suit; the two of clubs leads; no points on the first trick; no heart lead before hearts are broken)",
                    _ => "not a card one may pass now",
                }
            } else {
                "not in this seat's hand"
            };
            return Err(Illegal::new(format!("hearts: seat {p} cannot {} {what}: {why}", self.verb())));
        }
        let c = a as Card;
        match self.phase {
            Phase::Pass => self.pass_card(p, c, ev),
            _ => self.play_card(rules, p, c, ev),
        }
        self.decisions += 1;
        Ok(())
    }

    fn verb(&self) -> &'static str {
        if self.phase == Phase::Pass {
            "pass"
        } else {
            "play"
        }
    }

    /// The invariants a decoded snapshot must satisfy; card conservation first.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.trick_len > 3 || usize::from(self.leader) >= SEATS || usize::from(self.turn) >= SEATS {
            return Err(format!(
                "trick length {}, leader {}, turn {} out of range",
                self.trick_len, self.leader, self.turn
            ));
        }
        if self.hand_number > rules.hands || (self.phase != Phase::Over && self.hand_number >= rules.hands) {
            return Err(format!("hand {} of a {}-hand match", self.hand_number, rules.hands));
        }
        if self.trick.iter().any(|&c| c >= CARDS) {
            return Err("the trick holds a card code past 51".into());
        }
        // Conservation: each of the 52 cards is in exactly one place.
        let mut places: Vec<u64> = self.hands.to_vec();
        if self.phase == Phase::Pass {
            places.extend(self.passed);
        }
        places.extend(self.trick[..usize::from(self.trick_len)].iter().map(|&c| bit(c)));
        places.extend(self.won);
        let mut seen = 0u64;
        for m in places {
            if m & !ALL_CARDS != 0 {
                return Err("a card set holds a code past 51".into());
            }
            if seen & m != 0 {
                return Err(format!("card {} is in two places", card_name(((seen & m).trailing_zeros()) as Card)));
            }
            seen |= m;
        }
        if seen != ALL_CARDS {
            return Err(format!("card {} is nowhere", card_name((!seen & ALL_CARDS).trailing_zeros() as Card)));
        }
        let played: u64 = self.played_by.iter().fold(0, |a, m| a | m);
        let in_piles: u64 = self.won.iter().fold(0, |a, m| a | m);
        let trick: u64 = self.trick[..usize::from(self.trick_len)].iter().fold(0, |a, &c| a | bit(c));
        if played != in_piles | trick || played.count_ones() != u32::from(self.cards_played) {
            return Err("the played cards disagree with the trick and the taken tricks".into());
        }
        if self.cards_played % 4 != self.trick_len
            || u32::from(self.cards_played) / 4 != self.tricks_won.iter().map(|&t| u32::from(t)).sum::<u32>()
        {
            return Err("the count of cards played disagrees with the tricks".into());
        }
        let counts: Vec<u32> = (0..SEATS).map(|q| self.hands[q].count_ones() + self.passed_pending(q)).collect();
        let expected = |q: usize| 13 - self.played_by[q].count_ones();
        if (0..SEATS).any(|q| counts[q] != expected(q)) {
            return Err(format!("hand sizes {counts:?} do not match the cards played"));
        }
        for q in 0..SEATS {
            let held = self.hands[q];
            if (0..4).any(|s| self.voids[q] & (1 << s) != 0 && held & suit_mask(s) != 0) || self.voids[q] > 0xF {
                return Err(format!("seat {q} holds a suit it has shown void in"));
            }
            if self.passed[q].count_ones() > PASS_SIZE
                || (self.phase != Phase::Pass
                    && self.passed[q].count_ones() != PASS_SIZE
                    && self.pass_direction != PassDirection::None)
            {
                return Err(format!("seat {q} passed {} cards", self.passed[q].count_ones()));
            }
        }
        if self.phase == Phase::Pass && (self.pass_direction == PassDirection::None || self.cards_played != 0) {
            return Err("a pass phase with no pass direction or after play began".into());
        }
        if self.phase != Phase::Pass {
            for q in 0..SEATS as Player {
                let to = usize::from(self.pass_direction.receiver(q));
                if self.passed[usize::from(q)] & !(self.hands[to] | self.played_by[to]) != 0 {
                    return Err(format!("seat {q}'s passed cards are not with the seat it passed to"));
                }
            }
        }
        if self.pass_direction == PassDirection::None && self.passed.iter().any(|&m| m != 0) {
            return Err("cards passed in a hand without a pass".into());
        }
        if self.phase == Phase::Play && self.turn != (self.leader + self.trick_len) % SEATS as Player {
            return Err("the seat to play is not the next after the trick's leader".into());
        }
        if self.phase == Phase::Play
            && self.cards_played == 0
            && self.hands[usize::from(self.turn)] & bit(TWO_OF_CLUBS) == 0
        {
            return Err("the first lead is not the two of clubs' holder".into());
        }
        if self.phase == Phase::Over && self.cards_played != CARDS {
            return Err("the match is over with cards still in hand".into());
        }
        if self.phase != Phase::Over && self.cards_played == CARDS {
            return Err("all cards are played but the hand was not scored".into());
        }
        Ok(())
    }

    fn passed_pending(&self, q: usize) -> u32 {
        if self.phase == Phase::Pass {
            self.passed[q].count_ones()
        } else {
            0
        }
    }
}
