//! Action labels: what each legal action means, in words a person can pick from a list.

use super::content::Rules;
use super::rules::*;
use super::state::{hostage_card, hostage_owner, IronThrone, Pending, Task};
use super::view::{card_label, crowns_label, terms_label};
use crate::engine::{Action, ActionInfo, Player};

impl IronThrone {
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
            _ if (UPGRADE..UPGRADE + 32).contains(&a) => {
                let c = (a - UPGRADE) as u8;
                let t = match self.tasks.first() {
                    Some(Task::Upgrade { target, .. }) => *target,
                    _ => p,
                };
                let theirs = self.seats.get(usize::from(t)).map(|s| s.house).unwrap_or(0);
                ActionInfo::new(a, "upgrade", format!("Swap in {} for {}", card_label(rules, theirs, c), hn(t)))
                    .with("card", u32::from(c))
                    .with("target", u32::from(t))
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
}
