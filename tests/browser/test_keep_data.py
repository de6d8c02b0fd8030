"""Keeping the data: persistent storage asked for at the right moment, Back up / Restore (issue 12)."""

from __future__ import annotations

import json

import pytest

from game.records.backup import FORMAT
from tests.browser import board
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

# Counts the page's calls to navigator.storage.persist() (and still makes them).
COUNT_PERSIST = """
window.__persistCalls = 0;
if (navigator.storage && navigator.storage.persist) {
  const real = navigator.storage.persist.bind(navigator.storage);
  navigator.storage.persist = () => { window.__persistCalls += 1; return real(); };
}
"""


#: Every record kept, sorted (not the early paint's cache, which each drawing of the board rewrites).
RECORDS_JS = "JSON.stringify(Object.entries(localStorage).filter(([key]) => key !== 'yahtzee:paint').sort())"


def test_persistence_is_asked_after_a_finished_game_and_shown_in_statistics(browser, site_url):
    site = open_site(browser, site_url, init_script=COUNT_PERSIST)
    try:
        page = site.page
        assert page.evaluate("window.__persistCalls") == 0  # never at the first visit
        board.play_solo_game(page, "Ann", holds=(0,))
        page.wait_for_function("window.__persistCalls === 1")
        board.close_end_dialogs(page)
        page.click("#show-stats")
        status = page.locator("#persist-status")
        page.wait_for_function("document.getElementById('persist-status').textContent.length > 0")
        persisted = page.evaluate("navigator.storage.persisted()")
        assert ("keeps your data persistently" if persisted else "may clear this data") in status.inner_text()
        check_page(site)
    finally:
        site.page.context.close()


def test_back_up_to_a_file_and_restore_it_on_another_device(browser, site_url, tmp_path):
    first = open_site(browser, site_url)
    try:
        page = first.page
        board.play_solo_game(page, "Ann", holds=(1,))
        board.close_end_dialogs(page)
        board.new_game(page, ["Ann", "Bob"])
        board.play_turn_by_clicks(page)
        in_progress = board.snapshot(page)
        page.click("#show-stats")
        with page.expect_download() as caught:
            page.click("#backup-save")
        path = tmp_path / caught.value.suggested_filename
        caught.value.save_as(path)
        assert path.name.startswith("dice-pad-backup-") and path.suffix == ".json"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["format"] == FORMAT and "yahtzee:scores" in data["records"]
        check_page(first)
    finally:
        first.page.context.close()

    second = open_site(browser, site_url)  # another device: a browser profile of its own
    try:
        page = second.page
        page.click("#show-stats")
        page.set_input_files("#backup-file", str(path))
        page.wait_for_function("document.getElementById('backup-result').textContent.startsWith('Restored')")
        assert board.snapshot(page) == in_progress  # the backup's game is on this empty board
        assert second.run_python("from game.main import records; result = records.stats.read('official').games") == 1
        assert len(page.locator("#stats-body svg").all()) == 1  # the statistics shown again, with the game
        check_page(second)
    finally:
        second.page.context.close()


@pytest.mark.parametrize(("content", "says"), [
    ('{"format": "another-app"}', "not a Dice Pad backup"),
    ('{"format": "dice-pad-backup", "version": 1, "records": {"yahtzee:sc', "damaged"),
    ('{"format": "dice-pad-backup", "version": 7, "records": {}}', "newer version"),
])
def test_a_bad_backup_file_says_so_and_changes_nothing(fresh_site, tmp_path, content, says):
    page = fresh_site.page
    board.play_turn_by_clicks(page)
    before = page.evaluate(RECORDS_JS)
    path = tmp_path / "backup.json"
    path.write_text(content, encoding="utf-8")
    page.click("#show-stats")
    page.set_input_files("#backup-file", str(path))
    page.wait_for_function("document.getElementById('backup-result').textContent.includes('Nothing was changed')")
    assert says in page.locator("#backup-result").inner_text()
    assert page.evaluate(RECORDS_JS) == before
