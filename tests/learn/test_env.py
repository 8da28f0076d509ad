"""The Gymnasium environments: the API checker, the documented rewards, fouls, the end of
an episode, cue-ball placement, starting layouts and determinism."""
import dataclasses
import math
import re
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import game.learn
from game.ai.placement import allowed
from game.learn import reward
from game.learn.play import OPPONENT
from game.learn.placement import RING_POINTS, RING_STEP, nearest_allowed_spot
from game.rules import (CUE, BallInHand, Layout, Player, ShotFacts, clamp_to_zone, nine_ball,
                        place_cue_ball)
from game.session import PlaceCueBall, Shoot
from game.session.game import ShotRecord

LEVEL = "beginner"    # the fastest opponent: the behaviour under test is the environment's


def make(env_id="Breakshot/NineBall-v0"):
    return gym.make(env_id, opponent=LEVEL)


def action(azimuth, speed):
    """A level stroke at the centre of the cue ball (no placement, no declaration)."""
    return {"stroke": np.array([azimuth, 0.0, 0.0, 0.0, speed]),
            "cue_ball": np.zeros(2), "push_out": 0, "choice": 0}


@pytest.mark.parametrize("opponent", [LEVEL, "greedy", "random"])
@pytest.mark.parametrize("env_id", sorted(game.learn.ENV_IDS))
def test_each_registered_environment_passes_the_gymnasium_checker(env_id, opponent):
    env = gym.make(env_id, opponent=opponent)
    assert env.unwrapped.mode == game.learn.ENV_IDS[env_id]
    check_env(env.unwrapped, skip_render_check=True)


def test_potting_the_nine_wins_with_the_documented_reward():
    env = make()
    length = env.unwrapped.table.length
    # The 9 in line with the near side pocket (x = length / 2, y = 0), the cue ball behind.
    obs, _ = env.reset(seed=1, options={"layout": {CUE: (length / 2, 0.6),
                                                   9: (length / 2, 0.2)}})
    assert obs["on_table"].tolist() == [1] + [0] * 8 + [1]
    assert obs["is_break"] == 0 and obs["to_play"] == 0
    obs, r, terminated, truncated, info = env.step(action(-math.pi / 2, 2.0))
    assert info["potted"] == (9,) and info["fouls"] == ()
    assert r == reward.OWN_BALL + reward.WIN
    assert terminated and not truncated
    assert info["winner"] == "agent" and info["end_reason"] == "nine_potted"
    assert obs["on_table"][9] == 0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(action(0.0, 1.0))


def test_an_eight_ball_pot_on_the_open_table_scores_one_and_gives_the_group():
    env = make("Breakshot/EightBall-v0")
    length = env.unwrapped.table.length
    obs, _ = env.reset(seed=2, options={"layout": {CUE: (length / 2, 0.5), 3: (length / 2, 0.15),
                                                   8: (1.4, 0.7)}})
    assert obs["group"] == 0
    obs, r, terminated, _, info = env.step(action(-math.pi / 2, 2.0))
    assert info["potted"] == (3,) and r == reward.OWN_BALL and not terminated
    assert info["opponent_shots"] == 0          # a legal pot keeps the agent at the table
    assert obs["group"] == 1 and obs["to_play"] == 0     # red is his


def test_a_foul_gives_the_opponent_ball_in_hand():
    env = make()
    env.reset(seed=3, options={"layout": {CUE: (0.6, 0.6), 1: (1.9, 0.3), 9: (2.1, 0.9)}})
    # Straight at the head cushion, away from both balls: no contact (R9-19).
    _, r, terminated, _, info = env.step(action(math.pi, 1.0))
    assert info["fouls"] == ("no_contact",)
    assert r == reward.FOUL + (reward.LOSS if terminated else 0.0)
    session = env.unwrapped.session
    assert isinstance(session.commands[0], Shoot)        # the agent's stroke
    assert isinstance(session.commands[1], PlaceCueBall)  # the opponent's ball in hand
    opponent_shot = session.shots[1]
    assert opponent_shot.state_before.shooter == OPPONENT
    assert opponent_shot.state_before.ball_in_hand is BallInHand.ANYWHERE
    assert info["opponent_shots"] >= 1


def test_a_random_agent_plays_episodes_that_end_exactly_when_the_game_ends():
    for env_id, seed in (("Breakshot/NineBall-v0", 4), ("Breakshot/EightBall-v0", 5)):
        env = make(env_id)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        for _ in range(game.learn.MAX_EPISODE_STEPS):
            obs, r, terminated, truncated, info = env.step(env.action_space.sample())
            assert terminated == env.unwrapped.session.state.game_over
            assert env.observation_space.contains(obs)
            if terminated or truncated:
                break
        assert terminated and info["winner"] in ("agent", "opponent")
        # the last step carries +10 or -10, more than any one shot's pots or foul
        assert (r > 0) == (info["winner"] == "agent")


