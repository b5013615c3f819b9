"""`ludex build`: emit engines and the site, or with `--check` say what is stale.

Every output is computed before anything is written. Each output folder holds a
manifest, `.ludex-manifest.json`: every file Ludex wrote there with its sha256, sorted,
no timestamps. A build overwrites only files the manifest lists and removes one only
when it lies inside the folder, is not reached through a symbolic link and still holds
what Ludex wrote; a hand-written file is never touched. It refuses (E502, nothing
written) an output folder that is a symbolic link, lies under one or lies outside the
project (the current folder); and, unless `--force`, a planned file over a file the
manifest does not list, or a folder that holds files but no manifest. `ludex.backends.write`
writes each folder as one transaction: staged, committed, swapped, recovered.

What a build did (files built, notes, what is stale) is its report, on stdout; a refusal
or an output that cannot be read or written (E502) is the tool's trouble, on stderr.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path

from ..backends import write
from ..backends.targets import Target, grammar_target, targets
from ..backends.write import MANIFEST, RESERVED, Change, WriteError, shown
from ..semantics.compilation import Compilation

MAX_MANIFEST = 16 * 1024 * 1024
SHOW = 10  # refused files listed before "... and N more"
GRAMMAR_DIR = Path("grammar")  # in Ludex's own repository: the editor grammar


class UnsafeOutput(WriteError, ValueError):
    """An emitter named a path outside its folder (a bug, or a hostile name let through)."""


@dataclass
class Folder:
    """One output folder: its target, where it is, and what the build puts there."""

    target: Target
    root: Path  # absolute and normalized; `target.root` is how the user named it
    files: dict[str, bytes]
    notes: list[str] = field(default_factory=list)

    def shown(self, rel: str) -> str:
        return shown(self.target.root / rel)


def run(args: argparse.Namespace, comp: Compilation,
        built: Callable[[list[Folder]], None] | None = None) -> int:
    """Build (or check) the configured targets; `built` is told the folders' planned files
    when the outputs hold them (written, or found current)."""
    try:
        config = getattr(args, "config", None)
        chosen = targets(args.engine_dir, args.site_dir, config.site if config else None)
        grammar = grammar_dir(args)
        if grammar is not None:
            chosen.append(grammar_target(grammar))
        return build(chosen, comp, check=args.check, force=args.force, built=built)
    except OSError as err:  # reading an output folder: permissions, a vanished file
        where = "the outputs" if err.filename is None else shown(str(err.filename))
        print(f"ludex build: error[E502]: cannot read {where}: {err.strerror or err}",
              file=sys.stderr)
        return 1
    except WriteError as err:
        print(f"ludex build: error[E502]: {err}", file=sys.stderr)
        if not isinstance(err, write.Unfinished):
            print("ludex build: no output was changed", file=sys.stderr)
        return 1


def build(comp_targets: list[Target], comp: Compilation, *, check: bool = False,
          force: bool = False, project: Path | None = None,
          built: Callable[[list[Folder]], None] | None = None) -> int:
    """Write (or with `check`, compare) every target's files. Raises `WriteError`, or
    `OSError` when an output folder cannot be read."""
    here = Path(os.path.abspath(project or Path.cwd()))
    folders = [Folder(t, output_root(t.root, here), {rel: write.encode(text, t.root / rel)
                      for rel, text in emitted(t, comp).items()}) for t in comp_targets]
    refuse_overlaps(folders)
    if check:
        code = check_folders(folders)
        if code == 0 and built is not None:
            built(folders)
        return code
    created: list[Path] = []
    try:
        with ExitStack() as stack:
            for folder in folders:
                created += make_root(folder.root)
                stack.enter_context(write.locked(folder.root))
            for folder in folders:
                folder.notes += write.recover(folder.root)
            changes = [plan_change(f, force) for f in folders]
            notes = apply(changes)
    except BaseException:
        for path in reversed(created):
            with suppress(OSError):
                path.rmdir()  # only when still empty: refused or failed, nothing is left
        raise
    report(folders, changes, notes)
    if built is not None:
        built(folders)
    return 0


def emitted(target: Target, comp: Compilation) -> dict[str, str | bytes]:
    out = dict(target.emit(comp))
    for rel in out:
        if not write.safe_rel(rel):
            raise UnsafeOutput(f"emitter {target.name} tried to write outside "
                               f"{shown(target.root)}: {shown(rel)}")
    dirs = {"/".join(rel.split("/")[:n]) for rel in out for n in range(1, rel.count("/") + 1)}
    if clash := sorted(dirs & out.keys()):
        raise WriteError(f"{shown(target.root / clash[0])} would be both a file and a folder")
    return out


def planned(comp_targets: list[Target], comp: Compilation) -> dict[Path, str | bytes]:
    """Every output file, by its path under the target's folder, and its text."""
    return {t.root / rel: text for t in comp_targets for rel, text in emitted(t, comp).items()}


