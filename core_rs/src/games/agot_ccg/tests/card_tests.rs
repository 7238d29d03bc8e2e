//! Card texts of the pool ("La regola d'oro": card text beats the rules), one test per ability kind.

use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::{INT, MIL, POW};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{Pending, Phase};

/// Arya Stark: after you win a challenge, put her into play from your hand (a yes/no response).
#[test]
fn arya_enters_play_from_hand_after_a_win() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "R230"]);
    let a = put(&mut g, &r, 0, "C11");
    put(&mut g, &r, 1, "C36");
    g.seats[0].hand = vec![id(&r, "U4")];
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!(legal(&g, &r, 0), vec![code(YES, 0, 0), code(DONE, 0, 0)]);
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(g.seats[0].hand.is_empty() && g.seats[0].play.iter().any(|c| c.def == id(&r, "U4")));
}

/// Eddard Stark: after a Stark character is killed, stand Eddard. Robert Baratheon: after he is killed, move
/// all power on characters to your House.
#[test]
fn eddard_stands_and_robert_moves_power() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let ned = put(&mut g, &r, 0, "U6");
    let hunt = put(&mut g, &r, 0, "C13");
    g.seats[0].play[0].kneeling = true;
    let mut ev = Events::new();
    g.kill(&r, hunt, true, &mut ev);
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(!card(&g, ned).kneeling);
    let bob = put(&mut g, &r, 1, "U47");
    g.seats[0].play[0].power = 2;
    g.kill(&r, bob, true, &mut ev);
    act(&mut g, &r, 1, code(YES, 0, 0));
    assert_eq!((g.seats[1].house_power, card(&g, ned).power), (2, 0));
}

/// Winterfell Castle: after you win as defender, each opponent kills one of his characters.
#[test]
fn winterfell_castle_after_a_defence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    g.first = 1;
    put(&mut g, &r, 0, "R18");
    let d = put(&mut g, &r, 0, "U6");
    let a = put(&mut g, &r, 1, "C36");
    challenge(&mut g, &r, 1, POW, 0, &[a], &[d]);
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(matches!(g.pending.first(), Some(Pending::Kill { seat: 1, .. })));
    act(&mut g, &r, 1, code(KILL, 0, usize::from(a)));
    assert!(g.locate(a).is_none());
}

/// Tywin's Manse: one more power after winning dominance.
#[test]
fn tywins_manse_dominance_bonus() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U227"]);
    put(&mut g, &r, 1, "U41");
    put(&mut g, &r, 1, "U25");
    put(&mut g, &r, 0, "C36"); // Stark seat with a weaker character
    g.turn = 2;
    let mut ev = Events::new();
    g.advance(&r, &mut ev);
    act(&mut g, &r, 1, code(YES, 0, 0));
    assert_eq!(g.seats[1].house_power, 2);
}

/// Highgarden Reinforcements (draw 2 after you play it), Enemy Informer (kneel a character), Littlefinger's
/// Collectors (optional +1 gold penalty: opponents discard 2), Veteran Builder (penalty: it claims 2 power).
#[test]
fn on_play_responses_and_optional_penalties() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    g.first = 1;
    g.seats[1].gold = 20;
    g.seats[1].hand = vec![id(&r, "C32"), id(&r, "R34"), id(&r, "C147")];
    g.seats[0].hand = vec![id(&r, "C13"), id(&r, "C15"), id(&r, "C11")];
    act(&mut g, &r, 1, code(MARSHAL, 0, 0));
    act(&mut g, &r, 1, code(YES, 0, 0));
    assert_eq!(g.seats[1].hand.len(), 4, "two cards drawn");
    let lf = g.seats[1].hand.iter().position(|&c| c == id(&r, "R34")).unwrap();
    let gold = g.seats[1].gold;
    act(&mut g, &r, 1, code(MARSHAL_PENALTY, lf, 0));
    assert_eq!(gold - g.seats[1].gold, 5, "4 + the chosen penalty of 1");
    let first = of_kind(&g, &r, 0, DISCARD)[0];
    act(&mut g, &r, 0, first);
    let second = of_kind(&g, &r, 0, DISCARD)[0];
    act(&mut g, &r, 0, second);
    assert_eq!(g.seats[0].hand.len(), 1);
    let vb = g.seats[1].hand.iter().position(|&c| c == id(&r, "C147")).unwrap();
    act(&mut g, &r, 1, code(MARSHAL_PENALTY, vb, 0));
    assert_eq!(g.seats[1].play.last().unwrap().power, 2);
}

