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
    // Read in place (`from_read_ref`): the reader that copies each string and blob out first was a third of
    // loading a hearts state.
    let mut de = rmp_serde::Deserializer::from_read_ref(bytes);
    let value = T::deserialize(&mut de).map_err(|e| SnapshotError::Decode { game, why: e.to_string() })?;
    let used = value_len(bytes).unwrap_or(bytes.len());
    if used != bytes.len() {
        let rest = bytes.len() - used;
        return Err(SnapshotError::Decode { game, why: format!("{rest} trailing bytes after the state") });
    }
    Ok(value)
}

/// The length of the msgpack value at the start of `bytes` (`None` if it is cut short), without recursion.
fn value_len(bytes: &[u8]) -> Option<usize> {
    let (mut at, mut pending) = (0usize, 1u64);
    let be = |from: usize, n: usize| -> Option<u64> {
        Some(bytes.get(from..from.checked_add(n)?)?.iter().fold(0u64, |acc, b| acc << 8 | u64::from(*b)))
    };
    while pending > 0 {
        pending -= 1;
        let m = *bytes.get(at)?;
        at += 1;
        // (bytes of payload to skip, items that follow)
        let (skip, items): (u64, u64) = match m {
            0x00..=0x7f | 0xe0..=0xff | 0xc0..=0xc3 => (0, 0),
            0x80..=0x8f => (0, 2 * u64::from(m & 0x0f)),
            0x90..=0x9f => (0, u64::from(m & 0x0f)),
            0xa0..=0xbf => (u64::from(m & 0x1f), 0),
            0xc4 | 0xd9 => (1 + be(at, 1)?, 0),
            0xc5 | 0xda => (2 + be(at, 2)?, 0),
            0xc6 | 0xdb => (4 + be(at, 4)?, 0),
            0xc7 => (2 + be(at, 1)?, 0),
            0xc8 => (3 + be(at, 2)?, 0),
            0xc9 => (5 + be(at, 4)?, 0),
            0xca | 0xd2 | 0xce => (4, 0),
            0xcb | 0xd3 | 0xcf => (8, 0),
            0xcc | 0xd0 => (1, 0),
            0xcd | 0xd1 => (2, 0),
            0xd4..=0xd8 => (1 + (1u64 << (m - 0xd4)), 0),
            0xdc => (2, be(at, 2)?),
            0xdd => (4, be(at, 4)?),
            0xde => (2, 2 * be(at, 2)?),
            0xdf => (4, 2 * be(at, 4)?),
        };
        at = at.checked_add(usize::try_from(skip).ok()?)?;
        if at > bytes.len() {
            return None;
        }
        pending += items;
    }
    Some(at)
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

    #[test]
    fn value_len_measures_one_value_of_every_kind() {
        let s = S { a: 3, b: vec![1, 2, 300, 60_000] };
        let bytes = encode(&s);
        assert_eq!(value_len(&bytes), Some(bytes.len()));
        let mixed: &[u8] = b"\x85\xa1a\xc4\x02xy\xa1b\xcb\x00\x00\x00\x00\x00\x00\x00\x00\xa1c\xd5\x01\x00\x00\xa1d\xdc\x00\x01\xc0\xa1e\xd9\x01z";
        assert_eq!(value_len(&[mixed, b"\x01\x02"].concat()), Some(mixed.len()));
        for cut in 0..mixed.len() {
            assert_eq!(value_len(&mixed[..cut]), None, "cut at {cut}");
        }
        assert!(decode::<S>("t", &[bytes.as_slice(), b"\x00"].concat()).is_err());
    }
}
