"""The tutor's research: experiment bots, paired comparisons, the feed model's fitting,
rollouts and the look-ahead (research/NOTES.md has what each measured).

Each bot composes a ranking from :mod:`remi.tutor.policy`'s terms (or its own) and plays in
the simulator through ``run_match(..., bots=BOTS, table=PeekTable)``: nothing here is
registered in the product or patched into it.
"""
