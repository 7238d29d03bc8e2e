//! Agendas (research §3.6: announced with the House at setup; FAQ 4.11: not in play, cannot be cancelled): a
//! deck's agenda card changes the deck rules and the game for its player. The Winter agendas: Maesters of the
//! Citadel, The Night's Watch and Treaty ("you must claim 5 more power to win", plus a gold-penalty waiver or
//! icons), and the multiplayer-only The Only Game that Matters (refused in a game of 2).

use super::super::cards::{Ability, Kind, Rules, HOUSES, NEUTRAL};
use super::super::effects::def;
use super::super::state::{AgotCcg, InPlay};
use crate::engine::{Player, SetupError};

/// The agenda of deck `deck` as players announce it ("Treaty (lannister)"), if it has one.
pub fn agenda_label(rules: &Rules, deck: u8) -> Option<String> {
    let d = rules.decks.get(usize::from(deck))?;
    let card = rules.cards.get(usize::from(d.agenda?))?;
    Some(match d.agenda_house {
        NEUTRAL => card.name.clone(),
        h => format!("{} ({})", card.name, HOUSES.get(usize::from(h)).unwrap_or(&"?")),
    })
}

impl AgotCcg {
    fn agenda_abilities<'r>(&self, rules: &'r Rules, seat: usize) -> Option<(&'r [Ability], u8)> {
        let deck = rules.decks.get(usize::from(self.seats.get(seat)?.deck_index))?;
        let a = deck.agenda?;
        Some((&rules.cards.get(usize::from(a))?.abilities, deck.agenda_house))
    }

    /// "You must claim N more power to win."
    pub fn agenda_more_power(&self, rules: &Rules, seat: usize) -> u8 {
        self.agenda_abilities(rules, seat).map_or(0, |(abs, _)| {
            abs.iter().map(|a| if let Ability::AgendaMorePower { n } = a { *n } else { 0 }).fold(0, u8::saturating_add)
        })
    }

    /// Icons the agenda gives this character of its controller (The Night's Watch).
    pub fn agenda_icons(&self, rules: &Rules, seat: Player, c: &InPlay) -> u8 {
        let Some((abs, _)) = self.agenda_abilities(rules, usize::from(seat)) else { return 0 };
        let d = def(rules, c.def);
        let mut icons = 0;
        for a in abs {
            if let Ability::AgendaTraitIcons { tr, icons: i } = a {
                if d.kind == Kind::Character && d.has_trait(tr) {
                    icons |= super::super::cards::icon_bits(i).unwrap_or(0);
                }
            }
        }
        icons
    }

    /// Does the agenda waive the out-of-House gold penalty on this card (Maesters of the Citadel, Treaty)?
    pub fn agenda_waives_penalty(&self, rules: &Rules, seat: usize, card: u16) -> bool {
        let Some((abs, named)) = self.agenda_abilities(rules, seat) else { return false };
        let d = def(rules, card);
        abs.iter().any(|a| match a {
            Ability::AgendaNoPenaltyTrait { tr } => d.kind == Kind::Character && d.has_trait(tr),
            Ability::AgendaNoPenaltyNamedHouse => {
                d.house == named && matches!(d.kind, Kind::Character | Kind::Location | Kind::Attachment)
            }
            _ => false,
        })
    }

    /// Multiplayer-only agendas are refused in a game of 2 (research §3.7).
    pub fn check_agendas(rules: &Rules, decks: &[u8], players: u8) -> Result<(), SetupError> {
        for &d in decks {
            let Some(deck) = rules.decks.get(usize::from(d)) else { continue };
            let Some(a) = deck.agenda.and_then(|a| rules.cards.get(usize::from(a))) else { continue };
            if players < 3 && a.abilities.iter().any(|x| matches!(x, Ability::MultiplayerOnly)) {
                return Err(SetupError::Option {
                    name: "decks".into(),
                    reason: format!(
                        "the agenda {} of the {} deck is for games of 3 or more players",
                        a.name, deck.name
                    ),
                });
            }
        }
        Ok(())
    }
}
