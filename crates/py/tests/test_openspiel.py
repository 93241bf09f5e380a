"""``python_ygo``, the OpenSpiel game (docs/OPENSPIEL.md): OpenSpiel's own checks, its
serialization, hidden cards kept out of the tensors, and its IS-MCTS bot over a whole duel."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import ygo
import ygo.openspiel
from ygo.openspiel import RolloutEvaluator

GOAT = {"format": "goat", "deck_a": "goat-control", "deck_b": "chaos-control"}


def goat_game():
    return pyspiel.load_game("python_ygo", GOAT)


def play_random(state, moves, rng):
    """Applies up to `moves` random actions (chance included); the state."""
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_game_type_and_sizes():
    game = goat_game()
    t = game.get_type()
    assert t.short_name == "python_ygo"
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == ygo.ACTION_ROWS
    assert game.max_chance_outcomes() == 1024
    tables = {name: int(np.prod(shape)) for name, shape in ygo.openspiel.TABLES}
    assert game.information_state_tensor_size() == sum(tables.values())
    assert game.observation_tensor_size() == sum(tables.values()) - tables["events"]
    # The chance node deals the seed; the outcome is the duel's seed.
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1024
    state.apply_action(7)
    assert state.duel.view("A") == ygo.Duel("goat-control", "chaos-control", seed=7, format="goat").view("A")
    assert state.current_player() == 0 and state.legal_actions() == list(range(len(state.duel.legal_actions())))


def test_openspiel_random_simulation_checks():
    """OpenSpiel's random simulation test: legal actions, clones, tensors and strings of
    both players at every node, serialization round trips, returns at the end."""
    pyspiel.random_sim_test(goat_game(), num_sims=2, serialize=True, verbose=False)


def test_openspiel_python_simulation_checks():
    """OpenSpiel's own Python simulation test (its games_sim_test): pickling the game, its
    type and states, clones, serialization, for the first 1,000 actions of a duel."""
    from open_spiel.python.tests import games_sim_test

    np.random.seed(0)
    games_sim_test.GamesSimTest().sim_game(goat_game())


def test_a_duel_cut_at_max_game_length_is_a_draw():
    game = pyspiel.load_game("python_ygo", dict(GOAT, max_game_length=50))
    assert game.max_game_length() == 50 and game.max_move_number() == 51
    state = play_random(game.new_initial_state(), 1000, np.random.RandomState(1))
    assert state.is_terminal() and state.moves == 50 and state.duel.deciding is not None
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []


def test_serialize_deserialize_round_trip():
    game = goat_game()
    state = play_random(game.new_initial_state(), 300, np.random.RandomState(3))
    text = state.serialize()
    # OpenSpiel's form for Python games: the history as player:action (the chance outcome,
    # the seed, first), the move number, then the state's attributes (the duel's bytes).
    assert text.splitlines()[0] == "history=" + ",".join(f"{h.player}:{h.action}" for h in state.full_history())
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.duel.view("A") == state.duel.view("A") and again.duel.log() == state.duel.log()
    for p in (0, 1):
        assert again.information_state_string(p) == state.information_state_string(p)
        assert again.information_state_tensor(p) == state.information_state_tensor(p)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(g2) == str(game) and str(s2) == str(state)
    # The history alone replays the duel: the seed, then the rows.
    replayed = game.new_initial_state()
    for a in state.history():
        replayed.apply_action(a)
    assert str(replayed) == str(state) and replayed.duel.log() == state.duel.log()
    assert replayed.information_state_string(0) == state.information_state_string(0)


def test_information_state_tensor_hides_the_opponents_cards():
    """Deal the cards hidden from a player again (same seed, same history): that player's
    tensors and observation string are identical; the other player's generally not."""
    game = goat_game()
    state = game.new_initial_state()
    state.apply_action(11)
    rng = np.random.RandomState(5)
    compared = differed = 0
    for step in range(400):
        if state.is_terminal():
            break
        if step % 20 == 0:
            for p, seat in enumerate("AB"):
                twin = state.clone()
                twin.duel = state.duel.dealt_again(seat, step)
                assert twin.information_state_tensor(p) == state.information_state_tensor(p)
                assert twin.observation_tensor(p) == state.observation_tensor(p)
                assert twin.observation_string(p) == state.observation_string(p)
                compared += 1
                differed += twin.information_state_tensor(1 - p) != state.information_state_tensor(1 - p)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert compared >= 20 and differed >= 5


def test_resampled_states_keep_the_information_state():
    game = goat_game()
    state = play_random(game.new_initial_state(), 120, np.random.RandomState(8))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        sample = state.resample_from_infostate(p, sampler)
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.duel.view(p) == state.duel.view(p)


def test_rl_environment_plays_a_duel():
    """OpenSpiel's RL environment (its agents' interface) over a whole duel."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(goat_game(), seed=1)
    rng = np.random.RandomState(1)
    ts = env.reset()
    while not ts.last():
        p = ts.observations["current_player"]
        assert len(ts.observations["info_state"][p]) == env.game.information_state_tensor_size()
        ts = env.step([int(rng.choice(ts.observations["legal_actions"][p]))])
    assert sorted(ts.rewards) in ([-1.0, 1.0], [0.0, 0.0])


def test_ismcts_plays_a_whole_goat_duel():
    """OpenSpiel's IS-MCTS bot (10 simulations a move, random rollouts) against OpenSpiel's
    uniform random bot, to the end of a Goat duel."""
    game = goat_game()
    bot = ismcts.ISMCTSBot(game, RolloutEvaluator(random_state=np.random.RandomState(1)), uct_c=2.0, max_simulations=10, random_state=np.random.RandomState(2))
    opponent = pyspiel.make_uniform_random_bot(1, 4)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        elif state.current_player() == 0:
            searched += len(state.legal_actions()) > 1
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(opponent.step(state))
    assert state.duel.outcome is not None and searched > 10
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_rollout_evaluator_gives_results_and_a_uniform_prior():
    game = goat_game()
    state = play_random(game.new_initial_state(), 40, np.random.RandomState(4))
    ev = RolloutEvaluator(n_rollouts=4, random_state=np.random.RandomState(0))
    value = ev.evaluate(state)
    assert value.shape == (2,) and value[0] == -value[1] and -1.0 <= value[0] <= 1.0
    prior = ev.prior(state)
    assert [a for a, _ in prior] == state.legal_actions() and abs(sum(p for _, p in prior) - 1.0) < 1e-9
    assert state.duel.deciding is not None  # the rollouts played copies


def test_more_legal_actions_than_rows_show_the_first_rows():
    """No measured position has more than 60 legal actions; were one to have more than
    ACTION_ROWS, the tensors show (and the actions offer) the first ACTION_ROWS."""

    class Crowded:
        def legal_actions(self):
            return [(i, f"a{i}") for i in range(ygo.ACTION_ROWS + 5)]

        def observe(self, seat, action_rows):
            if action_rows < ygo.ACTION_ROWS + 5:
                raise ygo.ObservationOverflow("too many")
            return {"actions": np.ones((action_rows, ygo.ACTION_COLS), np.int16), "action_mask": np.ones(action_rows, np.int8)}

    obs = ygo.openspiel._observe(Crowded(), "A")
    assert obs["actions"].shape == (ygo.ACTION_ROWS, ygo.ACTION_COLS) and obs["action_mask"].shape == (ygo.ACTION_ROWS,)
