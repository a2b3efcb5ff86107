"""The probe that ``test_recorded.py`` runs in CPython and in MicroPython: what the
widget's worker makes of recordings, one answer a line, to compare line by line.

    python recorded_probe.py CASES.json WIRE_PY RECORDED_PY

``CASES.json`` holds ``{"recordings": [text, ...]}``. For each text: the worker's reading
of it (``recorded.session`` and ``answer``: its fields, or the error's one line), then its
pages of 7 events and their lines, then the player's cursor after each step forward and back
(``wire.forward``, ``wire.backward``). The two ``.py`` files are imported from where they
are (in MicroPython, where ``mpy_probe.mjs`` copied them).
Written for both interpreters: no typing, no dict order, nothing MicroPython lacks.
"""

import json
import sys

for _path in sys.argv[2:]:
    sys.path.insert(0, _path.rsplit("/", 1)[0])

import recorded  # noqa: E402 (found once the path is set)
import wire  # noqa: E402


def say(*parts):
    """One line of the answer, every character outside printable ASCII escaped (the two
    interpreters' ``json.dumps`` differ there)."""
    line = " ".join([str(part) for part in parts])
    print("".join([c if " " <= c < "\x7f" else "\\u" + hex(0x10000 + ord(c))[-4:] for c in line]))


def probe(number, text):
    """Everything the worker makes of one recording."""
    opened = recorded.session(text)
    if isinstance(opened, str):
        say(number, "error", json.dumps(opened))
        return
    fields = recorded.answer(opened[0], 1, 7)
    page = opened[1]
    for key in sorted(fields):
        say(number, key, json.dumps(fields[key]))
    data, lines = "", []
    while True:
        chunk, more = page(7)
        say(number, "page", chunk, json.dumps(more))
        data, lines = data + chunk, lines + more
        if len(more) < 7:
            break
    raw = data.encode()
    cursor = wire.Cursor(fields["grid"])
    for o in range(0, len(raw), wire.WIDTH):
        wire.forward(cursor, raw, o, o + wire.WIDTH)
        say(number, "forward", cursor.board.decode(), cursor.counts, cursor.stack)
    for o in range(len(raw) - wire.WIDTH, -1, -wire.WIDTH):
        wire.backward(cursor, raw, o, o + wire.WIDTH)
        say(number, "backward", cursor.board.decode(), cursor.counts, cursor.stack)
    for o in range(0, len(raw), wire.WIDTH):
        event = wire.fields(raw, o)
        say(number, "fields", event["kind"], event["cell"], event["digit"], event["peer"])


def main():
    """Read the cases, print every answer."""
    with open(sys.argv[1]) as file:  # noqa: PTH123 - no pathlib in MicroPython
        cases = json.load(file)
    for number, text in enumerate(cases["recordings"]):
        probe(number, text)
    say("the end")


main()
