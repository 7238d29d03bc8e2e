//! Bot specs: `name` or `name:key=value,key=value` — the one syntax everywhere a bot is named.

use crate::engine::SetupError;

/// A parsed spec: the bot's name and its parameters in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec<'a> {
    pub name: &'a str,
    pub params: Vec<(&'a str, &'a str)>,
}

/// Split `spec` into a name and `key=value` pairs. A pair without `=` or with an empty key is an error.
pub fn parse(spec: &str) -> Result<Spec<'_>, SetupError> {
    let (name, rest) = match spec.split_once(':') {
        Some((n, r)) => (n.trim(), Some(r)),
        None => (spec.trim(), None),
    };
    let mut params = Vec::new();
    for part in rest.into_iter().flat_map(|r| r.split(',')) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        match part.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => params.push((k.trim(), v.trim())),
            _ => {
                return Err(SetupError::BotParam {
                    bot: spec.to_owned(),
                    reason: format!("parameter {part:?} is not key=value"),
                })
            }
        }
    }
    Ok(Spec { name, params })
}

/// The error for a parameter `key` a bot does not take, naming the ones it does.
pub fn unknown_param(bot: &str, key: &str, valid: &[&str]) -> SetupError {
    let valid = if valid.is_empty() { "none".to_owned() } else { valid.join(", ") };
    SetupError::BotParam {
        bot: bot.to_owned(),
        reason: format!("unknown parameter {key:?}; valid parameters: {valid}"),
    }
}

/// The error for a parameter with a value out of range or of the wrong type.
pub fn bad_value(bot: &str, key: &str, value: &str, want: &str) -> SetupError {
    SetupError::BotParam { bot: bot.to_owned(), reason: format!("{key}={value:?}: expected {want}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_parameters() {
        assert_eq!(parse("random").unwrap(), Spec { name: "random", params: vec![] });
        let s = parse("ismcts:iterations=200, c=0.7,rollout=heuristic").unwrap();
        assert_eq!(s.name, "ismcts");
        assert_eq!(s.params, vec![("iterations", "200"), ("c", "0.7"), ("rollout", "heuristic")]);
        assert!(parse("ismcts:iterations").is_err());
        assert!(parse("ismcts:=3").is_err());
        assert_eq!(parse("ismcts:").unwrap().params, vec![]);
    }
}