def test_the_cue_ball_asked_for_on_a_ball_goes_to_the_nearest_allowed_spot():
    state = nine_ball.new_game(seed=1)
    wanted = (1.0, 0.6)
    state = dataclasses.replace(state, layout=Layout({1: wanted, 9: (2.0, 0.6)}),
                                ball_in_hand=BallInHand.ANYWHERE)
    spot = nearest_allowed_spot(state, wanted)
    assert allowed(state, spot)
    touching = 2 * state.ball_set.radius(CUE)
    assert touching <= math.dist(spot, wanted) <= touching + RING_STEP
    # A free spot is kept as asked; one outside the zone goes to the zone's nearest point.
    assert nearest_allowed_spot(state, (0.5, 0.3)) == (0.5, 0.3)
    kitchen = dataclasses.replace(state, ball_in_hand=BallInHand.BEHIND_HEAD_STRING)
    assert nearest_allowed_spot(kitchen, (1.5, 0.3))[0] < state.table.head_line_x
    assert nearest_allowed_spot(kitchen, (1.5, 0.3))[1] == 0.3


def first_allowed_on_rings(state, centre) -> tuple:
    """The search nearest_allowed_spot makes, unscreened: allowed() asked of every spot
    of every ring, nearest ring first, in the ring's order of directions."""
    for ring in range(1, math.ceil(state.table.length / RING_STEP)):
        for k in range(RING_POINTS):
            angle = 2.0 * math.pi * k / RING_POINTS
            spot = (centre[0] + ring * RING_STEP * math.cos(angle),
                    centre[1] + ring * RING_STEP * math.sin(angle))
            if allowed(state, spot):
                return spot
    return None


@pytest.mark.parametrize("zone", [BallInHand.ANYWHERE, BallInHand.BEHIND_HEAD_STRING])
def test_the_screened_ring_search_finds_the_spot_the_rules_find_first(zone):
    state = nine_ball.new_game(seed=1)
    rng = np.random.default_rng(7)
    searched = 0
    for _ in range(150):
        # balls clustered around a point near a rail, so the spot asked for is often
        # taken or too close to the cushion
        centre = rng.uniform([0.05, 0.03], [0.7, 0.3])
        balls = centre + rng.normal(0.0, 0.05, (5, 2))
        layout = Layout({b: tuple(p) for b, p in zip(range(1, 6), balls)
                         if allowed(dataclasses.replace(state, layout=Layout({}),
                                                        ball_in_hand=BallInHand.ANYWHERE),
                                    tuple(p))})
        st = dataclasses.replace(state, layout=layout, ball_in_hand=zone)
        wanted = tuple(centre + rng.normal(0.0, 0.03, 2))
        near = clamp_to_zone(st.table, zone, wanted, st.ball_set.radius(CUE))
        if allowed(st, near):
            continue
        searched += 1
        assert nearest_allowed_spot(st, wanted) == first_allowed_on_rings(st, near)
    assert searched > 50


@pytest.mark.parametrize("layout, problem", [
    ({9: (1.0, 0.6)}, "cue ball"),
    ({CUE: (1.0, 0.6)}, "game ball"),
    ({CUE: (1.0, 0.6), 9: (1.0, 0.61)}, "overlap"),
    ({CUE: (1.0, 0.6), 9: (1.5, 0.6), 12: (2.0, 0.6)}, "no ball 12"),
])
def test_a_starting_layout_that_cannot_be_played_is_refused_in_a_sentence(layout, problem):
    with pytest.raises(ValueError, match=problem):
        make().reset(seed=0, options={"layout": layout})


def test_the_same_seed_and_actions_give_the_same_episode_byte_for_byte():
    def episode(seed):
        env = make("Breakshot/EightBall-v0")
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        trace = [obs]
        for _ in range(6):
            obs, r, terminated, truncated, _ = env.step(env.action_space.sample())
            trace += [obs, r]
            if terminated or truncated:
                break
        return [{k: np.asarray(v).tobytes() for k, v in o.items()} if isinstance(o, dict) else o
                for o in trace]

    assert episode(7) == episode(7)
    assert episode(7)[0] != episode(8)[0]


