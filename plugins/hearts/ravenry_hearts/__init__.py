"""Hearts, to OpenSpiel's rules and default parameters: registers the game, its options and its terminal face.

Rules run in the Rust core (``core_rs/src/games/hearts``); hearts has no content beyond the standard deck. The
options are OpenSpiel's game parameters under the same names and defaults, plus ``pass_direction`` and ``hands``.
"""

from __future__ import annotations

from collections.abc import Callable

from ravenry import GameSpec, OptionSpec, hookimpl

from ravenry_hearts.render import narrate_event, render_view

OPTIONS = [
    OptionSpec("pass_cards", bool, default=True, help="pass three cards before play (OpenSpiel pass_cards)"),
    OptionSpec("no_pts_on_first_trick", bool, default=True, help="no hearts or queen of spades on the first trick"),
    OptionSpec("can_lead_any_club", bool, default=False, help="the first lead may be any club, not only the two"),
    OptionSpec("jd_bonus", bool, default=False, help="the jack of diamonds is worth -10 points"),
    OptionSpec("avoid_all_tricks_bonus", bool, default=False, help="-5 points for taking no trick"),
    OptionSpec("must_break_hearts", bool, default=True, help="hearts may not be led until one has been played"),
    OptionSpec("qs_breaks_hearts", bool, default=True, help="playing the queen of spades breaks hearts"),
    OptionSpec(
        "can_lead_hearts_instead_of_qs",
        bool,
        default=False,
        help="a leader left with only the queen of spades and hearts may lead a heart",
    ),
    OptionSpec(
        "pass_direction",
        str,
        default="random",
        choices=["random", "left", "right", "across", "none"],
        help="the first hand's pass: random among the four (OpenSpiel's chance node) or fixed",
    ),
    OptionSpec(
        "hands",
        int,
        default=1,
        min=1,
        max=100,
        help="hands per match (OpenSpiel plays one); later hands pass left, right, across, none in turn",
    ),
]


@hookimpl
def ravenry_register_games(register: Callable[[GameSpec], None]) -> None:
    register(
        GameSpec(
            id="hearts",
            title="Hearts",
            min_players=4,
            max_players=4,
            core="hearts",
            content={},
            options=OPTIONS,
            render=render_view,
            narrate=narrate_event,
            ui="ravenry_hearts.ui",
            help=(
                "The classic trick-avoidance game, to the rules of OpenSpiel's hearts so that the two engines can "
                "be compared on identical work. Pass three cards, then follow suit; the two of clubs leads, no "
                "points on the first trick, hearts cannot be led until broken. Each heart costs 1 point and the "
                "queen of spades 13; take them all to shoot the moon. Returns are 26 minus your points."
            ),
        )
    )
