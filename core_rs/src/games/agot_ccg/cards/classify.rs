//! Which kinds of printed ability each card carries, as bits (`Rules::statics`), so the checks that run at
//! nearly every decision (strength, keywords, icons, costs, who may defend…) skip at once every card that
//! has none of the kind they look for, instead of walking its abilities. A match of cards without such text
//! then pays one load and one test per card.
//!
//! The classification is an exhaustive match: a new `Ability` variant does not compile until it is placed
//! in a class, so no check can miss a card because its bit was forgotten.

use super::vocab::{Constant, On};
use super::{Ability, CardDef, Kind, Rules};

/// The card's own STR (a constant's `str`, once or per thing counted; "cannot be lowered").
pub const OWN_STR: u32 = 1 << 0;
/// "Characters you control get +N" (a constant with `to`; a plot's are read from the plot).
pub const YOUR_CHARS_STR: u32 = 1 << 1;
/// The card's own keywords from a constant.
pub const OWN_KEYWORDS: u32 = 1 << 2;
/// Keywords a constant grants its controller's characters (Euron Crow's Eye).
pub const YOUR_CHARS_KEYWORDS: u32 = 1 << 3;
/// The card's own icons from a constant.
pub const OWN_ICONS: u32 = 1 << 4;
/// Marshalling: trait cost reductions, reducers, extra Limited cards.
pub const COSTS: u32 = 1 << 5;
/// Totals read at a step: power to win, intrigue claim, doomed count, dominance, draws on plot reveal,
/// power claimed on a win.
pub const TOTALS: u32 = 1 << 6;
/// Not kneeling to attack or defend (a constant's `no_kneel_to_attack`, `no_kneel_to_defend`).
pub const NO_KNEEL: u32 = 1 << 7;
/// Who may defend or be chosen by stealth.
pub const DEFENCE: u32 = 1 << 8;
/// The old one-variant responses asked at a step (stand after a kill, after a stealth attacker, sacrifice on
/// a win…), and the old card actions of the action windows.
pub const RESPONSES: u32 = 1 << 9;
/// Saves, cancels and the other interrupt-window abilities.
pub const INTERRUPTS: u32 = 1 << 10;
/// A plot blanking every character's text box (Fortified Position).
pub const BLANKS_CHARACTERS: u32 = 1 << 11;
/// A condition checked after every step that discards the card (Band of Free Folk).
pub const STATE_CHECK: u32 = 1 << 12;
/// An attachment blanking its host's text box (Banished).
pub const BLANKS_HOST: u32 = 1 << 13;
/// Within `TOTALS`: a constant adding to a player's doomed count, and one raising the power a player needs to
/// win. Both totals are read for every card in play after every step (the end checks), and few cards give them.
pub const DOOMED_TOTAL: u32 = 1 << 14;
pub const POWER_TO_WIN: u32 = 1 << 15;
/// Within `TOTALS`: a constant changing what players pay for a kind of card (a plot's "cost 1 more"), read for
/// every card in hand by the marshalling list.
pub const COST_OF: u32 = 1 << 16;
/// A constant reaching the character its card is attached to ("attached character gets …"), and one of those
/// granting keywords: read for every attachment by every strength, icon and keyword test.
pub const ON_ATTACHED: u32 = 1 << 17;
pub const ATTACHED_KEYWORDS: u32 = 1 << 18;
/// Not an ability: the card is printed doomed. The end checks count a dead pile's doomed cards after every step,
/// and this table is far smaller to walk than the card definitions.
pub const DOOMED_CARD: u32 = 1 << 19;
/// Everything the hot checks never look for: plot texts, enter-play and kill effects, agendas, the
/// composable form (which has its own bits, `composable_flags` below).
pub const OTHER: u32 = 1 << 31;

