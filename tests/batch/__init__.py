"""Tests of the batch solver (issue 17): many shots per call, each equal to simulate()."""
