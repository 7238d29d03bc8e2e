//! The one redaction point: what a viewer may see of the state, as plain numbers (`IronThrone::facts_into`).
//! The view (`view.rs`, the parent module) is built from these and adds the names and labels people and the network read; the
//! observation tensor (`observe.rs`) is written straight from them, so it builds no string. Filling a `Facts`
//! that was filled before reuses its buffers: no allocation on a learner's hot path.

use super::super::content::Rules;
use super::super::state::{hostage_card, hostage_owner, IronThrone, Pending, Step, NONE};
use crate::engine::{Player, PlayerSet, Viewer};

/// One seat as the viewer sees it. Fields hidden from the viewer are empty or `None`.
#[derive(Clone, Debug, Default)]
pub struct SeatFacts {
    /// The house's index in `Rules::houses`.
    pub house: u8,
    /// The leader, once revealed.
    pub leader: Option<u8>,
    /// The two leader sheets dealt at setup (own seat only, while choosing).
    pub leader_offers: Option<[u8; 2]>,
    pub crowns: [u8; 5],
    /// Bit c: character c alive on the table; `dead`: died.
    pub alive: u8,
    pub dead: u8,
    pub sheet: u8,
    /// This house's tokens on each seat's board (the first `players` entries).
    pub influence: [u8; 5],
    pub spread: u8,
    /// The viewer sees this seat's hand and hostage faces (its own seat).
    pub own: bool,
    /// The hand's cards, empty unless `own`.
    pub hand: Vec<u8>,
    pub hand_size: usize,
    pub deck_size: usize,
    pub discard: Vec<u8>,
    /// (owner seat, card face if `own`).
    pub hostages: Vec<(u8, Option<u8>)>,
}

/// A commit slot (0 attacker, 1 defender).
#[derive(Clone, Copy, Debug, Default)]
pub struct CommitFacts {
    pub committed: bool,
    /// The card, if the viewer may see it.
    pub card: Option<u8>,
    /// The committing seat's house (for its label).
    pub house: u8,
}

#[derive(Clone, Debug, Default)]
pub struct EncounterFacts {
    pub attacker: u8,
    pub defender: Option<u8>,
    /// The event drawn (`None` before the draw): `Some(house)` names a house, `None` the influence event.
    pub event: Option<Option<u8>>,
    /// Participating character per seat, `NONE` if none.
    pub chars: [u8; 5],
    pub sides: [u8; 5],
    pub withdrawn: u16,
    pub offer: Option<[u8; 3]>,
    pub commits: [CommitFacts; 2],
    pub revealed: bool,
    pub bonus: [u8; 2],
    pub result: u8,
    pub winner: u8,
    pub totals: [u8; 2],
    /// The truce terms on the table, while negotiating.
    pub deal: Option<u8>,
    pub proposals: [u8; 2],
    pub played: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, Default)]
pub struct Facts {
    pub viewer: Option<u8>,
    pub turn: u16,
    /// The `Pending` variant's position in its declaration (`pending_index`).
    pub waiting: usize,
    pub to_act: PlayerSet,
    pub seats: Vec<SeatFacts>,
    pub encounter: EncounterFacts,
    pub event_deck: usize,
    pub over: bool,
}

/// `Pending`'s variant, numbered in declaration order (the observation's one-hot).
pub fn pending_index(p: &Pending) -> usize {
    match p {
        Pending::Leaders => 0,
        Pending::Hostages { .. } => 1,
        Pending::UseLeader { .. } => 2,
        Pending::PlayCards { .. } => 3,
        Pending::Task => 4,
        Pending::Defender => 5,
        Pending::Choose { .. } => 6,
        Pending::Force { .. } => 7,
        Pending::Offer { .. } => 8,
        Pending::Answer { .. } => 9,
        Pending::Commit => 10,
        Pending::Propose { .. } => 11,
        Pending::Respond { .. } => 12,
        Pending::Over => 13,
    }
}

impl IronThrone {
    /// Fill `f` with what `viewer` may see: the single place that decides what is hidden.
    pub fn facts_into(&self, rules: &Rules, viewer: Viewer, f: &mut Facts) {
        let n = self.n();
        f.viewer = match viewer {
            Viewer::Player(p) => Some(p),
            _ => None,
        };
        f.turn = self.turn;
        f.waiting = pending_index(&self.pending);
        f.to_act = self.who_acts();
        f.event_deck = self.events_deck.len();
        f.over = self.pending == Pending::Over;
        f.seats.resize_with(usize::from(n), SeatFacts::default);
        for (p, (s, sf)) in self.seats.iter().zip(f.seats.iter_mut()).enumerate() {
            let own = viewer.sees_private_of(p as Player);
            sf.house = s.house;
            sf.leader = s.revealed.then_some(s.leader);
            sf.leader_offers = (own && !s.revealed).then_some(s.offers);
            sf.crowns = s.crowns;
            sf.alive = s.alive & 0x1f;
            sf.dead = s.dead;
            sf.sheet = s.sheet;
            sf.influence = s.influence;
            sf.spread = s.spread();
            sf.own = own;
            sf.hand.clear();
            if own {
                sf.hand.extend_from_slice(&s.hand);
            }
            sf.hand_size = s.hand.len();
            sf.deck_size = s.deck.len();
            sf.discard.clear();
            sf.discard.extend_from_slice(&s.discard);
            sf.hostages.clear();
            sf.hostages.extend(s.hostages.iter().map(|&h| (hostage_owner(h), own.then_some(hostage_card(h)))));
        }
        let e = &self.enc;
        let ef = &mut f.encounter;
        ef.attacker = e.attacker;
        ef.defender = (e.defender != NONE).then_some(e.defender);
        ef.event = (e.event != NONE).then(|| rules.events.get(usize::from(e.event)).copied().flatten());
        ef.chars = e.chars;
        ef.sides = e.side;
        ef.withdrawn = e.withdrawn;
        ef.offer = (e.offer[0] != NONE).then_some(e.offer);
        for (i, slot) in ef.commits.iter_mut().enumerate() {
            let p = if i == 0 { e.attacker } else { e.defender };
            let c = e.commit[i];
            let visible = c != NONE && (e.revealed || viewer.sees_private_of(p) || e.face_up == i as u8);
            *slot = CommitFacts {
                committed: c != NONE,
                card: visible.then_some(c),
                house: self.seats.get(usize::from(p)).map(|s| s.house).unwrap_or(0),
            };
        }
        ef.revealed = e.revealed;
        ef.bonus = [self.side_bonus(1), self.side_bonus(2)];
        ef.result = e.result;
        ef.winner = e.winner;
        ef.totals = e.totals;
        ef.deal = (e.deal != 0 && self.step == Step::Negotiate).then_some(e.deal);
        ef.proposals = e.proposals;
        ef.played.clear();
        ef.played.extend_from_slice(&e.played);
    }

    pub fn facts(&self, rules: &Rules, viewer: Viewer) -> Facts {
        let mut f = Facts::default();
        self.facts_into(rules, viewer, &mut f);
        f
    }
}
