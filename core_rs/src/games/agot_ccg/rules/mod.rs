//! The rules: `actions` (codes and legal lists), `perform` (what each decision does), `flow` (the round),
//! `challenge_resolution`, `zones` (moving cards, end checks), and the `Game` implementation.

pub mod actions;
pub mod agendas;
pub mod challenge_resolution;
pub mod control;
pub mod effect_filters;
pub mod effect_fire;
pub mod effect_ops;
pub mod effect_pool_choices;
pub mod effect_pool_ops;
// The House pool records' operations.
pub mod effect_pool;
pub mod effect_state;
pub mod effect_take;
pub mod flow;
// Attachments on the House card, and kneeling it.
pub mod house_card;
pub mod interrupt_costs;
pub mod interrupt_decisions;
pub mod interrupts;
pub mod next_card;
pub mod perform;
// Banished, In Chains, Band of Free Folk.
pub mod restraints;
pub mod scoring;
pub mod triggered;
pub mod wide_constants;
pub mod window;
pub mod zones;

use super::cards::{self as content, Rules, HOUSES};
use super::effects::{def, MAX_SEATS};
use super::state::{AgotCcg, Event, Pending, Phase, Resp, Seat, View};
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;

impl AgotCcg {
    pub fn fresh(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        let n = usize::from(players);
        let mut rng = Rng::new(seed);
        // Named decks go to the first seats; the other seats get distinct unnamed Houses at random (repeating
        // only when there are more seats than decks).
        if rules.seat_decks.len() > n {
            return Err(SetupError::Option {
                name: "decks".into(),
                reason: format!("{} decks named for {n} seats; name at most one per seat", rules.seat_decks.len()),
            });
        }
        let designed = |d: &u8| !rules.decks[usize::from(*d)].brought;
        let mut rest: Vec<u8> =
            (0..rules.decks.len() as u8).filter(|d| designed(d) && !rules.seat_decks.contains(d)).collect();
        rng.shuffle(&mut rest);
        if rest.is_empty() {
            rest = (0..rules.decks.len() as u8).filter(designed).collect();
        }
        let mut deck_of = rules.seat_decks.clone();
        for i in 0..n - deck_of.len() {
            deck_of.push(rest[i % rest.len()]);
        }
        // Multiplayer-only agendas need 3 or more players.
        Self::check_agendas(rules, &deck_of, players)?;
        let mut seats = Vec::with_capacity(n);
        for &d in &deck_of {
            let deck = &rules.decks[usize::from(d)];
            let mut cards = deck.cards.clone();
            rng.shuffle(&mut cards);
            let mut plots = deck.plots.clone();
            plots.sort_unstable();
            seats.push(Seat {
                deck_index: d,
                house: deck.house,
                deck: cards,
                hand: Vec::new(),
                discard: Vec::new(),
                dead: Vec::new(),
                plots,
                used: Vec::new(),
                plot: None,
                commit: None,
                setup: Vec::new(),
                play: Vec::new(),
                house_power: 0,
                house_attachments: Vec::new(),
                house_kneeling: false,
                gold: 0,
                initiative: 0,
                limited_played: 0,
                extra_drawn: 0,
                reductions: Vec::new(),
                influence_pays: Vec::new(),
                challenged: 0,
                eliminated: false,
            });
        }
        let first = rng.index(n) as Player;
        let mut g = AgotCcg {
            seats,
            phase: Phase::Setup,
            round: 0,
            first,
            turn: 0,
            challenge: None,
            window: None,
            pending: Vec::new(),
            mods: Vec::new(),
            no_kneel_defend: Vec::new(),
            next_uid: 0,
            lasting: Vec::new(),
            uses: Vec::new(),
            wins: Vec::new(),
            beaten: Vec::new(),
            trigger_bars: Vec::new(),
            returning: Vec::new(),
            must_participate: Vec::new(),
            must_after: 0,
            ended_at_limit: false,
            house_claims: Vec::new(),
            retyped: None,
            winners: Vec::new(),
            decisions: 0,
            rng,
            unsaved: Vec::new(),
            cancel_passed: false,
            borrowed: Vec::new(),
            named_challenge: Vec::new(),
            no_save: Vec::new(),
            pool: Default::default(),
        };
        let mut ev = Events::disabled();
        for s in 0..n {
            g.draw(s, flow::HAND as u8, false, &mut ev);
        }
        Ok(g)
    }
}

impl Game for AgotCcg {
    type Ruleset = Rules;
    type Event = Event;
    type View = View;
    const ID: &'static str = "agot-ccg";
    const VERSION: &'static str = "2";

