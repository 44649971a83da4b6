"""Training and data generation for ``remi.vision``: what makes the models ``remi scan`` runs.

- data: ``scenes`` (photos of real-looking tables, racks and lying tiles, oriented labels),
  drawn on ``surfaces`` with faces from ``tilefaces`` (editions) and ``patches`` (the first
  drawing, real tiles cut from photos); ``generate`` writes them as an Ultralytics dataset
  (``remi vision generate``); ``facecrops`` lays labelled tables without a scene (the
  photos ``vision.adapt``'s tests adapt to) and ``cropset`` cuts crops from labelled photos
  and datasets;
- training: ``train`` (the detector, Ultralytics, axis-aligned or oriented: OBB),
  ``classifier`` (the reader, torch, and its ONNX export) and the reader's recipe, ``recipe``
  (40x40 axis-aligned crops, ``remi vision train --stage reader``). One reader generation: the
  oriented reader v7 (36x48 crops cut along a tile's corners) is retired; the model card
  (research/vision-diary.md) and git history (0c02b80, ``vision/training/readerrecipe.py``) keep its
  recipe.

Imports point from here to ``remi.vision``, never back (tests/test_structure.py): the scan
path imports nothing of this package. torch and Ultralytics (the ``train`` extra) are
imported inside the functions that need them.
"""
