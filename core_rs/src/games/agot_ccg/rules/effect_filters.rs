//! Which cards a composable ability's filter matches, which targets it may choose, and whether the ability may
//! be used now (play restrictions, limits, payable costs, an existing required target: research §3.1).

use super::super::cards::vocab::{Body, Cost, Filter, Op, Per, Place, Require, To, Who};
use super::super::cards::{house_index, icon_bits, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, InPlay};
use super::triggered::*;
use crate::engine::Player;

impl AgotCcg {
    /// The seat controlling the card with this uid.
    pub(super) fn controller_of(&self, uid: u16) -> Option<Player> {
        self.locate(uid).map(|(s, _)| s as Player)
    }

    /// Does a card definition match a filter (the parts that do not need it in play)?
    pub fn def_matches(&self, rules: &Rules, card: u16, f: &Filter) -> bool {
        self.def_matches_but(rules, card, f, false, false)
    }

    /// `def_matches` without the printed doomed test (`skip_doomed`: the card is doomed for the phase) or the
    /// trait test (`skip_traits`: it has a wanted trait every character gained); testing in place spares a copy
    /// of the filter for every card looked at.
    fn def_matches_but(&self, rules: &Rules, card: u16, f: &Filter, skip_doomed: bool, skip_traits: bool) -> bool {
        let d = def(rules, card);
        let kind_ok = if f.types.is_empty() { d.kind == Kind::Character } else { f.types.contains(&d.kind) };
        kind_ok
            && f.house.as_deref().is_none_or(|h| house_index(h) == Some(d.house))
            && (skip_traits || f.traits.is_empty() || f.traits.iter().any(|t| d.has_trait(t)))
            && !f.not_traits.iter().any(|t| d.has_trait(t))
            && (f.names.is_empty() || f.names.contains(&d.name))
            && f.unique.is_none_or(|u| u == d.unique)
            && f.limited.is_none_or(|l| l == (d.keywords & super::super::cards::LIMITED != 0))
            && (skip_doomed || f.doomed.is_none_or(|x| x == d.doomed))
            && f.cost_max.is_none_or(|m| d.cost <= m)
            && f.cost_min.is_none_or(|m| d.cost >= m)
            && (!f.influence || d.influence > 0)
            && f.not_houses.iter().all(|h| house_index(h) != Some(d.house))
            && (!f.cost_max_participating || usize::from(d.cost) <= self.participants())
            && f.other_house
                .as_deref()
                .is_none_or(|h| d.house != super::super::cards::NEUTRAL && house_index(h) != Some(d.house))
    }

    /// Does the card `uid` in play match the filter, for an ability controlled by `me` from `src`?
    pub fn in_play_matches(&self, rules: &Rules, me: Player, src: Option<u16>, uid: u16, f: &Filter) -> bool {
        let Some((q, i)) = self.locate(uid) else { return false };
        self.card_matches(rules, me, src, q, &self.seats[q].play[i], f)
    }

    /// `in_play_matches` for a card already found: `c`, controlled by seat `q`. Asked for every card in play by
    /// every usable-now test, so it reads strength and icons only for a filter that asks for them.
    fn card_matches(&self, rules: &Rules, me: Player, src: Option<u16>, q: usize, c: &InPlay, f: &Filter) -> bool {
        let uid = c.uid;
        let who = match f.controller {
            Who::Any => true,
            Who::You => q == usize::from(me),
            Who::Opponent => q != usize::from(me),
        };
        if !who || (f.other && src == Some(uid)) {
            return false;
        }
        // A card that became doomed for the phase matches "doomed" filters by that, not by its print; a
        // trait every character gained (Lady of Riverrun) counts as printed.
        let mut skip_doomed = false;
        if f.doomed.is_some() && !self.lasting.is_empty() && self.lasting_has(uid, Lasts::Doomed) {
            if f.doomed != Some(true) {
                return false;
            }
            skip_doomed = true;
        }
        let mut skip_traits = false;
        if !f.traits.is_empty() || !f.not_traits.is_empty() {
            let gained = self.gained_traits(rules, c.def);
            if f.not_traits.iter().any(|t| gained.contains(&t.as_str())) {
                return false;
            }
            skip_traits = f.traits.iter().any(|t| gained.contains(&t.as_str()));
        }
        if !self.def_matches_but(rules, c.def, f, skip_doomed, skip_traits) {
            return false;
        }
        let qp = q as Player;
        let ch = self.challenge.as_ref();
        let place = f.place.is_none_or(|p| {
            ch.is_some_and(|ch| match p {
                Place::Attacking => ch.attackers.contains(&uid),
                Place::Defending => ch.defenders.contains(&uid),
                Place::Participating => ch.attackers.contains(&uid) || ch.defenders.contains(&uid),
            })
        });
        let str_ok = (f.str_max.is_none() && f.str_min.is_none()) || {
            let strength = self.strength(rules, qp, c);
            f.str_max.is_none_or(|m| strength <= m) && f.str_min.is_none_or(|m| strength >= m)
        };
        let icons_ok = (f.has_icon.is_none() && f.lacks_icon.is_none()) || {
            let icons = self.icons(rules, qp, c);
            f.has_icon.as_deref().is_none_or(|x| icons & icon_bits(x).unwrap_or(0) != 0)
                && f.lacks_icon.as_deref().is_none_or(|x| icons & icon_bits(x).unwrap_or(0) == 0)
        };
        place
            && str_ok
            && f.kneeling.is_none_or(|k| k == c.kneeling)
            && icons_ok
            && (!f.no_attachments || c.attachments.is_empty())
            && (!f.shared_title || self.title_shared(rules, q, c.def))
            && (!f.has_power || c.power > 0)
    }

