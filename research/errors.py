"""The one refusal of research's tools: a sentence for the engineer rerunning an experiment.

research/ is not installed and no player reads it, so its refusals stay English sentences
(remi's own refusals are typed codes, worded per reader in engine.messages). The tools catch
it beside RemiError (an engine refusal of a typed tile, say) and print either in one line.
"""


class LabError(ValueError):
    """A research tool refused its arguments or its files: the sentence says what and where."""


def write_figures(path, figures: dict) -> None:
    """A tool's figures as indented JSON at ``path`` (its folder made), where ``--json`` asked."""
    import json
    from pathlib import Path

    if path is not None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(figures, indent=2) + "\n")


def run(main, name: str) -> None:
    """Run a tool's ``main`` and exit with its code, or with its LabError as one line."""
    import sys

    try:
        sys.exit(main())
    except LabError as e:
        sys.exit(f"{name}: {e}")
