//! The views: what one viewer is sent of the match (`View`, per seat `SeatView`, per card `CardView`).

use serde::Serialize;

use super::{Challenge, Pending, Phase, Window};
use crate::engine::Player;

/// One card in play as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    pub uid: u16,
    pub card: u16,
    pub code: String,
    pub name: String,
    pub kneeling: bool,
    pub power: u8,
    /// STR and icons as the card has them in play (attachments, lasting effects), not as printed.
    pub strength: u8,
    pub icons: String,
    pub attachments: Vec<u16>,
    pub dupes: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    pub house: String,
    pub deck_name: String,
    /// The deck's agenda (public: announced with the House), with the House it names.
    pub agenda: Option<String>,
    pub power: u8,
    pub house_power: u8,
    pub gold: u8,
    pub initiative: u8,
    pub hand_size: usize,
    pub deck_size: usize,
    /// Own hand only.
    pub hand: Option<Vec<u16>>,
    pub setup_count: usize,
    /// Own face-down setup cards only.
    pub setup: Option<Vec<u16>>,
    pub discard: Vec<u16>,
    pub dead: Vec<u16>,
    pub plots: Vec<u16>,
    pub used: Vec<u16>,
    pub plot: Option<u16>,
    pub plot_chosen: bool,
    /// Own chosen plot until reveal.
    pub my_plot: Option<u16>,
    pub play: Vec<CardView>,
    pub eliminated: bool,
    pub house_attachments: Vec<u16>,
    pub house_kneeling: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub phase: Phase,
    pub round: u8,
    pub first: Player,
    pub active: Option<Player>,
    pub seats: Vec<SeatView>,
    pub challenge: Option<Challenge>,
    pub window: Option<Window>,
    pub pending: Option<Pending>,
    pub winners: Vec<Player>,
}