def output_root(root: Path, project: Path) -> Path:
    """`root` made absolute; refused outside the project or through a symbolic link."""
    path = Path(os.path.normpath(project / root))
    if not path.is_relative_to(project) or path == project:
        raise WriteError(f"refused: the output folder {shown(root)} is not inside the "
                         f"project ({shown(project)}); run ludex from the folder that holds it")
    # every folder from the project down to the output folder itself: "-" stands for a file
    reason = write.blocked(project, f"{path.relative_to(project).as_posix()}/-")
    if reason is not None:
        raise WriteError(f"refused: the output folder {shown(root)}: {reason}; Ludex "
                         "writes only into real folders inside the project")
    return path


def refuse_overlaps(folders: list[Folder]) -> None:
    for a in folders:
        for b in folders:
            if a is not b and b.root.is_relative_to(a.root):
                raise WriteError(f"refused: the output folders {shown(a.target.root)} and "
                                 f"{shown(b.target.root)} overlap")


def make_root(root: Path) -> list[Path]:
    """Create the output folder and its missing parents; the ones it created."""
    missing = [p for p in (root, *root.parents) if not os.path.lexists(p)]
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(f"cannot create {shown(root)}: {err.strerror or err}") from err
    return missing[::-1]


def read_manifest(folder: Folder, force: bool) -> dict[str, str] | None:
    """The files Ludex wrote last time, `{rel: sha256}`; None when there is no manifest.
    Entries that are not plain paths inside the folder are ignored, with a note."""
    path = folder.root / MANIFEST
    if not os.path.lexists(path):
        return None
    try:
        if not write.is_file(path) or os.lstat(path).st_size > MAX_MANIFEST:
            raise ValueError("not a regular file of a sensible size")
        body = json.loads(path.read_bytes())
        files = body["files"]
        if not isinstance(files, dict):
            raise ValueError("no files")
    except (OSError, ValueError, KeyError, TypeError) as err:
        if force:
            folder.notes.append(f"ignored {shown(path)}: it is not a manifest Ludex wrote")
            return None
        raise WriteError(f"{shown(path)} is not a manifest Ludex wrote ({err}); remove it "
                         "or build with --force") from None
    good = {rel: digest for rel, digest in files.items()
            if write.safe_rel(rel) and write.is_digest(digest)}
    folder.notes += [f"ignored a manifest entry: {shown(str(rel))}" for rel in files
                     if rel not in good]
    return good


def manifest_bytes(files: dict[str, bytes]) -> bytes:
    listed = {rel: hashlib.sha256(data).hexdigest() for rel, data in sorted(files.items())}
    return json.dumps({"ludex": 1, "files": listed}, indent=1).encode("utf-8") + b"\n"


def holds(path: Path, data: bytes) -> bool:
    """Is `path` a regular file holding exactly `data` (bytes, not text)?"""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size != len(data):
            return False
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False


def plan_change(folder: Folder, force: bool) -> Change:
    """What the build does to one folder; refuses (WriteError) before anything is written."""
    listed = read_manifest(folder, force)
    if listed is None and not force and any(entries(folder.root)):
        raise WriteError(f"refused: {shown(folder.target.root)} holds files but no {MANIFEST}, "
                         "so Ludex cannot tell its own files from yours; move them away, or "
                         "build with --force to overwrite the files it generates")
    writes = {rel: data for rel, data in folder.files.items()
              if not holds(folder.root / rel, data)}
    refuse_conflicts(folder, writes, listed or {}, force)
    removals = {rel: digest for rel, digest in (listed or {}).items()
                if rel not in folder.files and owned_leftover(folder, rel, digest)}
    removals |= old_temporaries(folder, listed or {})
    if listed is None and force:
        folder.notes += unlisted_lookalikes(folder)
    new = manifest_bytes(folder.files)
    return Change(folder.root, writes, removals,
                  None if holds(folder.root / MANIFEST, new) else new)


def entries(root: Path) -> Iterator[str]:
    with suppress(FileNotFoundError):
        yield from (name for name in os.listdir(root) if name not in RESERVED)


