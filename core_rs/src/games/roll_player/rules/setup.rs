//! Setup ("Первоначальная раскладка"): first player, sheets, gold, classes, backstories, alignments, the market
//! deck, Initiative cards and the starting dice; the solo changes ("Правила Пасьянса: начало игры").

use super::super::content::{Ability, ClassSelection, Rules, GOLD};
use super::super::state::{Die, Event, InitCard, RollPlayer, Seat, Step, NONE};
use super::actions::*;
use crate::engine::{Action, Events, Player};
use crate::rng::Rng;

pub const FULL_BAG: [u8; 7] = [10, 10, 10, 10, 10, 10, 13];

impl RollPlayer {
    pub fn setup(rules: &Rules, players: u8, seed: u64, ev: &mut Events<Event>) -> Self {
        let mut rng = Rng::new(seed);
        let n = usize::from(players);
        // Everyone rolls a die; the highest starts (ties roll again among the tied).
        let mut contenders: Vec<Player> = (0..players).collect();
        let (first, roll) = loop {
            let rolls: Vec<u8> = contenders.iter().map(|_| rng.die(6)).collect();
            let best = rolls.iter().copied().max().unwrap_or(1);
            let top: Vec<Player> =
                contenders.iter().zip(&rolls).filter(|(_, r)| **r == best).map(|(p, _)| *p).collect();
            if top.len() <= 1 {
                break (top.first().copied().unwrap_or(0), best);
            }
            contenders = top;
        };
        ev.public(|| Event::FirstPlayer { seat: first, roll });
        let seats = (0..n)
            .map(|i| {
                // 5 gold each; the third player in turn order +1, the fourth +2 (quick reference card);
                // the short-game variant gives no extra gold.
                let pos = (i + n - usize::from(first)) % n;
                let extra = if rules.short_game { 0 } else { [0, 0, 1, 2][pos.min(3)] };
                Seat {
                    race: NONE,
                    class: NONE,
                    backstory: NONE,
                    alignment: NONE,
                    token: 4,
                    gold: 5 + extra,
                    sheet: [[Die::EMPTY; 3]; 6],
                    cards: Vec::new(),
                    exhausted: 0,
                    charisma: 0,
                    init: NONE,
                    pool: Vec::new(),
                }
            })
            .collect();
        let k = if n == 1 { 3 } else { n + 1 };
        let mut g = RollPlayer {
            players,
            first,
            round: 0,
            seats,
            bag: FULL_BAG,
            deck: Vec::new(),
            discard: Vec::new(),
            trash: Vec::new(),
            market: Vec::new(),
            init: vec![InitCard::default(); k],
            step: Step::Race { seat: first },
            order: None,
            skill: None,
            tokens_spent: false,
            rival_roll: 0,
            final_scores: Vec::new(),
            final_ranks: Vec::new(),
            decisions: 0,
            rng,
        };
        for (i, c) in g.init.iter_mut().enumerate() {
            c.coin = i != 0 && i + 1 != k;
        }
        g
    }

