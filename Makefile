# Two commands do all the set-up: `make demo` and `make test`. Each creates .venv when it is
# missing and installs what it needs; nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
CORE   := $(VENV)/.core-installed
FULL   := $(VENV)/.test-installed
# setuptools' editable build warns "be careful with folders ... the same name as your package"
# at every install: remi/ is that folder, on purpose (pyproject's package-dir). Not for users.
QUIET  := PYTHONWARNINGS="ignore:Editable installation"

.PHONY: demo test bench clean train-fonts messages

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# The score-keeping user's install: no torch, no ultralytics. The folders engine/, scoresheet/,
# tutor/ and vision/ install as remi.engine ... (pyproject's package-dir), which an editable
# install maps with setuptools' import finder.
$(CORE): pyproject.toml | $(VENV)/bin/python
	$(QUIET) $(PY) -m pip install -q -e .
	touch $@

# The tests need the dev tools, PostgreSQL's client and the training extra (the smoke run).
$(FULL): pyproject.toml | $(VENV)/bin/python
	$(QUIET) $(PY) -m pip install -q -e '.[dev,train]'
	touch $@ $(CORE)

demo: $(CORE)
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" bash samples/demo.sh
	@echo
	@echo "remi is installed in $(VENV)/bin. To type remi in this shell:  source $(VENV)/bin/activate"

# --durations: the 30 slowest tests close CI's log, which says where its 25 minutes go
test: $(FULL)
	$(PY) -m pytest -q -n 2 --durations=30

bench: $(FULL)
	for b in bench/*_bench.py; do echo "== $$b"; $(PY) $$b || exit 1; done

# The catalogues (remi/i18n.py, docs/glossary.md): every marked word and every refusal's template
# extracted (babel.cfg), merged into each language's .po, compiled to the .mo that ships (the
# .mo are committed, so `make demo` and `pip install .` compile nothing; a test keeps them equal).
BABEL := $(VENV)/bin/pybabel
messages: $(FULL)
	$(BABEL) -q extract -F babel.cfg --no-wrap --no-location \
	  --add-comments=Translators: --project=remi --version=0.1.0 -o remi/locale/remi.pot .
	$(BABEL) -q update -i remi/locale/remi.pot -d remi/locale -D remi --no-wrap --no-fuzzy-matching --ignore-obsolete
	$(BABEL) compile -d remi/locale -D remi --statistics

# The font families the wide training pools draw (vision/training/fontpool.py), from Debian's
# packages: only for `remi vision generate --editions wide-train|wide-test|thin-train`; demo and scan need none.
train-fonts: $(CORE)
	apt-get update -q
	$$($(PY) -c 'from remi.vision.training import fontpool; print(fontpool.install_command())')

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
