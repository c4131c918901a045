"""The lab on a local HTTP server: `serve` for a visitor, `make_server` for the browser tests
and the bench scripts (a free port, started on their own thread)."""

from __future__ import annotations

import functools
import http.server
import os
import socketserver
import sys

from .common import ROOT, BuildError, say


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
                      ".txt": "text/plain; charset=utf-8", ".css": "text/css"}

    def end_headers(self):
        # the page and its modules change while developing; the browser revalidates them
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SUDOKU_LAB_QUIET"):
            return
        super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # a service worker's precache asks for the whole build at once; the default backlog is 5
    request_queue_size = 64

    def handle_error(self, request, client_address):
        # a browser that navigates away mid-download is normal, not an error worth a traceback
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(host: str, port: int) -> Server:
    return Server((host, port), functools.partial(Handler, directory=str(ROOT)))


def serve(host: str, port: int) -> None:
    try:
        httpd = make_server(host, port)
    except OSError as exc:
        raise BuildError(f"cannot listen on {host}:{port} ({exc.strerror}); try --port") from None
    say(f"Sudoku Lab at http://{host}:{httpd.server_address[1]}/  (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
