//! Triggered composable abilities: asking every seat's abilities that answer a moment (`Fired`), in turn order,
//! and whether an ability answers it.

use super::super::cards::vocab::{Body, Role, Trigger, Who};
use super::super::cards::{Ability, Kind, Rules, NO_ATTACH};
use super::super::effects::def;
use super::super::state::{AgotCcg, Challenge, Event, Pending, Phase};
use super::triggered::*;
use crate::engine::{Events, Player};

impl AgotCcg {
    /// Is any card that might answer a trigger where it could (in play, attached, in a hand or discard pile)?
    pub(super) fn any_triggered(&self, rules: &Rules) -> bool {
        let t = |c: &u16| flags(rules, *c) & HAS_TRIGGERED != 0;
        self.seats.iter().any(|s| {
            s.hand.iter().any(t)
                || s.discard.iter().any(t)
                || s.play.iter().any(|c| t(&c.def) || c.attachments.iter().any(|a| t(&a.0)))
        })
    }

    /// Ask the triggered abilities answering `f` of every seat, in turn order.
    pub fn fire(&mut self, rules: &Rules, f: Fired, ev: &mut Events<Event>) {
        let _ = ev;
        let own = matches!(f, Fired::Killed { card, .. } if flags(rules, card) & HAS_TRIGGERED != 0);
        if !own && !self.any_triggered(rules) {
            return;
        }
        let mut asks = Vec::new();
        // "After this card is killed": its own text, now in a pile.
        if let Fired::Killed { card, seat, discarded } = f {
            for (k, ab) in
                def(rules, card).abilities.iter().enumerate().filter(|_| flags(rules, card) & HAS_TRIGGERED != 0)
            {
                let Some((b, false)) = body(ab) else { continue };
                if let Some(Trigger::Killed { of: None, or_discarded }) = &b.when {
                    if !discarded || *or_discarded {
                        let mut r = Self::new_resolving(seat, card, k);
                        r.zone = Some(if def(rules, card).kind == Kind::Character && !discarded {
                            ZONE_DEAD
                        } else {
                            ZONE_DISCARD
                        });
                        asks.push((r, b));
                    }
                }
            }
        }
        for q in self.order() {
            let s = &self.seats[usize::from(q)];
            // Each source is asked at once, in the order found (no list of sources is built per moment).
            let mut consider = |r: Resolving| {
                let Some((b, false)) = def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body) else {
                    return;
                };
                if zone_code(b.from) == r.zone && self.answers(rules, &r, b, &f) {
                    asks.push((r, b));
                }
            };
            for c in s.play.iter().filter(|c| flags(rules, c.def) & HAS_TRIGGERED != 0) {
                for (k, ab) in self.abilities(rules, c).iter().enumerate() {
                    if matches!(ab, Ability::Triggered(_)) {
                        let mut r = Self::new_resolving(q, c.def, k);
                        r.src = Some(c.uid);
                        consider(r);
                    }
                }
            }
            for other in &self.seats {
                for host in other.play.iter().filter(|h| !self.lasting_has(h.uid, Lasts::Blank)) {
                    for &(a, o) in
                        host.attachments.iter().filter(|x| x.1 == q && flags(rules, x.0) & HAS_TRIGGERED != 0)
                    {
                        for (k, ab) in def(rules, a).abilities.iter().enumerate() {
                            if matches!(ab, Ability::Triggered(_)) {
                                let mut r = Self::new_resolving(o, a, k);
                                r.host = Some(host.uid);
                                consider(r);
                            }
                        }
                    }
                }
            }
            for (zone, pile) in [(ZONE_HAND, &s.hand), (ZONE_DISCARD, &s.discard)] {
                for (i, &c) in pile.iter().enumerate() {
                    if flags(rules, c) & HAS_TRIGGERED == 0 || pile[..i].contains(&c) {
                        continue;
                    }
                    for (k, ab) in def(rules, c).abilities.iter().enumerate() {
                        if let Ability::Triggered(b) = ab {
                            let d = def(rules, c);
                            let barred = d.kind == Kind::Event && d.house_only && d.house != s.house;
                            if zone_code(b.from) == Some(zone) && !barred {
                                let mut r = Self::new_resolving(q, c, k);
                                r.zone = Some(zone);
                                r.event = zone == ZONE_HAND && def(rules, c).kind == Kind::Event;
                                consider(r);
                            }
                        }
                    }
                }
            }
        }
        for (mut r, b) in asks {
            if let Fired::Entered { uid, .. } = f {
                r.trig = Some(uid);
            }
            // The attachment just played, for "discard that attachment"; the loser resolves Ravaged Coast.
            if let Fired::AttachmentOn { seat, host, card } = f {
                r.atts = vec![(host, card, seat)];
            }
            if let (Some(Trigger::LoserOfUnopposed), Fired::Won { loser, .. }) = (&b.when, &f) {
                r.seat = *loser;
            }
            if self.usable(rules, &r, b) {
                r.step = if b.optional { Step::Ask } else { Step::Pay { k: 0 } };
                if !b.optional {
                    self.count_use(rules, &r);
                }
                self.pending.push(Pending::Effect(r));
            }
        }
    }

    /// Does the trigger of this ability answer the moment?
    pub(super) fn answers(&self, rules: &Rules, r: &Resolving, b: &Body, f: &Fired) -> bool {
        let me = r.seat;
        let this = r.src.or(r.host);
        let Some(when) = &b.when else { return false };
        match (when, f) {
            (
                Trigger::Won { challenge, role, participating, unopposed, total_str_min, by_min },
                Fired::Won { winner, ch, total, margin, .. },
            ) => {
                let side = if *winner == ch.attacker { &ch.attackers } else { &ch.defenders };
                *winner == me
                    && challenge.as_deref().is_none_or(|c| super::super::cards::challenge_index(c) == Some(ch.kind))
                    && role.is_none_or(|x| (x == Role::Attacker) == (ch.attacker == me))
                    && (!*participating || this.is_some_and(|u| side.contains(&u)))
                    && (!*unopposed || ch.unopposed)
                    && *total >= u32::from(*total_str_min)
                    && *margin >= u32::from(*by_min)
            }
            (Trigger::Lost { challenge, role, participating }, Fired::Won { loser, ch, .. }) => {
                let side = if *loser == ch.attacker { &ch.attackers } else { &ch.defenders };
                *loser == me
                    && challenge.as_deref().is_none_or(|c| super::super::cards::challenge_index(c) == Some(ch.kind))
                    && role.is_none_or(|x| (x == Role::Attacker) == (ch.attacker == me))
                    && (!*participating || this.is_some_and(|u| side.contains(&u)))
            }
            (
                Trigger::EntersPlay { of, from_hand, with_penalty },
                Fired::Entered { uid, seat, from_hand: fh, penalty },
            ) => {
                *seat == me
                    && (!*from_hand || *fh)
                    && (!*with_penalty || *penalty)
                    && match of {
                        None => this == Some(*uid),
                        Some(filter) => self.in_play_matches(rules, me, this, *uid, filter),
                    }
            }
            (Trigger::Killed { of: Some(filter), or_discarded }, Fired::Killed { card, seat, discarded }) => {
                let who = match filter.controller {
                    Who::Any => true,
                    Who::You => *seat == me,
                    Who::Opponent => *seat != me,
                };
                (!*discarded || *or_discarded) && who && self.def_matches(rules, *card, filter)
            }
            (Trigger::ToDeadPile, Fired::ToDeadPile) | (Trigger::Renown, Fired::Renown) => true,
            (Trigger::AttachmentPlayed, Fired::AttachmentPlayed { seat }) => *seat == me,
            (Trigger::HousePower, Fired::HousePower { .. }) => true,
            (Trigger::PlotsRevealed { plot_trait }, Fired::PlotsRevealed) => plot_trait
                .as_deref()
                .is_none_or(|t| self.seats.iter().any(|s| s.plot.is_some_and(|p| def(rules, p).has_trait(t)))),
            (Trigger::DeclaredAttacker, Fired::DeclaredAttackers { uids }) => this.is_some_and(|u| uids.contains(&u)),
            (Trigger::Saved, Fired::Saved { uid }) => {
                self.locate(*uid).is_some_and(|(s, i)| def(rules, self.seats[s].play[i].def).kind == Kind::Character)
            }
            (Trigger::OpponentAttachmentPlayed, Fired::AttachmentOn { seat, .. }) => *seat != me,
            (Trigger::LoserOfUnopposed, Fired::Won { ch, .. }) => ch.unopposed,
            (Trigger::AnyEntersPlay { of }, Fired::Entered { uid, .. }) => self.in_play_matches(
                rules,
                me,
                this,
                *uid,
                of.as_ref().unwrap_or(&super::super::cards::vocab::Filter::default()),
            ),
            _ => false,
        }
    }

    /// "When revealed" abilities of the revealed plots, in turn order (after the first player is chosen).
    pub fn plot_revealed_effects(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        for q in self.order() {
            let Some(plot) = self.seats[usize::from(q)].plot.filter(|&p| flags(rules, p) & HAS_TRIGGERED != 0) else {
                continue;
            };
            for (k, ab) in def(rules, plot).abilities.iter().enumerate() {
                let Some((b, false)) = body(ab) else { continue };
                if b.when != Some(Trigger::Revealed) {
                    continue;
                }
                let mut r = Self::new_resolving(q, plot, k);
                if self.usable(rules, &r, b) {
                    r.step = if b.optional { Step::Ask } else { Step::Pay { k: 0 } };
                    self.pending.push(Pending::Effect(r));
                }
            }
        }
        self.fire(rules, Fired::PlotsRevealed, ev);
    }

    /// Fire "after you win / lose a challenge" at the responses step of a challenge.
    pub fn fire_challenge_result(&mut self, rules: &Rules, ch: &Challenge, ev: &mut Events<Event>) {
        let Some(w) = ch.winner else { return };
        let loser = if w == ch.attacker { ch.defender } else { ch.attacker };
        // A win by a margin a Sunspear of the loser's counts (effect_pool.rs).
        self.note_beaten(rules, ch, w, loser);
        if !self.any_triggered(rules) {
            self.wins.push((w, ch.kind));
            return;
        }
        let Some(now) = self.challenge.clone() else { return };
        let mut now = now;
        now.winner = ch.winner;
        now.unopposed = ch.unopposed;
        let att = self.side_strength(rules, now.attacker, &now.attackers);
        let dfd = self.side_strength(rules, now.defender, &now.defenders);
        let (total, other) = if w == now.attacker { (att, dfd) } else { (dfd, att) };
        let margin = total.saturating_sub(other);
        self.wins.push((w, now.kind));
        self.fire(rules, Fired::Won { winner: w, loser, ch: &now, total, margin }, ev);
    }

    /// Is this card's controller `p`? (used by the heuristic)
    pub fn controls(&self, p: Player, uid: u16) -> bool {
        self.controller_of(uid) == Some(p)
    }

    /// Phase of the match the current window belongs to, for the heuristic.
    pub fn in_challenge_phase(&self) -> bool {
        self.phase == Phase::Challenges
    }

    /// Characters that gained "cannot be declared" may not attack or defend; ones that do not kneel stay standing.
    pub fn may_declare(&self, uid: u16) -> bool {
        !self.lasting_has(uid, Lasts::CannotBeDeclared)
    }

    /// Cards that entered play (`uid`) answer "after it enters play" abilities.
    pub fn entered(&mut self, rules: &Rules, uid: u16, from_hand: bool, ev: &mut Events<Event>) {
        let Some(seat) = self.controller_of(uid) else { return };
        self.fire(rules, Fired::Entered { uid, seat, from_hand, penalty: false }, ev);
    }

    /// A card marshalled from hand, with or without its optional gold penalty.
    pub fn entered_paying(&mut self, rules: &Rules, uid: u16, penalty: bool, ev: &mut Events<Event>) {
        let Some(seat) = self.controller_of(uid) else { return };
        self.fire(rules, Fired::Entered { uid, seat, from_hand: true, penalty }, ev);
    }

    /// How many plots with this trait `seat` has in his used pile.
    pub fn used_plots_with(&self, rules: &Rules, seat: Player, tr: &str) -> u8 {
        self.seats[usize::from(seat)].used.iter().filter(|&&p| def(rules, p).has_trait(tr)).count().min(255) as u8
    }

    /// We Do Not Sow: a win by enough STR counts as unopposed.
    pub fn win_counts_unopposed(&self, rules: &Rules, att: Player, attack: u32, defense: u32) -> bool {
        self.plot_has(
            rules,
            att,
            |a| matches!(a, Ability::PlotWinByCountsUnopposed { by } if attack >= defense + u32::from(*by)),
        )
    }

    /// Beggar King (your attachments cost less) and Errant Captain (less per Warship you control).
    pub fn composable_cost_reduction(&self, rules: &Rules, seat: usize, card: u16) -> i32 {
        let d = def(rules, card);
        let mut k = 0i32;
        if d.kind == Kind::Attachment {
            if let Some(p) = self.seats[seat].plot.filter(|&p| flags(rules, p) & HAS_NEW_CONSTANT != 0) {
                for a in &def(rules, p).abilities {
                    if let Ability::PlotAttachmentsCostLess { amount } = a {
                        k += i32::from(*amount);
                    }
                }
            }
        }
        for a in d.abilities.iter().filter(|_| flags(rules, card) & HAS_NEW_CONSTANT != 0) {
            if let Ability::CostLessPerLocationTrait { tr } = a {
                let locs = self.seats[seat].play.iter().filter(|c| {
                    let x = def(rules, c.def);
                    x.kind == Kind::Location && x.has_trait(tr)
                });
                k += locs.count() as i32;
            }
        }
        k
    }

    /// "X character only" attachments go only on matching characters.
    pub fn attach_allowed(&self, rules: &Rules, p: Player, card: u16, host: u16) -> bool {
        (flags(rules, card) & HAS_NEW_CONSTANT == 0
            || def(rules, card).abilities.iter().all(|a| match a {
                Ability::AttachOnly { filter } => self.in_play_matches(rules, p, None, host, filter),
                _ => true,
            }))
            // The Doom that Came's play restriction.
            && (flags(rules, card) & HAS_WIDE_CONSTANT == 0 || self.pool_attach_allowed(rules, card, host))
    }

    /// Balon Greyjoy: while a card with `AttackingBarsDefenders` attacks, matching characters cannot defend;
    /// Foe I was Born to Fight: a defender with a matching plot revealed cannot declare defenders.
    pub fn barred_from_defending(&self, rules: &Rules, p: Player, uid: u16) -> bool {
        let Some(ch) = &self.challenge else { return false };
        let my_plot = self.seats.get(usize::from(p)).and_then(|s| s.plot).map(|x| def(rules, x));
        let new_plot = |q: usize| self.seats[q].plot.is_some_and(|x| flags(rules, x) & HAS_NEW_CONSTANT != 0);
        let foe = (0..self.n()).filter(|&q| q != usize::from(p) && new_plot(q)).any(|q| {
            self.plot_has(rules, q as Player, |a| {
                matches!(a, Ability::PlotOpponentsWithTraitNoDefenders { tr } if my_plot.is_some_and(|m| m.has_trait(tr)))
            })
        });
        if foe {
            return true;
        }
        ch.attackers.iter().filter_map(|&u| self.locate(u)).any(|(s, i)| {
            let a = &self.seats[s].play[i];
            flags(rules, a.def) & HAS_NEW_CONSTANT != 0
                && self.abilities(rules, a).iter().any(|x| match x {
                    Ability::AttackingBarsDefenders { filter } => {
                        self.in_play_matches(rules, s as Player, Some(a.uid), uid, filter) && p != s as Player
                    }
                    _ => false,
                })
        })
    }

    /// Attachments may go on this character (no "No attachments").
    pub fn takes_attachments(&self, rules: &Rules, uid: u16) -> bool {
        self.locate(uid).is_some_and(|(s, i)| {
            let c = &self.seats[s].play[i];
            def(rules, c.def).kind == Kind::Character && !self.has_kw(rules, s as Player, c, NO_ATTACH)
        })
    }
}
