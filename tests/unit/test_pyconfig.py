"""The PyScript configs at the repository's root are committed: each is what
scripts/pyconfig.py writes (docs/architecture.md, "PyScript configs")."""

from __future__ import annotations

import json
import tomllib

from support import ROOT, load_file

pyconfig = load_file(ROOT / "scripts" / "pyconfig.py")


def test_each_committed_config_is_what_pyconfig_writes() -> None:
    """A config out of date with its script's imports fails here, not in a browser."""
    for name, text in pyconfig.texts().items():
        assert (ROOT / name).read_text(encoding="utf-8") == text, f"run scripts/pyconfig.py: {name}"


def test_each_page_names_its_config_and_the_app_has_pyscript_toml() -> None:
    """The app's config is pyscript.toml; each other config is named for its page or
    worker, and each page's <script> tags name the ones it runs."""
    assert pyconfig.CONFIGS["pyscript.toml"].script.name == "main_script.py"
    pages = {
        "index.html": ["pyscript.toml", "pyscript-app-worker.toml"],
        "embed.html": ["pyscript-widget.toml"],
        "lab.html": ["pyscript-lab.toml", "pyscript-app-worker.toml"],
    }
    for page, names in pages.items():
        html = (ROOT / page).read_text(encoding="utf-8")
        for name in names:
            assert f'config="./{name}"' in html or f'src="./{name}"' in html, (page, name)
    widget = (ROOT / "static" / "js" / "widget.js").read_text(encoding="utf-8")
    assert '"../../pyscript-widget-worker.json"' in widget
    lab = (ROOT / "static" / "js" / "lab-python.js").read_text(encoding="utf-8")
    assert '"../../pyscript-lab-runner.json"' in lab


def test_the_configs_read_as_toml_and_json() -> None:
    """Each config parses: TOML for the pages and the app's worker, JSON for what a
    script of ours reads as an object."""
    for name in pyconfig.texts():
        text = (ROOT / name).read_text(encoding="utf-8")
        config = tomllib.loads(text) if name.endswith(".toml") else json.loads(text)
        assert config["files"], name
