//! What a viewer sees, for people and the network: the redacted facts (`view/facts.rs`, the one redaction point) with
//! names and labels attached (`make_view`), plus the names used in labels.

pub mod facts;

use serde::Serialize;

use super::content::Rules;
use super::rules::resolve::split_deal;
use super::state::{card_kind, CardKind, IronThrone, NONE, NO_CARD};
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
            .unwrap_or_else(|| format!("player {}", usize::from(p) + 1))
    }

    /// The view: the facts (`view/facts.rs`, the redaction) with the names and labels people read.
    pub fn make_view(&self, rules: &Rules, viewer: Viewer) -> View {
        let f = self.facts(rules, viewer);
        let n = usize::from(self.n());
        let house_of = |p: u8| f.seats.get(usize::from(p)).map_or(0, |s| s.house);
        let seats = f
            .seats
            .iter()
            .enumerate()
            .map(|(p, s)| {
                let p = p as Player;
                let house = rules.houses.get(usize::from(s.house));
                SeatView {
                    seat: p,
                    house: self.house_name(rules, p),
                    leader: s.leader,
                    leader_name: s.leader.map(|l| self.char_name(rules, p, l)),
                    leader_title: s.leader.and_then(|l| house.map(|h| h.leader_title[usize::from(l.min(4))].clone())),
                    leader_offers: s.leader_offers,
                    characters: (0..5u8)
                        .map(|c| CharView {
                            index: c,
                            name: self.char_name(rules, p, c),
                            crowns: s.crowns[usize::from(c)],
                            alive: s.alive & (1 << c) != 0,
                            dead: s.dead & (1 << c) != 0,
                            is_leader: s.leader == Some(c),
                        })
                        .collect(),
                    sheet: s.sheet,
                    influence: s.influence[..n].to_vec(),
                    spread: s.spread,
                    hand: s.own.then(|| s.hand.clone()),
                    hand_labels: s.own.then(|| s.hand.iter().map(|&c| card_label(rules, s.house, c)).collect()),
                    hand_size: s.hand_size,
                    deck_size: s.deck_size,
                    discard: s.discard.clone(),
                    hostages: s
                        .hostages
                        .iter()
                        .map(|&(o, card)| HostageView {
                            owner: o,
                            house: self.house_name(rules, o),
                            card,
                            label: card.map(|c| card_label(rules, house_of(o), c)),
                        })
                        .collect(),
                }
            })
            .collect();
        let e = &f.encounter;
        let commits = e
            .commits
            .iter()
            .map(|c| CommitView {
                committed: c.committed,
                card: c.card,
                label: c.card.map(|card| card_label(rules, c.house, card)),
            })
            .collect();
        let event = e.event.map(|h| match h {
            Some(h) => rules.houses.get(usize::from(h)).map(|x| x.name.clone()).unwrap_or_default(),
            None => "Influence".to_string(),
        });
        View {
            viewer: f.viewer,
            turn: f.turn,
            waiting_for: format!("{:?}", self.pending),
            to_act: f.to_act.iter().collect(),
            seats,
            encounter: EncounterView {
                attacker: e.attacker,
                defender: e.defender,
                event,
                characters: e.chars[..n].iter().map(|c| (*c != NONE).then_some(*c)).collect(),
                sides: e.sides[..n].to_vec(),
                withdrawn: (0..n).map(|p| e.withdrawn & (1 << p) != 0).collect(),
                pending_offer: e.offer,
                commits,
                revealed: e.revealed,
                bonus: e.bonus,
                result: e.result,
                winner: e.winner,
                totals: e.totals,
                deal: e.deal.map(terms_label),
                proposals: e.proposals,
                played: e.played.clone(),
            },
            event_deck: f.event_deck,
            over: f.over,
        }
    }
}