/// The classes of a constant ability: one for each thing it gives.
fn constant_class(k: &Constant) -> u32 {
    let g = &k.gets;
    let bit = |on: bool, b: u32| if on { b } else { 0 };
    let attached = k.to == Some(On::Attached);
    let on_attached = bit(attached, ON_ATTACHED) | bit(attached && !g.keywords.is_empty(), ATTACHED_KEYWORDS);
    // An attached character's constants are read from its attachments, not by class; a plot's from the plot.
    if k.players.is_some() {
        return on_attached
            | TOTALS
            | bit(g.doomed != 0, DOOMED_TOTAL)
            | bit(g.power_to_win != 0, POWER_TO_WIN)
            | bit(!g.cost_of.is_empty(), COST_OF);
    }
    let bits = match k.to {
        None => {
            bit(g.str != 0 || g.str_cannot_be_lowered, OWN_STR)
                | bit(!g.keywords.is_empty(), OWN_KEYWORDS)
                | bit(!g.icons.is_empty(), OWN_ICONS)
                | bit(g.no_kneel_to_attack || g.no_kneel_to_defend, NO_KNEEL)
                | bit(g.not_stealth_target, DEFENCE)
        }
        Some(On::Each(_)) => bit(g.str != 0, YOUR_CHARS_STR) | bit(!g.keywords.is_empty(), YOUR_CHARS_KEYWORDS),
        Some(_) => 0,
    };
    on_attached | if bits == 0 { OTHER } else { bits }
}

fn class(a: &Ability) -> u32 {
    use Ability as A;
    match a {
        A::Constant(k) => constant_class(k),
        A::CostReduction { .. } | A::Reducer { .. } | A::ExtraLimited { .. } => COSTS,
        A::DominanceBonus | A::DrawOnPlotReveal { .. } | A::WinClaimsPower { .. } => TOTALS,
        A::ArmyCannotDefendWhileAttacking | A::AttackingBarsDefenders { .. } => DEFENCE,
        A::StandAfterHouseCharKilled { .. }
        | A::StandAfterStealthAttacker
        | A::StealthDraw { .. }
        | A::DefenseWinOpponentsKill
        | A::WinSacrifice { .. }
        | A::KneelForStr { .. }
        | A::NameHouseStr { .. } => RESPONSES,
        A::Save { .. }
        | A::Cancel { .. }
        | A::AfterSaveStand { .. }
        | A::AfterSaveKill { .. }
        | A::TakeControl { .. }
        | A::DiscardLocation { .. }
        | A::Endless { .. }
        | A::DiscardWhenKneltForInfluence
        | A::NoSaveUntilEndOfPhase { .. } => INTERRUPTS,
        A::PlotBlankCharacters => BLANKS_CHARACTERS,
        A::CannotBeDiscardedWhile { .. }
        | A::OnPlayedDraw { .. }
        | A::OnPlayedKneelChar
        | A::PenaltyClaimPower { .. }
        | A::PenaltyOpponentsDiscard { .. }
        | A::IntoPlayAfterWin
        | A::KilledMovePowerToHouse
        | A::KilledClaimHouse { .. }
        | A::UnopposedLoserDiscardsPower { .. }
        | A::ChallengeBoost { .. }
        | A::KillCharacter { .. }
        | A::PlotChallengeBonus { .. }
        | A::PlotNoKneel { .. }
        | A::PlotNoUnopposedPower
        | A::PlotSkipDraw
        | A::PlotExtraLimitedLocation
        | A::PlotRevealKneelChar
        | A::PlotLowerInitiativeOneDefender
        | A::PlotOpponentsNoStealth
        | A::OnPlayedTakeControl { .. }
        | A::PlotNameChallenge
        | A::PlotKillAllIfUsed { .. }
        | A::AgendaMorePower { .. }
        | A::AgendaNoPenaltyTrait { .. }
        | A::AgendaNoPenaltyNamedHouse
        | A::AgendaTraitIcons { .. }
        | A::MultiplayerOnly
        | A::Action(_)
        | A::Triggered(_)
        | A::OptionalPenalty { .. }
        | A::PlotOpponentsWithTraitNoDefenders { .. }
        | A::PlotWinByCountsUnopposed { .. }
        | A::PlotAttachmentsCostLess { .. }
        | A::AttachOnly { .. }
        | A::CostLessPerLocationTrait { .. } => OTHER,
        // Read through their own per-card bit (`HAS_WIDE_CONSTANT`), not by the hot checks.
        A::GrantsOptionalPenalty { .. }
        | A::PlotOnlyCharactersNoTriggers
        | A::AllCharactersGainTrait { .. }
        | A::AttachedControllerExtraDoomed { .. }
        | A::NotDeclaredWithTrait { .. } => OTHER,
        // Read from attachments and at challenge declaration, gated by `HAS_POOL`.
        A::BarsChallengesAfterWinBy { .. } | A::AttachedBarsOpponentsTriggers => OTHER,
        // restraints: read from attachments at declaration and in the kill check, gated by `HAS_POOL`.
        A::AttachedDeclareInfluence { .. } | A::AttachToHouse => OTHER,
        A::DiscardedWhen { .. } => STATE_CHECK,
        A::AttachedBlank => BLANKS_HOST,
    }
}

