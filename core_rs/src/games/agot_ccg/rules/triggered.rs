//! The composable abilities (`vocab.rs`): which may be used now, and their resolution in the rulebook's order
//! (research §3.1 "framework"; rulebook "Azioni e abilità passive", "Risposte"): play restrictions and limits
//! are checked first (an ability whose costs cannot be paid, or whose required target does not exist, is not
//! offered), then the costs are paid, then the targets chosen, then the effects resolve in order ("then").
//! Lasting effects end with the phase; "cannot" beats "can" (a card that cannot be killed is not killed by any
//! effect or claim).

use serde::{Deserialize, Serialize};

use super::super::content::{
    house_index, icon_bits, Ability, Kind, Rules, IMMUNE_CHAR, IMMUNE_EVENTS, IMMUNE_OPP_CHAR, NO_ATTACH,
};
use super::super::effects::def;
use super::super::state::{AgotCcg, Challenge, Event, Pending, Phase};
use super::super::vocab::{Body, Cost, Filter, Op, Per, Place, Require, Role, To, Trigger, Who, Zone, MAX_ABILITIES};
use super::actions::*;
use crate::engine::{Action, Events, Player};

/// A lasting effect on the card with this uid, until the end of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub uid: u16,
    pub what: Lasts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasts {
    GainIcons(u8),
    LoseIcons(u8),
    GainKeywords(u16),
    LoseKeywords(u16),
    Blank,
    CannotBeKilled,
    CannotBeDeclared,
    NoKneel,
}

/// One use of a limited ability: the card definition, the ability index, the source uid (u16::MAX for events,
/// whose limit is per title) and whether it counts for the round (else the phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Use {
    pub card: u16,
    pub ab: u8,
    pub src: u16,
    pub round: bool,
}

/// Where the resolution of an ability stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// An optional triggered ability: its controller accepts (GEN_YES) or declines (DONE).
    Ask,
    /// Paying cost number `k` (automatic except influence).
    Pay { k: u8 },
    /// Kneeling influence providers until `left` is paid (rulebook "Influenza": excess is lost).
    Influence { k: u8, left: u8 },
    /// Choosing targets (GEN_TARGET; DONE once at least one is chosen).
    Target,
    /// Resolving effect number `op` (automatic).
    Run { op: u8 },
    /// Choosing the option of effect number `op` (a "pick one").
    Mode { op: u8 },
    /// Taking up to `left` of the offered cards (definitions) for effect number `op`; `looked`: how many of the
    /// deck's top cards were looked at and are not yet placed.
    Pick {
        op: u8,
        choices: Vec<u16>,
        left: u8,
        looked: u8,
        #[serde(default)]
        first: Option<u16>,
    },
}

/// A composable ability on its way through the framework.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolving {
    pub seat: Player,
    /// The card definition carrying the ability, and the ability's index in it.
    pub card: u16,
    pub ab: u8,
    /// The source in play (uid), or the character the source attachment is on.
    pub src: Option<u16>,
    pub host: Option<u16>,
    /// Where the source card is when it is not in play.
    pub zone: Option<u8>,
    /// The card in play the trigger names.
    pub trig: Option<u16>,
    /// Played as an event (targets immune to events cannot be chosen).
    pub event: bool,
    pub step: Step,
    pub targets: Vec<u16>,
    /// The X paid (`influence_x`).
    #[serde(default)]
    pub x: u8,
    /// Chosen attachments: (host uid, definition, owner).
    #[serde(default)]
    pub atts: Vec<(u16, u16, Player)>,
    /// The option chosen for a "pick one" effect.
    #[serde(default)]
    pub mode: Option<u8>,
}

