"""What a name or a note may hold: printable text of a length a sheet can show.

A player's name, a game's name and a hand's note reach every phone's page and the host's
terminal (``remi sheet``, ``games``, ``history``). There a control character is an order, not
a letter (ESC starts a terminal escape, BEL rings, NUL ends a C string); a bidi override
(U+202E) makes the text after it read backwards; a zero-width character makes ``Ana`` and
``Ana`` + U+200B two players who look like one. Each is refused with one line saying which,
before anything is written (issue 27); ``shown`` writes such a character as its escape, for
messages and for text stored before the check.

>>> check_text("Bo\\x1b[31m")
Traceback (most recent call last):
remi.scoresheet.errors.SheetError: a player's name 'Bo\\x1b[31m' holds a control character (\\x1b): type it without it
>>> check_text("Ana\\u200b")
Traceback (most recent call last):
remi.scoresheet.errors.SheetError: a player's name 'Ana\\u200b' holds a zero-width character (\\u200b): type it without it
>>> check_text("Ioana-Maria"), shown("R\\u202eana")
('Ioana-Maria', 'R\\\\u202eana')
"""

from __future__ import annotations

import unicodedata

from remi.scoresheet.errors import SheetError

#: a player's name as the phones' seat boxes take it; a game's name; a hand's note
NAME_MOST, GAME_NAME_MOST, NOTE_MOST = 40, 60, 500
#: the embeddings, overrides and isolates of Unicode's bidi algorithm, and its marks
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZERO_WIDTH = frozenset("\u00ad\u180e\u200b\u200c\u200d\u2060\ufeff")


def unfit(ch: str) -> str | None:
    """What kind of character ``ch`` is when a name may not hold it (``bidi``, ``zero_width``,
    ``control``, ``invisible``: the last part of its refusal's code); None when it may."""
    if ch in BIDI:
        return "bidi"
    if ch in ZERO_WIDTH:
        return "zero_width"
    category = unicodedata.category(ch)
    if category in ("Cc", "Zl", "Zp"):
        return "control"
    if category in ("Cf", "Cs", "Co", "Cn"):  # other format characters, lone surrogates, unassigned
        return "invisible"
    return None


def escape_of(ch: str) -> str:
    """``\\x1b``, ``\\u202e``: the character as Python writes it in a string."""
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"


def shown(text: str) -> str:
    """The text with every character a name may not hold written as its escape."""
    if text.isprintable() and not any(ch in ZERO_WIDTH for ch in text):
        return text
    return "".join(escape_of(ch) if unfit(ch) else ch for ch in text)


#: what a text is, by the hand's or the game's field that holds it: its refusals' codes begin so
SUBJECTS = {"players": "player_name", "name": "game_name", "note": "note"}


def check_text(text: str, most: int = NAME_MOST, *, field: str = "players") -> str:
    """``text`` if a sheet can show it; SheetError naming the ``field`` (a player's name, the
    game's name, the note) and the first character it cannot."""
    bad = next((ch for ch in text if unfit(ch)), None)
    if bad is not None:
        raise SheetError(f"sheet.{SUBJECTS[field]}_{unfit(bad)}", fields=(field,), text=shown(text)[:most + 20],
                         escape=escape_of(bad))
    if len(text) > most:
        raise SheetError(f"sheet.{SUBJECTS[field]}_long", fields=(field,), count=len(text), most=most)
    return text


def check_note(note: str | None) -> None:
    """A hand's or a game's note, checked as a name is (at most ``NOTE_MOST`` characters)."""
    if note is not None:
        check_text(note, NOTE_MOST, field="note")