/// The classes of every ability printed on `d`.
pub fn static_classes(d: &CardDef) -> u32 {
    d.abilities.iter().fold(if d.doomed { DOOMED_CARD } else { 0 }, |bits, a| bits | class(a))
}

/// A card's classes; every class for an id the table does not know, so nothing is skipped wrongly.
#[inline]
pub fn classes_of(rules: &Rules, card: u16) -> u32 {
    rules.statics.get(usize::from(card)).copied().unwrap_or(u32::MAX)
}

/// `Rules::composable` bits.
pub const HAS_ACTION: u8 = 1;
pub const HAS_TRIGGERED: u8 = 2;
/// One of the constant abilities added with the composable form (checked only on cards that have one).
pub const HAS_NEW_CONSTANT: u8 = 4;

/// One of the House pool records' constant abilities (`effect_pool.rs`), checked only on cards with it.
pub const HAS_POOL: u8 = 0x20;
/// A constant that reaches beyond its card (`rules/wide_constants.rs`): a penalty granted to other cards (Mance
/// Rayder), a plot barring triggers (Superior Numbers), a trait for every character, an extra doomed count, a
/// trait barred from challenges.
pub const HAS_WIDE_CONSTANT: u8 = 0x40;

/// The per-card bits of a constant: "cannot be killed" (on the card or its host), "cannot be saved" and a zero
/// printed STR are read behind `HAS_POOL`, "not a stealth target" behind `HAS_NEW_CONSTANT`.
fn constant_flags(k: &Constant) -> u8 {
    let g = &k.gets;
    let here = !matches!(k.to, Some(On::Each(_)));
    let pool = g.printed_str_zero_defending || g.cannot_be_saved || (g.cannot_be_killed && here);
    (if pool { HAS_POOL } else { 0 }) | (if g.not_stealth_target { HAS_NEW_CONSTANT } else { 0 })
}

/// The composable bits of a card definition.
pub fn composable_flags(d: &CardDef) -> u8 {
    d.abilities.iter().fold(0, |f, a| match a {
        Ability::Action(_) => f | HAS_ACTION,
        Ability::Triggered(_) => f | HAS_TRIGGERED,
        Ability::AttackingBarsDefenders { .. }
        | Ability::OptionalPenalty { .. }
        | Ability::PlotOpponentsWithTraitNoDefenders { .. }
        | Ability::PlotWinByCountsUnopposed { .. }
        | Ability::PlotAttachmentsCostLess { .. }
        | Ability::AttachOnly { .. }
        | Ability::CostLessPerLocationTrait { .. } => f | HAS_NEW_CONSTANT,
        Ability::Constant(k) => f | constant_flags(k),
        Ability::BarsChallengesAfterWinBy { .. }
        | Ability::AttachedBarsOpponentsTriggers
        | Ability::AttachedDeclareInfluence { .. } => f | HAS_POOL,
        Ability::GrantsOptionalPenalty { .. }
        | Ability::PlotOnlyCharactersNoTriggers
        | Ability::AllCharactersGainTrait { .. }
        | Ability::AttachedControllerExtraDoomed { .. }
        | Ability::NotDeclaredWithTrait { .. } => f | HAS_WIDE_CONSTANT,
        _ => f,
    })
}

/// A reduction for the next card of any House and type.
pub const NEXT_ANY: u8 = 255;

/// The marker of "the next card of this type" (characters, attachments, locations); `None` for the others.
pub fn next_of(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Character => Some(254),
        Kind::Attachment => Some(253),
        Kind::Location => Some(252),
        _ => None,
    }
}

/// Does the waiting reduction or payment marker `h` apply to the card `d`?
pub fn fits(h: u8, d: &CardDef) -> bool {
    h == NEXT_ANY || h == d.house || next_of(d.kind) == Some(h)
}
