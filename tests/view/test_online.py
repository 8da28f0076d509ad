"""A networked match on the offscreen window: a server process, a headless opponent (a
MatchClient playing the computer's decisions) and the view's OnlineMatch, stepped frame
by frame with the robot's keys. The opponent's strokes are played on the screen and the
tables agree after each; the view's own commands go through the server; a refused
command is said and the turn stays; a diverging shot is resynchronised quietly; an
opponent who leaves is waited for, then the match is claimed with K. The player's game
keeps its own copy of the match (a replay equal to the server's recording, listed as
online, and his statistics), also across a resync and a restart of the game."""
import socket
import time

import pytest

import physics_ext
from game.ai import Opponent
from game.net.client import MatchClient
from game.profiles.keeper import StatisticsKeeper
from game.profiles.rebuild import rebuild
from game.profiles.registry import create_profile
from game.profiles.stats import seat_stats
from game.profiles.store import open_store
from game.replay import load_replay, recent_matches
from game.rules import Player
from game.session import Concede, Shoot
from game.settings import Settings
from robot import Input
from tests.net.helpers import SERVER_SEED, start_server, stop

WALL_S = 120.0          # real seconds a test's match may take
_PLAYING: list = []     # the online fixture's (match, inputs, opponent) of the running test


class Diverging(MatchClient):
    """The view's client, its physics playing the first shot 10 % softer than struck
    (the command is the server's; the result is not)."""

    def _local_apply(self, session, command):
        if isinstance(command, Shoot) and not session.shots:
            s = command.stroke
            softer = type(s)(s.azimuth, s.elevation, s.side, s.height, s.speed * 0.9)
            balls, _ids = session.physics_balls()
            return session.apply(command, physics_ext.shoot(session.table, balls, 0, softer,
                                                            session.params, session.cue))
        return session.apply(command)


@pytest.fixture
def server(tmp_path):
    process, port = start_server(tmp_path / "server", "--reconnect-timeout", 1,
                                 "--seed", SERVER_SEED)
    yield port
    log = stop(process)
    assert "Traceback" not in log, log[-3000:]


def seated_pair(port: int, cls=MatchClient, race_to: int = 1) -> tuple:
    """(the opponent's client, the view's client `cls`), both seated and started: the
    opponent hosts 9-ball on the server at `port`, the view joins."""
    url = f"ws://127.0.0.1:{port}"
    opponent = MatchClient(url, name="Opp", resume_for=0)
    opponent.connect()
    opponent.host("nine_ball", race_to=race_to)
    code = opponent.wait_for("match").data["code"]
    client = cls(url, name="View")
    client.connect()
    client.join(code)
    client.wait_for("started")
    opponent.wait_for("started")
    return opponent, client


def _where(inputs, opponent) -> str:
    """What the view and the opponent's client were doing (for a timeout's message)."""
    match = next((m for m, i, _o in _PLAYING if i is inputs), None)
    mine = match.client.session if match is not None else None
    said = [f"the opponent's mirror: {len(opponent.session.commands)} commands, shooter "
            f"{opponent.session.state.shooter}, game over {opponent.session.state.game_over}, "
            f"its turn {opponent.my_turn}"]
    if match is not None:
        said.append(f"the view: seat {match.client.seat}, {len(mine.commands)} commands, "
                    f"state {match.screen.flow.state}, pending {match.pending}, resyncing "
                    f"{match.client.resyncing}, last commands {mine.commands[-3:]}")
    return "; ".join(said)


def keeper_with_profile(tmp_path, name: str = "View") -> StatisticsKeeper:
    """The statistics of a player's game whose replays are tmp_path/replays, with a
    profile called `name`."""
    keeper = StatisticsKeeper(replay_folder=tmp_path / "replays")
    create_profile(keeper.connection(), name, "nine_ball")
    return keeper


