"""The one refusal of research's tools: a sentence for the engineer rerunning an experiment.

research/ is not installed and no player reads it, so its refusals stay English sentences
(remi's own refusals are typed codes, worded per reader in engine.messages). The tools catch
it beside RemiError (an engine refusal of a typed tile, say) and print either in one line.
"""


class LabError(ValueError):
    """A research tool refused its arguments or its files: the sentence says what and where."""
