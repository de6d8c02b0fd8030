"""Pyodide's Emscripten loader, shipped as a classic script instead of an ES module.

Why: a returning player's page spent ~100 ms of its restore task parsing and compiling
`pyodide.asm.mjs` (1.2 MB of JavaScript) at every visit. Chromium keeps compiled code for
scripts a service worker stores, but a trace showed it did not for this module; as a
classic script, that work fell to ~35 ms (docs/performance.md, "The loader as a classic
script, and the restore started early").

The conversion is textual and checked: the module has exactly one export (its default,
the factory) and reads `import.meta` only for its own URL. The script hands the factory
to `assets/boot.mjs` as `globalThis.diceCreatePyodideModule`, which passes it to
`loadPyodide()` as its `createPyodideModule` option (typed in pyodide.d.ts); Pyodide then
never imports the module. A Pyodide whose loader has another shape fails the build: here
for its export and `import.meta`, and by Node, which must parse the result as a
classic script (another static import or export would not parse).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

#: The module's one export: its factory.
EXPORT = "export default _createPyodideModule;"
#: Where the classic script leaves the factory for assets/boot.mjs.
GLOBAL = "diceCreatePyodideModule"


class ClassicLoaderError(ValueError):
    """The classic script cannot be made: pyodide.asm.mjs is not the module this conversion
    was written for, or Node is missing to check the result."""


def classic_script(module: str) -> str:
    """The loader module's text as a classic script that sets ``globalThis.<GLOBAL>``.

    >>> print(classic_script("async function _createPyodideModule(){return import.meta.url}" + EXPORT))
    (() => {
    // Pyodide's pyodide.asm.mjs as a classic script (tools/classic_loader.py).
    const importMetaURL = document.currentScript.src;
    async function _createPyodideModule(){return importMetaURL}
    globalThis.diceCreatePyodideModule = _createPyodideModule;
    })();
    <BLANKLINE>
    >>> try:
    ...     classic_script("export const x = import.meta.resolve('y');" + EXPORT)
    ... except ClassicLoaderError as err:
    ...     print(err)
    pyodide.asm.mjs: import.meta other than import.meta.url
    >>> try:
    ...     classic_script("async function createModule(){}export default createModule;")
    ... except ClassicLoaderError as err:
    ...     print(err)
    pyodide.asm.mjs: expected 'export default _createPyodideModule;' exactly once
    """
    if module.count(EXPORT) != 1:
        raise ClassicLoaderError(f"pyodide.asm.mjs: expected {EXPORT!r} exactly once")
    body = module.replace(EXPORT, f"\nglobalThis.{GLOBAL} = _createPyodideModule;")
    body = body.replace("import.meta.url", "importMetaURL")
    if "import.meta" in body:
        raise ClassicLoaderError("pyodide.asm.mjs: import.meta other than import.meta.url")
    # The script's own URL, as import.meta.url was: Emscripten finds the wasm next to it.
    return ("(() => {\n// Pyodide's pyodide.asm.mjs as a classic script (tools/classic_loader.py).\n"
            f"const importMetaURL = document.currentScript.src;\n{body}\n}})();\n")


def write_script(module: Path, script: Path) -> None:
    """Write ``module`` (pyodide.asm.mjs) as the classic ``script``, and have Node check that
    it parses as one. Raises ClassicLoaderError when it cannot be done."""
    if not module.is_file():
        raise ClassicLoaderError(f"{module} is missing from the installed package")
    script.write_text(classic_script(module.read_text(encoding="utf-8")), encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        raise ClassicLoaderError("node is needed to check the classic loader (Node 20 or later)")
    checked = subprocess.run([node, "--check", str(script)], capture_output=True, text=True, check=False)
    if checked.returncode:
        raise ClassicLoaderError(f"{script.name} does not parse as a classic script:\n{checked.stderr[-2000:]}")
