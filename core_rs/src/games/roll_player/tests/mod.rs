//! Scenario tests, named after rulebook sections (s1 setup, s2 roll, s3 dice, s4 market, s5 cleanup,
//! s6 skills, s7 end and scoring, s8 notes/clarifications, s9 variants, s10 solo), plus contract checks.
mod contract;
pub(crate) mod helpers;
mod market;
mod round;
mod scoring;
mod setup;
mod skills;
mod variants;