    /// The cards in play an ability may choose: matching, and not immune to it.
    pub fn effect_targets(&self, rules: &Rules, r: &Resolving, f: &Filter) -> Vec<u16> {
        let mut out = Vec::new();
        self.each_effect_target(rules, r, f, |u| {
            out.push(u);
            false
        });
        out
    }

    /// Whether `effect_targets` would offer anything, without building the list (the usable-now test).
    fn any_effect_target(&self, rules: &Rules, r: &Resolving, f: &Filter) -> bool {
        let mut any = false;
        self.each_effect_target(rules, r, f, |_| {
            any = true;
            true
        });
        any
    }

    /// Each card `effect_targets` offers, in its order, to `take`, until `take` says it has enough.
    fn each_effect_target(&self, rules: &Rules, r: &Resolving, f: &Filter, mut take: impl FnMut(u16) -> bool) {
        let by_char = !r.event
            && r.src
                .and_then(|u| self.locate(u))
                .is_some_and(|(s, i)| def(rules, self.seats[s].play[i].def).kind == Kind::Character)
            && r.host.is_none();
        let body = self.body_of(rules, r);
        // Moving or attaching an attachment: only characters that may take it.
        let attaching = body.is_some_and(|b| {
            b.effect.iter().any(|o| matches!(o, Op::MoveThisAttachment | Op::AttachThis | Op::BecomeAttachment { .. }))
        });
        // Targets of one player with different House affiliations.
        let distinct = body.is_some_and(|b| b.targets_one_player_distinct_houses);
        for (q, s) in self.seats.iter().enumerate() {
            for c in &s.play {
                if r.targets.contains(&c.uid) || !self.card_matches(rules, r.seat, r.src.or(r.host), q, c, f) {
                    continue;
                }
                if attaching && !self.takes_attachments(rules, c.uid) {
                    continue;
                }
                // Keywords only when an immunity can apply: they are the costly part of a target test.
                let immune = (r.event || by_char) && {
                    let k = self.keywords(rules, q as Player, c);
                    (r.event && super::effect_pool::immune_to_event_of(k, q, usize::from(r.seat)))
                        || (by_char && super::effect_pool::immune_to_character_ability_of(k, q, usize::from(r.seat)))
                };
                if immune || (distinct && !self.fits_chosen_targets(rules, r, c.uid)) {
                    continue;
                }
                if take(c.uid) {
                    return;
                }
            }
        }
    }

    /// The attachments an ability may choose: (host uid, index on the host); the filter's controller is the
    /// host's.
    pub fn attachment_targets(&self, rules: &Rules, r: &Resolving, f: &Filter) -> Vec<(u16, usize)> {
        if !f.types.contains(&Kind::Attachment) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (q, s) in self.seats.iter().enumerate() {
            let who = match f.controller {
                Who::Any => true,
                Who::You => q == usize::from(r.seat),
                Who::Opponent => q != usize::from(r.seat),
            };
            if !who {
                continue;
            }
            for c in &s.play {
                for (j, &(a, o)) in c.attachments.iter().enumerate().take(4) {
                    let chosen = r.atts.iter().any(|x| x.0 == c.uid && x.1 == a && x.2 == o);
                    if !chosen && self.def_matches(rules, a, f) && (r.host != Some(c.uid) || r.card != a) {
                        out.push((c.uid, j));
                    }
                }
            }
        }
        out
    }