def refuse_conflicts(folder: Folder, writes: dict[str, bytes], listed: dict[str, str],
                     force: bool) -> None:
    """A planned file may replace a listed file, or anything with --force; never a
    folder, and never through a symbolic link."""
    foreign = []
    for rel in sorted(writes):
        path = folder.root / rel
        if (reason := write.blocked(folder.root, rel)) is not None:
            raise WriteError(f"refused: cannot write {folder.shown(rel)}: {reason}")
        if os.path.isdir(path) and not os.path.islink(path):
            raise WriteError(f"refused: cannot write {folder.shown(rel)}: a folder is there")
        if os.path.lexists(path) and rel not in listed and not force:
            foreign.append(folder.shown(rel))
    if foreign:
        more = f" ... and {len(foreign) - SHOW} more" if len(foreign) > SHOW else ""
        raise WriteError(f"refused: {len(foreign)} file(s) Ludex would overwrite are not in "
                         f"its manifest, so not its own: {', '.join(foreign[:SHOW])}{more}; "
                         "move them away, or build with --force to overwrite them")


def owned_leftover(folder: Folder, rel: str, digest: str) -> bool:
    """May a listed file the build no longer produces be removed? Only through the
    checks `write.remove_owned` repeats at the swap; a note says why not."""
    path = folder.root / rel
    reason = write.blocked(folder.root, rel)
    if reason is None and not os.path.lexists(path):
        return False
    if reason is None and not (write.is_file(path) and folder.target.owned(path)):
        reason = "not a file this emitter writes"
    if reason is None and write.sha256_of(path) != digest:
        reason = "changed since Ludex wrote it"
    if reason is not None:
        folder.notes.append(f"left alone: {folder.shown(rel)} ({reason})")
    return reason is None


def old_temporaries(folder: Folder, listed: dict[str, str]) -> dict[str, str]:
    """`.NAME.XXXXXXXX.tmp` files beside a file NAME Ludex writes, with their digests."""
    return {rel: write.sha256_of(folder.root / rel)
            for rel in write.old_temporaries(folder.root, (*folder.files, *listed))}


def unlisted_lookalikes(folder: Folder) -> list[str]:
    """With --force and no manifest: files that look generated but that this build does
    not write. They stay; the user decides."""
    found = []
    for base, dirs, files in os.walk(folder.root):
        dirs[:] = [d for d in dirs if d not in RESERVED]
        for name in files:
            rel = Path(base, name).relative_to(folder.root).as_posix()
            if rel not in folder.files and folder.target.owned(Path(base, name)):
                found.append(f"not in a manifest, left alone: {folder.shown(rel)}")
    return sorted(found)


def apply(changes: list[Change]) -> list[str]:
    """Stage every folder's change, commit them all, then swap them in; SIGINT or
    SIGTERM while staging discards it, and waits while committing and swapping."""
    todo = [c for c in changes if not c.empty]
    try:
        with write.signals_raise():
            for change in todo:
                write.stage(change)
    except BaseException:
        for change in todo:
            with suppress(WriteError):
                write.discard(change.root)
        raise
    with write.signals_deferred():
        try:
            for change in todo:
                write.commit(change)
        except BaseException:
            for change in todo:
                write.uncommit(change.root)
            raise
        return [note for change in todo for note in write.swap(change.root)]


def report(folders: list[Folder], changes: list[Change], notes: list[str]) -> None:
    for note in [n for f in folders for n in f.notes] + notes:
        print(f"ludex build: {note}")
    total = sum(len(f.files) for f in folders)
    written = sum(len(c.writes) for c in changes)
    removed = sum(len(c.removals) for c in changes)
    print(f"built {total} files ({written} changed, {removed} removed)")


def check_folders(folders: list[Folder]) -> int:
    """`build --check`: read only; exit 1 when a build would change anything."""
    stale = []
    with ExitStack() as stack:
        for folder in folders:
            if os.path.isdir(folder.root):
                stack.enter_context(write.locked(folder.root, exclusive=False))
            if os.path.lexists(folder.root / write.JOURNAL):
                stale.append(f"an interrupted build is pending in {shown(folder.target.root)}")
            change = plan_change(folder, force=True)
            stale += [f"stale: {folder.shown(rel)}" for rel in sorted(change.writes)]
            stale += [f"stale (no longer generated): {folder.shown(rel)}"
                      for rel in sorted(change.removals)]
            if change.manifest is not None:
                stale.append(f"stale: {folder.shown(MANIFEST)}")
    for line in stale:
        print(line)
    if stale:
        print("generated output is stale: run `ludex build`")
        return 1
    print(f"up to date: {sum(len(f.files) for f in folders)} files")
    return 0


def grammar_dir(args: argparse.Namespace) -> Path | None:
    """Where the editor grammar goes: `--grammar-dir`, else `grammar/` in Ludex's own
    repository (the folder that holds the parser's `ludex.lark`), else nowhere: a game's
    project does not carry the language's grammar."""
    given: Path | None = args.grammar_dir
    if given is None and (GRAMMAR_DIR / "ludex.lark").is_file():
        return GRAMMAR_DIR
    return given