/// Reducers (kneel: the next card of the House costs 1 less) and House Stark Herald (Army costs 1 less).
#[test]
fn cost_reducers() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U227"]);
    let fief = put(&mut g, &r, 0, "C20");
    put(&mut g, &r, 0, "U12");
    g.seats[0].gold = 5;
    g.seats[0].hand = vec![id(&r, "C11"), id(&r, "C157")];
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C11"), 0), 3, "Herald: Army -1");
    act(&mut g, &r, 0, code(REDUCER, 0, usize::from(fief)));
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C11"), 0), 2);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C157"), 0), 2, "Stark reducer: not for neutral cards");
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    assert_eq!(g.seats[0].gold, 3);
    assert!(g.seats[0].reductions.is_empty(), "used by the next Stark card");
}

/// Lookout: Army characters cannot defend while it attacks. Shaggydog: +3 STR with a Stark Lord.
#[test]
fn lookout_and_shaggydog() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let l = put(&mut g, &r, 0, "C15");
    let dog = put(&mut g, &r, 0, "R9");
    assert_eq!(g.strength(&r, 0, card(&g, dog)), 2);
    put(&mut g, &r, 0, "U6");
    assert_eq!(g.strength(&r, 0, card(&g, dog)), 5);
    let army = put(&mut g, &r, 1, "C32");
    let other = put(&mut g, &r, 1, "C30");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[l]);
    assert_eq!(g.eligible_defenders(&r, 1), vec![other], "the Army cannot defend");
    let _ = army;
}

/// Halls of the Red Keep (+1 intrigue claim), Loyalty Money can Buy (opponents' claim -1).
#[test]
fn claim_modifiers() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U240", "T49"]);
    assert_eq!(g.claim(&r, 0, INT), 1, "Winter is Coming 2, Loyalty Money can Buy -1");
    put(&mut g, &r, 1, "R40");
    assert_eq!(g.claim(&r, 0, INT), 2);
    assert_eq!(g.claim(&r, 0, MIL), 1);
    assert_eq!(g.claim(&r, 1, INT), 2, "the Halls help everybody");
}

/// Bloody Trident: the loser of an unopposed challenge discards 2 House power.
#[test]
fn bloody_trident() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U224"]); // no unopposed power for seat 0
    put(&mut g, &r, 1, "C156");
    g.seats[1].house_power = 5;
    let a = put(&mut g, &r, 0, "C11");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (2, 1));
}

/// Bloody Trident with its text box blank (Nightmares, Lord of Bones) demands nothing: "Testo vuoto" turns off
/// every ability of the card, its constant one too.
#[test]
fn a_blank_bloody_trident_makes_the_loser_discard_nothing() {
    use crate::games::agot_ccg::rules::triggered::{Lasting, Lasts};
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U216", "U224"]); // no unopposed power for seat 0
    let trident = put(&mut g, &r, 1, "C156");
    g.lasting.push(Lasting { uid: trident, what: Lasts::Blank });
    g.seats[1].house_power = 5;
    let a = put(&mut g, &r, 0, "C11");
    challenge(&mut g, &r, 0, POW, 1, &[a], &[]);
    assert_eq!((g.seats[0].house_power, g.seats[1].house_power), (2, 3), "the power claim only, no Trident");
}

