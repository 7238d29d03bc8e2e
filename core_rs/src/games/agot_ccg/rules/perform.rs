//! What each legal decision does. `apply` has already checked the action is in the legal list.

use super::super::cards::classify;
use super::super::cards::{Ability, Kind, Rules, LIMITED, POW};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Challenge, Event, InPlay, Pending, Phase, Resp, Stage, Why};
use super::actions::*;
use super::zones::Dest;
use crate::engine::{Action, Events, Player};

/// The host `marshal` is given for an attachment played on the House card.
const ON_HOUSE_CARD: u16 = u16::MAX;
impl AgotCcg {
    pub fn perform(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        let (kind, x, y) = split(a);
        match kind {
            PLOT => {
                self.seats[ps].commit = Some(x as u8);
                ev.public(|| Event::PlotChosen { seat: p });
                if self.seats.iter().all(|s| s.eliminated || s.commit.is_some()) {
                    self.reveal_plots(rules, ev);
                }
            }
            FIRST => self.choose_first(rules, y as Player, ev),
            SETUP_PLACE => {
                let c = self.seats[ps].hand.remove(x);
                self.seats[ps].setup.push(c);
            }
            DONE => self.done(rules, p, ev),
            MARSHAL | MARSHAL_PENALTY => self.marshal(rules, ps, x, y as u16, kind == MARSHAL_PENALTY, ev),
            MARSHAL_HOUSE => self.marshal(rules, ps, x, ON_HOUSE_CARD, false, ev),
            DUPE => {
                let c = self.seats[ps].hand.remove(x);
                let name = &def(rules, c).name;
                if let Some(host) =
                    self.seats[ps].play.iter_mut().find(|h| &def(rules, h.def).name == name && h.owner == p)
                {
                    host.dupes.push(c);
                }
                ev.public(|| Event::Duplicate { seat: p, card: c });
            }
            REDUCER => {
                if let Some((s, i)) = self.locate(y as u16) {
                    let c = &mut self.seats[s].play[i];
                    c.kneeling = true;
                    let card = c.def;
                    let house = def(rules, card).abilities.iter().find_map(|ab| match ab {
                        Ability::Reducer { house } => {
                            Some(house.as_deref().and_then(super::super::cards::house_index).unwrap_or(255))
                        }
                        _ => None,
                    });
                    self.seats[ps].reductions.push(house.unwrap_or(255));
                    ev.public(|| Event::Knelt { seat: p, card });
                }
            }
            CHALLENGE => {
                self.challenge = Some(Challenge {
                    kind: x as u8,
                    attacker: p,
                    defender: y as Player,
                    attackers: Vec::new(),
                    defenders: Vec::new(),
                    bypassed: Vec::new(),
                    stage: Stage::Attackers,
                    winner: None,
                    unopposed: false,
                    riders: Vec::new(),
                });
                // Claims lowered and "if you win" effects belong to one challenge.
                self.pool.new_challenge();
            }
            ATTACK => {
                if let Some(ch) = self.challenge.as_mut() {
                    ch.attackers.push(y as u16);
                }
                self.pay_to_declare(rules, p, y as u16);
            }
            ATTACK_SET | DEFEND_SET => {
                let el = if kind == ATTACK_SET {
                    self.eligible_attackers(rules, p)
                } else {
                    self.eligible_defenders(rules, p)
                };
                let chosen: Vec<u16> =
                    el.iter().enumerate().filter(|(i, _)| y >> i & 1 == 1).map(|(_, &u)| u).collect();
                if let Some(ch) = self.challenge.as_mut() {
                    if kind == ATTACK_SET {
                        ch.attackers.extend(chosen);
                    } else {
                        ch.defenders.extend(chosen);
                    }
                }
                if kind == ATTACK_SET {
                    self.attackers_declared(rules, ev);
                } else {
                    self.defenders_declared(rules, ev);
                }
            }
            DEFEND => {
                if let Some(ch) = self.challenge.as_mut() {
                    ch.defenders.push(y as u16);
                }
                self.pay_to_declare(rules, p, y as u16);
            }
            STEALTH => {
                if let Some(ch) = self.challenge.as_mut() {
                    ch.bypassed.push(y as u16);
                }
                if let Some((s, i)) = self.locate(y as u16) {
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Bypassed { card });
                }
                let mut user = None;
                if let Some(Pending::Stealth { left, users, .. }) = self.pending.first_mut() {
                    *left = left.saturating_sub(1);
                    user = (!users.is_empty()).then(|| users.remove(0));
                    if *left == 0 {
                        self.pending.remove(0);
                    }
                }
                // Dornish Lancer: "after it successfully uses stealth, draw" (before the next stealth choice).
                if let Some((s, i)) = user.and_then(|u| self.locate(u)) {
                    for ab in self.abilities_in(rules, &self.seats[s].play[i], classify::RESPONSES) {
                        if let Ability::StealthDraw { n } = ab {
                            self.pending.insert(0, Pending::Respond { seat: p, resp: Resp::DrawCards { n: *n } });
                        }
                    }
                }
            }
            KILL => {
                if let Some(Pending::Kill { left, picked, .. }) = self.pending.first_mut() {
                    picked.push(y as u16);
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        self.pending.remove(0);
                    }
                }
                self.kill(rules, y as u16, true, ev);
            }
            KNEEL => {
                self.pending.remove(0);
                if let Some((s, i)) = self.locate(y as u16) {
                    self.seats[s].play[i].kneeling = true;
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Knelt { seat: s as Player, card });
                }
            }
            DISCARD => {
                if let Some(Pending::DiscardFromHand { left, .. }) = self.pending.first_mut() {
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        self.pending.remove(0);
                    }
                }
                let c = self.seats[ps].hand.remove(x);
                self.to_discard(rules, p, c, ev);
            }
            EVENT => self.play_event(rules, ps, x, y as u16, ev),
            INFLUENCE => self.pay_influence(rules, y as u16, ev),
            USE => self.use_ability(rules, ps, x, y as u16, ev),
            GEN_EVENT..=GEN_MODE => self.perform_effect(rules, p, kind, x, y, ev),
            GEN_POWER => self.pay_power_from(rules, p, y as u16, ev),
            YES => {
                if let Some(Pending::Respond { resp, .. }) = self.pending.first().cloned() {
                    self.pending.remove(0);
                    self.respond(rules, p, resp, ev);
                }
            }
            // Saves, cancels, their costs, control and naming.
            _ => self.interrupt_perform(rules, p, a, ev),
        }
    }

    /// DONE: pass, decline or finish a declaration, depending on what is being decided.
    fn done(&mut self, rules: &Rules, p: Player, ev: &mut Events<Event>) {
        if self.effect_done(rules, ev) {
            return;
        }
        if let Some(pend) = self.pending.first().cloned() {
            self.pending.remove(0);
            // Declining the duplicate save: the card is killed after all.
            if let Pending::Respond { resp: Resp::SaveWithDupe { uid, kill }, .. } = pend {
                if kill {
                    self.kill(rules, uid, false, ev);
                } else {
                    self.discard_from_play(rules, uid, false, ev);
                }
                return;
            }
            // A pass in a save or cancel window, or a declined choice of this module.
            self.interrupt_declined(rules, pend, ev);
            return;
        }
        if self.window.is_some() {
            return self.window_pass(rules, ev);
        }
        match self.phase {
            Phase::Setup => {
                self.turn += 1;
                if usize::from(self.turn) >= self.order().len() {
                    self.finish_setup(rules, ev);
                }
            }
            Phase::Challenges => match self.challenge.as_ref().map(|c| c.stage) {
                None => self.turn += 1,
                Some(Stage::Attackers) => self.attackers_declared(rules, ev),
                Some(Stage::Defenders) => self.defenders_declared(rules, ev),
                Some(Stage::Resolve(_)) => {}
            },
            _ => {}
        }
        let _ = p;
    }

    /// Setup cards are revealed together; they are not "played" (no effect triggers), then hands refill to 7.
    fn finish_setup(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        for s in 0..self.n() {
            let cards = std::mem::take(&mut self.seats[s].setup);
            // Setup attachments stay with the setup cards until attached, after the reveal.
            let (attachments, cards): (Vec<u16>, Vec<u16>) =
                cards.into_iter().partition(|&c| def(rules, c).kind == Kind::Attachment);
            for &c in &cards {
                self.enter_play(s, c, s as Player);
            }
            let seat = s as Player;
            let cards = cards.into_iter().chain(attachments.iter().copied()).collect();
            self.seats[s].setup = attachments;
            ev.public(|| Event::SetupRevealed { seat, cards });
            let need = super::flow::HAND.saturating_sub(self.seats[s].hand.len()) as u8;
            self.draw(s, need, false, ev);
        }
        self.round = 1;
        self.begin_plot();
        self.setup_attachments_pending();
    }

    pub fn enter_play(&mut self, seat: usize, card: u16, owner: Player) -> u16 {
        let uid = self.next_uid;
        self.next_uid = self.next_uid.wrapping_add(1);
        self.seats[seat].play.push(InPlay {
            uid,
            def: card,
            owner,
            kneeling: false,
            power: 0,
            attachments: Vec::new(),
            dupes: Vec::new(),
        });
        uid
    }

    fn marshal(&mut self, rules: &Rules, ps: usize, x: usize, host: u16, with_penalty: bool, ev: &mut Events<Event>) {
        let card = self.seats[ps].hand[x];
        let d = def(rules, card);
        let penalty = if with_penalty {
            d.abilities
                .iter()
                .find_map(|a| match a {
                    Ability::PenaltyClaimPower { penalty, .. }
                    | Ability::PenaltyOpponentsDiscard { penalty, .. }
                    | Ability::OptionalPenalty { penalty } => Some(*penalty),
                    _ => None,
                })
                // A penalty another card lets it be played with (Mance Rayder).
                .or_else(|| self.granted_penalty(rules, ps, card))
                .unwrap_or(0)
        } else {
            0
        };
        let cost = self.marshal_cost(rules, ps, card, penalty);
        self.seats[ps].hand.remove(x);
        self.pay_for_card(rules, ps, card, cost);
        let s = &mut self.seats[ps];
        if d.keywords & LIMITED != 0 {
            s.limited_played += 1;
        }
        let p = ps as Player;
        ev.public(|| Event::Marshalled { seat: p, card, cost });
        if d.kind == Kind::Attachment && host == ON_HOUSE_CARD {
            self.attach_to_house(p, card, ev);
            self.fire(rules, super::triggered::Fired::AttachmentPlayed { seat: p }, ev);
            return;
        }
        if d.kind == Kind::Attachment {
            if let Some((hs, hi)) = self.locate(host) {
                self.seats[hs].play[hi].attachments.push((card, p));
                let host_def = self.seats[hs].play[hi].def;
                ev.public(|| Event::Attached { seat: p, card, host: host_def });
            }
            self.fire(rules, super::triggered::Fired::AttachmentPlayed { seat: p }, ev);
            // "after an opponent plays an attachment" names the attachment.
            self.fire(rules, super::triggered::Fired::AttachmentOn { seat: p, host, card }, ev);
            return;
        }
        let uid = self.enter_play(ps, card, p);
        // Ygritte's response to being played from hand.
        self.on_played_control(rules, p, card);
        self.entered_paying(rules, uid, with_penalty, ev);
        for ab in &d.abilities {
            match ab {
                Ability::OnPlayedDraw { n } => {
                    self.pending.push(Pending::Respond { seat: p, resp: Resp::DrawCards { n: *n } });
                }
                Ability::OnPlayedKneelChar => {
                    self.pending.push(Pending::KneelTarget { seat: p, optional: true, by_char: true });
                }
                Ability::PenaltyClaimPower { power, .. } if with_penalty => {
                    if let Some((s, i)) = self.locate(uid) {
                        self.seats[s].play[i].power = self.seats[s].play[i].power.saturating_add(*power);
                        let n = *power;
                        ev.public(|| Event::PowerClaimed { seat: p, card: Some(card), n });
                    }
                }
                Ability::PenaltyOpponentsDiscard { n, .. } if with_penalty => {
                    for q in self.order() {
                        if q != p {
                            self.pending.push(Pending::DiscardFromHand { seat: q, left: *n });
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Attackers are knelt (unless an effect says they do not kneel); a window, then stealth choices follow.
    fn attackers_declared(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let Some(ch) = self.challenge.clone() else { return };
        let att = ch.attacker;
        let plot_no_kneel = self.no_kneel_plot(rules, att, ch.kind);
        let mut cards = Vec::new();
        for &u in &ch.attackers {
            let Some((s, i)) = self.locate(u) else { continue };
            let c = &self.seats[s].play[i];
            let stays = plot_no_kneel
                || self.lasting_has(u, super::triggered::Lasts::NoKneel)
                || self
                    .own_gets(rules, att, c, self.abilities_in(rules, c, classify::NO_KNEEL))
                    .any(|g| g.no_kneel_to_attack);
            cards.push(c.def);
            if !stays {
                self.seats[s].play[i].kneeling = true;
            }
        }
        let (defender, kind) = (ch.defender, ch.kind);
        ev.public(|| Event::ChallengeDeclared { attacker: att, defender, kind, attackers: cards });
        self.stealth_declared_responses(rules, &ch.attackers);
        self.fire(rules, super::triggered::Fired::DeclaredAttackers { uids: &ch.attackers }, ev);
        // The window after attackers; stealth targets and defenders follow it (`window_closed`).
        self.open_window(At::Attackers);
    }

    /// Arianne Martell: "after an attacker with stealth is declared, stand her", asked of her controller.
    fn stealth_declared_responses(&mut self, rules: &Rules, attackers: &[u16]) {
        let stealth = attackers
            .iter()
            .filter_map(|&u| self.locate(u))
            .any(|(s, i)| self.stealthy(rules, s as Player, &self.seats[s].play[i]));
        if !stealth {
            return;
        }
        for (q, seat) in self.seats.iter().enumerate() {
            for c in seat.play.iter().filter(|c| c.kneeling) {
                if self
                    .abilities_in(rules, c, classify::RESPONSES)
                    .iter()
                    .any(|a| matches!(a, Ability::StandAfterStealthAttacker))
                {
                    let resp = Resp::StandAfterKill { uid: c.uid };
                    self.pending.push(Pending::Respond { seat: q as Player, resp });
                }
            }
        }
    }

    fn no_kneel_plot(&self, rules: &Rules, seat: Player, kind: u8) -> bool {
        self.plot_has(rules, seat, |a| {
            matches!(a, Ability::PlotNoKneel { challenge } if super::super::cards::challenge_index(challenge) == Some(kind))
        })
    }

    fn defenders_declared(&mut self, rules: &Rules, ev: &mut Events<Event>) {
        let Some(ch) = self.challenge.clone() else { return };
        let dfd = ch.defender;
        let plot_no_kneel = self.no_kneel_plot(rules, dfd, ch.kind);
        let mut cards = Vec::new();
        for &u in &ch.defenders {
            let Some((s, i)) = self.locate(u) else { continue };
            let c = &self.seats[s].play[i];
            let stays = plot_no_kneel
                || self.no_kneel_defend.contains(&u)
                || self
                    .own_gets(rules, dfd, c, self.abilities_in(rules, c, classify::NO_KNEEL))
                    .any(|g| g.no_kneel_to_defend);
            cards.push(c.def);
            if !stays {
                self.seats[s].play[i].kneeling = true;
            }
        }
        ev.public(|| Event::Defended { defender: dfd, defenders: cards });
        self.open_window(At::Defenders);
    }

    fn respond(&mut self, rules: &Rules, p: Player, resp: Resp, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        match resp {
            Resp::SaveWithDupe { uid, kill } => {
                if let Some((s, i)) = self.locate(uid) {
                    if let Some(d) = self.seats[s].play[i].dupes.pop() {
                        let owner = self.seats[s].play[i].owner;
                        let card = self.seats[s].play[i].def;
                        self.to_discard(rules, owner, d, ev);
                        ev.public(|| Event::Saved { seat: s as Player, card });
                        // "after a character is saved" responses.
                        self.after_saved(rules, uid);
                        self.fire(rules, super::triggered::Fired::Saved { uid }, ev);
                    }
                }
                let _ = kill;
            }
            Resp::StandAfterKill { uid } => {
                if let Some((s, i)) = self.locate(uid) {
                    self.seats[s].play[i].kneeling = false;
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Stood { seat: s as Player, card });
                }
            }
            Resp::IntoPlayFromHand { def: c } => {
                if let Some(i) = self.seats[ps].hand.iter().position(|&h| h == c) {
                    self.seats[ps].hand.remove(i);
                    self.enter_play(ps, c, p);
                    ev.public(|| Event::Marshalled { seat: p, card: c, cost: 0 });
                }
            }
            Resp::MovePowerToHouse => {
                let mut n = 0u8;
                for s in self.seats.iter_mut() {
                    for c in s.play.iter_mut() {
                        n = n.saturating_add(c.power);
                        c.power = 0;
                    }
                }
                self.seats[ps].house_power = self.seats[ps].house_power.saturating_add(n);
                ev.public(|| Event::PowerClaimed { seat: p, card: None, n });
            }
            Resp::DrawCards { n } => self.draw(ps, n, true, ev),
            Resp::DominanceBonus => self.claim_house(p, 1, ev),
            Resp::HousePower { n } => self.claim_house(p, n, ev),
            Resp::ClaimPower { uid, n } => {
                if let Some((s, i)) = self.locate(uid) {
                    let c = &mut self.seats[s].play[i];
                    c.power = c.power.saturating_add(n);
                    let card = c.def;
                    ev.public(|| Event::PowerClaimed { seat: s as Player, card: Some(card), n });
                }
            }
            Resp::StandWithStr { uid, str } => {
                if let Some((s, i)) = self.locate(uid) {
                    self.seats[s].play[i].kneeling = false;
                    let card = self.seats[s].play[i].def;
                    ev.public(|| Event::Stood { seat: s as Player, card });
                    self.mods.push((uid, str));
                }
            }
            Resp::Sacrifice { uid } => self.sacrifice(rules, p, uid, ev),
            Resp::KillWeaker { saved, max_str, influence } => {
                let then = super::super::state::Then::Choose {
                    target: super::super::state::Target::Kill { max_str, except: saved },
                };
                self.pending.insert(0, Pending::PayFor { seat: p, left: influence, then });
            }
            Resp::CastleKill => {
                if self.kills_allowed(rules) {
                    for q in self.order().into_iter().rev() {
                        if q != p {
                            self.pending
                                .insert(0, Pending::Kill { seat: q, left: 1, why: Why::Castle, picked: Vec::new() });
                        }
                    }
                }
            }
        }
        let _ = (POW, Dest::Dead);
    }
}
