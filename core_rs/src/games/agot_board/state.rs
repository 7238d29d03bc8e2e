//! The match state: plain data (u8 ids, small Vecs), its own rng, and the contexts of the step in progress.

use serde::{Deserialize, Serialize};

use super::content::NONE;
use crate::rng::Rng;

/// Order tokens (research §3.3: 15 per house). Index = kind id; ★ = special.
pub const ORDER_NAMES: [&str; 11] = [
    "March -1",
    "March +0",
    "March +1★",
    "Defense +1",
    "Defense +2★",
    "Support +0",
    "Support +1★",
    "Raid",
    "Raid★",
    "Consolidate Power",
    "Consolidate Power★",
];
pub const ORDER_COUNTS: [u8; 11] = [1, 1, 1, 2, 1, 2, 1, 2, 1, 2, 1];
pub const SPECIAL: [bool; 11] = [false, false, true, false, true, false, true, false, true, false, true];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OKind {
    March(i8),
    Defense(u8),
    Support(u8),
    Raid,
    Consolidate,
}

pub fn okind(o: u8) -> Option<OKind> {
    Some(match o {
        0 => OKind::March(-1),
        1 => OKind::March(0),
        2 => OKind::March(1),
        3 => OKind::Defense(1),
        4 => OKind::Defense(2),
        5 => OKind::Support(0),
        6 => OKind::Support(1),
        7 | 8 => OKind::Raid,
        9 | 10 => OKind::Consolidate,
        _ => return None,
    })
}

/// Westeros-phase restrictions for this round (bit flags).
pub const NO_DEFENSE: u8 = 1;
pub const NO_RAID: u8 = 2;
pub const NO_CONSOLIDATE: u8 = 4;
pub const NO_MARCH_PLUS: u8 = 8;
pub const NO_SUPPORT: u8 = 16;
pub const FOOTMEN_NO_SUPPORT: u8 = 32;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    /// Controlling seat (units or power token), NONE if nobody.
    pub owner: u8,
    pub foot: u8,
    pub knight: u8,
    pub ship: u8,
    /// Routed units among those counted above: [foot, knight, ship].
    pub routed: [u8; 3],
    pub token: bool,
    pub neutral: u8,
    pub closed: bool,
    /// Order token kind, NONE if none (belongs to `owner`).
    pub order: u8,
}

impl Area {
    /// Nobody's, no units, token, order or neutral force, open.
    pub const EMPTY: Area = Area {
        owner: NONE,
        foot: 0,
        knight: 0,
        ship: 0,
        routed: [0; 3],
        token: false,
        neutral: 0,
        closed: false,
        order: NONE,
    };

    pub fn units(&self) -> u8 {
        self.foot + self.knight + self.ship
    }

    /// Units that are not routed: [foot, knight, ship].
    pub fn standing(&self) -> [u8; 3] {
        [
            self.foot.saturating_sub(self.routed[0]),
            self.knight.saturating_sub(self.routed[1]),
            self.ship.saturating_sub(self.routed[2]),
        ]
    }

