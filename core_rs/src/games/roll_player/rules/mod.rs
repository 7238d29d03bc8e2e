//! The rules, in rulebook order: setup, the roll and dice phases, the market phase and cleanup, skills.
//! `apply` validates an action against `legal_actions` before any mutation, so a refused action leaves the
//! state untouched.

pub mod actions;
mod dice;
mod market;
mod setup;
mod skills;

use super::content::{self, Arrow, Rules};
use super::state::{Die, Event, RollPlayer, Step, NONE};
use crate::engine::{
    Action, ActionInfo, Events, Game, Illegal, Outcome, Player, PlayerSet, Search, SetupError, Tally, Viewer,
};
use crate::rng::Rng;
use actions::*;
use setup::FULL_BAG;

/// The token one step from `token` in direction `dir` (0 up, 1 down, 2 left, 3 right), if on the grid.
pub fn step_token(token: u8, dir: u8) -> Option<u8> {
    let (r, c) = (token / 3, token % 3);
    match dir {
        0 if r > 0 => Some(token - 3),
        1 if r < 2 => Some(token + 3),
        2 if c > 0 => Some(token - 1),
        3 if c < 2 => Some(token + 1),
        _ => None,
    }
}

pub fn arrow_dir(a: Arrow) -> Option<u8> {
    match a {
        Arrow::None => None,
        Arrow::Up => Some(0),
        Arrow::Down => Some(1),
        Arrow::Left => Some(2),
        Arrow::Right => Some(3),
    }
}

thread_local! {
    /// Scratch list for validating an action: `apply` stays allocation-free after a thread's first call.
    static SCRATCH: std::cell::RefCell<Vec<Action>> = std::cell::RefCell::new(Vec::with_capacity(256));
}

impl RollPlayer {
    /// Is `a` in `p`'s legal list now? (`legal` never calls back here, so the scratch borrow cannot clash.)
    fn is_legal(&self, rules: &Rules, p: Player, a: Action) -> bool {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut buf) => {
                buf.clear();
                self.legal(rules, p, &mut buf);
                buf.contains(&a)
            }
            Err(_) => {
                let mut buf = Vec::new();
                self.legal(rules, p, &mut buf);
                buf.contains(&a)
            }
        })
    }

    pub fn next_seat(&self, p: Player) -> Player {
        ((usize::from(p) + 1) % self.n().max(1)) as Player
    }

    /// The seat whose decision it is, if any.
    pub fn actor(&self) -> Option<Player> {
        if let Some(o) = &self.order {
            return Some(o.by);
        }
        if let Some(s) = &self.skill {
            return Some(s.seat);
        }
        match self.step {
            Step::Race { seat }
            | Step::Class { seat, .. }
            | Step::StartDice { seat }
            | Step::DicePick { seat }
            | Step::DicePlace { seat, .. }
            | Step::DiceAction { seat, .. }
            | Step::IntKeep { seat, .. }
            | Step::BonusFlip { seat }
            | Step::BonusMove { seat }
            | Step::Attune { seat }
            | Step::Market { seat, .. }
            | Step::Refresh { seat, .. } => Some(seat),
            Step::Over => None,
        }
    }

    fn legal(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        if self.actor() != Some(p) {
            return;
        }
        // A weapon may be discarded at any moment (rulebook, "Фаза рынка"): at every decision of its owner, also
        // while a skill resolves (holding a Longsword, drop it to buy a two-handed weapon Open Lock revealed).
        self.weapon_discards(rules, p, out);
        if self.order.is_some() {
            self.order_legal(out);
            return;
        }
        if self.skill.is_some() {
            self.skill_legal(rules, out);
            return;
        }
        match self.step {
            Step::Race { .. } | Step::Class { .. } | Step::StartDice { .. } => self.setup_legal(rules, p, out),
            Step::DicePick { .. }
            | Step::DicePlace { .. }
            | Step::DiceAction { .. }
            | Step::IntKeep { .. }
            | Step::BonusFlip { .. }
            | Step::BonusMove { .. } => self.dice_legal(rules, p, out),
            Step::Attune { .. } | Step::Market { .. } | Step::Refresh { .. } => self.market_legal(rules, p, out),
            Step::Over => {}
        }
        if matches!(
            self.step,
            Step::DicePick { .. } | Step::DicePlace { .. } | Step::DiceAction { .. } | Step::Market { .. }
        ) {
            self.anytime_legal(rules, p, out);
        }
    }

    fn dispatch(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) {
        // Before everything else: discarding a weapon leaves the decision it interrupted (a skill, an ordering)
        // pending, to be taken next.
        if (WEAPON_OFF..WEAPON_OFF + 64).contains(&a) {
            self.discard_weapon(rules, p, (a - WEAPON_OFF) as u8, ev);
            return;
        }
        if self.order.is_some() {
            self.order_apply(a, ev);
            return;
        }
        if (USE..USE + 64).contains(&a) {
            self.use_skill(rules, p, (a - USE) as u8, ev);
            return;
        }
        if self.skill.is_some() {
            self.skill_apply(rules, a, ev);
            return;
        }
        match self.step {
            Step::Race { .. } | Step::Class { .. } | Step::StartDice { .. } => self.setup_apply(rules, p, a, ev),
            Step::Attune { .. } | Step::Market { .. } | Step::Refresh { .. } => self.market_apply(rules, p, a, ev),
            Step::Over => {}
            _ => self.dice_apply(rules, p, a, ev),
        }
    }
}

