"""Play online: the page to host, join or watch a match on a match server (`lobby`), and
the match itself on screen, driven by the network client (`match`, `screen`)."""
