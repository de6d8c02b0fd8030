"""Inflate zlib data with the browser's own DecompressionStream (Compression Streams API).

Pyodide's zlib runs on the page's only thread: the spread table's 21 MB take ~0.1 s on a
desktop and ~0.4 s under a phone's CPU (bench/bench_coach_browser.py), the page frozen
meanwhile. The browser inflates natively, a chunk at a time, and the page goes on between.
Chromium 80, Firefox 113 and Safari 16.4 have it ("deflate" is the zlib format).
"""

from __future__ import annotations

import asyncio
from typing import Any

from game.strategy.tables import TableError

#: Bytes handed to the browser at a time: each is inflated in a task of its own (~300 KB out),
#: so the page answers between them; in one piece, Chromium inflated the spread table's
#: 4.8 MB in a single task of ~0.8 s under a phone's CPU.
CHUNK = 1 << 16


async def inflate(data: bytes | memoryview, size: int, what: str) -> bytearray | None:
    """``data`` (zlib) inflated by the browser into ``size`` bytes, or None where it cannot
    (then the caller inflates in Python). Damaged data, or more or fewer bytes than
    ``size``, raise :class:`TableError`, as Python's zlib would."""
    import js
    from pyodide.ffi import JsException

    if not hasattr(js, "DecompressionStream"):
        return None
    stream = js.DecompressionStream.new("deflate")
    # Written and read at once, both awaited from the start (a failure is always someone's
    # to handle; a failed read errors the stream, which ends the writing too).
    wrote, read = await asyncio.gather(_write_all(stream.writable, memoryview(data)),
                                       _read_into(stream.readable, bytearray(size)), return_exceptions=True)
    if isinstance(read, (JsException, ValueError)):
        raise TableError(f"the {what} is damaged ({read})") from None
    if isinstance(read, BaseException):
        raise read
    if isinstance(wrote, BaseException) and not isinstance(wrote, JsException):
        raise wrote
    out, filled = read
    if filled != size:
        raise TableError(f"the {what} is damaged (wrong length)")
    return out


async def _write_all(writable: Any, view: memoryview) -> None:
    from pyodide.ffi import to_js

    writer = writable.getWriter()
    for at in range(0, len(view), CHUNK):
        await writer.write(to_js(view[at:at + CHUNK]))
    await writer.close()


async def _read_into(readable: Any, out: bytearray) -> tuple[bytearray, int]:
    """Every chunk the stream gives, copied into ``out`` as it comes, and how many bytes.

    ``out`` is made whole at the start: the page's memory then grows once (growing it by
    megabytes takes ~0.2 s under a phone's CPU, in one task), and each chunk is copied in a
    task of its own.
    """
    reader, filled = readable.getReader(), 0
    while not (chunk := await reader.read()).done:
        part = chunk.value.to_bytes()
        if filled + len(part) > len(out):
            await reader.cancel()
            raise ValueError("longer than its header says")
        out[filled:filled + len(part)] = part
        filled += len(part)
    return out, filled