    fn ruleset(content: &str, options: &str) -> Result<Rules, SetupError> {
        content::parse(content, options)
    }

    fn players(_rules: &Rules) -> (u8, u8) {
        (2, 4)
    }

    fn new(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        Self::fresh(rules, players, seed)
    }

    fn to_act(&self) -> PlayerSet {
        match self.phase {
            Phase::Over => PlayerSet::EMPTY,
            Phase::Plot if self.pending.is_empty() && self.window.is_none() => {
                let mut s = PlayerSet::EMPTY;
                for (p, seat) in self.seats.iter().enumerate() {
                    if seat.commit.is_none() && !seat.eliminated {
                        s.insert(p as Player);
                    }
                }
                s
            }
            _ => self.actor().map_or(PlayerSet::EMPTY, PlayerSet::single),
        }
    }

    fn legal_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        if self.to_act().contains(p) {
            self.legal(rules, p, out);
            // Superior Numbers (only characters, no triggered effects).
            self.pool_restrict(rules, p, out);
        }
    }

    fn apply(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.legal_actions(rules, p, &mut legal);
        if !legal.contains(&a) {
            return Err(Illegal::new(format!("agot-ccg: seat {p} may not take action {a} now ({:?})", self.phase)));
        }
        self.apply_unchecked(rules, p, a, ev)
    }

    fn apply_unchecked(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        self.perform(rules, p, a, ev);
        self.decisions += 1;
        self.advance(rules, ev);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        // Over without winners: stopped unfinished at the safeguard (`flow::SAFEGUARD_ROUNDS`).
        if self.phase != Phase::Over || self.winners.is_empty() {
            return None;
        }
        let scores: Vec<f64> = (0..self.n()).map(|s| f64::from(self.power(s))).collect();
        let mut winners = PlayerSet::EMPTY;
        for &w in &self.winners {
            winners.insert(w);
        }
        let ranks = (0..self.n())
            .map(|s| {
                if winners.contains(s as Player) {
                    1
                } else {
                    2 + (0..self.n()).filter(|&o| !winners.contains(o as Player) && scores[o] > scores[s]).count() as u8
                }
            })
            .collect();
        Some(Outcome { scores, ranks, winners })
    }

    fn view(&self, rules: &Rules, viewer: Viewer) -> View {
        super::view::view(self, rules, viewer)
    }

    fn describe(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        super::view::describe(self, rules, p, a)
    }

    fn determinize(&self, _rules: &Rules, p: Player, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        for q in 0..g.n() {
            let s = &mut g.seats[q];
            // Unseen cards are sorted before each shuffle, so the world drawn depends only on what p knows,
            // not on where the real state keeps them.
            if q == usize::from(p) {
                s.deck.sort_unstable();
                rng.shuffle(&mut s.deck);
                continue;
            }
            // A pending response names a card of q's hand; keep that one card where it is.
            let keep: Vec<u16> = self
                .pending
                .iter()
                .filter(|x| usize::from(x.seat()) == q)
                .filter_map(|x| match x {
                    Pending::Respond { resp: Resp::IntoPlayFromHand { def }, .. } => Some(*def),
                    _ => None,
                })
                .collect();
            let mut kept = Vec::new();
            for k in keep {
                if let Some(i) = s.hand.iter().position(|&c| c == k) {
                    kept.push(s.hand.remove(i));
                }
            }
            let (h, st) = (s.hand.len(), s.setup.len());
            let mut pool: Vec<u16> = s.hand.drain(..).chain(s.setup.drain(..)).chain(s.deck.drain(..)).collect();
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            s.hand = pool.drain(..h).collect();
            s.setup = pool.drain(..st).collect();
            s.deck = pool;
            s.hand.extend(kept);
            if s.commit.is_some() && !s.plots.is_empty() {
                s.commit = Some(rng.index(s.plots.len()) as u8);
            }
        }
        g.rng = Rng::new(rng.next_u64());
        g
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn validate(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(format!("2 to {MAX_SEATS} seats, not {n}"));
        }
        let nc = rules.cards.len();
        let ok = |c: &u16| usize::from(*c) < nc;
        for (i, s) in self.seats.iter().enumerate() {
            let piles =
                [&s.deck, &s.hand, &s.discard, &s.dead, &s.plots, &s.used, &s.setup, &s.dupes_and_attachments()];
            if !piles.iter().all(|v| v.iter().all(ok)) || !s.plot.iter().all(ok) {
                return Err(format!("seat {i} holds a card id outside the content"));
            }
            if usize::from(s.deck_index) >= rules.decks.len() || usize::from(s.house) >= HOUSES.len() {
                return Err(format!("seat {i} has a bad deck or house"));
            }
            if s.hand.len() > 250 || s.plots.len() > 250 || s.play.iter().any(|c| usize::from(c.owner) >= n) {
                return Err(format!("seat {i}: zone sizes or owners out of range"));
            }
            if s.play.iter().flat_map(|c| &c.attachments).chain(&s.house_attachments).any(|a| usize::from(a.1) >= n) {
                return Err(format!("seat {i}: an attachment owner is out of range"));
            }
            if s.commit.is_some_and(|k| usize::from(k) >= s.plots.len()) {
                return Err(format!("seat {i}: committed plot out of range"));
            }
        }
        if usize::from(self.first) >= n {
            return Err("first player out of range".into());
        }
        if self.pending.iter().any(|p| usize::from(p.seat()) >= n) {
            return Err("a pending choice names a seat out of range".into());
        }
        if self.pending.iter().any(|p| matches!(p, Pending::PayInfluence { card, .. } if !ok(card))) {
            return Err("a pending influence payment names a card outside the content".into());
        }
        if self.pending.iter().any(|p| matches!(p, Pending::Effect(r) if !r.valid(rules, n))) {
            return Err("a pending ability names a card, ability or seat outside the content".into());
        }
        if self.retyped.is_some_and(|k| k > 2) || self.wins.iter().any(|w| w.1 > 2) {
            return Err("a challenge type out of range".into());
        }
        if let Some(ch) = &self.challenge {
            if usize::from(ch.attacker) >= n || usize::from(ch.defender) >= n || ch.kind > 2 {
                return Err("challenge seats or type out of range".into());
            }
        }
        if self.winners.iter().any(|&w| usize::from(w) >= n) {
            return Err("winner out of range".into());
        }
        let _ = def;
        self.validate_interrupts(rules)?;
        self.validate_pool(rules)?;
        self.check_conservation(rules)?;
        // Last, on a state whose parts are in range: whoever is to act must have something to do (a forged
        // window or turn can name a seat the rules give no action).
        let mut legal = Vec::new();
        for p in self.to_act().iter() {
            legal.clear();
            self.legal_actions(rules, p, &mut legal);
            if legal.is_empty() {
                return Err(format!("seat {p} is to act but has no legal action"));
            }
        }
        Ok(())
    }

    fn seat_count(&self) -> usize {
        self.seats.len()
    }
}