    /// After units are removed, no more of a kind can be routed than there are.
    pub fn clamp_routed(&mut self) {
        self.routed = [self.routed[0].min(self.foot), self.routed[1].min(self.knight), self.routed[2].min(self.ship)];
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub house: u8,
    pub power: u8,
    /// House cards: bit i = card i of the house.
    pub hand: u8,
    pub discard: u8,
    pub removed: u8,
    pub supply: u8,
    pub tactics: u8,
    /// Tactic picked this round (secret until the orders are revealed), NONE if none.
    pub tactic: u8,
    pub locked: bool,
    /// Secret bid, NONE until committed.
    pub bid: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub seat: u8,
    /// Index of the matching house card.
    pub card: u8,
    /// Area, or NONE when off the board (captured or dead).
    pub area: u8,
    /// Seat holding this leader in prison, NONE if free.
    pub captor: u8,
    pub dead: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Westeros,
    Planning,
    Raven,
    Raid,
    March,
    Consolidate,
    Over,
}

/// What kind of generic choice is pending (the options are codes listed in `Pending::Choice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChoiceKind {
    /// Throne holder orders tied bidders: option = seat picked next.
    TieOrder,
    /// A Throne of Blades: 0 supply, 1 mustering, 2 nothing.
    ThroneOfBlades,
    /// Dark Wings: 0 clash, 1 game of thrones, 2 nothing.
    DarkWings,
    /// Supply reconcile / wildling sacrifice / card kill: option = area<<2 | unit (0 foot, 1 knight, 2 ship).
    Reconcile,
    Sacrifice,
    /// Swing the Sword: option = leader index, or NONE-as-u16 (255) to spare.
    Execute,
    /// Take a discarded house card back: option = card index, 255 = none.
    TakeBack,
    /// Discard one of your cards of highest strength: option = card index.
    DiscardStrongest,
    /// Melisandre (1E): option = card of the loser's hand, 255 = decline (keep the power).
    MelisandreDiscard,
    /// Remove an order: option = area, 255 = decline.
    RemoveOrder,
    /// Tyrion: 1 send the card back, 0 keep.
    Tyrion,
    /// Aeron: 1 pay 2 and swap, 0 keep.
    Aeron,
    /// Davos: 1 pay 2 power for a fortification, 0 no.
    Davos,
    /// Maege: option = retreat area chosen for the loser.
    RetreatFor,
    /// Mace: option = order kind to place, 255 = none.
    PlaceOrder,
    /// Valyrian Steel Blade: 1 use (+1), 0 keep.
    Blade,
    /// Retreat: option = area.
    Retreat,
    /// Casualty: option = unit kind (0 foot, 1 knight, 2 ship).
    Casualty,
    /// Support: 0 attacker, 1 defender, 2 nobody.
    Support,
    /// Stannis (SoS): 1 take the Iron Throne token (and a sword), 0 leave it.
    Stannis,
    /// Renly (1E): 1 upgrade one of the winning footmen in the battle area to a knight, 0 no.
    Renly,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Internal: the engine advances without a decision.
    Auto,
    /// Planning: every unlocked seat places orders in secret.
    Orders,
    /// The Raven holder may swap one order.
    Raven(u8),
    Raid(u8),
    March(u8),
    /// Moving units of the chosen march order.
    Moving(u8),
    Consolidate(u8),
    Muster(u8),
    /// Secret simultaneous bids by every seat whose bid is NONE.
    Bids,
    /// Secret simultaneous house cards of the two combatants still without one.
    Cards,
    Choice {
        seat: u8,
        kind: ChoiceKind,
        options: Vec<u16>,
    },
    Over,
}

/// One march order being carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchCtx {
    pub seat: u8,
    pub from: u8,
    pub modifier: i8,
    /// Units still in `from`: [foot, knight, ship].
    pub left: [u8; 3],
    /// Moves: (dest, [foot, knight, ship]).
    pub moves: Vec<(u8, [u8; 3])>,
    /// Leaders moving: (leader index, dest).
    pub leaders: Vec<(u8, u8)>,
    /// The one destination that starts a battle (enemy units or neutral force), NONE if none.
    pub attack: u8,
    /// Areas whose moves this march took back (it could not end: a neutral force too strong, a leader left
    /// behind); no unit of this march may move there again, so take-backs cannot repeat for ever.
    #[serde(default)]
    pub taken_back: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CStage {
    Support,
    Cards,
    Immediate,
    Blade,
    Totals,
    Casualties,
    Retreat,
    /// The loser's army destroys the units a retreat into `Combat::retreat_dest` puts beyond its supply.
    RetreatLosses,
    After,
    Done,
}

