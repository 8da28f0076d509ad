"""Training drills on screen: the list of drills with each one's goal and the player's
best, and a drill played on the real table with the match's aiming and power controls
(game.drills below scores and records it)."""
