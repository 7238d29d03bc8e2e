//! Reading constant abilities (`cards/vocab/constant.rs`): whether one is on, whom it reaches, the STR it gives.

use super::def;
use crate::engine::Player;
use crate::games::agot_ccg::cards::vocab::{Constant, Count, Filter, Gets, On, Who};
use crate::games::agot_ccg::cards::{house_index, icon_bits, Ability, Kind, Rules};
use crate::games::agot_ccg::state::{AgotCcg, InPlay};

/// The constant ability `a` is, if it is one.
#[inline]
pub fn constant(a: &Ability) -> Option<&Constant> {
    match a {
        Ability::Constant(k) => Some(k),
        _ => None,
    }
}

/// The constant `a` is if it reaches the attached character ("attached character gets …").
#[inline]
pub fn on_attached(a: &Ability) -> Option<&Constant> {
    constant(a).filter(|k| k.to == Some(On::Attached))
}

/// The constant `a` is if it reaches a player's totals (`for`) and reaches `seat` from a card or plot of `from`.
#[inline]
pub fn for_seat(a: &Ability, from: usize, seat: usize) -> Option<&Constant> {
    constant(a).filter(|k| match k.players {
        Some(Who::Any) => true,
        Some(Who::You) => from == seat,
        Some(Who::Opponent) => from != seat,
        None => false,
    })
}

/// The filter of a constant reaching each matching character.
#[inline]
pub fn each(k: &Constant) -> Option<&Filter> {
    match &k.to {
        Some(On::Each(f)) => Some(f),
        _ => None,
    }
}

impl AgotCcg {
    /// The card's own constants (no `to`) of `c`'s abilities `abs` that are on now.
    pub fn own_gets<'r>(
        &'r self,
        rules: &'r Rules,
        seat: Player,
        c: &'r InPlay,
        abs: &'r [Ability],
    ) -> impl Iterator<Item = &'r Gets> + 'r {
        abs.iter()
            .filter_map(constant)
            .filter(move |k| k.to.is_none() && self.holds(rules, seat, c, k))
            .map(|k| &k.gets)
    }

    /// Is the constant `k` of `c` (controlled by `seat`) on: no `while`, or its condition holds?
    #[inline]
    pub fn holds(&self, rules: &Rules, seat: Player, c: &InPlay, k: &Constant) -> bool {
        k.when.as_ref().is_none_or(|w| self.cond(rules, seat, c, w))
    }

    /// Does a constant's `to` reach the character `c` of `seat`, from a card (or plot) of `from`?
    pub fn reaches(&self, rules: &Rules, to: &Filter, from: usize, seat: Player, c: &InPlay) -> bool {
        let d = def(rules, c.def);
        d.kind == Kind::Character
            && match to.controller {
                Who::Any => true,
                Who::You => from == usize::from(seat),
                Who::Opponent => from != usize::from(seat),
            }
            && to.house.as_deref().is_none_or(|h| house_index(h) == Some(d.house))
            && to.lacks_icon.as_deref().is_none_or(|i| self.icons(rules, seat, c) & icon_bits(i).unwrap_or(0) == 0)
    }

    /// The STR a constant gives `c`: `str`, or `str` for each thing it counts.
    pub fn gets_str(&self, rules: &Rules, c: &InPlay, g: &Gets) -> i32 {
        let each = match &g.per {
            None => 1,
            Some(Count::Attachment) => c.attachments.len() as i32,
            Some(Count::DeadCharacter { house }) => {
                let h = house.as_deref().map(house_index);
                let dead = self.seats.iter().flat_map(|x| x.dead.iter()).map(|&x| def(rules, x));
                dead.filter(|d| d.kind == Kind::Character && h.is_none_or(|h| h == Some(d.house))).count() as i32
            }
        };
        i32::from(g.str) * each
    }
}
