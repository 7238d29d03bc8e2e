//! The host's save file (design §6: one msgpack map, `host/ravenry/model/snapshot.py`), read and written in one
//! pass over the bytes, so loading a save costs about what loading its state does.
//!
//! Reading is a fast path, not the checker: `parse` accepts only a save of the plain shape every writer makes
//! (each field present once with the right msgpack type, the actions `[seat, code]` pairs in range, nothing after
//! the map) and returns `None` for anything else, and the host then runs its full checks, which name what is
//! wrong. So a save `parse` accepts is one those checks accept with the same values, and every corrupt save
//! still gets the host's message. Nested values the host decodes itself (options, variants, extensions, meta)
//! are handed back as their msgpack bytes, after checking they decode (UTF-8 strings, hashable map keys, no
//! extension types, bounded nesting).
//!
//! Writing emits the bytes `msgpack.packb(envelope, use_bin_type=True)` would (smallest int, array and bin
//! forms), with the host's cached fixed parts around the match's own fields.

/// A save's fields, as `parse` found them. The string fields and the nested maps borrow the input.
#[derive(Debug, PartialEq)]
pub struct Envelope<'a> {
    pub game: &'a str,
    pub game_version: &'a str,
    pub ruleset_hash: &'a str,
    pub players: u8,
    pub seed: u64,
    /// The msgpack bytes of the `options` map (string keys).
    pub options: &'a [u8],
    /// The msgpack bytes of the `variants` array (strings).
    pub variants: &'a [u8],
    /// The msgpack bytes of the `extensions` map (strings to arrays of strings); `None` when the save has none.
    pub extensions: Option<&'a [u8]>,
    /// The msgpack bytes of the `meta` map (string keys).
    pub meta: &'a [u8],
    pub actions: Vec<(u8, u32)>,
    pub state: &'a [u8],
}

/// The save format `parse` reads (`ravenry.model.match.FORMAT`).
pub const FORMAT: i128 = 1;

/// Nesting deeper than this inside a field is left to the host's decoder (which allows more, and decides).
const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
}

/// One msgpack item's head: what it is and, for containers and blobs, its length.
enum Head {
    Nil,
    Bool,
    Int(i128),
    Float(usize),
    Str(usize),
    Bin(usize),
    Array(usize),
    Map(usize),
    Ext,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let out = self.buf.get(self.at..end)?;
        self.at = end;
        Some(out)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn uint(&mut self, n: usize) -> Option<u64> {
        Some(self.take(n)?.iter().fold(0u64, |acc, b| acc << 8 | u64::from(*b)))
    }

    fn len(&mut self, n: usize) -> Option<usize> {
        usize::try_from(self.uint(n)?).ok()
    }

    fn sint(&mut self, n: usize) -> Option<i128> {
        let raw = self.uint(n)?;
        let bits = 8 * n as u32;
        // Sign-extend the `bits`-bit two's complement value.
        let shift = 128 - bits;
        Some(((i128::from(raw)) << shift) >> shift)
    }

    fn head(&mut self) -> Option<Head> {
        let m = self.byte()?;
        Some(match m {
            0x00..=0x7f => Head::Int(i128::from(m)),
            0x80..=0x8f => Head::Map(usize::from(m & 0x0f)),
            0x90..=0x9f => Head::Array(usize::from(m & 0x0f)),
            0xa0..=0xbf => Head::Str(usize::from(m & 0x1f)),
            0xc0 => Head::Nil,
            0xc2 | 0xc3 => Head::Bool,
            0xc4 => Head::Bin(self.len(1)?),
            0xc5 => Head::Bin(self.len(2)?),
            0xc6 => Head::Bin(self.len(4)?),
            0xc7..=0xc9 | 0xd4..=0xd8 => Head::Ext,
            0xca => Head::Float(4),
            0xcb => Head::Float(8),
            0xcc => Head::Int(i128::from(self.uint(1)?)),
            0xcd => Head::Int(i128::from(self.uint(2)?)),
            0xce => Head::Int(i128::from(self.uint(4)?)),
            0xcf => Head::Int(i128::from(self.uint(8)?)),
            0xd0 => Head::Int(self.sint(1)?),
            0xd1 => Head::Int(self.sint(2)?),
            0xd2 => Head::Int(self.sint(4)?),
            0xd3 => Head::Int(self.sint(8)?),
            0xd9 => Head::Str(self.len(1)?),
            0xda => Head::Str(self.len(2)?),
            0xdb => Head::Str(self.len(4)?),
            0xdc => Head::Array(self.len(2)?),
            0xdd => Head::Array(self.len(4)?),
            0xde => Head::Map(self.len(2)?),
            0xdf => Head::Map(self.len(4)?),
            0xe0..=0xff => Head::Int(i128::from(m as i8)),
            0xc1 => return None,
        })
    }