@pytest.fixture
def online(base, server, tmp_path):
    """make(cls=MatchClient, race_to=1, record=None) -> (OnlineMatch, its client, the
    opponent's client, the calls of on_leave): the opponent hosts 9-ball, the view joins.
    record: a StatisticsKeeper: the view's game keeps its copy of the match (in the
    keeper's replay folder and statistics)."""
    from game.view.online.match import OnlineMatch
    from game.view.online.record import OnlineRecord

    def make(cls=MatchClient, race_to=1, record=None):
        opponent, client = seated_pair(server, cls, race_to)
        inputs = Input(base)
        left = []
        if record is not None:
            record = OnlineRecord(client, record, record.replay_folder)
        match = OnlineMatch(base, client, Settings(), lambda: left.append(True),
                            use_shaders=False, sound_root=tmp_path / "sounds", record=record)
        base.win.setActive(False)
        _PLAYING.append((match, inputs, opponent))
        return match, inputs, opponent, left
    yield make
    playing = _PLAYING[:]
    _PLAYING.clear()
    for match, inputs, opponent in playing:
        match.destroy()
        opponent.close()
        inputs.close()
    base.win.setActive(True)


def step_until(inputs, opponent, condition, what: str, decide=None) -> None:
    """Step frames (polling the opponent, who plays its turns with `decide`) until
    `condition()` holds."""
    deadline = time.monotonic() + WALL_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WALL_S:.0f} s for {what}: {_where(inputs, opponent)}")
        opponent.poll()
        if decide is not None and opponent.my_turn:
            for command in decide(opponent.session.state).commands:
                seq = opponent.send(command)
                while True:
                    event = opponent.wait_for("applied", 20)
                    if event.data["seq"] == seq:
                        break
        inputs.step()
        time.sleep(0.002)


def view_acts(match, inputs) -> None:
    """The view's player takes the turn with the keys: put the cue ball down, or strike."""
    state = match.screen.flow.state
    if state == "Placing":
        inputs.key("enter")
    elif state == "Aiming":
        inputs.hold("space")
        inputs.step(15)
        inputs.release("space")
    elif state == "Choosing":
        inputs.key("p")


def settled(match, opponent) -> bool:
    return (match.screen.flow.state not in ("Playing", "Remote") and not opponent.my_turn
            and not match._events)


def test_strokes_both_ways_play_on_screen_and_the_tables_agree(online):
    match, inputs, opponent, _left = online()
    computer = Opponent("beginner", 7, opponent.session.params)
    played = []

    def note():
        if match.screen.flow.state == "Playing":
            played.append(len(match.screen.session.shots))
        return False
    view_strokes = 0
    while view_strokes < 2:
        step_until(inputs, opponent,
                   lambda: note() or match.screen.flow.state in ("Placing", "Aiming",
                                                                 "Choosing", "GameOver"),
                   "the view's turn", computer.decide)
        if match.screen.flow.state == "GameOver":
            break
        before = len(match.client.session.shots)
        view_acts(match, inputs)
        step_until(inputs, opponent, lambda: note() or (
            match.pending is None and match.screen.flow.state != "Playing"),
            "the view's command to come back and be played")
        view_strokes += len(match.client.session.shots) > before
        # Both mirrors, and the balls on the screen, agree.
        step_until(inputs, opponent, lambda: len(opponent.session.commands)
                   == len(match.client.session.commands), "the opponent to hear of it")
        screen = match.screen
        assert screen.session.state.layout == opponent.session.state.layout
        for ball_id, (x, y) in screen.session.state.layout.items():
            node = screen.scene.balls.node(ball_id)
            assert (node.getX(), node.getY()) == pytest.approx((x, y), abs=1e-6)
    # Every shot, the opponent's and the view's, was played back on the screen.
    assert set(range(1, len(opponent.session.shots) + 1)) <= set(played)
    # A concession from the view ends the game on both sides.
    seat = match.client.seat
    if match.screen.flow.state != "GameOver":
        match.send(Concede(Player(seat)))
        step_until(inputs, opponent, lambda: match.screen.flow.state == "GameOver",
                   "the game over")
    assert opponent.session.state.game_over


