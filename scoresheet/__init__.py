"""The score sheet: games and hands on disk (SQLite or PostgreSQL), scored by the engine.

Hands are stored as entered (an append-only log of actions: a hand, a fix, a deletion, an
undo); every score is derived from those inputs by ``engine`` whenever a sheet is read, so a
rules fix recomputes old hands. The store takes an SQLAlchemy engine; nothing here is global.

>>> from remi.scoresheet.entry import HandInput, score_hand
>>> from remi.engine import CLOSED
>>> h = HandInput.parse(closer="Ana", atu="y2", board="r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
...                     racks={"Bogdan": "95"})
>>> {p: s.score for p, s in score_hand(["Ana", "Bogdan"], None, CLOSED, h).scores.items()}
{'Ana': 100, 'Bogdan': -95}
"""
