//! The state: plain data, compact (u8 ids, small Vecs), RNG included. Content lives in `Rules`.

use serde::{Deserialize, Serialize};

use crate::engine::Player;
use crate::rng::Rng;

/// "No one / nothing" in u8 slots.
pub const NONE: u8 = 255;
/// A commit slot filled by a player with no card at all (hand, deck and discard empty): hostility 0.
pub const NO_CARD: u8 = 254;
/// Cards in a house deck (rulebook p. 11 "Componența cărților de Casă").
pub const DECK_SIZE: u8 = 25;
pub const HAND_SIZE: usize = 5;
pub const INFLUENCE_TOKENS: u8 = 5;
/// Crown tokens in the box (research: "100 crown (power) tokens").
pub const CROWN_SUPPLY: u32 = 100;
/// Safeguard, not a rule: a match that somehow runs this many turns ends and is scored as usual.
pub const TURN_LIMIT: u16 = 400;

/// What one house card is, from its index 0..25 in its house deck: 4 truces, 10 character cards (2 per
/// character), 11 hostility cards valued 1–8, 10, 12, 20.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    Truce,
    Character(u8),
    Hostility(u8),
}

pub const HOSTILITY_VALUES: [u8; 11] = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 20];

pub fn card_kind(idx: u8) -> CardKind {
    match idx {
        0..=3 => CardKind::Truce,
        4..=13 => CardKind::Character((idx - 4) / 2),
        _ => CardKind::Hostility(HOSTILITY_VALUES.get(usize::from(idx.saturating_sub(14))).copied().unwrap_or(0)),
    }
}

/// A hostage is a house card away from home: owner seat in the high bits, card index in the low 5.
pub fn hostage(owner: Player, idx: u8) -> u8 {
    (owner << 5) | (idx & 31)
}
pub fn hostage_owner(h: u8) -> Player {
    h >> 5
}
pub fn hostage_card(h: u8) -> u8 {
    h & 31
}

/// One seat: its house, leader, tokens, crowns, cards and hostages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub house: u8,
    /// The two leader sheets dealt at setup (character indices).
    pub offers: [u8; 2],
    /// The secret pick during setup, then the revealed leader (character index), NONE before.
    pub leader: u8,
    pub revealed: bool,
    /// Crowns on each character token (the leader's slot stays 0: its token left the game).
    pub crowns: [u8; 5],
    /// Bit c: character c's token is on the table and alive.
    pub alive: u8,
    /// Bit c: character c died (token face down).
    pub dead: u8,
    /// Crowns on the leader sheet (the house's reserve).
    pub sheet: u8,
    /// My influence tokens on each seat's board.
    pub influence: [u8; 5],
    pub hand: Vec<u8>,
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    pub hostages: Vec<u8>,
}

impl Seat {
    pub fn spread(&self) -> u8 {
        self.influence.iter().map(|&x| u16::from(x)).sum::<u16>().min(255) as u8
    }
    pub fn tokens_left(&self) -> u8 {
        INFLUENCE_TOKENS.saturating_sub(self.spread())
    }
    pub fn is_alive(&self, c: u8) -> bool {
        c < 5 && self.alive & (1 << c) != 0
    }
}

/// The encounter of the current turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    pub attacker: Player,
    pub defender: Player,
    pub event: u8,
    /// Seats the attacker may name as defender (event of his own house, or an influence tie).
    pub candidates: u16,
    /// Participating character per seat (NONE if that seat has none).
    pub chars: [u8; 5],
    /// 0 = not in the encounter, 1 = attacker's side, 2 = defender's side.
    pub side: [u8; 5],
    /// Seats that have had their one offer of support this turn.
    pub offered: u16,
    pub withdrawn: u16,
    /// The pending offer of support: (offering seat, character, side 1/2).
    pub offer: [u8; 3],
    /// Committed house card per active side (0 attacker, 1 defender): card index, NO_CARD or NONE.
    pub commit: [u8; 2],
    /// The side (0/1) forced to commit first, face up, by a clairvoyance ability; NONE otherwise.
    pub face_up: u8,
    pub revealed: bool,
    /// Hostility bonuses by the seat that added them: flat (`bonus_by`) and per supporter of its side
    /// (`support_bonus_by`). Only seats still taking part count (p. 9 "Retragere": a withdrawn player's cards
    /// are discarded), so the side totals are computed from these, never stored.
    pub bonus_by: [u8; 5],
    pub support_bonus_by: [u8; 5],
    pub as_truce: bool,
    /// Resolution: 0 not yet, 1 attacker side won, 2 defender side won, 3 everybody lost, 4 truce deal.
    pub winner: u8,
    /// 1 hostility, 2 truce, 3 betrayal (0 before reveal).
    pub result: u8,
    /// Players protected from losses (p. 11: no hostage may be taken from them).
    pub protected: u16,
    /// Players barred from rewards (p. 11: they take no hostage).
    pub no_rewards: u16,
    /// Truce protocol: proposals made by each active side, the proposal on the table, its proposer side.
    pub proposals: [u8; 2],
    pub deal: u8,
    pub proposer: u8,
    /// Seats whose leader ability was used this window.
    pub leader_used: u16,
    /// Character cards played for their effect this turn (seat, card), discarded at end of turn.
    pub played: Vec<(u8, u8)>,
    pub totals: [u8; 2],
}

