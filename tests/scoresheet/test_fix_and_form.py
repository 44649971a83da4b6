"""``remi fix`` changes only what it names; the form at a real terminal (a pty) shows the hand
and its scores, saves on a yes, goes back a question with ``<`` and offers a fix's current
answers; and the command line's shape (each command its own options, JSON from the library)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time

import pytest

from tests.scoresheet.conftest import ROOT, Remi, remi_command

C1 = ["--atu", "y2", "--closer", "Ana", "--board", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
      "--rack", "Bogdan=k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10", "--points", "Cristi=1J4H", "--twin", "Cristi"]


def test_fix_changes_only_what_it_names(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    remi.ok("hand", *C1)
    s = remi.ok("fix", "1", "--points", "Cristi=120")
    assert s["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -120 + 50}
    entered = remi.ok("history")["actions"][-1]["input"]
    assert entered["board"].startswith("r3 r4") and entered["twin"] == "Cristi" and entered["atu"] == "y2"
    assert entered["racks"] == {"Bogdan": {"tiles": "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"},
                                "Cristi": {"points": 120}}
    # The board as a number replaces the tiles; --no-twin takes the twin away; --joker-close adds a joker throw.
    s = remi.ok("fix", "1", "--board-points", "100", "--no-twin", "--joker-close")
    assert s["hands"][0]["scores"] == {"Ana": 200, "Bogdan": -95, "Cristi": -120}
    s = remi.ok("fix", "1", "--no-joker-close")
    assert s["hands"][0]["scores"]["Ana"] == 100
    # Another closer: the new closer's rack goes, the old closer needs one (named in one line).
    r = remi("fix", "1", "--closer", "Bogdan")
    assert r.code == 2 and "no rack given for Ana" in r.err and len(r.err.splitlines()) == 1
    s = remi.ok("fix", "1", "--closer", "Bogdan", "--points", "Ana=70")
    assert s["hands"][0]["scores"] == {"Ana": -70, "Bogdan": 100, "Cristi": -120}
    s = remi.ok("fix", "1", "--nobody", "--points", "Bogdan=90")
    assert s["hands"][0]["scores"] == {"Ana": -70, "Bogdan": -90, "Cristi": -120}
    r = remi("fix", "1")
    assert r.code == 2 and "nothing to change" in r.err
    assert [a["kind"] for a in remi.ok("history")["actions"]] == ["hand", "fix", "fix", "fix", "fix", "fix"]


class Terminal:
    """``remi ARGS`` at a real pseudo-terminal: read what it prints, type answers."""

    def __init__(self, remi: Remi, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = {**remi.env, "TERM": "dumb", "COLUMNS": "200"}
        self.proc = subprocess.Popen([*remi.cmd, *args, "--db", remi.db], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, cwd=ROOT, close_fds=True)
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 300) -> str:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.master], [], [], left)[0]:
                raise AssertionError(f"never saw {text!r}; the terminal shows:\n{self.seen}")
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the process ended and closed the terminal
                raise AssertionError(f"ended before {text!r}:\n{self.seen}") from None
            self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.seen

    def type(self, answer: str) -> None:
        os.write(self.master, answer.encode() + b"\n")

    def answer(self, question: str, answer: str) -> None:
        self.expect(question)
        self.seen = self.seen[self.seen.index(question) + len(question):]
        self.type(answer)

    def close(self) -> int:
        try:
            while True:  # drain, so that the process is never blocked writing
                if not select.select([self.master], [], [], 30)[0]:
                    break
                chunk = os.read(self.master, 4096)
                if not chunk:
                    break
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        except OSError:
            pass
        code = self.proc.wait(timeout=300)
        os.close(self.master)
        return code


def test_the_form_shows_the_scores_goes_back_and_saves_on_yes(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi")
    t = Terminal(remi, "hand")
    t.answer("Atu tile?", "y2")
    t.answer("Who closed?", "ana")  # any case
    t.answer("pull the atu in", "")
    t.answer("Ana's board", "100")
    t.answer("throw a joker", "n")
    t.answer("twin?", "")
    t.answer("Bogdan's rack", "95")
    t.answer("Cristi's rack", "<")  # back to Bogdan's rack, which offers 95
    t.answer("Bogdan's rack", "")
    t.expect("[95]")
    t.answer("Cristi's rack", "85")
    screen = t.expect("Save it?")
    assert "Ana +100★, Bogdan -95, Cristi -85" in screen
    t.type("n")
    assert t.close() == 1 and "nothing was recorded" in t.seen
    assert remi.ok("sheet")["hands"] == []
    t = Terminal(remi, "hand")
    for question, answer in (("Atu tile?", "y2"), ("Who closed?", "Ana"), ("pull the atu in", "n"),
                             ("Ana's board", "100"), ("throw a joker", "n"), ("twin?", "none"),
                             ("Bogdan's rack", "95"), ("Cristi's rack", "85"), ("Save it?", "y")):
        t.answer(question, answer)
    assert t.close() == 0 and "hand 1 recorded" in t.seen
    assert remi.ok("sheet")["totals"] == {"Ana": 100, "Bogdan": -95, "Cristi": -85}


def test_fix_at_a_terminal_offers_the_current_answers(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi")
    remi.ok("hand", *C1, "--note", "Dan's table")
    t = Terminal(remi, "fix", "1")
    t.answer("Atu tile? [y2]", "")
    t.answer("Who closed? (a name, or nobody) [Ana]", "")
    t.answer("[n]", "")
    t.answer("[r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2]", "")
    t.answer("[Cristi]", "")
    t.answer("[k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10]", "")
    t.answer("Cristi's rack: 14 tiles, its points (95) or counts (11L3H)? [1J4H]", "120")
    screen = t.expect("Save it?")
    assert "Ana +100★, Bogdan -95, Cristi -70T" in screen
    t.type("")
    assert t.close() == 0 and "hand 1 corrected" in t.seen
    assert remi.ok("sheet")["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -70}
    # What the form does not ask stays as it was (it once dropped the note).
    assert remi.ok("history")["actions"][-1]["input"]["note"] == "Dan's table"


def _help(*args: str) -> str:
    p = subprocess.run([*remi_command(), *args, "--help"], capture_output=True, text=True, cwd=ROOT, check=True,
                       env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    return p.stdout


def test_hand_and_fix_each_take_only_their_own_options() -> None:
    hand, fix = _help("hand"), _help("fix")
    assert "--again" in hand and "--delete" not in hand and "--no-twin" not in hand
    assert "--delete" in fix and "--no-twin" in fix and "--again" not in fix
    for shared in ("--atu", "--closer", "--board", "--points", "--rack", "--db", "--game", "--json"):
        assert shared in hand and shared in fix


def test_remi_help_lists_every_command() -> None:
    text = _help()
    for name in ("check", "new", "hand", "fix", "sheet", "undo", "history", "games", "export", "import", "stats",
                 "plot", "advise", "scan", "serve", "vision"):
        assert f" {name} " in text, name
    assert "Default: every game" in _help("stats")


@pytest.mark.parametrize("command", [["check", "r3 r4 r5"], ["new", "--players", "Ana,Dan"]])
def test_the_variant_is_checked_in_one_place(remi: Remi, command: list[str]) -> None:
    r = remi(*command, "--variant", "poker", db=command[0] != "check")
    assert r.code == 2 and "unknown variant 'poker': use closed or simple" in r.err and len(r.err.splitlines()) == 1


def test_the_form_refuses_a_finished_game_before_asking(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--target", "100", "--name", "short")
    remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "120", "--points", "Dan=70")
    t = Terminal(remi, "hand")
    assert t.close() == 2
    assert "start the next one with remi new --like short" in t.seen and "Atu tile?" not in t.seen
