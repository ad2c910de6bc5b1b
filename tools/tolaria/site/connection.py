"""The connection under `tolaria serve`: how long a client may take to send its request, and
a close after an error that lets the client read the answer."""

from __future__ import annotations

import io
import socket
import time

# A client has this long to send a whole request (its line and headers), then it is answered
# 408 and dropped; an answer it does not read in SEND_SECONDS is given up.
REQUEST_SECONDS = 5.0
SEND_SECONDS = 60.0

# After an error, what the client still sends (a body, the rest of a huge header) is read and
# dropped, this much at most, so that closing does not reset the connection before the client
# has read the answer.
_LINGER_BYTES = 1 << 20
_LINGER_SECONDS = 2.0


class DeadlineReader(io.RawIOBase):
    """A connection's bytes, no read waiting past the deadline of the request being read."""

    def __init__(self, connection):
        super().__init__()
        self._connection = connection
        self.deadline: float | None = None
        self.received = 0
        self.expired = False

    def start(self, seconds: float) -> None:
        """A new request: seconds from now to receive it."""
        self.deadline, self.received, self.expired = time.monotonic() + seconds, 0, False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                self.expired = True
                raise TimeoutError("request not received in time")
            self._connection.settimeout(left)
        try:
            count = self._connection.recv_into(buffer)
        except TimeoutError:
            self.expired = True
            raise
        self.received += count
        return count


def drain(connection) -> None:
    """Say we are done, then read what the client still sends until it closes (bounded)."""
    try:
        connection.shutdown(socket.SHUT_WR)
        deadline, left = time.monotonic() + _LINGER_SECONDS, _LINGER_BYTES
        while left > 0 and (wait := deadline - time.monotonic()) > 0:
            connection.settimeout(wait)
            chunk = connection.recv(min(left, 65536))
            if not chunk:
                break
            left -= len(chunk)
    except OSError:  # gone already, or too slow: closing is all that is left
        pass
