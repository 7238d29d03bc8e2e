//! Load-time checks of the names inside a card's abilities (houses, icons, keywords, phases, challenge types).

use super::vocab::{self, check_cond};
use super::{challenge_index, house_index, icon_bits, Ability, Kind, ACTION_PHASES};

fn check_phase(p: &str) -> Result<(), String> {
    if ACTION_PHASES.contains(&p) {
        Ok(())
    } else {
        Err(format!("unknown action phase {p:?} (one of {})", ACTION_PHASES.join(", ")))
    }
}

/// Checks one ability of a card of type `kind`.
pub fn check_ability(a: &Ability, kind: Kind) -> Result<(), String> {
    match a {
        Ability::DiscardedWhen { cond } | Ability::CannotBeDiscardedWhile { cond } => check_cond(cond),
        Ability::StandAfterHouseCharKilled { house } => {
            house_index(house).map(|_| ()).ok_or(format!("unknown house {house:?}"))
        }
        Ability::Reducer { house: Some(h) } => house_index(h).map(|_| ()).ok_or(format!("unknown house {h:?}")),
        Ability::ChallengeBoost { target, house, without_icon, phase, .. } => {
            check_phase(phase)?;
            if !["attacking", "participating", "any"].contains(&target.as_str()) {
                return Err(format!("boost target {target:?}: attacking, participating or any"));
            }
            if let Some(h) = house {
                house_index(h).ok_or(format!("unknown house {h:?}"))?;
            }
            if let Some(i) = without_icon {
                icon_bits(i)?;
            }
            Ok(())
        }
        Ability::KillCharacter { phase, .. } => check_phase(phase),
        Ability::KneelForStr { phase, target, .. } => {
            if target.as_deref().is_some_and(|t| t != "attacking") {
                return Err(format!("kneel_for_str target {target:?}: \"attacking\" or none"));
            }
            check_phase(phase)
        }
        Ability::PlotNoKneel { challenge } => {
            challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Ability::Save { whom, then, .. } => {
            if then.as_deref().is_some_and(|t| t != "attach_from_discard") {
                return Err(format!("save then {then:?}: attach_from_discard or none"));
            }
            if whom == "self" || whom == "attached" || house_index(whom).is_some() {
                Ok(())
            } else {
                Err(format!("save whom {whom:?}: self, attached or a House"))
            }
        }
        Ability::Cancel { what, then, .. } => {
            if !["event", "card", "character", "triggered"].contains(&what.as_str()) {
                return Err(format!("cancel what {what:?}: event, card, character or triggered"));
            }
            match then.as_deref() {
                None | Some("kneel_source") | Some("controller_discards") => Ok(()),
                Some(t) => Err(format!("cancel then {t:?}: kneel_source or controller_discards")),
            }
        }
        Ability::TakeControl { phase, .. }
        | Ability::DiscardLocation { phase, .. }
        | Ability::NameHouseStr { phase, .. }
        | Ability::NoSaveUntilEndOfPhase { phase } => check_phase(phase),
        Ability::AgendaTraitIcons { icons, .. } => icon_bits(icons).map(|_| ()),
        Ability::WinSacrifice { challenge, .. } => {
            challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Ability::Constant(k) => vocab::check_constant(k, kind == Kind::Plot),
        Ability::Action(b) => vocab::check_body(b, true),
        Ability::Triggered(b) => vocab::check_body(b, false),
        _ => Ok(()),
    }
}
