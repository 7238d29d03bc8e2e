//! Load-time checks of the names inside a composable ability (houses, icons, keywords, phases, challenge types).

use super::super::{house_index, icon_bits, keyword_bits, ACTION_PHASES};
use super::{Body, Cond, Constant, Cost, Count, Filter, Gets, On, Op, Require, Who};

fn check_filter(f: &Filter) -> Result<(), String> {
    for h in f.house.iter().chain(&f.other_house) {
        house_index(h).ok_or(format!("unknown house {h:?}"))?;
    }
    for h in &f.not_houses {
        house_index(h).ok_or(format!("unknown house {h:?}"))?;
    }
    for i in f.has_icon.iter().chain(&f.lacks_icon) {
        icon_bits(i)?;
    }
    Ok(())
}

fn check_on(on: &On) -> Result<(), String> {
    match on {
        On::Each(f) | On::EachOfMost(f) => check_filter(f),
        _ => Ok(()),
    }
}

fn check_op(op: &Op) -> Result<(), String> {
    match op {
        Op::GainIcons { icons, on } | Op::LoseIcons { icons, on } => {
            icon_bits(icons)?;
            check_on(on)
        }
        Op::GainKeywords { keywords, on } | Op::LoseKeywords { keywords, on } => {
            keyword_bits(keywords)?;
            check_on(on)
        }
        Op::Take { filter, .. } | Op::AllFromDeadPiles { filter } => check_filter(filter),
        Op::OpponentsCannotTrigger { during: Some(d) } => icon_bits(d).map(|_| ()),
        Op::ChallengeType { challenge } => {
            super::super::challenge_index(challenge).map(|_| ()).ok_or(format!("unknown challenge {challenge:?}"))
        }
        Op::Choose { options } => {
            if options.len() < 2 || options.len() > 8 {
                return Err("choose: 2 to 8 options".into());
            }
            options.iter().flatten().try_for_each(check_op)
        }
        Op::Kneel { on }
        | Op::Stand { on }
        | Op::Kill { on }
        | Op::Discard { on }
        | Op::ReturnToHand { on }
        | Op::ToDeckTop { on }
        | Op::ToDeckBottom { on }
        | Op::Str { on, .. }
        | Op::KillIfZeroStr { on }
        | Op::Blank { on }
        | Op::CannotBeKilled { on }
        | Op::CannotBeDeclared { on }
        | Op::NoKneelToDeclare { on }
        | Op::ClaimPower { on, .. }
        | Op::DiscardPower { on, .. }
        | Op::TakePower { on, .. }
        | Op::DiscardAttachments { on }
        | Op::MustParticipateNext { on } => check_on(on),
        Op::CannotBeSaved { on }
        | Op::RemoveFromChallenge { on }
        | Op::TakeControl { on }
        | Op::KneelOrReturnToHand { on }
        | Op::BecomesDoomed { on }
        | Op::ReturnToHandAtEndOfPhase { on } => check_on(on),
        Op::DiscardAnAttachment { filter } | Op::EachPlayerDiscardsOne { filter } => check_filter(filter),
        _ => Ok(()),
    }
}

