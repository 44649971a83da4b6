"""The score sheet's refusals (scoresheet/), by code: data for ``engine.messages`` (docs/errors.md).

The engine holds the sheet's words without importing the sheet: they are data. Each template
is a whole sentence with named placeholders; a count's plural is ``Template(one, other)``.
"""

from __future__ import annotations

from remi.engine.template import Template

#: The score sheet's refusals, by code.
SHEET: dict[str, Template] = {
    "sheet.entered_twice": Template("hand {number} has exactly these entries: entered twice? record it again on "
                                    "purpose to keep it anyway"),
    "sheet.no_game": Template("no game {selector!r}"),
    "sheet.no_game_yet": Template("no game yet"),
    "sheet.finished": Template("{game} is finished ({outcome})"),
    "sheet.no_hand": Template("{game} has no hand {number} (its last is hand {last})"),
    "sheet.no_hand_yet": Template("{game} has no hand {number} (no hand yet)"),
    "sheet.hand_struck": Template("hand {number} of {game} was struck out"),
    "sheet.field": Template("{label}: {detail}"),
    # the database (scoresheet/db.py, store.py: StoreError)
    "store.no_folder": Template("cannot create {path}: no folder {folder}"),
    "store.folder": Template("{path} is a folder, not a remi database"),
    "store.not_sqlite": Template("{path} is not a remi database (not an SQLite file)"),
    "store.unusable": Template("cannot use database {url}: {reason}"),
    "store.other_tables": Template("this database is not a remi database (it has other tables and no remi schema "
                                   "version)"),
    "store.newer_schema": Template("{url} has schema {version}, newer than this remi ({head}): upgrade remi"),
    "store.empty_version": Template("{url} has an empty schema version table"),
    "store.cannot_open": Template("cannot open {url}: {reason}"),
    "store.read_only_create": Template("{url} is read-only and needs its schema created"),
    "store.read_only_upgrade": Template("{url} is read-only and needs its schema upgraded"),
    "store.cannot_set_up": Template("cannot set up {url}: {reason}"),
    "store.failed": Template("{url}: {reason}"),
    "store.read_only": Template("{url} is read-only: nothing was recorded"),
    "store.disk_full": Template("{url}: the disk is full ({reason}): nothing was recorded; free some space and try "
                                "again"),
    "store.busy": Template("{url} is busy (another remi is writing): nothing was recorded, try again"),
    "store.too_busy": Template("{url}: too busy; nothing was recorded, try again"),
    # games and their settings (scoresheet/store.py, seating.py, locks.py)
    "sheet.no_game_id": Template("no game with id {game_id}"),
    "sheet.name_taken": Template("a game named {name!r} already exists: choose another name"),
    "sheet.import_name_taken": Template("a game named {name!r} already exists: import it under another name"),
    "sheet.nothing_to_undo": Template("nothing to undo in {game}"),
    "sheet.simple_no_target": Template("Simple rummy has no target: a side loses at its limit"),
    "sheet.target_not_positive": Template("the target is a positive number of points, not {target}"),
    "sheet.no_target_already": Template("{game} has no target already"),
    "sheet.target_already": Template("the target of {game} is {target} already"),
    "sheet.no_player": Template("no player {name!r} in {game}: the players are {players}"),
    "sheet.named_already": Template("{name} is called that already"),
    "sheet.target_too_large": Template("the target {target} is more than a table plays to (at most {most:,})"),
    "sheet.unknown_variant": Template("unknown variant {name!r}: use closed or simple"),
    "sheet.teams_shape": Template("teams are two pairs, like Ana+Ion and Dan+Eva"),
    "sheet.name_empty": Template("a player's name is empty"),
    "sheet.name_chars": Template("{name!r} cannot be a name (no = , + and not a bare number)"),
    "sheet.named_twice": Template("{names} named twice: every player needs their own name (names are compared "
                                  "without case)"),
    "sheet.player_count": Template("{count} player: a table has 2 to 4", "{count} players: a table has 2 to 4"),
    "sheet.target_closed_only": Template("the target is for Closed Rummy, a positive number of points"),
    "sheet.teams_simple_only": Template("teams are for Simple rummy (2 vs 2)"),
    "sheet.teams_pairs": Template("teams are two pairs of the four players, like Ana+Ion and Dan+Eva"),
    "sheet.teams_players": Template("the teams must hold exactly the players, each once"),
    "sheet.partners_opposite": Template("partners sit opposite: seat {first} and {second} two places apart (like "
                                        "{order})"),
    "sheet.teams_needed": Template("4 players in Simple rummy play 2 vs 2: give the teams, like A+C and B+D"),
    "sheet.no_longer_scores": Template("hand {number} of {game} no longer scores: {reason}"),
    # what a sheet writes (scoresheet/plot.py)
    "sheet.plot_suffix": Template("{path}: the plot is written as .png, .svg or .pdf"),
    "sheet.cannot_write": Template("cannot write {path}: {reason}"),
    # a name or a note (scoresheet/text.py): the kind of character it may not hold
    "sheet.player_name_bidi": Template("a player's name '{text}' holds a bidi control ({escape}): type it without it"),
    "sheet.player_name_zero_width": Template("a player's name '{text}' holds a zero-width character ({escape}): type "
                                             "it without it"),
    "sheet.player_name_control": Template("a player's name '{text}' holds a control character ({escape}): type it "
                                          "without it"),
    "sheet.player_name_invisible": Template("a player's name '{text}' holds an invisible character ({escape}): type "
                                            "it without it"),
    "sheet.player_name_long": Template("a player's name is {count} characters long: at most {most}"),
    "sheet.game_name_bidi": Template("the game's name '{text}' holds a bidi control ({escape}): type it without it"),
    "sheet.game_name_zero_width": Template("the game's name '{text}' holds a zero-width character ({escape}): type it "
                                           "without it"),
    "sheet.game_name_control": Template("the game's name '{text}' holds a control character ({escape}): type it "
                                        "without it"),
    "sheet.game_name_invisible": Template("the game's name '{text}' holds an invisible character ({escape}): type it "
                                          "without it"),
    "sheet.game_name_long": Template("the game's name is {count} characters long: at most {most}"),
    "sheet.note_bidi": Template("the note '{text}' holds a bidi control ({escape}): type it without it"),
    "sheet.note_zero_width": Template("the note '{text}' holds a zero-width character ({escape}): type it without it"),
    "sheet.note_control": Template("the note '{text}' holds a control character ({escape}): type it without it"),
    "sheet.note_invisible": Template("the note '{text}' holds an invisible character ({escape}): type it without it"),
    "sheet.note_long": Template("the note is {count} characters long: at most {most}"),
    # a hand's fields in words (SheetError's label: "the atu: ...")
    "label.closer": Template("the closer"),
    "label.nobody": Template("nobody closed"),
    "label.atu": Template("the atu"),
    "label.board": Template("the board"),
    "label.board_points": Template("the board's points"),
    "label.throw": Template("the throw"),
    "label.atu_close": Template("the atu close"),
    "label.twin": Template("the twin holder"),
    "label.racks": Template("the racks"),
    "label.note": Template("the note"),
    "label.rack": Template("{holder}'s rack"),
    # a hand's values (scoresheet/hand.py)
    "sheet.quick_syntax": Template("{text!r} is not counts like 11L3H or 1J5H"),
    "sheet.rack_negative": Template("a rack cannot be negative ({text}); give what the rack costs, like 95"),
    "sheet.rack_value": Template("{text!r} is neither points (like 95) nor counts (like 11L3H or 1J5H)"),
    "sheet.one_tile": Template("give one tile, not {text!r}"),
    "sheet.not_points": Template("{value} is not a number of points (a whole number, 0 or more)"),
    "sheet.not_points_of": Template("{what}: {value} is not a number of points (a whole number, 0 or more)"),
    "sheet.points_too_many": Template("{digits}... is more points than any hand (at most {most:,})"),
    "sheet.points_too_many_of": Template("{what}: {digits}... is more points than any hand (at most {most:,})"),
    "sheet.joker_close_throw": Template("a joker close throws a joker; the throw was {tile}"),
    "label.points": Template("{holder}'s points"),
    # a hand as a whole (scoresheet/entry.py)
    "sheet.quick_count": Template("{holder}'s rack {quick}: the counts make {count} tile; a loser holds {size}",
                                  "{holder}'s rack {quick}: the counts make {count} tiles; a loser holds {size}"),
    "sheet.unknown_closer": Template("unknown player {name!r} as closer: the players are {players}"),
    "sheet.unknown_closer_near": Template("unknown player {name!r} as closer: the players are {players}; did you "
                                          "mean {near}?"),
    "sheet.unknown_twin": Template("unknown player {name!r} as twin holder: the players are {players}"),
    "sheet.unknown_twin_near": Template("unknown player {name!r} as twin holder: the players are {players}; did you "
                                        "mean {near}?"),
    "sheet.unknown_rack": Template("unknown player {name!r} for a rack: the players are {players}"),
    "sheet.unknown_rack_near": Template("unknown player {name!r} for a rack: the players are {players}; did you "
                                        "mean {near}?"),
    "sheet.rack_twice": Template("{holder}'s rack is given twice"),
    "sheet.closed_only.atu": Template("the atu is for Closed Rummy; in Simple rummy each opponent of the player who "
                                      "went out takes 100 (SR-20): give who went out (and perhaps their cards)"),
    "sheet.closed_only.twin": Template("the twin holder is for Closed Rummy; in Simple rummy each opponent of the "
                                       "player who went out takes 100 (SR-20): give who went out (and perhaps their "
                                       "cards)"),
    "sheet.closed_only.board_points": Template("the board's points are for Closed Rummy; in Simple rummy each "
                                               "opponent of the player who went out takes 100 (SR-20): give who went "
                                               "out (and perhaps their cards)"),
    "sheet.closed_only.throw": Template("the throw is for Closed Rummy; in Simple rummy each opponent of the player "
                                        "who went out takes 100 (SR-20): give who went out (and perhaps their cards)"),
    "sheet.closed_only.atu_close": Template("the atu close is for Closed Rummy; in Simple rummy each opponent of the "
                                            "player who went out takes 100 (SR-20): give who went out (and perhaps "
                                            "their cards)"),
    "sheet.closed_only.nobody": Template("nobody closed is for Closed Rummy; in Simple rummy each opponent of the "
                                         "player who went out takes 100 (SR-20): give who went out (and perhaps their "
                                         "cards)"),
    "sheet.closed_only.racks": Template("the racks are for Closed Rummy; in Simple rummy each opponent of the player "
                                        "who went out takes 100 (SR-20): give who went out (and perhaps their cards)"),
    "sheet.who_went_out": Template("who went out? give their name"),
    "sheet.hand_size": Template("{holder}'s hand has {count} card; give all {size}: {melded} in melds plus the "
                                "discard (SR-17)",
                                "{holder}'s hand has {count} cards; give all {size}: {melded} in melds plus the "
                                "discard (SR-17)"),
    "sheet.no_going_out": Template("{holder}'s hand does not go out: {reason}"),
    "sheet.atu_missing": Template("the atu is missing: give the atu tile (like r7, or * for a joker)"),
    "sheet.who_closed": Template("who closed? give the closer's name, or say nobody closed"),
    "sheet.board_twice": Template("give the board as tiles or as a number, not both"),
    "sheet.board_size": Template("{holder}'s board has {count} tile; give {size} tiles: {melded} in formations plus "
                                 "the tile thrown",
                                 "{holder}'s board has {count} tiles; give {size} tiles: {melded} in formations plus "
                                 "the tile thrown"),
    "sheet.board_size_atu": Template("{holder}'s board has {count} tile; give {size} tiles: the atu {atu} is added to "
                                     "them",
                                     "{holder}'s board has {count} tiles; give {size} tiles: the atu {atu} is added "
                                     "to them"),
    "sheet.board_missing": Template("what did {holder} show? give the board's tiles or its points"),
    "sheet.closer_rack": Template("{holder} closed: give the board (its tiles or points), not a rack"),
    "sheet.rack_size": Template("{holder}'s rack has {count} tile; a loser holds {size}",
                                "{holder}'s rack has {count} tiles; a loser holds {size}"),
    "sheet.rack_worth": Template("{holder}'s rack cannot be worth {points}"),
    "sheet.rack_empty": Template("{holder}'s rack is empty"),
    "sheet.nobody_and_closer": Template("nobody closed and a closer is named: they contradict each other, give one"),
    "sheet.needs_closer.board": Template("the board needs a closer; nobody closed this hand"),
    "sheet.needs_closer.board_points": Template("the board's points need a closer; nobody closed this hand"),
    "sheet.needs_closer.throw": Template("the throw needs a closer; nobody closed this hand"),
    "sheet.needs_closer.atu_close": Template("the atu close needs a closer; nobody closed this hand"),
    "sheet.throw_not_on_board": Template("the throw {tile} is not on {holder}'s board"),
    "sheet.no_close": Template("{holder}'s board does not close: {reason}"),
    "sheet.no_close_atu": Template("{holder}'s board does not close with the atu {atu}: {reason}"),
    "sheet.no_close_throwing": Template("{holder}'s board does not close throwing {tile}: {reason}"),
    "sheet.no_close_atu_throwing": Template("{holder}'s board does not close with the atu {atu} throwing {tile}: "
                                            "{reason}"),
    # an export file read back (scoresheet/importing.py); {where}: the place in the file
    "export.format": Template("not a remi game export (expected format {format})"),
    "export.missing_list": Template("bad export: {where}: missing or not a list"),
    "export.too_many_actions": Template("bad export: {where}: {count:,} actions; an import holds at most {most:,}"),
    "export.after_end": Template("bad export: {where}: a hand after the end of the game"),
    "export.missing_object": Template("bad export: {where}: missing or not an object"),
    "export.missing_text": Template("bad export: {where}: missing or not text"),
    "export.not_names": Template("bad export: {where}: not a list of names"),
    "export.not_teams": Template("bad export: {where}: not a list of lists of names"),
    "export.target": Template("bad export: {where}: {value} is not a positive number of points"),
    "export.refused": Template("bad export: {where}: {reason}"),
    "export.not_object": Template("bad export: {where}: not an object"),
    "export.seq": Template("bad export: {where}: seq: {value} is not a whole number after {last}"),
    "export.kind": Template("bad export: {where}: kind: {value} is not one of {kinds}"),
    "export.created_at": Template("bad export: {where}: created_at: not a time (like 2026-01-01T20:00:00Z)"),
    "export.ref": Template("bad export: {where}: {key}: {value} is not an earlier action"),
    "export.unknown_field": Template("bad export: {where}: hand: unknown field {value}"),
    "export.text_field": Template("bad export: {where}: hand: {key}: {value} is not text of at most {most} "
                                  "characters"),
    "export.bool_field": Template("bad export: {where}: hand: {key}: {value} is not true or false"),
    "export.board_points": Template("bad export: {where}: hand: board_points: {value} is not a number of points"),
    "export.racks": Template("bad export: {where}: hand: racks: not an object"),
    "export.rack_form": Template('bad export: {where}: not one of {{"tiles": ...}}, {{"points": ...}}, '
                                 '{{"quick": ...}}'),
    "export.rack_points": Template("bad export: {where}: points: {value} is not a number of points"),
    "export.rack_text": Template("bad export: {where}: {form}: {value} is not text"),
    "export.target_change": Template("bad export: {where}: change: not a target (a positive number, or null)"),
    "export.rename_change": Template("bad export: {where}: change: not a rename (old and new names)"),
    "export.hand_seq": Template("bad export: {where}: hand_seq: {value} is not a hand on the sheet"),
    "export.undoes": Template("bad export: {where}: undoes: {value} is not what an undo could cancel here (action "
                              "{last})"),
    "export.undoes_nothing": Template("bad export: {where}: undoes: {value} is not what an undo could cancel here "
                                      "(nothing)"),
    "export.simple_target": Template("bad export: {where}: a Simple rummy game has no target"),
    "export.names_spelled": Template("the names are not spelled as the game spells them"),
    "export.not_player": Template("bad export: {where}: change: {value} is not a player"),
    # a hand every phone fills in (scoresheet/pending.py)
    "sheet.closer_part_missing": Template("the closer's part is missing: the atu, who closed and the board"),
    "sheet.simple_no_racks": Template("Simple rummy has no racks to count: enter who went out as a hand"),
    "sheet.closer_part_racks": Template("the closer's part holds no racks: each loser sends their own"),
    "sheet.no_seat": Template("no seat {seat} at {game}: it seats {count}"),
    "sheet.closer_sends_board": Template("{holder} closed this hand: send the board, not a rack"),
    "sheet.no_hand_in_progress": Template("{game} has no hand in progress"),
    "sheet.no_hand_in_progress_now": Template("{game} has no hand in progress (recorded or cancelled already?)"),
    "sheet.incomplete": Template("the hand is not complete: still missing {names}"),
    "sheet.incomplete_closer": Template("the hand is not complete: still missing the closer"),
    "sheet.incomplete_closer_and": Template("the hand is not complete: still missing the closer, {names}"),
}
