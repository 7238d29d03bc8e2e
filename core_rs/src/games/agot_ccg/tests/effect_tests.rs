//! The composable abilities (`cards/vocab.rs`, `rules/triggered.rs`, `rules/effect_ops.rs`): each test names
//! the rulebook section of the mechanism (Italian titles) and plays it on a small built state.

use super::helpers::*;
use crate::engine::{Events, Game, Player};
use crate::games::agot_ccg::cards::{house_index, Ability, Rules, INT, MIL};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

fn hand_card(g: &mut AgotCcg, r: &Rules, seat: usize, code: &str) -> usize {
    g.seats[seat].hand.push(id(r, code));
    g.seats[seat].hand.len() - 1
}

/// "Azioni" / "Influenza" / "Uccidere": Harrenhal (Dominance: kneel it and 3 influence to kill a character) is offered
/// only in the dominance window, is paid first (kneel, then influence of the player's choice), then its target is
/// chosen, then the character is killed.
#[test]
fn azioni_harrenhal_kneels_pays_then_kills() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let hh = put(&mut g, &r, 0, "U153");
    influence(&mut g, &r, 0, 4);
    let victim = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(of_kind(&g, &r, 0, GEN_USE).is_empty(), "a dominance action is not offered in the challenges phase");
    window(&mut g, Phase::Dominance, At::Dominance);
    let use_it = code(GEN_USE, 0, usize::from(hh));
    assert!(legal(&g, &r, 0).contains(&use_it));
    act(&mut g, &r, 0, use_it);
    assert!(card(&g, hh).kneeling, "the kneel cost is paid before anything else");
    pay(&mut g, &r, 0);
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(targets.contains(&code(GEN_TARGET, 0, usize::from(victim))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(victim)));
    assert!(g.locate(victim).is_none());
    assert_eq!(g.seats[1].dead, vec![id(&r, "C30")]);
    // Kneeling: it cannot be used again; with no influence left nothing is offered.
    assert!(!legal(&g, &r, 0).contains(&use_it));
}

/// "Bersagli" (research §3.1, play restrictions): an ability whose required target does not exist is not offered,
/// so a target choice is never asked with an empty list.
#[test]
fn azioni_no_target_no_action() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    let hh = put(&mut g, &r, 0, "U153");
    influence(&mut g, &r, 0, 4);
    window(&mut g, Phase::Dominance, At::Dominance);
    // Only seat 0's own Harrenhal-less board: the Blackwater Rushes are locations, no character anywhere.
    assert!(!legal(&g, &r, 0).contains(&code(GEN_USE, 0, usize::from(hh))));
}

/// "Risposte" / "Limite": Tommen Baratheon (after a character is killed, kneel 1 influence: he claims 1 power,
/// limit 3 per phase) is asked after each kill, optional, and no more than three times in a phase.
#[test]
fn risposte_tommen_claims_after_kills_up_to_his_limit() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let tommen = put(&mut g, &r, 1, "R26");
    influence(&mut g, &r, 1, 8);
    let mut ev = Events::new();
    for k in 0..4 {
        let v = put(&mut g, &r, 0, "C13");
        g.kill(&r, v, true, &mut ev);
        g.advance(&r, &mut ev);
        if k < 3 {
            assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "kill {k}: Tommen may respond");
            act(&mut g, &r, 1, code(GEN_YES, 0, 0));
            pay(&mut g, &r, 1);
        } else {
            assert!(g.pending.is_empty(), "the fourth kill of the phase: limit reached");
        }
    }
    assert_eq!(card(&g, tommen).power, 3);
    g.expire_phase();
    let v = put(&mut g, &r, 0, "C13");
    g.kill(&r, v, true, &mut ev);
    g.advance(&r, &mut ev);
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "a new phase: the limit starts again");
    pass(&mut g, &r, 1);
    assert_eq!(card(&g, tommen).power, 3, "declined: nothing happens");
}

/// "Pila dei morti" (recursion; research §3.4 "Endless"): Western Heir puts itself into play from its dead pile in
/// the dominance phase for 3 influence; a Forever event moves itself from the dead pile to the hand for 1.
#[test]
fn pila_dei_morti_heir_and_forever_return() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 6);
    g.seats[0].dead = vec![id(&r, "R29"), id(&r, "U176")];
    window(&mut g, Phase::Dominance, At::Dominance);
    let heir = code(GEN_PILE, 2 * 16, 0);
    let forever = code(GEN_PILE, 2 * 16 + 1, 1);
    assert!(legal(&g, &r, 0).contains(&heir) && legal(&g, &r, 0).contains(&forever));
    act(&mut g, &r, 0, heir);
    pay(&mut g, &r, 0);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "R29")));
    assert_eq!(g.seats[0].dead, vec![id(&r, "U176")]);
    let forever = code(GEN_PILE, 2 * 16 + 1, 0);
    act(&mut g, &r, 0, forever);
    pay(&mut g, &r, 0);
    assert!(g.seats[0].dead.is_empty() && g.seats[0].hand.contains(&id(&r, "U176")));
}

/// "Risposte" from the hand: Forever Stalwart (after you win a challenge as defender, claim 1 power for your House)
/// is offered to the defending winner, played from the hand and placed in its (dead) pile.
#[test]
fn risposte_event_from_hand_after_a_defence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C30");
    let dfd = put(&mut g, &r, 0, "C11");
    hand_card(&mut g, &r, 0, "U176");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 1, MIL, 0, &[att], &[dfd]);
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))), "{:?}", g.pending);
    let before = g.seats[0].house_power;
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    assert_eq!(g.seats[0].house_power, before + 1);
    assert!(g.seats[0].hand.is_empty() && g.seats[0].dead.contains(&id(&r, "U176")), "deathbound: dead pile");
}

