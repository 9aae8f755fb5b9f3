"""Test helper: a scripted OpenAI-compatible judge endpoint in a thread (/v1/chat/completions and
/v1/completions), recording every request body."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def last_word(body, n, path):
    """Default script: the last word of the last message (chat) or of the prompt (completions)."""
    if path.endswith("/chat/completions"):
        content = body["messages"][-1]["content"]
        text = content if isinstance(content, str) else "".join(p.get("text", "") for p in content)
    else:
        text = body["prompt"]
    words = text.split()
    return (words[-1] if words else ""), "stop"


class FakeServer:
    """``script(body, n, path)`` returns (text, finish_reason) for a 200, or ("HTTP", status) for an error."""

    def __init__(self, script=None, delay=0.0):
        self.script = script or last_word
        self.delay = delay
        self.bodies: list[dict] = []
        self.paths: list[str] = []
        self.lock = threading.Lock()
        self.inflight = self.max_inflight = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with outer.lock:
                    outer.bodies.append(body)
                    outer.paths.append(self.path)
                    n = len(outer.bodies)
                    outer.inflight += 1
                    outer.max_inflight = max(outer.max_inflight, outer.inflight)
                try:
                    if outer.delay:
                        time.sleep(outer.delay)
                    a, b = outer.script(body, n, self.path)
                finally:
                    with outer.lock:
                        outer.inflight -= 1
                if a == "HTTP":
                    data, code = json.dumps({"error": {"message": "scripted"}}).encode(), b
                elif self.path.endswith("/chat/completions"):
                    data, code = json.dumps({"id": f"c{n}", "object": "chat.completion", "created": 0,
                                             "model": body["model"], "choices": [{
                                                 "index": 0, "finish_reason": b,
                                                 "message": {"role": "assistant", "content": a}}]}).encode(), 200
                else:
                    data, code = json.dumps({"id": f"t{n}", "object": "text_completion", "created": 0,
                                             "model": body["model"], "choices": [{
                                                 "index": 0, "finish_reason": b, "text": a}]}).encode(), 200
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
