# Set-up is part of each target: a fresh clone needs only `make demo` or `make test`.  Both run `simcore compile`:
# every numba kernel compiled in parallel and cached, so no command waits for one later (a few seconds when they
# are cached already).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-slow bench experiments compile

$(BIN)/simcore: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dask]'
	touch $@

compile: $(BIN)/simcore
	$(BIN)/simcore compile

# the demo's kernels first, so that its report shows within minutes; then every other kernel, so that no later
# command waits for one (Ctrl-C there skips them: a kernel not cached compiles on its first use, with a notice)
demo: $(BIN)/simcore
	$(BIN)/simcore compile ezr
	$(BIN)/simcore demo --force
	@echo "simcore: the demo is done; now compiling the other games' kernels (Ctrl-C skips this)"
	$(BIN)/simcore compile

# the kernels compile first, each game's once and two games at a time: the suite's workers would each compile
# the ones they meet, side by side
test: compile
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

test-slow: compile
	$(BIN)/python -m pytest -q -m slow

bench: $(BIN)/simcore
	$(BIN)/python benchmarks/ezr_bench.py

experiments: $(BIN)/simcore
	$(BIN)/python experiments/run_all.py
