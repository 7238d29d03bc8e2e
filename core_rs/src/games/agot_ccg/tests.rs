//! Rule scenarios, one per rulebook section (Italian section titles translated in the doc comments).

mod agenda_tests;
mod cancel_tests;
mod card_tests;
mod composable_discard_tests;
mod control_and_naming_tests;
mod deck_tests;
mod decklist_tests;
mod effect_attachment_tests;
mod effect_challenge_plot_tests;
mod effect_cost_tests;
mod effect_hand_deck_tests;
mod effect_pile_tests;
mod effect_response_tests;
mod effect_status_tests;
mod effect_tests;
mod endless_and_setup_tests;
mod floors;
mod helpers;
mod house_card_tests;
mod interrupt_tests;
mod pool_event_plot_tests;
mod pool_greyjoy_tests;
mod pool_neutral_tests;
mod restraint_tests;
mod rules_challenge_tests;
mod rules_conformance_tests;
mod rules_keyword_tests;
mod rules_round_tests;
mod save_tests;
// The House pool records.
mod pool_baratheon_martell_tests;
mod pool_houses_tests;
mod pool_stark_lannister_tests;
mod pool_targaryen_tests;
mod rules_tests;
mod window_tests;
