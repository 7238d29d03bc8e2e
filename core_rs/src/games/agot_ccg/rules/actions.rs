//! Action codes and the legal-action lists. A code is `kind << 24 | x << 16 | y`, where `x` is a hand index,
//! challenge type or seat and `y` a card uid or seat.

use super::super::cards::classify;
use super::super::cards::{Ability, Kind, Rules, LIMITED, NEUTRAL, NO_ATTACH};
use super::super::effects::def;
use super::super::state::{AgotCcg, At, Pending, Phase, Resp, Stage, Why};
use super::flow::SETUP_GOLD;
use crate::engine::{Action, Player};

pub const SETUP_PLACE: u32 = 1;
pub const DONE: u32 = 2;
pub const PLOT: u32 = 3;
pub const FIRST: u32 = 4;
pub const MARSHAL: u32 = 5;
pub const MARSHAL_PENALTY: u32 = 6;
pub const DUPE: u32 = 7;
pub const REDUCER: u32 = 8;
pub const CHALLENGE: u32 = 9;
pub const ATTACK: u32 = 10;
pub const DEFEND: u32 = 11;
pub const STEALTH: u32 = 12;
pub const KILL: u32 = 13;
pub const KNEEL: u32 = 14;
pub const DISCARD: u32 = 15;
pub const YES: u32 = 16;
/// Play an event from hand (x = hand index) on a character (y = uid).
pub const EVENT: u32 = 17;
/// Use a character's action (x = index in the player's play area) on a character (y = uid).
pub const USE: u32 = 18;
/// Declare every attacker at once (y = a bit mask over `eligible_attackers`, in uid order).
pub const ATTACK_SET: u32 = 19;
/// Declare every defender at once (y = a bit mask over `eligible_defenders`).
pub const DEFEND_SET: u32 = 20;
/// Kneel this influence provider (y = uid) to pay an influence cost.
pub const INFLUENCE: u32 = 21;
// --- the composable abilities' decisions (rules/triggered.rs)
/// Play an event's composable action from hand (x = hand index, y = ability index).
pub const GEN_EVENT: u32 = 22;
/// Use a composable action of a card in play (x = ability index, y = its uid).
pub const GEN_USE: u32 = 23;
/// Use a composable action of a card in your hand, discard or dead pile (x = zone * 16 + ability index, zone
/// 0 hand, 1 discard, 2 dead; y = its index in that zone).
pub const GEN_PILE: u32 = 24;
/// Use a composable action of an attachment you own (x = attachment index * 16 + ability index, y = host uid).
pub const GEN_ATT: u32 = 25;
/// Accept an optional triggered ability (declining is DONE).
pub const GEN_YES: u32 = 26;
/// Choose this card in play (y = uid) as the ability's target.
pub const GEN_TARGET: u32 = 27;
/// Kneel this influence provider (y = uid) to pay the ability's influence cost.
pub const GEN_INF: u32 = 28;
/// Take the offered card (y = index in the offered list) from a pile or a searched deck.
pub const GEN_PICK: u32 = 29;
/// Choose an attachment as the target (x = its index + 1 on the host, y = the host's uid).
pub const GEN_TARGET_ATT: u32 = 30;
/// Choose option y of a "pick one" effect.
pub const GEN_MODE: u32 = 31;
/// Up to this many eligible characters, a declaration is one decision among all the subsets (the rulebook's
/// single act of kneeling "il numero desiderato di Personaggi"); with more, characters are added one at a time.
pub const SET_MAX: usize = 6;