/// Plots: A Beggared Realm (opponents +1 income), Wildling Siege (+2 on characters and attachments), Ready as
/// We'll Ever Be (no draw), Student of Coin (draw 1 on reveal), Filthy Accusations (kneel a character).
#[test]
fn plot_effects() {
    let r = rules();
    let g = scenario(&r, Phase::Marshal, ["R213", "R238"]);
    assert_eq!(g.income(&r, 1), 3 + 1);
    assert_eq!(g.income(&r, 0), 6);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C13"), 0), 3);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C157"), 0), 2);
    let mut g = scenario(&r, Phase::Plot, ["U224", "U227"]);
    g.seats[0].plots = vec![id(&r, "T54")];
    g.seats[1].plots = vec![id(&r, "G54")];
    put(&mut g, &r, 1, "C146");
    let target = put(&mut g, &r, 0, "C11");
    act(&mut g, &r, 0, code(PLOT, 0, 0));
    act(&mut g, &r, 1, code(PLOT, 0, 0));
    assert_eq!(g.seats[1].hand.len(), 1, "Student of Coin");
    act(&mut g, &r, 0, code(FIRST, 0, 0));
    act(&mut g, &r, 1, code(KNEEL, 0, usize::from(target)));
    assert!(card(&g, target).kneeling);
    assert_eq!(g.seats[0].hand.len(), 0, "Ready as We'll Ever Be: no draw");
    assert_eq!(g.seats[1].hand.len(), 3);
}

/// Catch Them Unprepared: a player with lower initiative declares at most 1 defender. Fortified Position:
/// character text boxes are blank.
#[test]
fn catch_them_unprepared_and_fortified_position() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["R218", "U227"]); // initiative 4 against 3
    let a = put(&mut g, &r, 0, "C11");
    let d1 = put(&mut g, &r, 1, "C30");
    put(&mut g, &r, 1, "C32");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[a]);
    let sets = of_kind(&g, &r, 1, DEFEND_SET);
    assert_eq!(sets.len(), 2, "one defender only: two single-character sets, no pair");
    defend(&mut g, &r, 1, &[d1]);
    let mut g = scenario(&r, Phase::Challenges, ["U221", "U227"]);
    let dog = put(&mut g, &r, 0, "R9");
    put(&mut g, &r, 0, "U6");
    assert!(!g.deadly(&r, 0, card(&g, dog)), "no keywords");
    assert_eq!(g.strength(&r, 0, card(&g, dog)), 0, "1, no +3 (blank), Hear Me Roar -1");
}

/// Attachments: icons, keywords and conditional gains (Wisdom of the East on a Targaryen character only;
/// Eastern Mercenary's stealth, Free Cities Trader's STR and Pentoshi Mercenaries' no-kneel with attachments).
#[test]
fn attachment_driven_abilities() {
    let r = rules_with(r#"{"decks": ["targaryen", "stark"], "round_limit": 30}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let trader = put(&mut g, &r, 0, "C94");
    let merc = put(&mut g, &r, 0, "T13");
    let hunt = put(&mut g, &r, 1, "C13");
    attach(&mut g, &r, trader, "T20", 0);
    attach(&mut g, &r, hunt, "T20", 0);
    assert_eq!(g.icons(&r, 0, card(&g, trader)), 0b111);
    assert_eq!(g.icons(&r, 1, card(&g, hunt)), 0b001, "not a Targaryen character");
    assert_eq!(g.strength(&r, 0, card(&g, trader)), 2 + 1);
    attach(&mut g, &r, merc, "C132", 0);
    challenge(&mut g, &r, 0, MIL, 1, &[merc], &[]);
    assert!(!card(&g, merc).kneeling, "an attachment: it does not kneel to attack");
}

/// "Azioni": after defenders, the first player then each player clockwise may act or pass; an action reopens
/// the round of passes. Events: Too Weak to Fight, Insidious Ways (draw 2 on a win), I am King Here! (2 power on a
/// win), Jojen's Counsel; Keeper of the New Gods; Arya's Revenge pays 3 influence and goes to the dead pile.
#[test]
fn azioni_action_window_events_and_influence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let ned = put(&mut g, &r, 0, "U6");
    let keeper = put(&mut g, &r, 0, "C14");
    let jaime = put(&mut g, &r, 1, "U25");
    g.seats[0].hand = vec![id(&r, "C210"), id(&r, "C189")];
    g.seats[1].hand = vec![id(&r, "C188")];
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(POW), 1));
    attack(&mut g, &r, 0, &[ned]);
    pass_window(&mut g, &r);
    defend(&mut g, &r, 1, &[jaime]);
    // 5 against 5: the first player (seat 0) acts first in the window.
    assert_eq!(g.actor(), Some(0));
    let l = legal(&g, &r, 0);
    assert!(!l.contains(&code(EVENT, 0, usize::from(ned))), "Too Weak to Fight: Eddard has a military icon");
    assert!(l.contains(&code(EVENT, 1, usize::from(ned))), "Jojen's Counsel on a Stark character");
    assert!(l.contains(&code(USE, 1, usize::from(ned))), "Keeper of the New Gods");
    act(&mut g, &r, 0, code(USE, 1, usize::from(ned)));
    assert!(card(&g, keeper).kneeling);
    assert_eq!(g.strength(&r, 0, card(&g, ned)), 7);
    // Seat 1 answers: Insidious Ways needs an attacking Lannister character, so seat 1 passes by itself and
    // seat 0 passes to close the window.
    assert_eq!(g.actor(), Some(0));
    act(&mut g, &r, 0, code(DONE, 0, 0));
    assert_eq!(g.seats[0].house_power, 0, "7 against 5: seat 1 had no power to take");
    assert_eq!(card(&g, ned).power, 1, "renown");
}

