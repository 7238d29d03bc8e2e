//! Derived values: strength, icons, keywords, costs, claim, income. Constant abilities and lasting effects
//! are summed (rulebook "Effetti duraturi": order does not matter; STR below 0 counts as 0).

mod constant;

pub use constant::{constant, each, for_seat, on_attached};

use super::cards::classify;
use super::cards::vocab::Gets;
use super::cards::{Ability, CardDef, Cond, Kind, Rules, DEADLY, INT, NEUTRAL, RENOWN, STEALTH};
use super::state::effect::Lasts;
use super::state::{AgotCcg, InPlay};
use crate::engine::Player;

pub fn def(rules: &Rules, id: u16) -> &CardDef {
    // Every id in a state is checked by `validate` (forged snapshots) or comes from the decks.
    &rules.cards[usize::from(id)]
}

impl AgotCcg {
    pub fn n(&self) -> usize {
        self.seats.len()
    }

    /// A revealed plot of `seat` carrying an ability matching `f`.
    pub fn plot_has(&self, rules: &Rules, seat: Player, f: impl Fn(&Ability) -> bool) -> bool {
        self.seats.get(usize::from(seat)).and_then(|s| s.plot).is_some_and(|p| def(rules, p).abilities.iter().any(f))
    }

    pub fn any_plot_has(&self, rules: &Rules, f: impl Fn(&Ability) -> bool + Copy) -> bool {
        (0..self.n()).any(|s| self.plot_has(rules, s as Player, f))
    }

    /// Fortified Position: the text boxes of all characters are blank (traits excepted).
    pub fn chars_blank(&self, rules: &Rules) -> bool {
        // Asked for every character at nearly every decision: the plot's class bit answers before its text.
        self.seats
            .iter()
            .any(|s| s.plot.is_some_and(|p| classify::classes_of(rules, p) & classify::BLANKS_CHARACTERS != 0))
    }