// --- kinds 40–59 (rules/interrupts.rs, rules/control.rs)
/// Save with a card in play (y = its uid); x = 0, or 1 + the play index of the character killed as the cost.
pub const SAVE_CARD: u32 = 40;
/// Save with an attachment its player owns on the character being saved (y = uid).
pub const SAVE_ATTACHMENT: u32 = 41;
/// Save with an event from hand (x = hand index).
pub const SAVE_EVENT: u32 = 42;
/// Cancel with a card in play (y = uid).
pub const CANCEL_CARD: u32 = 43;
/// Cancel with an event from hand (x = hand index).
pub const CANCEL_EVENT: u32 = 44;
/// Kneel this influence provider (y = uid) for an interrupt's, naming or Endless cost.
pub const PAY: u32 = 45;
/// Take control of this character (y = uid).
pub const TAKE_CONTROL: u32 = 46;
/// Name a House (x) with the card y (uid), or a challenge type (x) for a plot (y = `NAMED_BY_PLOT`).
pub const NAME: u32 = 47;
pub const NAMED_BY_PLOT: usize = 0xffff;
/// Use the Endless ability of the card at index x of your dead pile.
pub const ENDLESS: u32 = 48;
/// Attach the setup attachment at index x of your setup cards to your character y (uid).
pub const ATTACH_SETUP: u32 = 49;
/// Choose this card (y = uid) for a "choose and kill / discard" effect.
pub const TARGET: u32 = 50;
/// Attach the attachment at index y of seat x's discard pile to the character the search is for.
pub const ATTACH_DISCARD: u32 = 51;
// --- kinds 52–59 (rules/effect_pool_choices.rs)
/// Choose player y for the pending ability's effect.
pub const GEN_PLAYER: u32 = 52;
/// Pay the pending ability's cost with this card you control (y = uid).
pub const GEN_PAY_CARD: u32 = 53;
/// Choose the attachment (x = its index + 1 on the host, y = the host's uid) for the pending ability's effect.
pub const GEN_ATTACHMENT: u32 = 54;
/// Discard this card you control (y = uid; x = 1 + the index of your attachment on the card y) for the pending
/// "each player discards one" effect.
pub const GEN_OWN: u32 = 55;
/// Reveal the plot at index x of your plot deck instead of your revealed plot.
pub const GEN_PLOT: u32 = 56;
/// Choose the plot at index y of your used pile (x = 0), then of your plot deck (x = 1), to swap them.
pub const GEN_SWAP_PLOT: u32 = 57;
/// The last kind of this block.
pub const POOL_LAST: u32 = 59;
/// Pay a cost with power from one's own character (y = uid).
pub const GEN_POWER: u32 = 32;
/// Marshal the attachment at hand index x onto your own House card (`rules/house_card.rs`).
pub const MARSHAL_HOUSE: u32 = 33;

pub fn code(kind: u32, x: usize, y: usize) -> Action {
    kind << 24 | ((x as u32) & 0xff) << 16 | (y as u32) & 0xffff
}

pub fn split(a: Action) -> (u32, usize, usize) {
    (a >> 24, ((a >> 16) & 0xff) as usize, (a & 0xffff) as usize)
}

impl AgotCcg {
    /// The seat whose decision the rules wait for (not the plot phase, where all choose at once).
    pub fn actor(&self) -> Option<Player> {
        if let Some(p) = self.pending.first() {
            return Some(p.seat());
        }
        if self.window.is_some() {
            return self.window_actor();
        }
        match self.phase {
            Phase::Setup | Phase::Marshal => self.order().get(usize::from(self.turn)).copied(),
            Phase::FirstPlayer => Some(self.first),
            Phase::Challenges => {
                let active = self.order().get(usize::from(self.turn)).copied()?;
                match self.challenge.as_ref().map(|c| (c.stage, c.defender)) {
                    None | Some((Stage::Attackers, _)) => Some(active),
                    Some((Stage::Defenders, d)) => Some(d),
                    Some((Stage::Resolve(_), _)) => None,
                }
            }
            _ => None,
        }
    }

    pub fn legal(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        if ps >= self.n() {
            return;
        }
        if self.phase == Phase::Plot && self.pending.is_empty() && self.window.is_none() {
            let s = &self.seats[ps];
            if s.commit.is_none() && !s.eliminated {
                out.extend((0..s.plots.len()).map(|i| code(PLOT, i, 0)));
            }
            return;
        }
        if self.actor() != Some(p) {
            return;
        }
        if let Some(pend) = self.pending.first() {
            return self.pending_actions(rules, pend, out);
        }
        if let Some(w) = self.window {
            self.open_window_actions(rules, p, w.at, out, false);
            out.push(code(DONE, 0, 0));
            return;
        }
        match self.phase {
            Phase::Setup => self.setup_actions(rules, ps, out),
            Phase::FirstPlayer => out.extend(self.order().iter().map(|&q| code(FIRST, 0, usize::from(q)))),
            Phase::Challenges => {
                self.challenge_actions(rules, p, out);
                // Characters that must participate in this challenge, if able (effect_pool.rs).
                if !self.must_participate.is_empty() {
                    self.force_participants(rules, p, out);
                }
            }
            _ => {}
        }
    }

