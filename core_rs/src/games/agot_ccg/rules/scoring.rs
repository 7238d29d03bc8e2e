//! Tournament scoring ("Come ci si prepara ai Tornei"): a full win (15 power, or what the winner needed, within
//! the time limit) 3 points and a full loss 0; at the time limit the most power is a modified win (2), the rest
//! modified losses (1), and equal power a draw (1.5 each). The rulebook defines a draw only at the time limit; a
//! shared win before it (every player cursed at once, or equal power reaching the goal together) is scored as
//! that draw too (`designed`: our reading), and a win by the others' elimination as a full win.

use super::super::state::{AgotCcg, Phase};

pub const FULL_WIN: f64 = 3.0;
pub const FULL_LOSS: f64 = 0.0;
pub const MODIFIED_WIN: f64 = 2.0;
pub const MODIFIED_LOSS: f64 = 1.0;
pub const DRAW: f64 = 1.5;

impl AgotCcg {
    /// Each seat's tournament points; `None` until the match is over, and for one stopped unfinished.
    pub fn tournament_points(&self) -> Option<Vec<f64>> {
        if self.phase != Phase::Over || self.winners.is_empty() {
            return None;
        }
        let (win, loss) = if self.ended_at_limit { (MODIFIED_WIN, MODIFIED_LOSS) } else { (FULL_WIN, FULL_LOSS) };
        let win = if self.winners.len() > 1 { DRAW } else { win };
        Some(
            (0..self.n()).map(|s| if self.winners.iter().any(|&w| usize::from(w) == s) { win } else { loss }).collect(),
        )
    }
}
