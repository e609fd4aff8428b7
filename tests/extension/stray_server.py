"""A fake language server that answers `initialize` and then prints a stray line to stdout.

The framing check must reject it: this proves the check can fail.
"""

import sys

out = sys.stdout.buffer
header = b""
while not header.endswith(b"\r\n\r\n"):
    header += sys.stdin.buffer.read(1)
length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
sys.stdin.buffer.read(length)
body = b'{"jsonrpc":"2.0","id":0,"result":{"capabilities":{}}}'
out.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
out.write(b"a stray print from a handler\n")
out.flush()
sys.stdin.buffer.read()
