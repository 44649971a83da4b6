"""remi: a table companion for Closed Rummy (tiles, an atu) and Simple rummy (cards).

One namespace over the design's folders, imports pointing toward the engine:

- ``remi.engine``: the pure rules engine (notation, formations, closing, scoring);
- ``remi.scoresheet``: the score sheet on SQLite or PostgreSQL;
- ``remi.tutor``: discard advice and the self-play simulator;
- ``remi.vision``: the photo reader;
- ``remi.cli`` and the other modules of ``remi/``: the command line that composes them.
"""