impl Resolving {
    /// Does a (possibly forged) resolution name only cards, abilities and seats that exist?
    pub fn valid(&self, rules: &Rules, seats: usize) -> bool {
        let nc = rules.cards.len();
        let card_ok = |c: u16| usize::from(c % 8192 % 2048) < nc && usize::from(c % 8192 / 2048) < seats;
        usize::from(self.card) < nc
            && rules.cards[usize::from(self.card)].abilities.get(usize::from(self.ab)).and_then(body).is_some()
            && self.atts.iter().all(|a| usize::from(a.1) < nc && usize::from(a.2) < seats)
            && match &self.step {
                Step::Pick { choices, .. } => choices.iter().all(|&c| card_ok(c)),
                _ => true,
            }
    }

    /// A pick from the deck shows cards only their owner may see.
    pub fn secret(&self) -> bool {
        matches!(self.step, Step::Pick { .. })
    }
}

/// A moment triggered abilities may answer.
pub enum Fired<'a> {
    Won {
        winner: Player,
        loser: Player,
        ch: &'a Challenge,
        total: u32,
        margin: u32,
    },
    Entered {
        uid: u16,
        seat: Player,
        from_hand: bool,
        penalty: bool,
    },
    /// A player played an attachment from his hand.
    AttachmentPlayed {
        seat: Player,
    },
    /// A character claimed power for renown.
    Renown,
    /// A player claimed power for his House.
    HousePower {
        seat: Player,
    },
    /// A character left play (killed, or discarded with `discarded`): its definition and controller.
    Killed {
        card: u16,
        seat: Player,
        discarded: bool,
    },
    ToDeadPile,
    PlotsRevealed,
    DeclaredAttackers {
        uids: &'a [u16],
    },
}

/// The body of a composable ability, and whether it is an action.
pub fn body(ab: &Ability) -> Option<(&Body, bool)> {
    match ab {
        Ability::Action(b) => Some((b, true)),
        Ability::Triggered(b) => Some((b, false)),
        _ => None,
    }
}

/// The `left` of an influence step paying "X": open until the player stops.
const X_OPEN: u8 = 255;

/// `Rules::composable` bits.
pub const HAS_ACTION: u8 = 1;
pub const HAS_TRIGGERED: u8 = 2;
/// One of the constant abilities added with the composable form (checked only on cards that have one).
pub const HAS_NEW_CONSTANT: u8 = 4;

/// The composable bits of a card definition.
pub fn composable_flags(d: &super::super::content::CardDef) -> u8 {
    d.abilities.iter().fold(0, |f, a| match a {
        Ability::Action(_) => f | HAS_ACTION,
        Ability::Triggered(_) => f | HAS_TRIGGERED,
        Ability::NoKneelToDefend
        | Ability::NotStealthTarget
        | Ability::AttackingBarsDefenders { .. }
        | Ability::OptionalPenalty { .. }
        | Ability::PlotOpponentsWithTraitNoDefenders { .. }
        | Ability::PlotWinByCountsUnopposed { .. }
        | Ability::PlotAttachmentsCostLess { .. }
        | Ability::AttachOnly { .. }
        | Ability::CostLessPerLocationTrait { .. } => f | HAS_NEW_CONSTANT,
        _ => f,
    })
}

/// A card's bits (every bit for an id the table does not know, so nothing is skipped wrongly).
fn flags(rules: &Rules, card: u16) -> u8 {
    rules.composable.get(usize::from(card)).copied().unwrap_or(u8::MAX)
}

const ZONE_HAND: u8 = 0;
const ZONE_DISCARD: u8 = 1;
const ZONE_DEAD: u8 = 2;

fn zone_code(z: Zone) -> Option<u8> {
    match z {
        Zone::Play => None,
        Zone::Hand => Some(ZONE_HAND),
        Zone::Discard => Some(ZONE_DISCARD),
        Zone::Dead => Some(ZONE_DEAD),
    }
}

impl AgotCcg {
    pub fn lasting_has(&self, uid: u16, what: Lasts) -> bool {
        self.lasting.iter().any(|l| l.uid == uid && l.what == what)
    }

