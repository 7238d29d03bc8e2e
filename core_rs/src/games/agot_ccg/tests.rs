//! Rule scenarios, one per rulebook section (Italian section titles translated in the doc comments).

mod card_tests;
mod deck_tests;
mod effect_tests;
mod helpers;
mod rules_tests;
mod window_tests;
