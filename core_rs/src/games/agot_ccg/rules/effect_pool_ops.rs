//! The composable operations, costs and decisions added for the pool's Greyjoy, Night's Watch, neutral, plot and
//! agenda records: one arm each, as in `effect_ops.rs`. Decisions: choosing a player for an
//! effect (GEN_PLAYER) and the card a "kill / discard one of your characters" cost is paid with (GEN_PAY_CARD; a
//! card paid as a cost cannot be saved, research §3.2).

use super::super::cards::vocab::{Cost, Filter, Op, To, Who};
use super::super::cards::{Ability, Kind, Rules};
use super::super::effects::def;
use super::super::state::{AgotCcg, Event, Pending};
use super::actions::*;
use super::triggered::{Resolving, Step};
use crate::engine::{Action, Events, Player};

impl AgotCcg {
    /// Resolve one of this module's operations (the others are `effect_ops.rs`'s).
    pub(super) fn apply_choice_op(&mut self, rules: &Rules, r: &mut Resolving, o: &Op, ev: &mut Events<Event>) {
        let me = r.seat;
        match o {
            Op::CannotBeSaved { on } => {
                // No save window and no duplicate until the end of the phase; `no_save` is cleared then.
                for u in self.subjects(rules, r, on) {
                    if !self.no_save.contains(&u) {
                        self.no_save.push(u);
                    }
                }
            }
            Op::SwapPrintedStr => {
                let &[a, b] = r.targets.as_slice() else { return };
                let printed =
                    |g: &Self, u: u16| g.locate(u).map(|(s, i)| i32::from(def(rules, g.seats[s].play[i].def).str));
                let (Some(sa), Some(sb)) = (printed(self, a), printed(self, b)) else { return };
                // Each gets the other's printed STR: the difference as a lasting modifier on top of its own.
                let d = (sb - sa).clamp(-100, 100) as i8;
                self.mods.push((a, d));
                self.mods.push((b, d.saturating_neg()));
            }
            Op::RemoveFromChallenge { on } => {
                let subjects = self.subjects(rules, r, on);
                if let Some(ch) = self.challenge.as_mut() {
                    ch.attackers.retain(|u| !subjects.contains(u));
                    ch.defenders.retain(|u| !subjects.contains(u));
                }
            }
            Op::IfWinChallenge => {
                // The rest waits for the challenge (none: it never happens).
                if let Some(Pending::Effect(p)) = self.pending.first() {
                    if p.card == r.card && p.ab == r.ab && p.seat == me {
                        let waiting = p.clone();
                        self.pending.remove(0);
                        if self.challenge.is_some() {
                            self.pool.if_win.push(waiting);
                        }
                    }
                }
            }
            Op::DiscardAnAttachment { filter } => {
                // Nothing to choose: nothing happens.
                let none = r.atts.is_empty() && self.attachment_choices(rules, filter).is_empty();
                let Some(Pending::Effect(p)) = self.pending.first_mut() else { return };
                if none {
                    return;
                }
                match r.atts.pop() {
                    None => {
                        if let Step::Run { op } = p.step {
                            p.step = Step::Attachment { op: op.saturating_sub(1) };
                        }
                    }
                    Some((host, a, owner)) => {
                        p.atts.clear();
                        let Some((s, i)) = self.locate(host) else { return };
                        let atts = &mut self.seats[s].play[i].attachments;
                        let Some(j) = atts.iter().position(|&x| x == (a, owner)) else { return };
                        atts.remove(j);
                        self.to_discard(rules, owner, a, ev);
                    }
                }
            }
            Op::MillPlayer { .. }
            | Op::DiscardHousePower { .. }
            | Op::RejectHouse { .. }
            | Op::ClaimLower { .. }
            | Op::ShuffleDiscardIntoDeck { .. } => {
                // First the controller chooses the player (Step::Player, kept in `mode`), then it happens.
                let Some(q) = r.mode.take().map(usize::from) else {
                    if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                        if let Step::Run { op } = p.step {
                            p.step = Step::Player { op: op.saturating_sub(1) };
                        }
                    }
                    return;
                };
                if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                    p.mode = None;
                }
                if q < self.n() {
                    self.player_op(rules, o, q, ev);
                }
            }
            Op::EachPlayerDiscardsOne { filter } => {
                // Which effect (and option of a "pick one") this is, for the players' choices.
                let Some(Pending::Effect(p)) = self.pending.first() else { return };
                let Step::Run { op: next } = p.step else { return };
                let at = next.saturating_sub(1);
                let opt = match self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(at))) {
                    Some(Op::Choose { options }) => options.iter().position(|x| x.contains(o)).unwrap_or(0) as u8,
                    _ => 255,
                };
                let mut k = 0;
                for q in self.order_from(me) {
                    if self.own_discard_choices(rules, q, filter).is_empty() {
                        continue;
                    }
                    let mut each = r.clone();
                    each.seat = q;
                    each.step = Step::OwnDiscard { op: at, opt };
                    each.mode = None;
                    self.pending.insert(k, Pending::Effect(each));
                    k += 1;
                }
            }
            Op::BecomesDoomed { on } => {
                for u in self.subjects(rules, r, on) {
                    self.lasting.push(super::triggered::Lasting { uid: u, what: super::triggered::Lasts::Doomed });
                }
            }
            Op::CancelOpponentsPlotEffects => {
                // Not yet resolved: the pending "when revealed" effects of the opponents' plots (composable, and the
                // kneel and naming choices of the older plots).
                let plot_of = |g: &Self, q: Player| g.seats.get(usize::from(q)).and_then(|s| s.plot);
                let before = self.pending.len();
                let pending = std::mem::take(&mut self.pending);
                let keep: Vec<Pending> = pending
                    .into_iter()
                    .filter(|p| match p {
                        Pending::Effect(x) => {
                            x.seat == me || x.src.is_some() || x.zone.is_some() || plot_of(self, x.seat) != Some(x.card)
                        }
                        Pending::NameChallenge { seat } => *seat == me,
                        Pending::KneelTarget { seat, by_char: false, .. } => *seat == me,
                        _ => true,
                    })
                    .collect();
                self.pending = keep;
                if self.pending.len() != before {
                    let card = r.card;
                    ev.public(|| Event::Cancelled { seat: me, by: card, card: u16::MAX });
                }
            }
            Op::OpponentsReplot { forced } => {
                let mut k = 0;
                for q in self.order_from(me).into_iter().skip(1) {
                    if self.seats[usize::from(q)].plots.is_empty() || self.seats[usize::from(q)].plot.is_none() {
                        continue;
                    }
                    let mut each = r.clone();
                    each.seat = q;
                    each.step = Step::Replot { forced: *forced };
                    self.pending.insert(k, Pending::Effect(each));
                    k += 1;
                }
            }
            Op::SwapUsedPlot => {
                let s = &self.seats[usize::from(me)];
                if s.used.is_empty() || s.plots.is_empty() {
                    return;
                }
                if let Some(Pending::Effect(p)) = self.pending.first_mut() {
                    p.step = Step::SwapPlot { used: 255 };
                }
            }
            Op::ReturnToHandAtEndOfPhase { on } => {
                // The same list as a card put into play "until the end of the phase" (`return_at_end_of_phase`).
                let uids = self.subjects(rules, r, on);
                self.returning.extend(uids);
            }
            Op::DiscardThatAttachment => {
                for (host, a, owner) in std::mem::take(&mut r.atts) {
                    let Some((s, i)) = self.locate(host) else { continue };
                    let atts = &mut self.seats[s].play[i].attachments;
                    let Some(j) = atts.iter().position(|&x| x == (a, owner)) else { continue };
                    atts.remove(j);
                    self.to_discard(rules, owner, a, ev);
                }
            }
            Op::TakeControl { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    if s != usize::from(me) && self.can_enter_unique(rules, usize::from(me), self.seats[s].play[i].def)
                    {
                        self.take_control(rules, u, me, true, ev);
                    }
                }
            }
            Op::KneelOrReturnToHand { on } => {
                for u in self.subjects(rules, r, on) {
                    let Some((s, i)) = self.locate(u) else { continue };
                    if self.seats[s].play[i].kneeling {
                        self.remove_from_play(rules, s, i, To::Hand, ev);
                    } else {
                        self.seats[s].play[i].kneeling = true;
                        let card = self.seats[s].play[i].def;
                        ev.public(|| Event::Knelt { seat: s as Player, card });
                    }
                }
            }
            _ => {}
        }
    }

    /// An operation on the chosen player `q`.
    fn player_op(&mut self, rules: &Rules, o: &Op, q: usize, ev: &mut Events<Event>) {
        let seat = q as Player;
        match o {
            Op::MillPlayer { n, .. } => {
                for _ in 0..*n {
                    let Some(c) = self.seats[q].deck.pop() else { break };
                    self.to_discard(rules, seat, c, ev);
                }
            }
            Op::DiscardHousePower { n, .. } => {
                let s = &mut self.seats[q];
                let k = (*n).min(s.house_power);
                s.house_power -= k;
                ev.public(|| Event::PowerLost { seat, n: k });
            }
            Op::ClaimLower { n, .. } => self.pool.claim_less.push((seat, *n)),
            Op::RejectHouse { .. } => self.reject_house(rules, q, ev),
            Op::ShuffleDiscardIntoDeck { .. } => {
                let pile = std::mem::take(&mut self.seats[q].discard);
                self.seats[q].deck.extend(pile);
                let mut deck = std::mem::take(&mut self.seats[q].deck);
                self.rng.shuffle(&mut deck);
                self.seats[q].deck = deck;
            }
            _ => {}
        }
    }

    /// No Peace in Westeros: `u` has a House affiliation, and the same controller as the targets already chosen and
    /// a House none of them has.
    pub(super) fn fits_chosen_targets(&self, rules: &Rules, r: &Resolving, u: u16) -> bool {
        let Some((s, i)) = self.locate(u) else { return false };
        let house = def(rules, self.seats[s].play[i].def).house;
        house != super::super::cards::NEUTRAL
            && r.targets.iter().all(|&t| {
                self.locate(t).is_some_and(|(ts, ti)| ts == s && def(rules, self.seats[ts].play[ti].def).house != house)
            })
    }

    /// Does `seat` control a card with one of this module's constants (the per-card bit)?
    pub fn controls_wide_constant(&self, rules: &Rules, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| {
            s.play.iter().any(|c| super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0)
        })
    }

    /// The optional gold penalty a card `seat` controls lets `card` be played with (Mance Rayder), if any.
    pub fn granted_penalty(&self, rules: &Rules, seat: usize, card: u16) -> Option<u8> {
        let s = self.seats.get(seat)?;
        s.play
            .iter()
            .filter(|c| super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0)
            .find_map(|c| {
                self.abilities(rules, c).iter().find_map(|a| match a {
                    Ability::GrantsOptionalPenalty { filter, penalty } if self.def_matches(rules, card, filter) => {
                        Some(*penalty)
                    }
                    _ => None,
                })
            })
    }

    /// `seat` returns his revealed plot to his plot deck and reveals the one at index `x` of it instead: it is his
    /// revealed plot from now on (its constant effects apply), and its "when revealed" effects resolve now. The
    /// first player stays as chosen.
    fn replot(&mut self, rules: &Rules, seat: usize, x: usize, ev: &mut Events<Event>) {
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

    /// Superior Numbers: a player whose revealed plot says so may play only character cards and cannot trigger
    /// card effects or abilities (events, actions, responses, saves, cancels, reducers, Endless, naming); his
    /// passive abilities still happen. Checked on the plot's bit first, so other matches pay one lookup.
    pub fn pool_restrict(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        self.superior_numbers(rules, p, out);
        self.not_declared_together(rules, p, out);
    }

    /// Andrik the Unsmiling: a declaration (all at once, or one by one) never holds both him and a character with
    /// the trait he refuses; checked only for a declaring player who controls such a card (per-card bit).
    fn not_declared_together(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let stage = self.challenge.as_ref().map(|c| c.stage);
        if !matches!(stage, Some(super::super::state::Stage::Attackers | super::super::state::Stage::Defenders)) {
            return;
        }
        let declaring = out.iter().any(|&a| matches!(split(a).0, ATTACK | ATTACK_SET | DEFEND | DEFEND_SET));
        let Some(s) = self.seats.get(usize::from(p)).filter(|_| declaring) else { return };
        let loner = |c: &&super::super::state::InPlay| {
            super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0
                && def(rules, c.def).abilities.iter().any(|a| matches!(a, Ability::NotDeclaredWithTrait { .. }))
        };
        let loners: Vec<(u16, &str)> = s
            .play
            .iter()
            .filter(loner)
            .flat_map(|c| {
                def(rules, c.def).abilities.iter().filter_map(move |a| match a {
                    Ability::NotDeclaredWithTrait { tr } => Some((c.uid, tr.as_str())),
                    _ => None,
                })
            })
            .collect();
        if loners.is_empty() {
            return;
        }
        let Some(ch) = &self.challenge else { return };
        let has =
            |u: u16, t: &str| self.locate(u).is_some_and(|(q, i)| def(rules, self.seats[q].play[i].def).has_trait(t));
        // A set of uids breaks the rule if it holds a loner and another character with his trait.
        let breaks =
            |set: &[u16]| loners.iter().any(|&(l, t)| set.contains(&l) && set.iter().any(|&u| u != l && has(u, t)));
        let attackers = self.eligible_attackers(rules, p);
        let defenders = self.eligible_defenders(rules, p);
        let in_mask = |el: &[u16], m: usize| -> Vec<u16> {
            el.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, &u)| u).collect()
        };
        out.retain(|&a| {
            let (kind, _, y) = split(a);
            match kind {
                ATTACK_SET => !breaks(&in_mask(&attackers, y)),
                DEFEND_SET => !breaks(&in_mask(&defenders, y)),
                ATTACK => !breaks(&[ch.attackers.as_slice(), &[y as u16]].concat()),
                DEFEND => !breaks(&[ch.defenders.as_slice(), &[y as u16]].concat()),
                _ => true,
            }
        });
    }

    /// Superior Numbers (see `pool_restrict`).
    fn superior_numbers(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seats.get(usize::from(p)) else { return };
        let Some(plot) =
            s.plot.filter(|&c| super::triggered::flags(rules, c) & super::triggered::HAS_WIDE_CONSTANT != 0)
        else {
            return;
        };
        if !def(rules, plot).abilities.iter().any(|a| matches!(a, Ability::PlotOnlyCharactersNoTriggers)) {
            return;
        }
        let character = |x: usize| s.hand.get(x).is_some_and(|&c| def(rules, c).kind == Kind::Character);
        let kept: Vec<Action> = out
            .iter()
            .copied()
            .filter(|&a| {
                let (kind, x, y) = split(a);
                match kind {
                    MARSHAL | MARSHAL_PENALTY | DUPE => character(x),
                    NAME => y == NAMED_BY_PLOT,
                    REDUCER | EVENT | USE | YES | GEN_EVENT | GEN_USE | GEN_PILE | GEN_ATT | GEN_YES | SAVE_CARD
                    | SAVE_ATTACHMENT | SAVE_EVENT | CANCEL_CARD | CANCEL_EVENT | ENDLESS | TAKE_CONTROL => false,
                    _ => true,
                }
            })
            .collect();
        // A decision always keeps a choice (every one of these has its pass or decline).
        if !kept.is_empty() {
            *out = kept;
        }
    }

    /// The traits the character `card` gained from a card in play (Lady of Riverrun), found through the per-card
    /// bit.
    pub(super) fn gained_traits<'r>(&self, rules: &'r Rules, card: u16) -> Vec<&'r str> {
        if def(rules, card).kind != Kind::Character {
            return Vec::new();
        }
        let pool = |c: &&super::super::state::InPlay| {
            super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0
        };
        let mut out = Vec::new();
        for c in self.seats.iter().flat_map(|s| s.play.iter()).filter(pool) {
            for a in &def(rules, c.def).abilities {
                if let Ability::AllCharactersGainTrait { tr } = a {
                    out.push(tr.as_str());
                }
            }
        }
        out
    }

    /// The Doom that Came: doomed cards its attachments add to `seat`'s count (attachments on his characters).
    /// Read at every end check: a plain walk that touches only the attachments there are.
    pub fn attached_extra_doomed(&self, rules: &Rules, seat: usize) -> usize {
        let Some(s) = self.seats.get(seat) else { return 0 };
        let mut n = 0;
        for c in &s.play {
            for &(a, _) in &c.attachments {
                if super::triggered::flags(rules, a) & super::triggered::HAS_WIDE_CONSTANT == 0 {
                    continue;
                }
                for ab in &def(rules, a).abilities {
                    if let Ability::AttachedControllerExtraDoomed { n: k } = ab {
                        n += usize::from(*k);
                    }
                }
            }
        }
        n
    }

    /// The Doom that Came may go only on a character whose controller has a printed doomed card in his dead pile.
    pub(super) fn pool_attach_allowed(&self, rules: &Rules, card: u16, host: u16) -> bool {
        let needs =
            def(rules, card).abilities.iter().any(|a| matches!(a, Ability::AttachedControllerExtraDoomed { .. }));
        !needs || self.locate(host).is_some_and(|(s, _)| self.seats[s].dead.iter().any(|&c| def(rules, c).doomed))
    }

    /// The seats in turn order starting with `me`.
    fn order_from(&self, me: Player) -> Vec<Player> {
        let order = self.order();
        let k = order.iter().position(|&q| q == me).unwrap_or(0);
        (0..order.len()).map(|i| order[(k + i) % order.len()]).collect()
    }

    /// What `q` may discard for "each player discards one": (uid, 0) for a card he controls, (host uid, 1 + index)
    /// for an attachment he owns.
    fn own_discard_choices(&self, rules: &Rules, q: Player, f: &Filter) -> Vec<(u16, usize)> {
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
    fn attachment_choices(&self, rules: &Rules, f: &Filter) -> Vec<(u16, usize)> {
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

    /// The current challenge was won by `w`: his "if you win the challenge" effects resolve now, in the order
    /// they were played; the others' lapse.
    pub fn pool_challenge_won(&mut self, w: Player) {
        let waiting = std::mem::take(&mut self.pool.if_win);
        for (k, r) in waiting.into_iter().filter(|r| r.seat == w).enumerate() {
            self.pending.insert(k, Pending::Effect(r));
        }
    }

    /// Forged states: the waiting resolutions and lowered claims name cards, abilities and seats that exist.
    pub fn validate_pool(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if self.pool.if_win.iter().any(|r| !r.valid(rules, n))
            || self.pool.claim_less.iter().any(|c| usize::from(c.0) >= n)
        {
            return Err("a waiting 'if you win' effect or a lowered claim names something outside the match".into());
        }
        Ok(())
    }

    /// Does another player than `seat` control a copy (same title) of this unique card?
    pub(super) fn title_shared(&self, rules: &Rules, seat: usize, card: u16) -> bool {
        let d = def(rules, card);
        d.unique
            && self
                .seats
                .iter()
                .enumerate()
                .any(|(q, s)| q != seat && s.play.iter().any(|c| def(rules, c.def).name == d.name))
    }
}
