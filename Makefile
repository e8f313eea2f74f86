# make lab   set up .venv if needed, then open the course in JupyterLab
# make test  set up .venv if needed, then run every test (unit, doctests, notebooks, browser)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test unit notebooks browser chromium bench figures clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00-Start-Here.ipynb

test: $(STAMP) chromium
	$(BIN)/python -m pytest -p xdist -n 2 --dist loadfile

# Only the package's own tests and doctests (fast).
unit: $(STAMP)
	$(BIN)/python -m pytest minimax_viz tests --ignore=tests/browser

# Re-run every notebook top to bottom and store its outputs (after a change they show).
notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.timeout=600 --ExecutePreprocessor.record_timing=False notebooks/*.ipynb
	$(BIN)/python scripts/tidy_notebooks.py notebooks/*.ipynb

# Only the browser tests (JupyterLab driven by headless Chromium).
browser: $(STAMP) chromium
	$(BIN)/python -m pytest tests/browser

# The browser tests need Debian's chromium; install it when it is missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium; \
	  else echo "The browser tests need chromium: sudo apt-get install chromium" >&2; exit 1; fi; }

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_search.py
	$(BIN)/python benchmarks/bench_draw.py
	$(BIN)/python benchmarks/bench_widgets.py
	$(BIN)/python benchmarks/bench_beyond.py

# Write the reference figures to test-artifacts/figures, to look at after a drawing change.
figures: $(STAMP)
	$(BIN)/python scripts/figures.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
