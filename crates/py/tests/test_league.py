"""The league: its schedule, its ratings, and a quick round robin."""

import json

import pytest

import ygo.league as league


def test_the_schedule_covers_deck_orders_and_seats_equally():
    agents = ["random", "rules", "greedy"]
    games = league.schedule(agents, league.PAIRS, 8, seed=0)
    assert len(games) == 3 * 8
    for x, y in [("random", "rules"), ("random", "greedy"), ("rules", "greedy")]:
        mine = [g for g in games if {g["a"], g["b"]} == {x, y}]
        # (deck x pilots, x's seat) over the 8 duels: every deck of both pairs, each from both seats.
        combos = sorted((g["deck_a"] if g["a"] == x else g["deck_b"], "A" if g["a"] == x else "B") for g in mine)
        decks = sorted(d for pair in league.PAIRS for d in pair)
        assert combos == sorted((d, s) for d in decks for s in "AB"), combos
    assert len({g["seed"] for g in games}) == len(games)


def test_bradley_terry_recovers_known_odds():
    # A wins 300 of 400 against B (3 to 1 odds: 400 log10(3) = 191 Elo), B 200 of 400 against C.
    results = [{"a": "A", "b": "B", "winner": "A" if k < 300 else "B"} for k in range(400)]
    results += [{"a": "C", "b": "B", "winner": "B" if k < 200 else "A"} for k in range(400)]
    r = league.bradley_terry(["B", "A", "C"], results)
    assert r["B"]["elo"] == 0
    assert abs(r["A"]["elo"] - 190.8) < 3, r["A"]
    assert abs(r["C"]["elo"]) < 3, r["C"]
    assert r["A"]["low"] < 190.8 < r["A"]["high"] and r["A"]["high"] - r["A"]["low"] < 120
    assert r["A"]["games"] == 400 and abs(r["A"]["score"] - 0.75) < 1e-9
    # One side winning everything stays finite.
    r = league.bradley_terry(["X", "Y"], [{"a": "X", "b": "Y", "winner": "B"}] * 10)
    assert 0 < r["Y"]["elo"] < 1000


def test_a_quick_league_prints_a_table_and_json(capsys):
    assert league.main(["--agents", "random,rules,greedy", "--games", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["games"]) == 12 and set(report["ratings"]) == {"random", "rules", "greedy"}
    assert all(g["winner"] in ("A", "B", None) and g["turns"] >= 1 for g in report["games"])
    assert report["ratings"]["random"]["elo"] == 0
    text = league.table(report)
    assert "random" in text and "(anchor)" in text and "95%" in text
    with pytest.raises(SystemExit):
        league.main(["--agents", "random"])
    assert league.main(["--agents", "random,nobody", "--games", "4"]) == 2


def test_a_long_agent_name_keeps_the_columns_in_line():
    r = lambda elo: {"elo": elo, "low": elo - 100, "high": elo + 100, "score": 0.5, "games": 16}  # noqa: E731
    report = {
        "agents": ["random", "mcts+policy:200", "greedy"],
        "pairs": [["goat-control", "chaos-control"]],
        "format": "goat",
        "games": [{}] * 24,
        "games_per_pair": 16,
        "seconds": 1.0,
        "ratings": {"random": r(0), "mcts+policy:200": r(480), "greedy": r(490)},
    }
    lines = league.table(report).splitlines()[3:]
    at = lines[0].index("95% interval")
    assert all(line[at] in "[(" for line in lines[1:]), lines
