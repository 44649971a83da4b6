"""Training and data generation for ``remi.vision``: what makes the models ``remi scan`` runs.

- data: ``scenes`` (photos of real-looking tables, racks and lying tiles, oriented labels),
  drawn on ``surfaces`` with faces from ``tilefaces`` (editions) and ``patches`` (the first
  drawing, real tiles cut from photos); ``generate`` writes them as an Ultralytics dataset
  (``remi vision generate``); ``facecrops`` draws the oriented reader's crops without a scene
  and ``cropset`` cuts crops from labelled photos and datasets;
- training: ``train`` (the detector, Ultralytics), ``classifier`` (the reader, torch, and its
  ONNX export), and the two reader recipes: ``recipe`` (reader v6: 40x40 axis-aligned crops,
  ``remi vision train --stage reader``) and ``readerrecipe`` (v7: oriented 36x48 crops,
  ``python -m remi.vision.training.readerrecipe``). Both stay until the next reader choice:
  the shipped reader v6 reads axis-aligned crops.

Imports point from here to ``remi.vision``, never back (tests/test_structure.py): the scan
path imports nothing of this package. torch and Ultralytics (the ``train`` extra) are
imported inside the functions that need them.
"""
