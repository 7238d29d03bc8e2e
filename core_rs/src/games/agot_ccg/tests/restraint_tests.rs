//! Restraints (`rules/restraints.rs`): G32 Banished, P4 In Chains, P7 Band of Free Folk, and the designed
//! C142 Fallen Brother. Each test names the card and the rulebook section it leans on (Italian titles).

use super::helpers::*;
use crate::engine::Events;
use crate::games::agot_ccg::cards::{Rules, MIL, POW, STEALTH};
use crate::games::agot_ccg::rules::actions::*;
use crate::games::agot_ccg::state::{AgotCcg, At, Pending, Phase};

/// Seat 0 opens a military challenge against seat 1; the attackers are not declared yet.
fn open_military(g: &mut AgotCcg, r: &Rules) {
    window(g, Phase::Challenges, At::Challenges);
    pass_window(g, r);
    act(g, r, 0, code(CHALLENGE, usize::from(MIL), 1));
}

/// G32 Banished ("Testo", "Influenza"): the attached character's text box is blank (Janos Slynt loses his
/// printed stealth and his ability), and it may attack only if its controller kneels 1 influence as it is
/// declared; without influence it is not offered at all.
#[test]
fn banished_blanks_the_text_and_attacking_costs_one_influence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let janos = put(&mut g, &r, 0, "U141");
    assert!(g.keywords(&r, 0, card(&g, janos)) & STEALTH != 0 && !g.abilities(&r, card(&g, janos)).is_empty());
    let informer = put(&mut g, &r, 0, "C30");
    put(&mut g, &r, 1, "C13");
    attach(&mut g, &r, informer, "G32", 1);
    attach(&mut g, &r, janos, "G32", 1);
    assert_eq!(g.keywords(&r, 0, card(&g, janos)) & STEALTH, 0, "printed keyword blanked");
    assert!(g.abilities(&r, card(&g, janos)).is_empty(), "ability blanked");
    g.phase = Phase::Challenges;
    assert!(!g.can_attack(&r, 0, informer, MIL), "no influence to kneel: it cannot attack");

    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let elite = put(&mut g, &r, 0, "C30");
    let huntress = put(&mut g, &r, 0, "C13");
    let rush = influence(&mut g, &r, 0, 1)[0];
    put(&mut g, &r, 1, "C14");
    attach(&mut g, &r, elite, "G32", 1);
    open_military(&mut g, &r);
    assert!(g.eligible_attackers(&r, 0).contains(&elite));
    assert!(of_kind(&g, &r, 0, ATTACK_SET).is_empty(), "declared one at a time, so each is paid for");
    act(&mut g, &r, 0, code(ATTACK, 0, usize::from(elite)));
    assert!(matches!(g.pending.first(), Some(Pending::PayFor { left: 1, .. })));
    assert_eq!(legal(&g, &r, 0), vec![code(PAY, 0, usize::from(rush))], "the payment comes first");
    act(&mut g, &r, 0, code(PAY, 0, usize::from(rush)));
    assert!(card(&g, rush).kneeling && g.pending.is_empty());
    assert!(g.eligible_attackers(&r, 0).contains(&huntress), "a character without Banished attacks freely");
}

/// P4 In Chains ("Pila degli scarti", "Influenza"): from its owner's discard pile, in the dominance window, 2
/// influence attach it to any character, an opponent's included; that character may then defend only by its
/// controller kneeling 1 influence.
#[test]
fn in_chains_attaches_from_the_discard_pile_and_defending_costs_influence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Dominance, ["U224", "U224"]);
    influence(&mut g, &r, 0, 2);
    let foe = put(&mut g, &r, 1, "C30");
    g.seats[0].discard = vec![id(&r, "P4")];
    window(&mut g, Phase::Dominance, At::Dominance);
    act(&mut g, &r, 0, code(GEN_PILE, 16 + 1, 0));
    pay(&mut g, &r, 0);
    act(&mut g, &r, 0, code(GEN_TARGET, 0, usize::from(foe)));
    assert!(g.seats[0].discard.is_empty() && card(&g, foe).attachments == vec![(id(&r, "P4"), 0)]);

    // Seat 1 defends with it only by kneeling influence.
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let att = put(&mut g, &r, 0, "C11");
    let chained = put(&mut g, &r, 1, "C30");
    attach(&mut g, &r, chained, "P4", 0);
    let rush = put(&mut g, &r, 1, "C155");
    open_military(&mut g, &r);
    attack(&mut g, &r, 0, &[att]);
    pass_window(&mut g, &r);
    assert!(g.can_defend(&r, 1, chained));
    g.seats[1].play.iter_mut().for_each(|c| c.kneeling |= c.uid == rush);
    assert!(!g.can_defend(&r, 1, chained), "no standing influence: it cannot defend");
    g.seats[1].play.iter_mut().for_each(|c| c.kneeling &= c.uid != rush);
    act(&mut g, &r, 1, code(DEFEND, 0, usize::from(chained)));
    act(&mut g, &r, 1, code(PAY, 0, usize::from(rush)));
    assert!(card(&g, rush).kneeling && g.challenge.as_ref().is_some_and(|c| c.defenders == vec![chained]));
}

