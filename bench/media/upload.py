#!/usr/bin/env python3
"""Memory of uploads to `POST /media`: the server's peak RSS while it takes multipart uploads
of growing size, sent in 1 MiB writes after the head (so the body streams to disk), and the
throughput. Starts `restlite serve` on a temporary data folder (127.0.0.1, port 0), resets the
peak-RSS counter before each upload (`/proc/PID/clear_refs`, Linux), stops the server by its
PID at the end. Every socket has a timeout.

Usage: bench/media/upload.py [--binary .build/release/restlite] [--sizes 16,64,200] [--parallel 4]
"""
import argparse, json, os, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEY = "mediabench00000000000001"
BOUNDARY = "----restliteMediaBench"


def arguments():
    parser = argparse.ArgumentParser()
    default = os.path.join(ROOT, ".build/release/restlite")
    parser.add_argument("--binary", default=default if os.path.exists(default) else os.path.join(ROOT, ".build/debug/restlite"))
    parser.add_argument("--sizes", default="16,64,200", help="upload sizes in MiB")
    parser.add_argument("--parallel", type=int, default=4, help="concurrent uploads of the middle size")
    return parser.parse_args()


def status(pid):
    values = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = int(rest.split()[0])
    return values


def reset_peak(pid):
    with open(f"/proc/{pid}/clear_refs", "w") as file:
        file.write("5")


def upload(port, size, results, index):
    piece = os.urandom(1 << 20)
    head_part = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bench{index}.bin\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n").encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    length = len(head_part) + size + len(tail)
    head = (f"POST /media HTTP/1.1\r\nHost: bench\r\nx-apikey: {KEY}\r\n"
            f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nContent-Length: {length}\r\n\r\n").encode()
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as connection:
        connection.sendall(head)
        connection.sendall(head_part)
        sent = 0
        while sent < size:
            chunk = piece[: min(len(piece), size - sent)]
            connection.sendall(chunk)
            sent += len(chunk)
        connection.sendall(tail)
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            data = connection.recv(65536)
            if not data:
                break
            answer += data
    elapsed = time.perf_counter() - started
    status_line = answer.split(b"\r\n", 1)[0].decode()
    body = answer.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in answer else b""
    results[index] = (status_line, elapsed, json.loads(body) if body.startswith(b"{") else body)


def main():
    args = arguments()
    sizes = [int(value) for value in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        port_file = os.path.join(folder, "port")
        server = subprocess.Popen(
            [args.binary, "serve", "--data-dir", os.path.join(folder, "data"), "--host", "127.0.0.1", "--port", "0",
             "--port-file", port_file, "--apikey", KEY, "--quiet", "--no-seed", "--max-body", "512MiB"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + 30
            while time.time() < deadline and not (os.path.exists(port_file) and open(port_file).read().strip()):
                time.sleep(0.05)
            port = int(open(port_file).read().strip())
            idle = status(server.pid)
            print(f"binary {args.binary}\nidle server: RSS {idle['VmRSS'] / 1024:.1f} MiB")
            rows = []
            for size in sizes:
                reset_peak(server.pid)
                results = {}
                upload(port, size << 20, results, 0)
                line, elapsed, body = results[0]
                peak = status(server.pid)["VmHWM"]
                rows.append((f"1 x {size} MiB", line, elapsed, size / elapsed, peak))
            middle = sizes[len(sizes) // 2]
            reset_peak(server.pid)
            results = {}
            threads = [threading.Thread(target=upload, args=(port, middle << 20, results, index))
                       for index in range(args.parallel)]
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=300)
            elapsed = time.perf_counter() - started
            lines = {results[index][0] for index in results}
            peak = status(server.pid)["VmHWM"]
            rows.append((f"{args.parallel} x {middle} MiB at once", ", ".join(sorted(lines)), elapsed,
                         args.parallel * middle / elapsed, peak))
            print("| upload | answer | time | MiB/s | peak RSS during it |")
            print("|---|---|---|---|---|")
            for name, line, elapsed, rate, peak in rows:
                print(f"| {name} | {line.replace('HTTP/1.1 ', '')} | {elapsed:.2f} s | {rate:.0f} | {peak / 1024:.1f} MiB |")
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