/// "Ricerca nel mazzo": Vengeance for Eddard searches the deck for a Stark character of printed cost 2 or less,
/// puts it into play, and the deck is shuffled; only matching cards are offered.
#[test]
fn ricerca_vengeance_for_eddard() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    g.seats[0].deck = vec![id(&r, "C11"), id(&r, "C13"), id(&r, "U6")];
    let x = hand_card(&mut g, &r, 0, "R211");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 1, "only Huntress in the Swamp (cost 1) matches");
    // The chooser sees the offered cards of his deck; the opponent's view does not show them.
    assert!(g.view(&r, crate::engine::Viewer::Player(0)).pending.is_some());
    assert!(g.view(&r, crate::engine::Viewer::Player(1)).pending.is_none());
    act(&mut g, &r, 0, picks[0]);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "C13")));
    assert_eq!(g.seats[0].deck.len(), 2);
}

/// "Icone di sfida" (gained and lost until the end of the phase): Initiate of Poisons makes a character lose its
/// intrigue icon, so it cannot attack in an intrigue challenge; the next phase it has it again.
#[test]
fn icone_lost_until_the_end_of_the_phase() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ini = put(&mut g, &r, 1, "R115");
    influence(&mut g, &r, 1, 1);
    let keeper = put(&mut g, &r, 0, "C14"); // an intrigue character
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(g.can_attack(&r, 0, keeper, INT));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(ini)));
    pay(&mut g, &r, 1);
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(keeper)));
    assert!(!g.can_attack(&r, 0, keeper, INT));
    g.expire_phase();
    assert!(g.can_attack(&r, 0, keeper, INT));
}

/// "Scartare" (discarding from play): Westeros Bleeds discards every character from play to their owners'
/// discard piles (not killed: nothing in the dead pile).
#[test]
fn scartare_westeros_bleeds() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 1, "C30");
    let x = hand_card(&mut g, &r, 0, "R212");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(g
        .seats
        .iter()
        .all(|s| s.play.iter().all(|c| r.cards[usize::from(c.def)].kind != super::super::cards::Kind::Character)));
    assert!(g.seats[1].discard.contains(&id(&r, "C30")) && g.seats[1].dead.is_empty());
}

/// "Scartare" (discarding from play), every card of a type: Sound the Horn of Dragons (House Greyjoy only) kneels 4
/// influence in the dominance phase to discard every location from play, both players' and the ones just knelt to
/// pay for it, to their owners' discard piles; no save is asked.
#[test]
fn scartare_sound_the_horn_of_dragons_discards_every_location() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("greyjoy").unwrap();
    influence(&mut g, &r, 0, 4);
    put(&mut g, &r, 1, "C157");
    let keeper = put(&mut g, &r, 1, "C14");
    let x = hand_card(&mut g, &r, 0, "R170");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(g.pending.is_empty(), "nothing is asked: {:?}", g.pending);
    let location = |c: &u16| r.cards[usize::from(*c)].kind == super::super::cards::Kind::Location;
    assert!(g.seats.iter().all(|s| s.play.iter().all(|c| !location(&c.def))), "no location is left in play");
    assert!(g.seats[1].discard.contains(&id(&r, "C157")) && g.seats[0].discard.iter().any(location));
    assert!(g.locate(keeper).is_some(), "characters stay");

    // Another House cannot play it.
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("stark").unwrap();
    influence(&mut g, &r, 0, 4);
    hand_card(&mut g, &r, 0, "R170");
    window(&mut g, Phase::Dominance, At::Dominance);
    assert!(of_kind(&g, &r, 0, GEN_EVENT).is_empty(), "House Greyjoy only");
}

/// "Carte Equipaggiamento" (moving attachments): Poisoned Wine (-2 STR) moves to another character for 1 influence.
#[test]
fn equipaggiamenti_poisoned_wine_moves() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 1);
    let a = put(&mut g, &r, 1, "C11");
    let b = put(&mut g, &r, 1, "C30");
    attach(&mut g, &r, a, "T23", 0);
    assert_eq!(g.strength(&r, 1, card(&g, a)), 1, "4, -2, and -1 for Hear Me Roar");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_ATT, 1, usize::from(a))); // attachment 0, ability 1
    pay(&mut g, &r, 0);
    assert!(!of_kind(&g, &r, 0, GEN_TARGET).contains(&code(GEN_TARGET, 0, usize::from(a))), "another character");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(card(&g, a).attachments.is_empty() && card(&g, b).attachments == vec![(id(&r, "T23"), 0)]);
    assert_eq!(g.strength(&r, 1, card(&g, a)), 3);
}

/// "Ritornare in mano" / "Quando rivelata": Fire and Blood returns a character its player controls to his hand,
/// asked (optional) after the first player is chosen.
#[test]
fn quando_rivelata_fire_and_blood_returns_to_hand() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U222")];
    g.seats[1].plots = vec![id(&r, "T49")];
    let mine = put(&mut g, &r, 0, "C13");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert!(matches!(g.pending.first(), Some(Pending::Effect(_))));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(mine)));
    assert!(g.locate(mine).is_none() && g.seats[0].hand.contains(&id(&r, "C13")));
}

/// "Rivelare le carte del mazzo": House Messenger looks at the top 2 cards, one goes to the hand, the other to the
/// bottom of the deck.
#[test]
fn rivelare_house_messenger_top_two() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let (a, b, c) = (id(&r, "C11"), id(&r, "C13"), id(&r, "U6"));
    g.seats[0].deck = vec![a, b, c]; // top = last: U6, then C13
    g.seats[0].gold = 10;
    let x = hand_card(&mut g, &r, 0, "C118");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 2);
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let take = choices.iter().position(|&k| k == c).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, take));
    assert_eq!(g.seats[0].hand, vec![c]);
    assert_eq!(g.seats[0].deck, vec![b, a], "the other looked-at card went to the bottom");
}