    /// Draw one die of a random colour from the bag (by counts), if any is left.
    pub fn draw_die(&mut self) -> Option<u8> {
        let total: u32 = self.bag.iter().map(|&c| u32::from(c)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = self.rng.below(total);
        for (c, count) in self.bag.iter_mut().enumerate() {
            if pick < u32::from(*count) {
                *count -= 1;
                return Some(c as u8);
            }
            pick -= u32::from(*count);
        }
        None
    }

    pub fn return_die(&mut self, color: u8) {
        if let Some(c) = self.bag.get_mut(usize::from(color)) {
            *c = c.saturating_add(1);
        }
    }

    fn taken_colors(&self, rules: &Rules) -> [bool; 7] {
        let mut t = [false; 7];
        for s in &self.seats {
            if let Some(c) = rules.classes.get(usize::from(s.class)) {
                t[usize::from(c.color)] = true;
            }
        }
        t
    }

    pub(super) fn setup_legal(&self, rules: &Rules, _p: Player, out: &mut Vec<Action>) {
        match self.step {
            Step::Race { .. } => {
                for r in 0..rules.races.len() {
                    if !self.seats.iter().any(|s| usize::from(s.race) == r) {
                        out.push(RACE + r as u32);
                    }
                }
            }
            Step::Class { color, .. } => {
                let taken = self.taken_colors(rules);
                for (i, c) in rules.classes.iter().enumerate() {
                    let ok = if color == NONE { !taken[usize::from(c.color)] } else { c.color == color };
                    if ok {
                        out.push(CLASS + i as u32);
                    }
                }
            }
            Step::StartDice { seat } => {
                let Some(s) = self.seat(seat) else { return };
                for (i, d) in s.pool.iter().enumerate() {
                    if s.pool[..i].contains(d) {
                        continue; // identical dice make identical choices
                    }
                    for r in 0..6 {
                        if s.filled(r) < 3 {
                            out.push(START + i as u32 * 6 + r as u32);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    pub(super) fn setup_apply(&mut self, rules: &Rules, _p: Player, a: Action, ev: &mut Events<Event>) {
        match self.step {
            Step::Race { seat } => {
                let race = (a - RACE) as u8;
                if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                    s.race = race;
                }
                ev.public(|| Event::RaceChosen {
                    seat,
                    race: rules.races.get(usize::from(race)).map_or(String::new(), |r| r.name.clone()),
                });
                let next = self.next_seat(seat);
                if next == self.first {
                    self.begin_classes(rules, ev);
                } else {
                    self.step = Step::Race { seat: next };
                }
            }
            Step::Class { seat, .. } => {
                let class = (a - CLASS) as u8;
                if let Some(s) = self.seats.get_mut(usize::from(seat)) {
                    s.class = class;
                }
                ev.public(|| Event::ClassChosen {
                    seat,
                    class: rules.classes.get(usize::from(class)).map_or(String::new(), |c| c.name.clone()),
                });
                let done = self.seats.iter().all(|s| s.class != NONE);
                if done {
                    self.after_classes(rules, ev);
                } else {
                    let next = match rules.class_selection {
                        ClassSelection::Draw => self.next_seat(seat),
                        // Reverse turn order, ending with the first player.
                        ClassSelection::Choose => ((usize::from(seat) + self.n() - 1) % self.n()) as Player,
                    };
                    self.class_step(rules, next, ev);
                }
            }
            Step::StartDice { seat } => {
                let i = ((a - START) / 6) as usize;
                let r = ((a - START) % 6) as usize;
                let Some(s) = self.seats.get_mut(usize::from(seat)) else { return };
                if i >= s.pool.len() {
                    return;
                }
                let die = s.pool.remove(i);
                let col = s.filled(r);
                if let Some(slot) = s.sheet.get_mut(r).and_then(|row| row.get_mut(col)) {
                    *slot = die;
                }
                if s.pool.is_empty() {
                    // +1 gold per row filled with three dice (gold dice were paid when drawn).
                    let rows = (0..6).filter(|&r| s.filled(r) == 3).count() as u16;
                    s.gold += rows;
                    let gold = s.gold;
                    ev.public(|| Event::StartingGold { seat, gold });
                    let next = self.next_seat(seat);
                    if next == self.first {
                        self.start_round(rules, ev);
                    } else {
                        self.step = Step::StartDice { seat: next };
                    }
                }
            }
            _ => {}
        }
    }

    fn begin_classes(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let start = match rules.class_selection {
            ClassSelection::Draw => self.first,
            ClassSelection::Choose => ((usize::from(self.first) + self.n() - 1) % self.n()) as Player,
        };
        self.class_step(rules, start, ev);
    }

    fn class_step(&mut self, rules: &Rules, seat: Player, ev: &mut Events<Event>) {
        let color = match rules.class_selection {
            ClassSelection::Choose => NONE,
            ClassSelection::Draw => {
                // Draw until a colour that is neither gold nor another player's; drawn dice stay out until
                // every player has a class, then all go back to the bag.
                let taken = self.taken_colors(rules);
                let mut color = NONE;
                while let Some(c) = self.draw_die() {
                    if c != GOLD && !taken[usize::from(c)] {
                        color = c;
                        break;
                    }
                }
                if color == NONE {
                    color = (0..6).find(|&c| !taken[usize::from(c)]).unwrap_or(0);
                }
                let name = super::super::content::COLORS[usize::from(color)].to_string();
                ev.public(|| Event::ClassDie { seat, color: name });
                color
            }
        };
        self.step = Step::Class { seat, color };
    }

    fn after_classes(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        self.bag = super::setup::FULL_BAG;
        let n = self.n();
        let mut bs: Vec<u8> = (0..rules.backstories.len() as u8).collect();
        let mut al: Vec<u8> = (0..rules.alignments.len() as u8).collect();
        self.rng.shuffle(&mut bs);
        self.rng.shuffle(&mut al);
        for i in 0..n {
            let (b, a) = (bs.get(i).copied().unwrap_or(0), al.get(i).copied().unwrap_or(0));
            if let Some(s) = self.seats.get_mut(i) {
                s.backstory = b;
                s.alignment = a;
                s.token = 4;
            }
            ev.public(|| Event::Dealt {
                seat: i as Player,
                backstory: rules.backstories.get(usize::from(b)).map_or(String::new(), |x| x.name.clone()),
                alignment: rules.alignments.get(usize::from(a)).map_or(String::new(), |x| x.name.clone()),
            });
        }
        self.build_market_deck(rules);
        // Solo: one gold die is set aside as the rival die.
        if self.solo() {
            self.bag[usize::from(GOLD)] -= 1;
        }
        self.deal_market(rules, ev);
        if self.solo() {
            if let Some(c) = self.deck.pop() {
                self.trash.push(c);
                ev.public(|| Event::Trashed { cards: vec![rules.card_name(c).to_string()] });
            }
        }
        for off in 0..n {
            let seat = (usize::from(self.first) + off) % n;
            self.roll_starting_dice(rules, seat as Player, ev);
        }
        self.step = Step::StartDice { seat: self.first };
    }

    fn build_market_deck(&mut self, rules: &Rules) {
        let solo = self.solo();
        let usable = |id: &u8| {
            !(solo
                && rules
                    .card(*id)
                    .and_then(|c| c.skill())
                    .is_some_and(|k| k == super::super::content::SkillKind::Diplomacy))
        };
        let all: Vec<u8> = (0..rules.cards.len() as u8).filter(usable).collect();
        let cut = match self.n() {
            1 | 2 => 7,
            3 => 3,
            _ => 0,
        };
        if rules.random_market {
            let mut deck = all;
            self.rng.shuffle(&mut deck);
            for _ in 0..cut * 2 {
                if let Some(c) = deck.pop() {
                    self.discard.push(c);
                }
            }
            self.deck = deck;
        } else {
            let mut g1: Vec<u8> =
                all.iter().copied().filter(|&c| rules.card(c).is_some_and(|k| k.group == 1)).collect();
            let mut g2: Vec<u8> =
                all.iter().copied().filter(|&c| rules.card(c).is_some_and(|k| k.group != 1)).collect();
            self.rng.shuffle(&mut g1);
            self.rng.shuffle(&mut g2);
            for _ in 0..cut {
                if let Some(c) = g1.pop() {
                    self.discard.push(c);
                }
                if let Some(c) = g2.pop() {
                    self.discard.push(c);
                }
            }
            // The deck's top is the end of the Vec: one-dot cards over two-dot cards.
            g2.extend(g1);
            self.deck = g2;
        }
    }

    fn roll_starting_dice(&mut self, rules: &Rules, seat: Player, ev: &mut Events<Event>) {
        let n = self.n();
        let mut count = if n == 1 { 6 } else { n + 4 };
        let mut colors: Vec<u8> = Vec::new();
        if rules.less_random_setup {
            // One die of each player colour, plus gold dice to make up players + 4 (3p: 1, 4p: 2).
            for c in 0..6u8 {
                if self.bag[usize::from(c)] > 0 {
                    self.bag[usize::from(c)] -= 1;
                    colors.push(c);
                }
            }
            while colors.len() < count {
                if self.bag[usize::from(GOLD)] == 0 {
                    break;
                }
                self.bag[usize::from(GOLD)] -= 1;
                colors.push(GOLD);
            }
            count = colors.len();
        }
        if rules.short_game {
            count += 2;
        }
        while colors.len() < count {
            match self.draw_die() {
                Some(c) => colors.push(c),
                None => break,
            }
        }
        let thief = self.ability(rules, seat) == Some(Ability::Shrewd);
        let mut pool = Vec::with_capacity(colors.len());
        for c in colors {
            pool.push(Die::new(c, self.rng.die(6)));
        }
        let golds = pool.iter().filter(|d| d.color == GOLD).count() as u16;
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.gold += golds * if thief { 4 } else { 2 };
            s.pool = pool.clone();
        }
        ev.public(|| Event::StartingDice { seat, dice: pool });
    }

    pub fn ability(&self, rules: &Rules, p: Player) -> Option<Ability> {
        let s = self.seat(p)?;
        rules.classes.get(usize::from(s.class)).map(|c| c.ability)
    }
}
