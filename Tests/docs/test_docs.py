#!/usr/bin/env python3
"""Runs the command blocks of README.md and docs/*.md against a live `restlite serve` and
compares the outputs they show, so the docs cannot drift from the program.

Conventions, written in the Markdown itself (an HTML comment on the line before a fence):

  ```console          a transcript, always run: `$ command` lines (a trailing `\\` continues a
                      command), each followed by the output it must print (standard output
                      and error together). `...` alone on a line stands for any lines, `…`
                      inside a line for any text.
  <!-- doc-test: run -->            the ```sh block below runs in bash -e and must succeed
  <!-- doc-test: skip (reason) -->  the block below is not run, for the reason given
  <!-- doc-test: banner -->         the ```text block below is the banner of a first start
  <!-- doc-test: http -->           the block below is HTTP transcripts: `METHOD target
                      (annotation)`, optional body lines, then `STATUS {json}`; run against
                      the server and compared exactly

Every ```sh and ```console block carries a marker or is a transcript, so a new block is either
tested or says why not. The server runs in a temporary folder `.../restlite` (shown as
/home/me/restlite), with the docs' key 3f9c1e0b7a5d42e8c6b1f0a9 accepted (`--apikey`) and on a
free port shown as 8080. Outputs are compared after normalizing what varies from run to run:
24-hex keys and ids, the port, the folder, the banner's console link (a sign-in link whose form
is not the docs' business), and ISO dates. `restlite` is on PATH (the built binary, as after
the README's install line); `RESTLITE_BINARY` names another one.

Run: `python3 Tests/docs/test_docs.py` (after `swift build`); exit 0 when every block passes.
"""
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC_KEY = "3f9c1e0b7a5d42e8c6b1f0a9"
DOC_HOME = "/home/me/restlite"
MARKER = re.compile(r"^\s*<!-- doc-test: (run|skip|banner|http)\b.*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
HEX24 = re.compile(r"\b[0-9a-f]{24}\b")
DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")
BLOCK_SECONDS = 120


def documents():
    return [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md"))


def blocks(path):
    """Every fenced block of a Markdown file: (line, language, marker, text)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, index = [], 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        indent, language, start = match.group(1), match.group(2), index
        previous = lines[index - 1] if index > 0 else ""
        marker = MARKER.match(previous)
        body = []
        index += 1
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        found.append((start + 1, language, marker.group(1) if marker else None, "\n".join(body)))
        index += 1
    return found


class Server:
    """A `restlite serve` child: started in `folder`, its banner read (bounded), stopped by PID."""

    def __init__(self, binary, folder, arguments, environment):
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--quiet"] + arguments, cwd=folder, env=environment,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        deadline, text = time.monotonic() + 60, b""
        while b"Press Ctrl-C to stop.\n" not in text:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(left, 0))
            if left <= 0 or not ready:
                self.stop()
                raise RuntimeError("no banner within 60 s")
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                raise RuntimeError("serve ended before its banner: " + text.decode())
            text += chunk
        self.banner = text.decode()
        self.port = int(re.search(r"listening on http://[^:]+:(\d+)", self.banner).group(1))

    def stop(self):
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


class DocsRun:
    def __init__(self, binary):
        self.temporary = tempfile.mkdtemp(prefix="restlite-docs-")
        self.work = os.path.join(self.temporary, "restlite")
        os.makedirs(self.work)
        shutil.copytree(os.path.join(ROOT, "seed"), os.path.join(self.work, "seed"))
        bin_folder = os.path.join(self.temporary, "bin")
        os.makedirs(bin_folder)
        os.symlink(binary, os.path.join(bin_folder, "restlite"))
        self.binary = binary
        self.environment = {k: v for k, v in os.environ.items() if not k.startswith("RESTLITE_")}
        self.environment["PATH"] = bin_folder + os.pathsep + os.environ.get("PATH", "")
        self.environment["KEY"] = DOC_KEY  # the docs' "the key from the banner"
        self.server = Server(binary, self.work, ["--apikey", DOC_KEY], self.environment)
        self.port = self.server.port
        self.failures, self.counts = [], {"run": 0, "skip": 0, "console": 0, "banner": 0, "http": 0}

    def close(self):
        self.server.stop()
        shutil.rmtree(self.temporary, ignore_errors=True)

    # Normalizing

    def command(self, text):
        return text.replace("127.0.0.1:8080", f"127.0.0.1:{self.port}").replace(
            "localhost:8080", f"localhost:{self.port}")

    def normalized(self, text, port=None):
        port = port or self.port
        text = text.replace(self.work, DOC_HOME).replace(os.path.realpath(self.work), DOC_HOME)
        text = text.replace(f"127.0.0.1:{port}", "127.0.0.1:8080").replace(f"localhost:{port}", "localhost:8080")
        text = re.sub(r"(?m)^console: .*$", "console: <sign-in link>", text)
        text = DATE.sub("<date>", text)
        return HEX24.sub("<hex24>", text)

    @staticmethod
    def matches(expected, actual):
        pattern = ""
        for line in expected.split("\n"):
            if line.strip() == "...":
                pattern += r"(?:[^\n]*\n)*?"
            else:
                pattern += re.escape(line).replace("…", "[^\n]*") + r"\n"
        return re.fullmatch(pattern, actual + "\n") is not None

    # Block kinds

    def run_console(self, where, text):
        commands = []
        lines = text.split("\n")
        index = 0
        while index < len(lines):
            line = lines[index]
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\") and index + 1 < len(lines):
                    index += 1
                    command += "\n" + lines[index]
                commands.append((command, []))
            elif commands:
                commands[-1][1].append(line)
            index += 1
        mark = "@@doc-test-end-of-command@@"
        # The command's status is kept across the marker, so a following `echo $?` shows it.
        script = "exec 2>&1\n" + "".join(
            f"{self.command(c)}\n__status=$?; printf '\\n{mark}\\n'; (exit $__status)\n" for c, _ in commands)
        outputs = self.shell(where, script).split(f"\n{mark}\n")
        for (command, expected), actual in zip(commands, outputs):
            expected_text = self.normalized("\n".join(expected).rstrip("\n"))
            actual_text = self.normalized(actual.rstrip("\n"))
            if not self.matches(expected_text, actual_text):
                self.failures.append(
                    f"{where}: `$ {command}` printed\n{actual_text}\n--- the docs show ---\n{expected_text}")

    def run_sh(self, where, text):
        self.shell(where, "set -e -o pipefail\n" + self.command(text) + "\n", check=True)

    def shell(self, where, script, check=False):
        try:
            done = subprocess.run(
                ["bash", "-c", script], cwd=self.work, env=self.environment, stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=BLOCK_SECONDS)
        except subprocess.TimeoutExpired:
            self.failures.append(f"{where}: did not finish within {BLOCK_SECONDS} s")
            return ""
        output = done.stdout.decode("utf-8", "replace")
        if check and done.returncode != 0:
            self.failures.append(f"{where}: exit {done.returncode}:\n{output}")
            return None
        return output

    def run_banner(self, where, text):
        folder = os.path.join(tempfile.mkdtemp(dir=self.temporary), "restlite")
        os.makedirs(folder)
        shutil.copytree(os.path.join(ROOT, "seed"), os.path.join(folder, "seed"))
        server = Server(self.binary, folder, [], self.environment)
        try:
            actual = server.banner.replace(folder, self.work)
        finally:
            server.stop()
        expected = self.normalized(text.rstrip("\n"))
        actual = self.normalized(actual.rstrip("\n"), port=server.port)
        if not self.matches(expected, actual):
            self.failures.append(f"{where}: a first start prints\n{actual}\n--- the docs show ---\n{expected}")

    def request(self, method, target, body=None, headers=None):
        url = f"http://127.0.0.1:{self.port}" + urllib.parse.quote(target, safe="/?&=%:,*$-_.~'")
        data = body.encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def run_http(self, where, text):
        """`METHOD target   (annotation)` / body lines / `STATUS json`, entries apart by blank lines."""
        full = {"x-apikey": DOC_KEY}
        _, listing = self.request("GET", "/rest/a3cats?max=1", headers=full)
        first_id = json.loads(listing)[0]["_id"]
        self.request("POST", "/rest/dogs", body='{"name":"Rex"}', headers=full)
        _, made = self.request("POST", "/_restlite/keys", body='{"methods":["GET"],"path":"/a3cats/**"}', headers=full)
        scoped = json.loads(made)["key"]
        for entry in re.split(r"\n\s*\n", text.strip()):
            lines = entry.strip().split("\n")
            head = re.match(r"^(\w+) (\S+)\s*(?:\((.*)\))?$", lines[0])
            answer = re.match(r"^(\d{3}) (.*)$", lines[-1])
            if not head or not answer:
                self.failures.append(f"{where}: cannot read the transcript entry\n{entry}")
                continue
            method, target, note = head.group(1), head.group(2), head.group(3) or ""
            if "--strict" in note:
                continue  # needs a server of its own; ServeCLITests cover strict mode
            headers = dict(full)
            if note == "no key":
                headers = {}
            elif note.startswith("x-apikey: "):
                headers = {"x-apikey": note[len("x-apikey: "):]}
            elif note.startswith("a key scoped to"):
                headers = {"x-apikey": scoped}
            target = re.sub(r"6b025f3c[0-9a-f]{16}", first_id, target)
            body = "\n".join(lines[1:-1]) or None
            status, actual = self.request(method, target, body=body, headers=headers)
            expected = f"{answer.group(1)} {answer.group(2)}"
            got = f"{status} {actual.strip()}"
            if self.normalized(expected) != self.normalized(got):
                self.failures.append(f"{where}: {method} {target} answered\n{got}\n--- the docs show ---\n{expected}")

    def run(self):
        for path in documents():
            name = os.path.relpath(path, ROOT)
            for line, language, marker, text in blocks(path):
                where = f"{name}:{line}"
                if marker == "skip":
                    self.counts["skip"] += 1
                elif language == "console":
                    self.counts["console"] += 1
                    self.run_console(where, text)
                elif marker == "run":
                    self.counts["run"] += 1
                    self.run_sh(where, text)
                elif marker == "banner":
                    self.counts["banner"] += 1
                    self.run_banner(where, text)
                elif marker == "http":
                    self.counts["http"] += 1
                    self.run_http(where, text)
                elif language == "sh":
                    self.failures.append(
                        f"{where}: a ```sh block without a doc-test marker; mark it "
                        "<!-- doc-test: run --> or <!-- doc-test: skip (why) -->, or write it as a ```console transcript")


def main():
    binary = os.environ.get("RESTLITE_BINARY") or os.path.join(ROOT, ".build", "debug", "restlite")
    if not os.access(binary, os.X_OK):
        print(f"docs: no restlite binary at {binary}; run swift build first", file=sys.stderr)
        return 2
    started = time.monotonic()
    docs = DocsRun(os.path.realpath(binary))
    try:
        docs.run()
    finally:
        docs.close()
    counts = ", ".join(f"{value} {key}" for key, value in docs.counts.items())
    print(f"docs: {counts} blocks in {time.monotonic() - started:.1f} s")
    for failure in docs.failures:
        print("\nFAIL " + failure, file=sys.stderr)
    return 1 if docs.failures else 0


if __name__ == "__main__":
    sys.exit(main())
