//! Actions are `u32` codes; `ActionInfo` is their structured, human-readable description.

use std::collections::BTreeMap;

use serde::Serialize;

use super::player::Player;

/// An action code, stable for a given game version.
pub type Action = u32;

/// One field of an action's description.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Field {
    Int(i64),
    Bool(bool),
    Str(String),
}

impl From<i64> for Field {
    fn from(v: i64) -> Self {
        Field::Int(v)
    }
}
impl From<u32> for Field {
    fn from(v: u32) -> Self {
        Field::Int(i64::from(v))
    }
}
impl From<usize> for Field {
    fn from(v: usize) -> Self {
        Field::Int(v as i64)
    }
}
impl From<Player> for Field {
    fn from(v: Player) -> Self {
        Field::Int(i64::from(v))
    }
}
impl From<bool> for Field {
    fn from(v: bool) -> Self {
        Field::Bool(v)
    }
}
impl From<&str> for Field {
    fn from(v: &str) -> Self {
        Field::Str(v.to_owned())
    }
}
impl From<String> for Field {
    fn from(v: String) -> Self {
        Field::Str(v)
    }
}

/// What an action means: a machine-readable kind (`"play-card"`), a label for people and named fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionInfo {
    pub code: Action,
    pub kind: &'static str,
    pub label: String,
    pub fields: BTreeMap<&'static str, Field>,
}

impl ActionInfo {
    pub fn new(code: Action, kind: &'static str, label: impl Into<String>) -> Self {
        ActionInfo { code, kind, label: label.into(), fields: BTreeMap::new() }
    }

    /// Builder-style field setter.
    pub fn with(mut self, name: &'static str, value: impl Into<Field>) -> Self {
        self.fields.insert(name, value.into());
        self
    }
}
