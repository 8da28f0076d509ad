"""A small agent for 9-ball trained by the cross-entropy method (numpy only): the worked
example of docs/learning.md.

    python -m game.learn.train [--iterations 12] [--population 24] [--episodes 4]
                               [--eval-episodes 128] [--opponent greedy] [--seed 1]

The policy (`AimPolicy`) is linear in a few features of the observation, 7 parameters:
it aims at the lowest ball on the table (the ball on), at an angle offset a0 (rad) from
the line between the centres, with the cue speed s0 + s1 d + s2 b (m/s; d the distance
to that ball in metres, b 1 on a break), the tip at height h (fraction of R) and level;
with the cue ball in hand it asks for the spot (px, py) metres from that ball (the
environment moves it to the nearest allowed spot). Each iteration of the cross-entropy
method draws `population` parameter vectors from a Gaussian, plays `episodes` games of
each against the opponent on one vector environment, keeps the `elite` best mean returns
(a game unfinished after EPISODE_STEPS counting as lost) and refits the Gaussian to them. `evaluate` plays games with fresh seeds and reports the
mean return, the win rate and the balls potted per game, next to a random agent's
(uniform actions from the action space) on the same seeds.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from game.arguments import command_parser, whole_number
from game.i18n import N_, _, ngettext
from physics_ext.batch import default_threads

from .reward import LOSS
from .vector import AGENT_WON, BreakshotVectorEnv

# The parameters: aim offset (rad), speed (m/s) at distance 0, per metre, added on a
# break, tip height (fraction of R), spot in hand relative to the ball on (x, y m).
PARAMETERS = ("a0", "s0", "s1", "s2", "h", "px", "py")
START_MEAN = np.array([0.0, 2.0, 1.0, 4.0, 0.0, -0.3, 0.0])
START_STD = np.array([0.05, 1.0, 1.0, 3.0, 0.3, 0.3, 0.3])
STD_FLOOR = 0.01           # no parameter's spread falls below this while training
MAX_HEIGHT = 0.5           # |h| is clipped to this (fraction of R): beyond, a miscue
EPISODE_STEPS = 30         # an episode of training or evaluation is cut after this many steps


@dataclass(frozen=True)
class AimPolicy:
    """The linear aiming policy of the module docstring, for a 9-ball table of `length`
    and `width` (m) whose head string is at `head_line_x` (m), balls of `radius` (m)."""
    theta: np.ndarray
    length: float
    width: float
    head_line_x: float
    radius: float

    @classmethod
    def for_env(cls, envs: BreakshotVectorEnv, theta) -> "AimPolicy":
        table = envs.table
        radius = envs.tables[0].ball_set.radius(0)
        return cls(np.asarray(theta, dtype=float), table.length, table.width,
                   table.head_line_x, radius)

    def act(self, obs: dict) -> dict:
        """The actions of a batch of observations (a vector environment's)."""
        a0, s0, s1, s2, h, px, py = self.theta
        on = obs["on_table"].astype(bool)
        n = on.shape[0]
        rows = np.arange(n)
        lowest = 1 + np.argmax(on[:, 1:], axis=1)
        target = obs["balls"][rows, lowest]
        spot = target + np.array([px, py])
        margin = self.radius + 0.005
        spot[:, 0] = np.clip(spot[:, 0], margin, self.length - margin)
        spot[:, 1] = np.clip(spot[:, 1], margin, self.width - margin)
        kitchen = obs["is_break"] == 1
        spot[kitchen, 0] = np.minimum(spot[kitchen, 0], self.head_line_x - 0.01)
        in_hand = (obs["ball_in_hand"] != 0) | ~on[:, 0]
        cue = np.where(in_hand[:, None], spot, obs["balls"][:, 0])
        line = target - cue
        distance = np.hypot(line[:, 0], line[:, 1])
        azimuth = (np.arctan2(line[:, 1], line[:, 0]) + a0 + math.pi) % (2 * math.pi) - math.pi
        speed = np.clip(s0 + s1 * distance + s2 * kitchen, 0.1, 15.0)
        stroke = np.zeros((n, 5))
        stroke[:, 0], stroke[:, 3], stroke[:, 4] = azimuth, np.clip(h, -MAX_HEIGHT, MAX_HEIGHT), speed
        return {"stroke": stroke, "cue_ball": spot, "push_out": np.zeros(n, dtype=np.int64),
                "choice": np.zeros(n, dtype=np.int64)}


def play_games(envs: BreakshotVectorEnv, policy, seed: int) -> dict:
    """One game on every table of `envs` (reset with `seed`), each played by
    `policy(obs) -> actions` (None: uniform random actions, seeded with `seed`), until
    it ends or EPISODE_STEPS steps. Returns per table: "return" (sum of rewards), "won"
    and "ended" (bool) and "potted" (object balls the agent potted)."""
    obs, _info = envs.reset(seed=seed)
    envs.action_space.seed(seed)
    n = envs.num_envs
    returns, potted = np.zeros(n), np.zeros(n, dtype=np.int64)
    won, ended = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    live = np.ones(n, dtype=bool)
    while live.any():
        actions = envs.action_space.sample() if policy is None else policy(obs)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        returns += np.where(live, rewards, 0.0)
        potted += np.where(live, info["potted"], 0)
        won |= live & terminated & (info["winner"] == AGENT_WON)
        ended |= live & terminated
        live &= ~(terminated | truncated)
    return {"return": returns, "won": won, "ended": ended, "potted": potted}


def cem(iterations: int, population: int, episodes: int, elite: int, opponent: str,
        seed: int, threads: int = 1, log=None) -> np.ndarray:
    """The mean parameters after `iterations` of the cross-entropy method (module
    docstring); `log(iteration, mean return of the elite, mean)` after each."""
    rng = np.random.default_rng(seed)
    mean, std = START_MEAN.copy(), START_STD.copy()
    envs = BreakshotVectorEnv(population * episodes, "nine_ball", opponent=opponent,
                              max_episode_steps=EPISODE_STEPS, threads=threads)
    for iteration in range(iterations):
        thetas = mean + std * rng.standard_normal((population, len(mean)))
        policies = [AimPolicy.for_env(envs, theta) for theta in thetas]

        def act(obs):
            parts = [policies[k].act({key: v[k * episodes:(k + 1) * episodes]
                                      for key, v in obs.items()})
                     for k in range(population)]
            return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}

        games = play_games(envs, act, seed=seed * 1000 + iteration)
        # A game not finished within EPISODE_STEPS scores as lost: otherwise breaking
        # without touching the 1 (a void break, R9-11: racked again, the same player
        # breaks) for ever would beat playing.
        fitness = games["return"] + np.where(games["ended"], 0.0, LOSS)
        scores = fitness.reshape(population, episodes).mean(axis=1)
        best = np.argsort(-scores, kind="stable")[:elite]
        mean = thetas[best].mean(axis=0)
        std = np.maximum(thetas[best].std(axis=0), STD_FLOOR)
        if log is not None:
            log(iteration, float(scores[best].mean()), mean)
    return mean