/// Insidious Ways and I am King Here!: riders paid only if the chosen character's side wins.
#[test]
fn event_riders_on_a_win() {
    let r = rules_with(r#"{"decks": ["lannister", "baratheon"], "round_limit": 30}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let a = put(&mut g, &r, 0, "C36");
    let d = put(&mut g, &r, 1, "C57");
    g.seats[0].hand = vec![id(&r, "C188")];
    g.seats[1].hand = vec![id(&r, "C186")];
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(INT), 1));
    attack(&mut g, &r, 0, &[a]);
    pass_window(&mut g, &r);
    defend(&mut g, &r, 1, &[d]);
    act(&mut g, &r, 0, code(EVENT, 0, usize::from(a))); // 5 against 3
    act(&mut g, &r, 1, code(EVENT, 0, usize::from(d))); // 5 against 5: a tie goes to the attacker
                                                        // Neither seat has another action: both pass by themselves and the challenge resolves.
    assert_eq!(g.seats[0].hand.len(), 2, "Insidious Ways: the attacker won, draw 2");
    assert_eq!(g.seats[1].house_power, 0, "I am King Here!: the defender lost, no power");
}

/// Greyjoy and Martell: Asha and Bannermen claim power after an unopposed win they took part in, Warrior of the Old
/// Way claims House power after any win, Gormond's House power when killed, Theon does not kneel while his
/// controller has a Warship, Reserve Fleet boosts only an attacker, Warmonger counts the dead, Areo Hotah's STR
/// cannot be lowered, Arianne's Admirer allows a second Limited card.
#[test]
fn greyjoy_and_martell_abilities() {
    let r = rules_with(r#"{"decks": ["greyjoy", "martell"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let asha = put(&mut g, &r, 0, "G15");
    let warrior = put(&mut g, &r, 0, "G14");
    let theon = put(&mut g, &r, 0, "U68");
    let fleet = put(&mut g, &r, 0, "G30");
    let knight = put(&mut g, &r, 1, "U116");
    let j = g.seats[0].play.iter().position(|c| c.uid == fleet).unwrap();
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[asha, warrior, theon]);
    assert!(!card(&g, theon).kneeling, "Theon: a Warship is in play");
    let l = legal(&g, &r, 0);
    assert!(l.contains(&code(USE, j, usize::from(asha))) && !l.contains(&code(USE, j, usize::from(knight))));
    act(&mut g, &r, 0, code(USE, j, usize::from(asha)));
    assert_eq!(g.strength(&r, 0, card(&g, asha)), 2 + 1 + 2);
    pass_window(&mut g, &r);
    defend(&mut g, &r, 1, &[]);
    pass_window(&mut g, &r);
    // Unopposed: seat 1 kills its knight (the claim), then Asha and the Warrior respond.
    let mut yes = 0;
    while let Some(p) = g.pending.first().cloned() {
        match p {
            Pending::Respond { .. } => {
                act(&mut g, &r, 0, code(YES, 0, 0));
                yes += 1;
            }
            _ => act(&mut g, &r, 1, code(KILL, 0, usize::from(knight))),
        }
    }
    assert_eq!(yes, 2);
    assert_eq!(card(&g, asha).power, 1 + 1, "renown and her response");
    assert_eq!(g.seats[0].house_power, 1 + 1, "unopposed, and the Warrior of the Old Way");
    assert!(g.locate(knight).is_none());

    // Gormond: 2 House power when killed.
    let gormond = put(&mut g, &r, 1, "U67");
    let before = g.seats[1].house_power;
    let mut ev = Events::new();
    g.kill(&r, gormond, true, &mut ev);
    act(&mut g, &r, 1, code(YES, 0, 0));
    assert_eq!(g.seats[1].house_power, before + 2);

    // Warmonger: +1 per character in all dead piles while a doomed card is in one; Areo Hotah is not lowered.
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let w = put(&mut g, &r, 1, "U120");
    let areo = put(&mut g, &r, 1, "U108");
    assert_eq!(g.strength(&r, 1, card(&g, w)), 1 + 1, "For Love of Duty only: no doomed card yet");
    g.seats[0].dead = vec![id(&r, "U68"), id(&r, "C75")]; // Theon is doomed
    assert_eq!(g.strength(&r, 1, card(&g, w)), 1 + 1 + 2);
    g.mods.push((areo, -3));
    assert_eq!(g.strength(&r, 1, card(&g, areo)), 3 + 1, "Areo Hotah: the -3 does not apply");
    // Arianne's Admirer: a second Limited card this round.
    g.seats[0].limited_played = 1;
    assert!(!g.limited_ok(&r, 0, id(&r, "C83")));
    put(&mut g, &r, 0, "R113");
    assert!(g.limited_ok(&r, 0, id(&r, "C83")));
}

