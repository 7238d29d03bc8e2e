//! The one redaction point (`make_view`), action labels (`describe_action`), determinization (`resample`)
//! and snapshot checks (`check`).

use serde::Serialize;

use super::content::Rules;
use super::rules::resolve::split_deal;
use super::rules::*;
use super::state::{
    card_kind, hostage_card, hostage_owner, CardKind, IronThrone, Pending, Step, Task, DECK_SIZE, NONE, NO_CARD,
};
use crate::engine::{Action, ActionInfo, Player, Viewer};
use crate::rng::Rng;

#[derive(Clone, Debug, Serialize)]
pub struct CharView {
    pub index: u8,
    pub name: String,
    pub crowns: u8,
    pub alive: bool,
    pub dead: bool,
    /// The leader's token left the game at setup.
    pub is_leader: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct HostageView {
    pub owner: u8,
    pub house: String,
    /// The card's face: only for its holder.
    pub card: Option<u8>,
    pub label: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub seat: u8,
    pub house: String,
    pub leader: Option<u8>,
    pub leader_name: Option<String>,
    pub leader_title: Option<String>,
    /// The two leader sheets dealt at setup (own seat only, while choosing).
    pub leader_offers: Option<[u8; 2]>,
    pub characters: Vec<CharView>,
    pub sheet: u8,
    /// This house's tokens on each seat's board.
    pub influence: Vec<u8>,
    pub spread: u8,
    pub hand: Option<Vec<u8>>,
    pub hand_labels: Option<Vec<String>>,
    pub hand_size: usize,
    pub deck_size: usize,
    pub discard: Vec<u8>,
    pub hostages: Vec<HostageView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct CommitView {
    pub committed: bool,
    pub card: Option<u8>,
    pub label: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct EncounterView {
    pub attacker: u8,
    pub defender: Option<u8>,
    /// The event drawn: `Some(house)` or `None` for the influence event; absent before the draw.
    pub event: Option<String>,
    pub characters: Vec<Option<u8>>,
    pub sides: Vec<u8>,
    pub withdrawn: Vec<bool>,
    pub pending_offer: Option<[u8; 3]>,
    pub commits: Vec<CommitView>,
    pub revealed: bool,
    pub bonus: [u8; 2],
    pub result: u8,
    pub winner: u8,
    pub totals: [u8; 2],
    pub deal: Option<String>,
    pub proposals: [u8; 2],
    pub played: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Option<u8>,
    pub turn: u16,
    pub waiting_for: String,
    pub to_act: Vec<u8>,
    pub seats: Vec<SeatView>,
    pub encounter: EncounterView,
    pub event_deck: usize,
    pub over: bool,
}

pub fn card_label(rules: &Rules, house: u8, c: u8) -> String {
    match card_kind(c) {
        _ if c == NO_CARD => "no card (hostility 0)".into(),
        CardKind::Truce => "Truce".into(),
        CardKind::Hostility(v) => format!("Hostility {v}"),
        CardKind::Character(ch) => match rules.houses.get(usize::from(house)) {
            Some(h) => format!("{} ({})", h.card_title[usize::from(ch)], h.chars[usize::from(ch)]),
            None => format!("character card {ch}"),
        },
    }
}

fn crowns_label(n: u8) -> String {
    if n == 1 {
        "1 crown".into()
    } else {
        format!("{n} crowns")
    }
}

fn terms_label(x: u8) -> String {
    let (a, d) = split_deal(x);
    let one = |t: super::rules::resolve::Terms| {
        let mut parts = Vec::new();
        if t.influence {
            parts.push("1 influence".to_string());
        }
        if t.hostages > 0 {
            parts.push(format!("{} hostage(s)", t.hostages));
        }
        if t.crowns {
            parts.push("3 crowns".to_string());
        }
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(" + ")
        }
    };
    format!("attacker gets {}; defender gets {}", one(a), one(d))
}

impl IronThrone {
    fn char_name(&self, rules: &Rules, p: Player, c: u8) -> String {
        self.seats
            .get(usize::from(p))
            .and_then(|s| rules.houses.get(usize::from(s.house)))
            .and_then(|h| h.chars.get(usize::from(c)))
            .cloned()
            .unwrap_or_else(|| format!("character {c}"))
    }

    fn house_name(&self, rules: &Rules, p: Player) -> String {
        self.seats
            .get(usize::from(p))
            .and_then(|s| rules.houses.get(usize::from(s.house)))
            .map(|h| h.name.clone())
            .unwrap_or_else(|| format!("seat {p}"))
    }

    pub fn make_view(&self, rules: &Rules, viewer: Viewer) -> View {
        let n = self.n();
        let seats = (0..n)
            .map(|p| {
                let s = &self.seats[usize::from(p)];
                let own = viewer.sees_private_of(p);
                let house = rules.houses.get(usize::from(s.house));
                let leader = s.revealed.then_some(s.leader);
                SeatView {
                    seat: p,
                    house: self.house_name(rules, p),
                    leader,
                    leader_name: leader.map(|l| self.char_name(rules, p, l)),
                    leader_title: leader.and_then(|l| house.map(|h| h.leader_title[usize::from(l.min(4))].clone())),
                    leader_offers: (own && !s.revealed).then_some(s.offers),
                    characters: (0..5u8)
                        .map(|c| CharView {
                            index: c,
                            name: self.char_name(rules, p, c),
                            crowns: s.crowns[usize::from(c)],
                            alive: s.is_alive(c),
                            dead: s.dead & (1 << c) != 0,
                            is_leader: s.revealed && s.leader == c,
                        })
                        .collect(),
                    sheet: s.sheet,
                    influence: s.influence[..usize::from(n)].to_vec(),
                    spread: s.spread(),
                    hand: own.then(|| s.hand.clone()),
                    hand_labels: own.then(|| s.hand.iter().map(|&c| card_label(rules, s.house, c)).collect()),
                    hand_size: s.hand.len(),
                    deck_size: s.deck.len(),
                    discard: s.discard.clone(),
                    hostages: s
                        .hostages
                        .iter()
                        .map(|&h| {
                            let o = hostage_owner(h);
                            let oh = self.seats.get(usize::from(o)).map(|x| x.house).unwrap_or(0);
                            HostageView {
                                owner: o,
                                house: self.house_name(rules, o),
                                card: own.then_some(hostage_card(h)),
                                label: own.then(|| card_label(rules, oh, hostage_card(h))),
                            }
                        })
                        .collect(),
                }
            })
            .collect();
        let e = &self.enc;
        let commits = (0..2)
            .map(|i| {
                let p = if i == 0 { e.attacker } else { e.defender };
                let c = e.commit[i];
                let visible = c != NONE && (e.revealed || viewer.sees_private_of(p) || e.face_up == i as u8);
                let house = self.seats.get(usize::from(p)).map(|s| s.house).unwrap_or(0);
                CommitView {
                    committed: c != NONE,
                    card: visible.then_some(c),
                    label: visible.then(|| card_label(rules, house, c)),
                }
            })
            .collect();
        let event = (e.event != NONE).then(|| match rules.events.get(usize::from(e.event)).copied().flatten() {
            Some(h) => rules.houses.get(usize::from(h)).map(|x| x.name.clone()).unwrap_or_default(),
            None => "Influence".to_string(),
        });
        let to_act = self.who_acts().iter().collect();
        View {
            viewer: match viewer {
                Viewer::Player(p) => Some(p),
                _ => None,
            },
            turn: self.turn,
            waiting_for: format!("{:?}", self.pending),
            to_act,
            seats,
            encounter: EncounterView {
                attacker: e.attacker,
                defender: (e.defender != NONE).then_some(e.defender),
                event,
                characters: e.chars[..usize::from(n)].iter().map(|c| (*c != NONE).then_some(*c)).collect(),
                sides: e.side[..usize::from(n)].to_vec(),
                withdrawn: (0..n).map(|p| e.withdrawn & (1 << p) != 0).collect(),
                pending_offer: (e.offer[0] != NONE).then_some(e.offer),
                commits,
                revealed: e.revealed,
                bonus: e.bonus,
                result: e.result,
                winner: e.winner,
                totals: e.totals,
                deal: (e.deal != 0 && self.step == Step::Negotiate).then(|| terms_label(e.deal)),
                proposals: e.proposals,
                played: e.played.clone(),
            },
            event_deck: self.events_deck.len(),
            over: self.pending == Pending::Over,
        }
    }

    pub fn describe_action(&self, rules: &Rules, p: Player, a: Action) -> ActionInfo {
        let me = self.seats.get(usize::from(p));
        let house = me.map(|s| s.house).unwrap_or(0);
        let cn = |q: Player, c: u8| self.char_name(rules, q, c);
        let crowns = |q: Player, c: u8| {
            self.seats.get(usize::from(q)).and_then(|s| s.crowns.get(usize::from(c))).copied().unwrap_or(0)
        };
        let hn = |q: Player| self.house_name(rules, q);
        match a {
            LEADER | 1 => {
                let l = me.map(|s| s.offers[usize::from(a == 1)]).unwrap_or(0);
                let title = rules.houses.get(usize::from(house)).map(|h| h.leader_title[usize::from(l.min(4))].clone());
                ActionInfo::new(a, "leader", format!("Lead with {} ({})", cn(p, l), title.unwrap_or_default()))
                    .with("character", u32::from(l))
            }
            DONE => {
                let label = match self.pending {
                    Pending::Hostages { .. } => "Done with hostages",
                    Pending::UseLeader { .. } => "Do not use the leader ability",
                    Pending::PlayCards { .. } => "Play no (more) character cards",
                    Pending::Offer { .. } => "Offer no support",
                    Pending::Force { .. } => "Do not force support",
                    Pending::Propose { .. } => "Make no proposal (no truce: both sides lose)",
                    _ => "Stop",
                };
                ActionInfo::new(a, "pass", label)
            }
            ACCEPT => ActionInfo::new(a, "accept", "Accept the support"),
            REFUSE => ActionInfo::new(a, "refuse", "Refuse the support"),
            _ if (USE_LEADER..FREE).contains(&a) => {
                let t = (a - USE_LEADER) as u8;
                let title = me
                    .and_then(|s| {
                        rules
                            .houses
                            .get(usize::from(s.house))
                            .map(|h| h.leader_title[usize::from(s.leader.min(4))].clone())
                    })
                    .unwrap_or_default();
                let label = if t == NO_TARGET {
                    format!("Use leader ability {title}")
                } else {
                    format!("Use leader ability {title} on {}", hn(t))
                };
                ActionInfo::new(a, "leader_ability", label).with("target", u32::from(t))
            }
            _ if (FREE..TORTURE).contains(&a) => {
                let i = (a - FREE) as usize;
                let lab = me.and_then(|s| s.hostages.get(i)).map(|&h| self.hostage_label(rules, h)).unwrap_or_default();
                ActionInfo::new(a, "free", format!("Free hostage {lab}")).with("hostage", i)
            }
            _ if (TORTURE..DEFENDER).contains(&a) => {
                let x = a - TORTURE;
                let (i, c) = ((x / 8) as usize, (x % 8) as u8);
                let h = me.and_then(|s| s.hostages.get(i)).copied();
                let lab = h.map(|h| self.hostage_label(rules, h)).unwrap_or_default();
                let label = match h {
                    Some(h) if c != NO_TARGET => {
                        format!("Torture hostage {lab}, taking a crown from {}", cn(hostage_owner(h), c))
                    }
                    _ => format!("Torture hostage {lab}"),
                };
                ActionInfo::new(a, "torture", label).with("hostage", i).with("character", u32::from(c))
            }
            _ if (DEFENDER..ALLOC).contains(&a) => {
                let q = (a - DEFENDER) as u8;
                ActionInfo::new(a, "defender", format!("Name {} the defender", hn(q))).with("seat", u32::from(q))
            }
            _ if (ALLOC..CHOOSE).contains(&a) => {
                let c = (a - ALLOC) as u8;
                ActionInfo::new(
                    a,
                    "allocate",
                    format!("Place a crown on {} ({})", cn(p, c), crowns_label(crowns(p, c))),
                )
                .with("character", u32::from(c))
            }
            _ if (CHOOSE..FORCE).contains(&a) => {
                let c = (a - CHOOSE) as u8;
                ActionInfo::new(a, "character", format!("Send {} ({})", cn(p, c), crowns_label(crowns(p, c))))
                    .with("character", u32::from(c))
            }
            _ if (FORCE..OFFER).contains(&a) => {
                let c = (a - FORCE) as u8;
                let t = match self.pending {
                    Pending::Force { target, .. } => target,
                    _ => p,
                };
                ActionInfo::new(a, "force", format!("Force {} of {} to support you", cn(t, c), hn(t)))
                    .with("character", u32::from(c))
            }
            _ if (OFFER..DISCARD).contains(&a) => {
                let x = a - OFFER;
                let (side, c) = ((x / 8) as u8, (x % 8) as u8);
                let whom = if side == 0 { self.enc.attacker } else { self.enc.defender };
                ActionInfo::new(
                    a,
                    "support",
                    format!("Support {} with {} ({})", hn(whom), cn(p, c), crowns_label(crowns(p, c))),
                )
                .with("side", u32::from(side))
                .with("character", u32::from(c))
            }
            _ if (DISCARD..COMMIT_TOP).contains(&a) => {
                let c = (a - DISCARD) as u8;
                ActionInfo::new(a, "discard", format!("Discard {}", card_label(rules, house, c)))
                    .with("card", u32::from(c))
            }
            COMMIT_TOP => ActionInfo::new(a, "commit", "Play the top card of your deck (hand empty)"),
            _ if (COMMIT..PLAY_CARD).contains(&a) => {
                let c = (a - COMMIT) as u8;
                ActionInfo::new(a, "commit", format!("Play {}", card_label(rules, house, c))).with("card", u32::from(c))
            }
            _ if (PLAY_CARD..DEAL_ACCEPT).contains(&a) => {
                let x = a - PLAY_CARD;
                let (c, t) = ((x / 8) as u8, (x % 8) as u8);
                let mut label = format!("Use {}", card_label(rules, house, c));
                if t != NO_TARGET {
                    label.push_str(&format!(" on {}", hn(t)));
                }
                ActionInfo::new(a, "card_effect", label).with("card", u32::from(c)).with("target", u32::from(t))
            }
            DEAL_ACCEPT => ActionInfo::new(a, "deal_accept", format!("Accept: {}", terms_label(self.enc.deal))),
            DEAL_REJECT => ActionInfo::new(a, "deal_reject", "Reject and end the talks (both sides lose)"),
            _ if (PROPOSE..COUNTER).contains(&a) => {
                let x = (a - PROPOSE) as u8;
                ActionInfo::new(a, "propose", format!("Propose: {}", terms_label(x))).with("terms", u32::from(x))
            }
            _ if (COUNTER..TAKE).contains(&a) => {
                let x = (a - COUNTER) as u8;
                ActionInfo::new(a, "counter", format!("Reject and counter: {}", terms_label(x)))
                    .with("terms", u32::from(x))
            }
            _ if a >= TAKE => {
                let x = a - TAKE;
                let (v, src) = ((x / 64) as u8, x % 64);
                let what = match src {
                    0 => "the top card of the deck".to_string(),
                    1 => "a random card from the hand".to_string(),
                    i => {
                        let h = self.seats.get(usize::from(v)).and_then(|s| s.hostages.get((i - 2) as usize)).copied();
                        format!("their hostage of House {}", h.map(|h| hn(hostage_owner(h))).unwrap_or_default())
                    }
                };
                ActionInfo::new(a, "hostage", format!("Take a hostage from {}: {what}", hn(v)))
                    .with("victim", u32::from(v))
                    .with("source", src)
            }
            _ => ActionInfo::new(a, "unknown", format!("action {a}")),
        }
    }

    fn hostage_label(&self, rules: &Rules, h: u8) -> String {
        let o = hostage_owner(h);
        let house = self.seats.get(usize::from(o)).map(|s| s.house).unwrap_or(0);
        format!("{} of {}", card_label(rules, house, hostage_card(h)), self.house_name(rules, o))
    }

    /// Resample what `p` cannot see: other hands, every deck's order, hostage faces held by others, the other
    /// side's hidden commit, other players' dealt leader sheets and secret picks, the event deck and the RNG.
    /// Each house's hidden cards are pooled and dealt back into the same hidden slots, so every count stays.
    pub fn resample(&self, p: Player, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        g.rng = Rng::new(rng.next_u64());
        rng.shuffle(&mut g.events_deck);
        let n = usize::from(self.n());
        for o in 0..n {
            let mut pool: Vec<u8> = Vec::new();
            pool.extend(&g.seats[o].deck);
            if o != usize::from(p) {
                pool.extend(&g.seats[o].hand);
            }
            let commit_slot = [g.enc.attacker, g.enc.defender].iter().position(|&a| usize::from(a) == o);
            let hidden_commit = commit_slot.filter(|&i| {
                let c = g.enc.commit[i];
                c < DECK_SIZE && !g.enc.revealed && o != usize::from(p) && g.enc.face_up != i as u8
            });
            if let Some(i) = hidden_commit {
                pool.push(g.enc.commit[i]);
            }
            for (q, s) in g.seats.iter().enumerate() {
                if q != usize::from(p) {
                    pool.extend(
                        s.hostages.iter().filter(|h| usize::from(hostage_owner(**h)) == o).map(|h| hostage_card(*h)),
                    );
                }
            }
            rng.shuffle(&mut pool);
            let mut it = pool.into_iter();
            for c in g.seats[o].deck.iter_mut() {
                *c = it.next().unwrap_or(*c);
            }
            if o != usize::from(p) {
                for c in g.seats[o].hand.iter_mut() {
                    *c = it.next().unwrap_or(*c);
                }
            }
            if let Some(i) = hidden_commit {
                g.enc.commit[i] = it.next().unwrap_or(g.enc.commit[i]);
            }
            for q in 0..n {
                if q == usize::from(p) {
                    continue;
                }
                for h in g.seats[q].hostages.iter_mut() {
                    if usize::from(hostage_owner(*h)) == o {
                        *h = super::state::hostage(o as Player, it.next().unwrap_or(hostage_card(*h)));
                    }
                }
            }
            if o != usize::from(p) && !g.seats[o].revealed {
                let mut sheets = [0u8, 1, 2, 3, 4];
                rng.shuffle(&mut sheets);
                let s = &mut g.seats[o];
                s.offers = [sheets[0], sheets[1]];
                if s.leader != NONE {
                    s.leader = s.offers[rng.index(2)];
                }
            }
        }
        g
    }

    /// Reject decoded states whose ids or lengths could make later code index out of bounds.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        let n = self.seats.len();
        if !(3..=5).contains(&n) {
            return Err(format!("{n} seats; 3 to 5 expected"));
        }
        let seat_ok = |p: u8| usize::from(p) < n;
        for (p, s) in self.seats.iter().enumerate() {
            if usize::from(s.house) >= rules.houses.len() || s.offers.iter().any(|l| *l >= 5) {
                return Err(format!("seat {p}: bad house or leader offers"));
            }
            if s.leader >= 5 && (s.leader != NONE || s.revealed) {
                return Err(format!("seat {p}: bad leader"));
            }
            if s.alive >= 32 || s.dead >= 32 {
                return Err(format!("seat {p}: bad character masks"));
            }
            for pile in [&s.hand, &s.deck, &s.discard] {
                if pile.iter().any(|c| *c >= DECK_SIZE) {
                    return Err(format!("seat {p}: card index out of range"));
                }
            }
            if s.hostages.iter().any(|h| !seat_ok(hostage_owner(*h)) || hostage_card(*h) >= DECK_SIZE) {
                return Err(format!("seat {p}: bad hostage"));
            }
            if s.influence[n..].iter().any(|x| *x != 0) || s.spread() > 5 {
                return Err(format!("seat {p}: bad influence"));
            }
        }
        let e = &self.enc;
        if !seat_ok(e.attacker) || (e.defender != NONE && !seat_ok(e.defender)) {
            return Err("bad active players".into());
        }
        if e.chars.iter().any(|c| *c != NONE && *c >= 5) || e.side.iter().any(|s| *s > 2) {
            return Err("bad participants".into());
        }
        if e.commit.iter().any(|c| *c != NONE && *c != NO_CARD && *c >= DECK_SIZE)
            || (e.face_up != NONE && e.face_up > 1)
        {
            return Err("bad commits".into());
        }
        if e.offer[0] != NONE && (!seat_ok(e.offer[0]) || e.offer[1] >= 5 || !(1..=2).contains(&e.offer[2])) {
            return Err("bad pending offer".into());
        }
        if e.deal >= 144 || e.proposer > 1 && e.proposer != NONE || e.proposals.iter().any(|x| *x > 3) {
            return Err("bad truce talks".into());
        }
        if e.event != NONE && usize::from(e.event) >= rules.events.len() {
            return Err("bad event".into());
        }
        if e.played.iter().any(|(q, c)| !seat_ok(*q) || *c >= DECK_SIZE) {
            return Err("bad played cards".into());
        }
        if self.events_deck.iter().chain(&self.events_discard).any(|x| usize::from(*x) >= rules.events.len()) {
            return Err("bad event deck".into());
        }
        for t in &self.tasks {
            let ok = match *t {
                Task::Alloc { seat, .. } | Task::Discard { seat, .. } => seat_ok(seat),
                Task::Take { taker, victims } => seat_ok(taker) && victims < (1 << n),
            };
            if !ok {
                return Err("bad task".into());
            }
        }
        let pend_ok = match self.pending {
            Pending::Hostages { seat }
            | Pending::UseLeader { seat }
            | Pending::PlayCards { seat }
            | Pending::Choose { seat }
            | Pending::Offer { seat }
            | Pending::Answer { seat }
            | Pending::Propose { seat }
            | Pending::Respond { seat } => seat_ok(seat),
            Pending::Force { seat, target } => seat_ok(seat) && seat_ok(target),
            Pending::Task => !self.tasks.is_empty(),
            Pending::Commit | Pending::Defender => e.defender != NONE || self.pending == Pending::Defender,
            _ => true,
        };
        if !pend_ok {
            return Err("bad pending decision".into());
        }
        if (self.pending == Pending::Answer { seat: 0 } || matches!(self.pending, Pending::Answer { .. }))
            && e.offer[0] == NONE
        {
            return Err("an answer is pending without an offer".into());
        }
        if matches!(
            self.pending,
            Pending::Commit | Pending::Respond { .. } | Pending::Propose { .. } | Pending::Offer { .. }
        ) && e.defender == NONE
        {
            return Err("no defender".into());
        }
        Ok(())
    }
}