/// Does this operation act on the chosen target?
fn op_uses_target(op: &Op) -> bool {
    match op {
        Op::Choose { options } => options.iter().flatten().any(op_uses_target),
        Op::MoveThisAttachment | Op::AttachThis | Op::BecomeAttachment { .. } => true,
        Op::Kneel { on }
        | Op::Stand { on }
        | Op::Kill { on }
        | Op::Discard { on }
        | Op::ReturnToHand { on }
        | Op::ToDeckTop { on }
        | Op::ToDeckBottom { on }
        | Op::Str { on, .. }
        | Op::KillIfZeroStr { on }
        | Op::GainIcons { on, .. }
        | Op::LoseIcons { on, .. }
        | Op::GainKeywords { on, .. }
        | Op::LoseKeywords { on, .. }
        | Op::Blank { on }
        | Op::CannotBeKilled { on }
        | Op::CannotBeDeclared { on }
        | Op::NoKneelToDeclare { on }
        | Op::ClaimPower { on, .. }
        | Op::DiscardPower { on, .. }
        | Op::TakePower { on, .. }
        | Op::DiscardAttachments { on }
        | Op::ControllerDiscardsPerPrintedIcon { on }
        | Op::MustParticipateNext { on } => *on == On::Target,
        Op::CannotBeSaved { on }
        | Op::RemoveFromChallenge { on }
        | Op::TakeControl { on }
        | Op::KneelOrReturnToHand { on }
        | Op::BecomesDoomed { on }
        | Op::ReturnToHandAtEndOfPhase { on } => *on == On::Target,
        Op::SwapPrintedStr => true,
        _ => false,
    }
}

/// Checks names inside a composable ability (houses, icons, keywords, phases, challenge types).
pub fn check_body(b: &Body, action: bool) -> Result<(), String> {
    if action != b.phase.is_some() || action == b.when.is_some() {
        return Err("an action has a `phase` and no `when`; a triggered ability a `when` and no `phase`".into());
    }
    if let Some(p) = b.phase.as_deref() {
        if !ACTION_PHASES.contains(&p) {
            return Err(format!("unknown action phase {p:?} (one of {})", ACTION_PHASES.join(", ")));
        }
    }
    if b.effect.is_empty() {
        return Err("an ability needs at least one effect".into());
    }
    if b.targets == 0 || b.targets > 8 {
        return Err("targets: 1 to 8".into());
    }
    let uses_target = b.effect.iter().any(op_uses_target);
    if uses_target != b.target.is_some() {
        return Err("an effect on the target needs a `target` filter, and a `target` needs such an effect".into());
    }
    if let Some(t) = &b.target {
        check_filter(t)?;
    }
    for r in &b.require {
        if let Require::WonThisPhase { challenges } = r {
            icon_bits(challenges)?;
        }
        if let Require::PileHas { filter, .. } | Require::YouControl { filter } = r {
            check_filter(filter)?;
        }
        if let Require::InPlay { filter } = r {
            check_filter(filter)?;
        }
    }
    for c in &b.cost {
        if let Cost::KillYours { filter } | Cost::DiscardYours { filter } = c {
            check_filter(filter)?;
        }
    }
    if b.effect.contains(&Op::SwapPrintedStr) && b.targets != 2 {
        return Err("swap_printed_str: two targets".into());
    }
    b.effect.iter().try_for_each(check_op)
}

/// Checks the names inside a condition.
pub fn check_cond(c: &Cond) -> Result<(), String> {
    match c {
        Cond::ControlsTrait { house: Some(h), .. }
        | Cond::AttachedHouse { house: h }
        | Cond::AllOfHouse { house: h } => house_index(h).map(|_| ()).ok_or(format!("unknown house {h:?}")),
        Cond::AnotherCharHasKeyword { keyword } => keyword_bits(std::slice::from_ref(keyword)).map(|_| ()),
        _ => Ok(()),
    }
}

