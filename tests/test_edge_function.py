"""The edge function that sends the files stored at brotli-11 (netlify/edge-functions/
precompressed/) and tools/serve.py, which the tests and `make play` use, answer alike: the
same requests (tests/edge/requests.json) to both, the function in Node with a fake of
Netlify's origin, the server over HTTP; every file of a built site chosen alike; the
function's table of headers written from netlify.toml as it stands."""

from __future__ import annotations

import gzip
import http.client
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import brotli
import pytest

from tests.support import ROOT, load_tool

precompress = load_tool("precompress")
serve = load_tool("serve")

SPEC = json.loads((ROOT / "tests" / "edge" / "requests.json").read_text(encoding="utf-8"))
FUNCTION = ROOT / "netlify" / "edge-functions" / "precompressed" / "index.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="needs Node.js (make test installs nothing else for it)")
#: Node warns that a .js module sits under a package.json with no "type" (Netlify's edge
#: functions are .js files of their own, run by Deno there).
NODE_FLAGS = ("--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",)


def test_the_function_table_is_written_from_netlify_toml() -> None:
    assert precompress.TABLE.read_text(encoding="utf-8") == precompress.table_source(), (
        "netlify.toml or tools/serve.py's types changed: run `python3 tools/precompress.py --table`")


@needs_node
def test_the_function_answers_a_browser_s_requests_in_node() -> None:
    done = subprocess.run([NODE, *NODE_FLAGS, "--test", "tests/edge/"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    summary = [line for line in done.stdout.splitlines() if line.startswith(("# pass", "# fail"))]
    assert done.returncode == 0, done.stdout + done.stderr
    assert summary == [f"# pass {len(SPEC['cases']) + 5}", "# fail 0"], summary


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    root = tmp_path_factory.mktemp("edge-site")
    for name, file in SPEC["files"].items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        body = (file["text"] * file["repeat"]).encode()
        path.write_bytes(body)
        if file["stored"]:
            path.with_name(path.name + serve.STORED_SUFFIX).write_bytes(brotli.compress(body, quality=11))
    server, url = serve.start_server(root, port=0)
    yield root, url
    server.shutdown()
    server.server_close()


def _send(url: str, method: str, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request(method, path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.mark.parametrize("case", SPEC["cases"], ids=[case["name"] for case in SPEC["cases"]])
def test_serve_answers_as_the_function_does(site: tuple[Path, str], case: dict[str, Any]) -> None:
    root, url = site
    method = case.get("method", "GET")
    status, headers, body = _send(url, method, case["path"], case["headers"])
    if case.get("revalidate"):
        assert status == 200
        status, headers, body = _send(url, method, case["path"],
                                      {**case["headers"], "If-Modified-Since": headers["last-modified"]})
    assert status in ([case["status"]] if isinstance(case["status"], int) else case["status"]), status
    security = serve.headers_for("/any/path", serve.load_header_rules())
    assert security and all(headers.get(name.lower()) == value for name, value in security.items()), headers
    encoding = headers.get("content-encoding")
    assert {"br": encoding == "br", "not br": encoding != "br", "none": encoding is None,
            "any": True}[case.get("encoding", "any")], encoding
    if "type" in case:
        assert headers["content-type"] == case["type"]
    if "cache" in case:
        assert headers["cache-control"] == case["cache"]
    if case.get("vary"):
        assert "accept-encoding" in headers["vary"].lower()
    file = root / serve.file_path(case["path"]).lstrip("/")
    expected = file.read_bytes() if file.is_file() else b""
    if case.get("body") == "stored":
        assert brotli.decompress(body) == expected
    elif case.get("body") == "file":
        decode = {"br": brotli.decompress, "gzip": gzip.decompress}.get(encoding or "", bytes)
        assert decode(body) == expected  # what the host compresses on the fly, decoded
    elif case.get("body") == "part":
        assert body and expected.startswith(body)
    elif case.get("body") == "none":
        assert body == b""


_CHOICES = """
const { contentType, headersFor, sendsStored } = await import(process.argv[1]);
const paths = JSON.parse(require("fs").readFileSync(0, "utf8"));
const request = new Request("https://dice.example/", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
const choice = (path) => [headersFor(path), contentType(path) ?? null, sendsStored(request, path)];
console.log(JSON.stringify(paths.map(choice)));
"""


@needs_node
def test_every_file_of_the_site_is_chosen_alike(site_dir: Path) -> None:
    """For each file of the built site: the same headers and type from the function as from
    tools/serve.py, the same choice, and a .br beside each stored file that decodes to it."""
    rules = serve.load_header_rules()
    files = sorted(p for p in site_dir.rglob("*") if p.is_file() and p.suffix != serve.STORED_SUFFIX)
    paths = ["/"] + ["/" + p.relative_to(site_dir).as_posix() for p in files]
    done = subprocess.run([NODE, *NODE_FLAGS, "--input-type=commonjs", "-e",
                           f"(async () => {{ {_CHOICES} }})()", FUNCTION.as_uri()],
                          input=json.dumps(paths), capture_output=True, text=True, timeout=60, check=True,
                          env={**os.environ, "NODE_NO_WARNINGS": "1"})
    choices = json.loads(done.stdout)
    accept = {"Accept-Encoding": "gzip, deflate, br, zstd"}
    stored = 0
    for path, (headers, type_, sends) in zip(paths, choices, strict=True):
        assert headers == serve.headers_for(path, rules), path
        assert sends == serve.sends_stored("GET", path, accept, rules), path
        if type_ is not None:
            assert type_ == serve.content_type(path, rules), path
        br = site_dir / (serve.file_path(path).lstrip("/") + serve.STORED_SUFFIX)
        assert br.is_file() == serve.stores(path, rules), path
        if sends:
            assert type_ is not None, path  # the function knows the type it sends
            assert brotli.decompress(br.read_bytes()) == (site_dir / serve.file_path(path).lstrip("/")).read_bytes()
            stored += 1
    assert stored > 40, stored  # the runtime, the archives, the page, its scripts, the catalogs
