# Set-up is part of each target: a fresh clone needs only `make demo` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-slow bench experiments

$(BIN)/simcore: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

demo: $(BIN)/simcore
	$(BIN)/simcore demo --force

test: $(BIN)/simcore
	$(BIN)/python -m pytest -q -n auto

test-slow: $(BIN)/simcore
	$(BIN)/python -m pytest -q -m slow

bench: $(BIN)/simcore
	$(BIN)/python benchmarks/ezr_bench.py

experiments: $(BIN)/simcore
	$(BIN)/python experiments/run_all.py
