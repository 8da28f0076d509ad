"""The environments' stroke path (game.learn.play: strokes gathered into shoot_batch or sent
to physics_ext.shoot, the session handed the solver's result) against the game's own
path: the same seeded games played on a GameSession that simulates every stroke itself
(GameSession.apply(Shoot) -> physics_ext.shoot -> facts -> the referee), the agent's
declarations, spot and stroke taken from the actions as docs/learning.md describes them.
Every observation, reward, termination, fact, ruling and state must agree bit for bit."""
import numpy as np
import pytest
from gymnasium.utils import seeding

from physics_ext import Params, SimulationError
from game.ai.selfplay import MAX_FAULTS_IN_A_ROW
from game.learn import play, spaces
from game.learn.env import BreakshotEnv
from game.learn.opponents import make_opponent
from game.learn.placement import nearest_allowed_spot
from game.learn.reward import end_reward, shot_reward
from game.learn.vector import BreakshotVectorEnv
from game.rules import Group, Player
from game.rules.nine_ball import OptionChoice
from game.session import (ChooseGroup, ChooseOption, Concede, GameSession, NextGame,
                          PlaceCueBall, Shoot)
from game.session.game import physics_balls

AGENT, OPPONENT = Player.A, Player.B
STEPS = 12


class GamePath:
    """One table played through the game's normal path: GameSession.apply simulates each
    stroke (physics_ext.shoot), reads the facts and asks the referee."""

    def __init__(self, mode: str, level: str):
        self.mode, self.level = mode, level
        self.session = self.opponent = None

    def to_act(self) -> Player:
        state = self.session.state
        option = getattr(state, "option_pending", None)
        return state.shooter if option is None else option

    def reset(self, rng) -> None:
        game_seed, opponent_seed = (int(v) for v in rng.integers(2 ** 31, size=2))
        self.session = GameSession(self.mode, names=("agent", f"computer ({self.level})"),
                                   seed=game_seed)
        self.opponent = make_opponent(self.level, opponent_seed, Params())
        self.opponent_plays()
        while self.session.state.game_over:
            self.session.apply(NextGame())
            self.opponent_plays()

    def opponent_plays(self) -> None:
        faults = 0
        while not self.session.state.game_over and self.to_act() == OPPONENT:
            if faults >= MAX_FAULTS_IN_A_ROW:
                self.session.apply(Concede(OPPONENT))
                return
            refused = False
            for command in self.opponent.commands(self.session.state):
                if not isinstance(command, Shoot):
                    self.session.apply(command)
                    continue
                try:
                    self.session.apply(command)
                except (SimulationError, ValueError):
                    refused = True          # the solver refused: nothing changed
                    break
            faults = faults + 1 if refused else 0

    def step(self, action) -> tuple:
        """(reward, terminated, fouls) of the agent's visit and the opponent's reply."""
        session, reward, fouls = self.session, 0.0, ()
        state = session.state
        second = bool(action["choice"])
        if getattr(state, "option_pending", None) == AGENT:
            session.apply(ChooseOption(OptionChoice.PASS if second else OptionChoice.PLAY))
        elif getattr(state, "group_choice_pending", False) and state.shooter == AGENT:
            session.apply(ChooseGroup(Group.YELLOW if second else Group.RED))
        if not session.state.game_over and self.to_act() == AGENT:
            if spaces.cue_ball_in_hand(session.state):
                session.apply(PlaceCueBall(nearest_allowed_spot(session.state,
                                                                action["cue_ball"])))
            push_out = bool(action["push_out"]) and session.push_out_available
            try:
                record = session.apply(Shoot(spaces.stroke_of(action["stroke"]), push_out))
            except (SimulationError, ValueError):
                record = None               # refused: the agent is at the table again
            if record is not None:
                reward += shot_reward(record, AGENT)
                fouls = tuple(sorted(f.value for f in record.ruling.fouls))
        self.opponent_plays()
        reward += end_reward(session.state, AGENT)
        return reward, session.state.game_over, fouls


