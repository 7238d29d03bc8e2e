"""Regenerates docs/games/agot_ccg_coverage.md: every Winter Edition record of the research pool (its section 5
tables), whether it is in ``data/cards.json``, and for each record not yet in the pool the mechanism its text
needs that the effect vocabulary lacks (found from the research paraphrase by the keywords below, so the table
says plainly what remains). Run from the repository root:

    python plugins/agot_ccg/tools/coverage.py [path/to/research/agot_ccg.md]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CARDS = ROOT / "plugins/agot_ccg/ravenry_agot_ccg/data/cards.json"
OUT = ROOT / "docs/games/agot_ccg_coverage.md"

# The first matching rule names what a record's text needs (order: the most specific first).
NEEDS = [
    (r"agenda|must claim 5 more power|with more than 2 players", "agendas / multiplayer-only"),
    (r"\bcancel", "cancel responses"),
    (r"\bsave\b|saved", "save responses"),
    (r"take control|control of it", "control change"),
    (r"dead pile\)|from your dead pile|from your discard pile|discard pile", "recursion from the discard or dead pile"),
    (r"search", "searching a deck"),
    (r"return .*hand|to owner's hand|to its owner's hand", "return to hand"),
    (r"name a|named card", "naming cards"),
    (r"reveal (up to )?\d|top \d|top card|look at", "revealing or looking at deck cards"),
    (r"loses? an? |gains or loses|loses \{|icon", "icons gained or lost"),
    (r"blank", "blanking a text box"),
    (
        r"cannot be killed|cannot be chosen|cannot be lowered|cannot attack|cannot be declared|cannot defend",
        "restrictions on being chosen, killed or declared",
    ),
    (r"discard (it |this char )?from play|discard .* from play|discard every", "discarding cards from play"),
    (r"^Dom:|\bDom:", "dominance-phase actions"),
    (r"^Mar:|\bMar:", "marshalling-phase actions"),
    (r"when revealed", "more 'when revealed' plot effects"),
    (r"stand", "stand effects"),
    (r"kneel", "kneel effects"),
    (r"put .* into play", "putting cards into play"),
    (r"draw", "draw responses"),
    (r"power", "power responses"),
    (r"stealth", "stealth triggers"),
    (r"attach", "moving or placing attachments"),
]


# What exactly keeps a record out, where the keyword reading above is too coarse (the generic part of the
# vocabulary: these are what it still cannot say).
REASONS = {
    "U2": "attachments on attachments and locations",
    "U33": "changing a card's House affiliation",
    "G29": "a location that becomes a character",
    "R179": "locations that become characters",
    "C117": "looking at the cards another player just drew (a view of part of another hand)",
    "C187": "copying another card's effect",
    "R7": "naming a card title (a choice among every title of the pool)",
    "R178": "cancelling a triggered effect (cancel windows hold events and card actions only)",
    "R168": "cancelling a plot's 'when revealed' effects (no cancel window on plots)",
    "P10": "an agenda's action any player may trigger, with one limit shared by all",
}

# The Rust test exercising each composable ability (`core_rs/src/games/agot_ccg/tests/effect_*_tests.rs`), chosen by
# the first rule matching the ability's vocabulary (abilities written as compact JSON); a record with several
# abilities lists the test of each.
VOCAB_TESTS = [
    (r'"challenge_type"', "sfide_tyrion_turns_the_challenge_into_intrigue"),
    (r'"controller_discards_per_printed_icon"', "icone_scorpions_sting"),
    (r'"choose"', "effetti_duraturi_casterly_rock_pick_one"),
    (r'"or_from"|"x_used_plots"', "pila_dei_morti_o_degli_scarti_and_x_from_used_plots"),
    (r'"influence_x"', "influenza_x_blood_magic"),
    (r'"require"', "restrizioni_di_gioco_won_challenges_and_used_plots"),
    (r'"whose":"any"', "pila_degli_scarti_any_players_pile"),
    (r'"same_title"', "ricerca_same_title_copies"),
    (r'"attach_this"', "equipaggiamenti_old_bears_crow_from_the_discard_pile"),
    (r'"all_from_dead_piles"', "pila_dei_morti_plea_to_rhllor"),
    (r'"mill_opponents"', "scartare_dal_mazzo_tempting_fate"),
    (r'"move_this_attachment"', "equipaggiamenti_poisoned_wine_moves"),
    (r'"types":\["attachment"\]', "equipaggiamenti_as_targets_ser_jorah"),
    (r'"with_penalty"', "penale_opzionale_roving_pillagers"),
    (r'"on":"renown"', "rinomanza_melisandre"),
    (r'"each_of_most"', "quando_rivelata_sack_of_winterfell_kneels_the_most_locations"),
    (r'"on":"revealed"', "quando_rivelata_fire_and_blood_returns_to_hand"),
    (r'"from":"deck"', "ricerca_vengeance_for_eddard"),
    (r'"top":', "rivelare_house_messenger_top_two"),
    (r'"from":"(dead|discard)"', "pila_dei_morti_heir_and_forever_return"),
    (r'"from":"hand"', "risposte_event_from_hand_after_a_defence"),
    (r'"total_str_min"', "risposte_make_an_example_needs_eight_str"),
    (r'"on":"killed"', "risposte_tommen_claims_after_kills_up_to_his_limit"),
    (r'"kill_if_zero_str"', "predominio_dothraki_sea_kills_at_zero"),
    (r'"top_to_hand"|"on":"attachment_played"', "mano_dorne_goes_to_war_and_xaros_home"),
    (r'"return_to_hand"|"op":"move","to":"play"', "ritornare_in_mano_meera_and_astapori"),
    (r'"op":"kneel"|"op":"str"', "inginocchiare_personal_guard_and_banner_ship"),
    (r'"discard_attachments"|"take_power"|"discard_power"', "potere_discarded_and_moved"),
    (r'"claim_power"', "risposte_tommen_claims_after_kills_up_to_his_limit"),
    (r'"op":"blank"', "testo_vuoto_nightmares"),
    (r'"cannot_be_killed"|"cannot_be_declared"', "restrizioni_cannot_be_killed_or_declared"),
    (r'"(lose|gain)_icons"', "icone_lost_until_the_end_of_the_phase"),
    (
        r'"op":"discard","on":\{"each":\{"types":\["location"\]',
        "scartare_sound_the_horn_of_dragons_discards_every_location",
    ),
    (r'"op":"discard"', "scartare_westeros_bleeds"),
    (r'"op":"stand"', "alzare_storms_end_stands_two"),
    (r'"op":"kill"', "azioni_harrenhal_kneels_pays_then_kills"),
    (
        r'"(no_kneel_to_defend|not_stealth_target)":true|"kind":"attacking_bars_defenders"',
        "difendere_restrictions_heir_balon_heiress",
    ),
    (
        r'"kind":"(plot_win_by_counts_unopposed|plot_attachments_cost_less|cost_less_per_location_trait|plot_opponents_with_trait_no_defenders)"',
        "trame_we_do_not_sow_beggar_king_foe",
    ),
    (r'"kind":"attach_only"', "equipaggiamenti_wildling_only"),
    (r'"kind":"(triggered|action)"', "new_cards_parse_and_random_matches_play_out"),
]
# The tests of the neutral records brought in by name (`tests/pool_neutral*_tests.rs`), used before the rules above.
RECORD_TESTS = {
    "U163": "the_new_and_old_gifts_lower_the_next_card_and_let_influence_pay",
    "U164": "the_new_and_old_gifts_lower_the_next_card_and_let_influence_pay",
    "G21": "standard_of_the_kraken_takes_a_location_unless_its_controller_pays",
    "G33": "strength_in_unity_goes_on_the_house_card_and_gives_gold",
    "U129": "paper_money_kneels_the_house_card_to_lower_the_next_character",
    "R180": "ariannes_rejection_kneels_a_house_card_and_discards_its_attachments",
    "G32": "banished_blanks_the_text_and_attacking_costs_one_influence",
    "P4": "in_chains_attaches_from_the_discard_pile_and_defending_costs_influence",
    "P7": "band_of_free_folk_counts_wildlings_against_the_nights_watch",
    "C142": "fallen_brother_discards_a_wildling_for_one_influence",
    "U84": "ten_towers_battlements_swaps_printed_str",
    "G47": "marauding_longship_removes_a_defender",
    "P6": "ghost_kills_a_defender_beside_jon_snow",
    "R81": "blazewater_coast_mills_after_a_save",
    "G18": "scurvy_cutthroat_discards_an_opponents_attachment",
    "U198": "purge_the_traitors_discards_shared_unique_cards",
    "R65": "aeron_damphair_discards_power",
    "G10": "dagmer_cleftjaw_takes_a_location_for_the_phase",
    "P12": "wildling_elder_kills_a_wildling_to_kneel_or_return_a_location",
    "R154": "the_wall_discards_a_character",
    "C194": "night_favors_the_silent_shuffles_only_if_won",
    "C203": "spinning_slash_discards_an_attachment_after_a_win",
    "C197": "please_let_it_burn_lowers_the_claim_for_one_challenge",
    "C161": "ravaged_coast_makes_the_loser_of_an_unopposed_challenge_kneel_a_location",
    "C143": "mammoth_rampager_makes_each_player_discard_a_character",
    "U237": "whose_name_may_not_be_spoken_each_player_discards_a_location",
    "U74": "prophet_of_the_waves_makes_a_location_doomed_for_the_phase",
    "P9": "no_peace_in_westeros_kills_two_of_one_player_of_different_houses",
    "R138": "mance_rayder_lets_wildlings_pay_a_penalty_to_discard_a_location",
    "R233": "the_gathering_storm_lets_an_opponent_reveal_another_plot",
    "R229": "outmaneuver_cancels_and_forces_another_plot",
    "R133": "benjen_stark_swaps_a_used_plot_after_he_is_killed",
    "R232": "superior_numbers_allows_only_characters_and_no_triggered_effects",
    "P3": "lady_of_riverrun_gives_every_character_the_house_tully_trait",
    "P2": "the_doom_that_came_counts_one_more_doomed_card",
    "G13": "andrik_is_never_declared_beside_a_knight",
    "G26": "island_transport_reduces_and_leaves_beside_another_house",
    "G28": "swift_reinforcements_come_for_the_phase_and_go_back",
    "R170": "scartare_sound_the_horn_of_dragons_discards_every_location, "
    "risposte_salva_cannot_be_saved_and_events_save_characters_only",
}
# The House records of the card pool, each with its test in
# `core_rs/src/games/agot_ccg/tests/pool_*_tests.rs` (checked before the vocabulary rules above).
HOUSE_POOL_TESTS = {
    "R126": "risposte_ruins_in_the_sand_after_a_lost_challenge",
    "R104": "azioni_plaza_of_punishment_kills_a_participant_at_zero",
    "T45": "azioni_defend_the_queen_on_a_queensguard",
    "U88": "azioni_khal_drogo_discards_a_defender_unsaved",
    "R60": "pila_degli_scarti_aegons_sept_counts_the_participants",
    "R87": "equipaggiamenti_drogon_becomes_a_condition_and_returns_to_hand",
    "R89": "restrizioni_rhaegal_and_viserion_as_conditions",
    "R91": "restrizioni_rhaegal_and_viserion_as_conditions",
    "T14": "duplicati_hatchlings_become_their_dragons_duplicates",
    "T15": "duplicati_hatchlings_become_their_dragons_duplicates",
    "T17": "duplicati_hatchlings_become_their_dragons_duplicates",
    "R85": "equipaggiamenti_ruler_of_meereen_needs_the_most_attachments",
    "T19": "difendere_under_the_guilds_sway_zeroes_printed_str",
    "U46": "parole_chiave_renly_gains_what_others_have",
    "R121": "sfide_sunspear_bars_a_player_who_won_by_four",
    "U196": "pila_dei_morti_only_your_life_swaps_hand_and_dead_pile",
    "R185": "scartare_bound_by_rhllor_one_from_each_opponent",
    "T18": "immunita_the_good_masters_with_exactly_one_dragon",
    "T30": "meereen_audience_chamber_leaves_beside_another_house",
    "U205": "azioni_the_hands_judgement_bars_military_and_power_challenges",
    "T22": "azioni_dothraki_whip_bars_opponents_while_participating",
    "R21": "ricerca_winterfell_barracks_until_the_end_of_the_phase",
    "U92": "risposte_viserys_claims_and_is_discarded_unsaved",
    "U191": "dichiarare_love_is_poison_forces_the_next_challenge",
    "U48": "costi_selyse_pays_power_to_stand_three_times_a_round",
}
COMPOSABLE = {
    "triggered",
    "action",
    "attacking_bars_defenders",
    "optional_penalty",
    "plot_opponents_with_trait_no_defenders",
    "plot_win_by_counts_unopposed",
    "plot_attachments_cost_less",
    "attach_only",
    "cost_less_per_location_trait",
    "grants_optional_penalty",
    "plot_only_characters_no_triggers",
    "all_characters_gain_trait",
    "attached_controller_extra_doomed",
    "not_declared_with_trait",
}


def vocabulary(ability: dict) -> str:
    """A short reading of one ability: its kind, trigger or phase, costs and operations."""
    kind = ability["kind"]
    if kind == "constant":
        cond = f" while {ability['while']['if']}" if "while" in ability else ""
        to = ability.get("to")
        reach = "" if to is None else " to the attached character" if to == "attached" else " to characters"
        return f"constant{cond}{reach}: {', '.join(ability['gets'])}"
    if kind not in ("triggered", "action"):
        return kind
    head = ability.get("phase") or ability.get("when", {}).get("on", "?")
    if ability.get("from"):
        head += f" from {ability['from']}"
    costs = [c["pay"] for c in ability.get("cost", [])]
    ops = [o["op"] for o in ability["effect"]]
    target = " on a target" if "target" in ability else ""
    return f"{kind} ({head}{'; pay ' + ', '.join(costs) if costs else ''}): {', '.join(ops)}{target}"


def test_of(ability: dict) -> str:
    text = json.dumps(ability, separators=(",", ":"))
    return next((t for pat, t in VOCAB_TESTS if re.search(pat, text)), "")


def records(research: str) -> list[tuple[str, str, str, str, str]]:
    """(code, name, house, type, text) of every table row of section 5."""
    out = []
    house = kind = ""
    sec5 = research.split("## 5.", 1)[1].split("## 6.", 1)[0]
    for line in sec5.splitlines():
        m = re.match(r"#### (\w+)", line)
        if m:
            house = m.group(1)
            kind = "plot" if house == "Plots" else "agenda" if house == "Agendas" else ""
            continue
        m = re.match(r"(\w+) (Characters|Locations|Attachments|Events):", line)
        if m:
            kind = m.group(2).lower().rstrip("s")
            continue
        if not line.startswith("| ") or line.startswith("| No.") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        code = cells[0].split()[0]
        h = cells[2] if kind == "plot" else "Neutral" if kind == "agenda" else house
        out.append((code, cells[1], h, kind, cells[-1]))
    return out


def main() -> None:
    research = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / "shared/research/agot_ccg.md")
    rows = records(research.read_text(encoding="utf-8"))
    pool = {c["code"]: c for c in json.loads(CARDS.read_text(encoding="utf-8"))["cards"]}
    lines = [
        "# agot-ccg: coverage of the Winter Edition pool",
        "",
        "Generated by `python plugins/agot_ccg/tools/coverage.py RESEARCH` from the research notes' Winter Edition "
        "tables (their §5; the notes are kept outside this repository) and `data/cards.json`; do not edit by "
        "hand. *In the pool*: the record is in `cards.json` "
        "with its abilities (`docs/games/agot_ccg.md` names the tests). *Not yet*: the mechanism its text needs "
        "that the effect vocabulary lacks (read from the paraphrase; the first that applies).",
        "",
    ]
    done = sum(1 for r in rows if r[0] in pool)
    lines += [f"{done} of {len(rows)} records are in the pool.", ""]
    needs: dict[str, int] = {}
    table = ["| code | card | house | type | status |", "|---|---|---|---|---|"]
    for code, name, house, kind, text in rows:
        if code in pool:
            status = "in the pool"
        else:
            need = next((label for pat, label in NEEDS if re.search(pat, text, re.I)), "other card text")
            needs[need] = needs.get(need, 0) + 1
            status = f"not yet: {need}" + (f" ({REASONS[code]})" if code in REASONS else "")
        table.append(f"| {code} | {name} | {house} | {kind} | {status} |")
    lines += ["What the records not yet in the pool need, by how many records each would unlock:", ""]
    lines += ["| mechanism | records |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in sorted(needs.items(), key=lambda kv: -kv[1])]
    lines += ["", *table, ""]
    composable = [c for c in pool.values() if any(a["kind"] in COMPOSABLE for a in c["abilities"])]
    lines += [
        f"## The {len(composable)} records in the composable vocabulary, and their tests",
        "",
        "Each ability as the vocabulary says it (`vocab.rs`: kind, trigger or phase word, costs, operations) and the "
        "Rust test in `core_rs/src/games/agot_ccg/tests/` exercising that mechanism (`effect_*_tests.rs`, one file "
        "per mechanism; the House records of the pool: their own test in `pool_*_tests.rs`).",
        "",
        "| code | card | type | text (our paraphrase) | vocabulary | test |",
        "|---|---|---|---|---|---|",
    ]
    for c in composable:
        vocab = "; ".join(vocabulary(a) for a in c["abilities"])
        by_vocab = ", ".join(dict.fromkeys(t for t in map(test_of, c["abilities"]) if t))
        tests = RECORD_TESTS.get(c["code"]) or HOUSE_POOL_TESTS.get(c["code"]) or by_vocab
        text = c["text"].replace("|", "/")
        lines.append(f"| {c['code']} | {c['name']} | {c['type']} | {text} | {vocab} | `{tests}` |")
    lines.append("")
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {OUT}: {done}/{len(rows)} in the pool")


if __name__ == "__main__":
    main()