impl Game for RollPlayer {
    type Ruleset = Rules;
    type Event = Event;
    type View = super::state::View;
    const ID: &'static str = "roll-player";
    const VERSION: &'static str = "1";

    fn ruleset(content: &str, options: &str) -> Result<Rules, SetupError> {
        content::parse(content, options)
    }

    fn players(_rules: &Rules) -> (u8, u8) {
        (1, 4)
    }

    fn new(rules: &Rules, players: u8, seed: u64) -> Result<Self, SetupError> {
        Self::new_narrated(rules, players, seed, &mut Events::disabled())
    }

    fn new_narrated(rules: &Rules, players: u8, seed: u64, ev: &mut Events<Event>) -> Result<Self, SetupError> {
        Ok(RollPlayer::setup(rules, players, seed, ev))
    }

    fn to_act(&self) -> PlayerSet {
        self.actor().map_or(PlayerSet::EMPTY, PlayerSet::single)
    }

    fn legal_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        self.legal(rules, p, out);
    }

    fn apply(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        if !self.is_legal(rules, p, a) {
            return Err(Illegal::new(format!(
                "roll-player: seat {p} may not take action {a} now ({})",
                self.describe(rules, p, a).label
            )));
        }
        self.dispatch(rules, p, a, ev);
        self.decisions += 1;
        Ok(())
    }

    fn apply_unchecked(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        self.dispatch(rules, p, a, ev);
        self.decisions += 1;
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.step != Step::Over {
            return None;
        }
        Some(self.final_outcome())
    }

    fn view(&self, rules: &Rules, viewer: Viewer) -> Self::View {
        self.make_view(rules, viewer)
    }

    fn describe(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        self.describe_action(rules, p, a)
    }

    fn determinize(&self, _rules: &Rules, _p: Player, rng: &mut Rng) -> Self {
        // Only the market deck's order and future draws are hidden from everyone (the bag holds known counts).
        // Sorted first: the world drawn depends on which cards are unseen, not on their real order.
        let mut g = self.clone();
        g.deck.sort_unstable();
        rng.shuffle(&mut g.deck);
        g.rng = Rng::new(rng.next_u64());
        g
    }

    fn decisions(&self) -> u64 {
        self.decisions
    }

    fn validate(&self, rules: &Rules) -> Result<(), String> {
        self.check(rules)
    }

    fn seat_count(&self) -> usize {
        self.seats.len()
    }
}

impl Search for RollPlayer {
    fn observe_action(&self, _rules: &Rules, _actor: Player, a: Action, _viewer: Player) -> u64 {
        // Every Roll Player decision is made in the open (dice, market and character sheets are public); only
        // the market deck's order and future rolls are hidden, and those are chance, not moves.
        u64::from(a)
    }
    fn standing(&self, rules: &Rules) -> Option<Vec<f64>> {
        let mut out = Vec::new();
        self.standing_into(rules, &mut out);
        Some(out)
    }
    fn standing_into(&self, rules: &Rules, out: &mut Vec<f64>) -> bool {
        // Stars the sheet would score if the game ended now.
        out.clear();
        let solo = self.solo();
        out.extend(self.seats.iter().map(|s| f64::from(crate::games::roll_player::scoring::score(rules, s, solo).0)));
        true
    }
}

