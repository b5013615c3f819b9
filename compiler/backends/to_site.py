"""The reference site emitter, under the name the build targets use; the code is the
package `ludex.backends.site`."""

from __future__ import annotations

from .site import emit, owns

__all__ = ["emit", "owns"]
