//! Card names as players write them: folded for case, accents, curly quotes, "&"/"and" and a leading article, so
//! "the iron throne", "Iron Throne" and "THE IRON THRONE" name one title; the Winter Edition records that are not
//! in the pool yet, named as such; a "did you mean" for a name close to a title; the AGoTDB `UniversalId` of a card
//! and the other printings of a Winter card (research source S1, the AGoTDB French database `AGoT - FR.mdb`,
//! DB version 0.744: every one of its 314 Winter Edition records was checked against these rules).

use unicode_normalization::UnicodeNormalization;

use crate::games::agot_ccg::cards::CardDef;

/// The Winter Edition records not in the pool (docs/games/agot_ccg_coverage.md, "not yet"): a list naming one is
/// told the card is real but not playable here yet, not that it is unknown.
pub const NOT_YET: [(&str, &str); 10] = [
    ("R7", "Jojen Reed"),
    ("U2", "Frozen Solid"),
    ("U33", "Joffrey's Herald"),
    ("R178", "A Lord's Ransom"),
    ("R168", "Hands of Gold are Always Cold"),
    ("C117", "Prince's Spy"),
    ("C187", "Injurious Poison"),
    ("G29", "Marine Legion"),
    ("R179", "Along the Saltspear"),
    ("P10", "The Only Game that Matters"),
];

/// The rulebook's tournament banned list ("Come ci si prepara ai Tornei"): Westeros Edition cards, none of them in
/// the Winter pool, so a list naming one is told it is banned rather than unknown.
pub const BANNED: [(&str, &str); 4] = [
    ("The Things I Do for Love", "Westeros U151"),
    ("Heads on Pikes", "Westeros U114"),
    ("King's Peace", "Westeros R226"),
    ("Counterplot", "Westeros R105"),
];

/// The sets of S1 from the Winter Edition on (table `TableSet`, English names): a set tag on a list line
/// ("Shadowcat x3 Kings of the Sea F43") is read only when it names one of them.
pub const SETS: [&str; 26] = [
    "Winter Edition",
    "A Song of Twilight",
    "A Song of Night",
    "Iron Throne Edition",
    "A House of Thorns",
    "Iron Throne Edition Legacy Pack",
    "A House of Talons",
    "Five Kings Edition",
    "A Clash of Arms",
    "Core Set",
    "A Time of Ravens",
    "King's Landing",
    "Kings of the Sea",
    "Princes of the Sun",
    "Defenders of the North",
    "Lords of Winter",
    "Brotherhood without Banners",
    "Kings of the Storm",
    "Secrets of Oldtown",
    "Queen of Dragons",
    "A Tale of Champions",
    "Lions of the Rock",
    "Beyond the Narrow Sea",
    "A Song of the Sea",
    "Kingsroad",
    "Conquest and Defiance",
];

/// Short names players use for a set, and what they stand for.
const SET_ALIASES: [(&str, &str); 6] = [
    ("winter", "Winter Edition"),
    ("we", "Winter Edition"),
    ("hiver", "Winter Edition"),
    ("cs", "Core Set"),
    ("ite", "Iron Throne Edition"),
    ("fke", "Five Kings Edition"),
];