/// "Alzare" (stand effects): Storm's End stands 2 kneeling characters; only kneeling ones are offered.
#[test]
fn alzare_storms_end_stands_two() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let se = put(&mut g, &r, 0, "R58");
    influence(&mut g, &r, 0, 1);
    let a = put(&mut g, &r, 0, "C11");
    let b = put(&mut g, &r, 0, "C13");
    let c = put(&mut g, &r, 0, "C14");
    for u in [a, b] {
        let (s, i) = g.locate(u).unwrap();
        g.seats[s].play[i].kneeling = true;
    }
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(se)));
    pay(&mut g, &r, 0);
    assert!(!of_kind(&g, &r, 0, GEN_TARGET).contains(&code(GEN_TARGET, 0, usize::from(c))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(!card(&g, a).kneeling && !card(&g, b).kneeling);
}

/// "Restrizioni" ("cannot" beats "can"): after Like the Seas a Greyjoy defender cannot be killed, not even by the
/// military claim (it is not offered), and Too Blind to See stops a character from being declared.
#[test]
fn restrizioni_cannot_be_killed_or_declared() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let blind = put(&mut g, &r, 1, "C11");
    put(&mut g, &r, 0, "C14"); // seat 0 has a challenge to declare: the phase goes on
    window(&mut g, Phase::Challenges, At::Challenges);
    let x = hand_card(&mut g, &r, 0, "C209");
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(blind)));
    assert!(!g.can_attack(&r, 1, blind, MIL), "it cannot attack until the end of the phase");
    let mut ev = Events::new();
    g.lasting.push(super::super::rules::triggered::Lasting {
        uid: blind,
        what: super::super::rules::triggered::Lasts::CannotBeKilled,
    });
    g.kill(&r, blind, true, &mut ev);
    assert!(g.locate(blind).is_some(), "cannot be killed");
}

/// "Testo vuoto" (blanking): Nightmares blanks a character's text box until the end of the phase: its abilities
/// and printed keywords are off.
#[test]
fn testo_vuoto_nightmares() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let huntress = put(&mut g, &r, 1, "C13"); // stealth
    window(&mut g, Phase::Challenges, At::Challenges);
    let x = hand_card(&mut g, &r, 0, "C195");
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(huntress)));
    assert!(!g.stealthy(&r, 1, card(&g, huntress)));
    g.expire_phase();
    assert!(g.stealthy(&r, 1, card(&g, huntress)));
}

/// "Fase 5: Predominio" actions and "STR 0 kills": Dothraki Sea gives -1 STR to a character without attachments;
/// at STR 0 it is killed.
#[test]
fn predominio_dothraki_sea_kills_at_zero() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    let sea = put(&mut g, &r, 0, "C101");
    let weak = put(&mut g, &r, 1, "C13"); // STR 1
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(sea)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(weak)));
    assert!(g.locate(weak).is_none() && g.seats[1].dead.contains(&id(&r, "C13")));
}

/// "Risposte" after a win (total STR): Make an Example claims 3 House power after a win with 8 or more STR only.
#[test]
fn risposte_make_an_example_needs_eight_str() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g, &r, 0, "C11");
    let b = put(&mut g, &r, 0, "U16");
    hand_card(&mut g, &r, 0, "R192");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 0, MIL, 1, &[a, b], &[]);
    let asked = g.pending.iter().any(|p| matches!(p, Pending::Effect(x) if x.card == id(&r, "R192")));
    assert!(asked, "4 + 4 STR: eight");
    let mut g2 = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let a = put(&mut g2, &r, 0, "C11");
    hand_card(&mut g2, &r, 0, "R192");
    window(&mut g2, Phase::Challenges, At::Challenges);
    pass_window(&mut g2, &r);
    challenge(&mut g2, &r, 0, MIL, 1, &[a], &[]);
    assert!(!g2.pending.iter().any(|p| matches!(p, Pending::Effect(_))), "4 STR is not enough");
}