/// "Risposte" and "Furtività": Arianne Martell stands after an attacker with stealth is declared (and only then);
/// Dornish Lancer draws a card after it, not another stealth attacker, uses stealth on a character.
#[test]
fn risposte_arianne_stands_and_the_lancer_draws_after_stealth() {
    let r = rules_with(r#"{"decks": ["martell", "greyjoy"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let areo = put(&mut g, &r, 0, "U108");
    let arianne = put(&mut g, &r, 0, "U109");
    g.seats[0].play.iter_mut().find(|c| c.uid == arianne).unwrap().kneeling = true;
    put(&mut g, &r, 1, "C75");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[areo]);
    assert!(g.pending.is_empty(), "no attacker with stealth: no response");
    assert!(card(&g, arianne).kneeling);

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let arianne = put(&mut g, &r, 0, "U109");
    let lancer = put(&mut g, &r, 0, "C114");
    let rider = put(&mut g, &r, 1, "C75");
    let builder = put(&mut g, &r, 1, "C147");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(INT), 1));
    attack(&mut g, &r, 0, &[arianne, lancer]);
    assert!(card(&g, arianne).kneeling && card(&g, lancer).kneeling, "attackers kneel first");
    assert!(matches!(g.pending.first(), Some(Pending::Respond { seat: 0, .. })));
    act(&mut g, &r, 0, code(YES, 0, 0));
    assert!(!card(&g, arianne).kneeling, "Arianne stood");
    assert!(g.challenge.as_ref().unwrap().attackers.contains(&arianne), "and still attacks");
    pass_window(&mut g, &r);
    let users = match g.pending.first() {
        Some(Pending::Stealth { users, .. }) => users.clone(),
        p => panic!("stealth choice expected, got {p:?}"),
    };
    assert_eq!(users.len(), 2);
    let hand = g.seats[0].hand.len();
    for (target, user) in [rider, builder].into_iter().zip(users) {
        act(&mut g, &r, 0, code(STEALTH, 0, usize::from(target)));
        let offered = matches!(g.pending.first(), Some(Pending::Respond { seat: 0, .. }));
        assert_eq!(offered, user == lancer, "only the Lancer's stealth offers the draw");
        if offered {
            act(&mut g, &r, 0, code(YES, 0, 0));
        }
    }
    assert_eq!(g.seats[0].hand.len(), hand + 1);
    assert!(g.eligible_defenders(&r, 1).is_empty(), "both defenders bypassed");
}

