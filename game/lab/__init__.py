"""The research command's library (`python -m game.lab`): shot maps and tournaments run
in resumable chunks, locally or on Dask. No Panda3D here.

    shotmap     a grid of strokes from one position, each cell played K times under a
                level's execution noise: the pot probability
    tournament  whole games with the rules between computer levels or saved opponent
                configurations (opponents: the JSON file of one)
    evaluate    evaluate_chunk: the one function that computes a chunk of either kind
    runs        the output folder: manifest, one Parquet part per finished chunk, resume
    backends    where chunks run: this process, a local process pool, Dask
    report      the summary and the figures of a finished run; Wilson intervals
"""