/// Every record of `cards.json` parses, and a random match with every composable-ability card in both decks plays
/// to its end (or the decision cap) without a panic, the state valid after every decision.
#[test]
fn new_cards_parse_and_random_matches_play_out() {
    let r0 = rules();
    let composable: Vec<u16> = (0..r0.cards.len() as u16)
        .filter(|&c| {
            let d = &r0.cards[usize::from(c)];
            d.abilities.iter().any(|a| matches!(a, Ability::Action(_) | Ability::Triggered(_)))
        })
        .collect();
    assert!(composable.len() >= 50, "{} composable records", composable.len());
    // Every composable card in both decks; seven of the composable plots per match, a different seven each seed.
    let plots: Vec<u16> = composable
        .iter()
        .copied()
        .filter(|&c| r0.cards[usize::from(c)].kind == super::super::cards::Kind::Plot)
        .collect();
    let cards: Vec<u16> = composable
        .iter()
        .copied()
        .filter(|&c| r0.cards[usize::from(c)].kind != super::super::cards::Kind::Plot)
        .collect();
    let rules_for = |seed: u64| {
        let mut r = r0.clone();
        for d in r.decks.iter_mut() {
            d.plots = (0..7).map(|k| plots[(seed as usize * 7 + k) % plots.len()]).collect();
            d.plots.sort_unstable();
            d.plots.dedup();
            d.cards.truncate(60usize.saturating_sub(cards.len()));
            d.cards.extend(cards.iter().copied());
        }
        r
    };
    let mut rng = crate::rng::Rng::new(5);
    let mut used = 0;
    let mut finished = 0;
    // Seeds 0-5: uniform random choices; 6-8: the heuristic in both seats. Every offered code is in the dense
    // action space.
    let mut bot = super::super::bots::Heuristic;
    let space: std::collections::HashSet<u32> =
        <AgotCcg as crate::engine::Encode>::action_codes(&rules_for(0), 2).into_iter().collect();
    for seed in 0..9u64 {
        let r = rules_for(seed);
        let mut g = AgotCcg::new(&r, 2, seed).unwrap();
        let mut ev = Events::disabled();
        for _ in 0..4000 {
            if g.outcome().is_some() || g.phase == Phase::Over {
                break;
            }
            let Some(p) = (0..2).find(|&p| g.to_act().contains(p)) else { break };
            let l = legal(&g, &r, p);
            assert!(!l.is_empty(), "seat {p} to act with no legal action: {:?}", g.pending.first());
            assert!(l.iter().all(|a| space.contains(a)), "a legal code outside the action space: {l:?}");
            let a =
                if seed < 6 { l[rng.index(l.len())] } else { crate::bots::Bot::act(&mut bot, &r, &g, p, &l, &mut rng) };
            used += usize::from((GEN_EVENT..=GEN_MODE).contains(&split(a).0));
            g.apply(&r, p, a, &mut ev).unwrap();
            g.validate(&r).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        finished += usize::from(g.phase == Phase::Over);
    }
    assert!(used >= 30, "the composable abilities were used {used} times");
    eprintln!("composable decisions: {used}, finished matches: {finished}");
}

fn pending_card(g: &AgotCcg) -> Option<u16> {
    match g.pending.first() {
        Some(Pending::Effect(x)) => Some(x.card),
        _ => None,
    }
}

/// "Influenza" (X costs): Blood Magic kneels influence providers until the player stops; X is the influence paid,
/// and the target gets -X STR (killed at 0).
#[test]
fn influenza_x_blood_magic() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    g.seats[0].house = house_index("targaryen").unwrap(); // House Targaryen only
    let big = put(&mut g, &r, 1, "C11"); // 4 STR, -1 for Hear Me Roar: 3
    let x = hand_card(&mut g, &r, 0, "C184");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert!(!legal(&g, &r, 0).contains(&code(DONE, 0, 0)), "X is at least 1");
    let first = of_kind(&g, &r, 0, GEN_INF)[0];
    act(&mut g, &r, 0, first);
    act(&mut g, &r, 0, code(DONE, 0, 0)); // X = 2
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(big)));
    assert_eq!(g.strength(&r, 1, card(&g, big)), 1, "3 - X(2)");
    let mut g2 = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g2, &r, 0, 4);
    g2.seats[0].house = house_index("targaryen").unwrap();
    let big = put(&mut g2, &r, 1, "C11");
    let x = hand_card(&mut g2, &r, 0, "C184");
    window(&mut g2, Phase::Challenges, At::Challenges);
    act(&mut g2, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g2, &r, 0); // both providers: X = 4, and nothing left to kneel: the payment ends by itself
    act(&mut g2, &r, 0, code(GEN_TARGET, 0, usize::from(big)));
    assert!(g2.locate(big).is_none(), "STR 0: killed");
}

/// Play restrictions (research §3.1 "play restrictions, costs, then effects"): An Enemy Disgraced may be played only
/// after winning an intrigue and a power challenge this phase; Called by the Gods searches only with at most one
/// Kingdom plot in the used pile.
#[test]
fn restrizioni_di_gioco_won_challenges_and_used_plots() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let x = hand_card(&mut g, &r, 0, "T41");
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(!legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)));
    g.wins = vec![(0, INT)];
    assert!(!legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)), "an intrigue win is not enough");
    g.wins.push((0, crate::games::agot_ccg::cards::POW));
    assert!(legal(&g, &r, 0).contains(&code(GEN_EVENT, x, 0)));
    let before = g.seats[0].deck.len();
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert_eq!(g.seats[0].deck.len(), before - 3);
    // Called by the Gods with two Kingdom plots used: nothing is asked.
    let plot = id(&r, "U217");
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![plot, id(&r, "R231")]; // not the last plot: the used pile stays
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].used = vec![id(&r, "R214")];
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert!(pending_card(&g) != Some(plot), "two Kingdom plots used (R214, and U224 before it)");
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![plot, id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].plot = None;
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    assert_eq!(pending_card(&g), Some(plot), "no Kingdom plot used: the search is offered");
}

/// "Pila degli scarti" of any player: Ours is the Fury moves a character from an opponent's discard pile to that
/// player's dead pile; Converted Maester moves a card from a dead pile to its owner's discard pile.
#[test]
fn pila_degli_scarti_any_players_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U228")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[1].discard = vec![id(&r, "C30")];
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    let picks = of_kind(&g, &r, 0, GEN_PICK);
    assert_eq!(picks.len(), 1);
    act(&mut g, &r, 0, picks[0]);
    assert!(g.seats[1].discard.is_empty() && g.seats[1].dead == vec![id(&r, "C30")], "into its owner's dead pile");
}

