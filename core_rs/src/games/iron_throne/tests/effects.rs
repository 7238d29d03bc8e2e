//! Rulebook p. 2–3 and 8: leader sheets and character cards printed in the rulebook, p. 9 "Retragere",
//! p. 10 conflict order (leaders first, then clockwise from the attacker).

use super::resolution::{commit, H, QUIET};
use super::*;
use crate::games::iron_throne::state::{Task, NONE};

// Stark characters: 0 Eddard, 1 Catelyn, 2 Robb, 3 Arya, 4 Bran. Lannister: 0 Cersei, 1 Tyrion, 2 Tywin,
// 3 Jaime, 4 Joffrey. Baratheon: 0 Stannis, 1 Melisandre, 2 Davos, 3 Gendry, 4 Selyse.

/// Eddard "Onorabil": after reveal, a betrayal in which he is active resolves as a truce.
#[test]
fn leader_eddard_honourable_betrayal_resolves_as_truce() {
    let r = rules();
    let mut g = scenario(&r, [0, 2, 3]);
    at_commit(&mut g, 1, 0);
    commit(&mut g, &r, 0, H(20));
    assert_eq!(g.pending, Pending::UseLeader { seat: 0 });
    act(&mut g, &r, 0, USE_LEADER + Action::from(NO_TARGET));
    assert_eq!(g.enc.result, 2);
    assert_eq!(g.pending, Pending::Propose { seat: 0 });
}

/// Catelyn "Maternă": before her turn she may distribute up to 2 crowns from her sheet.
#[test]
fn leader_catelyn_maternal_distributes_up_to_two_crowns_before_turn() {
    let r = rules();
    let mut g = scenario(&r, [1, 2, 3]);
    g.step = Step::Hostages { k: 0 };
    g.advance(&r, &mut Events::new());
    assert_eq!(g.pending, Pending::UseLeader { seat: 0 });
    act(&mut g, &r, 0, USE_LEADER + Action::from(NO_TARGET));
    act(&mut g, &r, 0, ALLOC + 3);
    assert!(legal(&g, &r, 0).contains(&DONE), "up to 2: she may stop");
    act(&mut g, &r, 0, DONE);
    assert_eq!((g.seats[0].crowns[3], g.seats[0].sheet), (5, 3));
}

/// Robb "Strateg": before his turn, discard 3 cards, then draw 2.
#[test]
fn leader_robb_strategist_discards_three_then_draws_two() {
    let r = rules();
    let mut g = scenario(&r, [2, 2, 3]);
    g.seats[0].hand = vec![14, 15, 16, 17];
    let lannister_event = r.events.iter().position(|e| *e == Some(1)).unwrap() as u8;
    g.events_deck.push(lannister_event);
    g.step = Step::Hostages { k: 0 };
    g.advance(&r, &mut Events::new());
    act(&mut g, &r, 0, USE_LEADER + Action::from(NO_TARGET));
    for c in [14, 15, 16] {
        act(&mut g, &r, 0, DISCARD + c);
    }
    assert_eq!(g.seats[0].discard, vec![14, 15, 16]);
    assert_eq!(g.seats[0].hand.len(), 1 + 2 + 1, "kept 1, drew 2, then 1 more as attacker in preparation");
}

/// Arya "Răzbunătoare": after resolution, if her side lost, every supporter of the other side removes 2 crowns.
#[test]
fn leader_arya_vengeful_punishes_opposing_supporters() {
    let r = rules();
    let mut g = scenario(&r, [3, 2, 3]);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 2, 1);
    commit(&mut g, &r, H(1), H(20));
    while g.pending == Pending::Task {
        let p = g.to_act().iter().next().unwrap();
        let a = legal(&g, &r, p)[0];
        act(&mut g, &r, p, a);
    }
    assert_eq!(g.pending, Pending::UseLeader { seat: 0 });
    let before = g.seats[2].crowns[1];
    act(&mut g, &r, 0, USE_LEADER + Action::from(NO_TARGET));
    assert_eq!(g.seats[2].crowns[1], before - 2);
}

/// Bran "Clarvăzător": pay 1 crown from the sheet; the opposing active player commits first, face up.
#[test]
fn leader_bran_clairvoyant_opponent_commits_first_face_up() {
    let r = rules();
    let mut g = scenario(&r, [4, 2, 3]);
    at_commit(&mut g, 0, 0);
    g.step = Step::Window { w: 1, leaders: true, k: 0 };
    g.advance(&r, &mut Events::new());
    assert_eq!(g.pending, Pending::UseLeader { seat: 0 });
    act(&mut g, &r, 0, USE_LEADER + Action::from(NO_TARGET));
    assert_eq!(g.seats[0].sheet, 3);
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![1], "the opponent commits first");
    g.seats[1].hand.push(H(6));
    act(&mut g, &r, 1, COMMIT + Action::from(H(6)));
    let v = g.view(&r, crate::engine::Viewer::Player(0));
    assert_eq!(v.encounter.commits[1].card, Some(H(6)), "face up");
}

