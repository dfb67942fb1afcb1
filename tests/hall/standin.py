"""A listener on 127.0.0.1 that answers a PostgreSQL client's start-up as a server refusing its
password does: the test server trusts every login, so a wrong password cannot be produced there.

It speaks only the start of the protocol (version 3): it declines TLS and GSS encryption, asks
for a password in clear text, reads the client's answer if one comes, then sends the
ErrorResponse PostgreSQL sends for a wrong password (severity FATAL, SQLSTATE 28P01, the
server's own English wording) and closes. The client side is the real libpq and psycopg.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading

SSL_REQUEST = 80877103
GSS_REQUEST = 80877104
AUTH_CLEARTEXT = 3


class PasswordRefusingServer:
    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self.passwords: list[bytes] = []  # what clients sent as their password
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(client,), daemon=True).start()

    def _answer(self, client: socket.socket) -> None:
        with client, contextlib.suppress(OSError, ValueError):
            client.settimeout(5)
            while True:
                (length,) = struct.unpack("!I", _read(client, 4))
                body = _read(client, length - 4)
                (code,) = struct.unpack("!I", body[:4])
                if code in (SSL_REQUEST, GSS_REQUEST):
                    client.sendall(b"N")  # no encryption here: the client goes on in clear
                    continue
                break
            parameters = body[4:].split(b"\0")
            user = parameters[parameters.index(b"user") + 1].decode() if b"user" in parameters else "?"
            client.sendall(b"R" + struct.pack("!II", 8, AUTH_CLEARTEXT))
            kind = _read(client, 1)  # a client without a password hangs up here
            if kind == b"p":
                (length,) = struct.unpack("!I", _read(client, 4))
                self.passwords.append(_read(client, length - 4).rstrip(b"\0"))
            fields = [
                b"SFATAL",
                b"VFATAL",
                b"C28P01",
                f'Mpassword authentication failed for user "{user}"'.encode(),
            ]
            payload = b"".join(field + b"\0" for field in fields) + b"\0"
            client.sendall(b"E" + struct.pack("!I", len(payload) + 4) + payload)


def _read(client: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = client.recv(count - len(data))
        if not chunk:
            raise ValueError("the client hung up")
        data += chunk
    return data