/// P7 Band of Free Folk ("Effetti passivi"): while Wildlings in play outnumber the Night's Watch it has a power
/// icon and stealth and cannot be killed; the moment the Night's Watch outnumber the Wildlings it is discarded
/// from play (with no save window).
#[test]
fn band_of_free_folk_counts_wildlings_against_the_nights_watch() {
    let mut r = rules();
    // The scenario puts the Band in play although no designed deck holds it; the check runs only for such decks.
    r.deck_classes |= crate::games::agot_ccg::cards::classify::STATE_CHECK;
    let mut g = scenario(&r, Phase::Challenges, ["U224", "U224"]);
    let band = put(&mut g, &r, 0, "P7");
    put(&mut g, &r, 0, "C152"); // Wildling Scout
    put(&mut g, &r, 1, "C147"); // Veteran Builder, Night's Watch
    let c = card(&g, band);
    assert!(g.keywords(&r, 0, c) & STEALTH != 0 && g.has_icon(&r, 0, c, POW), "2 Wildlings against 1");
    let mut ev = Events::new();
    g.kill(&r, band, false, &mut ev);
    assert!(g.locate(band).is_some(), "it cannot be killed");

    let scout = g.seats[0].play.iter().find(|c| c.def == id(&r, "C152")).map(|c| c.uid).unwrap();
    g.seats[0].play.retain(|c| c.uid != scout);
    let c = card(&g, band);
    assert!(g.keywords(&r, 0, c) & STEALTH == 0 && !g.has_icon(&r, 0, c, POW), "1 against 1: no longer");
    g.advance(&r, &mut ev);
    assert!(g.locate(band).is_some(), "a tie is not outnumbering");

    put(&mut g, &r, 1, "C145"); // Ruthless Defender, Night's Watch
    g.advance(&r, &mut ev);
    assert!(g.locate(band).is_none() && g.seats[0].discard.contains(&id(&r, "P7")), "2 Night's Watch against 1");
    assert!(!g.pending.iter().any(|p| matches!(p, Pending::SaveWindow { .. })));
}

/// C142 Fallen Brother (designed; "Risposte", "Influenza"): after it is marshalled from hand its controller may
/// kneel 1 influence to discard another Night's Watch or Wildling character from play; other characters cannot
/// be chosen.
#[test]
fn fallen_brother_discards_a_wildling_for_one_influence() {
    let r = rules();
    let mut g = scenario(&r, Phase::Marshal, ["U224", "U224"]);
    let rush = influence(&mut g, &r, 0, 1)[0];
    let scout = put(&mut g, &r, 1, "C152");
    let informer = put(&mut g, &r, 1, "C30");
    g.seats[0].gold = 10;
    g.seats[0].hand = vec![id(&r, "C142")];
    act(&mut g, &r, 0, code(MARSHAL, 0, 0));
    act(&mut g, &r, 0, code(GEN_YES, 0, 0));
    pay(&mut g, &r, 0);
    assert!(card(&g, rush).kneeling);
    let targets = of_kind(&g, &r, 0, GEN_TARGET);
    assert_eq!(targets, vec![code(GEN_TARGET, 0, usize::from(scout))], "a Night's Watch or Wildling other than it");
    act(&mut g, &r, 0, targets[0]);
    while let Some(p) = g.pending.first().map(|p| p.seat()) {
        act(&mut g, &r, p, code(DONE, 0, 0)); // no saves
    }
    assert!(g.locate(scout).is_none() && g.locate(informer).is_some());
}
