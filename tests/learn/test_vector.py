"""The vector environment: gymnasium's make_vec through the vector entry point, each
table the same episodes as a single environment seeded alike (bit for bit, whatever the
thread count), NEXT_STEP autoreset, truncation, and the cheap opponents."""
import dataclasses

import gymnasium as gym
import numpy as np
import pytest

import game.learn
from game.learn.opponents import GreedyPlayer, RandomPlayer, make_opponent, opponent_names
from game.learn.vector import AGENT_WON, OPPONENT_WON, BreakshotVectorEnv
from game.rules import CUE, BallInHand, Layout
from game.session import GameSession, Shoot

N = 4


def actions(space, seed, steps):
    space.seed(seed)
    out = []
    for _ in range(steps):
        a = space.sample()
        a["stroke"][..., 1] *= 0.1          # mostly level strokes: the game goes on
        out.append(a)
    return out


def as_bytes(obs):
    return {k: np.asarray(v).tobytes() for k, v in sorted(obs.items())}


def test_make_vec_uses_the_vector_entry_point_and_its_spaces():
    envs = gym.make_vec("Breakshot/NineBall-v0", num_envs=N, opponent="greedy", threads=1)
    assert isinstance(envs.unwrapped, BreakshotVectorEnv)
    assert envs.unwrapped.max_episode_steps == game.learn.MAX_EPISODE_STEPS
    assert envs.metadata["autoreset_mode"] is gym.vector.AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    assert obs["balls"].shape == (N, 10, 2)
    for a in actions(envs.action_space, 3, 3):
        obs, rewards, terminated, truncated, info = envs.step(a)
        assert envs.observation_space.contains(obs)
        assert rewards.shape == terminated.shape == truncated.shape == (N,)
        assert info["opponent_shots"].shape == (N,) and info["_opponent_shots"].all()


def test_each_table_plays_the_single_environment_episode_bit_for_bit():
    steps = 6
    envs = BreakshotVectorEnv(N, "nine_ball", opponent="greedy", threads=1)
    obs, _ = envs.reset(seed=10)
    vector = [[as_bytes({k: v[j] for k, v in obs.items()})] for j in range(N)]
    acts = actions(envs.action_space, 10, steps)
    done = np.zeros(N, dtype=bool)
    for a in acts:
        obs, rewards, terminated, truncated, _ = envs.step(a)
        for j in range(N):
            if not done[j]:
                vector[j] += [as_bytes({k: v[j] for k, v in obs.items()}), rewards[j]]
        done |= terminated | truncated
    for j in range(N):
        env = gym.make("Breakshot/NineBall-v0", opponent="greedy")
        single_obs, _ = env.reset(seed=10 + j)
        single = [as_bytes(single_obs)]
        for a in acts:
            single_obs, r, term, trunc, _ = env.step({k: v[j] for k, v in a.items()})
            single += [as_bytes(single_obs), r]
            if term or trunc:
                break
        assert single == vector[j]


def test_the_thread_count_changes_nothing():
    def run(threads):
        envs = BreakshotVectorEnv(N, "nine_ball", opponent="random", threads=threads)
        trace = [as_bytes(envs.reset(seed=5)[0])]
        for a in actions(envs.action_space, 5, 5):
            obs, rewards, terminated, truncated, _ = envs.step(a)
            trace += [as_bytes(obs), rewards.tobytes(), terminated.tobytes()]
        return trace
    assert run(1) == run(2)


def test_autoreset_is_next_step_and_truncation_counts_each_tables_steps():
    envs = BreakshotVectorEnv(2, "nine_ball", opponent="greedy", threads=1,
                              max_episode_steps=2)
    envs.reset(seed=1)
    acts = actions(envs.action_space, 1, 4)
    _, _, terminated, truncated, _ = envs.step(acts[0])
    assert not truncated.any()
    ends = terminated.copy()
    obs, rewards, terminated, truncated, info = envs.step(acts[1])
    assert (truncated == ~ends & ~terminated).all() and (terminated | truncated | ends).all()
    # Next step: every table starts a new game; its action is ignored.
    obs, rewards, terminated, truncated, info = envs.step(acts[2])
    assert (rewards == 0).all() and not terminated.any() and not truncated.any()
    assert (obs["to_play"] == 0).all() and (info["winner"] == 0).all()
    # A table reset there plays what a single env plays after its own reset() (no seed).
    single = gym.make("Breakshot/NineBall-v0", opponent="greedy", max_episode_steps=2)
    single.reset(seed=1)
    for a in acts[:2]:
        _, _, term, trunc, _ = single.step({k: v[0] for k, v in a.items()})
        if term or trunc:
            break
    again, _ = single.reset()
    assert as_bytes(again) == as_bytes({k: v[0] for k, v in obs.items()})


