"""Play across machines (no Panda3D): the match server and the client the game polls.

    protocol  the JSON messages, every field checked; ProtocolError says why one is refused
    server    MatchServer: matches, seats and tokens, the referee, recordings, limits
    client    MatchClient: the connection thread, the mirror session, Events for the game
    bot       a computer player over the network (python -m game.net.bot)
    soak      many matches of computer players on one server (python -m game.net.soak)

The command line of the server is game/server.py (python -m game.server,
breakshot-server); docs/network.md describes it all.
"""
