"""Where the interpreters differ: every shim the core needs to run unchanged in all three.

The core runs in CPython 3.11+ (command line, tests, benchmarks), in MicroPython
(PyScript's: every page and the app's and the widget's workers) and in Pyodide (CPython
3.14: the code lab's runner and the app's deep worker).
MicroPython leaves out parts of Python; each name below gives CPython's answer under
both, and ``tests/unit/test_compat.py`` checks each table and fallback against CPython
itself. The rest of the core avoids what MicroPython lacks without a shim: no
``typing`` at run time (type-only imports sit under ``if TYPE_CHECKING:``), no reliance
on dict order (MicroPython's dicts iterate in hash order), no slice steps, no
star-unpacking in displays, no ``zip(strict=...)``, no ``isinstance(x, A | B)`` and
``True`` is not an ``int`` there.

- ``from __future__ import annotations``: MicroPython has no ``__future__`` module (it
  never evaluates annotations anyway); importing this module registers a stand-in, so
  ``sudoku/__init__.py`` imports it first.
- ``bit_length``, ``bit_count``: ``int`` has neither method in MicroPython. In CPython
  they are ``int``'s own methods, so the solver's hot loop keeps its speed.
- ``digit_value``: the value of a decimal digit of any script. MicroPython has no
  ``str.isdecimal`` and its ``isdigit`` is ASCII-only; the table holds the zero of each
  run of ten Unicode "Nd" digits.
- ``WHITESPACE``, ``strip``: what CPython's ``str.isspace`` and ``str.strip()`` mean
  (MicroPython's are ASCII-only, and its ``strip(chars)`` works on UTF-8 bytes, so it can
  cut a character in two: ``"\u0660".strip("\xa0")`` raises UnicodeError).
- ``splitlines``: CPython's line breaks (MicroPython splits at ``\\n`` and ``\\r`` only).
- ``quoted``: CPython's ``repr`` of a string, for messages (MicroPython escapes every
  non-ASCII character).
- ``ticks``, ``ms_since``: a clock for timing (no ``time.perf_counter`` in MicroPython).
- ``MICROPYTHON``: which interpreter this is. One choice rests on speed, not on a gap:
  ``solver.SMALL_INTS`` (set from it, in ``solver.py``) runs the search on 9-bit masks
  (``sudoku.masks``) in MicroPython, whose big ints are slow, and on one 810-bit int
  elsewhere; both engines give the same answers.
"""

import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# No `from __future__ import annotations` here (this module provides it to MicroPython):
# CPython evaluates this module's annotations, so those naming type-only imports are quoted.

MICROPYTHON = sys.implementation.name == "micropython"

try:
    import __future__  # noqa: F401  (CPython's own)
except ImportError:  # MicroPython: a stand-in for `from __future__ import annotations`

    class _Future:
        annotations = True

    sys.modules["__future__"] = _Future  # type: ignore[assignment]  # a class as the module


UNICODE_VERSION = "14.0.0"
"""The Unicode data the tables below come from: CPython 3.11's ``unicodedata``."""

DIGIT_ZEROS = (
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6,
    0xD66, 0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0,
    0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0,
    0xA9F0, 0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0,
    0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50,
    0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC,
    0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
)  # fmt: skip
"""The code point of each decimal zero, ascending: Unicode's decimal digits ("Nd") come in
runs of ten, zero to nine, and these start them (ASCII, Arabic-Indic, ..., full-width)."""

WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
"""Every character CPython's ``str.isspace`` accepts (and ``str.strip()`` removes)."""

LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Where CPython's ``str.splitlines`` ends a line (``\\r\\n`` counts as one break)."""