def test_a_refused_command_is_said_and_the_turn_stays(online):
    match, inputs, opponent, _left = online()
    computer = Opponent("beginner", 7, opponent.session.params)
    step_until(inputs, opponent, lambda: match.screen.flow.state in ("Placing", "Aiming"),
               "the view's turn", computer.decide)
    state = match.screen.flow.state
    # A concession for the other player: the server refuses it.
    match.send(Concede(Player(1 - match.client.seat)))
    step_until(inputs, opponent, lambda: match.pending is None, "the refusal")
    inputs.step(3)
    assert "The server refused that" in match.screen.hud.message.getText()
    assert match.screen.flow.state == state
    assert not match.client.session.state.game_over


def test_a_race_shows_the_frames_end_then_goes_on_to_the_next_frame(online):
    match, inputs, opponent, _left = online(race_to=2)
    computer = Opponent("beginner", 7, opponent.session.params)
    step_until(inputs, opponent, lambda: match.screen.flow.state in ("Placing", "Aiming"),
               "the view's turn", computer.decide)
    inputs.key("q")
    inputs.key("y")                     # the view's player concedes the first frame
    step_until(inputs, opponent, lambda: match.screen.flow.state == "GameOver",
               "the frame's end")
    flow = match.screen.flow
    assert flow.state == "GameOver"
    assert flow._dialog.title.getText() == "Opp wins frame 1"
    step_until(inputs, opponent, lambda: flow.next_frame_racked, "the next frame racked")
    assert flow.state == "GameOver"     # the dialog waits for the player
    inputs.key("n")
    step_until(inputs, opponent, lambda: match.screen.flow.state != "GameOver",
               "the next frame", computer.decide)
    assert match.screen.race.frame_number == 2
    assert match.screen.session.state.layout == opponent.session.state.layout
    assert not match.screen.session.state.game_over


def test_a_diverging_shot_is_resynchronised_and_the_screen_follows(online):
    match, inputs, opponent, _left = online(Diverging)
    computer = Opponent("beginner", 7, opponent.session.params)
    aimed_while_wrong = []

    def watch():
        # Nobody aims on a table the client knows to be wrong: the screen waits.
        if match.client.resyncing and match.screen.flow.state in ("Placing", "Aiming"):
            aimed_while_wrong.append(match.screen.flow.state)
        return False
    # Both play (the view's player with the keys) until the first shot has come back.
    while not match.client.resyncs:
        step_until(inputs, opponent, lambda: watch() or match.client.resyncs == 1 or (
            match.screen.flow.state in ("Placing", "Aiming") and match.pending is None),
            "a resync", computer.decide)
        view_acts(match, inputs)
    assert aimed_while_wrong == []
    # The opponent may have played on meanwhile: the screen catches up with every command.
    step_until(inputs, opponent, lambda: match.screen.session is match.client.session
               and match.screen.flow.state != "Playing" and not match._events
               and len(match.client.session.commands) == len(opponent.session.commands),
               "the screen on the new mirror")
    assert match.screen.session.state.layout == opponent.session.state.layout


def same_as_the_servers(path, server_file) -> bool:
    """The replay at `path` holds the server's recording's commands and shot results."""
    mine, theirs = load_replay(path), load_replay(server_file)
    return (mine.commands == theirs.commands
            and [s.digest for s in mine.shots] == [s.digest for s in theirs.shots])