def assert_same_games(fast: GameSession, game: GameSession) -> None:
    assert len(fast.shots) == len(game.shots) and fast.commands == game.commands
    for a, b in zip(fast.shots, game.shots):
        assert a.facts == b.facts and repr(a.facts) == repr(b.facts)
        assert a.ruling == b.ruling and a.state_before == b.state_before
        assert a.result.events.tobytes() == b.result.events.tobytes()
        assert a.result.stroke_faults == b.result.stroke_faults
    assert fast.state == game.state
    # the session's balls, some kept from earlier layouts, are the layout's balls
    fresh = physics_balls(fast.state.layout, fast.ball_set)
    assert fast.physics_balls() == (fresh[0], fresh[1]) == game.physics_balls()


def sampled(space, seed: int, steps: int) -> list:
    space.seed(seed)
    return [space.sample() for _ in range(steps)]


def same_observation(obs: dict, state) -> None:
    want = spaces.observe(state, AGENT, len(obs["on_table"]))
    for key, value in want.items():
        assert np.asarray(obs[key]).tobytes() == np.asarray(value).tobytes(), key


@pytest.mark.parametrize("mode, opponent, seed", [
    ("nine_ball", "random", 11), ("nine_ball", "greedy", 12),
    ("eight_ball", "greedy", 13), ("eight_ball", "random", 14)])
def test_a_single_environment_rules_every_stroke_as_the_game_does(mode, opponent, seed):
    env = BreakshotEnv(mode, opponent=opponent)
    game = GamePath(mode, opponent)
    rng = seeding.np_random(seed)[0]        # the generator env.reset(seed=seed) starts
    obs, _ = env.reset(seed=seed)
    game.reset(rng)
    same_observation(obs, game.session.state)
    compared = 0
    for action in sampled(env.action_space, seed, STEPS):
        obs, reward, terminated, _, info = env.step(action)
        want_reward, want_terminated, want_fouls = game.step(action)
        assert (reward, terminated, info["fouls"]) == (want_reward, want_terminated,
                                                       want_fouls)
        same_observation(obs, game.session.state)
        assert_same_games(env.session, game.session)
        if terminated:
            compared += len(env.session.shots)
            obs, _ = env.reset()
            game.reset(rng)
            same_observation(obs, game.session.state)
    assert compared + len(env.session.shots) >= STEPS      # the games were played


@pytest.mark.parametrize("mode, opponent, threads", [
    ("nine_ball", "greedy", 2), ("nine_ball", "random", 2), ("eight_ball", "greedy", 2),
    ("nine_ball", "greedy", 1), ("nine_ball", "random", 1)])
def test_each_vector_table_rules_every_stroke_as_the_game_does(mode, opponent, threads,
                                                              monkeypatch):
    """threads=2: the strokes of a round go through shoot_batch (from two strokes of a
    ball count: the tables here are fewer than play.BATCH_FROM); threads=1: through
    physics_ext.shoot one by one."""
    monkeypatch.setattr(play, "BATCH_FROM", 2)
    n, seed = 5, 40
    envs = BreakshotVectorEnv(n, mode, opponent=opponent, threads=threads)
    games = [GamePath(mode, opponent) for _ in range(n)]
    rngs = [seeding.np_random(seed + k)[0] for k in range(n)]
    obs, _ = envs.reset(seed=seed)
    for k, game in enumerate(games):
        game.reset(rngs[k])
    done = np.zeros(n, dtype=bool)
    for actions in sampled(envs.action_space, seed, STEPS):
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        for k, game in enumerate(games):
            if done[k]:         # NEXT_STEP autoreset: a new game from the table's generator
                game.reset(rngs[k])
                assert rewards[k] == 0.0 and not terminated[k]
            else:
                reward, over, _ = game.step({key: value[k] for key, value in actions.items()})
                assert (rewards[k], terminated[k]) == (reward, over)
            same_observation({key: value[k] for key, value in obs.items()}, game.session.state)
            assert_same_games(envs.sessions[k], game.session)
        done = terminated | truncated
    assert sum(len(s.shots) for s in envs.sessions) > n