    /// What `p` may do in the open window `at` besides passing; with `first_only` it may stop at the first group
    /// that offers anything (`flow::forced_pass` only asks whether there is any).
    pub fn open_window_actions(&self, rules: &Rules, p: Player, at: At, out: &mut Vec<Action>, first_only: bool) {
        // Only the active player marshals, in his own marshalling turn; everyone may play the window's actions.
        if at == At::Marshal && self.order().get(usize::from(self.turn)) == Some(&p) {
            self.marshal_actions(rules, usize::from(p), out);
            if first_only && !out.is_empty() {
                return;
            }
        }
        // A player who cannot trigger effects plays nothing in a window (effect_pool.rs).
        if !self.trigger_barred(rules, p) {
            self.window_actions_until(rules, p, out, first_only);
        }
    }

    /// Setup (rulebook "Prepararsi a giocare", 5): characters and locations up to 5 gold (out-of-House +2),
    /// at most one Limited card and no two copies of a unique card.
    fn setup_actions(&self, rules: &Rules, ps: usize, out: &mut Vec<Action>) {
        let s = &self.seats[ps];
        let spent = self.setup_spent(rules, ps);
        let limited = s.setup.iter().any(|&c| def(rules, c).keywords & LIMITED != 0);
        for (i, &c) in s.hand.iter().enumerate() {
            let d = def(rules, c);
            if !matches!(d.kind, Kind::Character | Kind::Location)
                || spent.saturating_add(self.setup_cost(rules, ps, c)) > SETUP_GOLD
                || (limited && d.keywords & LIMITED != 0)
                || (d.unique && s.setup.iter().any(|&o| def(rules, o).name == d.name))
                || s.hand[..i].contains(&c)
            {
                continue;
            }
            out.push(code(SETUP_PLACE, i, 0));
        }
        // Attachments with the setup keyword.
        self.setup_attachment_actions(rules, ps, spent, limited, out);
        out.push(code(DONE, 0, 0));
    }

    /// The gold the cards `ps` has placed in setup cost, as setup counts it (`setup_cost` each).
    pub fn setup_spent(&self, rules: &Rules, ps: usize) -> u8 {
        // Saturating: a restored state may hold any setup pile; the limit check only needs to see "too much".
        self.seats[ps].setup.iter().fold(0u8, |spent, &c| spent.saturating_add(self.setup_cost(rules, ps, c)))
    }

    pub fn setup_cost(&self, rules: &Rules, ps: usize, c: u16) -> u8 {
        let d = def(rules, c);
        let pen = if d.house != NEUTRAL && d.house != self.seats[ps].house && !self.agenda_waives_penalty(rules, ps, c)
        {
            2
        } else {
            0
        };
        d.cost.saturating_add(pen)
    }

    /// May one more Limited card (this one) be played this round? (rulebook "Limitata"; Taxation adds one
    /// more limited location.)
    pub fn limited_ok(&self, rules: &Rules, ps: usize, card: u16) -> bool {
        let d = def(rules, card);
        if d.keywords & LIMITED == 0 {
            return true;
        }
        let played = self.seats[ps].limited_played;
        // Arianne's Admirer: more Limited cards of any type each round.
        let extra: u8 = self.seats[ps]
            .play
            .iter()
            .flat_map(|c| self.abilities_in(rules, c, classify::COSTS).iter())
            .map(|a| if let Ability::ExtraLimited { n } = a { *n } else { 0 })
            .fold(0u8, u8::saturating_add);
        played <= extra
            || (played == extra + 1
                && d.kind == Kind::Location
                && self.plot_has(rules, ps as Player, |a| matches!(a, Ability::PlotExtraLimitedLocation)))
    }

