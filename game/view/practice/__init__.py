"""Practice on screen: a table with no rules, and the first-run guide played on it.

    screen  drag balls, ball in hand at will, shoot with the match's controls, exact undo,
            re-rack, save and load slots (on a game.practice.PracticeTable)
    guide   the first-run guide: short steps on a practice table, Enter next, Esc skip
"""
