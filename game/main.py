"""Stub entry point run by PyScript in the browser (the real UI replaces it).

It proves that the self-hosted runtime boots, that ``game`` imports from the
virtual file system listed in pyscript.toml, and tells the tests it is done.
"""

from pyscript import document

from game import rules

out = document.getElementById("out")
score = rules.legal_scores("official", {}, (5, 2, 5, 6, 5))["fives"]
out.textContent = f"Rules loaded: fives for 5-2-5-6-5 score {score}."
out.dataset.fives = str(score)

document.getElementById("loading").hidden = True
document.body.dataset.state = "ready"
