"""What a crashed Chromium process left in its minidump: the signal, where, and its crash keys.

Debian's Chromium writes a minidump through crashpad for every process that crashes (no
upload: nobody consented). Its symbols are not shipped, so a stack is out of reach; what
a dump holds without them is enough to tell the kinds of crash apart:

- the exception: the signal (SIGSEGV, SIGTRAP for a CHECK or V8's fatal errors, SIGABRT...)
  and the module and offset of the faulting address;
- the crash keys Chromium sets (crashpad's annotations): the process type, the page's URL
  and origin, the command line, and, for an out-of-memory death, ``oom_size`` or V8's own
  ``v8-oom-*`` keys.

The format is Microsoft's minidump with crashpad's info stream (``MD_CRASHPAD_INFO_STREAM``);
only those three streams are read, with the standard library.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

_EXCEPTION_STREAM = 6
_MODULE_LIST_STREAM = 4
_CRASHPAD_INFO_STREAM = 0x43500001
#: Linux signals by number, for the exception code of a dump written by crashpad.
SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV",
           0xFFFFFFFF: "dump requested"}


@dataclass(frozen=True)
class Crash:
    """One dump, read."""

    signal: str
    address: int  # the faulting address (a SIGSEGV's): not always where the code was
    code: str  # the module and offset of the instruction that faulted ("no module": JIT code)
    keys: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        """One line: the signal, where, and the keys that tell the kind of crash."""
        wanted = ("ptype", "oom_size", "url-chunk", "top-origin", "has-wasm")
        telling = [f"{k}={v}" for k, v in self.keys.items()
                   if k in wanted or "oom" in k.lower() or k.startswith(("v8", "check", "crash"))]
        return f"{self.signal} at {self.address:#x}, code {self.code}; " + ", ".join(telling)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def u32(self, at: int) -> int:
        return int(struct.unpack_from("<I", self.data, at)[0])

    def utf8(self, rva: int) -> str:
        """A MinidumpUTF8String: a 32-bit length, then the bytes."""
        return self.data[rva + 4:rva + 4 + self.u32(rva)].decode("utf-8", "replace")

    def utf16(self, rva: int) -> str:
        """A MINIDUMP_STRING: a 32-bit length in bytes, then UTF-16."""
        return self.data[rva + 4:rva + 4 + self.u32(rva)].decode("utf-16-le", "replace")


def read(path: Path) -> Crash:
    """Read the dump at ``path``; ``ValueError`` if it is not a minidump."""
    data = path.read_bytes()
    if data[:4] != b"MDMP":
        raise ValueError(f"{path} is not a minidump")
    r = _Reader(data)
    count, directory = r.u32(8), r.u32(12)
    streams = {r.u32(directory + 12 * i): r.u32(directory + 12 * i + 8) for i in range(count)}
    signal, address, instruction = "no exception stream", 0, 0
    if (at := streams.get(_EXCEPTION_STREAM)) is not None:
        number = r.u32(at + 8)
        signal = SIGNALS.get(number, f"signal {number}")
        address = int(struct.unpack_from("<Q", data, at + 8 + 16)[0])
        # The crashed thread's registers follow the 152-byte MINIDUMP_EXCEPTION; an x86-64
        # CONTEXT holds the instruction pointer at 0xF8.
        size, context = struct.unpack_from("<2I", data, at + 8 + 152)
        if size > 0x100:
            instruction = int(struct.unpack_from("<Q", data, context + 0xF8)[0])
    return Crash(signal, address, _module_of(r, streams, instruction), _annotations(r, streams))


def _module_of(r: _Reader, streams: dict[int, int], address: int) -> str:
    at = streams.get(_MODULE_LIST_STREAM)
    if at is None or not address:
        return "?"
    for i in range(r.u32(at)):
        module = at + 4 + 108 * i  # MINIDUMP_MODULE is 108 bytes
        base, size = struct.unpack_from("<QI", r.data, module)
        if base <= address < base + size:
            return f"{Path(r.utf16(r.u32(module + 20))).name}+{address - base:#x}"
    return f"{address:#x} (no module: JIT code or an anonymous mapping)"


def _annotations(r: _Reader, streams: dict[int, int]) -> dict[str, str]:
    """Every module's simple annotations and annotation objects (Chromium's crash keys)."""
    at = streams.get(_CRASHPAD_INFO_STREAM)
    if at is None:
        return {}
    # After the version and two UUIDs: the simple annotations' and the module list's
    # location descriptors (a size, then an offset in the file).
    simple_size, simple_rva, modules_size, modules_rva = struct.unpack_from("<4I", r.data, at + 36)
    keys = _simple(r, simple_rva) if simple_size else {}
    if not modules_size:
        return keys
    for i in range(r.u32(modules_rva)):
        link = modules_rva + 4 + 12 * i  # module index, then a location descriptor
        info = r.u32(link + 8)
        if r.u32(info + 12):  # simple annotations
            keys.update(_simple(r, r.u32(info + 16)))
        if r.u32(info + 20):  # annotation objects
            objects = r.u32(info + 24)
            for j in range(r.u32(objects)):
                name_rva, _kind, value_rva = struct.unpack_from("<IHxxI", r.data, objects + 4 + 12 * j)
                keys[r.utf8(name_rva)] = r.data[value_rva + 4:value_rva + 4 + r.u32(value_rva)].decode(
                    "utf-8", "replace").rstrip("\0")
    return keys


def _simple(r: _Reader, rva: int) -> dict[str, str]:
    return {r.utf8(r.u32(rva + 4 + 8 * i)): r.utf8(r.u32(rva + 8 + 8 * i)) for i in range(r.u32(rva))}
