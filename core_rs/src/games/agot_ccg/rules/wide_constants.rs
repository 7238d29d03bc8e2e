//! The constants that reach beyond their card (per-card bit `HAS_WIDE_CONSTANT`): a penalty granted to other cards
//! (Mance Rayder), Superior Numbers, Andrik's declarations, gained traits, The Doom that Came.

use super::super::cards::{Ability, Kind, Rules};
use super::super::effects::def;
use super::super::state::AgotCcg;
use super::actions::*;
use crate::engine::{Action, Player};

impl AgotCcg {
    /// Does `seat` control a card with one of this module's constants (the per-card bit)?
    pub fn controls_wide_constant(&self, rules: &Rules, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| {
            s.play.iter().any(|c| super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0)
        })
    }

    /// The optional gold penalty a card `seat` controls lets `card` be played with (Mance Rayder), if any.
    pub fn granted_penalty(&self, rules: &Rules, seat: usize, card: u16) -> Option<u8> {
        let s = self.seats.get(seat)?;
        s.play
            .iter()
            .filter(|c| super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0)
            .find_map(|c| {
                self.abilities(rules, c).iter().find_map(|a| match a {
                    Ability::GrantsOptionalPenalty { filter, penalty } if self.def_matches(rules, card, filter) => {
                        Some(*penalty)
                    }
                    _ => None,
                })
            })
    }

    /// Superior Numbers: a player whose revealed plot says so may play only character cards and cannot trigger
    /// card effects or abilities (events, actions, responses, saves, cancels, reducers, Endless, naming); his
    /// passive abilities still happen. Checked on the plot's bit first, so other matches pay one lookup.
    pub fn pool_restrict(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        self.superior_numbers(rules, p, out);
        self.not_declared_together(rules, p, out);
    }

    /// Andrik the Unsmiling: a declaration (all at once, or one by one) never holds both him and a character with
    /// the trait he refuses; checked only for a declaring player who controls such a card (per-card bit).
    fn not_declared_together(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let stage = self.challenge.as_ref().map(|c| c.stage);
        if !matches!(stage, Some(super::super::state::Stage::Attackers | super::super::state::Stage::Defenders)) {
            return;
        }
        let declaring = out.iter().any(|&a| matches!(split(a).0, ATTACK | ATTACK_SET | DEFEND | DEFEND_SET));
        let Some(s) = self.seats.get(usize::from(p)).filter(|_| declaring) else { return };
        let loner = |c: &&super::super::state::InPlay| {
            super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0
                && def(rules, c.def).abilities.iter().any(|a| matches!(a, Ability::NotDeclaredWithTrait { .. }))
        };
        let loners: Vec<(u16, &str)> = s
            .play
            .iter()
            .filter(loner)
            .flat_map(|c| {
                def(rules, c.def).abilities.iter().filter_map(move |a| match a {
                    Ability::NotDeclaredWithTrait { tr } => Some((c.uid, tr.as_str())),
                    _ => None,
                })
            })
            .collect();
        if loners.is_empty() {
            return;
        }
        let Some(ch) = &self.challenge else { return };
        let has =
            |u: u16, t: &str| self.locate(u).is_some_and(|(q, i)| def(rules, self.seats[q].play[i].def).has_trait(t));
        // A set of uids breaks the rule if it holds a loner and another character with his trait.
        let breaks =
            |set: &[u16]| loners.iter().any(|&(l, t)| set.contains(&l) && set.iter().any(|&u| u != l && has(u, t)));
        let attackers = self.eligible_attackers(rules, p);
        let defenders = self.eligible_defenders(rules, p);
        let in_mask = |el: &[u16], m: usize| -> Vec<u16> {
            el.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, &u)| u).collect()
        };
        out.retain(|&a| {
            let (kind, _, y) = split(a);
            match kind {
                ATTACK_SET => !breaks(&in_mask(&attackers, y)),
                DEFEND_SET => !breaks(&in_mask(&defenders, y)),
                ATTACK => !breaks(&[ch.attackers.as_slice(), &[y as u16]].concat()),
                DEFEND => !breaks(&[ch.defenders.as_slice(), &[y as u16]].concat()),
                _ => true,
            }
        });
    }

    /// Superior Numbers (see `pool_restrict`).
    fn superior_numbers(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let Some(s) = self.seats.get(usize::from(p)) else { return };
        let Some(plot) =
            s.plot.filter(|&c| super::triggered::flags(rules, c) & super::triggered::HAS_WIDE_CONSTANT != 0)
        else {
            return;
        };
        if !def(rules, plot).abilities.iter().any(|a| matches!(a, Ability::PlotOnlyCharactersNoTriggers)) {
            return;
        }
        let character = |x: usize| s.hand.get(x).is_some_and(|&c| def(rules, c).kind == Kind::Character);
        let kept: Vec<Action> = out
            .iter()
            .copied()
            .filter(|&a| {
                let (kind, x, y) = split(a);
                match kind {
                    MARSHAL | MARSHAL_PENALTY | DUPE => character(x),
                    NAME => y == NAMED_BY_PLOT,
                    REDUCER | EVENT | USE | YES | GEN_EVENT | GEN_USE | GEN_PILE | GEN_ATT | GEN_YES | SAVE_CARD
                    | SAVE_ATTACHMENT | SAVE_EVENT | CANCEL_CARD | CANCEL_EVENT | ENDLESS | TAKE_CONTROL => false,
                    _ => true,
                }
            })
            .collect();
        // A decision always keeps a choice (every one of these has its pass or decline).
        if !kept.is_empty() {
            *out = kept;
        }
    }

    /// The traits the character `card` gained from a card in play (Lady of Riverrun), found through the per-card
    /// bit.
    pub(super) fn gained_traits<'r>(&self, rules: &'r Rules, card: u16) -> Vec<&'r str> {
        if def(rules, card).kind != Kind::Character {
            return Vec::new();
        }
        let pool = |c: &&super::super::state::InPlay| {
            super::triggered::flags(rules, c.def) & super::triggered::HAS_WIDE_CONSTANT != 0
        };
        let mut out = Vec::new();
        for c in self.seats.iter().flat_map(|s| s.play.iter()).filter(pool) {
            for a in &def(rules, c.def).abilities {
                if let Ability::AllCharactersGainTrait { tr } = a {
                    out.push(tr.as_str());
                }
            }
        }
        out
    }

    /// The Doom that Came: doomed cards its attachments add to `seat`'s count (attachments on his characters).
    /// Read at every end check: a plain walk that touches only the attachments there are.
    pub fn attached_extra_doomed(&self, rules: &Rules, seat: usize) -> usize {
        let Some(s) = self.seats.get(seat) else { return 0 };
        let mut n = 0;
        for c in &s.play {
            for &(a, _) in &c.attachments {
                if super::triggered::flags(rules, a) & super::triggered::HAS_WIDE_CONSTANT == 0 {
                    continue;
                }
                for ab in &def(rules, a).abilities {
                    if let Ability::AttachedControllerExtraDoomed { n: k } = ab {
                        n += usize::from(*k);
                    }
                }
            }
        }
        n
    }

    /// The Doom that Came may go only on a character whose controller has a printed doomed card in his dead pile.
    pub(super) fn pool_attach_allowed(&self, rules: &Rules, card: u16, host: u16) -> bool {
        let needs =
            def(rules, card).abilities.iter().any(|a| matches!(a, Ability::AttachedControllerExtraDoomed { .. }));
        !needs || self.locate(host).is_some_and(|(s, _)| self.seats[s].dead.iter().any(|&c| def(rules, c).doomed))
    }
}
