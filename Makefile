# make lab      set up .venv if needed, then open the course in JupyterLab (PORT=8888 to pick a port)
# make test     set up .venv if needed, then run every test (unit, doctests, notebooks, browser)
# make check    the quick path while you work: unit tests and doctests, nothing slow (under a minute)
# make app      serve the play page (apps/play.ipynb) with Voila, behind a token (the URL is printed)
# make student  the lessons for students to student/, the graders' versions to teacher/
#               (OUT=... and TEACHER=... to choose, FORCE=1 to write over an earlier hand-out)
# make lite     build the course as a static JupyterLite site in build/lite/ (no install for learners)
# make docs     build the API reference (Sphinx: autodoc and numpydoc) in build/docs/

PYTHON ?= python3
VENV   := .venv
# Python keeps its bytecode caches (and pytest its rewritten test modules) here, as it does by
# default: some images set PYTHONDONTWRITEBYTECODE, which makes every run compile everything again.
unexport PYTHONDONTWRITEBYTECODE
BIN    := $(VENV)/bin
# One stamp per extra: make lab installs only what JupyterLab needs, make test everything.
STAMP  := $(VENV)/.installed-test
LAB    := $(VENV)/.installed-lab
APP    := $(VENV)/.installed-app
# The teaching tools (nbgrader, otter-grader) live in an environment of their own, so the
# learner's JupyterLab in .venv never gains nbgrader's menus and panels.
TEACH_VENV := .venv-teach
TEACH_BIN  := $(TEACH_VENV)/bin
TEACH      := $(TEACH_VENV)/.installed-teach
LITE       := $(VENV)/.installed-lite
# Kaggle's ConnectX environment, for the arena tests, in an environment of its own: only what
# ConnectX needs (kaggle-environments without its dependencies, then jsonschema and requests,
# about 185 MB; its full install pulls JAX and OpenSpiel, about 1.6 GB).
ARENA_VENV := .venv-arena
ARENA_BIN  := $(ARENA_VENV)/bin
ARENA      := $(ARENA_VENV)/.installed-arena
# JupyterLab refuses to run as root unless told it may (Voila has no such check).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
PORT_FLAG := $(if $(PORT),--port=$(PORT) --ServerApp.port_retries=0,)
OUT ?= student
TEACHER ?= teacher
APP_PORT := $(or $(PORT),8866)
# A new token for each `make app`: a page from another site cannot guess it.
APP_TOKEN := $(shell $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(18))")

.PHONY: lab app student test check lint unit notebooks browser chromium bench figures docs clean

$(VENV)/.installed-%: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch $@

$(TEACH): pyproject.toml
	test -x $(TEACH_BIN)/python || $(PYTHON) -m venv $(TEACH_VENV)
	$(TEACH_BIN)/python -m pip install --quiet --upgrade pip
	$(TEACH_BIN)/python -m pip install --quiet -e '.[teach]'
	touch $@

# ConnectX's own import needs jsonschema and requests (and loads its other games only if it can).
$(ARENA):
	test -x $(ARENA_BIN)/python || $(PYTHON) -m venv $(ARENA_VENV)
	$(ARENA_BIN)/python -m pip install --quiet --upgrade pip
	$(ARENA_BIN)/python -m pip install --quiet jsonschema requests
	$(ARENA_BIN)/python -m pip install --quiet --no-deps 'kaggle-environments~=1.33.2'
	touch $@

# The printed URL opens lesson 00 (LabApp.default_url), not the Launcher.
lab: $(LAB)
	$(BIN)/jupyter lab $(ROOT_FLAG) $(PORT_FLAG) --ServerApp.root_dir=notebooks \
	    --LabApp.default_url=/lab/tree/00-Start-Here.ipynb

# Voila on this machine only (127.0.0.1), and only for a browser that brings the token.
app: $(APP)
	@echo "The play page: http://localhost:$(APP_PORT)/?token=$(APP_TOKEN)"
	$(BIN)/voila --Voila.ip=127.0.0.1 --port=$(APP_PORT) --token=$(APP_TOKEN) --no-browser apps/play.ipynb

# The lessons without solutions or outputs for students; an nbgrader source course and otter
# master notebooks (they hold the solutions) in the teacher's folder.
student: $(TEACH)
	$(TEACH_BIN)/python -m minimax_viz student-copy $(OUT) --teacher $(TEACHER) --nbgrader --otter$(if $(FORCE), --force,)

