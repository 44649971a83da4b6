"""remi's tutor: discard advice for Closed Rummy and Simple rummy, and self-play to prove it.

``advise`` is the one call (what ``remi advise --json`` prints); ``tutor.steps`` counts the
steps to close and the outs; ``tutor.sim`` plays bots against each other.

>>> advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k13")["stage"]
'close'
"""

from remi.tutor.advice import advise

__all__ = ["advise"]
