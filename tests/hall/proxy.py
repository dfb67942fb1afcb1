"""A TCP proxy on 127.0.0.1 that a test cuts, stalls and restores, to take the hall server away."""

from __future__ import annotations

import contextlib
import socket
import threading


class CuttableProxy:
    """Forwards 127.0.0.1:<port> to (host, port). `cut()` drops every connection and refuses new
    ones until `restore()`. `stall()` black-holes the link instead: connections stay open, bytes
    are taken and held, nothing is forwarded either way until `restore()` delivers them."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._cut = False
        self._closed = False
        self._flowing = threading.Event()
        self._flowing.set()
        self._stall_after: bytes | None = None
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            sockets, self._open = self._open, set()
        for s in sockets:
            _close(s)

    def stall(self) -> None:
        self._flowing.clear()

    def stall_after(self, request: bytes) -> None:
        """Let the first client message containing `request` reach the server, then stall: its
        answer, and everything after it, is held."""
        self._stall_after = request

    @property
    def stalled(self) -> bool:
        return not self._flowing.is_set()

    def restore(self) -> None:
        with self._lock:
            self._cut = False
            self._stall_after = None
        self._flowing.set()

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._flowing.set()
        _close(self._listener)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                refused = self._cut
            if refused:
                _close(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=3)
                upstream.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._open.update((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, to_server: bool) -> None:
        try:
            while data := source.recv(65536):
                trigger = self._stall_after
                if to_server and trigger is not None and trigger in data:
                    self._stall_after = None
                    sink.sendall(data)  # the request arrives; what follows is held
                    self._flowing.clear()
                    continue
                self._flowing.wait()  # a stalled link holds what it took
                if self._closed:
                    return
                sink.sendall(data)
        except OSError:
            pass
        finally:
            _close(source)
            _close(sink)


def _close(s: socket.socket) -> None:
    with contextlib.suppress(OSError):
        s.shutdown(socket.SHUT_RDWR)
    s.close()
