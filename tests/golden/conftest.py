"""test_golden.py imports its helper module as ``import golden_runs``: with ``--import-mode=importlib`` pytest puts
no test folder on sys.path, so this folder is put there (once) before the tests in it are imported."""
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