    fn marshal_actions(&self, rules: &Rules, ps: usize, out: &mut Vec<Action>) {
        let s = &self.seats[ps];
        // A card granting an optional penalty (Mance Rayder) in play, looked for once.
        let grants = self.controls_wide_constant(rules, ps);
        for (i, &c) in s.hand.iter().enumerate() {
            if s.hand[..i].contains(&c) {
                continue; // one entry per distinct card
            }
            let d = def(rules, c);
            if matches!(d.kind, Kind::Plot | Kind::Event | Kind::Agenda) {
                continue;
            }
            // Duplicates go on a unique card of the same title you control, for free (rulebook "Duplicati").
            // (Only on your own copy, FAQ 3.29: not on one whose control you took.)
            if d.unique && s.play.iter().any(|o| def(rules, o.def).name == d.name && usize::from(o.owner) == ps) {
                out.push(code(DUPE, i, 0));
                continue;
            }
            if !self.limited_ok(rules, ps, c) {
                continue;
            }
            let cost = self.marshal_cost(rules, ps, c, 0);
            match d.kind {
                Kind::Character | Kind::Location => {
                    if !self.can_enter_unique(rules, ps, c) {
                        continue;
                    }
                    if u16::from(cost) <= self.purse(rules, ps, c) {
                        out.push(code(MARSHAL, i, 0));
                    }
                    let pen = d.abilities.iter().find_map(|a| match a {
                        Ability::PenaltyClaimPower { penalty, .. }
                        | Ability::PenaltyOpponentsDiscard { penalty, .. }
                        | Ability::OptionalPenalty { penalty } => Some(*penalty),
                        _ => None,
                    });
                    // A penalty another card lets it be played with (Mance Rayder).
                    let pen = pen.or_else(|| if grants { self.granted_penalty(rules, ps, c) } else { None });
                    if let Some(pen) = pen {
                        if u16::from(self.marshal_cost(rules, ps, c, pen)) <= self.purse(rules, ps, c) {
                            out.push(code(MARSHAL_PENALTY, i, 0));
                        }
                    }
                }
                Kind::Attachment => {
                    if u16::from(cost) > self.purse(rules, ps, c) || self.house_marshal_action(rules, i, c, out) {
                        continue;
                    }
                    for (q, other) in self.seats.iter().enumerate() {
                        for host in &other.play {
                            if def(rules, host.def).kind == Kind::Character
                                && !self.has_kw(rules, q as Player, host, NO_ATTACH)
                                && self.attach_allowed(rules, ps as Player, c, host.uid)
                            {
                                out.push(code(MARSHAL, i, usize::from(host.uid)));
                            }
                        }
                    }
                }
                Kind::Plot | Kind::Event | Kind::Agenda => {}
            }
        }
        // A reducer is offered only when a card in hand would get cheaper from it.
        for c in &s.play {
            let Some(house) = self.abilities_in(rules, c, classify::COSTS).iter().find_map(|a| match a {
                Ability::Reducer { house } => Some(house.as_deref().and_then(super::super::cards::house_index)),
                _ => None,
            }) else {
                continue;
            };
            let useful = s.hand.iter().any(|&h| {
                let d = def(rules, h);
                !matches!(d.kind, Kind::Plot | Kind::Event)
                    && house.is_none_or(|x| x == d.house)
                    && self.marshal_cost(rules, ps, h, 0) > 0
            });
            if !c.kneeling && useful {
                out.push(code(REDUCER, 0, usize::from(c.uid)));
            }
        }
    }

    /// Can this character attack in a challenge of `kind`? Standing, with the icon.
    pub fn can_attack(&self, rules: &Rules, p: Player, uid: u16, kind: u8) -> bool {
        self.seats[usize::from(p)].play.iter().find(|c| c.uid == uid).is_some_and(|c| {
            def(rules, c.def).kind == Kind::Character
                && !c.kneeling
                && self.has_icon(rules, p, c, kind)
                && self.may_pay_to_declare(rules, p, c)
        }) && self.challenge_allowed(p, kind)
            && self.may_declare(uid)
    }

    fn challenge_actions(&self, rules: &Rules, p: Player, out: &mut Vec<Action>) {
        let ps = usize::from(p);
        match &self.challenge {
            None => {
                for kind in 0..3u8 {
                    if self.seats[ps].challenged & (1 << kind) != 0 {
                        continue;
                    }
                    if !self.seats[ps].play.iter().any(|c| self.can_attack(rules, p, c.uid, kind)) {
                        continue;
                    }
                    for q in self.order() {
                        // Sunspear bars a player who beat its controller by 4 this phase.
                        if q != p && (self.beaten.is_empty() || !self.challenges_barred(rules, p, q)) {
                            out.push(code(CHALLENGE, usize::from(kind), usize::from(q)));
                        }
                    }
                }
                out.push(code(DONE, 0, 0));
            }
            Some(ch) if ch.stage == Stage::Attackers => {
                let el = self.eligible_attackers(rules, p);
                // A character whose declaration costs influence is declared on its own, so each is paid for.
                if ch.attackers.is_empty() && el.len() <= SET_MAX && !self.any_declare_cost(rules, &el) {
                    out.extend((1..1usize << el.len()).map(|m| code(ATTACK_SET, 0, m)));
                    return;
                }
                out.extend(el.iter().map(|&u| code(ATTACK, 0, usize::from(u))));
                if !ch.attackers.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
            }
            Some(ch) if ch.stage == Stage::Defenders => {
                if self.defender_limit_reached(rules, ch.defender, ch.attacker, ch.defenders.len()) {
                    out.push(code(DONE, 0, 0));
                    return;
                }
                let el = self.eligible_defenders(rules, p);
                if ch.defenders.is_empty() && el.len() <= SET_MAX && !self.any_declare_cost(rules, &el) {
                    let one = self.defender_limit_reached(rules, ch.defender, ch.attacker, 1);
                    out.extend(
                        (1..1usize << el.len()).filter(|m| !one || m.count_ones() == 1).map(|m| code(DEFEND_SET, 0, m)),
                    );
                } else {
                    out.extend(el.iter().map(|&u| code(DEFEND, 0, usize::from(u))));
                }
                out.push(code(DONE, 0, 0));
            }
            Some(_) => {}
        }
    }

