//! The decisions of the pool's operations and costs: choosing a player for an effect (GEN_PLAYER), an attachment,
//! one's own discard, a plot, and the card a "kill / discard one of yours" cost is paid with (GEN_PAY_CARD; a card
//! paid as a cost cannot be saved, research §3.2).

use super::super::cards::vocab::{Cost, Filter, Op, Who};
use super::super::cards::{Ability, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::actions::*;
use super::triggered::{Resolving, Step};
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// `seat` returns his revealed plot to his plot deck and reveals the one at index `x` of it instead: it is his
    /// revealed plot from now on (its constant effects apply), and its "when revealed" effects resolve now. The
    /// first player stays as chosen.
    pub(super) fn replot(&mut self, rules: &Rules, seat: usize, x: usize, ev: &mut Events<Event>) {
        let s = &mut self.seats[seat];
        if x >= s.plots.len() {
            return;
        }
        let plot = s.plots.remove(x);
        if let Some(old) = s.plot.replace(plot) {
            s.plots.push(old);
            s.plots.sort_unstable();
        }
        let (p, initiative) = (seat as Player, s.initiative);
        ev.public(|| Event::PlotRevealed { seat: p, plot, initiative });
        let mut k = 0;
        for (i, ab) in def(rules, plot).abilities.iter().enumerate() {
            let Some((b, false)) = super::triggered::body(ab) else { continue };
            if b.when != Some(super::super::cards::vocab::Trigger::Revealed) {
                continue;
            }
            let mut r = Self::new_resolving(p, plot, i);
            if self.usable(rules, &r, b) {
                r.step = if b.optional { Step::Ask } else { Step::Pay { k: 0 } };
                self.pending.insert(k, Pending::Effect(r));
                k += 1;
            }
        }
        if self.plot_has(rules, p, |a| matches!(a, Ability::PlotRevealKneelChar)) {
            self.pending.insert(k, Pending::KneelTarget { seat: p, optional: false, by_char: false });
        }
    }

    /// What `q` may discard for "each player discards one": (uid, 0) for a card he controls, (host uid, 1 + index)
    /// for an attachment he owns.
    pub(super) fn own_discard_choices(&self, rules: &Rules, q: Player, f: &Filter) -> Vec<(u16, usize)> {
        let mut out = Vec::new();
        let Some(mine) = self.seats.get(usize::from(q)) else { return out };
        for c in &mine.play {
            if self.in_play_matches(rules, q, None, c.uid, f) {
                out.push((c.uid, 0));
            }
        }
        if f.types.contains(&Kind::Attachment) {
            for s in &self.seats {
                for c in &s.play {
                    for (j, &(a, o)) in c.attachments.iter().enumerate().take(4) {
                        if o == q && self.def_matches(rules, a, f) {
                            out.push((c.uid, j + 1));
                        }
                    }
                }
            }
        }
        out
    }

    /// The filter of a pending "each player discards one".
    fn own_discard_filter<'r>(&self, rules: &'r Rules, r: &Resolving) -> Option<&'r Filter> {
        let Step::OwnDiscard { op, opt } = r.step else { return None };
        let each = |o: &'r Op| match o {
            Op::EachPlayerDiscardsOne { filter } => Some(filter),
            _ => None,
        };
        match self.body_of(rules, r)?.effect.get(usize::from(op))? {
            Op::Choose { options } => options.get(usize::from(opt))?.iter().find_map(each),
            o => each(o),
        }
    }

    /// The players an effect may name (`who`, from the ability's controller), not eliminated.
    fn player_choices(&self, r: &Resolving, who: Who) -> Vec<usize> {
        (0..self.n())
            .filter(|&q| !self.seats[q].eliminated)
            .filter(|&q| match who {
                Who::Any => true,
                Who::You => q == usize::from(r.seat),
                Who::Opponent => q != usize::from(r.seat),
            })
            .collect()
    }

    /// The cards in play `r`'s controller may pay `cost` with (a character to kill, a card to discard).
    pub(super) fn pay_card_choices(&self, rules: &Rules, r: &Resolving, cost: &Cost) -> Vec<u16> {
        let (Cost::KillYours { filter } | Cost::DiscardYours { filter }) = cost else { return Vec::new() };
        let kill = matches!(cost, Cost::KillYours { .. });
        let Some(s) = self.seats.get(usize::from(r.seat)) else { return Vec::new() };
        s.play
            .iter()
            .filter(|c| !kill || def(rules, c.def).kind == Kind::Character)
            .filter(|c| !kill || !self.lasting_has(c.uid, super::triggered::Lasts::CannotBeKilled))
            .filter(|c| self.in_play_matches(rules, r.seat, r.src, c.uid, filter))
            .map(|c| c.uid)
            .collect()
    }

    /// The decisions of a resolution choosing a player or a paying card.
    pub(super) fn pool_pending_actions(&self, rules: &Rules, r: &Resolving, out: &mut Vec<Action>) {
        let Some(b) = self.body_of(rules, r) else { return };
        match r.step {
            Step::Player { op } => {
                let op = b.effect.get(usize::from(op));
                // Arianne's Rejection chooses a House card that stands.
                let standing =
                    |q: &usize| !matches!(op, Some(Op::RejectHouse { .. })) || !self.seats[*q].house_kneeling;
                let who = match op {
                    Some(
                        Op::MillPlayer { who, .. }
                        | Op::DiscardHousePower { who, .. }
                        | Op::RejectHouse { who }
                        | Op::ClaimLower { who, .. }
                        | Op::ShuffleDiscardIntoDeck { who },
                    ) => *who,
                    _ => return,
                };
                out.extend(self.player_choices(r, who).into_iter().filter(standing).map(|q| code(GEN_PLAYER, 0, q)));
            }
            Step::Attachment { op } => {
                let Some(Op::DiscardAnAttachment { filter }) = b.effect.get(usize::from(op)) else { return };
                out.extend(
                    self.attachment_choices(rules, filter)
                        .into_iter()
                        .map(|(h, j)| code(GEN_ATTACHMENT, j + 1, usize::from(h))),
                );
            }
            Step::OwnDiscard { .. } => {
                let Some(f) = self.own_discard_filter(rules, r) else { return };
                out.extend(
                    self.own_discard_choices(rules, r.seat, f)
                        .into_iter()
                        .map(|(u, x)| code(GEN_OWN, x, usize::from(u))),
                );
            }
            Step::Replot { forced } => {
                let n = self.seats.get(usize::from(r.seat)).map_or(0, |s| s.plots.len().min(7));
                out.extend((0..n).map(|x| code(GEN_PLOT, x, 0)));
                if !forced {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::SwapPlot { used } => {
                let Some(s) = self.seats.get(usize::from(r.seat)) else { return };
                let (x, n) = if used == 255 { (0, s.used.len()) } else { (1, s.plots.len()) };
                out.extend((0..n.min(7)).map(|y| code(GEN_SWAP_PLOT, x, y)));
            }
            Step::PayWith { k } => {
                let Some(cost) = b.cost.get(usize::from(k)) else { return };
                out.extend(
                    self.pay_card_choices(rules, r, cost).into_iter().map(|u| code(GEN_PAY_CARD, 0, usize::from(u))),
                );
            }
            _ => {}
        }
    }

    /// GEN_PLAYER / GEN_PAY_CARD on the resolution at the head of the pending list.
    pub(super) fn perform_pool(
        &mut self,
        rules: &Rules,
        p: Player,
        kind: u32,
        x: usize,
        y: usize,
        ev: &mut Events<Event>,
    ) {
        let Some(Pending::Effect(r)) = self.pending.first() else { return };
        let r = r.clone();
        match (kind, r.step.clone()) {
            (GEN_PLAYER, Step::Player { op }) => {
                if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                    head.mode = Some(y as u8);
                    head.step = Step::Run { op };
                }
            }
            (GEN_ATTACHMENT, Step::Attachment { op }) => {
                let host = y as u16;
                let Some((s, i)) = self.locate(host) else { return };
                let Some(&(a, owner)) = self.seats[s].play[i].attachments.get(x.wrapping_sub(1)) else { return };
                if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                    head.atts = vec![(host, a, owner)];
                    head.step = Step::Run { op };
                }
            }
            (GEN_OWN, Step::OwnDiscard { .. }) => {
                self.pending.remove(0);
                let uid = y as u16;
                if x == 0 {
                    // An ordinary discard from play: the duplicates and the save window may answer it.
                    self.discard_from_play(rules, uid, true, ev);
                } else if let Some((s, i)) = self.locate(uid) {
                    if let Some(&(a, owner)) = self.seats[s].play[i].attachments.get(x - 1) {
                        self.seats[s].play[i].attachments.remove(x - 1);
                        self.to_discard(rules, owner, a, ev);
                    }
                }
            }
            (GEN_PLOT, Step::Replot { .. }) => {
                self.pending.remove(0);
                self.replot(rules, usize::from(p), x, ev);
            }
            (GEN_SWAP_PLOT, Step::SwapPlot { used }) => {
                let ps = usize::from(p);
                if used == 255 {
                    if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                        head.step = Step::SwapPlot { used: y as u8 };
                    }
                    return;
                }
                self.pending.remove(0);
                let s = &mut self.seats[ps];
                let (u, d) = (usize::from(used), y);
                if u < s.used.len() && d < s.plots.len() {
                    std::mem::swap(&mut s.used[u], &mut s.plots[d]);
                    s.plots.sort_unstable();
                }
            }
            (GEN_PAY_CARD, Step::PayWith { k }) => {
                if let Some(Pending::Effect(head)) = self.pending.first_mut() {
                    head.step = Step::Pay { k: k + 1 };
                }
                let kill = self
                    .body_of(rules, &r)
                    .and_then(|b| b.cost.get(usize::from(k)))
                    .is_some_and(|c| matches!(c, Cost::KillYours { .. }));
                let uid = y as u16;
                // Paid as a cost: it cannot be saved (no window, no duplicate).
                self.unsaved.push(uid);
                if kill {
                    self.kill(rules, uid, false, ev);
                } else {
                    self.discard_from_play(rules, uid, false, ev);
                }
                self.unsaved.retain(|&u| u != uid);
            }
            _ => {}
        }
        let _ = p;
    }

    /// The attachments in play matching the filter: (host uid, index on the host), at most 4 per host.
    pub(super) fn attachment_choices(&self, rules: &Rules, f: &Filter) -> Vec<(u16, usize)> {
        let mut out = Vec::new();
        for s in &self.seats {
            for c in &s.play {
                for (j, &(a, _)) in c.attachments.iter().enumerate().take(4) {
                    let mut any = f.clone();
                    any.types = vec![Kind::Attachment];
                    if self.def_matches(rules, a, &any) {
                        out.push((c.uid, j));
                    }
                }
            }
        }
        out
    }
}