/// Cersei "Influentă": before a house offers support, if she is active and has influence on it, she picks one
/// of its characters, which must support her.
#[test]
fn leader_cersei_influential_forces_support() {
    let r = rules();
    let mut g = scenario(&r, [1, 0, 3]);
    at_commit(&mut g, 0, 0);
    g.enc.chars[1] = 1;
    g.seats[1].influence[2] = 1;
    g.step = Step::Support { k: 1, asked: false };
    g.advance(&r, &mut Events::new());
    assert_eq!(g.pending, Pending::Force { seat: 1, target: 2 });
    act(&mut g, &r, 1, FORCE + 4);
    assert_eq!(g.enc.side[2], 2);
    assert_eq!(g.enc.chars[2], 4);
}

/// Tyrion's card "Instinct politic": after reveal, a revealed hostility card is swapped for a higher one from
/// the same player's hand.
#[test]
fn card_tyrion_political_instinct_swaps_in_higher_hostility() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 1);
    g.seats[1].hand = vec![6, H(12)];
    commit(&mut g, &r, H(10), H(3));
    assert_eq!(g.pending, Pending::PlayCards { seat: 1 });
    // Both active players are targets: the chooser cannot see whether a higher card is in a hand.
    assert_eq!(legal(&g, &r, 1), vec![PLAY_CARD + 6 * 8, PLAY_CARD + 6 * 8 + 1, DONE]);
    act(&mut g, &r, 1, PLAY_CARD + 6 * 8 + 1);
    assert_eq!(g.enc.totals, [14, 16]);
}

/// Tyrion's card "Instinct politic" says "a higher one": with several higher hostility cards in the target's
/// hand, the player who used the card chooses which (here the lower one, keeping the 12 for later).
#[test]
fn card_tyrion_political_instinct_player_chooses_which_higher_card() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 1);
    g.seats[1].hand = vec![6, H(12), H(5)];
    commit(&mut g, &r, H(10), H(3));
    act(&mut g, &r, 1, PLAY_CARD + 6 * 8 + 1);
    assert_eq!(g.pending, Pending::Task);
    assert_eq!(g.to_act(), crate::engine::PlayerSet::single(1));
    assert_eq!(legal(&g, &r, 1), vec![UPGRADE + Action::from(H(5)), UPGRADE + Action::from(H(12))]);
    act(&mut g, &r, 1, UPGRADE + Action::from(H(5)));
    assert_eq!(g.enc.commit[1], H(5));
    assert!(g.seats[1].hand.contains(&H(12)) && g.seats[1].discard.contains(&H(3)));
    assert_eq!(g.enc.totals, [14, 9]);
}

/// Political Instinct on the other active player: the Tyrion player picks among the cards that player shows
/// (shown to everyone, so determinizing keeps them in that hand); a single higher card is swapped in at once.
#[test]
fn card_tyrion_political_instinct_on_the_opponent_shows_the_choices() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 1);
    g.seats[0].hand = vec![H(4), H(8), H(20)];
    g.seats[1].hand = vec![6];
    let mut ev = Events::new();
    commit(&mut g, &r, H(2), H(3));
    g.apply(&r, 1, PLAY_CARD + 6 * 8, &mut ev).unwrap();
    let shown = ev.all().iter().find_map(|l| match &l.event {
        crate::games::iron_throne::state::Event::HigherCardsShown { seat: 0, cards } => Some(cards.clone()),
        _ => None,
    });
    assert_eq!(shown, Some(vec![H(4), H(8), H(20)]));
    assert_eq!(legal(&g, &r, 1).len(), 3);
    for seed in 0..20 {
        let d = g.determinize(&r, 2, &mut crate::rng::Rng::new(seed));
        assert!([H(4), H(8), H(20)].iter().all(|c| d.seats[0].hand.contains(c)), "shown cards stay put");
        assert_eq!(legal(&d, &r, 1), legal(&g, &r, 1));
    }
    act(&mut g, &r, 1, UPGRADE + Action::from(H(4)));
    assert_eq!(g.enc.commit[0], H(4));

    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 1);
    g.seats[0].hand = vec![H(1), H(8)];
    g.seats[1].hand = vec![6];
    commit(&mut g, &r, H(2), H(3));
    act(&mut g, &r, 1, PLAY_CARD + 6 * 8);
    assert_eq!(g.enc.commit[0], H(8), "one higher card: no choice to make");
}

