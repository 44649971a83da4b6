"""Research kept beside remi but not installed: experiments, measurements and their tools.

Run from the top of the checkout (``python -m research.tutor.experiments ...``); ``make test``
runs the tests under ``research/`` too. The product (``remi``) never imports this package.
"""