    pub(super) fn uses_of(&self, card: u16, ab: u8, src: u16) -> (u8, u8) {
        let mut phase = 0u8;
        let mut round = 0u8;
        for u in self.uses.iter().filter(|u| u.card == card && u.ab == ab && u.src == src) {
            if u.round {
                round = round.saturating_add(1);
            } else {
                phase = phase.saturating_add(1);
            }
        }
        (phase, round.saturating_add(phase))
    }

    /// May this ability be used now (limit, costs payable, a target if it needs one)?
    pub fn usable(&self, rules: &Rules, r: &Resolving, b: &Body) -> bool {
        let ps = usize::from(r.seat);
        let Some(seat) = self.seats.get(ps) else { return false };
        if let Some(l) = b.limit {
            let (phase, round) = self.uses_of(r.card, r.ab, r.src.unwrap_or(u16::MAX));
            let used = if l.per == Per::Round { round } else { phase };
            if used >= l.n {
                return false;
            }
        }
        let card_of = |uid: Option<u16>| uid.and_then(|u| self.locate(u)).map(|(s, i)| &self.seats[s].play[i]);
        if b.while_participating {
            let Some(u) = r.src else { return false };
            if !self.challenge.as_ref().is_some_and(|ch| ch.attackers.contains(&u) || ch.defenders.contains(&u)) {
                return false;
            }
        }
        for req in &b.require {
            let ok = match req {
                Require::UsedPlots { tr, min, max } => {
                    let k = seat.used.iter().filter(|&&p| def(rules, p).has_trait(tr)).count();
                    (usize::from(*min)..=usize::from(*max)).contains(&k)
                }
                Require::PlotRevealed { tr } => {
                    self.seats.iter().any(|s| s.plot.is_some_and(|p| def(rules, p).has_trait(tr)))
                }
                Require::WonThisPhase { challenges } => {
                    let need = icon_bits(challenges).unwrap_or(0);
                    (0..3u8).filter(|k| need & (1 << k) != 0).all(|k| self.wins.contains(&(r.seat, k)))
                }
                Require::InPlay { filter } => self
                    .seats
                    .iter()
                    .enumerate()
                    .any(|(q, s)| s.play.iter().any(|c| self.card_matches(rules, r.seat, r.src, q, c, filter))),
                Require::PileHas { pile, filter } => self.pile_has(rules, ps, *pile, filter),
                Require::YouControl { filter } => {
                    seat.play.iter().any(|c| self.card_matches(rules, r.seat, r.src, ps, c, filter))
                }
            };
            if !ok {
                return false;
            }
        }
        if let Some(tr) = &b.x_used_plots {
            if self.used_plots_with(rules, r.seat, tr) == 0 {
                return false;
            }
        }
        let mut influence = 0u8;
        for c in &b.cost {
            let ok = match c {
                Cost::KneelSelf => card_of(r.src).is_some_and(|c| !c.kneeling),
                Cost::KneelAttached => card_of(r.host).is_some_and(|c| !c.kneeling),
                Cost::Influence { n } => {
                    influence = influence.saturating_add(*n);
                    true
                }
                Cost::Sacrifice => card_of(r.src).is_some(),
                Cost::Gold { n } => seat.gold >= *n,
                Cost::DiscardFromHand { n } => seat.hand.len() >= usize::from(*n) + usize::from(r.event),
                Cost::DiscardPower { n } => card_of(r.src).is_some_and(|c| c.power >= *n),
                Cost::InfluenceX => {
                    influence = influence.saturating_add(1);
                    true
                }
                Cost::DiscardHand => true,
                Cost::KillYours { .. } | Cost::DiscardYours { .. } => !self.pay_card_choices(rules, r, c).is_empty(),
                Cost::DiscardPowerFromYours { n } => !self.power_payers(rules, r.seat, *n).is_empty(),
                Cost::KneelHouse => !seat.house_kneeling,
            };
            if !ok {
                return false;
            }
        }
        // Kneeling the source for its own cost leaves its influence unavailable.
        let mut available = self.available_influence(rules, ps);
        if b.cost.contains(&Cost::KneelSelf) {
            if let Some(c) = card_of(r.src) {
                available = available.saturating_sub(def(rules, c.def).influence);
            }
        }
        if influence > available {
            return false;
        }
        if let Some(f) = &b.target {
            if !self.any_effect_target(rules, r, f) && self.attachment_targets(rules, r, f).is_empty() {
                return false;
            }
        }
        // The House pool records' own conditions (a Dragon attached as a Condition cannot attach again).
        if !self.pool_usable(r, b) {
            return false;
        }
        // Putting this card into play: uniqueness (rulebook "Carte uniche").
        for op in &b.effect {
            if let Op::Move { to: To::Play } = op {
                if !self.can_enter_unique(rules, ps, r.card) {
                    return false;
                }
            }
        }
        true
    }
}