/// Robb's card "Mișcare tactică": after resolution, shuffle the discard pile into the deck, then draw 1.
#[test]
fn card_robb_tactical_move_recycles_discard_and_draws() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 2, 0);
    g.seats[0].hand = vec![8];
    g.seats[0].discard = vec![20, 21];
    let deck = g.seats[0].deck.len();
    commit(&mut g, &r, H(20), H(1));
    while g.pending == Pending::Task {
        let p = g.to_act().iter().next().unwrap();
        let a = legal(&g, &r, p)[0];
        act(&mut g, &r, p, a);
    }
    assert_eq!(g.pending, Pending::PlayCards { seat: 0 });
    let mut ev = Events::new();
    g.apply(&r, 0, PLAY_CARD + 8 * 8 + Action::from(NO_TARGET), &mut ev).unwrap();
    let s = &g.seats[0];
    assert!(!s.discard.contains(&20) && !s.discard.contains(&21), "the old discard pile went into the deck");
    assert!([20, 21].iter().all(|c| s.deck.contains(c) || s.hand.contains(c)));
    let drew = ev.all().iter().find_map(|l| match l.event {
        crate::games::iron_throne::state::Event::Drew { seat: 0, n } => Some(n),
        _ => None,
    });
    assert_eq!(drew, Some(1), "then draws 1 (deck was {deck})");
}

/// Arya's card "Lista cu nume": after resolution, if her side lost, the opposing active player's character
/// keeps only one crown.
#[test]
fn card_arya_the_list_leaves_one_crown() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 3, 0);
    g.seats[0].hand = vec![10];
    g.seats[1].crowns[0] = 7;
    commit(&mut g, &r, H(1), H(20));
    while g.pending == Pending::Task {
        let p = g.to_act().iter().next().unwrap();
        let a = legal(&g, &r, p)[0];
        act(&mut g, &r, p, a);
    }
    act(&mut g, &r, 0, PLAY_CARD + 10 * 8 + Action::from(NO_TARGET));
    assert_eq!(g.seats[1].crowns[0], 1);
}

/// p. 8–10: a card whose character is dead (or not taking part) cannot be played for its effect.
#[test]
fn s_dead_or_absent_character_card_has_no_effect() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    g.seats[0].hand = vec![10];
    commit(&mut g, &r, H(1), H(20));
    assert!(!matches!(g.pending, Pending::PlayCards { seat: 0 }), "Arya does not take part");
}

/// p. 9 "Retragere": a withdrawn supporter neither gains nor loses; active players never withdraw.
#[test]
fn s_withdrawal_supporter_neither_rewarded_nor_harmed() {
    let r = rules();
    // Lannister defends with Cersei; her card "Queen's Intrigue" withdraws an opposing supporter.
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    g.seats[1].hand = vec![4];
    commit(&mut g, &r, H(1), H(2));
    assert_eq!(g.pending, Pending::PlayCards { seat: 1 });
    let l = legal(&g, &r, 1);
    assert_eq!(l, vec![PLAY_CARD + 4 * 8 + 2, DONE], "only the supporter is a target");
    act(&mut g, &r, 1, PLAY_CARD + 4 * 8 + 2);
    assert_eq!(g.enc.totals, [5, 6]);
    assert_eq!(g.seats[2].crowns[1], 4, "no loss for the withdrawn supporter");
}

