"""The web page's (remi/web/) and the command line's (remi/) own refusals, by code: data for
``engine.messages`` (docs/errors.md). Whole sentences, named placeholders; a flag such as
``--fix`` is written as the user types it and stays untranslated.
"""

from __future__ import annotations

from remi.engine.template import Template

#: The phone pages' refusals (remi/web/), by code.
WEB: dict[str, Template] = {
    # the guard (remi/web/guard.py): refused before any page
    "web.wrong_host": Template("this server answers only as {host}, not as {given}"),
    "web.wrong_host_none": Template("this server answers only as {host}, not as no host"),
    "web.key_needed": Template("this table needs its key: scan the QR code that `remi serve` printed, or open the "
                               "address with ?key=... that it showed"),
    "web.upload_too_large": Template("the upload is too large ({size}; at most {most})"),
    "web.upload_over": Template("the upload is too large (over {most})"),
    "web.other_site": Template("this form was sent from another site: nothing was written"),
    "web.form_expired": Template("this form has expired or was sent from elsewhere: reload the page and try again "
                                 "(nothing was written)"),
    "web.form_unreadable": Template("the form could not be read: {reason}"),
    # the framework's own answers (remi/web/app.py): no page, a request a page does not take
    "web.no_page": Template("no such page"),
    "web.wrong_method": Template("this page does not take that kind of request"),
    "web.unexpected": Template("remi met an error it did not expect; nothing was written. The server's terminal "
                               "has the details."),
    # the pages' forms (remi/web/*.py)
    "web.high_count": Template("{holder}'s high tiles: {text!r} is not a count of tiles (0 to 14)"),
    "web.joker_count": Template("{holder}'s jokers: {text!r} is not a count of tiles (0 to 14)"),
    "web.hand_number": Template("the hand to correct, {text!r}, is not a hand's number: reload the page"),
    "web.game_over": Template("{game} is over: start a new game"),
    "web.seat_unknown": Template("there is no seat {text!r} at this table (0 to {last}): tap your name again; nothing "
                                 "was written"),
    "web.simple_no_racks": Template("{game} is Simple rummy: every loser takes 100 whatever they hold (SR-20), so "
                                    "there is no rack to send from each phone; record the hand at /g/{game_id}/hand"),
    "web.who_are_you": Template("say who you are first: tap your name"),
    "web.rack_empty": Template("{holder}'s rack is empty: give its tiles, its points or its count"),
    "web.photo_gone": Template("this photo is no longer here (the server keeps the newest few): take it again"),
    "web.target_missing": Template("give the new target as a number of points (or tap No target)"),
    "web.no_game_id": Template("no game with id {game_id}"),
    "web.rules_too_large": Template("the house rules file is too large (at most {most} KB of TOML)"),
    "web.rules_not_text": Template("{name} is not a text (TOML) file"),
    "web.target_not_points": Template("the target {text!r} is not a positive number of points"),
    "web.target_choice": Template("unknown target choice {mode!r}: a target in points, or no target"),
    "web.target_in_points": Template("give the target in points, or choose no target (play until you stop)"),
    "web.unknown_variant": Template("unknown variant {name!r}: choose Closed Rummy or Simple rummy"),
    "web.who_plays": Template("who plays? give at least two names, in seat order"),
    "web.tutor_variant": Template("unknown variant {name!r}: choose tiles (Closed Rummy) or cards (Simple rummy)"),
    "web.tutor_rack": Template("give your rack: type it, tap it in, or take a photo"),
    # remi serve (remi/web/server.py)
    "web.port_in_use": Template("port {port} is in use (another server?): choose another with --port"),
    "web.no_address": Template("this computer has no address {host}: use --host 127.0.0.1 or 0.0.0.0"),
    "web.port_rights": Template("port {port} needs special rights: choose one above 1023 with --port"),
    "web.cannot_listen": Template("cannot listen on {host}:{port}: {reason}"),
}

