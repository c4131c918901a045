"""build.py: a file whose sha256 is wrong is never accepted; the bundle is reproducible."""

import gzip
import hashlib
import json
import zipfile
import io

import build


def test_offline_file_with_wrong_hash_is_rejected(tmp_path):
    offline = tmp_path / "offline"
    offline.mkdir()
    good, bad = b"real bytes", b"tampered"
    (offline / "good.bin").write_bytes(good)
    (offline / "bad.bin").write_bytes(bad)
    f = build.Fetcher(str(offline), use_cdn=False, cache=tmp_path / "cache")
    digest = hashlib.sha256(good).hexdigest()
    assert f.from_offline("good.bin", digest).read_bytes() == good
    assert f.cached("good.bin", digest) is not None
    assert f.from_offline("bad.bin", digest) is None
    assert f.cached("bad.bin", digest) is None


def test_corrupted_cache_copy_is_dropped(tmp_path):
    f = build.Fetcher(None, use_cdn=False, cache=tmp_path)
    (f.cache / "x.bin").write_bytes(b"corrupt")
    assert f.cached("x.bin", hashlib.sha256(b"original").hexdigest()) is None
    assert not (f.cache / "x.bin").exists()


def test_bundle_is_deterministic_and_holds_the_package():
    a, b = build.bundle_package(), build.bundle_package()
    assert a == b
    names = zipfile.ZipFile(io.BytesIO(a)).namelist()
    assert "sudoku_lab/bridge.py" in names and "sudoku_lab/solvers/hill_climb.py" in names


def test_vendor_files_match_their_pins():
    vendor = build.VENDOR
    for name, digest in build.PYODIDE_CORE.items():
        assert build.sha256(vendor / "pyodide" / name) == digest
    for name, digest in build.UPLOT_FILES.items():
        assert build.sha256(vendor / "uplot" / name) == digest
    lock = json.loads((vendor / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for pkg in ("numpy", "scipy", "openblas"):          # scipy with the shared library it depends on
        assert build.sha256(vendor / "pyodide" / lock[pkg]["file_name"]) == lock[pkg]["sha256"]
        assert set(lock[pkg]["depends"]) <= {"numpy", "scipy", "openblas"}, f"{pkg} needs a package not shipped"


def test_the_solvers_titles_and_citations_for_the_sources_page_are_the_registrys():
    """static/vendor/solvers.json (what sources.html lists) is read from the solver modules
    without importing them: it says exactly what the registry says, in its order."""
    from sudoku_lab import solvers
    got = build.solver_sources()
    assert got == [{k: s[k] for k in ("id", "title", "citation", "reference")} for s in solvers.schemas()]
    assert [s["id"] for s in got if s["reference"]] == ["acs", "alldiff_ls", "exact_search"] and len(got) == 8


def test_the_schemas_before_ready_are_what_the_worker_says_at_ready():
    """static/vendor/schemas.json (buildtool/schemas.py: the Solver form's rows before Ready) is
    the built-in solvers' schemas as bridge.hello gives them natively, and is precached."""
    from buildtool.schemas import SCHEMAS_JSON
    from sudoku_lab import bridge
    said = [s for s in json.loads(bridge.hello())["solvers"] if not s.get("own")]
    assert json.loads(SCHEMAS_JSON.read_text()) == said and len(said) == 8
    manifest = json.loads((build.VENDOR / "manifest.json").read_text())
    assert any(url.split("?")[0] == "static/vendor/schemas.json" for url, _ in manifest["precache"])


def test_the_image_of_a_started_python_is_shipped_as_the_manifest_says():
    """The build's image (buildtool/snapshot.py) is in static/vendor/ with its sha256 and size in the
    manifest, precached under the URL the worker asks for (its sha256 in the query), and it is
    Pyodide's snapshot of the pinned runtime: its header carries the runtime's build id."""
    from buildtool.snapshot import SNAPSHOT
    manifest = json.loads((build.VENDOR / "manifest.json").read_text())
    image = manifest["python_snapshot"]
    assert image["file"] == SNAPSHOT.name
    assert build.sha256(SNAPSHOT) == image["sha256"] and SNAPSHOT.stat().st_size == image["bytes"]
    urls = [url for url, _ in manifest["precache"]]
    assert f"static/vendor/{SNAPSHOT.name}?v={image['sha256']}" in urls
    assert f"static/vendor/{SNAPSHOT.name}" not in urls
    header = gzip.decompress(SNAPSHOT.read_bytes())[:48]
    build_id = (build.VENDOR / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8").split('BUILD_ID:"')[1][:64]
    words = [int.from_bytes(header[i:i + 4], "little") for i in range(16, 48, 4)]   # eight 32-bit words
    assert "".join(f"{w:08x}" for w in words) == build_id


def test_without_node_the_build_says_why_and_ships_no_image_nor_schemas(tmp_path, monkeypatch):
    from buildtool import common, schemas, snapshot
    monkeypatch.setattr(common.shutil, "which", lambda name: None)
    assert snapshot.make(build.VENDOR / "pyodide", tmp_path / "image.gz") == "node is not installed"
    assert schemas.make(build.VENDOR / "sudoku_lab.zip", tmp_path / "schemas.json") == "node is not installed"
    assert not (tmp_path / "image.gz").exists() and not (tmp_path / "schemas.json").exists()