/// p. 9 "Retragere": a withdrawn player discards the cards it played, so their bonus no longer counts. Four
/// players: Stark (0) attacks Lannister (2); Baratheon (1) supports Stark with Gendry and plays his +3 card;
/// then Cersei's card withdraws Baratheon: its +3, like its crowns, leaves the attacker's total.
#[test]
fn s_withdrawal_discards_played_cards_and_their_bonus() {
    let r = rules();
    let mut g = started(&r, 4, 1);
    // (house, leader): Stark with Catelyn, Baratheon with Melisandre, Lannister with Tywin, a fourth house.
    for (p, (house, l)) in [(0u8, 1u8), (2, 1), (1, 2), (3, 0)].into_iter().enumerate() {
        let s = &mut g.seats[p];
        s.house = house;
        s.leader = l;
        s.alive = 0b1_1111 & !(1 << l);
        s.dead = 0;
        s.crowns = [4; 5];
        s.crowns[usize::from(l)] = 0;
        s.sheet = 4;
        s.hand.clear();
        s.hostages.clear();
        s.influence = [0; 5];
    }
    g.enc = crate::games::iron_throne::state::Encounter::new(0);
    g.tasks.clear();
    g.enc.defender = 2;
    g.enc.side = [1, 1, 2, 0, 0];
    g.enc.chars = [0, 3, 0, NONE, NONE]; // Eddard; Gendry; Cersei
    g.enc.offered = 0b1111;
    g.step = Step::Commit;
    g.pending = Pending::Commit;
    let (gendry, cersei) = (4 + 3 * 2, 4);
    g.seats[0].hand = vec![H(5)];
    g.seats[1].hand = vec![gendry];
    g.seats[2].hand = vec![H(6), cersei];
    act(&mut g, &r, 0, COMMIT + Action::from(H(5)));
    act(&mut g, &r, 2, COMMIT + Action::from(H(6)));
    assert_eq!(g.pending, Pending::PlayCards { seat: 1 });
    act(&mut g, &r, 1, PLAY_CARD + Action::from(gendry) * 8 + Action::from(NO_TARGET));
    assert_eq!(g.side_bonus(1), 3, "Gendry's card counts while Baratheon takes part");
    assert_eq!(g.pending, Pending::PlayCards { seat: 2 }, "Baratheon, with no card left, was passed");
    act(&mut g, &r, 2, PLAY_CARD + Action::from(cersei) * 8 + 1);
    assert!(g.seats[1].discard.contains(&gendry), "the withdrawn player's card is discarded at once");
    assert!(g.enc.played.iter().all(|&(q, _)| q != 1));
    // Stark 5 + Eddard 4 = 9 (12 if the discarded card's +3 still counted); Lannister 6 + Cersei 4 = 10.
    assert_eq!(g.enc.totals, [9, 10]);
    assert_eq!(g.enc.winner, 2);
}

/// p. 9 "Retragere", the sibling rule: a per-supporter bonus counts the supporters still taking part when the
/// totals are made, so withdrawing a supporter lowers it too.
#[test]
fn s_withdrawal_lowers_a_per_supporter_bonus() {
    let r = rules();
    // Lannister (1) defends, supported by Baratheon (2).
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 2, 1);
    g.enc.support_bonus_by[1] = 3;
    g.enc.support_bonus_by[2] = 2;
    assert_eq!(g.side_bonus(2), 5, "one supporter: Lannister's +3 and Baratheon's own +2 per supporter");
    g.enc.withdrawn |= 1 << 2;
    assert_eq!(g.side_bonus(2), 0, "withdrawn: Baratheon adds nothing and is no supporter to count");
}

/// p. 10 "Rezolvarea conflictelor": leader abilities resolve before other effects; then clockwise from the
/// attacker.
#[test]
fn s_conflicts_leaders_before_cards_then_clockwise() {
    let r = rules();
    // Jaime leads Lannister (bonus leader, after reveal); Stark attacker holds Catelyn's card (after reveal).
    let mut g = scenario(&r, [1, 3, 3]);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    g.seats[0].hand = vec![];
    g.tasks.clear();
    commit(&mut g, &r, H(1), H(2));
    assert_eq!(g.pending, Pending::UseLeader { seat: 1 }, "the defender's leader acts before anyone's card");
    act(&mut g, &r, 1, DONE);
    assert!(!matches!(g.tasks.first(), Some(Task::Alloc { .. })));
}

/// p. 8 "Cărțile de personaje": a card showing the player's leader may be played whenever any of that player's
/// characters takes part (the leader's own token has left the game).
#[test]
fn s_leader_character_card_playable_when_any_character_participates() {
    let r = rules();
    // Tyrion leads Lannister; his "Political Instinct" works while Jaime takes part.
    let mut g = scenario(&r, [1, 1, 3]);
    at_commit(&mut g, 0, 3);
    g.seats[1].hand = vec![6, H(12)];
    commit(&mut g, &r, H(10), H(3));
    if g.pending == (Pending::UseLeader { seat: 1 }) {
        act(&mut g, &r, 1, DONE);
    }
    assert!(legal(&g, &r, 1).contains(&(PLAY_CARD + 6 * 8 + 1)));
}

/// Views never leak hands: in the card windows every participant is asked, whether or not it holds a
/// playable card.
#[test]
fn s_card_windows_ask_every_participant() {
    let r = rules();
    let mut g = scenario(&r, QUIET);
    at_commit(&mut g, 0, 0);
    support(&mut g, 2, 1, 1);
    let mut ev = Events::new();
    g.seats[0].hand.push(H(5));
    g.seats[1].hand.push(H(6));
    g.apply(&r, 0, COMMIT + Action::from(H(5)), &mut ev).unwrap();
    g.apply(&r, 1, COMMIT + Action::from(H(6)), &mut ev).unwrap();
    let mut asked = Vec::new();
    while let Pending::PlayCards { seat } = g.pending {
        asked.push(seat);
        g.apply(&r, seat, DONE, &mut ev).unwrap();
    }
    assert_eq!(asked, vec![0, 1, 2], "clockwise from the attacker, none of them holding a card");
}