/// A battle (research §3.5). Side 0 = attacker, 1 = defender.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub area: u8,
    pub from: u8,
    pub seats: [u8; 2],
    /// Attacking units [foot, knight, ship] (defenders are the area's units).
    pub att: [u8; 3],
    pub modifier: i8,
    /// Support per seat: 0 attacker, 1 defender, 2 none, NONE not asked yet.
    pub support: Vec<u8>,
    pub cards: [u8; 2],
    pub stage: CStage,
    /// Step inside a stage (which ability/side is next).
    pub sub: u8,
    pub bonus: [i8; 2],
    pub swords: [i8; 2],
    pub forts: [i8; 2],
    pub card_zero: [bool; 2],
    pub cancelled: [bool; 2],
    pub blade: [bool; 2],
    pub totals: [i16; 2],
    pub winner: u8,
    pub casualties: u8,
    pub no_rout: bool,
    pub both_retreat: bool,
    /// Battle ended early (Loras 1E killed the last unit).
    pub early: bool,
    /// The area the loser retreats to once its supply losses are taken, NONE until chosen.
    pub retreat_dest: u8,
    /// Per side: its immediate (then after-battle) ability has been handled.
    pub done: [bool; 2],
    pub tyrion_used: bool,
    pub aeron_used: bool,
    /// Per side: a card that may not be chosen again this battle (sent back by Tyrion).
    pub forbid: [u8; 2],
}

/// Bidding on one track (0 throne, 1 fiefdoms, 2 court) or against the wildlings (3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    pub track: u8,
    pub revealed: bool,
    pub bids: Vec<u8>,
    /// Seats ordered so far, best first.
    pub order: Vec<u8>,
    /// Remaining groups of equal bids, best first.
    pub groups: Vec<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MusterCtx {
    /// Seats still to muster, in order; the first is mustering.
    pub queue: Vec<u8>,
    /// (area, points left) for the current seat.
    pub areas: Vec<(u8, u8)>,
}

/// A queue of "destroy units" duties: (seat, points or count left, kind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    pub kind: ChoiceKind,
    pub queue: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgotBoard {
    pub rng: Rng,
    pub decisions: u64,
    pub round: u8,
    pub phase: Phase,
    pub pending: Pending,
    pub seats: Vec<Seat>,
    pub areas: Vec<Area>,
    pub throne: Vec<u8>,
    pub fief: Vec<u8>,
    pub court: Vec<u8>,
    /// Stannis (SoS) holds the Iron Throne token until the next Clash of Kings: NONE if no one does.
    pub throne_override: u8,
    pub blade_used: bool,
    pub threat: u8,
    pub decks: [Vec<u8>; 3],
    pub wild_deck: Vec<u8>,
    /// Westeros cards drawn this round and how many have been resolved.
    pub drawn: Vec<u8>,
    pub resolved: u8,
    pub restrict: u8,
    pub orders_hidden: bool,
    /// Index into the Iron Throne order of the seat whose turn is next in the action phase.
    pub turn: u8,
    pub leaders: Vec<Leader>,
    pub march: Option<MarchCtx>,
    pub combat: Option<Combat>,
    pub bidding: Option<Bidding>,
    pub muster: Option<MusterCtx>,
    pub losses: Option<Losses>,
    /// The wildling card revealed with a Wildlings Attack (variant 5), NONE if none.
    pub wild_card: u8,
    /// Swing the Sword: seats still to decide on an execution.
    pub executions: Vec<u8>,
    /// The seat that won at once (castles or claims), NONE otherwise.
    pub winner: u8,
    /// Ranking keys with every tie-break folded in, set when the game ends (they order the seats).
    pub final_scores: Vec<f64>,
    /// What each seat scored in the game's own unit (claims with the SoS victory, else cities and strongholds),
    /// set when the game ends: the score a player reads.
    pub final_points: Vec<u8>,
}

impl AgotBoard {
    pub fn n(&self) -> u8 {
        self.seats.len() as u8
    }
    pub fn throne_holder(&self) -> u8 {
        if self.throne_override != NONE {
            self.throne_override
        } else {
            self.throne.first().copied().unwrap_or(0)
        }
    }
    pub fn area(&self, a: u8) -> Option<&Area> {
        self.areas.get(usize::from(a))
    }
    pub fn seat(&self, p: u8) -> Option<&Seat> {
        self.seats.get(usize::from(p))
    }
}

/// What `apply` narrates: one line of plain text per happening (the plugin's narrator prints it).
#[derive(Clone, Debug, Serialize)]
pub enum Event {
    Note { text: String },
}
