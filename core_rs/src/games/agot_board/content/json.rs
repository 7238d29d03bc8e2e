//! The plugins' JSON data files as they are written (the raw shapes) and the parser that checks them and turns
//! them, with the options, into the `Rules`.

use serde::Deserialize;

use super::{Ability, Area, Card, Castle, House, Options, Rules, Tactic, WCard, WKey, WildKey, NONE, SOURCES};
use crate::engine::SetupError;

// ---- raw JSON shapes ----

#[derive(Deserialize)]
struct Raw {
    map: RawMap,
    setup: RawSetup,
    cards: RawCards,
    westeros: RawWesteros,
    /// The Storm of Swords content, present when the expansion plugin hands it over.
    storm_of_swords: Option<RawSos>,
}

/// The ravenry-storm-of-swords plugin's content (its data files, one part each).
#[derive(Deserialize)]
struct RawSos {
    house_cards: RawCards,
    westeros: RawWesteros,
    wildlings: RawWild,
    tactics: RawTactics,
    leaders: RawLeaders,
    original_board: RawOriginalBoard,
}

/// The rulebook's rules for the original board: three players, claims, variant 4's stronger neutral tokens.
#[derive(Deserialize)]
struct RawOriginalBoard {
    three_player: RawSos3,
    leader_neutral_bonus: RawBonus,
    win_claims: u8,
}

