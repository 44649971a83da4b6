"""The photo path's refusals (vision/, and the photo pages' and commands' use of it), by code:
data for ``engine.messages`` (docs/errors.md).

``{given}`` is a fix as the user gave it (``--fix 3=r1``, ``Dan:3=r1`` for the sheet's
``--photo-fix``, or the bare fix at the prompt), made by ``vision.errors`` from the fields
``option`` and ``fix``. A template that names tiles has a ``/simple`` twin naming cards, taken
when the refusal is about cards (its ``noun`` field is ``"card"``).
"""

from __future__ import annotations

from remi.engine.template import Template

_MODELS = "name a models folder with --models DIR or REMI_MODELS=DIR"

#: The photo path's refusals, by code (``/simple``: the same about cards).
VISION: dict[str, Template] = {
    # the fixes (--fix, the prompt, the sheet's --photo-fix)
    "vision.fix_syntax": Template("{given}: write N=TILE (3={example}), N=- (drop tile N) or +=TILE (a missed tile)"),
    "vision.fix_syntax/simple": Template("{given}: write N=CARD (3={example}), N=- (drop card N) or +=CARD "
                                         "(a missed card)"),
    "vision.fix_adds_nothing": Template("{given}: +=TILE adds a tile; N=- drops tile N"),
    "vision.fix_adds_nothing/simple": Template("{given}: +=CARD adds a card; N=- drops card N"),
    "vision.fix_not_a_tile": Template("{given}: {reason}"),
    "vision.fix_box_not_added": Template("{given}: only an added tile (+=TILE@x1,y1,x2,y2) takes a box"),
    "vision.fix_box_not_added/simple": Template("{given}: only an added card (+=CARD@x1,y1,x2,y2) takes a box"),
    "vision.fix_box_syntax": Template("{given}: the box is x1,y1,x2,y2 in pixels of the photo"),
    "vision.fix_box_empty": Template("{given}: the box x1,y1,x2,y2 needs x2 > x1 and y2 > y1"),
    "vision.fix_twice": Template("{given_first} and {given}: two fixes for tile {number}"),
    "vision.fix_twice/simple": Template("{given_first} and {given}: two fixes for card {number}"),
    "vision.fix_out_of_range_empty": Template("{given}: the photo has 0 tiles"),
    "vision.fix_out_of_range_empty/simple": Template("{given}: the photo has 0 cards"),
    "vision.fix_out_of_range": Template("{given}: the photo has {count} tile, number 1",
                                        "{given}: the photo has {count} tiles, numbered 1-{count}"),
    "vision.fix_out_of_range/simple": Template("{given}: the photo has {count} card, number 1",
                                               "{given}: the photo has {count} cards, numbered 1-{count}"),
    "vision.fix_out_of_range_aside": Template(
        "{given}: the photo has {tiles} tiles, numbered 1-{tiles}, and {count} set aside, number {first_aside}",
        "{given}: the photo has {tiles} tiles, numbered 1-{tiles}, and {count} set aside, numbered "
        "{first_aside}-{last_aside}"),
    "vision.fix_out_of_range_aside/simple": Template(
        "{given}: the photo has {tiles} cards, numbered 1-{tiles}, and {count} set aside, number {first_aside}",
        "{given}: the photo has {tiles} cards, numbered 1-{tiles}, and {count} set aside, numbered "
        "{first_aside}-{last_aside}"),
    "vision.fix_out_of_range_one_aside": Template(
        "{given}: the photo has 1 tile, number 1, and {count} set aside, number 2",
        "{given}: the photo has 1 tile, number 1, and {count} set aside, numbered 2-{last_aside}"),
    "vision.fix_out_of_range_one_aside/simple": Template(
        "{given}: the photo has 1 card, number 1, and {count} set aside, number 2",
        "{given}: the photo has 1 card, number 1, and {count} set aside, numbered 2-{last_aside}"),
    "vision.fix_out_of_range_none_aside": Template(
        "{given}: the photo has 0 tiles, and {count} set aside, number 1",
        "{given}: the photo has 0 tiles, and {count} set aside, numbered 1-{last_aside}"),
    "vision.fix_out_of_range_none_aside/simple": Template(
        "{given}: the photo has 0 cards, and {count} set aside, number 1",
        "{given}: the photo has 0 cards, and {count} set aside, numbered 1-{last_aside}"),
    "vision.fix_too_many": Template("{given}: that makes {count} of {tile}; the set has {most}"),
    "vision.fix_too_many/simple": Template("{given}: that makes {count} of {tile}; the packs hold {most}"),
    "vision.photo_fix_unrouted": Template("--photo-fix {fix}: which photo? give --board-photo, or name the rack "
                                          "(Dan:{fix})"),
    "vision.photo_fix_unrouted_named": Template("--photo-fix {fix}: no --rack-photo {name}=PHOTO to fix"),
    # a reading
    "vision.no_tiles_found": Template("{photo}: no tiles found in the photo"),
    "vision.no_tiles_found/simple": Template("{photo}: no cards found in the photo"),
    "vision.no_tiles_left": Template("{photo}: no tiles left after the corrections"),
    "vision.no_tiles_left/simple": Template("{photo}: no cards left after the corrections"),
    "vision.hand_size": Template("{photo}: {count} tiles read; a hand holds {most}: correct them with {option} "
                                 "N=7h, N=- or +=Qs"),
    "vision.hand_size/simple": Template("{photo}: {count} cards read; a hand holds {most}: correct them with "
                                        "{option} N=7h, N=- or +=Qs"),
    "vision.hand_size_range": Template("{photo}: {count} tiles read; a hand holds {most} (or {fewest} before the "
                                       "draw): correct them with {option} N=7h, N=- or +=Qs"),
    "vision.hand_size_range/simple": Template("{photo}: {count} cards read; a hand holds {most} (or {fewest} before "
                                              "the draw): correct them with {option} N=7h, N=- or +=Qs"),
    "vision.no_colour": Template("{photo}: the photo has no colour (it is black and white): tile colours cannot be "
                                 "read; take it again in colour"),
    # the models
    "vision.no_models": Template("the vision models that ship with remi are missing: reinstall remi (pip install "
                                 "remi ships them), or " + _MODELS),
    "vision.no_models_in": Template("{folder}: no vision model there (vision.json missing): " + _MODELS),
    "vision.no_card_models": Template("no card models: remi reads cards from a photo once its card reader passes the "
                                      "rule in {rule}; with a card models folder: {how}"),
    "vision.no_card_models_in": Template("no card models ({folder} has none): remi reads cards from a photo once its "
                                         "card reader passes the rule in {rule}; with a card models folder: {how}"),
    "vision.models_kind": Template("{folder}: a card models folder (vision.json kind {kind!r}); tiles are read "
                                   "with a tile models folder"),
    "vision.models_kind/simple": Template("{folder}: a tile models folder (vision.json kind {kind!r}); Simple "
                                          "rummy reads cards with a card models folder"),
    "vision.no_onnxruntime": Template("onnxruntime is not installed: pip install onnxruntime"),
    "vision.settings_not_object": Template("{where}: not a JSON object"),
    "vision.setting_imgsz": Template("{where}: \"imgsz\" is {value}; the detector's input size in pixels"),
    "vision.setting_conf": Template("{where}: \"conf\" is {value}; a score between 0 and 1"),
    "vision.setting_iou": Template("{where}: \"iou\" is {value}; an overlap between 0 and 1"),
    "vision.setting_kind": Template("{where}: \"kind\" is {value}; it is neither tiles nor cards"),
    "vision.setting_views": Template("{where}: \"views\" is {value}; a crop is read 1, 2 or 4 ways"),
    "vision.setting_sure": Template("{where}: \"sure\" is {value}; a chance (over 1: every crop)"),
    "vision.setting_unsure_below": Template("{where}: \"unsure_below\" is {value}; a chance between 0 and 1"),
    "vision.setting_turned_six_nine": Template("{where}: \"turned_six_nine\" is {value}; true or false"),
    "vision.setting_turned_pass": Template("{where}: \"turned_pass\" is {value}; true or false"),
    "vision.setting_temperature_number": Template("{where}: \"temperature_number\" is {value}; "
        "a temperature between 0.05 and 20"),
    "vision.setting_temperature_colour": Template("{where}: \"temperature_colour\" is {value}; "
        "a temperature between 0.05 and 20"),
    "vision.setting_small_sure": Template("{where}: \"small_sure\" is {value}; a chance between 0 and 1"),
    "vision.setting_marks": Template("{where}: \"marks\" is {value}; an object of \"weights\", \"intercept\" and "
        "\"bar\""),
    "vision.setting_marks_weights": Template("{where}: \"marks.weights\" is {value}; four numbers (the four "
        "signals' weights)"),
    "vision.setting_marks_intercept": Template("{where}: \"marks.intercept\" is {value}; a number"),
    "vision.setting_marks_bar": Template("{where}: \"marks.bar\" is {value}; a chance between 0 and 1"),
    "vision.setting_windows": Template("{where}: \"windows\" is {value}; an object of \"size\", \"overlap\" and "
        "\"most\""),
    "vision.setting_windows_size": Template("{where}: \"windows.size\" is {value}; a window's side in pixels, "
        "32 or more"),
    "vision.setting_windows_overlap": Template("{where}: \"windows.overlap\" is {value}; the share of a side two "
        "windows share, between 0 and 0.5"),
    "vision.setting_windows_most": Template("{where}: \"windows.most\" is {value}; the most windows a photo, "
        "between 1 and 16"),
    "vision.kept_full": Template("the kept photos are full ({photos} photos, {megabytes} MB; at most {most_photos} "
                                 "photos or {most_megabytes} MB): this photo was not kept; run remi vision adapt, or "
                                 "delete old ones in {folder}"),
    # a photo file (vision.images)
    "vision.photo_folder": Template("{photo}: a folder, not a photo"),
    "vision.photo_missing": Template("{photo}: no such file"),
    "vision.photo_empty": Template("{photo}: the file is empty"),
    "vision.photo_file_too_large": Template("{photo}: the file is too large ({mb} MB; at most {most_mb} MB)"),
    "vision.photo_too_large": Template("{photo}: the image is too large ({width}x{height} pixels; at most {most_mp} "
                                       "megapixels)"),
    "vision.photo_too_large_whole": Template("{photo}: the image is too large ({width}x{height} pixels; at most "
                                             "{most_mp} megapixels unless it is a JPEG)"),
    "vision.photo_too_small": Template("{photo}: the image is too small ({width}x{height} pixels) to show tiles"),
    "vision.photo_blank": Template("{photo}: the image is blank (one flat colour)"),
    "vision.photo_heic": Template("{photo}: a HEIC photo (an iPhone's default): install its reader with `pip install "
                                  "pillow-heif`, or convert it to JPEG (iPhone: Settings > Camera > Formats > Most "
                                  "Compatible)"),
    "vision.photo_unknown": Template("{photo}: not an image remi can read (use a JPEG, PNG or HEIC photo)"),
    "vision.photo_truncated": Template("{photo}: the file is cut short (truncated)"),
    "vision.photo_undecodable": Template("{photo}: cannot decode it ({reason})"),
    "vision.photo_unreadable": Template("{photo}: cannot read the image ({reason})"),
    # the phone's upload and corrections (remi/web/photos.py)
    "vision.upload_not_a_photo": Template("this file is not a photo remi can read: take a JPEG, PNG or WebP photo"),
    "vision.upload_not_a_photo_damaged": Template("this file is not a photo remi can read (it is damaged or not an image)"),
    "vision.server_busy": Template("the server is reading other photos: send this one again in a moment"),
    "vision.upload_too_large": Template("the photo is too large ({width}x{height} pixels; at most {most_mp} "
                                        "megapixels)"),
    "vision.upload_too_large_as": Template("the photo is too large to read as {format} ({width}x{height} pixels; at "
                                           "most {most_mp} megapixels): send it as a JPEG"),
    "vision.corrections_count": Template("the corrections name {named} tiles for {boxes} boxes: reload the photo"),
    "vision.corrections_count/simple": Template("the corrections name {named} cards for {boxes} boxes: reload the "
                                                "photo"),
    "vision.correction_not_a_tile": Template("tile {number}: {reason}"),
    "vision.correction_not_a_tile/simple": Template("card {number}: {reason}"),
    "vision.added_not_a_tile": Template("added tile {number}: {reason}"),
    "vision.no_game_chosen": Template("choose a game first: the board and racks go into a game's next hand"),
    "vision.unknown_use": Template("unknown use {action!r} for the tiles"),
    "vision.nothing_used": Template("no tiles left: every box was marked as not a tile"),
    "vision.shown_failed": Template("the photo could not be shown"),
    # pictures written (vision.annotate)
    "vision.picture_folder": Template("{path}: cannot create its folder ({reason})"),
    "vision.picture_unwritable": Template("{path}: cannot write the annotated picture there (use a .png or .jpg "
                                          "name)"),
    "vision.errors_suffix": Template("--errors {path}: name a .png or .html file"),
    "vision.contact_sheet_unwritable": Template("{path}: cannot write the contact sheet ({reason})"),
    # labelled photos (vision.labels, vision.evaluate)
    "vision.truth_box_shape": Template("{where}: a box is [x1, y1, x2, y2] in pixels, not {value!r}"),
    "vision.truth_box_empty": Template("{where}: the box {value!r} is empty or outside the photo"),
    "vision.truth_not_truth": Template('{where}: not a truth file (it needs {{"tiles": [{{"tile": "r7", "box": '
                                       '[x1, y1, x2, y2]}}, ...]}})'),
    "vision.truth_entry": Template('{where}, tile {number}: write {{"tile": "r7", "box": [x1, y1, x2, y2]}}'),
    "vision.truth_tile": Template("{where}, tile {number}: {reason}"),
    "vision.truth_card_entry": Template('{where}, card {number}: write {{"card": "7h", "box": [x1, y1, x2, y2], '
                                        '"indices": [[x1, y1, x2, y2], ...]}}'),
    "vision.truth_card": Template("{where}, card {number}: {reason}"),
    "vision.truth_other_kind": Template("{path}: its truth names cards; these models read tiles (cards learn with "
                                        "card models: remi vision adapt --variant simple)"),
    "vision.truth_other_kind/simple": Template("{path}: its truth names tiles; card models learn from cards (remi "
                                               "scan PHOTO --variant simple --fix ... --json > PHOTO.json)"),
    "vision.truth_missing": Template("{photo}: no {name} beside it with its tiles (make one with: remi scan {photo} "
                                     "--fix ... --json > {path})"),
    "vision.truth_missing/simple": Template("{photo}: no {name} beside it with its cards (make one with: remi scan "
                                            "{photo} --variant simple --fix ... --json > {path})"),
    "vision.truth_not_json": Template("{path}: not JSON ({reason})"),
    "vision.keep_unwritable": Template("{folder}: cannot keep the photo there ({reason})"),
    "vision.set_rows": Template("{photo}: a set photo needs rows of 13 tiles (8 rows, then 2 jokers; or 4 rows and "
                                "1 joker), but remi found {count} tiles in rows of {sizes}"),
    "vision.set_rows_none": Template("{photo}: a set photo needs rows of 13 tiles (8 rows, then 2 jokers; or 4 rows "
                                     "and 1 joker), but remi found {count} tiles in rows of none"),
    "vision.truth_box_outside": Template("{path}, tile {number}: the box {box} lies outside the {width}x{height} "
                                         "photo"),
    "vision.truth_box_outside/simple": Template("{path}, card index {number}: the box {box} lies outside the "
                                                "{width}x{height} photo"),
    "vision.truth_no_box": Template("{path}: no tile with a box to learn from"),
    "vision.truth_no_box/simple": Template("{path}: no card with a box to learn from"),
    "vision.set_order": Template("{path}: the tiles do not lie in the README's order (rows k1-k13 twice, then b, r, "
                                 "y, then the jokers): only {agree} of {count} numbers read agree with it"),
    "vision.no_folder": Template("{folder}: no such folder"),
    "vision.no_labelled": Template("{folder}: no labelled photos found"),
    "vision.no_labelled_where": Template("{folder}: no labelled photos found (photos with PHOTO.json beside them, "
                                         "a dataset of `remi vision generate`, or the real data folder)"),
    # adapting and training (vision.adapt, vision.training)
    "vision.not_adaptable": Template("{folder}: this reader cannot be adapted (its ONNX has no embedding output, or "
                                     "vision.json names no reader_head)"),
    "vision.example_boxes": Template("{name}: {tiles} tiles but {boxes} boxes"),
    "vision.example_not_colour": Template("{name}: not a colour image"),
    "vision.no_detector_weights": Template("{path}: no detector weights to fine-tune (--no-detector adapts the "
                                           "reader alone)"),
    "vision.nothing_to_adapt": Template("no labelled tiles to adapt to"),
    "vision.nothing_to_adapt/simple": Template("no labelled cards to adapt to"),
    "vision.layers_misfit": Template("{path}: layers 0-{last_layer} of yolov5n do not fit ({taken} of {count} "
                                     "tensors)"),
    "vision.fonts_missing": Template("the {split} pool's fonts {fonts} are not on this machine: {install} "
                                     "(or make train-fonts)"),
    "vision.faces_missing": Template("the generator's faces {fonts} are not on this machine: install them (Debian: "
                                     "{packages})"),
    "vision.not_state_dict": Template("{path}: not a plain state dict of tensors ({reason})"),
    "vision.state_dict_misfit": Template("{path}: {taken} of the {count} backbone and neck tensors of {model} fit; "
                                         "is it the COCO YOLOv5n state dict?"),
    "vision.not_a_session": Template("{name}: not a real session ({sessions})"),
    "vision.layout_syntax": Template("{part!r}: write LAYOUT=SHARE with a layout of {layouts}"),
    "vision.share_not_number": Template("{part!r}: the share must be a number"),
    "vision.share_negative": Template("{part!r}: the share must be 0 or more"),
    "vision.no_share": Template("{text!r}: at least one layout needs a share above 0"),
    # what remi vision adapt did (vision.adapt; not refusals, but worded here all the same)
    "adapt.reader_adapted": Template("adapted the reader, fitted on {fitted_on}: {fitted_after} tiles right against "
                                     "{fitted_before} as shipped; held back {held_back}: {held_after} against "
                                     "{held_before}"),
    "adapt.reader_adapted_none_held": Template("adapted the reader, fitted on {fitted_on}: {fitted_after} tiles "
                                               "right against {fitted_before} as shipped; no photo held back to "
                                               "check it (2 photos or more hold one back)"),
    "adapt.reader_kept": Template("kept the shipped reader, fitted on {fitted_on}: {fitted_after} tiles right "
                                  "against {fitted_before} as shipped; held back {held_back}: {held_after} against "
                                  "{held_before}"),
    "adapt.reader_kept_none_held": Template("kept the shipped reader, fitted on {fitted_on}: {fitted_after} tiles "
                                            "right against {fitted_before} as shipped; no photo held back to check "
                                            "it (2 photos or more hold one back)"),
    "adapt.reader_adapted/simple": Template("adapted the reader, fitted on {fitted_on}: {fitted_after} card indices "
                                            "right against {fitted_before} as shipped; held back {held_back}: "
                                            "{held_after} against {held_before}"),
    "adapt.reader_adapted_none_held/simple": Template("adapted the reader, fitted on {fitted_on}: {fitted_after} card "
                                                      "indices right against {fitted_before} as shipped; no photo "
                                                      "held back to check it (2 photos or more hold one back)"),
    "adapt.reader_kept/simple": Template("kept the shipped reader, fitted on {fitted_on}: {fitted_after} card indices "
                                         "right against {fitted_before} as shipped; held back {held_back}: "
                                         "{held_after} against {held_before}"),
    "adapt.reader_kept_none_held/simple": Template("kept the shipped reader, fitted on {fitted_on}: {fitted_after} "
                                                   "card indices right against {fitted_before} as shipped; no photo "
                                                   "held back to check it (2 photos or more hold one back)"),
    "adapt.detector_without_extra/simple": Template("kept as shipped: with the training extra (pip install -e "
                                                    "'.[train]') adapt also fine-tunes the detector on your photos, "
                                                    "for card indices it misses or merges"),
    "adapt.detector_kept/simple": Template("kept as shipped: on the photos held back ({held_back}) the fine-tuned "
                                           "detector let {after} card indices be read right where the shipped one "
                                           "let {before} (each extra box counts one less)"),
    "adapt.detector_tuned/simple": Template("fine-tuned on {count} photo: on the photos held back ({held_back}) "
                                            "{after} card indices are read right, where the shipped detector let "
                                            "{before} be (each extra box counts one less)",
                                            "fine-tuned on {count} photos: on the photos held back ({held_back}) "
                                            "{after} card indices are read right, where the shipped detector let "
                                            "{before} be (each extra box counts one less)"),
    "adapt.detector_without_extra": Template("kept as shipped: with the training extra (pip install -e '.[train]') "
                                             "adapt also fine-tunes the detector on your photos, for tiles it "
                                             "misses or merges"),
    "adapt.detector_no_weights": Template("kept as shipped: {path} is not there, so there is no detector to "
                                          "fine-tune"),
    "adapt.detector_none_held": Template("kept as shipped: the detector is fine-tuned from 2 photos on (one is held "
                                         "back to check it)"),
    "adapt.detector_kept": Template("kept as shipped: on the photos held back ({held_back}) the fine-tuned detector "
                                    "let {after} tiles be read right where the shipped one let {before} (each extra "
                                    "box counts one less), and it read {samples_after} of the sample photos right "
                                    "where the shipped one read {samples_before}"),
    "adapt.detector_tuned": Template("fine-tuned on {count} photo: on the photos held back ({held_back}) {after} "
                                     "tiles are read right, where the shipped detector let {before} be (each extra "
                                     "box counts one less); {samples_after} of the sample photos are read right",
                                     "fine-tuned on {count} photos: on the photos held back ({held_back}) {after} "
                                     "tiles are read right, where the shipped detector let {before} be (each extra "
                                     "box counts one less); {samples_after} of the sample photos are read right"),
    "adapt.network_without_extra": Template("the reader's network kept as it was: with the training extra (pip install "
                                            "-e '.[train]') adapt also fine-tunes it on your photos, for inks and "
                                            "faces the heads alone cannot tell apart"),
    "adapt.network_skipped": Template("the reader's network kept as it was: its fine-tuning was left out "
                                      "(--no-network)"),
    "adapt.detector_skipped": Template("the detector kept as shipped: its fine-tuning was left out (--no-detector)"),
    "adapt.network_tiles_only": Template("the card reader's network kept as it was: fine-tuning it draws tiles beside "
                                         "your photos, so it is done for tile readers only"),
    "adapt.network_no_weights": Template("the reader's network kept as it was: {path} is not there, so there is no "
                                         "network to fine-tune"),
    "adapt.network_none_held": Template("the reader's network kept as it was: it is fine-tuned from 2 photos on (one "
                                        "is held back to check it)"),
    "adapt.network_kept": Template("the reader's network kept as it was: on the photos held back ({held_back}) the "
                                   "fine-tuned one let {after} tiles be read right where it let {before} (each extra "
                                   "box counts one less), and {samples_after} of the sample photos where it read "
                                   "{samples_before}"),
    "adapt.network_tuned": Template("the reader's network fine-tuned on {photos} photos: on the photos held back "
                                    "({held_back}) {after} tiles are read right where {before} were (each extra box "
                                    "counts one less); {samples_after} of the sample photos are read right"),
    # remi vision train's reader: its data, and each epoch (vision.training.recipe, classifier);
    # ``{sessions}`` the real sessions trained on, a list
    "train.reader_data": Template("reader: {crops} training crops, {background} of them no tile (real photos: "
                                  "{sessions})"),
    "train.epoch": Template("epoch {epoch}/{epochs}"),
    "train.epoch_done": Template("epoch {epoch}/{epochs}: loss {loss:.3f}, {seconds} s"),
    "train.epoch_checked": Template("epoch {epoch}/{epochs}: loss {loss:.3f}, {seconds} s; on the held-out photos "
                                    "{number:.1%} of numbers, {colour:.1%} of colours, {tile:.1%} of tiles right"),
    # the steps of remi vision adapt's progress bar (vision.adapt, vision.training.detector_adapt)
    "adapt.step_read": Template("read as shipped"),
    "adapt.step_crops": Template("crops of {name}"),
    "adapt.step_heads": Template("heads fitted"),
    "adapt.step_written": Template("written"),
    "adapt.step_augmented": Template("augmented copies of the photos"),
    "adapt.step_fine_tuning": Template("fine-tuning the detector"),
    "adapt.step_exporting": Template("exporting the detector"),
    "adapt.step_checked": Template("checked on the photos held back"),
    "adapt.step_network": Template("fine-tuning the reader's network"),
    # why a read needs a look (vision.doubts' kinds; not refusals, but worded here all the same):
    # ``{pairs}`` the runner-up kinds with their shares ("r4 60%, r1 30%"), ``{first}`` the likeliest;
    # ``{one}`` and ``{other}`` the reads of a card's two corners
    "doubt.unsure": Template("unsure: {pairs}"),
    "doubt.six_or_nine": Template("6 or 9: the tile's up is unclear ({pairs})"),
    "doubt.six_or_nine/simple": Template("6 or 9: the card's up is unclear ({pairs})"),
    "doubt.deck_limit": Template("read as {first}, but the deck holds only {count}"),
    "doubt.deck_limit/simple": Template("read as {first}, but the packs hold only {count}"),
    "doubt.maybe_no_tile": Template("may not be a tile ({share:.0%})"),
    "doubt.maybe_no_tile/simple": Template("may not be a card ({share:.0%})"),
    "doubt.no_tile": Template("probably not a tile ({share:.0%} sure it is not)"),
    "doubt.no_tile/simple": Template("probably not a card ({share:.0%} sure it is not)"),
    "doubt.faint": Template("a faint read, {first} at only {share:.0%} (a print on the table?)"),
    "doubt.counted_to_fill": Template("counted to make {count} tile: {share:.0%} likely no tile",
                                      "counted to make {count} tiles: {share:.0%} likely no tile"),
    "doubt.counted_to_fill/simple": Template("counted to make {count} card: {share:.0%} likely no card",
                                             "counted to make {count} cards: {share:.0%} likely no card"),
    "doubt.one_too_many": Template("more than {count} tile: one of the least sure",
                                   "more than {count} tiles: one of the least sure"),
    "doubt.one_too_many/simple": Template("more than {count} card: one of the least sure",
                                          "more than {count} cards: one of the least sure"),
    "doubt.corners_disagree": Template("its corners read {one} and {other}"),
    "doubt.no_colour": Template("the photo has no colour: the tile's colour is a guess (take it again in colour)"),
    "doubt.no_colour/simple": Template("the photo has no colour: the card's colour is a guess (take it again in "
                                       "colour)"),
}
