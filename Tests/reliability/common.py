"""Shared pieces of restlite's reliability drills (Python 3 standard library only).

Every server is started on 127.0.0.1 with `--port 0` and a port file, and stopped by its PID;
every wait is bounded.
"""

import http.client
import json
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time

KEY = "drillkey0000000000000001"


def raise_file_limit(wanted):
    """Raises this process's open-file limit toward `wanted`; answers the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(max(soft, wanted), hard)
    if target != soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


class Server:
    """A `restlite serve` on a data folder (a new temporary one unless given)."""

    def __init__(self, binary, folder=None, extra=(), memory=False, log=None):
        self.binary = binary
        self.log = log  # a path for the server's standard error (read only at a failed start otherwise)
        self.own_folder = folder is None and not memory
        self.folder = folder or (None if memory else tempfile.mkdtemp(prefix="restlite-drill-"))
        self.port_dir = tempfile.mkdtemp(prefix="restlite-drill-port-")
        self.extra = list(extra)
        self.memory = memory
        self.process = None
        self.port = None

    def start(self, timeout=60):
        port_file = os.path.join(self.port_dir, "port")
        if os.path.exists(port_file):
            os.remove(port_file)
        args = [self.binary, "serve", "--port", "0", "--port-file", port_file, "--quiet",
                "--apikey", KEY] + self.extra
        args += ["--memory"] if self.memory else ["--data-dir", self.folder]
        errors = open(self.log, "ab") if self.log else subprocess.PIPE
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=errors,
                                        start_new_session=True)
        if self.log:
            errors.close()
        deadline = time.time() + timeout
        while not (os.path.exists(port_file) and os.path.getsize(port_file) > 0):
            if self.process.poll() is not None:
                text = open(self.log, "rb").read() if self.log else self.process.stderr.read()
                raise RuntimeError("restlite serve exited: " + text.decode(errors="replace"))
            if time.time() > deadline:
                self.kill()
                raise RuntimeError("restlite serve did not start within %d s" % timeout)
            time.sleep(0.01)
        self.port = int(open(port_file).read().strip())
        return self

    @property
    def pid(self):
        return self.process.pid

    def rss_kib(self):
        with open("/proc/%d/status" % self.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def open_files_limit(self):
        with open("/proc/%d/limits" % self.pid) as limits:
            for line in limits:
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        return 0

    def kill(self, sig=signal.SIGKILL):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)

    def stop(self):
        self.kill(signal.SIGTERM)
        if self.process and self.process.stderr:
            self.process.stderr.close()

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.port_dir, ignore_errors=True)
        if self.own_folder and self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.cleanup()


def request(port, method, path, body=None, headers=None, key=KEY, timeout=30):
    """One request on a new connection; answers (status, headers dict, body bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    all_headers = {}
    if key is not None:
        all_headers["x-apikey"] = key
    if body is not None and not isinstance(body, (bytes, bytearray)):
        body = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    all_headers.update(headers or {})
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data
    finally:
        connection.close()


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def emit(record):
    print(json.dumps(record), flush=True)
