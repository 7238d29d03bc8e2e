//! The House card takes attachments and kneels (`rules/house_card.rs`): G33 Strength in Unity, U129 Paper Money,
//! R180 Arianne's Rejection. Each test names the card and the rulebook section it leans on (Italian titles).

use super::helpers::*;
use crate::engine::{Events, Game, Viewer};
use crate::games::agot_ccg::cards::Rules;
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Event, Pending, Phase};

fn martell_rules() -> Rules {
    rules_with(r#"{"decks": ["martell", "stark"], "round_limit": 30}"#)
}

/// `code` goes on `seat`'s House card, as if marshalled there.
fn on_house(g: &mut AgotCcg, r: &Rules, seat: usize, code: &str) {
    g.seats[seat].house_attachments.push((id(r, code), seat as u8));
}

/// G33 Strength in Unity ("Equipaggiamenti", "Oro"): marshalled only onto its player's own House card (no
/// character is offered as its host); there it adds 1 gold to the income, and every seat sees it.
#[test]
fn strength_in_unity_goes_on_the_house_card_and_gives_gold() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    put(&mut g, &r, 0, "C13");
    put(&mut g, &r, 1, "C30");
    g.seats[0].gold = 5;
    g.seats[0].hand = vec![id(&r, "G33"), id(&r, "C13")];
    let before = g.income(&r, 0);
    assert!(!of_kind(&g, &r, 0, MARSHAL).iter().any(|&a| split(a).1 == 0), "not on a character");
    assert_eq!(of_kind(&g, &r, 0, MARSHAL_HOUSE), vec![code(MARSHAL_HOUSE, 0, 0)]);
    act(&mut g, &r, 0, code(MARSHAL_HOUSE, 0, 0));
    assert_eq!(g.seats[0].house_attachments, vec![(id(&r, "G33"), 0)]);
    assert_eq!((g.seats[0].gold, g.income(&r, 0)), (5 - 1, before + 1));
    let view = g.view(&r, Viewer::Player(1));
    assert_eq!(view.seats[0].house_attachments, vec![id(&r, "G33")], "public");
}

/// U129 Paper Money ("Azioni" in marshalling, "Costi"): kneel the House card it is on to make the next character
/// cheaper by the number of attachments on that House card (2 here: it and Strength in Unity); a kneeling House
/// card cannot pay again, and it stands in the standing phase ("Fase 6").
#[test]
fn paper_money_kneels_the_house_card_to_lower_the_next_character() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    on_house(&mut g, &r, 0, "G33");
    on_house(&mut g, &r, 0, "U129");
    g.seats[0].hand = vec![id(&r, "C11")]; // Greatjon's Elite: cost 4
    g.seats[0].gold = 10;
    let full = g.marshal_cost(&r, 0, id(&r, "C11"), 0);
    window(&mut g, Phase::Marshal, At::Marshal);
    let use_it = code(GEN_PILE, 3 * 16 + 1, 1);
    assert!(legal(&g, &r, 0).contains(&use_it));
    // Named by the attachment on the House card, not by whatever card sits at that index of another pile.
    g.seats[0].dead = vec![id(&r, "C11")];
    assert_eq!(g.describe(&r, 0, use_it).label, "use the action of Paper Money on your House card");
    act(&mut g, &r, 0, use_it);
    assert!(g.seats[0].house_kneeling);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C11"), 0), full - 2, "X = 2 attachments");
    assert!(!legal(&g, &r, 0).contains(&use_it), "a kneeling House card cannot be knelt again");

    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    g.seats[0].house_kneeling = true;
    window(&mut g, Phase::Dominance, At::Dominance);
    pass_window(&mut g, &r);
    assert!(g.phase != Phase::Dominance && !g.seats[0].house_kneeling, "it stands with everything else");
}

/// R180 Arianne's Rejection (House Martell only; "Scartare"): choose a standing House card, kneel it, and
/// discard every attachment on it to its owner's discard pile.
#[test]
fn ariannes_rejection_kneels_a_house_card_and_discards_its_attachments() {
    let r = martell_rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    on_house(&mut g, &r, 1, "G33");
    on_house(&mut g, &r, 1, "U129");
    g.seats[0].house_kneeling = true;
    g.seats[0].hand = vec![id(&r, "R180")];
    let income = g.income(&r, 1);
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_EVENT, 0, 0));
    assert_eq!(of_kind(&g, &r, 0, GEN_PLAYER), vec![code(GEN_PLAYER, 0, 1)], "only a standing House card");
    let mut ev = Events::new();
    g.apply(&r, 0, code(GEN_PLAYER, 0, 1), &mut ev).unwrap();
    let knelt = ev.all().iter().any(|l| matches!(l.event, Event::HouseKnelt { seat: 1 }));
    assert!(knelt && g.seats[1].house_attachments.is_empty(), "knelt (it stands again as the phase ends)");
    assert!(g.seats[1].discard.contains(&id(&r, "G33")) && g.seats[1].discard.contains(&id(&r, "U129")));
    assert_eq!(g.income(&r, 1), income - 1);
}

