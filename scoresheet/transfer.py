"""The sheet as CSV: one row per hand, each player's score, multiplier and running total.

Columns: ``hand, closer, atu, board, throw, twin``, each player's score, each player's
multiplier (``x Ana``: 1, 2 or 4, CR-26..28), ``atu close`` (yes when the closer pulled the
atu in, CR-19), ``note``, then each player's running total (last, for a spreadsheet's sums).

A Simple rummy sheet has its own columns, none of Closed Rummy's (no atu, board, throw, twin
or multiplier: SR-20 scores 100 to each opponent of who went out): ``hand, went out``, each
player's score, ``note``, then each player's running total.
"""

from __future__ import annotations

import csv
import io

from remi.scoresheet.sheet import Sheet


def sheet_csv(sheet: Sheet) -> str:
    """CSV text of the sheet, one row per hand (see the module's docstring for the columns)."""
    players = list(sheet.game.players)
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    if not sheet.game.rules.is_closed:
        out.writerow(["hand", "went out", *players, "note", *(f"total {p}" for p in players)])
        for r in sheet.rows:
            out.writerow([r.number, "nobody" if r.hand.nobody else (r.hand.closer or ""),
                          *(r.scores[p].score for p in players), r.hand.note or "", *(r.totals[p] for p in players)])
        return buf.getvalue()
    out.writerow(["hand", "closer", "atu", "board", "throw", "twin", *players, *(f"x {p}" for p in players),
                  "atu close", "note", *(f"total {p}" for p in players)])
    for r in sheet.rows:
        closer = "nobody" if r.hand.nobody else (r.hand.closer or "")
        out.writerow([r.number, closer, str(r.hand.atu or ""), "" if r.board is None else r.board, str(r.discard or ""),
                      r.hand.twin or "", *(r.scores[p].score for p in players),
                      *(r.scores[p].multiplier for p in players), "yes" if r.hand.atu_close else "",
                      r.hand.note or "", *(r.totals[p] for p in players)])
    return buf.getvalue()