#[derive(Deserialize)]
struct RawMap {
    areas: Vec<RawArea>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArea {
    id: String,
    name: String,
    kind: String,
    castle: String,
    supply: u8,
    power: u8,
    adjacent: Vec<String>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHouse {
    id: String,
    name: String,
    home: String,
    units: Vec<(String, u8, u8, u8)>,
    source: String,
}

#[derive(Deserialize)]
struct RawTracks {
    throne: Vec<String>,
    fiefdoms: Vec<String>,
    court: Vec<String>,
}

#[derive(Deserialize)]
struct RawBonus {
    areas: Vec<String>,
    bonus: u8,
}

#[derive(Deserialize)]
struct RawSos3 {
    neutral_house: String,
    extra_footman: u8,
    closed: Vec<String>,
}

#[derive(Deserialize)]
struct RawPool {
    footmen: u8,
    knights: u8,
    ships: u8,
}

#[derive(Deserialize)]
struct RawSetup {
    houses: Vec<RawHouse>,
    seats_by_players: std::collections::BTreeMap<String, Vec<String>>,
    tracks: RawTracks,
    neutral_always: Vec<(String, u8)>,
    neutral_by_players: std::collections::BTreeMap<String, Vec<(String, u8)>>,
    closed_by_players: std::collections::BTreeMap<String, Vec<String>>,
    start_power: u8,
    power_tokens: u8,
    threat_start: u8,
    threat_max: u8,
    rounds: u8,
    pool: RawPool,
    supply_table: Vec<Vec<u8>>,
    special_orders: std::collections::BTreeMap<String, Vec<u8>>,
    win_castles: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    house: String,
    name: String,
    strength: u8,
    swords: u8,
    forts: u8,
    ability: Ability,
    text: String,
    source: String,
}

#[derive(Deserialize)]
struct RawCards {
    cards: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawW {
    deck: u8,
    key: WKey,
    name: String,
    count: u8,
    wildling: bool,
    text: String,
    source: String,
}

#[derive(Deserialize)]
struct RawWesteros {
    cards: Vec<RawW>,
}

#[derive(Deserialize)]
struct RawWildCard {
    key: WildKey,
    name: String,
    source: String,
}

#[derive(Deserialize)]
struct RawWild {
    cards: Vec<RawWildCard>,
}

#[derive(Deserialize)]
struct RawTactic {
    key: Tactic,
    name: String,
    source: String,
}

#[derive(Deserialize)]
struct RawTactics {
    cards: Vec<RawTactic>,
}

#[derive(Deserialize)]
struct RawLeaderHouse {
    house: String,
    names: Vec<String>,
}

#[derive(Deserialize)]
struct RawLeaders {
    strength: u8,
    houses: Vec<RawLeaderHouse>,
}

fn bad(why: impl Into<String>) -> SetupError {
    SetupError::Content(why.into())
}

fn check_source(what: &str, s: &str) -> Result<(), SetupError> {
    if SOURCES.contains(&s) {
        Ok(())
    } else {
        Err(bad(format!("{what}: source {s:?} must be one of {SOURCES:?}")))
    }
}

fn count_key(map: &std::collections::BTreeMap<String, Vec<(String, u8)>>, n: &str) -> Vec<(String, u8)> {
    map.get(n).cloned().unwrap_or_default()
}

pub fn parse(content: &str, options: &str) -> Result<Rules, SetupError> {
    let opts: Options = serde_json::from_str(options)
        .map_err(|e| SetupError::Option { name: "options".into(), reason: e.to_string() })?;
    if opts.leaders && !opts.sos_house_cards {
        return Err(SetupError::Option {
            name: "leaders".into(),
            reason: "leaders need the Storm of Swords house cards (set sos_house_cards too)".into(),
        });
    }
    let raw: Raw = serde_json::from_str(content).map_err(|e| bad(e.to_string()))?;
    let sos = raw.storm_of_swords.as_ref();
    if sos.is_none() {
        // Every option is a Storm of Swords one: none can act without the expansion's content.
        let on = [
            ("sos_house_cards", opts.sos_house_cards),
            ("sos_westeros", opts.sos_westeros),
            ("tactics", opts.tactics),
            ("leaders", opts.leaders),
            ("wildling_cards", opts.wildling_cards),
            ("sos_victory", opts.sos_victory),
            ("sos_three_player", opts.sos_three_player),
        ];
        if let Some((name, _)) = on.iter().find(|(_, v)| *v) {
            return Err(SetupError::Option {
                name: (*name).into(),
                reason: "needs the Storm of Swords content (install the ravenry-storm-of-swords plugin)".into(),
            });
        }
    }
    if raw.map.areas.len() >= usize::from(NONE) {
        return Err(bad("too many areas"));
    }
    let area_id = |k: &str| -> Result<u8, SetupError> {
        raw.map.areas.iter().position(|a| a.id == k).map(|i| i as u8).ok_or_else(|| bad(format!("no area {k:?}")))
    };
    let mut areas = Vec::new();
    for a in &raw.map.areas {
        check_source(&a.id, &a.source)?;
        let castle = match a.castle.as_str() {
            "none" => Castle::None,
            "city" => Castle::City,
            "stronghold" => Castle::Stronghold,
            o => return Err(bad(format!("{}: castle {o:?}", a.id))),
        };
        let adj = a.adjacent.iter().map(|k| area_id(k)).collect::<Result<Vec<_>, _>>()?;
        areas.push(Area {
            key: a.id.clone(),
            name: a.name.clone(),
            sea: a.kind == "sea",
            castle,
            supply: a.supply,
            power: a.power,
            adj,
        });
    }
    for (i, a) in areas.iter().enumerate() {
        for &b in &a.adj {
            if !areas[usize::from(b)].adj.contains(&(i as u8)) {
                return Err(bad(format!("adjacency {} -> {} is not symmetric", a.key, areas[usize::from(b)].key)));
            }
        }
    }
    let s = &raw.setup;
    let house_id = |k: &str| -> Result<u8, SetupError> {
        s.houses.iter().position(|h| h.id == k).map(|i| i as u8).ok_or_else(|| bad(format!("no house {k:?}")))
    };
    let mut houses = Vec::new();
    for h in &s.houses {
        check_source(&h.id, &h.source)?;
        let units = h
            .units
            .iter()
            .map(|(a, f, k, sh)| Ok((area_id(a)?, *f, *k, *sh)))
            .collect::<Result<Vec<_>, SetupError>>()?;
        houses.push(House { key: h.id.clone(), name: h.name.clone(), home: area_id(&h.home)?, units });
    }
    let set = match sos {
        Some(x) if opts.sos_house_cards => &x.house_cards.cards,
        _ => &raw.cards.cards,
    };
    let mut cards: Vec<Vec<Card>> = vec![Vec::new(); houses.len()];
    for c in set {
        check_source(&c.name, &c.source)?;
        let _ = &c.text;
        let h = house_id(&c.house)?;
        cards[usize::from(h)].push(Card {
            name: c.name.clone(),
            strength: c.strength,
            swords: c.swords,
            forts: c.forts,
            ability: c.ability,
        });
    }
    if cards.iter().any(|v| v.len() != 7) {
        return Err(bad("every house needs 7 house cards"));
    }
    let wsrc = match sos {
        Some(x) if opts.sos_westeros => &x.westeros.cards,
        _ => &raw.westeros.cards,
    };
    let mut wcards = Vec::new();
    let mut decks: [Vec<u8>; 3] = Default::default();
    for w in wsrc {
        check_source(&w.name, &w.source)?;
        let _ = &w.text;
        let d = usize::from(w.deck).checked_sub(1).filter(|d| *d < 3).ok_or_else(|| bad("deck must be 1..3"))?;
        let id = wcards.len() as u8;
        wcards.push(WCard { key: w.key, name: w.name.clone(), wildling: w.wildling });
        for _ in 0..w.count {
            decks[d].push(id);
        }
    }
    if decks.iter().any(Vec::is_empty) {
        return Err(bad("every Westeros deck needs cards"));
    }
    let mut wild = Vec::new();
    let mut tactics = Vec::new();
    let mut leaders = vec![[NONE, NONE]; houses.len()];
    let Some(sos) = sos else {
        return Ok(Rules {
            leader_strength: 0,
            leader_bonus_areas: Vec::new(),
            leader_bonus: 0,
            sos3_house: NONE,
            sos3_extra: 0,
            sos3_closed: Vec::new(),
            win_claims: u8::MAX,
            ..base_rules(opts, areas, houses, cards, wcards, decks, wild, tactics, leaders, s, &area_id, &house_id)?
        });
    };
    for w in &sos.wildlings.cards {
        check_source(&w.name, &w.source)?;
        wild.push((w.key, w.name.clone()));
    }
    for t in &sos.tactics.cards {
        check_source(&t.name, &t.source)?;
        tactics.push((t.key, t.name.clone()));
    }
    if tactics.is_empty() || tactics.len() > 8 || wild.is_empty() {
        return Err(bad("tactics: 1..8 cards; wildlings: at least one card"));
    }
    for l in &sos.leaders.houses {
        let h = usize::from(house_id(&l.house)?);
        for (j, n) in l.names.iter().take(2).enumerate() {
            // Leaders only exist with the SoS set (option check above); match the name in the active set.
            if let Some(i) = cards[h].iter().position(|c| &c.name == n) {
                leaders[h][j] = i as u8;
            } else if opts.leaders {
                return Err(bad(format!("leader {n:?} has no house card")));
            }
        }
    }
    let ob = &sos.original_board;
    let areas_of = |v: &[String]| v.iter().map(|k| area_id(k)).collect::<Result<Vec<u8>, _>>();
    Ok(Rules {
        leader_strength: sos.leaders.strength,
        leader_bonus_areas: areas_of(&ob.leader_neutral_bonus.areas)?,
        leader_bonus: ob.leader_neutral_bonus.bonus,
        sos3_house: house_id(&ob.three_player.neutral_house)?,
        sos3_extra: ob.three_player.extra_footman,
        sos3_closed: areas_of(&ob.three_player.closed)?,
        win_claims: ob.win_claims,
        ..base_rules(opts, areas, houses, cards, wcards, decks, wild, tactics, leaders, s, &area_id, &house_id)?
    })
}

/// The rules every ruleset shares (the base game's set-up and tables); the Storm of Swords fields are filled
/// by the caller.
#[allow(clippy::too_many_arguments)]
fn base_rules(
    opts: Options,
    areas: Vec<Area>,
    houses: Vec<House>,
    cards: Vec<Vec<Card>>,
    wcards: Vec<WCard>,
    decks: [Vec<u8>; 3],
    wild: Vec<(WildKey, String)>,
    tactics: Vec<(Tactic, String)>,
    leaders: Vec<[u8; 2]>,
    s: &RawSetup,
    area_id: &dyn Fn(&str) -> Result<u8, SetupError>,
    house_id: &dyn Fn(&str) -> Result<u8, SetupError>,
) -> Result<Rules, SetupError> {
    let ids = |v: &[String]| v.iter().map(|k| house_id(k)).collect::<Result<Vec<u8>, _>>();
    let areas_of = |v: &[String]| v.iter().map(|k| area_id(k)).collect::<Result<Vec<u8>, _>>();
    let pairs =
        |v: &[(String, u8)]| v.iter().map(|(k, n)| Ok((area_id(k)?, *n))).collect::<Result<Vec<_>, SetupError>>();
    let per_count = |n: &str| -> Result<Vec<u8>, SetupError> {
        ids(s.seats_by_players.get(n).ok_or_else(|| bad(format!("no seats for {n} players")))?)
    };
    let spec = |n: &str| s.special_orders.get(n).cloned().ok_or_else(|| bad("special order limits"));
    let closed = |n: &str| areas_of(s.closed_by_players.get(n).map(Vec::as_slice).unwrap_or(&[]));
    Ok(Rules {
        opts,
        houses,
        cards,
        wcards,
        decks,
        wild,
        tactics,
        leaders,
        leader_strength: 0,
        seats_by_players: [per_count("3")?, per_count("4")?, per_count("5")?],
        throne: ids(&s.tracks.throne)?,
        fief: ids(&s.tracks.fiefdoms)?,
        court: ids(&s.tracks.court)?,
        neutral_always: pairs(&s.neutral_always)?,
        neutral_by_players: [
            pairs(&count_key(&s.neutral_by_players, "3"))?,
            pairs(&count_key(&s.neutral_by_players, "4"))?,
            pairs(&count_key(&s.neutral_by_players, "5"))?,
        ],
        closed_by_players: [closed("3")?, closed("4")?, closed("5")?],
        leader_bonus_areas: Vec::new(),
        leader_bonus: 0,
        sos3_house: NONE,
        sos3_extra: 0,
        sos3_closed: Vec::new(),
        start_power: s.start_power,
        power_tokens: s.power_tokens,
        threat_start: s.threat_start,
        threat_max: s.threat_max,
        rounds: s.rounds,
        pool: [s.pool.footmen, s.pool.knights, s.pool.ships],
        supply_table: s.supply_table.clone(),
        special: [spec("3")?, spec("4")?, spec("5")?],
        win_castles: s.win_castles,
        win_claims: u8::MAX,
        areas,
    })
}
