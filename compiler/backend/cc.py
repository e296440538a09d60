"""The C compiler driver: generated router + runtime sources -> one native program.

clang is the default (gcc when clang is missing, or whatever ``--cc`` names).  Optimization
levels (``-O0`` .. ``-O3``, see :data:`OPT_FLAGS`) choose the C flags; ``-O2`` and ``-O3`` use
link-time optimization so the runtime's small functions inline into the router too.  Runtime
sources compile in parallel (``-j N``); their objects are cached (by a hash of compiler,
flags and source text) under the clickc cache directory, so a second router builds in the time
of its own translation unit.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .resources import elements_dir, runtime_dir, runtime_sources

#: C flags per optimization level (after ``-std=c11``).  -O2 is the release build: clang -O3
#: with LTO; -O3 adds loop unrolling, no frame pointer, no PLT, no semantic interposition.
OPT_FLAGS: dict[int, list[str]] = {
    0: ["-O0", "-g"],
    1: ["-O1"],
    2: ["-O3", "-flto", "-DNDEBUG"],
    3: ["-O3", "-flto", "-DNDEBUG", "-funroll-loops", "-fomit-frame-pointer", "-fno-plt",
        "-fno-semantic-interposition"],
}

#: Always on: the language, warnings, and POSIX/GNU declarations the runtime uses.
BASE_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-D_GNU_SOURCE", "-pipe"]

#: Libraries every router links (libpcap for FromDump/ToDump, libm, threads, libnuma for the
#: packet pools' NUMA-local slabs).
LIBS = ["-lpcap", "-lm", "-pthread", "-lnuma"]


#: The generated file's link-requirements line (rendered from RouterModel.link_directive).
_LINK_RE = re.compile(r"^/\* clickc-link: (.*?) \*/$", re.M)


def link_needs(c_source: str) -> tuple[list[str], list[str]]:
    """``(libs, pkg_config_packages)`` named by the ``/* clickc-link: libs=-la,-lb pkg=p */``
    line of a generated router (elements' ``ElementSpec.libs`` / ``pkg_config``); empty lists
    when the line is absent."""
    m = _LINK_RE.search(c_source)
    libs: list[str] = []
    pkgs: list[str] = []
    if m is None:
        return libs, pkgs
    for part in m.group(1).split():
        key, _, val = part.partition("=")
        items = [v for v in val.split(",") if v]
        if key == "libs":
            libs += items
        elif key == "pkg":
            pkgs += items
    return libs, pkgs


def pkg_config_flags(packages: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(cflags, libs)`` of pkg-config ``packages``.  Raises CompileError naming the package
    (and how to install it) when pkg-config or the package is missing."""
    if not packages:
        return [], []
    if shutil.which("pkg-config") is None:
        raise CompileError(f"this router needs {', '.join(packages)} but pkg-config is not "
                           "installed")
    out: list[list[str]] = []
    for what in ("--cflags", "--libs"):
        try:
            proc = subprocess.run(["pkg-config", what, *packages], capture_output=True,
                                  text=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as e:
            raise CompileError(f"pkg-config: {e}") from e
        if proc.returncode != 0:
            raise CompileError(f"this router needs the {', '.join(packages)} development "
                               f"package(s), which pkg-config cannot find:\n{proc.stderr}")
        out.append(proc.stdout.split())
    return out[0], out[1]


class CompileError(Exception):
    """The C compiler failed (message: the command and its diagnostics) or is missing."""


def find_cc(requested: str | None = None) -> str:
    """The C compiler to use: ``requested`` (a name on PATH or a path), else clang, else gcc,
    else cc.  Raises CompileError when none exists."""
    candidates = [requested] if requested else ["clang", "gcc", "cc"]
    for c in candidates:
        assert c is not None
        found = shutil.which(c)
        if found:
            return c
    raise CompileError(f"no C compiler found (tried {', '.join(str(c) for c in candidates)})")


def is_clang(cc: str) -> bool:
    """Whether ``cc`` is clang (asks ``cc --version``; a compiler named clang* is clang)."""
    if "clang" in Path(cc).name:
        return True
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return "clang" in out.stdout.lower()


@dataclass
class BuildOptions:
    """How to build: compiler, level (0-3), ``-march=native``, extra flags, parallel jobs."""

    cc: str | None = None
    opt: int = 2
    march_native: bool = False
    extra_cflags: list[str] = field(default_factory=list)
    extra_ldflags: list[str] = field(default_factory=list)
    jobs: int = 0
    cache_dir: Path | None = None
    #: ``--profile-generate --pgo``: build with clang's instrumentation; the raw profile's path
    #: (PROFILE.profraw next to the clickc profile; the program may still redirect it with
    #: CLICKC_PROFILE_FILE).  Compiled in, so no stray default.profraw appears in the cwd.
    pgo_generate: str | None = None
    #: ``--profile-use --pgo``: an indexed profile (``.profdata``) for ``-fprofile-instr-use``
    #: (see :func:`merge_pgo_profiles`).
    pgo_use: Path | None = None

    def resolved_cc(self) -> str:
        return find_cc(self.cc)

    def cflags(self, cc: str) -> list[str]:
        """Compile flags for ``cc`` (include paths excluded)."""
        flags = list(BASE_FLAGS) + list(OPT_FLAGS[self.opt])
        if self.march_native:
            flags.append("-march=native")
        flags += self.extra_cflags
        if self.pgo_generate is not None or self.pgo_use is not None:
            if not is_clang(cc):
                raise CompileError("--pgo needs clang (instrumentation PGO: "
                                   "-fprofile-instr-generate / -fprofile-instr-use)")
            if self.pgo_generate:
                flags.append(f"-fprofile-instr-generate={self.pgo_generate}")
            if self.pgo_use is not None:
                flags += [f"-fprofile-instr-use={self.pgo_use}",
                          "-Wno-profile-instr-unprofiled", "-Wno-profile-instr-out-of-date"]
        env = os.environ.get("CLICKC_CFLAGS", "").split()
        return flags + env

    def ldflags(self, cc: str) -> list[str]:
        flags: list[str] = []
        if "-flto" in OPT_FLAGS[self.opt] and is_clang(cc) and shutil.which("ld.lld"):
            flags.append("-fuse-ld=lld")
        return flags + self.extra_ldflags + os.environ.get("CLICKC_LDFLAGS", "").split()


def merge_pgo_profiles(raw_files: Sequence[Path], cache_dir: Path | None) -> Path:
    """Merge clang raw profiles (``.profraw``) into one indexed profile with
    ``llvm-profdata merge``; the result is named by a hash of the inputs (under
    ``cache_dir/pgo``, else a fresh temporary directory) so that identical inputs give the
    same file and cached objects stay valid.  Raises CompileError when a file is missing or
    llvm-profdata fails or is absent."""
    h = hashlib.sha256()
    for f in raw_files:
        try:
            h.update(f.read_bytes())
        except OSError as e:
            raise CompileError(f"{f}: {e.strerror or e} (build with --profile-generate --pgo "
                               "and run the router first)") from None
    tool = shutil.which("llvm-profdata") or next(
        (t for t in (shutil.which(f"llvm-profdata-{v}") for v in range(20, 10, -1)) if t), None)
    if tool is None:
        raise CompileError("--pgo needs llvm-profdata (Debian package llvm)")
    base = (cache_dir / "pgo") if cache_dir is not None else Path(tempfile.mkdtemp(
        prefix="clickc-pgo-"))
    base.mkdir(parents=True, exist_ok=True)
    out = base / f"{h.hexdigest()[:24]}.profdata"
    if not out.is_file():
        tmp = base / f".{out.name}.{os.getpid()}.tmp"
        _run([tool, "merge", "-o", str(tmp), *map(str, raw_files)])
        os.replace(tmp, out)
    return out


def include_flags() -> list[str]:
    """``-I`` for the runtime (``clickc.h``) and the element templates' root."""
    return [f"-I{runtime_dir()}", f"-I{elements_dir()}"]


def _run(cmd: Sequence[str]) -> None:
    try:
        proc = subprocess.run(list(cmd), capture_output=True, text=True)
    except OSError as e:
        raise CompileError(f"{cmd[0]}: {e}") from e
    if proc.returncode != 0:
        raise CompileError(" ".join(cmd) + "\n" + proc.stderr + proc.stdout)


def _object_cache_dir(opts: BuildOptions) -> Path | None:
    if opts.cache_dir is None:
        return None
    d = opts.cache_dir / "objects"
    d.mkdir(parents=True, exist_ok=True)
    return d


def _compile_runtime_object(cc: str, src: Path, cflags: list[str], incs: list[str],
                            workdir: Path, cache: Path | None) -> Path:
    """Compile one runtime source to an object, reusing a cached object with the same key
    (compiler, flags, the source and every runtime header)."""
    cmd = [cc, *cflags, *incs, "-c", str(src)]
    if cache is not None:
        h = hashlib.sha256()
        h.update("\0".join([cc, *cflags]).encode())
        h.update(src.read_bytes())
        for hdr in sorted(runtime_dir().glob("*.h")):
            h.update(hdr.name.encode() + b"\0" + hdr.read_bytes())
        obj = cache / f"{src.stem}-{h.hexdigest()[:24]}.o"
        if obj.is_file():
            return obj
        tmp = cache / f".{obj.name}.{os.getpid()}.tmp"
        _run([*cmd, "-o", str(tmp)])
        os.replace(tmp, obj)
        return obj
    obj = workdir / f"rt_{src.stem}.o"
    _run([*cmd, "-o", str(obj)])
    return obj


def build_program(c_source: str, output: Path, opts: BuildOptions,
                  keep_c: Path | None = None) -> list[str]:
    """Compile ``c_source`` (the generated router) with the runtime into ``output``.

    Returns the final link command (for messages and tests).  ``keep_c`` also saves the
    generated C there.  Raises CompileError with the compiler's diagnostics on failure.
    """
    cc = opts.resolved_cc()
    cflags = opts.cflags(cc)
    extra_libs, pkgs = link_needs(c_source)
    pkg_cflags, pkg_libs = pkg_config_flags(pkgs)
    incs = include_flags()
    with tempfile.TemporaryDirectory(prefix="clickc-") as tmp:
        work = Path(tmp)
        router_c = work / "router.c"
        router_c.write_text(c_source, encoding="utf-8")
        if keep_c is not None:
            keep_c.write_text(c_source, encoding="utf-8")
        cache = _object_cache_dir(opts)
        jobs = opts.jobs if opts.jobs > 0 else (os.cpu_count() or 1)
        router_o = work / "router.o"
        srcs = runtime_sources()
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            fut_router = pool.submit(_run, [cc, *cflags, *pkg_cflags, *incs, "-c", str(router_c),
                                            "-o", str(router_o)])
            futs = [pool.submit(_compile_runtime_object, cc, s, cflags, incs, work, cache)
                    for s in srcs]
            objs = [f.result() for f in futs]
            fut_router.result()
        output.parent.mkdir(parents=True, exist_ok=True)
        tmp_out = work / "a.out"
        link = [cc, *cflags, *opts.ldflags(cc), str(router_o), *map(str, objs),
                "-o", str(tmp_out), *extra_libs, *pkg_libs, *LIBS]
        _run(link)
        staged = output.with_name(f".{output.name}.{os.getpid()}.tmp")
        shutil.copyfile(tmp_out, staged)
        os.chmod(staged, 0o755)
        os.replace(staged, output)  # atomic: a running copy of the old program is unharmed
        return link


#: The resident host's ``main`` (runtime/hotswap.c loads the router object beside it).
_HOST_MAIN = ("int ck_hot_main(int argc, char **argv);\n"
              "int main(int argc, char **argv) { return ck_hot_main(argc, argv); }\n")


def build_hot(c_source: str, output: Path, opts: BuildOptions) -> list[str]:
    """``clickc run -R``: build ``c_source`` (rendered with ``hot=True``) as the shared object
    ``OUTPUT.so`` (``-fPIC -shared``) and the runtime as the resident host program ``output``
    (``-rdynamic``: the object's element code calls the host's runtime), for
    docs/reconfiguration.md.  Both without link-time optimization (the host must keep every
    runtime function the object may call).  Returns the host's link command.  Raises
    CompileError with the compiler's diagnostics."""
    cc = opts.resolved_cc()
    cflags = [f for f in opts.cflags(cc) if f != "-flto"]
    extra_libs, pkgs = link_needs(c_source)
    pkg_cflags, pkg_libs = pkg_config_flags(pkgs)
    incs = include_flags()
    ldflags = [f for f in opts.ldflags(cc) if f != "-fuse-ld=lld"]
    with tempfile.TemporaryDirectory(prefix="clickc-") as tmp:
        work = Path(tmp)
        router_c = work / "router.c"
        router_c.write_text(c_source, encoding="utf-8")
        host_c = work / "host.c"
        host_c.write_text(_HOST_MAIN, encoding="utf-8")
        cache = _object_cache_dir(opts)
        jobs = opts.jobs if opts.jobs > 0 else (os.cpu_count() or 1)
        so = work / "router.so"
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            fut_so = pool.submit(_run, [cc, *cflags, *pkg_cflags, *incs, "-fPIC", "-shared",
                                        str(router_c), "-o", str(so), *extra_libs, *pkg_libs])
            futs = [pool.submit(_compile_runtime_object, cc, s, cflags, incs, work, cache)
                    for s in runtime_sources()]
            objs = [f.result() for f in futs]
            fut_so.result()
        exe = work / "host"
        link = [cc, *cflags, *ldflags, "-rdynamic", str(host_c), *map(str, objs),
                "-o", str(exe), *extra_libs, *pkg_libs, *LIBS, "-ldl"]
        _run(link)
        output.parent.mkdir(parents=True, exist_ok=True)
        for src, dst in ((so, output.with_name(output.name + ".so")), (exe, output)):
            staged = dst.with_name(f".{dst.name}.{os.getpid()}.tmp")
            shutil.copyfile(src, staged)
            os.chmod(staged, 0o755)
            os.replace(staged, dst)
        return link


def syntax_check(c_source: str, opts: BuildOptions) -> None:
    """Compile ``c_source`` to nothing (``-fsyntax-only``) with the build's flags; raises
    CompileError on any diagnostic that is an error (use ``-Werror`` in ``extra_cflags``)."""
    cc = opts.resolved_cc()
    with tempfile.TemporaryDirectory(prefix="clickc-") as tmp:
        src = Path(tmp) / "router.c"
        src.write_text(c_source, encoding="utf-8")
        pkg_cflags, _ = pkg_config_flags(link_needs(c_source)[1])
        _run([cc, *opts.cflags(cc), *pkg_cflags, *include_flags(), "-fsyntax-only", str(src)])


def default_cache_dir() -> Path:
    """clickc's cache: ``$XDG_CACHE_HOME/clickc``, else ``~/.cache/clickc`` (created)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    d = Path(base) / "clickc"
    d.mkdir(parents=True, exist_ok=True)
    return d