/// G21 Standard of the Kraken ("Azioni" in any phase, "Controllo"): kneel the House card it is on to take control
/// of a location until the end of the phase, unless the location's controller kneels X influence (X = 2 here: it and
/// Strength in Unity). Declined, the location changes hands; paid, nothing more happens and the House card stays
/// knelt.
#[test]
fn standard_of_the_kraken_takes_a_location_unless_its_controller_pays() {
    let r = rules();
    for pays in [false, true] {
        let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
        on_house(&mut g, &r, 0, "G21");
        on_house(&mut g, &r, 0, "G33");
        let rush = put(&mut g, &r, 1, "C155"); // Blackwater Rush: 2 influence
        put(&mut g, &r, 0, "C11"); // a challenge to declare keeps the phase going
        window(&mut g, Phase::Challenges, At::Challenges);
        act(&mut g, &r, 0, code(GEN_PILE, 3 * 16 + 1, 0));
        assert!(g.seats[0].house_kneeling);
        act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(rush)));
        assert!(matches!(g.pending.first(), Some(Pending::Prevent { seat: 1, left: 2 })), "{:?}", g.pending);
        if pays {
            act(&mut g, &r, 1, code(PAY, 0, usize::from(rush)));
            assert_eq!(g.locate(rush).map(|l| l.0), Some(1), "paid: it stays");
            assert!(card(&g, rush).kneeling && !g.pending.iter().any(|p| matches!(p, Pending::Effect(_))));
        } else {
            act(&mut g, &r, 1, code(DONE, 0, 0));
            assert_eq!(g.locate(rush).map(|l| l.0), Some(0), "declined: seat 0 controls it this phase");
        }
    }
}

/// U163 The New Gift and U164 The Old Gift ("Azioni" in marshalling, "Influenza"): kneel it: the next attachment
/// (location) costs 1 less, and what its gold cannot pay may be paid by kneeling influence. Without gold, Banished
/// (cost 2, 1 after the reduction) is offered and its 1 gold is asked as influence; a character gets neither. The
/// Old Gift does the same for a location.
#[test]
fn the_new_and_old_gifts_lower_the_next_card_and_let_influence_pay() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let gift = put(&mut g, &r, 0, "U163");
    let host = put(&mut g, &r, 0, "C13");
    let rush = influence(&mut g, &r, 0, 2)[0];
    g.seats[0].gold = 0;
    g.seats[0].hand = vec![id(&r, "G32"), id(&r, "C14")]; // Banished (2), Keeper of the New Gods (2)
    let raised = code(MARSHAL, 0, usize::from(host));
    assert!(!legal(&g, &r, 0).contains(&raised), "no gold: not yet");
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(gift)));
    assert!(card(&g, gift).kneeling);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "G32"), 0), 1);
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C14"), 0), 2, "a character: not lowered");
    assert!(!of_kind(&g, &r, 0, MARSHAL).iter().any(|&a| split(a).1 == 1), "nor paid with influence");
    act(&mut g, &r, 0, raised);
    assert!(matches!(g.pending.first(), Some(Pending::PayFor { seat: 0, left: 1, .. })), "{:?}", g.pending);
    let mut ev = Events::new();
    g.apply(&r, 0, code(PAY, 0, usize::from(rush)), &mut ev).unwrap();
    let rush_def = id(&r, "C155");
    assert!(ev.all().iter().any(|l| matches!(l.event, Event::Knelt { seat: 0, card } if card == rush_def)));
    assert_eq!(card(&g, host).attachments, vec![(id(&r, "G32"), 0)]);
    assert!(g.seats[0].reductions.is_empty() && g.seats[0].influence_pays.is_empty(), "used up");

    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let gift = put(&mut g, &r, 0, "U164");
    influence(&mut g, &r, 0, 2);
    g.seats[0].gold = 0;
    g.seats[0].hand = vec![id(&r, "C155"), id(&r, "C14")]; // Blackwater Rush
    let cost = g.marshal_cost(&r, 0, id(&r, "C155"), 0);
    act(&mut g, &r, 0, code(GEN_USE, 0, usize::from(gift)));
    assert_eq!(g.marshal_cost(&r, 0, id(&r, "C155"), 0), cost.saturating_sub(1));
    assert!(legal(&g, &r, 0).contains(&code(MARSHAL, 0, 0)), "a location, paid with influence");
}

/// A card played with its optional penalty is offered on the same purse as without it: when a waiting payment lets
/// influence pay for it, Littlefinger's Collectors with its +1 penalty is offered with 1 gold short and 2 influence
/// standing, and the missing gold is asked in influence.
#[test]
fn an_optional_penalty_may_be_paid_with_influence_when_the_next_card_allows_it() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let rush = influence(&mut g, &r, 0, 2)[0];
    g.seats[0].hand = vec![id(&r, "R34")];
    g.seats[0].gold = g.marshal_cost(&r, 0, id(&r, "R34"), 1) - 1;
    let with_penalty = code(MARSHAL_PENALTY, 0, 0);
    assert!(!legal(&g, &r, 0).contains(&with_penalty), "gold only: 1 short");
    g.seats[0].influence_pays.push(crate::games::agot_ccg::cards::classify::NEXT_ANY);
    assert!(legal(&g, &r, 0).contains(&with_penalty), "the gold and 1 influence can");
    act(&mut g, &r, 0, with_penalty);
    assert!(matches!(g.pending.first(), Some(Pending::PayFor { seat: 0, left: 1, .. })), "{:?}", g.pending);
    act(&mut g, &r, 0, code(PAY, 0, usize::from(rush)));
    assert_eq!(g.seats[0].gold, 0);
    assert!(card(&g, rush).kneeling);
}