    fn str_body(&mut self, n: usize) -> Option<&'a str> {
        std::str::from_utf8(self.take(n)?).ok()
    }

    fn str(&mut self) -> Option<&'a str> {
        match self.head()? {
            Head::Str(n) => self.str_body(n),
            _ => None,
        }
    }

    fn int(&mut self) -> Option<i128> {
        match self.head()? {
            Head::Int(v) => Some(v),
            _ => None,
        }
    }

    /// Step over one value, checking it decodes in the host (see the module doc); `None` if not.
    fn skip(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.head()? {
            Head::Nil | Head::Bool | Head::Int(_) => {}
            Head::Float(n) | Head::Bin(n) => {
                self.take(n)?;
            }
            Head::Str(n) => {
                self.str_body(n)?;
            }
            Head::Array(n) => {
                for _ in 0..n {
                    self.skip(depth + 1)?;
                }
            }
            Head::Map(n) => {
                for _ in 0..n {
                    self.key()?;
                    self.skip(depth + 1)?;
                }
            }
            Head::Ext => return None,
        }
        Some(())
    }

    /// A map key of a nested map: any scalar (a list or map would be unhashable in Python).
    fn key(&mut self) -> Option<()> {
        match self.head()? {
            Head::Nil | Head::Bool | Head::Int(_) => {}
            Head::Float(n) | Head::Bin(n) => {
                self.take(n)?;
            }
            Head::Str(n) => {
                self.str_body(n)?;
            }
            Head::Array(_) | Head::Map(_) | Head::Ext => return None,
        }
        Some(())
    }

    /// A map whose keys are strings, its values anything `skip` accepts; returns its bytes.
    fn named_map(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        let Head::Map(n) = self.head()? else { return None };
        for _ in 0..n {
            self.str()?;
            self.skip(1)?;
        }
        Some(&self.buf[start..self.at])
    }

    /// An array of strings; returns its bytes.
    fn names(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        let Head::Array(n) = self.head()? else { return None };
        for _ in 0..n {
            self.str()?;
        }
        Some(&self.buf[start..self.at])
    }

    /// A map of strings to arrays of strings; returns its bytes.
    fn extensions(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        let Head::Map(n) = self.head()? else { return None };
        for _ in 0..n {
            self.str()?;
            self.names()?;
        }
        Some(&self.buf[start..self.at])
    }

    fn actions(&mut self) -> Option<Vec<(u8, u32)>> {
        let Head::Array(n) = self.head()? else { return None };
        // Each pair takes at least 3 bytes: a length that lies is refused before it allocates.
        let mut out = Vec::with_capacity(n.min((self.buf.len() - self.at) / 3));
        for _ in 0..n {
            if self.byte()? != 0x92 {
                return None;
            }
            let p = u8::try_from(self.int()?).ok()?;
            let a = u32::try_from(self.int()?).ok()?;
            out.push((p, a));
        }
        Some(out)
    }
}

/// The fields of a save of the plain shape, or `None`: then the host's own checks decide (see the module doc).
pub fn parse(raw: &[u8]) -> Option<Envelope<'_>> {
    let mut r = Reader { buf: raw, at: 0 };
    let Head::Map(n) = r.head()? else { return None };
    let (mut format, mut game, mut game_version, mut ruleset_hash) = (None, None, None, None);
    let (mut players, mut seed, mut options, mut variants) = (None, None, None, None);
    let (mut extensions, mut meta, mut actions, mut state) = (None, None, None, None);
    fn once<T>(slot: &mut Option<T>, v: T) -> Option<()> {
        // A key given twice is left to the host (its decoder keeps the last).
        if slot.replace(v).is_some() {
            return None;
        }
        Some(())
    }
    for _ in 0..n {
        match r.str()? {
            "ravenry" => once(&mut format, r.int()?)?,
            "game" => once(&mut game, r.str()?)?,
            "game_version" => once(&mut game_version, r.str()?)?,
            "ruleset_hash" => once(&mut ruleset_hash, r.str()?)?,
            "players" => once(&mut players, u8::try_from(r.int()?).ok().filter(|p| *p >= 1)?)?,
            "seed" => once(&mut seed, u64::try_from(r.int()?).ok()?)?,
            "options" => once(&mut options, r.named_map()?)?,
            "variants" => once(&mut variants, r.names()?)?,
            "extensions" => once(&mut extensions, r.extensions()?)?,
            "meta" => once(&mut meta, r.named_map()?)?,
            "actions" => once(&mut actions, r.actions()?)?,
            "state" => {
                let Head::Bin(len) = r.head()? else { return None };
                once(&mut state, r.take(len)?)?
            }
            _ => r.skip(1)?,
        }
    }
    if r.at != raw.len() || format? != FORMAT {
        return None;
    }
    Some(Envelope {
        game: game?,
        game_version: game_version?,
        ruleset_hash: ruleset_hash?,
        players: players?,
        seed: seed?,
        options: options?,
        variants: variants?,
        extensions,
        meta: meta?,
        actions: actions?,
        state: state?,
    })
}

