"""The sheet as CSV: one row per hand, each player's score and running total."""

from __future__ import annotations

import csv
import io

from remi.scoresheet.sheet import Sheet


def sheet_csv(sheet: Sheet) -> str:
    """CSV text: ``hand, closer, atu, <player>, ..., total <player>, ...``."""
    players = list(sheet.game.players)
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["hand", "closer", "atu", "board", "throw", "twin", *players, *(f"total {p}" for p in players)])
    for r in sheet.rows:
        closer = "" if r.hand.nobody else (r.hand.closer or "")
        out.writerow([r.number, closer or ("nobody" if r.hand.nobody else ""), str(r.hand.atu or ""),
                      "" if r.board is None else r.board, str(r.discard or ""), r.hand.twin or "",
                      *(r.scores[p].score for p in players), *(r.totals[p] for p in players)])
    return buf.getvalue()