UNPRINTABLE = (
    (0x0, 0x1F), (0x7F, 0xA0), (0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C),
    (0x6DD, 0x6DD), (0x70F, 0x70F), (0x890, 0x891), (0x8E2, 0x8E2), (0x1680, 0x1680),
    (0x180E, 0x180E), (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x2064),
    (0x2066, 0x206F), (0x3000, 0x3000), (0xD800, 0xF8FF), (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
    (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD),
)  # fmt: skip
"""The assigned characters CPython's ``repr`` escapes (first, last code point): controls,
format characters (bidi marks included), separators but the space, surrogates and
private use. CPython also escapes unassigned code points; ``quoted`` shows them as is."""


def byte_tables() -> tuple[bytes, bytes]:
    """The bit length and the number of 1 bits of each byte value, each from its value
    halved's (no ``bin`` strings: MicroPython builds these on every page and worker start)."""
    lengths, ones = bytearray(256), bytearray(256)
    for byte in range(1, 256):
        lengths[byte] = lengths[byte >> 1] + 1
        ones[byte] = ones[byte >> 1] + (byte & 1)
    return bytes(lengths), bytes(ones)


BYTE_BITS, BYTE_ONES = byte_tables()
"""The bit length of each byte value, and how many 1 bits it holds."""


def magnitude_bytes(number: int) -> bytes:
    """The big-endian bytes of ``abs(number)``, leading zero bytes dropped.

    ``to_bytes`` is MicroPython's fast way into a big int's bits (``bin`` of an 810-bit
    int takes it 170 microseconds, this 2 to 9).
    """
    number = abs(number)
    size = 16
    while number >> (8 * size):
        size *= 2
    return number.to_bytes(size, "big").lstrip(b"\0")


def portable_bit_length(number: int) -> int:
    """``int.bit_length`` for MicroPython: the number of binary digits, sign aside."""
    data = magnitude_bytes(number)
    return 8 * (len(data) - 1) + BYTE_BITS[data[0]] if data else 0


def portable_bit_count(number: int) -> int:
    """``int.bit_count`` for MicroPython: how many 1 bits, sign aside."""
    return sum(BYTE_ONES[byte] for byte in magnitude_bytes(number))


bit_length: "Callable[[int], int]" = getattr(int, "bit_length", portable_bit_length)
"""``bit_length(n)`` is ``n.bit_length()``; in CPython it is that very method."""
bit_count: "Callable[[int], int]" = getattr(int, "bit_count", portable_bit_count)
"""``bit_count(n)`` is ``n.bit_count()``; in CPython it is that very method."""


def digit_value(char: str) -> int | None:
    """The value 0-9 of a one-character decimal digit of any script, else None."""
    code = ord(char)
    for zero in DIGIT_ZEROS:
        if code < zero:
            return None
        if code <= zero + 9:
            return code - zero
    return None


def portable_splitlines(text: str) -> list[str]:
    """``str.splitlines`` as CPython does it, for MicroPython."""
    lines: list[str] = []
    line: list[str] = []
    after_cr = False
    for char in text:
        if after_cr and char == "\n":  # the second half of a \r\n
            after_cr = False
            continue
        after_cr = char == "\r"
        if char in LINE_BREAKS:
            lines.append("".join(line))
            line = []
        else:
            line.append(char)
    if line:
        lines.append("".join(line))
    return lines


splitlines = portable_splitlines if MICROPYTHON else str.splitlines
"""``splitlines(text)``: the lines of ``text`` split at CPython's line breaks."""


def portable_strip(text: str) -> str:
    """``str.strip()`` as CPython does it, for MicroPython: ``WHITESPACE`` off both ends."""
    chars = list(text)
    start, end = 0, len(chars)
    while start < end and chars[start] in WHITESPACE:
        start += 1
    while end > start and chars[end - 1] in WHITESPACE:
        end -= 1
    return "".join(chars[start:end])


strip = portable_strip if MICROPYTHON else str.strip
"""``strip(text)``: ``text`` without the whitespace at either end, as CPython sees it."""


def printable(char: str) -> bool:
    """Whether CPython's ``repr`` shows ``char`` as is (unassigned code points aside)."""
    code = ord(char)
    for first, last in UNPRINTABLE:
        if code < first:
            return True
        if code <= last:
            return False
    return True


ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}


def quoted(text: str) -> str:
    """CPython's ``repr`` of a string: quotes, escapes and all; the same in MicroPython."""
    quote = '"' if "'" in text and '"' not in text else "'"
    out = [quote]
    for char in text:
        code = ord(char)
        if char == quote:
            out.append("\\" + char)
        elif char in ESCAPES:
            out.append(ESCAPES[char])
        elif 0x20 <= code < 0x7F or (code > 0x7F and printable(char)):
            out.append(char)
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    out.append(quote)
    return "".join(out)


if MICROPYTHON:
    # time.ticks_us and time.ticks_diff are MicroPython's own: typeshed has CPython's time.

    def ticks() -> float:
        """Now, for ``ms_since``: MicroPython's microsecond ticks (an int; they wrap around)."""
        return time.ticks_us()  # type: ignore[attr-defined, no-any-return]

    def ms_since(start: float) -> float:
        """Milliseconds since ``start`` (a ``ticks()``), wrap-around included."""
        return time.ticks_diff(time.ticks_us(), start) / 1000  # type: ignore[attr-defined, no-any-return]

else:

    def ticks() -> float:
        """Now, for ``ms_since``: CPython's ``time.perf_counter``."""
        return time.perf_counter()

    def ms_since(start: float) -> float:
        """Milliseconds since ``start`` (a ``ticks()``)."""
        return (time.perf_counter() - start) * 1000