    /// Characters `p` may still declare as attackers in the current challenge, in uid order.
    pub fn eligible_attackers(&self, rules: &Rules, p: Player) -> Vec<u16> {
        let (Some(ch), Some(seat)) = (&self.challenge, self.seats.get(usize::from(p))) else { return Vec::new() };
        let mut v: Vec<u16> = seat
            .play
            .iter()
            .filter(|c| !ch.attackers.contains(&c.uid) && self.can_attack(rules, p, c.uid, ch.kind))
            .map(|c| c.uid)
            .collect();
        v.sort_unstable();
        v
    }

    /// Characters `p` may still declare as defenders, in uid order.
    pub fn eligible_defenders(&self, rules: &Rules, p: Player) -> Vec<u16> {
        let Some(seat) = self.seats.get(usize::from(p)) else { return Vec::new() };
        let mut v: Vec<u16> = seat.play.iter().filter(|c| self.can_defend(rules, p, c.uid)).map(|c| c.uid).collect();
        v.sort_unstable();
        v
    }

    /// Catch Them Unprepared: a player whose initiative is lower than that of a player with it revealed may
    /// declare at most 1 defender.
    pub fn defender_limit_reached(&self, rules: &Rules, dfd: Player, _att: Player, declared: usize) -> bool {
        let mine = self.seats[usize::from(dfd)].initiative;
        declared >= 1
            && (0..self.n()).any(|q| {
                self.seats[q].initiative > mine
                    && self.plot_has(rules, q as Player, |a| matches!(a, Ability::PlotLowerInitiativeOneDefender))
            })
    }

    pub fn can_defend(&self, rules: &Rules, p: Player, uid: u16) -> bool {
        let Some(ch) = &self.challenge else { return false };
        let Some(c) = self.seats[usize::from(p)].play.iter().find(|c| c.uid == uid) else { return false };
        let d = def(rules, c.def);
        if d.kind != Kind::Character
            || c.kneeling
            || ch.defenders.contains(&uid)
            || ch.bypassed.contains(&uid)
            || !self.has_icon(rules, p, c, ch.kind)
            || !self.challenge_allowed(p, ch.kind)
            || !self.may_declare(uid)
            || !self.may_pay_to_declare(rules, p, c)
        {
            return false;
        }
        // Lookout: while it attacks, Army characters cannot defend.
        let lookout = ch.attackers.iter().filter_map(|&u| self.locate(u)).any(|(s, i)| {
            let a = &self.seats[s].play[i];
            self.abilities_in(rules, a, classify::DEFENCE)
                .iter()
                .any(|x| matches!(x, Ability::ArmyCannotDefendWhileAttacking))
        });
        if lookout && d.has_trait("Army") {
            return false;
        }
        !self.barred_from_defending(rules, p, uid)
    }