# The whole suite, in three parts. First everything but the browser on two processes (the
# notebooks under nbval, the grading round-trips with nbgrader and otter from .venv-teach, the
# arena's games in Kaggle's ConnectX from .venv-arena, every Hypothesis test at its full
# count); then the browser tests, two at a time, once nbval's kernels are done (Chromium and
# JupyterLab never compete with them for the two cores); last the browser timings alone, so
# the medians they print are a quiet machine's. Every part runs even when one before it fails;
# each is bounded (SUITE_LIMIT seconds, then pytest is interrupted and prints where it stood),
# so a stuck test ends the run with its traceback, not a silence.
SUITE_LIMIT ?= 2400
BOUNDED := MINIMAX_VIZ_TEACH_BIN=$(abspath $(TEACH_BIN)) MINIMAX_VIZ_ARENA_BIN=$(abspath $(ARENA_BIN)) timeout --signal=INT --kill-after=60 $(SUITE_LIMIT)
# The lessons run under nbval with these options (make test); elsewhere the plugin stays
# unloaded (-p no:nbval), since importing it costs about 3 s in every pytest process.
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
TIMINGS := tests/browser/test_timings.py
test: $(STAMP) $(TEACH) $(ARENA) chromium node
	@status=0; \
	echo "== lint: ruff (pyproject.toml says which rules)"; \
	$(BIN)/ruff check . || status=$$?; \
	echo "== 1/3: unit tests, doctests, notebooks, grading round-trips"; \
	HYPOTHESIS_PROFILE=full $(BOUNDED) $(BIN)/python -m pytest -p xdist -n 2 --dist loadfile --no-loadscope-reorder $(NBVAL) -m "not browser" --durations=10 || status=$$?; \
	echo "== docs: the API reference, numpydoc's checks as errors (make docs)"; \
	$(DOCS) || status=$$?; \
	echo "== 2/3: browser tests (JupyterLab and JupyterLite in headless Chromium), two at a time"; \
	$(BOUNDED) $(BIN)/python -m pytest -p xdist -n 2 --dist loadfile --no-loadscope-reorder -p no:nbval -m browser tests/browser --deselect $(TIMINGS) --durations=10 || status=$$?; \
	echo "== 3/3: the browser timings, alone"; \
	$(BOUNDED) $(BIN)/python -m pytest -p no:xdist -p no:nbval -m browser $(TIMINGS) || status=$$?; \
	exit $$status

# The quick path, while you work: the unit tests and doctests without notebooks, browser,
# grading round-trips or anything marked slow, Hypothesis at a tenth of its count (under 60 s).
check: $(STAMP) lint
	$(BIN)/python -m pytest -p xdist -n 2 -p no:nbval minimax_viz tests --ignore=tests/browser -m "not slow" -q

# The API reference in build/docs/index.html: every public name with its numpydoc sections. It
# reads everything afresh (-E) and turns warnings into errors (-W), so a public callable whose
# docstring leaves out a parameter (or names one it does not take) fails the build; docs/conf.py
# says which of numpydoc's checks run. Offline: no intersphinx, no theme from the network.
DOCS := $(BIN)/python -m sphinx -E -W --keep-going -q -b html docs build/docs
docs: $(STAMP)
	$(DOCS)

# The linter alone (ruff: pycodestyle, pyflakes and bugbear's rules; see pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check .

# Only the package's own tests and doctests, slow ones included (no notebooks, no browser).
unit: $(STAMP) $(TEACH) $(ARENA)
	MINIMAX_VIZ_TEACH_BIN=$(abspath $(TEACH_BIN)) MINIMAX_VIZ_ARENA_BIN=$(abspath $(ARENA_BIN)) $(BIN)/python -m pytest -p xdist -n 2 -p no:nbval --dist loadfile minimax_viz tests --ignore=tests/browser

# Re-run every notebook top to bottom and store its outputs (after a change they show).
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 --ExecutePreprocessor.record_timing=False notebooks/*.ipynb
	$(BIN)/python scripts/tidy_notebooks.py notebooks/*.ipynb

# Only the browser tests (JupyterLab driven by headless Chromium).
browser: $(STAMP) chromium
	$(BIN)/python -m pytest -p no:nbval tests/browser

# The browser tests need Debian's chromium; install it when it is missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium; \
	  else echo "The browser tests need chromium: sudo apt-get install chromium" >&2; exit 1; fi; }

# The course in the browser: JupyterLite with the Pyodide kernel, built offline from this
# checkout and the package registries (scripts/build_lite.py says what goes in).
.PHONY: lite node
lite: $(LITE)
	$(BIN)/python scripts/build_lite.py

# The JupyterLite tests and bench_pyodide.py take Pyodide from its npm package: they need npm.
node:
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q nodejs npm; \
	  else echo "The JupyterLite tests need Node.js and npm: sudo apt-get install nodejs npm" >&2; exit 1; fi; }

bench: $(STAMP) node
	$(BIN)/python benchmarks/bench_search.py
	$(BIN)/python benchmarks/bench_draw.py
	$(BIN)/python benchmarks/bench_widgets.py
	$(BIN)/python benchmarks/bench_beyond.py
	$(BIN)/python benchmarks/bench_limits.py
	$(BIN)/python benchmarks/bench_guards.py
	$(BIN)/python benchmarks/bench_checks.py
	$(BIN)/python benchmarks/bench_chess.py
	$(BIN)/python benchmarks/bench_pyodide.py

# Write the reference figures to test-artifacts/figures, to look at after a drawing change.
figures: $(STAMP)
	$(BIN)/python scripts/figures.py

clean:
	rm -rf $(VENV) $(TEACH_VENV) $(ARENA_VENV) build *.egg-info .pytest_cache