def evaluate(theta, games: int, opponent: str, seed: int, threads: int = 1) -> dict:
    """The trained policy `theta` and a random agent, each over `games` games against
    `opponent` on the same seeds: {"trained": figures, "random": figures}, the figures
    being mean return, win rate, balls potted per game and the share of games finished
    within EPISODE_STEPS."""
    envs = BreakshotVectorEnv(games, "nine_ball", opponent=opponent,
                              max_episode_steps=EPISODE_STEPS, threads=threads)
    out = {}
    for name, policy in (("trained", AimPolicy.for_env(envs, theta).act), ("random", None)):
        played = play_games(envs, policy, seed)
        out[name] = {"mean_return": float(played["return"].mean()),
                     "win_rate": float(played["won"].mean()),
                     "potted_per_game": float(played["potted"].mean()),
                     "finished": float(played["ended"].mean())}
    return out


# The evaluated players' names in the printed figures.
PLAYER_WORDS = {"trained": N_("trained"), "random": N_("random")}


def main(argv=None) -> None:
    parser = command_parser(prog="python -m game.learn.train",
                            description=_("Train a small 9-ball agent by the cross-entropy "
                                          "method and compare it with random play."))
    parser.add_argument("--iterations", type=whole_number(1), default=12,
                        help=_("iterations of the method (default: 12)"))
    parser.add_argument("--population", type=whole_number(1), default=24,
                        help=_("parameter vectors drawn per iteration (default: 24)"))
    parser.add_argument("--episodes", type=whole_number(1), default=4,
                        help=_("games per parameter vector (default: 4)"))
    parser.add_argument("--elite", type=whole_number(1), default=6,
                        help=_("best vectors the next iteration is fitted to (default: 6)"))
    parser.add_argument("--eval-episodes", type=whole_number(1), default=128,
                        help=_("games of the final comparison (default: 128)"))
    parser.add_argument("--opponent", default="greedy",
                        help=_("the opponent's name, as the environments take it "
                               "(default: greedy)"))
    parser.add_argument("--seed", type=int, default=1, help=_("the first seed (default: 1)"))
    args = parser.parse_args(argv)
    threads = default_threads()
    start = time.perf_counter()

    def log(iteration, score, mean):
        print(_("iteration {number}: elite mean return {score:+.2f}; parameters {values}").format(
            number=iteration + 1, score=score,
            values=" ".join(f"{name}={value:+.3f}" for name, value in zip(PARAMETERS, mean))))

    theta = cem(args.iterations, args.population, args.episodes, args.elite, args.opponent,
                args.seed, threads, log)
    trained = time.perf_counter() - start
    figures = evaluate(theta, args.eval_episodes, args.opponent, seed=10_000 + args.seed,
                       threads=threads)
    print(_("trained in {seconds:.0f} s; {games} against {opponent}:").format(
        seconds=trained, opponent=args.opponent,
        games=ngettext("{n} game", "{n} games", args.eval_episodes).format(n=args.eval_episodes)))
    for name, row in figures.items():
        print(_("  {player}: mean return {mean:+.2f}, win rate {wins:.1%}, potted per game "
                "{potted:.2f}, games finished {finished:.1%}").format(
            player=_(PLAYER_WORDS[name]), mean=row["mean_return"], wins=row["win_rate"],
            potted=row["potted_per_game"], finished=row["finished"]))


if __name__ == "__main__":
    main()
