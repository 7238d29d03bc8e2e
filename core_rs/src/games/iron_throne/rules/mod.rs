//! The rules, in rulebook order: `setup` (p. 3), `flow` (the turn machine, pp. 5–7), `legal` (every decision
//! as an action), `effects` (leader sheets and character cards, p. 8), `resolve` (pp. 6–7, 9: hostility, truce,
//! betrayal, rewards, losses, hostages, torture).

pub mod effects;
pub mod flow;
pub mod legal;
pub mod resolve;
pub mod setup;

use super::content::Rules;
use super::state::{Event, IronThrone, Pending};
use crate::engine::{Action, Events, Illegal, Player, PlayerSet};

// Action codes (stable for VERSION). Parameters are added to the base.
/// Setup: keep dealt leader sheet 0 or 1.
pub const LEADER: Action = 0;
/// Pass / decline / stop / skip, whatever the pending question.
pub const DONE: Action = 10;
pub const ACCEPT: Action = 11;
pub const REFUSE: Action = 12;
/// Use your leader ability; + target seat (7 = no target).
pub const USE_LEADER: Action = 20;
/// Free hostage i (+ i).
pub const FREE: Action = 100;
/// Torture hostage i, taking the crown from character c (+ i * 8 + c; c = 7 when no choice applies).
pub const TORTURE: Action = 200;
pub const DEFENDER: Action = 800;
pub const ALLOC: Action = 810;
pub const CHOOSE: Action = 820;
pub const FORCE: Action = 830;
/// Offer support: + side * 8 + character (side 0 = attacker, 1 = defender).
pub const OFFER: Action = 840;
pub const DISCARD: Action = 860;
/// Commit the top card of the deck (hand empty, p. 11).
pub const COMMIT_TOP: Action = 899;
pub const COMMIT: Action = 900;
/// Play a character card for its effect: + card * 8 + target (7 = none).
pub const PLAY_CARD: Action = 1000;
pub const DEAL_ACCEPT: Action = 1290;
pub const DEAL_REJECT: Action = 1291;
/// Truce proposal: + terms (see `resolve::terms`).
pub const PROPOSE: Action = 1300;
pub const COUNTER: Action = 1500;
/// Take a hostage: + victim * 64 + source (0 top of deck, 1 random from hand, 2 + i hostage i).
pub const TAKE: Action = 2000;
/// Political Instinct: swap in this higher hostility card of the target's hand (+ card index).
pub const UPGRADE: Action = 2400;
pub const NO_TARGET: u8 = 7;

impl IronThrone {
    pub fn n(&self) -> u8 {
        self.seats.len() as u8
    }

    /// Seat `k` steps clockwise from the attacker (seat order is clockwise; "left" is the next seat).
    pub fn clockwise(&self, k: u8) -> Player {
        ((u16::from(self.enc.attacker) + u16::from(k)) % u16::from(self.n().max(1))) as Player
    }

    pub fn who_acts(&self) -> PlayerSet {
        match self.pending {
            Pending::Over => PlayerSet::EMPTY,
            Pending::Leaders => {
                let mut s = PlayerSet::EMPTY;
                for (p, seat) in self.seats.iter().enumerate() {
                    if seat.leader == super::state::NONE {
                        s.insert(p as Player);
                    }
                }
                s
            }
            Pending::Commit => {
                let actives = [self.enc.attacker, self.enc.defender];
                let mut s = PlayerSet::EMPTY;
                for (i, &a) in actives.iter().enumerate() {
                    let first = self.enc.face_up;
                    let blocked =
                        first < 2 && first != i as u8 && self.enc.commit[usize::from(first)] == super::state::NONE;
                    if self.enc.commit[i] == super::state::NONE && !blocked {
                        s.insert(a);
                    }
                }
                s
            }
            Pending::Task => match self.tasks.first() {
                Some(super::state::Task::Alloc { seat, .. })
                | Some(super::state::Task::Discard { seat, .. })
                | Some(super::state::Task::Take { taker: seat, .. })
                | Some(super::state::Task::Upgrade { seat, .. }) => PlayerSet::single(*seat),
                None => PlayerSet::EMPTY,
            },
            Pending::Defender => PlayerSet::single(self.enc.attacker),
            Pending::Hostages { seat }
            | Pending::UseLeader { seat }
            | Pending::PlayCards { seat }
            | Pending::Choose { seat }
            | Pending::Force { seat, .. }
            | Pending::Offer { seat }
            | Pending::Answer { seat }
            | Pending::Propose { seat }
            | Pending::Respond { seat } => PlayerSet::single(seat),
        }
    }

    /// Checked apply: the action must be in the legal list, so mutation below never meets a bad value.
    pub fn play(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) -> Result<(), Illegal> {
        thread_local! {
            static BUF: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let legal = BUF.with(|b| {
            let mut b = b.borrow_mut();
            b.clear();
            self.legal(rules, p, &mut b);
            b.contains(&a)
        });
        if !legal {
            return Err(Illegal::new(format!(
                "iron-throne: action {a} is not legal for seat {p} now (waiting for {:?})",
                self.pending
            )));
        }
        self.play_listed(rules, p, a, ev);
        Ok(())
    }

    /// `play` for an action known to be in the legal list of this state (`Game::apply_unchecked`).
    pub fn play_listed(&mut self, rules: &Rules, p: Player, a: Action, ev: &mut Events<Event>) {
        self.decisions += 1;
        self.act(rules, p, a, ev);
        self.advance(rules, ev);
    }
}