/// Every other number a Winter card is printed under (S1's `Set` column): its premium-starter number in the Winter
/// Edition itself, and its reprints. A set tag naming one of these is that Winter card; a set tag naming another
/// set's card of the same title is a different card (S1 holds 206 such later cards under Winter titles).
pub const PRINTINGS: [(&str, &str, &str); 84] = [
    ("R7", "Lords of Winter", "F5"),
    ("R9", "Core Set", "S11"),
    ("C20", "Core Set", "S26"),
    ("C20", "Lords of Winter", "F31"),
    ("C22", "Core Set", "L34"),
    ("C30", "Core Set", "L48"),
    ("C42", "Core Set", "L58"),
    ("C63", "Core Set", "B92"),
    ("C63", "Kings of the Storm", "F28"),
    ("R66", "Winter Edition", "G1"),
    ("R66", "Kings of the Sea", "F4"),
    ("U68", "Winter Edition", "G2"),
    ("U69", "Winter Edition", "G3"),
    ("C71", "Winter Edition", "G4"),
    ("U72", "Winter Edition", "G5"),
    ("C73", "Winter Edition", "G6"),
    ("C73", "Kings of the Sea", "F9"),
    ("U74", "Winter Edition", "G7"),
    ("C75", "Winter Edition", "G8"),
    ("C76", "Winter Edition", "G9"),
    ("U80", "Winter Edition", "G23"),
    ("C82", "Winter Edition", "G24"),
    ("C83", "Winter Edition", "G25"),
    ("C83", "Kings of the Sea", "F23"),
    ("U86", "Winter Edition", "T1"),
    ("U88", "Winter Edition", "T2"),
    ("U90", "Winter Edition", "T3"),
    ("U92", "Winter Edition", "T4"),
    ("C94", "Winter Edition", "T5"),
    ("C95", "Winter Edition", "T6"),
    ("C96", "Winter Edition", "T7"),
    ("U97", "Winter Edition", "T8"),
    ("C98", "Winter Edition", "T9"),
    ("C98", "Core Set", "T122"),
    ("U100", "Winter Edition", "T25"),
    ("C101", "Winter Edition", "T26"),
    ("C102", "Winter Edition", "T27"),
    ("C102", "Core Set", "T127"),
    ("C102", "Queen of Dragons", "F34"),
    ("C103", "Winter Edition", "T28"),
    ("R104", "Winter Edition", "T29"),
    ("U105", "Core Set", "T126"),
    ("U116", "Princes of the Sun", "F13"),
    ("C118", "Princes of the Sun", "F10"),
    ("C125", "Princes of the Sun", "F26"),
    ("U129", "Winter Edition", "G31"),
    ("C132", "Winter Edition", "T24"),
    ("U137", "Princes of the Sun", "F49"),
    ("C157", "Winter Edition", "G34"),
    ("C157", "Core Set", "S138"),
    ("C157", "Core Set", "L143"),
    ("C157", "Core Set", "B148"),
    ("C158", "Winter Edition", "G35"),
    ("C158", "Iron Throne Edition", "C168"),
    ("C160", "Winter Edition", "G36"),
    ("C184", "Winter Edition", "T37"),
    ("C188", "Core Set", "L163"),
    ("C190", "Winter Edition", "G38"),
    ("R192", "Princes of the Sun", "F42"),
    ("C195", "Lords of Winter", "F46"),
    ("U196", "Winter Edition", "T38"),
    ("U200", "Winter Edition", "G39"),
    ("C203", "Winter Edition", "T39"),
    ("C207", "Winter Edition", "G40"),
    ("R212", "Winter Edition", "T40"),
    ("R212", "Core Set", "T176"),
    ("R214", "Iron Throne Edition", "F242"),
    ("U217", "Winter Edition", "G50"),
    ("U221", "Iron Throne Edition", "F247"),
    ("U222", "Winter Edition", "T51"),
    ("U224", "Iron Throne Edition", "F245"),
    ("U225", "Winter Edition", "G51"),
    ("R226", "Iron Throne Edition", "F243"),
    ("R226", "Lions of the Rock", "F53"),
    ("U227", "Iron Throne Edition", "F244"),
    ("U227", "Core Set", "L192"),
    ("R231", "Iron Throne Edition", "F246"),
    ("R233", "Iron Throne Edition", "F241"),
    ("U236", "Winter Edition", "G52"),
    ("U240", "Iron Throne Edition", "F248"),
    ("G18", "Kings of the Sea", "F16"),
    ("G54", "Iron Throne Edition Legacy Pack", "F55"),
    ("T16", "Core Set", "T117"),
    ("T23", "Core Set", "T101"),
];

/// A name folded for matching: compatibility-decomposed with its accents dropped, lower case, apostrophes
/// (straight or curly) dropped inside a word, "&" read as "and", every other mark a word break, a leading "the", "a"
/// or "an" dropped, and the words joined.
pub fn fold(s: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in s.nfkd() {
        match c {
            '\u{300}'..='\u{36f}' => {}
            '\'' | '\u{2019}' | '\u{2018}' | '\u{2bc}' | '`' | '\u{b4}' => {}
            '&' => {
                words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
                words.push("and".into());
            }
            c if c.is_alphanumeric() => word.extend(c.to_lowercase()),
            _ => words.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    if words.len() > 1 && ["the", "a", "an"].contains(&words[0].as_str()) {
        words.remove(0);
    }
    words.concat()
}

/// The set a tag's words name, folded ("kings of the sea", "Winter", "CS"), as spelt in `SETS`.
pub fn set_named(words: &str) -> Option<&'static str> {
    let key = fold(words);
    let alias = SET_ALIASES.iter().find(|(a, _)| *a == key).map(|(_, s)| *s);
    alias.or_else(|| SETS.iter().copied().find(|s| fold(s) == key))
}

/// AGoTDB's `UniversalId` of a Winter Edition card from its code: the set (10) and a sub-series, then the number.
/// C/U/R n is 100000 + n (the research note's "Winter C20 → 100020"); promos P n are 101000 + n, fixed agendas
/// F n 101100 + n, Greyjoy premium-starter cards G n 105000 + n, Targaryen T n 106000 + n. A card printed in the
/// base set and a starter (C98, T9) carries its base-set number's id, as our records carry that code.
pub fn universal_id(code: &str) -> Option<u32> {
    let series = code.get(..1)?;
    let n: u32 = code.get(1..)?.parse().ok().filter(|n| (1..1000).contains(n))?;
    Some(
        n + match series {
            "C" | "U" | "R" => 100_000,
            "P" => 101_000,
            "F" => 101_100,
            "G" => 105_000,
            "T" => 106_000,
            _ => return None,
        },
    )
}

/// The Winter Edition's `UniversalId` range (set 10): an id outside it is a card of a later set.
pub fn is_winter_id(id: u32) -> bool {
    (100_000..110_000).contains(&id)
}

/// The pool's titles folded once per list, and every look-up a list line needs.
pub struct Names<'a> {
    pub cards: &'a [CardDef],
    folded: Vec<String>,
}