def test_a_ball_hanging_in_a_pocket_mouth_is_inside_the_observation_space():
    env = make("Breakshot/EightBall-v0")
    length, width = env.unwrapped.table.length, env.unwrapped.table.width
    # Past the cushion line in the side pocket's mouth, as a ball that stopped there lies.
    obs, _ = env.reset(seed=0, options={"layout": {CUE: (0.5, 0.5), 8: (1.4, 0.5),
                                                   14: (length / 2, width + 0.002)}})
    assert obs["balls"][14][1] > width
    assert env.observation_space.contains(obs)


def test_the_documented_random_agent_runs(capsys):
    text = (Path(__file__).resolve().parents[2] / "docs" / "learning.md").read_text()
    example = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(example, "docs/learning.md", "exec"), {})
    assert re.fullmatch(r"reward [+-]\d+, winner (agent|opponent) \(\w+\)\n",
                        capsys.readouterr().out)


def test_after_a_reset_that_raised_step_refuses_until_a_reset_succeeds():
    """A reset that raised leaves no game: the environment refuses a step. Gymnasium's
    wrappers do not: OrderEnforcing marks the env reset before calling reset, and
    TimeLimit zeroes its count."""
    env = make()
    env.reset(seed=1)
    env.step(action(0.0, 1.0))
    with pytest.raises(ValueError, match="game ball"):
        env.reset(options={"layout": {CUE: (1.0, 0.6)}})
    wrappers = {type(w).__name__: w for w in _wrappers(env)}
    assert wrappers["OrderEnforcing"]._has_reset
    assert wrappers["TimeLimit"]._elapsed_steps == 0
    assert env.unwrapped.session is None
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(action(0.0, 1.0))
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    env.step(action(0.0, 1.0))
    assert len(env.unwrapped.session.shots) >= 1


def test_a_first_reset_that_raised_breaks_gymnasiums_passive_checker():
    """gymnasium 1.4: PassiveEnvChecker marks its reset check done before the first reset
    runs; when that reset raised it holds no (obs, info) to compare, and every later step
    raises TypeError after the environment played it. disable_env_checker=True avoids it
    (docs/learning.md)."""
    bad = {"layout": {9: (1.0, 0.6)}}
    env = make()
    with pytest.raises(ValueError, match="cue ball"):
        env.reset(seed=0, options=bad)
    checker = next(w for w in _wrappers(env) if type(w).__name__ == "PassiveEnvChecker")
    assert checker.checked_reset and checker._previous_data is None
    env.reset(seed=1)
    for shots in (1, 2):
        with pytest.raises(TypeError, match="NoneType"):
            env.step(action(0.0, 1.0))
        assert len(env.unwrapped.session.shots) >= shots     # played all the same
    env = gym.make("Breakshot/NineBall-v0", opponent=LEVEL, disable_env_checker=True)
    with pytest.raises(ValueError, match="cue ball"):
        env.reset(seed=0, options=bad)
    env.reset(seed=1)
    obs, *_ = env.step(action(0.0, 1.0))
    assert env.observation_space.contains(obs)


def _wrappers(env):
    while isinstance(env, gym.Wrapper):
        yield env
        env = env.env


def test_balls_that_the_ruling_puts_back_earn_nothing():
    """A void break (re-racked, R9-11) and a legal push out (respotted, R9-13) pot balls
    that come back: no reward, where a legal pot that stays down earns one."""
    state = place_cue_ball(nine_ball.new_game(seed=1), (0.5, 0.6))
    void = _record(state, ShotFacts(first_contact=2, pocketed={3: None, 4: None},
                                    cushion_balls={5, 6, 7, 8}))
    assert void.ruling.void_break and void.ruling.fouls == frozenset()
    assert reward.shot_reward(void, Player.A) == 0.0
    after_break = dataclasses.replace(state, is_break=False, push_out_available=True)
    push = _record(after_break, ShotFacts(first_contact=5, pocketed={6: None},
                                          final_positions={CUE: (1.0, 0.6)}), push_out=True)
    assert push.ruling.push_out and 6 in push.ruling.layout
    assert reward.shot_reward(push, Player.A) == 0.0
    legal = _record(after_break, ShotFacts(first_contact=1, pocketed={1: None, 6: None}))
    assert legal.ruling.fouls == frozenset() and not legal.ruling.push_out
    assert reward.shot_reward(legal, Player.A) == 2 * reward.OWN_BALL


def _record(state, facts, push_out=False):
    """A ShotRecord of the rules' ruling of `facts` from `state` (no solver run)."""
    ruling = nine_ball.rule_shot(state, facts, nine_ball.Declarations(push_out=push_out))
    return ShotRecord(state_before=state, command=None, ball_ids=(), result=None,
                      facts=facts, ruling=ruling)
