"""Reading LSP frames from a client that gets them wrong: resynchronise, bound the size.

pygls reads header lines until `Content-Length: N`, then N bytes. After one wrong length
the stream is out of step: the next header arrives glued to the end of a body
(`...}Content-Length: 93`), pygls never matches it, and the server stops answering for
good. And a huge length makes it allocate that many bytes at once.

`ResyncingReader` sits between stdin and pygls: a header line with garbage before it is cut
back to the header (so the next whole frame is read again), and a body over
`MAX_MESSAGE_BYTES` is skipped in chunks instead of read. Each is logged; the messages lost
to the client's mistake are the only ones lost.
"""

from __future__ import annotations

import logging
from typing import BinaryIO

# No editor sends a document this large (VS Code does not sync files over 50 MB to
# extensions); a longer body is skipped, never allocated.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
# A header line longer than this is garbage; it is read in pieces, never whole.
MAX_HEADER_LINE = 64 * 1024
_SKIP_CHUNK = 1024 * 1024
_HEADER = b"Content-Length: "

log = logging.getLogger(__name__)


class ResyncingReader:
    """The `readline` and `read` pygls uses, over a binary stream (stdin)."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw

    def readline(self) -> bytes:
        line = self.raw.readline(MAX_HEADER_LINE)
        at = line.rfind(_HEADER)
        if at > 0 and line.endswith(b"\r\n"):
            log.warning(
                "skipped %d bytes that were not part of an LSP frame "
                "(a wrong Content-Length before them?)",
                at,
            )
            return line[at:]
        return line

    def read(self, size: int) -> bytes:
        if size <= MAX_MESSAGE_BYTES:
            return self.raw.read(size)
        log.warning("skipped a %d-byte message: over the %d-byte bound", size, MAX_MESSAGE_BYTES)
        remaining = size
        while remaining > 0:
            chunk = self.raw.read(min(remaining, _SKIP_CHUNK))
            if not chunk:
                return b""
            remaining -= len(chunk)
        return b" "  # not JSON: pygls logs it and reads on
