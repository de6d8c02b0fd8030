// Today's ten in Pyodide under Node: the page's Python (3.14, WebAssembly) generating the
// puzzles of the dates given, for tests/test_daily_pyodide.py and bench/bench_daily.py.
//
//     node tests/daily_pyodide.mjs <repository> <rule set>=<date>,<date>,... [<rule set>=...]
//
// Each rule set (official, yatzy) with its dates, in one Pyodide: prints one JSON object,
// Python's version and per rule set the table's load time, each date's digest and generation
// time (seconds; the coach's cache emptied before each date, as on a fresh page).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [repo, ...asked] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.mkdir("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root: repo }, "/repo");
py.globals.set("ASKED", asked.join(" "));
const out = py.runPython(`
import json, sys, time
sys.path.insert(0, "/repo")
from game.daily.puzzle import todays_ten
from game.strategy.game_tables import load_ruleset

runs = {}
for item in ASKED.split():
    ruleset, _, dates = item.partition("=")
    start = time.perf_counter()
    table = load_ruleset(ruleset)
    load = time.perf_counter() - start
    digests, seconds = {}, {}
    for date in dates.split(","):
        table.cache.clear()
        start = time.perf_counter()
        digests[date] = todays_ten(date, table).digest
        seconds[date] = time.perf_counter() - start
    runs[ruleset] = {"load": load, "digests": digests, "seconds": seconds}
json.dumps({"python": sys.version.split()[0], "runs": runs})
`);
console.log(out);