impl<'a> Names<'a> {
    pub fn new(cards: &'a [CardDef]) -> Self {
        Names { cards, folded: cards.iter().map(|c| fold(&c.name)).collect() }
    }

    pub fn by_code(&self, s: &str) -> Option<u16> {
        self.cards.iter().position(|c| c.code.eq_ignore_ascii_case(s)).map(|i| i as u16)
    }

    /// A code names one card; a title may name several (two Houses print The Iron Throne): the one of `house`,
    /// else the first record of that title.
    pub fn find(&self, s: &str, house: Option<u8>) -> Option<u16> {
        if let Some(i) = self.by_code(s.trim()) {
            return Some(i);
        }
        let key = fold(s);
        if key.is_empty() {
            return None;
        }
        let titled = self.cards.iter().enumerate().filter(|(i, _)| self.folded[*i] == key);
        // `min_by_key` keeps the first of equals: the House's card, else the first card of that title.
        titled.min_by_key(|(_, c)| Some(c.house) != house).map(|(i, _)| i as u16)
    }

    pub fn is_title(&self, s: &str) -> bool {
        let key = fold(s);
        !key.is_empty() && self.folded.contains(&key)
    }

    /// A Winter record not in the pool yet, by code or title: (code, title).
    pub fn not_yet(&self, s: &str) -> Option<(&'static str, &'static str)> {
        let key = fold(s);
        NOT_YET.iter().copied().find(|(code, name)| code.eq_ignore_ascii_case(s.trim()) || fold(name) == key)
    }

    /// A card of the rulebook's banned list that the pool does not hold: (title, printing).
    pub fn banned(&self, s: &str) -> Option<(&'static str, &'static str)> {
        let key = fold(s);
        BANNED.iter().copied().find(|(name, _)| fold(name) == key)
    }

    /// The pool card or not-yet record whose title is nearest a name that matches none, if one is near enough to
    /// be what was meant: an edit distance (two letters swapped count one) of at most one per five letters (at
    /// least one), or the only title that holds the name whole ("Jaime Lannister" → Ser Jaime Lannister).
    pub fn suggest(&self, s: &str) -> Option<String> {
        let key = fold(s);
        let n = key.chars().count();
        if !(3..=60).contains(&n) {
            return None;
        }
        let pool = self.cards.iter().zip(&self.folded).map(|(c, f)| (c.name.as_str(), f.clone()));
        let titles = pool.chain(NOT_YET.iter().map(|(_, t)| (*t, fold(t))));
        let mut best: Option<(usize, &str)> = None;
        let mut holding: Vec<&str> = Vec::new();
        for (t, f) in titles {
            let d = strsim::osa_distance(&key, &f);
            if d <= (n / 5).max(1) && best.is_none_or(|(b, _)| d < b) {
                best = Some((d, t));
            }
            if n >= 4 && f.contains(&key) && !holding.contains(&t) {
                holding.push(t);
            }
        }
        best.map(|(_, t)| t.to_owned()).or_else(|| (holding.len() == 1).then(|| holding[0].to_owned()))
    }

    /// The pool card or not-yet record an AGoTDB `UniversalId` names.
    pub fn by_universal_id(&self, id: u32) -> Option<Result<u16, (&'static str, &'static str)>> {
        if let Some(i) = self.cards.iter().position(|c| universal_id(&c.code) == Some(id)) {
            return Some(Ok(i as u16));
        }
        NOT_YET.iter().copied().find(|(code, _)| universal_id(code) == Some(id)).map(Err)
    }
}

/// A set tag after a card's name, read when it is a known set and a number ("Kings of the Sea F43",
/// "(Winter C20)", "C20"): (the set, or None for a bare number; the number).
pub fn set_tag(text: &str) -> Option<(Option<&'static str>, String)> {
    let t = text.trim().trim_start_matches(['(', '[']).trim_end_matches([')', ']']).trim();
    let (words, number) = match t.rsplit_once(char::is_whitespace) {
        Some((w, n)) => (w.trim().trim_end_matches([',', '-', '#']).trim(), n),
        None => ("", t),
    };
    let letters = number.chars().take_while(char::is_ascii_alphabetic).count();
    let digits = number.len() - letters;
    let numeric = (1..=2).contains(&letters) && (1..=3).contains(&digits);
    if !numeric || !number[letters..].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let set = if words.is_empty() { None } else { Some(set_named(words)?) };
    Some((set, number.to_ascii_uppercase()))
}

/// Whether a set tag names the Winter card `code`: its own number (or a premium-starter number) in the Winter
/// Edition, or one of its reprints.
pub fn printing_of(code: &str, set: Option<&str>, number: &str) -> bool {
    let winter = set.is_none_or(|s| s == "Winter Edition");
    (winter && code.eq_ignore_ascii_case(number))
        || PRINTINGS.iter().any(|(c, s, n)| {
            *c == code && n.eq_ignore_ascii_case(number) && (set.is_none() && *s == "Winter Edition" || set == Some(*s))
        })
}
