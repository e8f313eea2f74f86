"""Sphinx configuration of the API reference (make docs builds it into build/docs)."""

import sys
from pathlib import Path

# The package of this checkout, not an installed copy.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import minimax_viz  # noqa: E402

project = "minimax_viz"
author = "the minimax_viz authors"
copyright = "the minimax_viz authors, MIT licence"
version = release = minimax_viz.__version__

extensions = ["sphinx.ext.autodoc", "numpydoc"]
# Offline: no intersphinx, no remote images; the HTML theme that ships with Sphinx.
html_theme = "alabaster"
exclude_patterns = ["_build"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Signatures read from the code; the types are in the docstrings' Parameters sections too.
autodoc_typehints = "none"

# The class pages list their methods themselves (autodoc's :members:), not numpydoc's tables.
numpydoc_show_class_members = False
numpydoc_xref_param_type = False
# A build with warnings as errors fails when a public callable documents its parameters
# wrongly: one left out (PR01), one that is not there (PR02), in the wrong order (PR03),
# a parameter without a description (PR07); a function that returns something without a
# Returns section (RT01), a generator without Yields (YD01); a section numpydoc does not know,
# such as a misspelt "Raises" (GL06), or out of order (GL07). Style nits are not checked, nor
# GL08 (no docstring): an override without one shows its base class's, checked where it is
# written. tests/test_docs.py runs the same checks (and asks for a docstring, own or inherited).
numpydoc_validation_checks = {"PR01", "PR02", "PR03", "PR07", "RT01", "YD01", "GL06", "GL07"}