impl Search for AgotCcg {
    fn observe_action(&self, _rules: &Rules, actor: Player, a: Action, _viewer: Player) -> u64 {
        use actions::{
            code, split, CANCEL_EVENT, DISCARD, DUPE, EVENT, MARSHAL, MARSHAL_PENALTY, PLOT, SAVE_EVENT, SETUP_PLACE,
        };
        let (kind, x, y) = split(a);
        match kind {
            // Plots are chosen secretly and revealed together; setup cards are placed face down.
            PLOT | SETUP_PLACE => u64::from(code(kind, 0xff, 0)),
            // A card played or discarded from a hidden hand is seen as that card, not as its place in the hand.
            MARSHAL | MARSHAL_PENALTY | DUPE | DISCARD | EVENT | SAVE_EVENT | CANCEL_EVENT | actions::GEN_EVENT => {
                let card = self.seats.get(usize::from(actor)).and_then(|s| s.hand.get(x)).copied().unwrap_or(u16::MAX);
                (u64::from(card) << 32) | u64::from(code(kind, 0xff, y))
            }
            _ => u64::from(a),
        }
    }
    fn standing(&self, rules: &Rules) -> Option<Vec<f64>> {
        let mut out = Vec::new();
        self.standing_into(rules, &mut out);
        Some(out)
    }
    fn standing_into(&self, rules: &Rules, out: &mut Vec<f64>) -> bool {
        // How near each House is to its win: its power less what it needs (15, more against Balon's Followers or
        // under an agenda's "5 more power"), so a cut playout sees those thresholds as the rules do.
        out.clear();
        out.extend(
            (0..self.n()).map(|s| f64::from(self.power(s)) - f64::from(self.power_to_win(rules, s, zones::WIN_POWER))),
        );
        true
    }
}

