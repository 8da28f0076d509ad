"""Physics tests of the event-based solver (issue 2). A package, so that test modules here
may share basenames with tests elsewhere in tests/."""