impl Tally for RollPlayer {
    fn seat_label(&self, rules: &Rules, p: Player) -> Option<String> {
        let c = self.seat(p)?.class;
        rules.classes.get(usize::from(c)).map(|k| k.name.clone())
    }
    /// Drawn at setup (everyone rolls a die, the highest starts); it passes on each round, so the runner
    /// keeps the first answer.
    fn first_player(&self) -> Option<Player> {
        Some(self.first)
    }
    /// The rulebook's phases; the Skill and attribute actions taken while placing dice belong to the dice phase.
    fn phase_names() -> &'static [&'static str] {
        &["setup", "dice", "market", "cleanup"]
    }
    fn phase(&self) -> u8 {
        match self.step {
            Step::Race { .. } | Step::Class { .. } | Step::StartDice { .. } => 0,
            Step::DicePick { .. }
            | Step::DicePlace { .. }
            | Step::DiceAction { .. }
            | Step::IntKeep { .. }
            | Step::BonusFlip { .. }
            | Step::BonusMove { .. } => 1,
            Step::Attune { .. } | Step::Market { .. } => 2,
            Step::Refresh { .. } | Step::Over => 3,
        }
    }
    /// Market cards (items, skills, traits, scrolls): every seat may buy any of them, so none is owned.
    fn card_names(rules: &Rules) -> Vec<String> {
        rules.cards.iter().map(|c| c.name.clone()).collect()
    }
    /// A card bought: from a market slot, from the discard pile (Bargain) or the one Open Lock revealed.
    fn played_card(&self, _rules: &Rules, _p: Player, a: Action) -> Option<u32> {
        let card = match a {
            _ if (BUY..BUY + 10).contains(&a) => *self.market.get((a - BUY) as usize)?,
            _ if (BUY_DISCARD..BUY_DISCARD + 64).contains(&a) => (a - BUY_DISCARD) as u8,
            BUY_REVEALED => self.skill?.revealed,
            _ => return None,
        };
        (card != NONE).then_some(u32::from(card))
    }
}

impl RollPlayer {
    fn check(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if !(1..=4).contains(&n) || usize::from(self.players) != n {
            return Err(format!("{n} seats for {} players", self.players));
        }
        let k = if n == 1 { 3 } else { n + 1 };
        if self.init.len() != k {
            return Err(format!("{} initiative cards, expected {k}", self.init.len()));
        }
        if usize::from(self.first) >= n {
            return Err("first player out of range".into());
        }
        let ncards = rules.cards.len();
        let piles = self.deck.iter().chain(&self.discard).chain(&self.trash).chain(&self.market);
        let owned = self.seats.iter().flat_map(|s| s.cards.iter());
        // Content has at most 64 cards (checked at load), so one bit per card tracks where each one is.
        let mut seen = 0u64;
        for &c in piles.chain(owned) {
            if usize::from(c) >= ncards {
                return Err(format!("card {c} does not exist"));
            }
            if seen & (1u64 << c) != 0 {
                return Err(format!("card {c} is in two places"));
            }
            seen |= 1u64 << c;
        }
        if self.market.len() > 12 {
            return Err("market too large".into());
        }
        for (i, s) in self.seats.iter().enumerate() {
            let chosen = |v: u8, len: usize| v == NONE || usize::from(v) < len;
            if !chosen(s.race, rules.races.len())
                || !chosen(s.class, rules.classes.len())
                || !chosen(s.backstory, rules.backstories.len())
                || !chosen(s.alignment, rules.alignments.len())
                || s.token > 8
                || !(s.init == NONE || usize::from(s.init) < k)
                || s.pool.len() > START_MAX_DICE as usize
            {
                return Err(format!("seat {i} has an out-of-range id"));
            }
            for row in &s.sheet {
                for (j, d) in row.iter().enumerate() {
                    if d.value > 6 || d.color > 6 {
                        return Err(format!("seat {i} has a bad die"));
                    }
                    if j > 0 && !d.is_empty() && row[j - 1].is_empty() {
                        return Err(format!("seat {i} has a gap in a row"));
                    }
                }
            }
            if s.pool.iter().any(|d| d.value == 0 || d.value > 6 || d.color > 6) {
                return Err(format!("seat {i} has a bad pool die"));
            }
            // Only a card the seat owns can be turned sideways.
            let owned = s.cards.iter().fold(0u64, |m, &c| m | (1u64 << (c % 64)));
            if s.exhausted & !owned != 0 {
                return Err(format!("seat {i} has an exhausted card it does not own"));
            }
        }
        for c in &self.init {
            if c.die.is_some_and(|d| d.value == 0 || d.value > 6 || d.color > 6)
                || c.taken_by.is_some_and(|p| usize::from(p) >= n)
            {
                return Err("bad initiative card".into());
            }
        }
        if let Some(o) = &self.order {
            if usize::from(o.by) >= n || o.pool.len() != o.cards.len() || o.cards.iter().any(|&c| usize::from(c) >= k) {
                return Err("bad ordering".into());
            }
            if o.pool.iter().any(|d| d.value == 0 || d.value > 6 || d.color > 6) {
                return Err("bad ordering die".into());
            }
        }
        if let Some(sk) = &self.skill {
            if usize::from(sk.seat) >= n
                || usize::from(sk.card) >= ncards
                || !(sk.revealed == NONE || usize::from(sk.revealed) < ncards)
            {
                return Err("bad skill context".into());
            }
        }
        let seat_ok = |p: Player| usize::from(p) < n;
        let ok = match self.step {
            Step::Race { seat } | Step::StartDice { seat } | Step::DicePick { seat } | Step::BonusFlip { seat } => {
                seat_ok(seat)
            }
            Step::BonusMove { seat } | Step::Attune { seat } | Step::Refresh { seat, .. } => seat_ok(seat),
            Step::Class { seat, color } => seat_ok(seat) && (color == NONE || color < 6),
            Step::DicePlace { seat, die } => seat_ok(seat) && (1..=6).contains(&die.value) && die.color <= 6,
            Step::DiceAction { seat, row } => seat_ok(seat) && row < 6,
            Step::IntKeep { seat, slot, old, new, .. } => {
                seat_ok(seat) && slot < 18 && (1..=6).contains(&old) && (1..=6).contains(&new)
            }
            Step::Market { seat, buys } => seat_ok(seat) && buys < 3,
            Step::Over => true,
        };
        if !ok {
            return Err("step names a bad seat or value".into());
        }
        self.check_conservation(rules)
    }