/// "Quando rivelata" on the player with the most: The Sack of Winterfell kneels every location of the one player who
/// controls more locations than each opponent, whoever revealed it; on a tie for the most, nobody kneels.
#[test]
fn quando_rivelata_sack_of_winterfell_kneels_the_most_locations() {
    let r = rules();
    let reveal = |g: &mut AgotCcg| {
        g.seats[0].plots = vec![id(&r, "G49")];
        g.seats[1].plots = vec![id(&r, "T49")];
        act(g, &r, 0, code(PLOT, 0, 0));
        act(g, &r, 1, code(PLOT, 0, 0));
        let chooser = g.actor().unwrap();
        act(g, &r, chooser, code(FIRST, 0, 0));
    };
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    let mine = put(&mut g, &r, 0, "C157");
    let theirs = [put(&mut g, &r, 1, "C157"), put(&mut g, &r, 1, "C160")];
    let keeper = put(&mut g, &r, 1, "C14");
    reveal(&mut g);
    assert!(theirs.iter().all(|&u| card(&g, u).kneeling), "the opponent has the most locations: all knelt");
    assert!(!card(&g, mine).kneeling && !card(&g, keeper).kneeling, "only that player's locations");

    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    let tied = [put(&mut g, &r, 0, "C157"), put(&mut g, &r, 1, "C160")];
    reveal(&mut g);
    assert!(tied.iter().all(|&u| !card(&g, u).kneeling), "a tie for the most: nobody kneels");
}

/// "Ricerca nel mazzo" of copies of one title: From the Ashes of Winterfell takes up to 3 copies of the same title.
#[test]
fn ricerca_same_title_copies() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    let (a, b) = (id(&r, "C11"), id(&r, "C13"));
    g.seats[0].deck = vec![a, b, a, b, a];
    let x = hand_card(&mut g, &r, 0, "R167");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 2, "two titles offered");
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let k = choices.iter().position(|&c| c == a).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, k));
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 1, "then only that title");
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    act(&mut g, &r, 0, code(GEN_PICK, 0, 0));
    assert_eq!(g.seats[0].hand.iter().filter(|&&c| c == a).count(), 3);
    assert_eq!(g.seats[0].deck.len(), 2);
}

/// "Carte Equipaggiamento" as targets: Ser Jorah Mormont, after he enters play, discards an attachment on an
/// opponent's character (only those are offered).
#[test]
fn equipaggiamenti_as_targets_ser_jorah() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let theirs = put(&mut g, &r, 1, "C30");
    let mine = put(&mut g, &r, 0, "C11");
    attach(&mut g, &r, theirs, "C3", 1);
    attach(&mut g, &r, mine, "C3", 0);
    g.seats[0].gold = 20;
    let x = hand_card(&mut g, &r, 0, "U90");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let t = of_kind(&g, &r, 0, GEN_TARGET_ATT);
    assert_eq!(t, vec![code(GEN_TARGET_ATT, 1, usize::from(theirs))]);
    act(&mut g, &r, 0, t[0]);
    assert!(card(&g, theirs).attachments.is_empty() && g.seats[1].discard.contains(&id(&r, "C3")));
    assert_eq!(card(&g, mine).attachments.len(), 1);
}

/// "Effetti duraturi" with a choice: Casterly Rock's pick-one (-2 STR, lose intrigue, lose stealth and renown).
#[test]
fn effetti_duraturi_casterly_rock_pick_one() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let rock = put(&mut g, &r, 1, "R37");
    let huntress = put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 0, "C14");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(DONE, 0, 0));
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(rock)));
    act(&mut g, &r, 1, code(GEN_TARGET, 0, usize::from(huntress)));
    assert_eq!(of_kind(&g, &r, 1, GEN_MODE).len(), 3);
    act(&mut g, &r, 1, code(GEN_MODE, 0, 2));
    assert!(!g.stealthy(&r, 0, card(&g, huntress)), "the third option: no stealth");
    assert_eq!(g.strength(&r, 0, card(&g, huntress)), 1, "and no STR change");
}

/// Optional gold penalty (research §3.4): Roving Pillagers' response needs the penalty paid; with it, a non-limited
/// location is discarded.
#[test]
fn penale_opzionale_roving_pillagers() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let loc = put(&mut g, &r, 1, "C155");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "C144");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    assert!(pending_card(&g).is_none(), "without the penalty: no response");
    let x = hand_card(&mut g, &r, 0, "C144");
    act(&mut g, &r, 0, code(MARSHAL_PENALTY, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(loc)));
    assert!(g.locate(loc).is_none());
}

/// "Rinomanza" responses: Melisandre claims 1 power after a character claims power for renown.
#[test]
fn rinomanza_melisandre() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let eddard = put(&mut g, &r, 0, "U6"); // renown
    let mel = put(&mut g, &r, 1, "R45");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    challenge(&mut g, &r, 0, crate::games::agot_ccg::cards::POW, 1, &[eddard], &[]);
    for _ in 0..4 {
        if pending_card(&g) == Some(id(&r, "R45")) {
            break;
        }
        let p = g.actor().unwrap();
        pass(&mut g, &r, p);
    }
    assert_eq!(pending_card(&g), Some(id(&r, "R45")));
    act(&mut g, &r, 1, code(GEN_YES, 0, 0));
    assert_eq!(card(&g, mel).power, 1);
}