/// Checks a constant ability, on a plot (`plot`) or on a card in play: what it gives, whom it reaches (a card
/// in play: its controller's characters; a plot: you, opponents or everyone, with no `while`).
pub fn check_constant(k: &Constant, plot: bool) -> Result<(), String> {
    if let Some(c) = &k.when {
        check_cond(c)?;
    }
    if let Some(who) = k.players {
        return check_player_constant(k, who, plot);
    }
    let g = &k.gets;
    if player_part(g) != Gets::default() {
        return Err("income, claim, power to win, doomed and cost are a player's (`for`)".into());
    }
    keyword_bits(&g.keywords)?;
    icon_bits(&g.icons)?;
    if let Some(Count::DeadCharacter { house: Some(h) }) = &g.per {
        house_index(h).ok_or(format!("unknown house {h:?}"))?;
    }
    let own_only = g.per.is_some()
        || g.no_kneel_to_attack
        || g.no_kneel_to_defend
        || g.str_cannot_be_lowered
        || g.cannot_be_saved
        || g.not_stealth_target;
    let host_only = g.defending_str != 0 || g.printed_str_zero_defending;
    if g.str == 0 && g.keywords.is_empty() && g.icons.is_empty() && !own_only && !host_only && !g.cannot_be_killed {
        return Err("a constant ability gets something".into());
    }
    let each = match &k.to {
        Some(On::Each(f)) => Some(f),
        Some(On::Attached) | None => None,
        Some(_) => return Err("a constant reaches the card itself, `attached` or `each`".into()),
    };
    if plot && (k.when.is_some() || each.is_none()) {
        return Err("a plot's constant ability names `to` each and no `while`".into());
    }
    if host_only && k.to != Some(On::Attached) {
        return Err("`defending_str` and `printed_str_zero_defending` are the attached character's".into());
    }
    if k.to.is_some() && own_only {
        return Err("`per`, the kneel, lowering, save and stealth rules are the card's own (no `to`)".into());
    }
    let Some(to) = each else { return Ok(()) };
    if g.cannot_be_killed && !(plot && *to == Filter::default()) {
        return Err("`cannot_be_killed` reaches the card, its host, or from a plot every character".into());
    }
    if !g.icons.is_empty() {
        return Err("icons are the card's own or the attached character's".into());
    }
    if !plot && to.controller != Who::You {
        return Err("a card in play reaches the characters of its controller (\"controller\": \"you\")".into());
    }
    let rest = Filter { controller: Who::Any, house: None, lacks_icon: None, ..to.clone() };
    if rest != Filter::default() {
        return Err("a constant reaches characters by controller, House and a missing icon only".into());
    }
    check_filter(to)
}

/// The player fields of `g` alone (every card field at its default).
fn player_part(g: &Gets) -> Gets {
    Gets {
        income: g.income,
        claim: g.claim,
        intrigue_claim: g.intrigue_claim,
        power_to_win: g.power_to_win,
        doomed: g.doomed,
        cost: g.cost,
        cost_of: g.cost_of.clone(),
        ..Gets::default()
    }
}

/// A constant reaching players: only player fields, each read from where its rule reads it (income, claim and
/// cost from a revealed plot, the others from a card in play) for the players that rule asks about.
fn check_player_constant(k: &Constant, who: Who, plot: bool) -> Result<(), String> {
    let g = &k.gets;
    if k.to.is_some() || *g != player_part(g) {
        return Err("a constant `for` players has no `to` and gives only player fields".into());
    }
    if plot && k.when.is_some() {
        return Err("a plot's constant ability has no `while`".into());
    }
    let read = [
        (g.income != 0, true, Who::Opponent, "income"),
        (g.claim != 0, true, Who::Opponent, "claim"),
        (g.cost != 0, true, Who::Any, "cost"),
        (g.intrigue_claim != 0, false, Who::Any, "intrigue_claim"),
        (g.power_to_win != 0, false, Who::Opponent, "power_to_win"),
        (g.doomed != 0, false, Who::Opponent, "doomed"),
    ];
    let given: Vec<_> = read.iter().filter(|r| r.0).collect();
    if given.is_empty() {
        return Err("a constant ability gets something".into());
    }
    for (_, on_plot, for_whom, name) in given {
        if *on_plot != plot || *for_whom != who {
            let from = if *on_plot { "a revealed plot" } else { "a card in play" };
            let whom = format!("{for_whom:?}").to_lowercase();
            return Err(format!("`{name}` is read from {from}, \"for\": \"{whom}\""));
        }
    }
    if (g.cost != 0) == g.cost_of.is_empty() {
        return Err("`cost` names the card types it applies to (`cost_of`)".into());
    }
    Ok(())
}
