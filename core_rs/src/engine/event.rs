//! Events say what happened, each with who may know it.

use serde::{Deserialize, Serialize};

use super::log::SharedLog;
use super::player::{PlayerSet, Viewer};

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Everyone at the table and every spectator.
    All,
    /// Only these seats.
    Only(PlayerSet),
    /// Everyone but these seats, spectators included ("seat 2 drew a card" beside the drawer's own event).
    Except(PlayerSet),
}

impl Visibility {
    pub fn visible_to(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::All) | (Visibility::All, _) => true,
            (Visibility::Only(s), Viewer::Player(p)) => s.contains(p),
            (Visibility::Except(s), Viewer::Player(p)) => !s.contains(p),
            (Visibility::Except(_), Viewer::Public) => true,
            (Visibility::Only(_), Viewer::Public) => false,
        }
    }
}

/// One event with its visibility.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Logged<E> {
    pub vis: Visibility,
    pub event: E,
}

/// The sink `Game::apply` writes events into. A disabled sink (batch runs, bots' lookahead) drops them
/// without building them, so the hot path pays nothing for narration. The log is a `SharedLog`: copying a
/// match copies two pointers, not the events of the match.
#[derive(Clone, Debug)]
pub struct Events<E> {
    log: SharedLog<Logged<E>>,
    enabled: bool,
}

impl<E> Default for Events<E> {
    fn default() -> Self {
        Events { log: SharedLog::new(), enabled: true }
    }
}

impl<E> Events<E> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn disabled() -> Self {
        Events { log: SharedLog::new(), enabled: false }
    }

    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    pub fn len(&self) -> usize {
        self.log.len()
    }

    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    pub fn all(&self) -> Vec<&Logged<E>> {
        self.log.iter().collect()
    }

    /// Events from index `since` on that `viewer` may see, with their indices.
    pub fn visible_since(&self, since: usize, viewer: Viewer) -> impl Iterator<Item = (usize, &Logged<E>)> {
        self.log.iter_from(since).filter(move |(_, l)| l.vis.visible_to(viewer))
    }
}

impl<E: Clone> Events<E> {
    /// Record an event built only if the sink is enabled.
    pub fn emit(&mut self, vis: Visibility, make: impl FnOnce() -> E) {
        if self.enabled {
            self.log.push(Logged { vis, event: make() });
        }
    }

    /// An event everyone sees.
    pub fn public(&mut self, make: impl FnOnce() -> E) {
        self.emit(Visibility::All, make);
    }

    /// An event only `seats` see.
    pub fn private(&mut self, seats: PlayerSet, make: impl FnOnce() -> E) {
        self.emit(Visibility::Only(seats), make);
    }

    /// Drop events past `len`, so a refused action leaves the log as it was.
    pub fn truncate(&mut self, len: usize) {
        self.log.truncate(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visibility_rules() {
        let only1 = Visibility::Only(PlayerSet::single(1));
        assert!(only1.visible_to(Viewer::Player(1)));
        assert!(!only1.visible_to(Viewer::Player(0)));
        assert!(!only1.visible_to(Viewer::Public));
        assert!(only1.visible_to(Viewer::All));
        let except1 = Visibility::Except(PlayerSet::single(1));
        assert!(except1.visible_to(Viewer::Player(0)) && !except1.visible_to(Viewer::Player(1)));
        assert!(except1.visible_to(Viewer::Public));
        assert!(Visibility::All.visible_to(Viewer::Public));
    }

    #[test]
    fn disabled_sink_builds_nothing() {
        let mut ev: Events<String> = Events::disabled();
        ev.public(|| panic!("must not be built"));
        assert!(ev.is_empty());
        let mut ev: Events<u8> = Events::new();
        ev.public(|| 1);
        ev.private(PlayerSet::single(0), || 2);
        let seen: Vec<u8> = ev.visible_since(0, Viewer::Player(1)).map(|(_, l)| l.event).collect();
        assert_eq!(seen, vec![1]);
    }
}