/// A non-negative int in msgpack's smallest form.
fn put_uint(out: &mut Vec<u8>, v: u64) {
    if v < 0x80 {
        out.push(v as u8);
    } else if v <= 0xff {
        out.extend_from_slice(&[0xcc, v as u8]);
    } else if v <= 0xffff {
        out.push(0xcd);
        out.extend_from_slice(&(v as u16).to_be_bytes());
    } else if v <= 0xffff_ffff {
        out.push(0xce);
        out.extend_from_slice(&(v as u32).to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&v.to_be_bytes());
    }
}

fn put_array_head(out: &mut Vec<u8>, n: usize) {
    if n < 16 {
        out.push(0x90 | n as u8);
    } else if n <= 0xffff {
        out.push(0xdc);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xdd);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
}

fn put_bin(out: &mut Vec<u8>, b: &[u8]) {
    let n = b.len();
    if n <= 0xff {
        out.extend_from_slice(&[0xc4, n as u8]);
    } else if n <= 0xffff {
        out.push(0xc5);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xc6);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
    out.extend_from_slice(b);
}

/// A save's bytes: `head` (the map's header and the fields before `players`), then `players`, `between` (the
/// fields from `options` to before `seed`), `seed`, `actions`, `state`, then `tail` (the fields after, `meta`).
/// The caller's parts are msgpack of their own; the whole is what `msgpack.packb` writes for the same map.
pub struct Parts<'a> {
    pub head: &'a [u8],
    pub between: &'a [u8],
    pub tail: &'a [u8],
}