#: The command line's refusals (remi/*.py), by code.
CLI: dict[str, Template] = {
    # every command (remi/errors.py)
    "cli.interrupted": Template("interrupted"),
    "cli.unknown_language": Template("unknown language {lang!r}: use {choices}"),
    # the game a sheet command picked itself (remi/sheet_state.py)
    "cli.picked_game": Template("this was game {name!r}, the latest open one (--game NAME for another)"),
    "cli.picked_game_over": Template("this was game {name!r}, the latest one, every game is over (--game NAME for "
                                     "another)"),
    "cli.in_picked_game": Template("{detail} (in game {name!r}, the latest open one)"),
    "cli.in_picked_game_over": Template("{detail} (in game {name!r}, the latest one, every game is over)"),
    "cli.interrupted_nothing_recorded": Template("interrupted; nothing was recorded"),
    "cli.os_error": Template("{file}: {reason}"),
    "cli.os_error_no_file": Template("{reason}"),
    "cli.internal": Template("internal error: {kind}: {detail} (set REMI_DEBUG=1 for details)"),
    "cli.unknown_variant": Template("unknown variant {name!r}: use closed or simple"),
    # remi check, remi advise
    "cli.rack_or_photo": Template("give the rack as text or with --photo PHOTO (one of them)"),
    "cli.photo_options": Template("--fix, --keep and --models go with a photo: give --photo PHOTO"),
    "cli.simple_draw_first": Template("a hand going out has {size} cards, after the draw (SR-17); this one has "
                                      "{count}: add the card drawn, or ask remi advise --variant simple what to draw"),
    "cli.row_syntax": Template("{option} takes NAME=\"tiles, oldest first\", not {spec!r}"),
    "cli.row_twice": Template("{option} {name} given twice"),
    "cli.from_needs_drawn": Template("--from needs --drawn (the tile you drew)"),
    # the score sheet's commands (remi/sheet_*.py)
    "cli.entered_twice": Template("hand {number} has exactly these entries: entered twice? add --again to record it "
                                  "anyway"),
    "cli.no_game_yet": Template("no game yet: start one with remi new --variant closed --players Ana,Dan"),
    "cli.no_game": Template("no game {selector!r}: see remi games"),
    "cli.finished": Template("{reason}: start the next one with remi new --like {like}"),
    "cli.flagged": Template("{flags}: {detail}"),
    "cli.rack_photo_simple": Template("--rack-photo is for Closed Rummy: in Simple rummy each opponent of the player "
                                      "who went out takes 100 whatever they hold (SR-20); give --closer, and their "
                                      "cards with --board-photo"),
    "cli.photo_fix_needs_photo": Template("--photo-fix and --keep correct a photo's tiles: give --board-photo or "
                                          "--rack-photo"),
    "cli.photo_fix_needs_photo/simple": Template("--photo-fix and --keep correct a photo's cards: give "
                                                 "--board-photo"),
    "cli.board_twice": Template("give the board as tiles or as a photo, not both"),
    "cli.board_twice/simple": Template("give the board as cards or as a photo, not both"),
    "cli.rack_twice": Template("{holder}'s rack is given twice"),
    "cli.rack_refused": Template("{flag} {holder}: {reason}"),
    "cli.twin_twice": Template("given twice ({names}): only one player can hold the twin of an atu"),
    "cli.pair_syntax": Template("{flag} {value!r}: write NAME=VALUE, like Dan=\"r1 k1 ...\" or Dan=95"),
    "cli.no_photo": Template("no photo {path}"),
    "cli.no_vision": Template("reading photos needs remi's vision part, which is not installed"),
    "cli.no_hand": Template("no hand given: see remi hand --help (or run it at a terminal to be asked)"),
    "cli.no_atu_closed": Template("{detail}; {game} is Closed Rummy (tiles, an atu): for Simple rummy's cards start a "
                                  "game with remi new --variant simple"),
    "cli.delete_alone": Template("--delete strikes the whole hand: give no other hand options"),
    "cli.nothing_to_change": Template("nothing to change: name what to correct, like remi fix 3 --points Ana=75"),
    "cli.not_saved": Template("not saved: nothing was recorded"),
    "cli.who_plays": Template("who plays? give the players, like Ana,Dan,Ion"),
    "cli.export_format": Template("unknown format {fmt!r}: use json or csv"),
    "cli.cannot_write": Template("cannot write {path}: {reason}"),
    "cli.not_json": Template("{path} is not JSON: {reason}"),
    "cli.export_too_deep": Template("{path} is not a remi game export: nested too deep"),
    "cli.not_export": Template("{path} is not a remi game export"),
    "cli.sheet_suffix": Template("{path}: the sheet is written as .png (a picture) or .html (a page)"),
    "cli.answer_save": Template("answer y to save, n to drop it, or < to go back"),
    "cli.answer_yes_no": Template("answer y or n"),
    "cli.unknown_player": Template("unknown player {name!r}: the players are {players}"),
    # remi vision (remi/vision_cli.py)
    "cli.retired_option": Template("{option}: an option of the retired first scene generator; use {now}"),
    "cli.option_refused": Template("{option} {reason}"),
    "cli.editions": Template("--editions {name!r}: one of {choices}"),
    "cli.prints_on_test": Template("--prints: the {editions!r} editions are drawn on the test's own tables; leave it out"),
    "cli.device_syntax": Template("--device {device!r}: cpu, or the index of a CUDA GPU (0, 1, ...)"),
    "cli.device_missing": Template("--device {device}: this machine has {count} CUDA GPU(s); train with --device "
                                   "cpu"),
    "cli.holdout_reader": Template("--holdout is the reader's: a detector's data leaves a session out when it is "
                                   "generated (remi vision generate --holdout)"),
    "cli.pretrained_detector": Template("--pretrained starts a new axis-aligned detector: leave out --init and "
                                        "--oriented"),
    "cli.no_dataset": Template("{path}: no such dataset file (make one with `remi vision generate`)"),
    "cli.no_weights": Template("{option} {path}: no such weights file"),
    "cli.no_model_at": Template("{option} {path}: no vision model there (vision.json missing)"),
    "cli.pretrained_or_init": Template("--pretrained starts a new reader and --init fine-tunes one: give one of them"),
    "cli.out_is_file": Template("--out {path}: a file, not a folder"),
    "cli.out_is_models": Template("--out {path}: that is the models folder remi reads by default; adapted models go "
                                  "elsewhere"),
    "cli.nothing_to_learn": Template("nothing to learn from: give corrected photos (PHOTO with PHOTO.json beside it), "
                                     "--set PHOTO, or keep corrections with remi scan PHOTO --fix ... --keep (none "
                                     "kept in {folder})"),
    "cli.nothing_to_learn/simple": Template("nothing to learn from: give corrected photos of cards (PHOTO with "
                                            "PHOTO.json beside it), or keep corrections with remi scan PHOTO "
                                            "--variant simple --fix ... --keep (none kept in {folder})"),
    "cli.set_is_for_tiles": Template("--set is a photo of a whole tile set; card models learn from corrected photos "
                                     "of cards"),
    "cli.detector_extra": Template("--detector: fine-tuning the detector needs the training extra (pip install -e "
                                   "'.[train]')"),
    "cli.network_extra": Template("--network: fine-tuning the reader's network needs the training extra (pip "
                                  "install -e '.[train]')"),
    "cli.tutor_internal": Template("internal error in the tutor: {kind}: {detail}"),
    "cli.target_syntax": Template("{text!r} is not a target: give a number of points, or none"),
    "cli.aborted": Template("aborted"),
    "cli.usage": Template("{detail} (see '{command} --help')"),
}