/// "Difendere" restrictions: Northern Heir does not kneel to defend; Balon Greyjoy attacking bars non-unique
/// defenders; Southron Heiress cannot be chosen as a stealth target.
#[test]
fn difendere_restrictions_heir_balon_heiress() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let balon = put(&mut g, &r, 1, "G16");
    put(&mut g, &r, 0, "R10"); // non-unique: barred
    let eddard = put(&mut g, &r, 0, "U6");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(MIL), 0));
    attack(&mut g, &r, 1, &[balon]);
    pass_window(&mut g, &r);
    while matches!(g.pending.first(), Some(Pending::Stealth { .. })) {
        act(&mut g, &r, 1, code(DONE, 0, 0));
    }
    assert_eq!(g.eligible_defenders(&r, 0), vec![eddard], "the non-unique Heir cannot defend against Balon");
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C30");
    let heir = put(&mut g, &r, 0, "R10");
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 1, MIL, 0, &[att], &[heir]);
    assert!(g.locate(heir).is_none_or(|(s, i)| !g.seats[s].play[i].kneeling), "it did not kneel to defend");
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let sneak = put(&mut g, &r, 0, "C13");
    let heiress = put(&mut g, &r, 1, "R112");
    let other = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[sneak]);
    pass_window(&mut g, &r);
    let st = of_kind(&g, &r, 0, STEALTH);
    assert!(
        st.contains(&code(STEALTH, 0, usize::from(other))) && !st.contains(&code(STEALTH, 0, usize::from(heiress)))
    );
}

/// "Pila dei morti" for everyone: Plea to R'hllor puts every non-doomed character of every dead pile into play.
#[test]
fn pila_dei_morti_plea_to_rhllor() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    g.seats[0].dead = vec![id(&r, "C13"), id(&r, "U6")]; // Eddard is doomed
    g.seats[1].dead = vec![id(&r, "C30")];
    g.seats[0].house = house_index("baratheon").unwrap(); // House Baratheon only
    let x = hand_card(&mut g, &r, 0, "R169");
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(
        g.seats[0].dead.contains(&id(&r, "U6")) && !g.seats[0].dead.contains(&id(&r, "C13")),
        "doomed Eddard stays"
    );
    assert!(g.seats[1].dead.is_empty() && g.seats[1].play.iter().any(|c| c.def == id(&r, "C30")));
}

/// Attaching from the discard pile: Old Bear's Crow attaches itself to a character its owner controls.
#[test]
fn equipaggiamenti_old_bears_crow_from_the_discard_pile() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 2);
    let mine = put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 0, "C11"); // no attachments: not offered
    put(&mut g, &r, 1, "C30");
    g.seats[0].discard = vec![id(&r, "P8")];
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_PILE, 16 + 2, 0));
    pay(&mut g, &r, 0);
    assert_eq!(of_kind(&g, &r, 0, GEN_TARGET), vec![code(GEN_TARGET, 0, usize::from(mine))], "a character you control");
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(mine)));
    assert!(g.seats[0].discard.is_empty() && g.renowned(&r, 0, card(&g, mine)));
}

/// Milling and drawing per doomed card: Tempting Fate.
#[test]
fn scartare_dal_mazzo_tempting_fate() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    influence(&mut g, &r, 0, 3);
    let doomed = id(&r, "U25"); // Ser Jaime: doomed
    let plain = id(&r, "C30");
    g.seats[1].deck = vec![plain, doomed, plain, doomed, plain, plain];
    let x = hand_card(&mut g, &r, 0, "C204");
    let hand = g.seats[0].hand.len();
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[1].deck, vec![plain]);
    assert_eq!(g.seats[0].hand.len(), hand - 1 + 2, "two doomed cards discarded: two drawn");
}

/// "Sfida di intrigo" by an effect: Tyrion, while participating, turns the challenge into an intrigue challenge
/// (its claim is then the intrigue claim), and the military challenge it was declared as stays used.
#[test]
fn sfide_tyrion_turns_the_challenge_into_intrigue() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let tyrion = put(&mut g, &r, 1, "U27");
    let other = put(&mut g, &r, 1, "C30");
    put(&mut g, &r, 0, "U5"); // intrigue and power: seat 0 has a defender to declare
    influence(&mut g, &r, 1, 2);
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C13")];
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    assert!(of_kind(&g, &r, 1, GEN_USE).is_empty(), "not participating: no action");
    pass_window(&mut g, &r);
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(crate::games::agot_ccg::cards::POW), 0));
    attack(&mut g, &r, 1, &[tyrion]);
    let _ = other;
    act(&mut g, &r, 1, code(GEN_USE, 0, usize::from(tyrion)));
    pay(&mut g, &r, 1);
    assert_eq!(g.challenge.as_ref().unwrap().kind, INT);
    for _ in 0..8 {
        if g.challenge.is_none() {
            break;
        }
        let Some(p) = g.actor() else { break };
        pass(&mut g, &r, p);
    }
    assert_eq!(g.seats[1].challenged & 0b110, 0b110, "power (declared) and intrigue are both used");
    assert!(g.seats[0].hand.len() < 2, "the intrigue claim discarded from the defender's hand");
}

/// Plot constants: We Do Not Sow (a win by 4+ counts as unopposed), Beggar King and Errant Captain (cheaper),
/// Foe I was Born to Fight (no defenders for a player with a The Others plot).
#[test]
fn trame_we_do_not_sow_beggar_king_foe() {
    let r = rules();
    for (plot, unopposed) in [("U236", true), ("U224", false)] {
        let mut g = scenario(&r, Phase::Challenges, [plot, "T49"]);
        let a = put(&mut g, &r, 0, "C11");
        let b = put(&mut g, &r, 0, "U16");
        let d = put(&mut g, &r, 1, "C13"); // STR 1: the challenge is opposed
        window(&mut g, Phase::Challenges, At::Challenges);
        challenge(&mut g, &r, 0, MIL, 1, &[a, b], &[d]);
        assert_eq!(g.challenge.as_ref().map(|c| c.unopposed), Some(unopposed), "{plot}: won by 4+");
    }
    // Beggar King: attachments cost 1 less; Errant Captain: 1 less per Warship.
    let cheap = scenario(&r, Phase::Marshal, ["T53", "U227"]);
    let plain = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let grit = id(&r, "C3"); // a Stark attachment of cost 1
    assert_eq!((cheap.marshal_cost(&r, 0, grit, 0), plain.marshal_cost(&r, 0, grit, 0)), (0, 1));
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let captain = id(&r, "G17");
    let base = g.marshal_cost(&r, 0, captain, 0);
    put(&mut g, &r, 0, "G27"); // Banner Ship: a Warship
    assert_eq!(g.marshal_cost(&r, 0, captain, 0) + 1, base, "Errant Captain: 1 less per Warship");
    // Foe I was Born to Fight against a player with a The Others plot revealed.
    let others = r.cards.iter().position(|c| c.kind == super::super::cards::Kind::Plot && c.has_trait("The Others"));
    let mut g = scenario(&r, Phase::Challenges, ["R223", "U227"]);
    g.seats[1].plot = others.map(|i| i as u16);
    let a = put(&mut g, &r, 0, "C11");
    let d = put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    assert!(!g.can_defend(&r, 1, d));
}