impl Encounter {
    pub fn new(attacker: Player) -> Self {
        Encounter {
            attacker,
            defender: NONE,
            event: NONE,
            candidates: 0,
            chars: [NONE; 5],
            side: [0; 5],
            offered: 0,
            withdrawn: 0,
            offer: [NONE; 3],
            commit: [NONE; 2],
            face_up: NONE,
            revealed: false,
            bonus_by: [0; 5],
            support_bonus_by: [0; 5],
            as_truce: false,
            winner: 0,
            result: 0,
            protected: 0,
            no_rewards: 0,
            proposals: [0; 2],
            deal: 0,
            proposer: NONE,
            leader_used: 0,
            played: Vec::new(),
            totals: [0; 2],
        }
    }
    /// Participating seats (actives and accepted, not withdrawn supporters).
    pub fn takes_part(&self, p: Player) -> bool {
        self.side.get(usize::from(p)).is_some_and(|s| *s != 0) && self.withdrawn & (1 << p) == 0
    }
    pub fn side_of(&self, p: Player) -> u8 {
        if self.takes_part(p) {
            self.side[usize::from(p)]
        } else {
            0
        }
    }
}

/// Where the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Leaders,
    /// Turn start: seat `k` steps clockwise from the attacker frees or tortures hostages.
    Hostages {
        k: u8,
    },
    Event,
    Prepare,
    Choose,
    /// Support: seat `k` steps clockwise from the attacker; `forced` once Cersei's question was asked.
    Support {
        k: u8,
        asked: bool,
    },
    /// A timing window: leaders first (`leaders`), then character cards, seat `k` steps from the attacker.
    Window {
        w: u8,
        leaders: bool,
        k: u8,
    },
    Commit,
    Reveal,
    Negotiate,
    Resolve,
    EndTurn,
    Over,
}

/// A pending sub-task with (maybe) a decision, run before the step moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// `seat` moves `left` crowns from its sheet onto its characters, one at a time (may stop if `optional`).
    Alloc { seat: u8, left: u8, optional: bool },
    /// `seat` discards `left` cards, then draws `draw`.
    Discard { seat: u8, left: u8, draw: u8 },
    /// `taker` takes one hostage from one of `victims`.
    Take { taker: u8, victims: u16 },
    /// Political Instinct with several higher cards: `seat` picks which of `options` (bits: card indices)
    /// replaces `target`'s revealed hostility card. The target showed them to everyone (`HigherCardsShown`).
    Upgrade { seat: u8, target: u8, options: u32 },
}

/// The decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    Leaders,
    Hostages { seat: u8 },
    UseLeader { seat: u8 },
    PlayCards { seat: u8 },
    Task,
    Defender,
    Choose { seat: u8 },
    Force { seat: u8, target: u8 },
    Offer { seat: u8 },
    Answer { seat: u8 },
    Commit,
    Propose { seat: u8 },
    Respond { seat: u8 },
    Over,
}

/// The whole match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IronThrone {
    pub seats: Vec<Seat>,
    pub events_deck: Vec<u8>,
    pub events_discard: Vec<u8>,
    pub enc: Encounter,
    pub step: Step,
    pub tasks: Vec<Task>,
    pub pending: Pending,
    pub turn: u16,
    pub decisions: u64,
    pub rng: Rng,
}

/// What happened, for narration. Card numbers are indices in the owner's house deck.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Event {
    LeaderPicked { seat: u8 },
    LeaderRevealed { seat: u8, house: u8, leader: u8 },
    FirstAttacker { seat: u8 },
    TurnBegins { turn: u16, attacker: u8 },
    Freed { by: u8, owner: u8 },
    FreedCard { by: u8, owner: u8, card: u8 },
    Tortured { by: u8, owner: u8, card: u8 },
    CrownsRemoved { seat: u8, ch: u8, n: u8 },
    CrownsToBox { seat: u8, n: u8 },
    CrownPlaced { seat: u8, ch: u8 },
    CrownsTaken { from: u8, to: u8, n: u8 },
    Died { seat: u8, ch: u8 },
    EventDrawn { house: Option<u8> },
    DefenderNamed { seat: u8 },
    Drew { seat: u8, n: u8 },
    DrewCards { seat: u8, cards: Vec<u8> },
    Reshuffled { seat: u8 },
    Discarded { seat: u8, card: u8 },
    CharacterChosen { seat: u8, ch: u8, side: u8 },
    SupportOffered { seat: u8, ch: u8, side: u8 },
    SupportAccepted { seat: u8 },
    SupportRefused { seat: u8 },
    SupportDeclined { seat: u8 },
    SupportForced { by: u8, seat: u8, ch: u8 },
    Committed { seat: u8 },
    CommittedFaceUp { seat: u8, card: u8 },
    Revealed { seat: u8, card: u8 },
    LeaderUsed { seat: u8, target: u8 },
    CardPlayed { seat: u8, card: u8, target: u8 },
    BonusAdded { side: u8, n: u8 },
    Withdrew { seat: u8 },
    Shielded { seat: u8 },
    Replaced { seat: u8, old: u8, new: u8 },
    HigherCardsShown { seat: u8, cards: Vec<u8> },
    ResultHostility { totals: [u8; 2], winner: u8 },
    ResultTruce,
    ResultBetrayal { winner: u8 },
    BetrayalAsTruce { seat: u8 },
    Spread { from: u8, onto: u8 },
    Proposed { seat: u8, terms: u8 },
    DealAccepted { seat: u8, terms: u8 },
    TalksFailed,
    HostageTaken { taker: u8, victim: u8, source: u8, owner: u8 },
    HostageCard { taker: u8, owner: u8, card: u8 },
    GameOver { winners: Vec<u8>, spread: Vec<u8> },
}