def wait_for_the_server_file(inputs, opponent, path, server_file) -> None:
    """The server saves on a worker thread: its file follows within moments."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (server_file.exists()
                                               and same_as_the_servers(path, server_file)):
        opponent.poll()
        inputs.step()
    mine, theirs = load_replay(path), load_replay(server_file)
    assert mine.commands == theirs.commands
    assert [s.digest for s in mine.shots] == [s.digest for s in theirs.shots]


def test_the_players_game_keeps_the_match_as_its_own_replay_and_statistics(online,
                                                                          tmp_path):
    """Played with the keys, through a resync (the view's first shot diverges, the mirror
    is rebuilt): the view's replay folder holds the match, equal to the server's
    recording, listed as online; the player's profile has it in its statistics, marked
    online, and a rebuild from the replays gives the same statistics."""
    keeper = keeper_with_profile(tmp_path)
    try:
        match, inputs, opponent, _left = online(Diverging, record=keeper)
        computer = Opponent("beginner", 7, opponent.session.params)
        while not match.client.resyncs:
            step_until(inputs, opponent, lambda: match.client.resyncs == 1 or (
                match.screen.flow.state in ("Placing", "Aiming") and match.pending is None),
                "a resync", computer.decide)
            view_acts(match, inputs)
        seat = match.client.seat
        resynced_at = len(match.client.session.shots)

        def view_struck(since: int = resynced_at) -> bool:
            """The view struck from shot `since` on (by default on the rebuilt mirror: its
            break may have been the shot that diverged)."""
            return any(int(r.ruling.shooter) == seat
                       for r in match.client.session.shots[since:])
        # The view's first turn after the resync may be a placement or a push-out choice
        # (whatever the server's seed), so it plays on until it struck (or the opponent
        # ran out).
        while not view_struck() and not match.client.session.state.game_over:
            step_until(inputs, opponent, lambda: match.client.session.state.game_over or (
                match.screen.flow.state in ("Placing", "Aiming", "Choosing")
                and len(match.client.session.commands) == len(opponent.session.commands)),
                "the view's turn after the resync", computer.decide)
            view_acts(match, inputs)        # a stroke (or choice) on the rebuilt mirror
            step_until(inputs, opponent, lambda: match.pending is None
                       and match.screen.flow.state != "Playing", "the view's command played")
        if not match.client.session.state.game_over:
            match.send(Concede(Player(seat)))
        step_until(inputs, opponent, lambda: match.screen.flow.state == "GameOver"
                   and len(match.client.session.commands) == len(opponent.session.commands),
                   "the game over")
        code = match.client.code
        path = match.record.path
        wait_for_the_server_file(inputs, opponent, path,
                                 tmp_path / "server" / f"{code}.bsreplay")
        shots = len(match.client.session.shots)
        assert shots >= 2
        match.destroy()                     # back to the menu: the file stays
        assert [p.name for p in (tmp_path / "replays").iterdir()] == [path.name]
        assert path.name.endswith(f"_nine_ball_Opp-vs-View_online-{code}.bsreplay")

        from game.view.menu.recent import match_line
        winner = int(match.client.session.state.winner)
        won = (1 - winner, winner)
        (summary,) = recent_matches(tmp_path / "replays")
        assert (summary.online.code, summary.online.seat, summary.shots) == (code, seat, shots)
        assert (summary.games_won, summary.finished) == (won, True)
        assert f"Opp {won[0]} : {won[1]} View" in match_line(summary)
        assert match_line(summary).endswith("shots   (online)")

        conn = keeper.connection()
        assert conn.execute("SELECT replay, seat0, seat1, online, finished, winner FROM "
                            "matches").fetchall() == [(path.name, "guest", "profile:View",
                                                       1, 1, winner)]
        live = seat_stats(conn, "profile:View", "nine_ball")
        assert (live.online, live.matches_won, live.frames_won) == (1, winner, winner)
        from game.view.stats.screen import record_lines
        assert record_lines(live)[0][1].endswith("unfinished  (1 online)")
        # The opponent plays elsewhere, a guest here: as locally, a guest's frames are
        # not rated.
        assert (live.visits >= 1) == view_struck(since=0)
        assert live.opponents == (("guest", winner, 1 - winner),)
        assert live.rating is None
        rebuilt_path = tmp_path / "rebuilt" / "statistics.sqlite"
        assert rebuild(rebuilt_path, tmp_path / "replays").matches == 1
        rebuilt = open_store(rebuilt_path)
        try:
            for who in ("profile:View", "guest"):
                assert seat_stats(rebuilt, who, "nine_ball") == seat_stats(conn, who,
                                                                           "nine_ball")
        finally:
            rebuilt.close()
    finally:
        keeper.close()


def test_an_opponent_who_leaves_is_waited_for_then_the_match_is_claimed(online):
    match, inputs, opponent, _left = online()
    opponent.drop()                     # resume_for 0: gone for good
    step_until(inputs, opponent, lambda: "disconnected" in match.screen.hud.thinking.getText(),
               "the opponent's absence said")
    step_until(inputs, opponent, lambda: "press K" in match.screen.hud.thinking.getText(),
               "the claim offered")
    inputs.key("k")
    step_until(inputs, opponent, lambda: match.screen.flow.state == "GameOver"
               and match.client.ended is not None, "the match claimed")
    assert match.client.ended == {"winner": match.client.seat, "reason": "forfeit"}
    assert "View wins" in match.screen.flow._dialog.title.getText()
    said = match.screen.flow._dialog.text.getText()
    assert "claimed the match" in said and "did not come back" in said
    assert "conceded" not in said
    inputs.step()
    assert "press K" not in match.screen.hud.thinking.getText(), "nothing is left to claim"


def test_a_spectator_sees_the_strokes_and_leaves_with_escape(base, server, tmp_path):
    from game.view.online.match import OnlineMatch
    url = f"ws://127.0.0.1:{server}"
    players = [MatchClient(url, name=name, resume_for=0) for name in ("Ann", "Ben")]
    for player in players:
        player.connect()
    players[0].host("nine_ball")
    code = players[0].wait_for("match").data["code"]
    players[1].join(code)
    for player in players:
        player.wait_for("started")
    client = MatchClient(url, name="Eve")
    client.connect()
    client.watch(code)
    client.wait_for("started")
    inputs = Input(base)
    left = []
    match = OnlineMatch(base, client, Settings(), lambda: left.append(True),
                        use_shaders=False, sound_root=tmp_path / "sounds")
    base.win.setActive(False)           # no pixels read: frames step the flow, not the GPU
    try:
        computers = [Opponent("beginner", k, players[0].session.params) for k in (1, 2)]
        played = set()
        deadline = time.monotonic() + WALL_S
        while len(players[0].session.shots) < 2:      # both play; the view is stepped
            assert time.monotonic() < deadline, (
                f"the players did not play: shots {len(players[0].session.shots)}, "
                f"commands {len(players[0].session.commands)}, turns "
                f"{[p.my_turn for p in players]}, the view in {match.screen.flow.state}")
            for player in players:
                player.poll()
                if player.my_turn:
                    for command in computers[player.seat].decide(
                            player.session.state).commands:
                        seq = player.send(command)
                        while player.wait_for("applied", 20).data["seq"] != seq:
                            pass
            inputs.step()
            if match.screen.flow.state == "Playing":
                played.add(len(match.screen.session.shots))
            time.sleep(0.002)
        step_until(inputs, players[0], lambda: (
            match.screen.flow.state == "Playing" and played.add(
                len(match.screen.session.shots))) or (
            len(match.client.session.commands) == len(players[0].session.commands)
            and match.screen.flow.state == "Remote"), "the spectator to catch up")
        assert match.screen.session.state.layout == players[0].session.state.layout
        assert set(range(1, len(players[0].session.shots) + 1)) <= played
        assert match.screen.flow.state == "Remote"
        assert "Esc: menu" in match.screen.hud.controls.getText()
        assert "chat" not in match.screen.hud.controls.getText()
        inputs.key("escape")
        assert left == [True]
    finally:
        match.destroy()
        for player in players:
            player.close()
        inputs.close()
        base.win.setActive(True)


def test_the_lobby_says_what_went_wrong_in_one_sentence(base, server):
    from game.view.online.lobby import OnlineLobby
    inputs = Input(base)
    started = []
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    closed_port = free.getsockname()[1]
    free.close()
    lobby = OnlineLobby(base, Settings(), started.append, lambda: None,
                        address=f"127.0.0.1:{closed_port}")
    host = None
    try:
        def wait_words(pattern):
            deadline = time.monotonic() + 30
            while pattern not in lobby.notice.getText():
                assert time.monotonic() < deadline, lobby.notice.getText()
                inputs.step()
                time.sleep(0.01)
        lobby.host()
        wait_words("No match server answers")
        lobby.address.enterText("not an address!")
        lobby.host()
        wait_words("cannot contain spaces")
        lobby.address.enterText(f"127.0.0.1:{server}")
        lobby.code.enterText("ABC")
        lobby.join()
        wait_words("A join code is 6 letters")
        # A full match: two players in it already.
        host = MatchClient(f"ws://127.0.0.1:{server}", name="Ann")
        host.connect()
        host.host("nine_ball")
        code = host.wait_for("match").data["code"]
        guest = MatchClient(f"ws://127.0.0.1:{server}", name="Ben")
        guest.connect()
        guest.join(code)
        guest.wait_for("started")
        lobby.code.enterText(code)
        lobby.join()
        wait_words("already has two players")
        assert started == [] and lobby.client is None
        lobby.watch()                       # watching it is allowed
        deadline = time.monotonic() + 30
        while not started:
            assert time.monotonic() < deadline, lobby.notice.getText()
            inputs.step()
            time.sleep(0.01)
        assert started[0].seat is None and started[0].code == code
        started[0].close()
        guest.close()
    finally:
        lobby.destroy()
        if host is not None:
            host.close()
        inputs.close()


def test_a_seat_left_when_the_game_closed_is_taken_again_from_the_lobby(base, server,
                                                                         tmp_path):
    """The game closes mid-match (its window and client gone); started again, the Play
    online page offers "Resume match CODE", a click takes the seat back on the same table,
    and the kept seat is forgotten once the match has ended. The game's copy of the match
    goes on in the same file: one replay, equal to the server's recording, one match in
    the statistics."""
    from game.view.online.lobby import OnlineLobby
    from game.view.online.match import OnlineMatch
    from game.view.online.record import OnlineRecord
    from view_helpers import widget_pixel
    seat_path = tmp_path / "data" / "online_seat.json"
    replays = tmp_path / "replays"
    opponent, client = seated_pair(server)
    code = client.code
    inputs = Input(base)
    computer = Opponent("beginner", 7, opponent.session.params)
    match = lobby = None
    keeper = keeper_with_profile(tmp_path)

    def views_turn():
        return (match.screen.flow.state in ("Placing", "Aiming")
                and len(match.client.session.commands) == len(opponent.session.commands))
    try:
        match = OnlineMatch(base, client, Settings(), lambda: None, use_shaders=False,
                            sound_root=tmp_path / "sounds", seat_path=seat_path,
                            record=OnlineRecord(client, keeper, replays))
        assert seat_path.exists() and oct(seat_path.stat().st_mode & 0o777) == "0o600"
        step_until(inputs, opponent, views_turn, "the view's turn", computer.decide)
        while not match.client.session.shots:        # the view breaks: a shot to keep
            view_acts(match, inputs)
            step_until(inputs, opponent, views_turn, "the view's turn", computer.decide)
        seat = match.client.seat
        path = match.record.path
        assert load_replay(path).shots
        match.destroy()                  # the game closes
        match = None
        keeper.close()
        keeper = StatisticsKeeper(replay_folder=replays)       # and starts again
        started = []
        lobby = OnlineLobby(base, Settings(), started.append, lambda: None,
                            seat_path=seat_path)
        assert lobby.resume_button is not None
        assert lobby.resume_button["text"] == f"Resume match {code}"
        inputs.click(widget_pixel(base, lobby.resume_button))
        step_until(inputs, opponent, lambda: started, "the seat taken again")
        resumed = started[0]
        assert (resumed.code, resumed.seat) == (code, seat)
        lobby.destroy()
        lobby = None
        match = OnlineMatch(base, resumed, Settings(), lambda: None, use_shaders=False,
                            sound_root=tmp_path / "sounds", seat_path=seat_path,
                            record=OnlineRecord(resumed, keeper, replays))
        assert match.record.path == path
        inputs.step(2)
        assert match.screen.session.state.layout == opponent.session.state.layout
        assert match.screen.flow.state in ("Placing", "Aiming")
        match.send(Concede(Player(seat)))
        step_until(inputs, opponent, lambda: match.client.ended is not None
                   and match.screen.flow.state == "GameOver", "the match's end")
        assert not seat_path.exists(), "a finished match's seat is forgotten"
        wait_for_the_server_file(inputs, opponent, path, tmp_path / "server" / f"{code}.bsreplay")
        match.destroy()
        match = None
        assert [p.name for p in replays.iterdir()] == [path.name]
        assert keeper.connection().execute(
            "SELECT replay, online, finished FROM matches").fetchall() == [(path.name, 1, 1)]
    finally:
        for page in (match, lobby):
            if page is not None:
                page.destroy()
        opponent.close()
        inputs.close()
        keeper.close()


def test_a_kept_seat_the_server_no_longer_knows_is_said_and_forgotten(base, server,
                                                                      tmp_path):
    from game.net.saved_seat import SavedSeat, save_seat
    from game.view.online.lobby import OnlineLobby
    from view_helpers import widget_pixel
    seat_path = tmp_path / "online_seat.json"
    save_seat(seat_path, SavedSeat(f"ws://127.0.0.1:{server}", "ABCDEF", 1, "0" * 64, "Ann"))
    inputs = Input(base)
    lobby = OnlineLobby(base, Settings(), lambda client: None, lambda: None,
                        seat_path=seat_path)
    try:
        inputs.click(widget_pixel(base, lobby.resume_button))
        deadline = time.monotonic() + WALL_S
        while lobby.client is not None or lobby.resuming:
            assert time.monotonic() < deadline, "no answer to the resume"
            inputs.step()
            time.sleep(0.002)
        assert "No match has that code" in lobby.notice.getText()
        assert lobby.resume_button is None and not seat_path.exists()
    finally:
        lobby.destroy()
        inputs.close()


def test_the_play_online_page_remembers_the_server_and_the_name(base, server, tmp_path):
    """Hosted once from the game's own page: started again, the page shows the server and
    the name typed the last time."""
    from game.view.launcher import BreakshotApp
    from game import settings as S
    path = tmp_path / "settings.json"

    def app():
        return BreakshotApp(base, settings_path=path, seed=1, use_shaders=False,
                            replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                            practice_dir=tmp_path / "practice", offer_guide=False,
                            online_seat_path=tmp_path / "seat.json")
    inputs = Input(base)
    first, joiner = app(), None
    try:
        first.show_online(first.settings)
        first.lobby.address.set(f"127.0.0.1:{server}")
        first.lobby.name.set("Zed")
        first.lobby.host()
        deadline = time.monotonic() + WALL_S
        joiner = None
        while first.online is None:
            assert time.monotonic() < deadline, "the match did not start"
            inputs.step()
            client = first.lobby.client if first.lobby is not None else None
            if joiner is None and client is not None and client.code:
                joiner = MatchClient(f"ws://127.0.0.1:{server}", "Opp", resume_for=0.0)
                joiner.connect()
                joiner.join(client.code)
    finally:
        first.destroy()
        first.statistics.close()
        if joiner is not None:
            joiner.close()
    assert S.load(path)[0].online_server == f"ws://127.0.0.1:{server}"
    again = app()
    try:
        again.show_online(again.settings)
        assert again.lobby.address.get() == f"ws://127.0.0.1:{server}"
        assert again.lobby.name.get() == "Zed"
    finally:
        again.destroy()
        again.statistics.close()
        inputs.close()