    /// The physical game's conservation laws: once the market deck is built every card in play is in exactly
    /// one place (deck, discard, trash, market, a player's cards, or revealed by Open Lock), and no colour has
    /// more dice out than the box holds (research/roll_player.md: 10 of each colour, 13 gold).
    fn check_conservation(&self, rules: &Rules) -> Result<(), String> {
        let revealed = self.skill.map(|s| s.revealed).filter(|&c| c != NONE);
        let piles = self.deck.iter().chain(&self.discard).chain(&self.trash).chain(&self.market).chain(revealed.iter());
        let mut seen = 0u64;
        for &c in piles.chain(self.seats.iter().flat_map(|s| s.cards.iter())) {
            if seen & (1u64 << c) != 0 {
                return Err(format!("card {c} is in two places"));
            }
            seen |= 1u64 << c;
        }
        if seen != 0 {
            let solo = self.seats.len() == 1;
            let diplomacy = |c: u8| rules.card(c).and_then(|k| k.skill()) == Some(content::SkillKind::Diplomacy);
            let expected =
                (0..rules.cards.len() as u8).filter(|&c| !(solo && diplomacy(c))).fold(0u64, |m, c| m | 1 << c);
            if seen != expected {
                return Err(format!("{} market card(s) are nowhere", (expected & !seen).count_ones()));
            }
        }
        let mut out = [0u32; 7];
        let mut count = |d: Die| {
            if !d.is_empty() {
                out[usize::from(d.color.min(6))] += 1;
            }
        };
        for s in &self.seats {
            s.sheet.iter().flatten().copied().for_each(&mut count);
            s.pool.iter().copied().for_each(&mut count);
        }
        self.init.iter().filter_map(|c| c.die).for_each(&mut count);
        if let Some(o) = &self.order {
            o.pool.iter().copied().for_each(&mut count);
        }
        if let Step::DicePlace { die, .. } = self.step {
            count(die);
        }
        for (c, (&bag, &full)) in self.bag.iter().zip(FULL_BAG.iter()).enumerate() {
            if u32::from(bag) + out[c] > u32::from(full) {
                return Err(format!(
                    "{} dice of colour {c} in play and in the bag; there are {full}",
                    u32::from(bag) + out[c]
                ));
            }
        }
        Ok(())
    }
}