pub fn write(parts: &Parts<'_>, players: u8, seed: u64, actions: &[(u8, u32)], state: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(parts.head.len() + parts.between.len() + parts.tail.len() + state.len() + 64);
    out.extend_from_slice(parts.head);
    out.extend_from_slice(b"\xa7players");
    put_uint(&mut out, u64::from(players));
    out.extend_from_slice(parts.between);
    out.extend_from_slice(b"\xa4seed");
    put_uint(&mut out, seed);
    out.extend_from_slice(b"\xa7actions");
    put_array_head(&mut out, actions.len());
    for &(p, a) in actions {
        out.push(0x92);
        put_uint(&mut out, u64::from(p));
        put_uint(&mut out, u64::from(a));
    }
    out.extend_from_slice(b"\xa5state");
    put_bin(&mut out, state);
    out.extend_from_slice(parts.tail);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A save as the host writes one, with `extra` fields appended (their keys and values as msgpack).
    fn save(actions: &[(u8, u32)], extra: &[u8], extra_fields: u8) -> Vec<u8> {
        let mut head = vec![0x8c + extra_fields];
        head.extend_from_slice(b"\xa7ravenry\x01\xa4game\xa6hearts\xacgame_version\xa11\xacruleset_hash\xa2ab");
        let between = b"\xa7options\x81\xa1x\xc3\xa8variants\x91\xa1v\xaaextensions\x80";
        let mut tail = b"\xa4meta\x81\xa3net\x92\x01\xc0".to_vec();
        tail.extend_from_slice(extra);
        let parts = Parts { head: &head, between, tail: &tail };
        write(&parts, 4, 2026, actions, b"\x93\x01\x02\x03")
    }

    #[test]
    fn a_written_save_parses_back() {
        let actions = [(0, 1), (3, 300), (255, u32::MAX)];
        let raw = save(&actions, b"", 0);
        let e = parse(&raw).expect("plain save");
        assert_eq!((e.game, e.game_version, e.ruleset_hash), ("hearts", "1", "ab"));
        assert_eq!((e.players, e.seed, e.state), (4, 2026, &b"\x93\x01\x02\x03"[..]));
        assert_eq!(e.actions, actions);
        assert_eq!(e.options, b"\x81\xa1x\xc3");
        assert_eq!(e.variants, b"\x91\xa1v");
        assert_eq!(e.extensions, Some(&b"\x80"[..]));
        assert_eq!(e.meta, b"\x81\xa3net\x92\x01\xc0");
    }

    #[test]
    fn ints_arrays_and_bins_take_their_smallest_form() {
        let mut out = Vec::new();
        for v in [0, 127, 128, 255, 256, 65_535, 65_536, u64::from(u32::MAX), u64::from(u32::MAX) + 1] {
            put_uint(&mut out, v);
        }
        let want: &[u8] = b"\x00\x7f\xcc\x80\xcc\xff\xcd\x01\x00\xcd\xff\xff\xce\x00\x01\x00\x00\xce\xff\xff\xff\xff\xcf\x00\x00\x00\x01\x00\x00\x00\x00";
        assert_eq!(out, want);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        put_array_head(&mut a, 15);
        put_array_head(&mut a, 16);
        put_array_head(&mut a, 70_000);
        assert_eq!(a, b"\x9f\xdc\x00\x10\xdd\x00\x01\x11\x70");
        put_bin(&mut b, &[7; 256]);
        assert_eq!(&b[..3], b"\xc5\x01\x00");
        let raw = save(&[(1, 2); 20], b"", 0);
        assert_eq!(parse(&raw).map(|e| e.actions.len()), Some(20));
    }

    #[test]
    fn anything_but_the_plain_shape_is_left_to_the_host() {
        let good = save(&[(0, 1)], b"", 0);
        assert!(parse(&good).is_some());
        // Every truncation, and trailing bytes.
        for cut in 0..good.len() {
            assert!(parse(&good[..cut]).is_none(), "cut at {cut}");
        }
        assert!(parse(&[good.as_slice(), b"\xc0"].concat()).is_none());
        // An unknown field is skipped; one that does not decode, or nests too deep, is not.
        assert!(parse(&save(&[], b"\xa5extra\x92\x01\xa2ok", 1)).is_some());
        assert!(parse(&save(&[], b"\xa5extra\xa1\xff", 1)).is_none(), "not UTF-8");
        assert!(parse(&save(&[], b"\xa5extra\x81\x90\x01", 1)).is_none(), "a list as a key");
        assert!(parse(&save(&[], b"\xa5extra\xd4\x01\x02", 1)).is_none(), "an extension type");
        let deep = [vec![0x91; MAX_DEPTH + 1], vec![0xc0]].concat();
        assert!(parse(&save(&[], &[b"\xa5extra".as_slice(), &deep].concat(), 1)).is_none());
        // A field given twice.
        assert!(parse(&save(&[], b"\xa4seed\x01", 1)).is_none());
        // A format, seat, code or seed out of range, or of another type.
        let swap = |from: &[u8], to: &[u8]| {
            let at = good.windows(from.len()).position(|w| w == from).expect("in the save");
            [&good[..at], to, &good[at + from.len()..]].concat()
        };
        assert!(parse(&swap(b"\xa7ravenry\x01", b"\xa7ravenry\x02")).is_none());
        assert!(parse(&swap(b"\xa7ravenry\x01", b"\xa7ravenry\xc3")).is_none());
        assert!(parse(&swap(b"\xa7ravenry\x01", b"\xa7ravenry\xcc\x01")).is_some());
        assert!(parse(&swap(b"\x91\x92\x00\x01", b"\x91\x92\xff\x01")).is_none(), "seat -1");
        assert!(parse(&swap(b"\x91\x92\x00\x01", b"\x91\x92\x00\xc3")).is_none(), "code true");
        assert!(parse(&swap(b"\x91\x92\x00\x01", b"\x91\x93\x00\x01\x01")).is_none());
        assert!(parse(&swap(b"\xa7players\x04", b"\xa7players\x00")).is_none());
        assert!(parse(&swap(b"\xa4seed\xcd\x07\xea", b"\xa4seed\xff")).is_none(), "a negative seed");
        assert!(parse(&swap(b"\xa5state\xc4", b"\xa5state\xa4")).is_none(), "state as a string");
        assert!(parse(&swap(b"\xa8variants\x91\xa1v", b"\xa8variants\x91\x01")).is_none());
        assert!(parse(&swap(b"\xa7options\x81\xa1x", b"\xa7options\x81\x01")).is_none());
        let no_extensions = [&[0x8b][..], &swap(b"\xaaextensions\x80", b"")[1..]].concat();
        assert_eq!(parse(&no_extensions).map(|e| e.extensions), Some(None));
    }

    #[test]
    fn lengths_that_lie_do_not_allocate_or_panic() {
        for raw in [&b"\xdf\xff\xff\xff\xff"[..], b"\x81\xa7actions\xdd\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xff"] {
            assert!(parse(raw).is_none());
        }
    }
}
