//! The one redaction point: what a viewer may see (`make_view`), plus the names used in labels.

use serde::Serialize;

use super::content::Rules;
use super::rules::resolve::split_deal;
use super::state::{card_kind, hostage_card, hostage_owner, CardKind, IronThrone, Pending, Step, NONE, NO_CARD};
use crate::engine::{Player, Viewer};

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

pub fn crowns_label(n: u8) -> String {
    if n == 1 {
        "1 crown".into()
    } else {
        format!("{n} crowns")
    }
}

pub fn terms_label(x: u8) -> String {
    let (a, d) = split_deal(x);
    let one = |t: super::rules::resolve::Terms| {
        let mut parts = Vec::new();
        if t.influence {
            parts.push("1 influence".to_string());
        }
        if t.hostages > 0 {
            parts.push(if t.hostages == 1 { "1 hostage".to_string() } else { format!("{} hostages", t.hostages) });
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
    pub fn char_name(&self, rules: &Rules, p: Player, c: u8) -> String {
        self.seats
            .get(usize::from(p))
            .and_then(|s| rules.houses.get(usize::from(s.house)))
            .and_then(|h| h.chars.get(usize::from(c)))
            .cloned()
            .unwrap_or_else(|| format!("character {c}"))
    }

    pub fn house_name(&self, rules: &Rules, p: Player) -> String {
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
                bonus: [self.side_bonus(1), self.side_bonus(2)],
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
}
