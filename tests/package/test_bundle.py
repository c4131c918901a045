"""One zip of the package (sudoku_lab.bundle): the page's (build.py) and the one bench ships
to a Dask cluster are the same bytes."""

import io
import zipfile

import build
from sudoku_lab import bundle
from sudoku_lab.bench import cluster


def test_build_and_the_cluster_ship_the_same_zip(tmp_path):
    page = build.bundle_package()
    shipped = cluster.package_zip(tmp_path)
    assert shipped.read_bytes() == page == bundle.package_bytes()
    assert shipped.name.startswith("sudoku_lab-") and shipped.suffix == ".zip"


def test_the_zip_holds_every_module_and_the_settings_by_package_path_with_one_timestamp():
    z = zipfile.ZipFile(io.BytesIO(bundle.package_bytes()))
    names = z.namelist()
    on_disk = sorted(p.relative_to(bundle.PACKAGE.parent).as_posix() for p in bundle.PACKAGE.rglob("*")
                     if p.suffix in (".py", ".json"))
    assert names == on_disk
    assert {"sudoku_lab/bench/plan.py", "sudoku_lab/bundle.py", "sudoku_lab/bits.py", "sudoku_lab/settings.json"} <= set(names)
    assert {i.date_time for i in z.infolist()} == {bundle.STAMP}
    assert z.read("sudoku_lab/bundle.py") == (bundle.PACKAGE / "bundle.py").read_bytes()


def test_the_zip_changes_when_a_module_changes(tmp_path):
    pkg = tmp_path / "sudoku_lab"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("A = 1\n")
    before = bundle.package_bytes(pkg)
    (pkg / "__init__.py").write_text("A = 2\n")
    assert bundle.package_bytes(pkg) != before
    assert zipfile.ZipFile(io.BytesIO(before)).namelist() == ["sudoku_lab/__init__.py"]


def test_the_package_reads_its_settings_table_from_the_zip(tmp_path):
    """As a Dask worker imports the shipped zip (zipimport): settings.json is read through
    importlib.resources, not from a folder."""
    import subprocess
    import sys
    z = tmp_path / "lab.zip"
    z.write_bytes(bundle.package_bytes())
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from sudoku_lab import settings; "
            "print(settings.__file__.startswith(sys.argv[1]), settings.BY_KEY['t'].label)")
    out = subprocess.run([sys.executable, "-c", code, str(z)], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert out.stdout.split() == ["True", "time", "limit"]