/// "Furtività" with Unbowed, Unbent, Unbroken revealed by the defender: no stealth against his characters.
#[test]
fn furtivita_unbowed_unbent_unbroken_forbids_stealth() {
    let r = rules_with(r#"{"decks": ["greyjoy", "martell"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U235"]);
    let theon = put(&mut g, &r, 0, "U68");
    let knight = put(&mut g, &r, 1, "U116");
    let areo = put(&mut g, &r, 1, "U108");
    act(&mut g, &r, 0, code(CHALLENGE, usize::from(MIL), 1));
    attack(&mut g, &r, 0, &[theon]);
    pass_window(&mut g, &r);
    assert!(!matches!(g.pending.first(), Some(Pending::Stealth { .. })), "no stealth choice");
    assert_eq!(g.eligible_defenders(&r, 1), vec![knight, areo]);
    // Seat 1 attacking seat 0 (who has no such plot) still uses stealth.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U235"]);
    g.first = 1;
    let knight = put(&mut g, &r, 1, "U116");
    put(&mut g, &r, 0, "C75");
    act(&mut g, &r, 1, code(CHALLENGE, usize::from(MIL), 0));
    attack(&mut g, &r, 1, &[knight]);
    pass_window(&mut g, &r);
    assert!(matches!(g.pending.first(), Some(Pending::Stealth { seat: 1, .. })));
}

/// "Parole chiave" (Furtività) granted by a card: while Euron Crow's Eye stands, the Greyjoy characters his
/// controller controls (Euron too) have stealth; kneeling, he grants nothing, and other Houses' characters never.
#[test]
fn parole_chiave_euron_grants_stealth_while_standing() {
    let r = rules_with(r#"{"decks": ["greyjoy", "martell"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let rider = put(&mut g, &r, 0, "C75");
    let builder = put(&mut g, &r, 0, "C147");
    let foe = put(&mut g, &r, 1, "C75");
    assert!(!g.stealthy(&r, 0, card(&g, rider)));
    let euron = put(&mut g, &r, 0, "R66");
    assert!(g.stealthy(&r, 0, card(&g, rider)) && g.stealthy(&r, 0, card(&g, euron)));
    assert!(!g.stealthy(&r, 0, card(&g, builder)), "a neutral character gains nothing");
    assert!(!g.stealthy(&r, 1, card(&g, foe)), "only characters Euron's controller controls");
    g.seats[0].play.iter_mut().find(|c| c.uid == euron).unwrap().kneeling = true;
    assert!(!g.stealthy(&r, 0, card(&g, rider)), "kneeling, Euron grants nothing");
}

/// "Potere e vittoria" with Balon's Follower: while everything its controller controls is neutral or Greyjoy,
/// each opponent needs 17 power, not 15; with a card of another House in play, 15 again.
#[test]
fn potere_e_vittoria_balons_follower_raises_the_threshold() {
    let r = rules_with(r#"{"decks": ["greyjoy", "martell"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let mut ev = Events::new();
    put(&mut g, &r, 0, "G11");
    put(&mut g, &r, 0, "C147");
    g.seats[1].house_power = 16;
    g.check_end(&r, &mut ev);
    assert_ne!(g.phase, Phase::Over, "16 is not enough against Balon's Follower");
    assert_eq!(g.power_to_win(&r, 1, 15), 17);
    assert_eq!(g.power_to_win(&r, 0, 15), 15, "his own controller is not an opponent");
    put(&mut g, &r, 0, "U108"); // a Martell card under the Greyjoy player's control
    g.check_end(&r, &mut ev);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.winners, vec![1]);
}

/// The search's estimate of a cut playout (`Search::standing`) reads the same threshold: with Balon's Follower out,
/// the opponent's 15 power is behind the Greyjoy player's 14, being 2 short of 17 against 1 short of 15.
#[test]
fn a_cut_playout_scores_the_distance_to_each_house_s_own_win() {
    use crate::engine::Search;
    let r = rules_with(r#"{"decks": ["greyjoy", "martell"], "round_limit": 0}"#);
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    g.seats[0].house_power = 14;
    g.seats[1].house_power = 15;
    put(&mut g, &r, 0, "G11");
    put(&mut g, &r, 0, "C147");
    let s = g.standing(&r).unwrap();
    assert!(s[0] > s[1], "14 of 15 is nearer than 15 of 17: {s:?}");
    put(&mut g, &r, 0, "U108");
    let s = g.standing(&r).unwrap();
    assert!(s[1] > s[0], "without the Follower's condition both need 15: {s:?}");
}