/// "Carte Equipaggiamento" restrictions: King-Beyond-the-Wall is offered only onto Wildling characters.
#[test]
fn equipaggiamenti_wildling_only() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let wildling = put(&mut g, &r, 0, "U137");
    let other = put(&mut g, &r, 0, "C14");
    g.seats[0].gold = 10;
    let x = hand_card(&mut g, &r, 0, "R127");
    let l = of_kind(&g, &r, 0, MARSHAL);
    assert!(l.contains(&code(MARSHAL, x, usize::from(wildling))) && !l.contains(&code(MARSHAL, x, usize::from(other))));
}

/// Icons lost and discards per printed icon: The Scorpion's Sting.
#[test]
fn icone_scorpions_sting() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].house = house_index("martell").unwrap();
    influence(&mut g, &r, 0, 2);
    let t = put(&mut g, &r, 1, "U25"); // Ser Jaime: two printed icons
    g.seats[1].hand = vec![id(&r, "C30"), id(&r, "C30"), id(&r, "C30")];
    let x = hand_card(&mut g, &r, 0, "U206");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(t)));
    assert_eq!(g.icons(&r, 1, card(&g, t)), 0);
    let icons = r.cards[usize::from(id(&r, "U25"))].icons.count_ones() as usize;
    for _ in 0..icons {
        act(&mut g, &r, 1, code(DISCARD, 0, 0));
    }
    assert_eq!(g.seats[1].hand.len(), 3 - icons);
}

/// "Risposte" to a Wildling leaving play: Skirling Berserker after a Wildling is killed.
#[test]
fn risposte_skirling_berserker() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    put(&mut g, &r, 0, "P1");
    let wild = put(&mut g, &r, 0, "P1");
    let weak = put(&mut g, &r, 1, "C30");
    let mut ev = Events::new();
    g.kill(&r, wild, true, &mut ev);
    g.advance(&r, &mut ev);
    assert_eq!(pending_card(&g), Some(id(&r, "P1")));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let before = g.strength(&r, 1, card(&g, weak));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(weak)));
    assert!(g.locate(weak).is_none_or(|(s, i)| g.strength(&r, s as Player, &g.seats[s].play[i]) + 1 == before));
}

/// "Ritornare in mano": Meera Reed comes into play from the hand (2 influence) and returns to it (1 influence);
/// Astapori Guildmaster, after it is played, returns an Ally to its owner's hand.
#[test]
fn ritornare_in_mano_meera_and_astapori() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    influence(&mut g, &r, 0, 4);
    let x = hand_card(&mut g, &r, 0, "R8");
    put(&mut g, &r, 0, "C14");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_PILE, 0, x));
    pay(&mut g, &r, 0);
    let meera = g.seats[0].play.iter().find(|c| c.def == id(&r, "R8")).map(|c| c.uid).unwrap();
    assert!(g.seats[0].hand.is_empty());
    act(&mut g, &r, 0, code(GEN_USE, 1, usize::from(meera)));
    pay(&mut g, &r, 0);
    assert!(g.locate(meera).is_none() && g.seats[0].hand == vec![id(&r, "R8")]);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let ally = put(&mut g, &r, 1, "R34");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "T10");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(ally)));
    assert!(g.locate(ally).is_none() && g.seats[1].hand.contains(&id(&r, "R34")));
}

/// "Inginocchiare" effects: Personal Guard kneels a non-Army character after it enters play from hand (an Army
/// character is not offered); Banner Ship kneels to give an attacker +1 STR.
#[test]
fn inginocchiare_personal_guard_and_banner_ship() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let army = put(&mut g, &r, 1, "C11");
    let other = put(&mut g, &r, 1, "C30");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "P5");
    act(&mut g, &r, 0, code(MARSHAL, x, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    let t = of_kind(&g, &r, 0, GEN_TARGET);
    assert!(!t.contains(&code(GEN_TARGET, 0, usize::from(army))));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(other)));
    assert!(card(&g, other).kneeling);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let ship = put(&mut g, &r, 0, "G27");
    let a = put(&mut g, &r, 0, "C11");
    put(&mut g, &r, 1, "C30");
    window(&mut g, Phase::Challenges, At::Challenges);
    pass_window(&mut g, &r);
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    let before = g.strength(&r, 0, card(&g, a));
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(ship)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    assert_eq!(g.strength(&r, 0, card(&g, a)), before + 1);
    assert!(card(&g, ship).kneeling);
}