def test_the_winner_info_matches_the_games():
    envs = BreakshotVectorEnv(8, "nine_ball", opponent="greedy", threads=1)
    envs.reset(seed=2)
    seen = set()
    for a in actions(envs.action_space, 2, 40):
        _, rewards, terminated, _, info = envs.step(a)
        for j in np.flatnonzero(terminated):
            winner = envs.sessions[j].state.winner
            assert info["winner"][j] == (AGENT_WON if winner == 0 else OPPONENT_WON)
            assert (rewards[j] > 0) == (winner == 0)
            seen.add(int(info["winner"][j]))
    assert OPPONENT_WON in seen


@pytest.mark.parametrize("name", opponent_names())
def test_every_opponent_name_makes_a_player_and_others_are_refused(name):
    assert hasattr(make_opponent(name, 1), "commands")
    with pytest.raises(ValueError, match="unknown opponent 'grandmaster'"):
        make_opponent("grandmaster", 1)
    with pytest.raises(ValueError, match="unknown opponent"):
        gym.make("Breakshot/NineBall-v0", opponent="grandmaster")


@pytest.mark.parametrize("player", [GreedyPlayer(), RandomPlayer(3)])
def test_the_cheap_players_play_whole_games_through_the_rules(player):
    """Both sides cheap: every command they give is one the rules accept, and the game
    ends (a win or three fouls) within a few hundred shots."""
    for mode in ("nine_ball", "eight_ball"):
        session = GameSession(mode, seed=4)
        for _ in range(400):
            if session.state.game_over:
                break
            for command in player.commands(session.state):
                session.apply(command)
        assert session.state.game_over, mode
        assert any(isinstance(c, Shoot) for c in session.commands)


def test_the_greedy_player_breaks_on_the_apex_and_pots_a_straight_ball():
    session = GameSession("nine_ball", seed=1)
    place, shoot = GreedyPlayer().commands(session.state)
    assert session.table.head_line_x > place.position[0]
    session.apply(place)
    record = session.apply(shoot)
    assert record.facts.first_contact == 1          # the apex: no void break
    assert not record.ruling.void_break
    # The 1 in line with the near side pocket (x = length / 2, y = 0), the cue ball behind.
    length = session.table.length
    state = dataclasses.replace(session.state, layout=Layout({CUE: (length / 2, 0.6),
                                1: (length / 2, 0.3), 9: (2.2, 0.9)}), winner=None,
                                ball_in_hand=BallInHand.NONE, is_break=False, end_reason=None)
    session.state = state
    (shoot,) = GreedyPlayer().commands(state)
    record = session.apply(shoot)
    assert record.facts.pocketed_balls == {1} and not record.ruling.fouls


def test_a_vector_reset_that_raised_leaves_no_game_to_step():
    envs = BreakshotVectorEnv(2, "nine_ball", opponent="greedy", threads=1)
    envs.reset(seed=0)
    with pytest.raises(ValueError, match="cue ball"):
        envs.reset(seed=0, options={"layout": {9: (1.0, 0.6)}})
    with pytest.raises(RuntimeError, match="call reset"):
        envs.step(envs.action_space.sample())
    with pytest.raises(ValueError, match="one seed or 2 seeds"):
        envs.reset(seed=[1, 2, 3])
    obs, _ = envs.reset(seed=[7, 9])
    assert envs.observation_space.contains(obs)


@pytest.mark.parametrize("mode, opponent", [("nine_ball", "greedy"), ("eight_ball", "random"),
                                            ("nine_ball", "beginner")])
def test_the_batched_strokes_replay_bit_for_bit_through_single_shoot_calls(mode, opponent):
    """The tables' games, replayed command by command on fresh sessions that strike with
    physics_ext.shoot (GameSession's own path), give the same facts and states."""
    envs = BreakshotVectorEnv(3, mode, opponent=opponent, threads=2)
    envs.reset(seed=21)
    for a in actions(envs.action_space, 21, 4 if opponent == "beginner" else 8):
        envs.step(a)
    for session in envs.sessions:
        replay = GameSession(mode, variants=session.variants, seed=session.seed,
                             params=session.params)
        assert session.shots
        for record in session.shots:
            replay.state = record.state_before
            again = replay.apply(record.command)
            assert again.facts == record.facts and again.ruling == record.ruling
            assert again.result.events.tobytes() == record.result.events.tobytes()
            assert again.result.stroke_faults == record.result.stroke_faults
            assert again.result.pieces[3].tobytes() == record.result.pieces[3].tobytes()


def test_the_figures_replay_plays_the_vector_environments_games():
    """benches.learn_figures' "replay" rows play the vector environment's own games
    (seeds, actions, NEXT_STEP autoresets) through single environments: the same
    opponent strokes a step, and as many steps."""
    from benches.learn_figures import replay_rates, vector_rates
    for opponent in ("random", "greedy"):
        *_, vector_shots = vector_rates("Breakshot/NineBall-v0", opponent, 4, 12, 1)
        *_, replay_shots = replay_rates("Breakshot/NineBall-v0", opponent, 4, 12)
        assert vector_shots > 0 and replay_shots == vector_shots
