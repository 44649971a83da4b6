"""Which game a sheet command acts on: ``--game``, else the one this user used last on this
database, else the latest open game, which the command then names on stderr.

The game used last is kept per database in the user's state folder (``current.json``), so
two people sharing a PostgreSQL sheet each keep their own; ``remi new`` and every command
given ``--game`` set it. A finished game stays the current one (its sheet is what the table
wants to see; a new hand for it says how to start the next). A game the command picked
itself is named after its output, on stderr, so that a refusal stays one line.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from remi.scoresheet.sheet import GameInfo
    from remi.scoresheet.store import Store


def _state_file() -> Path:
    from platformdirs import user_state_dir

    return Path(user_state_dir("remi", appauthor=False)) / "current.json"


def _read() -> dict[str, int]:
    try:
        data = json.loads(_state_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, int)} if isinstance(data, dict) else {}


def remember(store: Store, game: GameInfo) -> None:
    """This game is the one used last on this database (written whole, never half)."""
    data = _read()
    if data.get(store.url) == game.id:
        return
    # SQLite files that are gone (a demo's temporary sheet) are forgotten
    data = {url: gid for url, gid in data.items()
            if not url.startswith("sqlite:///") or Path(url[len("sqlite:///"):]).exists()}
    data[store.url] = game.id
    path = _state_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(fh.name, path)
    except OSError:
        pass  # a read-only home: commands still work, they only name the game each time


def pick(store: Store, selector: str | None) -> GameInfo:
    """The game a command acts on (see the module's docstring)."""
    from remi.scoresheet.errors import NoGame

    if selector:
        game = store.find_game(selector)
        remember(store, game)
        return game
    last = _read().get(store.url)
    if last is not None:
        try:
            return store.game(last)
        except NoGame:
            pass
    game = store.find_game(None)
    # the latest open game; when every game is over, the latest one (say so, not "open")
    _pending[:] = [(game.name, store.sheet(game.id).finished)]
    remember(store, game)
    return game


#: the game the command picked itself, and whether every game was over (its words are said
#: once the command has done its work, so that an error line stays alone)
_pending: list[tuple[str, bool]] = []


def announce() -> None:
    """Name the game a command acted on, when the user did not choose it (on stderr)."""
    from remi.engine.messages import sentence
    from remi.i18n import cli_language, speaking

    with speaking(cli_language()):  # after the command's own words: in its language too
        for name, over in _pending:
            print("remi: " + sentence("cli.picked_game_over" if over else "cli.picked_game", {"name": name}),
                  file=sys.stderr)
    _pending.clear()


def in_picked_game(line: str) -> str:
    """An error line, naming the game the command picked itself if it did (else as it is)."""
    from remi.engine.messages import sentence

    if not _pending:
        return line
    name, over = _pending[0]
    return sentence("cli.in_picked_game_over" if over else "cli.in_picked_game", {"detail": line, "name": name})