/// "Ottenere Potere" moved and lost: Too Baseborn to Matter discards the power and attachments of a character
/// without a power icon; Retreat to Dragonstone discards every attachment; Ellaria Sand takes 1 power after a
/// lost challenge.
#[test]
fn potere_discarded_and_moved() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let t = put(&mut g, &r, 1, "C14"); // intrigue only
    g.seats[1].play.iter_mut().for_each(|c| c.power = 3);
    attach(&mut g, &r, t, "C22", 1); // not Northman's Grit: that one makes it immune to events
    let x = hand_card(&mut g, &r, 0, "C208");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(t)));
    assert_eq!((card(&g, t).power, card(&g, t).attachments.len()), (0, 0));
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].house = house_index("baratheon").unwrap();
    influence(&mut g, &r, 0, 4);
    let a = put(&mut g, &r, 0, "C13");
    let b = put(&mut g, &r, 1, "C30");
    attach(&mut g, &r, a, "C3", 0);
    attach(&mut g, &r, b, "C22", 1);
    let x = hand_card(&mut g, &r, 0, "U199");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert!(card(&g, a).attachments.is_empty() && card(&g, b).attachments.is_empty());
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    let att = put(&mut g, &r, 1, "C11");
    let ellaria = put(&mut g, &r, 0, "U110");
    let rich = put(&mut g, &r, 1, "C30");
    g.seats[1].play.iter_mut().for_each(|c| c.power = 2);
    g.first = 1;
    window(&mut g, Phase::Challenges, At::Challenges);
    challenge(&mut g, &r, 1, crate::games::agot_ccg::cards::POW, 0, &[att], &[]);
    for _ in 0..4 {
        if pending_card(&g) == Some(id(&r, "U110")) {
            break;
        }
        let p = g.actor().unwrap();
        pass(&mut g, &r, p);
    }
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rich)));
    assert_eq!((card(&g, ellaria).power, card(&g, rich).power), (1, 1));
}

/// Hand and deck effects: Dorne Goes to War discards the hand (a cost) and puts the top 7 cards into it (not a draw:
/// the three-card limit does not apply); Xaro's Home draws after an attachment is played from hand.
#[test]
fn mano_dorne_goes_to_war_and_xaros_home() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U227"]);
    g.seats[0].house = house_index("martell").unwrap();
    influence(&mut g, &r, 0, 4);
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C13")];
    let x = hand_card(&mut g, &r, 0, "R165");
    let deck = g.seats[0].deck.len();
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[0].hand.len(), 7);
    assert_eq!(g.seats[0].deck.len(), deck - 7);
    assert!(g.seats[0].discard.contains(&id(&r, "C11")) && g.seats[0].discard.contains(&id(&r, "C13")));
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    put(&mut g, &r, 0, "U105");
    influence(&mut g, &r, 0, 1);
    let host = put(&mut g, &r, 0, "C13");
    g.seats[0].gold = 20;
    hand_card(&mut g, &r, 0, "C11");
    let x = hand_card(&mut g, &r, 0, "C3");
    act(&mut g, &r, 0, code(MARSHAL, x, usize::from(host)));
    assert_eq!(pending_card(&g), Some(id(&r, "U105")));
    let hand = g.seats[0].hand.len();
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    pay(&mut g, &r, 0);
    assert_eq!(g.seats[0].hand.len(), hand + 1);
}

/// Two piles searched at once and X counted from the used pile: A Hostage Rescued takes a character from the dead
/// pile or the discard pile; Dark and Full of Terrors kneels one card per The Others plot in the used pile.
#[test]
fn pila_dei_morti_o_degli_scarti_and_x_from_used_plots() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    g.seats[0].dead = vec![id(&r, "C13")];
    g.seats[0].discard = vec![id(&r, "C14")];
    g.wins = vec![(0, MIL), (0, crate::games::agot_ccg::cards::POW)];
    let x = hand_card(&mut g, &r, 0, "G42");
    window(&mut g, Phase::Challenges, At::Challenges);
    act(&mut g, &r, 0, code(GEN_EVENT, x, 0));
    assert_eq!(of_kind(&g, &r, 0, GEN_PICK).len(), 2, "one from each pile");
    let Some(Pending::Effect(res)) = g.pending.first() else { panic!() };
    let super::super::rules::triggered::Step::Pick { choices, .. } = &res.step else { panic!() };
    let k = choices.iter().position(|&c| c % 8192 == id(&r, "C14")).unwrap();
    act(&mut g, &r, 0, code(GEN_PICK, 0, k));
    assert!(g.seats[0].discard.iter().all(|&c| c != id(&r, "C14")) && g.seats[0].dead == vec![id(&r, "C13")]);
    assert!(g.seats[0].play.iter().any(|c| c.def == id(&r, "C14")));
    // Dark and Full of Terrors with two The Others plots used: two cards kneel.
    let others: Vec<u16> = (0..r.cards.len() as u16)
        .filter(|&c| r.cards[usize::from(c)].kind == super::super::cards::Kind::Plot)
        .filter(|&c| r.cards[usize::from(c)].has_trait("The Others") && c != id(&r, "U220"))
        .take(2)
        .collect();
    assert_eq!(others.len(), 2);
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "U220"), id(&r, "R231")];
    g.seats[1].plots = vec![id(&r, "T49")];
    g.seats[0].used = others;
    let a = put(&mut g, &r, 1, "C30");
    let b = put(&mut g, &r, 1, "C11");
    put(&mut g, &r, 1, "C13");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    let chooser = g.actor().unwrap();
    act(&mut g, &r, chooser, code(FIRST, 0, 0));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(a)));
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(b)));
    assert!(card(&g, a).kneeling && card(&g, b).kneeling);
    assert!(!matches!(g.pending.first(), Some(Pending::Effect(x)) if x.card == id(&r, "U220")), "X = 2: done");
}