impl Tally for AgotCcg {
    fn seat_label(&self, _rules: &Rules, p: Player) -> Option<String> {
        self.seats.get(usize::from(p)).map(|s| HOUSES.get(usize::from(s.house)).unwrap_or(&"?").to_string())
    }
    fn match_points(&self, _rules: &Rules) -> Option<Vec<f64>> {
        self.tournament_points()
    }
    /// Settled once round 1's first player is chosen (the initiative winner's choice).
    fn first_player(&self) -> Option<Player> {
        let chosen = self.round > 1
            || (self.round == 1 && !matches!(self.phase, Phase::Setup | Phase::Plot | Phase::FirstPlayer));
        chosen.then_some(self.first)
    }
    fn phase_names() -> &'static [&'static str] {
        super::tally::PHASES
    }
    fn phase(&self) -> u8 {
        super::tally::phase(self)
    }
    fn card_names(rules: &Rules) -> Vec<String> {
        rules.cards.iter().map(|c| c.name.clone()).collect()
    }
    fn played_card(&self, _rules: &Rules, p: Player, a: Action) -> Option<u32> {
        super::tally::played_card(self, p, a)
    }
    fn owned_cards(&self, rules: &Rules, p: Player, out: &mut Vec<u32>) {
        super::tally::owned_cards(self, rules, p, out);
    }
}

impl AgotCcg {
    /// Every card of each player's deck is in exactly one place (House deck, hand, set-up cards, discard or dead
    /// pile, in play as a card, duplicate or attachment), every plot in the plot deck, the used pile or
    /// revealed; the seat plays its deck's House; in-play ids are unique and challenges name cards in play.
    fn check_conservation(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        let nc = rules.cards.len();
        let mut have = vec![vec![0i32; nc]; n];
        let mut uids = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            let deck = &rules.decks[usize::from(s.deck_index)];
            if deck.house != s.house {
                return Err(format!("seat {i} plays the {} deck under another House", deck.name));
            }
            let mut plots = vec![0i32; nc];
            for &c in deck.plots.iter() {
                plots[usize::from(c)] += 1;
            }
            for &c in s.plots.iter().chain(&s.used).chain(s.plot.iter()) {
                plots[usize::from(c)] -= 1;
            }
            if plots.iter().any(|&k| k != 0) {
                return Err(format!("seat {i}'s plots are not its deck's plots, each in one place"));
            }
            for &c in deck.cards.iter() {
                have[i][usize::from(c)] += 1;
            }
            for &c in s.deck.iter().chain(&s.hand).chain(&s.setup).chain(&s.discard).chain(&s.dead) {
                have[i][usize::from(c)] -= 1;
            }
            for c in &s.play {
                uids.push(c.uid);
                let owner = usize::from(c.owner);
                for &d in std::iter::once(&c.def).chain(&c.dupes) {
                    have[owner][usize::from(d)] -= 1;
                }
                for &(a, o) in &c.attachments {
                    have[usize::from(o)][usize::from(a)] -= 1;
                }
            }
            for &(a, o) in &s.house_attachments {
                have[usize::from(o)][usize::from(a)] -= 1;
            }
        }
        // An event whose influence cost is being paid is out of the hand, not yet in a pile.
        for p in &self.pending {
            if let Pending::PayInfluence { seat, card, .. } = p {
                if let Some(h) = have.get_mut(usize::from(*seat)).and_then(|h| h.get_mut(usize::from(*card))) {
                    *h -= 1;
                }
            }
        }
        // An event held in a cancel window is out of the hand, not yet in a pile.
        for (seat, card) in self.held_events() {
            if let Some(h) = have.get_mut(usize::from(seat)).and_then(|h| h.get_mut(usize::from(card))) {
                *h -= 1;
            }
        }
        if let Some(i) = have.iter().position(|h| h.iter().any(|&k| k != 0)) {
            return Err(format!("seat {i}'s cards are not its deck, each in exactly one place"));
        }
        let count = uids.len();
        uids.sort_unstable();
        uids.dedup();
        if uids.len() != count || uids.last().is_some_and(|&u| u >= self.next_uid) {
            return Err("two cards in play share an id, or an id was never issued".into());
        }
        if let Some(ch) = &self.challenge {
            if ch.attackers.iter().chain(&ch.defenders).any(|u| uids.binary_search(u).is_err()) {
                return Err("a challenge names a card that is not in play".into());
            }
        }
        Ok(())
    }
}

impl Seat {
    fn dupes_and_attachments(&self) -> Vec<u16> {
        self.play
            .iter()
            .flat_map(|c| {
                std::iter::once(c.def).chain(c.dupes.iter().copied()).chain(c.attachments.iter().map(|a| a.0))
            })
            .chain(self.house_attachments.iter().map(|a| a.0))
            .collect()
    }
}
