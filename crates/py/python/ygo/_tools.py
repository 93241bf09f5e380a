"""What the command-line tools (``ygo.bench``, ``ygo.selfplay``) share."""

from __future__ import annotations

from ygo._ygo import DEFAULT_DECKS

#: The Goat pair the tools play under ``--format goat`` unless decks are given.
GOAT_DECKS = ("goat-control", "chaos-control")


def tool_decks(fmt: str | None, deck_a: str | None, deck_b: str | None) -> tuple[str, str]:
    """The two decks a tool plays: those given, else the format's default pair."""
    default = GOAT_DECKS if fmt == "goat" else DEFAULT_DECKS
    return deck_a or default[0], deck_b or default[1]