    /// The printed abilities of a card in play that are on now. Called for every card at nearly every decision,
    /// so it stays inlinable and looks at the lasting effects only when there are some.
    #[inline]
    pub fn abilities<'r>(&self, rules: &'r Rules, c: &InPlay) -> &'r [Ability] {
        let d = def(rules, c.def);
        if d.abilities.is_empty() {
            return &[];
        }
        if self.text_blank(rules, c) {
            &[]
        } else {
            &d.abilities
        }
    }

    /// Is the text box of `c` blank now: a plot blanking every character's, a lasting blank on it, or an
    /// attachment on it that blanks its host (Banished)?
    #[inline]
    pub fn text_blank(&self, rules: &Rules, c: &InPlay) -> bool {
        (def(rules, c.def).kind == Kind::Character && self.chars_blank(rules))
            || (!self.lasting.is_empty() && self.lasting_has(c.uid, Lasts::Blank))
            || (!c.attachments.is_empty()
                && c.attachments.iter().any(|&(a, _)| classify::classes_of(rules, a) & classify::BLANKS_HOST != 0))
    }

    pub fn doomed_in_any_dead_pile(&self, rules: &Rules) -> bool {
        self.seats.iter().any(|s| s.dead.iter().any(|&c| def(rules, c).doomed))
    }

    pub fn cond(&self, rules: &Rules, seat: Player, c: &InPlay, cond: &Cond) -> bool {
        let Some(s) = self.seats.get(usize::from(seat)) else { return false };
        match cond {
            Cond::DoomedInDeadPile => self.doomed_in_any_dead_pile(rules),
            Cond::OthersPlotRevealed => {
                self.seats.iter().any(|q| q.plot.is_some_and(|p| def(rules, p).has_trait("The Others")))
            }
            Cond::ControlsTrait { traits, house } => s.play.iter().any(|o| {
                let d = def(rules, o.def);
                o.uid != c.uid
                    && d.kind == Kind::Character
                    && traits.iter().any(|t| d.has_trait(t))
                    && house.as_deref().is_none_or(|h| super::cards::house_index(h) == Some(d.house))
            }),
            Cond::HasAttachment { tr } => {
                c.attachments.iter().any(|(a, _)| tr.as_deref().is_none_or(|t| def(rules, *a).has_trait(t)))
            }
            Cond::AllOwnHouse => s.play.iter().all(|o| {
                let ok = |h: u8| h == NEUTRAL || h == s.house;
                ok(def(rules, o.def).house) && o.attachments.iter().all(|(a, _)| ok(def(rules, *a).house))
            }),
            Cond::AttachedHouse { house } => super::cards::house_index(house) == Some(def(rules, c.def).house),
            Cond::AllOfHouse { house } => {
                let h = super::cards::house_index(house);
                let ok = |x: u8| x == NEUTRAL || Some(x) == h;
                s.play
                    .iter()
                    .all(|o| ok(def(rules, o.def).house) && o.attachments.iter().all(|(a, _)| ok(def(rules, *a).house)))
            }
            Cond::ControlsLocationTrait { tr } => {
                s.play.iter().any(|o| def(rules, o.def).kind == Kind::Location && def(rules, o.def).has_trait(tr))
            }
            // More attachments than every other character in play.
            Cond::MostAttachments => self.most_attachments(c),
            Cond::AnotherCharHasKeyword { keyword } => self.another_has_keyword(rules, c, keyword),
            Cond::Outnumber { more, than } => {
                let count = |tr: &str| {
                    let chars = self.seats.iter().flat_map(|q| &q.play).map(|o| def(rules, o.def));
                    chars.filter(|d| d.kind == Kind::Character && d.has_trait(tr)).count()
                };
                count(more) > count(than)
            }
            Cond::Standing => !c.kneeling,
            Cond::ControlsExactly { tr, n } => {
                let k = s.play.iter().filter(|o| {
                    let d = def(rules, o.def);
                    o.uid != c.uid && d.kind == Kind::Character && d.has_trait(tr)
                });
                k.count() == usize::from(*n)
            }
        }
    }

    /// What the attachments on `c` give it now ("attached character gets …").
    fn attached<'a>(&'a self, rules: &'a Rules, seat: Player, c: &'a InPlay) -> impl Iterator<Item = &'a Gets> + 'a {
        let gives = move |&&(a, _): &&(u16, Player)| classify::classes_of(rules, a) & classify::ON_ATTACHED != 0;
        c.attachments.iter().filter(gives).flat_map(move |(a, _)| {
            let on = def(rules, *a).abilities.iter().filter_map(on_attached);
            on.filter(move |k| self.holds(rules, seat, c, k)).map(|k| &k.gets)
        })
    }

    pub fn keywords(&self, rules: &Rules, seat: Player, c: &InPlay) -> u16 {
        let d = def(rules, c.def);
        let mut k = if self.text_blank(rules, c) { 0 } else { d.keywords };
        for g in self.own_gets(rules, seat, c, self.abilities_in(rules, c, classify::OWN_KEYWORDS)) {
            k |= super::cards::keyword_bits(&g.keywords).unwrap_or(0);
        }
        // Most attachments grant no keyword: skip those before testing their condition.
        for (a, _) in
            c.attachments.iter().filter(|x| classify::classes_of(rules, x.0) & classify::ATTACHED_KEYWORDS != 0)
        {
            for ab in def(rules, *a).abilities.iter().filter_map(on_attached) {
                if !ab.gets.keywords.is_empty() && self.holds(rules, seat, c, ab) {
                    k |= super::cards::keyword_bits(&ab.gets.keywords).unwrap_or(0);
                }
            }
        }
        // Cards granting keywords to their controller's characters (Euron Crow's Eye, while he stands).
        if d.kind == Kind::Character {
            for o in self.seats.get(usize::from(seat)).map_or(&[][..], |s| &s.play[..]) {
                for ab in self.abilities_in(rules, o, classify::YOUR_CHARS_KEYWORDS).iter().filter_map(constant) {
                    if let Some(to) = each(ab) {
                        if self.holds(rules, seat, o, ab) && self.reaches(rules, to, usize::from(seat), seat, c) {
                            k |= super::cards::keyword_bits(&ab.gets.keywords).unwrap_or(0);
                        }
                    }
                }
            }
        }
        self.lasting_keywords(c.uid, k)
    }

    /// The power `seat` needs to win: 15, plus what opponents' Balon's Followers add.
    pub fn power_to_win(&self, rules: &Rules, seat: usize, base: u8) -> u8 {
        // An agenda's "you must claim 5 more power to win".
        let mut need = base.saturating_add(self.agenda_more_power(rules, seat));
        for (q, other) in self.seats.iter().enumerate().filter(|&(q, o)| q != seat && !o.eliminated) {
            for o in &other.play {
                for k in self.abilities_in(rules, o, classify::POWER_TO_WIN).iter().filter_map(|a| for_seat(a, q, seat))
                {
                    if k.gets.power_to_win != 0 && self.holds(rules, q as Player, o, k) {
                        need = need.saturating_add(k.gets.power_to_win);
                    }
                }
            }
        }
        need
    }

    pub fn icons(&self, rules: &Rules, seat: Player, c: &InPlay) -> u8 {
        let mut i = def(rules, c.def).icons | self.agenda_icons(rules, seat, c);
        for g in self.own_gets(rules, seat, c, self.abilities_in(rules, c, classify::OWN_ICONS)) {
            i |= super::cards::icon_bits(&g.icons).unwrap_or(0);
        }
        for g in self.attached(rules, seat, c) {
            i |= super::cards::icon_bits(&g.icons).unwrap_or(0);
        }
        self.lasting_icons(c.uid, i)
    }

    pub fn has_icon(&self, rules: &Rules, seat: Player, c: &InPlay, kind: u8) -> bool {
        self.icons(rules, seat, c) & (1 << kind) != 0
    }

    fn defending(&self, c: &InPlay) -> bool {
        self.challenge.as_ref().is_some_and(|ch| ch.defenders.contains(&c.uid))
    }

    pub fn strength(&self, rules: &Rules, seat: Player, c: &InPlay) -> u8 {
        let d = def(rules, c.def);
        if d.kind != Kind::Character {
            return 0;
        }
        let mut s = i32::from(d.str);
        // Areo Hotah: "his STR cannot be lowered" — every negative modifier is left out.
        let own = self.abilities_in(rules, c, classify::OWN_STR);
        let floor = self.own_gets(rules, seat, c, own).any(|g| g.str_cannot_be_lowered);
        // Summed as they come (no list: this runs for every character at nearly every decision).
        let mut total = 0i32;
        let mut add = |v: i32| {
            if !floor || v > 0 {
                total += v;
            }
        };
        for g in self.own_gets(rules, seat, c, own) {
            add(self.gets_str(rules, c, g));
        }
        for g in self.attached(rules, seat, c) {
            add(i32::from(g.str));
            if self.defending(c) {
                add(i32::from(g.defending_str));
                // "its printed STR counts as 0" takes the printed STR away, not a modifier.
                if g.printed_str_zero_defending {
                    s -= i32::from(d.str);
                }
            }
        }
        self.mods.iter().filter(|m| m.0 == c.uid).for_each(|m| add(i32::from(m.1)));
        // "Characters you control get +N": the cards of the same controller that say so (Daenerys Targaryen).
        if let Some(me) = self.seats.get(usize::from(seat)) {
            for o in &me.play {
                for k in self.abilities_in(rules, o, classify::YOUR_CHARS_STR).iter().filter_map(constant) {
                    if let Some(to) = each(k) {
                        if self.holds(rules, seat, o, k) && self.reaches(rules, to, usize::from(seat), seat, c) {
                            add(i32::from(k.gets.str));
                        }
                    }
                }
            }
        }
        // Revealed plots (their text is never blank).
        for (q, other) in self.seats.iter().enumerate() {
            let Some(p) = other.plot else { continue };
            for k in def(rules, p).abilities.iter().filter_map(constant) {
                if let Some(to) = each(k) {
                    if k.gets.str != 0 && self.reaches(rules, to, q, seat, c) {
                        add(i32::from(k.gets.str));
                    }
                }
            }
        }
        s += total;
        s.clamp(0, 255) as u8
    }

    pub fn has_kw(&self, rules: &Rules, seat: Player, c: &InPlay, kw: u16) -> bool {
        self.keywords(rules, seat, c) & kw != 0
    }

    /// Total power: House card plus characters (rulebook "Potere e vittoria").
    pub fn power(&self, seat: usize) -> u8 {
        self.seats.get(seat).map_or(0, |s| s.play.iter().fold(s.house_power, |acc, c| acc.saturating_add(c.power)))
    }

    /// Initiative: plot plus initiative bonuses of cards in play, kneeling or not.
    pub fn initiative(&self, rules: &Rules, seat: usize) -> u8 {
        let s = &self.seats[seat];
        let base = s.plot.map_or(0, |p| def(rules, p).initiative);
        s.play.iter().fold(base, |acc, c| acc.saturating_add(def(rules, c.def).initiative))
    }

    /// Income counted at the start of the seat's marshalling (rulebook "Fase 3").
    pub fn income(&self, rules: &Rules, seat: usize) -> u8 {
        let s = &self.seats[seat];
        let mut g = s.plot.map_or(0, |p| def(rules, p).gold);
        for c in &s.play {
            g = g.saturating_add(def(rules, c.def).gold);
        }
        g = g.saturating_add(self.house_gold(rules, seat));
        for (q, other) in self.seats.iter().enumerate() {
            if q == seat || other.eliminated {
                continue;
            }
            if let Some(p) = other.plot {
                for k in def(rules, p).abilities.iter().filter_map(|a| for_seat(a, q, seat)) {
                    g = g.saturating_add(k.gets.income);
                }
            }
        }
        g
    }

    /// What `card` costs `seat` to marshal now: printed cost, +2 out of House (rulebook "Dragoni di penalità"),
    /// plot increases, then reductions; never below 0.
    pub fn marshal_cost(&self, rules: &Rules, seat: usize, card: u16, penalty: u8) -> u8 {
        let d = def(rules, card);
        let s = &self.seats[seat];
        let mut c = i32::from(d.cost) + i32::from(penalty);
        if d.house != NEUTRAL && d.house != s.house && !self.agenda_waives_penalty(rules, seat, card) {
            c += 2;
        }
        for (q, other) in self.seats.iter().enumerate() {
            if let Some(p) = other.plot.filter(|&p| classify::classes_of(rules, p) & classify::COST_OF != 0) {
                for k in def(rules, p).abilities.iter().filter_map(|a| for_seat(a, q, seat)) {
                    if k.gets.cost_of.contains(&d.kind) {
                        c += i32::from(k.gets.cost);
                    }
                }
            }
        }
        let mut reduce = 0;
        if d.kind == Kind::Character {
            for o in &s.play {
                for ab in self.abilities_in(rules, o, classify::COSTS) {
                    if let Ability::CostReduction { tr, amount } = ab {
                        if d.has_trait(tr) {
                            reduce += i32::from(*amount);
                        }
                    }
                }
            }
        }
        reduce += s.reductions.iter().filter(|&&h| classify::fits(h, d)).count() as i32;
        reduce += self.composable_cost_reduction(rules, seat, card);
        // Reductions never eat into a gold penalty (the card data's "cannot be ignored").
        let floor = i32::from(penalty);
        (c - reduce).max(floor).clamp(0, 255) as u8
    }

    /// The claim of `attacker`'s revealed plot in a challenge of `kind` against `defender`.
    pub fn claim(&self, rules: &Rules, attacker: Player, kind: u8) -> u8 {
        let Some(p) = self.seats.get(usize::from(attacker)).and_then(|s| s.plot) else { return 0 };
        let mut c = i32::from(def(rules, p).claim);
        let attacker = usize::from(attacker);
        if kind == INT {
            for (q, s) in self.seats.iter().enumerate() {
                for o in &s.play {
                    for k in
                        self.abilities_in(rules, o, classify::TOTALS).iter().filter_map(|a| for_seat(a, q, attacker))
                    {
                        if k.gets.intrigue_claim != 0 && self.holds(rules, q as Player, o, k) {
                            c += i32::from(k.gets.intrigue_claim);
                        }
                    }
                }
            }
        }
        for (q, s) in self.seats.iter().enumerate() {
            if q == attacker {
                continue;
            }
            if let Some(op) = s.plot {
                for k in def(rules, op).abilities.iter().filter_map(|a| for_seat(a, q, attacker)) {
                    c += i32::from(k.gets.claim);
                }
            }
        }
        c.clamp(0, 10) as u8
    }

    /// Doomed cards counted against `seat` (rulebook "Maledizione"), with "counts as having more" effects.
    pub fn doomed_count(&self, rules: &Rules, seat: usize) -> usize {
        let mut n = self.seats[seat]
            .dead
            .iter()
            .filter(|&&c| classify::classes_of(rules, c) & classify::DOOMED_CARD != 0)
            .count();
        for (q, s) in self.seats.iter().enumerate() {
            if q == seat || s.eliminated {
                continue;
            }
            for o in &s.play {
                for k in self.abilities_in(rules, o, classify::DOOMED_TOTAL).iter().filter_map(|a| for_seat(a, q, seat))
                {
                    if k.gets.doomed != 0 && self.holds(rules, q as Player, o, k) {
                        n += usize::from(k.gets.doomed);
                    }
                }
            }
        }
        // The Doom that Came on one of his characters.
        n + self.attached_extra_doomed(rules, seat)
    }

    pub fn stealthy(&self, rules: &Rules, seat: Player, c: &InPlay) -> bool {
        self.has_kw(rules, seat, c, STEALTH)
    }

    pub fn deadly(&self, rules: &Rules, seat: Player, c: &InPlay) -> bool {
        self.has_kw(rules, seat, c, DEADLY)
    }

    pub fn renowned(&self, rules: &Rules, seat: Player, c: &InPlay) -> bool {
        self.has_kw(rules, seat, c, RENOWN)
    }

    /// Find a card in play by uid: (controller, index).
    pub fn locate(&self, uid: u16) -> Option<(usize, usize)> {
        self.seats.iter().enumerate().find_map(|(s, seat)| seat.play.iter().position(|c| c.uid == uid).map(|i| (s, i)))
    }

    /// Seats in turn order from the first player, clockwise, skipping the eliminated. Asked at nearly every
    /// step, so it lives on the stack (a match has at most 4 seats).
    pub fn order(&self) -> Order {
        let n = self.n();
        let mut o = Order { seats: [0; MAX_SEATS], len: 0 };
        for k in 0..n {
            let p = (usize::from(self.first) + k) % n;
            if !self.seats[p].eliminated && o.len < MAX_SEATS {
                o.seats[o.len] = p as Player;
                o.len += 1;
            }
        }
        o
    }
}

/// The most seats a match has (setup refuses more).
pub const MAX_SEATS: usize = 4;

/// The live seats in turn order: a slice of at most [`MAX_SEATS`], without a heap allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    seats: [Player; MAX_SEATS],
    len: usize,
}

impl std::ops::Deref for Order {
    type Target = [Player];
    fn deref(&self) -> &[Player] {
        &self.seats[..self.len]
    }
}

impl IntoIterator for Order {
    type Item = Player;
    type IntoIter = std::iter::Take<std::array::IntoIter<Player, MAX_SEATS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.seats.into_iter().take(self.len)
    }
}

impl AgotCcg {
    /// The abilities of `c` that are on now, or none at once when its printed text has no ability of
    /// `class` (a superset test: blanking only ever removes abilities).
    #[inline]
    pub fn abilities_in<'r>(&self, rules: &'r Rules, c: &InPlay, class: u32) -> &'r [Ability] {
        if classify::classes_of(rules, c.def) & class == 0 {
            return &[];
        }
        self.abilities(rules, c)
    }
}
