"""What the last build produced, so that a no-change `ludex build --check` need not
compile anything (issue 12).

A build is a pure function of its inputs (builds are byte-identical): the files of the
games it reads, the configuration, the command's options and the compiler itself. After
a build that wrote its outputs, or a `--check` that found them current, the memo
(`.ludex_cache/build.json`) records a digest of all those inputs and the sha256 of every
output file and manifest. The next `--check` computes the same digest; when it is the
one recorded and every output on disk still holds what was recorded (its manifest
included, and no interrupted build pending), the outputs are what a build would write:
it says so without compiling. Any difference, or a memo that cannot be read, and the
check runs in full; `--no-cache` neither reads nor writes the memo.

The inputs, hashed by content and path: every file under each path the build was given
(each game folder, or the folder of rules), under each game folder compiled with it
(a base game found beside it), the configuration file, the site's logo and favicon, the
compiler's own files (every file of the `ludex` package: code, templates, grammar, site
assets), the versions of the libraries that shape the output, and Python's version. A
link is hashed as the link it is (where it points), never followed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..backends import write
from ..core.fingerprint import compiler_digest, feed, walk

MEMO = "build.json"
def inputs_digest(args: argparse.Namespace, folders: Iterable[str]) -> str:
    """The digest of everything the build reads (see the module's docstring)."""
    h = hashlib.blake2b(digest_size=16)
    h.update(compiler_digest().encode())
    config = getattr(args, "config", None)
    options = {
        "cwd": os.getcwd(),
        "paths": [str(p) for p in args.paths],
        "engine_dir": str(args.engine_dir), "site_dir": str(args.site_dir),
        "grammar_dir": str(args.grammar_dir), "site": repr(config.site if config else None),
    }
    h.update(json.dumps(options, sort_keys=True).encode())
    extra = [config.source] if config is not None and config.source is not None else []
    site = config.site if config is not None else None
    extra += [p for p in (getattr(site, "logo", None), getattr(site, "favicon", None)) if p]
    roots = sorted({os.path.abspath(p) for p in [*args.paths, *folders, *extra]})
    for root in roots:
        h.update(b"root\0" + os.fsencode(root))
        for path in walk(Path(root)):
            feed(h, path)
    return h.hexdigest()


def _sha(path: Path) -> str | None:
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()
    except OSError:
        return None


class BuildMemo:
    """The memo in the cache folder `root` (normally `.ludex_cache`)."""

    def __init__(self, root: Path) -> None:
        self.path = root / MEMO
        self.root = root

    def _read(self) -> dict[str, Any] | None:
        try:
            with open(self.path, "rb") as file:
                body = json.loads(file.read(16 * 1024 * 1024))
        except (OSError, ValueError):
            return None
        return body if isinstance(body, dict) and body.get("ludex-build") == 1 else None

    def before(self, args: argparse.Namespace) -> Before:
        """Read the memo and hash the inputs, before anything is compiled (so that a file
        edited during the build is not taken as built)."""
        body = self._read()
        folders = body.get("folders") if body else None
        if not (isinstance(folders, list) and all(isinstance(f, str) for f in folders)):
            body, folders = None, []
        return Before(body, folders, inputs_digest(args, folders))

    def current(self, before: Before) -> int | None:
        """The number of output files, when the outputs on disk are what the recorded
        build of these very inputs wrote; None when the check must run in full."""
        body = before.body
        try:
            if not body or body["inputs"] != before.digest:
                return None
            count = 0
            project = os.path.abspath(os.getcwd())
            for root, files in body["outputs"].items():
                base = Path(root)
                if not base.is_relative_to(project) or \
                        write.blocked(Path(project), f"{base.relative_to(project)}/-"):
                    return None  # the full check refuses it, and says why
                if os.path.lexists(base / write.JOURNAL) or any(write.old_temporaries(base, files)):
                    return None  # an interrupted build left something: the full check says
                for rel, digest in files.items():
                    if write.blocked(base, rel) or _sha(base / rel) != digest:
                        return None
                count += len(files) - 1  # (the manifest is not counted as an output)
        except (KeyError, TypeError, AttributeError, ValueError):
            return None
        return count

    def record(self, args: argparse.Namespace, before: Before, folders: Iterable[str],
               outputs: dict[str, dict[str, bytes]]) -> None:
        """Remember that the inputs hashed `before` give these outputs (each folder's files,
        its manifest among them, by path relative to the folder). Nothing is written when
        the cache folder cannot be used: the memo is an aid only."""
        from ..syntax.cache import ParseCache, write_atomic

        folders = sorted(set(folders))
        digest = before.digest if folders == sorted(set(before.folders)) else \
            inputs_digest(args, folders)  # other games were read than last time: hash them
        body = {
            "ludex-build": 1,
            "inputs": digest,
            "folders": folders,
            "outputs": {root: {rel: hashlib.sha256(data).hexdigest()
                               for rel, data in sorted(files.items())}
                        for root, files in sorted(outputs.items())},
        }
        data = json.dumps(body, indent=0, sort_keys=True).encode()
        try:
            if self.path.read_bytes() == data:
                return  # recorded already: a build that changed nothing writes nothing
        except OSError:
            pass
        if ParseCache(self.root).prepare():
            write_atomic(self.path, data)


@dataclass(frozen=True)
class Before:
    """The memo as read before the build, and the digest of the inputs it names."""

    body: dict[str, Any] | None
    folders: list[str]
    digest: str
