"""A variant's words: what its players hold, in which notation, and what closing is called.

Closed Rummy is played with tiles on a rack and a player closes (CR-18); Simple rummy with
cards in a hand and a player goes out (SR-4, SR-17), its formations called melds (SR-16).
The rules are the same code for both; a message is built from these words, so each variant
reads in its own. ``Rules.words`` gives a table's.

>>> from remi.engine.tiles import Tile
>>> w = WORDS["simple"]
>>> f"{w.closing.capitalize()} takes {w.count(14)}{w.cite(w.close_rule)}; it {w.closes} throwing {w.name(Tile.parse('k12'))}"
'Going out takes 14 cards (SR-17); it goes out throwing Qs'
>>> w = WORDS["closed"]
>>> f"{w.closing.capitalize()} takes {w.count(15)}{w.cite(w.close_rule)}; it {w.closes} throwing {w.name(Tile.parse('k12'))}"
'Closing takes 15 tiles; it closes throwing k12'
"""

from __future__ import annotations

from dataclasses import dataclass

from remi.engine.tiles import Notation, Tile


@dataclass(frozen=True, slots=True)
class Words:
    """One variant's words (see the module's docstring)."""

    #: the notation a player of the variant writes (docs/rules.md 0.12)
    notation: Notation
    #: one piece and several: "tile", "tiles" / "card", "cards"
    piece: str
    pieces: str
    #: what a player holds: "rack" / "hand"
    holding: str
    #: the verb, its third person and the act: "close", "closes", "closing" / "go out", ...
    close: str
    closes: str
    closing: str
    #: the act as a subject: "a close" / "going out" ("a close leaves exactly one")
    a_close: str
    #: what a player holds to close: "a closing rack" / "a hand going out"
    a_closing: str
    #: a formation shown: "formation(s)" / "meld(s)" (SR-16)
    formation: str
    formations: str
    #: the rule that says what closing is (CR-18 / SR-17)
    close_rule: str
    #: whether messages name their rule: Simple rummy's do; Closed Rummy's messages stay as the
    #: README quotes them, word for word
    cites: bool

    def name(self, tile: Tile) -> str:
        """A tile as this variant's player writes it: ``r7`` / ``7h``."""
        return tile.format(self.notation)

    def count(self, n: int) -> str:
        """``1 card``, ``14 cards``."""
        return f"{n} {self.piece if n == 1 else self.pieces}"

    def cite(self, rule: str) -> str:
        """`` (SR-17)`` after a message when this variant names its rules, else nothing."""
        return f" ({rule})" if self.cites else ""


WORDS: dict[str, Words] = {
    "closed": Words(notation="tile", piece="tile", pieces="tiles", holding="rack", close="close", closes="closes",
                    closing="closing", a_close="a close", a_closing="a closing rack", formation="formation",
                    formations="formations", close_rule="CR-18", cites=False),
    "simple": Words(notation="card", piece="card", pieces="cards", holding="hand", close="go out", closes="goes out",
                    closing="going out", a_close="going out", a_closing="a hand going out", formation="meld",
                    formations="melds", close_rule="SR-17", cites=True),
}


def notation_for(variant: str) -> Notation:
    """The notation a variant's players write: cards for Simple rummy, tiles for Closed Rummy
    (docs/rules.md 0.12)."""
    return WORDS["simple" if variant == "simple" else "closed"].notation
