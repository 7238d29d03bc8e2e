//! The snapshot codec: a game state as msgpack with named fields (rmp-serde), the RNG position included.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::error::SnapshotError;

/// Encode a state. Named fields make the bytes self-describing and tolerant of field reordering.
pub fn encode<T: Serialize>(state: &T) -> Vec<u8> {
    // Serializing plain derived data into a Vec cannot fail; an empty result would fail loudly on decode.
    rmp_serde::to_vec_named(state).unwrap_or_default()
}

/// Decode a state of game `game`, refusing anything of another shape.
pub fn decode<T: DeserializeOwned>(game: &'static str, bytes: &[u8]) -> Result<T, SnapshotError> {
    let mut rest: &[u8] = bytes;
    let value = T::deserialize(&mut rmp_serde::Deserializer::new(&mut rest))
        .map_err(|e| SnapshotError::Decode { game, why: e.to_string() })?;
    if !rest.is_empty() {
        return Err(SnapshotError::Decode { game, why: format!("{} trailing bytes after the state", rest.len()) });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct S {
        a: u8,
        b: Vec<u16>,
    }

    #[test]
    fn round_trip_and_refusals() {
        let s = S { a: 3, b: vec![1, 2] };
        let bytes = encode(&s);
        assert_eq!(decode::<S>("t", &bytes).unwrap(), s);
        assert!(decode::<S>("t", &bytes[..bytes.len() - 1]).is_err(), "truncated");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode::<S>("t", &longer).is_err(), "trailing");
        assert!(decode::<S>("t", b"\xff\x00garbage").is_err());
    }
}