    pub fn pending_actions(&self, rules: &Rules, pend: &Pending, out: &mut Vec<Action>) {
        // A player who cannot trigger effects is offered no response (it lapses) and only passes in a save
        // or cancel window (effect_pool.rs).
        if let Some(only) = self.barred_pending(rules, pend) {
            out.extend(only);
            return;
        }
        match pend {
            Pending::Kill { seat, why, picked, .. } => {
                let defenders = self.challenge.as_ref().map(|c| c.defenders.clone()).unwrap_or_default();
                for c in &self.seats[usize::from(*seat)].play {
                    if def(rules, c.def).kind == Kind::Character
                        && !picked.contains(&c.uid)
                        && !self.cannot_be_killed(rules, c.uid)
                        && (*why != Why::Deadly || defenders.contains(&c.uid))
                    {
                        out.push(code(KILL, 0, usize::from(c.uid)));
                    }
                }
            }
            Pending::Stealth { seat, users, .. } => {
                let Some(ch) = &self.challenge else { return };
                let dfd = ch.defender;
                // No window comes between this choice and the defenders: a character that cannot defend now
                // (kneeling, without the challenge's icon) never will, and bypassing it does nothing. The one
                // thing it still gives is Dornish Lancer's draw, so with such a user every target stays.
                let draws = users.iter().filter_map(|&u| self.locate(u)).any(|(s, i)| {
                    let c = &self.seats[s].play[i];
                    self.abilities_in(rules, c, classify::RESPONSES)
                        .iter()
                        .any(|a| matches!(a, Ability::StealthDraw { .. }))
                });
                for c in &self.seats[usize::from(dfd)].play {
                    if def(rules, c.def).kind == Kind::Character
                        && !ch.bypassed.contains(&c.uid)
                        && (draws || self.can_defend(rules, dfd, c.uid))
                        && !self.stealthy(rules, dfd, c)
                        && !self
                            .own_gets(rules, dfd, c, self.abilities_in(rules, c, classify::DEFENCE))
                            .any(|g| g.not_stealth_target)
                    {
                        out.push(code(STEALTH, 0, usize::from(c.uid)));
                    }
                }
                if !out.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
                let _ = seat;
            }
            Pending::Respond { seat, resp } => {
                if self.response_possible(rules, *seat, *resp) {
                    out.extend([code(YES, 0, 0), code(DONE, 0, 0)]);
                }
            }
            Pending::KneelTarget { seat, optional, by_char } => {
                for (q, s) in self.seats.iter().enumerate() {
                    for c in &s.play {
                        if def(rules, c.def).kind != Kind::Character || c.kneeling {
                            continue;
                        }
                        let immune = *by_char && {
                            let k = self.keywords(rules, q as Player, c);
                            super::effect_pool::immune_to_character_ability_of(k, q, usize::from(*seat))
                        };
                        if !immune {
                            out.push(code(KNEEL, 0, usize::from(c.uid)));
                        }
                    }
                }
                if *optional && !out.is_empty() {
                    out.push(code(DONE, 0, 0));
                }
            }
            Pending::DiscardFromHand { seat, .. } => {
                let hand = &self.seats[usize::from(*seat)].hand;
                out.extend((0..hand.len()).filter(|&i| !hand[..i].contains(&hand[i])).map(|i| code(DISCARD, i, 0)));
            }
            Pending::PayInfluence { seat, .. } => {
                let providers = self.influence_providers(rules, usize::from(*seat));
                out.extend(providers.into_iter().map(|u| code(INFLUENCE, 0, usize::from(u))));
            }
            Pending::Effect(r) => self.effect_pending_actions(rules, r, out),
            _ => self.interrupt_pending_actions(rules, pend, out),
        }
    }

    fn response_possible(&self, rules: &Rules, seat: Player, resp: Resp) -> bool {
        let ps = usize::from(seat);
        match resp {
            Resp::SaveWithDupe { uid, .. } => {
                self.locate(uid).is_some_and(|(s, i)| !self.seats[s].play[i].dupes.is_empty())
            }
            Resp::StandAfterKill { uid } => self.locate(uid).is_some_and(|(s, i)| self.seats[s].play[i].kneeling),
            Resp::IntoPlayFromHand { def: c } => {
                self.seats[ps].hand.contains(&c) && self.can_enter_unique(rules, ps, c)
            }
            Resp::MovePowerToHouse => self.seats.iter().any(|s| s.play.iter().any(|c| c.power > 0)),
            Resp::DrawCards { .. } => !self.seats[ps].deck.is_empty(),
            Resp::DominanceBonus | Resp::CastleKill | Resp::HousePower { .. } => true,
            Resp::ClaimPower { uid, .. } => self.locate(uid).is_some(),
            Resp::StandWithStr { uid, .. } => self.locate(uid).is_some(),
            Resp::Sacrifice { uid } => self.sacrifice_possible(rules, seat, uid),
            Resp::KillWeaker { saved, max_str, influence } => {
                self.available_influence(rules, ps) >= influence
                    && self.has_target(rules, seat, super::super::state::Target::Kill { max_str, except: saved })
            }
        }
    }
}