    /// Icons after lasting gains and losses ("cannot" beats "can": a loss wins over a gain).
    pub fn lasting_icons(&self, uid: u16, mut icons: u8) -> u8 {
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::GainIcons(b) = l.what {
                icons |= b;
            }
        }
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::LoseIcons(b) = l.what {
                icons &= !b;
            }
        }
        icons
    }

    pub fn lasting_keywords(&self, uid: u16, mut k: u16) -> u16 {
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::GainKeywords(b) = l.what {
                k |= b;
            }
        }
        for l in self.lasting.iter().filter(|l| l.uid == uid) {
            if let Lasts::LoseKeywords(b) = l.what {
                k &= !b;
            }
        }
        k
    }

    /// The phase ends: lasting effects and per-phase uses expire.
    pub fn expire_phase(&mut self) {
        self.lasting.clear();
        self.uses.retain(|u| u.round);
        self.wins.clear();
    }

    /// A new round: per-round uses expire.
    pub fn expire_round(&mut self) {
        self.uses.clear();
    }

    /// The seat controlling the card with this uid.
    fn controller_of(&self, uid: u16) -> Option<Player> {
        self.locate(uid).map(|(s, _)| s as Player)
    }

    /// Does a card definition match a filter (the parts that do not need it in play)?
    pub fn def_matches(&self, rules: &Rules, card: u16, f: &Filter) -> bool {
        let d = def(rules, card);
        let kind_ok = if f.types.is_empty() { d.kind == Kind::Character } else { f.types.contains(&d.kind) };
        kind_ok
            && f.house.as_deref().is_none_or(|h| house_index(h) == Some(d.house))
            && (f.traits.is_empty() || f.traits.iter().any(|t| d.has_trait(t)))
            && !f.not_traits.iter().any(|t| d.has_trait(t))
            && (f.names.is_empty() || f.names.contains(&d.name))
            && f.unique.is_none_or(|u| u == d.unique)
            && f.limited.is_none_or(|l| l == (d.keywords & super::super::content::LIMITED != 0))
            && f.doomed.is_none_or(|x| x == d.doomed)
            && f.cost_max.is_none_or(|m| d.cost <= m)
            && f.cost_min.is_none_or(|m| d.cost >= m)
            && (!f.influence || d.influence > 0)
    }

    /// Does the card `uid` in play match the filter, for an ability controlled by `me` from `src`?
    pub fn in_play_matches(&self, rules: &Rules, me: Player, src: Option<u16>, uid: u16, f: &Filter) -> bool {
        let Some((q, i)) = self.locate(uid) else { return false };
        let c = &self.seats[q].play[i];
        let who = match f.controller {
            Who::Any => true,
            Who::You => q == usize::from(me),
            Who::Opponent => q != usize::from(me),
        };
        if !who || !self.def_matches(rules, c.def, f) || (f.other && src == Some(uid)) {
            return false;
        }
        let qp = q as Player;
        let strength = self.strength(rules, qp, c);
        let icons = self.icons(rules, qp, c);
        let ch = self.challenge.as_ref();
        let place = f.place.is_none_or(|p| {
            ch.is_some_and(|ch| match p {
                Place::Attacking => ch.attackers.contains(&uid),
                Place::Defending => ch.defenders.contains(&uid),
                Place::Participating => ch.attackers.contains(&uid) || ch.defenders.contains(&uid),
            })
        });
        place
            && f.str_max.is_none_or(|m| strength <= m)
            && f.str_min.is_none_or(|m| strength >= m)
            && f.kneeling.is_none_or(|k| k == c.kneeling)
            && f.has_icon.as_deref().is_none_or(|x| icons & icon_bits(x).unwrap_or(0) != 0)
            && f.lacks_icon.as_deref().is_none_or(|x| icons & icon_bits(x).unwrap_or(0) == 0)
            && (!f.no_attachments || c.attachments.is_empty())
    }

    /// The cards in play an ability may choose: matching, and not immune to it.
    pub fn effect_targets(&self, rules: &Rules, r: &Resolving, f: &Filter) -> Vec<u16> {
        let by_char = !r.event
            && r.src
                .and_then(|u| self.locate(u))
                .is_some_and(|(s, i)| def(rules, self.seats[s].play[i].def).kind == Kind::Character)
            && r.host.is_none();
        // Moving or attaching an attachment: only characters that may take it.
        let attaching = self
            .body_of(rules, r)
            .is_some_and(|b| b.effect.iter().any(|o| matches!(o, Op::MoveThisAttachment | Op::AttachThis)));
        let mut out = Vec::new();
        for (q, s) in self.seats.iter().enumerate() {
            for c in &s.play {
                if r.targets.contains(&c.uid) || !self.in_play_matches(rules, r.seat, r.src.or(r.host), c.uid, f) {
                    continue;
                }
                if attaching && !self.takes_attachments(rules, c.uid) {
                    continue;
                }
                let k = self.keywords(rules, q as Player, c);
                let immune = (r.event && k & IMMUNE_EVENTS != 0)
                    || (by_char && (k & IMMUNE_CHAR != 0 || (k & IMMUNE_OPP_CHAR != 0 && q != usize::from(r.seat))));
                if !immune {
                    out.push(c.uid);
                }
            }
        }
        out
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

    fn uses_of(&self, card: u16, ab: u8, src: u16) -> (u8, u8) {
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
            if self.effect_targets(rules, r, f).is_empty() && self.attachment_targets(rules, r, f).is_empty() {
                return false;
            }
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

    fn action_now(&self, b: &Body) -> bool {
        b.phase.as_deref().is_some_and(|p| self.playable_now(p))
    }

    fn new_resolving(seat: Player, card: u16, ab: usize) -> Resolving {
        Resolving {
            seat,
            card,
            ab: ab as u8,
            src: None,
            host: None,
            zone: None,
            trig: None,
            event: false,
            step: Step::Pay { k: 0 },
            targets: Vec::new(),
            x: 0,
            atts: Vec::new(),
            mode: None,
        }
    }

    /// The composable actions `p` may use in the open window (appended to its legal list).
    pub fn effect_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        let s = &self.seats[ps];
        // Events and hand cards with a hand action.
        for (i, &c) in s.hand.iter().enumerate() {
            if flags(rules, c) & HAS_ACTION == 0 {
                continue;
            }
            let d = def(rules, c);
            if s.hand[..i].contains(&c) || (d.house_only && d.house != s.house && d.kind == Kind::Event) {
                continue;
            }
            for (k, ab) in d.abilities.iter().enumerate() {
                let Some((b, true)) = body(ab) else { continue };
                if !self.action_now(b) {
                    continue;
                }
                let mut r = Self::new_resolving(p, c, k);
                if d.kind == Kind::Event && matches!(b.from, Zone::Dead | Zone::Discard) {
                    continue;
                }
                if d.kind == Kind::Event {
                    r.event = true;
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_EVENT, i, k));
                    }
                } else if b.from == Zone::Hand {
                    r.zone = Some(ZONE_HAND);
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_PILE, usize::from(ZONE_HAND) * 16 + k, i));
                    }
                }
            }
        }
        for (zone, pile) in [(ZONE_DISCARD, &s.discard), (ZONE_DEAD, &s.dead)] {
            for (i, &c) in pile.iter().enumerate() {
                if flags(rules, c) & HAS_ACTION == 0 || pile[..i].contains(&c) {
                    continue;
                }
                for (k, ab) in def(rules, c).abilities.iter().enumerate() {
                    let Some((b, true)) = body(ab) else { continue };
                    if zone_code(b.from) != Some(zone) || !self.action_now(b) {
                        continue;
                    }
                    let mut r = Self::new_resolving(p, c, k);
                    r.zone = Some(zone);
                    if self.usable(rules, &r, b) {
                        out.push(code(GEN_PILE, usize::from(zone) * 16 + k, i));
                    }
                }
            }
        }
        for c in s.play.iter().filter(|c| flags(rules, c.def) & HAS_ACTION != 0) {
            for (k, ab) in self.abilities(rules, c).iter().enumerate() {
                let Some((b, true)) = body(ab) else { continue };
                if b.from != Zone::Play || !self.action_now(b) {
                    continue;
                }
                let mut r = Self::new_resolving(p, c.def, k);
                r.src = Some(c.uid);
                if self.usable(rules, &r, b) {
                    out.push(code(GEN_USE, k, usize::from(c.uid)));
                }
            }
        }
        for other in &self.seats {
            for host in &other.play {
                for (j, &(a, o)) in host.attachments.iter().enumerate() {
                    if o != p || j >= MAX_ABILITIES || flags(rules, a) & HAS_ACTION == 0 {
                        continue;
                    }
                    if self.lasting_has(host.uid, Lasts::Blank) {
                        continue;
                    }
                    for (k, ab) in def(rules, a).abilities.iter().enumerate().take(MAX_ABILITIES) {
                        let Some((b, true)) = body(ab) else { continue };
                        if !self.action_now(b) {
                            continue;
                        }
                        let mut r = Self::new_resolving(p, a, k);
                        r.host = Some(host.uid);
                        if self.usable(rules, &r, b) {
                            out.push(code(GEN_ATT, j * 16 + k, usize::from(host.uid)));
                        }
                    }
                }
            }
        }
    }

    /// After an action the opportunity passes clockwise (as `window.rs` does for events).
    fn effect_acted(&mut self, p: Player) {
        let order = self.order();
        let me = order.iter().position(|&q| q == p).unwrap_or(0);
        if let Some(w) = self.window.as_mut() {
            w.pos = ((me + 1) % order.len().max(1)) as u8;
            w.passes = 0;
        }
    }

    /// The body of the ability a resolution names.
    pub fn body_of<'r>(&self, rules: &'r Rules, r: &Resolving) -> Option<&'r Body> {
        def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body).map(|(b, _)| b)
    }

    /// Perform one of the composable abilities' decisions (kinds GEN_*).
    pub fn perform_effect(&mut self, rules: &Rules, p: Player, kind: u32, x: usize, y: usize, ev: &mut Events<Event>) {
        let ps = usize::from(p);
        match kind {
            GEN_EVENT => {
                let Some(&card) = self.seats[ps].hand.get(x) else { return };
                self.seats[ps].hand.remove(x);
                ev.public(|| Event::EventPlayed { seat: p, card, target: u16::MAX });
                // A played event is placed in its owner's discard pile (deathbound: dead pile) as it resolves.
                self.to_discard(rules, p, card, ev);
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, y);
                r.event = true;
                self.start(rules, r);
            }
            GEN_USE => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let card = self.seats[s].play[i].def;
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x);
                r.src = Some(y as u16);
                self.start(rules, r);
            }
            GEN_ATT => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let Some(&(card, _)) = self.seats[s].play[i].attachments.get(x / 16) else { return };
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x % 16);
                r.host = Some(y as u16);
                self.start(rules, r);
            }
            GEN_PILE => {
                let zone = (x / 16) as u8;
                let s = &self.seats[ps];
                let pile = match zone {
                    ZONE_HAND => &s.hand,
                    ZONE_DISCARD => &s.discard,
                    _ => &s.dead,
                };
                let Some(&card) = pile.get(y) else { return };
                ev.public(|| Event::AbilityUsed { seat: p, card, target: u16::MAX });
                self.effect_acted(p);
                let mut r = Self::new_resolving(p, card, x % 16);
                r.zone = Some(zone);
                self.start(rules, r);
            }
            GEN_YES => {
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                r.step = Step::Pay { k: 0 };
                let r = r.clone();
                // A response played from hand is an event: it leaves the hand for the discard pile now.
                if r.event {
                    if let Some(i) = self.seats[ps].hand.iter().position(|&c| c == r.card) {
                        self.seats[ps].hand.remove(i);
                        ev.public(|| Event::EventPlayed { seat: p, card: r.card, target: u16::MAX });
                        self.to_discard(rules, p, r.card, ev);
                    } else {
                        self.pending.remove(0);
                        return;
                    }
                }
                self.count_use(rules, &r);
            }
            GEN_TARGET | GEN_TARGET_ATT => {
                let att = (kind == GEN_TARGET_ATT).then(|| {
                    let (s, i) = self.locate(y as u16)?;
                    self.seats[s].play[i].attachments.get(x.wrapping_sub(1)).map(|&(a, o)| (y as u16, a, o))
                });
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                match att {
                    Some(Some(a)) => r.atts.push(a),
                    Some(None) => return,
                    None => r.targets.push(y as u16),
                }
                let want = def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body).map_or(1, |b| {
                    if b.0.targets_x {
                        r.x.max(1)
                    } else {
                        b.0.targets
                    }
                });
                if r.targets.len() + r.atts.len() >= usize::from(want) {
                    r.step = Step::Run { op: 0 };
                }
            }
            GEN_INF => {
                let Some((s, i)) = self.locate(y as u16) else { return };
                let c = &mut self.seats[s].play[i];
                c.kneeling = true;
                let (paid, card) = (def(rules, c.def).influence, c.def);
                ev.public(|| Event::Knelt { seat: p, card });
                if let Some(Pending::Effect(r)) = self.pending.first_mut() {
                    if let Step::Influence { k, left: X_OPEN } = r.step {
                        // "Kneel X influence": X grows with every provider knelt until the player stops (DONE).
                        r.x = r.x.saturating_add(paid);
                        r.step = Step::Influence { k, left: X_OPEN };
                    } else if let Step::Influence { k, left } = r.step {
                        let left = left.saturating_sub(paid);
                        r.step = if left == 0 { Step::Pay { k: k + 1 } } else { Step::Influence { k, left } };
                    }
                }
            }
            GEN_PICK => self.pick(rules, p, y, ev),
            GEN_MODE => {
                let Some(Pending::Effect(r)) = self.pending.first_mut() else { return };
                if let Step::Mode { op } = r.step {
                    r.mode = Some(y as u8);
                    r.step = Step::Run { op };
                }
            }
            _ => {}
        }
    }

    fn count_use(&mut self, rules: &Rules, r: &Resolving) {
        if let Some(l) = self.body_of(rules, r).and_then(|b| b.limit) {
            self.uses.push(Use { card: r.card, ab: r.ab, src: r.src.unwrap_or(u16::MAX), round: l.per == Per::Round });
        }
    }

    /// An action was chosen: its use counts against its limit and it resolves before anything else.
    fn start(&mut self, rules: &Rules, r: Resolving) {
        self.count_use(rules, &r);
        self.pending.insert(0, Pending::Effect(r));
    }

    /// DONE on a resolution: decline the optional ability, stop choosing targets, or stop taking cards.
    pub fn effect_done(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        let Some(Pending::Effect(r)) = self.pending.first_mut() else { return false };
        match r.step.clone() {
            Step::Target => r.step = Step::Run { op: 0 },
            Step::Influence { k, left: X_OPEN } => r.step = Step::Pay { k: k + 1 },
            Step::Pick { op, looked, .. } => {
                r.step = Step::Run { op: op + 1 };
                let r = r.clone();
                self.finish_pick(rules, &r, op, looked, ev);
            }
            _ => {
                self.pending.remove(0);
            }
        }
        true
    }

    /// The legal decisions of a resolution waiting for a choice.
    pub fn effect_pending_actions(&self, rules: &Rules, r: &Resolving, out: &mut Vec<Action>) {
        match &r.step {
            Step::Ask => out.extend([code(GEN_YES, 0, 0), code(DONE, 0, 0)]),
            Step::Influence { left, .. } => {
                let providers = self.influence_providers(rules, usize::from(r.seat));
                out.extend(providers.into_iter().map(|u| code(GEN_INF, 0, usize::from(u))));
                if *left == X_OPEN && r.x > 0 {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::Target => {
                if let Some(f) = self.body_of(rules, r).and_then(|b| b.target.as_ref()) {
                    out.extend(
                        self.effect_targets(rules, r, f).into_iter().map(|u| code(GEN_TARGET, 0, usize::from(u))),
                    );
                    out.extend(
                        self.attachment_targets(rules, r, f)
                            .into_iter()
                            .map(|(h, j)| code(GEN_TARGET_ATT, j + 1, usize::from(h))),
                    );
                }
                if !r.targets.is_empty() || !r.atts.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
            }
            Step::Pick { choices, .. } => {
                out.extend((0..choices.len()).map(|i| code(GEN_PICK, 0, i)));
                out.push(code(DONE, 0, 0));
            }
            Step::Mode { op } => {
                if let Some(Op::Choose { options }) =
                    self.body_of(rules, r).and_then(|b| b.effect.get(usize::from(*op)))
                {
                    out.extend((0..options.len()).map(|y| code(GEN_MODE, 0, y)));
                }
            }
            // Automatic steps are run by `auto_effect` before anyone is asked.
            Step::Pay { .. } | Step::Run { .. } => {}
        }
    }

    /// Run the automatic steps of the first pending resolution; true if something was done.
    pub fn auto_effect(&mut self, rules: &Rules, ev: &mut Events<Event>) -> bool {
        if !self.house_claims.is_empty() {
            for seat in std::mem::take(&mut self.house_claims) {
                self.fire(rules, Fired::HousePower { seat }, ev);
            }
            return true;
        }
        let Some(Pending::Effect(r)) = self.pending.first() else { return false };
        let mut r = r.clone();
        let Some(b) = self.body_of(rules, &r) else {
            self.pending.remove(0);
            return true;
        };
        match r.step {
            Step::Pay { k: 0 } if r.x == 0 && b.x_used_plots.is_some() => {
                r.x = self.used_plots_with(rules, r.seat, b.x_used_plots.as_deref().unwrap_or_default());
                self.pending[0] = Pending::Effect(r);
                true
            }
            Step::Pay { k } => {
                let Some(cost) = b.cost.get(usize::from(k)) else {
                    r.step = if b.target.is_some() { Step::Target } else { Step::Run { op: 0 } };
                    self.pending[0] = Pending::Effect(r);
                    return true;
                };
                let ps = usize::from(r.seat);
                let mut next = Step::Pay { k: k + 1 };
                match cost {
                    Cost::KneelSelf | Cost::KneelAttached => {
                        let uid = if *cost == Cost::KneelSelf { r.src } else { r.host };
                        let Some((s, i)) = uid.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        if self.seats[s].play[i].kneeling {
                            // A cost that cannot be paid: nothing happens.
                            self.pending.remove(0);
                            return true;
                        }
                        self.seats[s].play[i].kneeling = true;
                        let card = self.seats[s].play[i].def;
                        ev.public(|| Event::Knelt { seat: s as Player, card });
                    }
                    Cost::Influence { n } => {
                        if self.available_influence(rules, ps) < *n {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::Influence { k, left: *n };
                    }
                    Cost::Sacrifice => {
                        let Some((s, i)) = r.src.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        self.remove_from_play(rules, s, i, To::Discard, ev);
                        r.src = None;
                    }
                    Cost::Gold { n } => {
                        if self.seats[ps].gold < *n {
                            self.pending.remove(0);
                            return true;
                        }
                        self.seats[ps].gold -= *n;
                    }
                    Cost::DiscardFromHand { n } => {
                        let n = *n;
                        r.step = next;
                        self.pending[0] = Pending::Effect(r);
                        if n > 0 && !self.seats[ps].hand.is_empty() {
                            let seat = ps as Player;
                            self.pending.insert(0, Pending::DiscardFromHand { seat, left: n });
                        }
                        return true;
                    }
                    Cost::InfluenceX => {
                        if self.available_influence(rules, ps) == 0 {
                            self.pending.remove(0);
                            return true;
                        }
                        next = Step::Influence { k, left: X_OPEN };
                    }
                    Cost::DiscardHand => {
                        let hand = std::mem::take(&mut self.seats[ps].hand);
                        for c in hand {
                            self.to_discard(rules, r.seat, c, ev);
                        }
                    }
                    Cost::DiscardPower { n } => {
                        let Some((s, i)) = r.src.and_then(|u| self.locate(u)) else {
                            self.pending.remove(0);
                            return true;
                        };
                        let c = &mut self.seats[s].play[i];
                        c.power = c.power.saturating_sub(*n);
                        let n = *n;
                        ev.public(|| Event::PowerLost { seat: s as Player, n });
                    }
                }
                r.step = next;
                self.pending[0] = Pending::Effect(r);
                true
            }
            // "Kneel X influence" with no provider left standing: X is what was paid.
            Step::Influence { k, left: X_OPEN } if self.influence_providers(rules, usize::from(r.seat)).is_empty() => {
                r.step = Step::Pay { k: k + 1 };
                self.pending[0] = Pending::Effect(r);
                true
            }
            Step::Run { op } => {
                let Some(o) = b.effect.get(usize::from(op)) else {
                    self.pending.remove(0);
                    return true;
                };
                r.step = Step::Run { op: op + 1 };
                self.pending[0] = Pending::Effect(r.clone());
                // An operation may leave play cards, ask a pick (it replaces the step) or trigger responses.
                self.apply_op(rules, &mut r, op, o, ev);
                true
            }
            _ => false,
        }
    }

    /// Is any card that might answer a trigger where it could (in play, attached, in a hand or discard pile)?
    fn any_triggered(&self, rules: &Rules) -> bool {
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
            let mut sources: Vec<Resolving> = Vec::new();
            for c in s.play.iter().filter(|c| flags(rules, c.def) & HAS_TRIGGERED != 0) {
                for (k, ab) in self.abilities(rules, c).iter().enumerate() {
                    if matches!(ab, Ability::Triggered(_)) {
                        let mut r = Self::new_resolving(q, c.def, k);
                        r.src = Some(c.uid);
                        sources.push(r);
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
                                sources.push(r);
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
                                sources.push(r);
                            }
                        }
                    }
                }
            }
            for r in sources {
                let Some((b, false)) = def(rules, r.card).abilities.get(usize::from(r.ab)).and_then(body) else {
                    continue;
                };
                let zone_ok = zone_code(b.from) == r.zone;
                if zone_ok && self.answers(rules, &r, b, &f) {
                    asks.push((r, b));
                }
            }
        }
        for (mut r, b) in asks {
            if let Fired::Entered { uid, .. } = f {
                r.trig = Some(uid);
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
    fn answers(&self, rules: &Rules, r: &Resolving, b: &Body, f: &Fired) -> bool {
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
                    && challenge.as_deref().is_none_or(|c| super::super::content::challenge_index(c) == Some(ch.kind))
                    && role.is_none_or(|x| (x == Role::Attacker) == (ch.attacker == me))
                    && (!*participating || this.is_some_and(|u| side.contains(&u)))
                    && (!*unopposed || ch.unopposed)
                    && *total >= u32::from(*total_str_min)
                    && *margin >= u32::from(*by_min)
            }
            (Trigger::Lost { challenge, role, participating }, Fired::Won { loser, ch, .. }) => {
                let side = if *loser == ch.attacker { &ch.attackers } else { &ch.defenders };
                *loser == me
                    && challenge.as_deref().is_none_or(|c| super::super::content::challenge_index(c) == Some(ch.kind))
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
        flags(rules, card) & HAS_NEW_CONSTANT == 0
            || def(rules, card).abilities.iter().all(|a| match a {
                Ability::AttachOnly { filter } => self.in_play_matches(rules, p, None, host, filter),
                _ => true,
            })
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
