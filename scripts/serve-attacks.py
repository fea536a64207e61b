#!/usr/bin/env python3
"""The three attacks of issue 29 at full count, against `validate serve` with its default limits,
under `ulimit -v` at the bound docs/server.md ("Memory") gives for those defaults.

    python3 scripts/serve-attacks.py [.build/release/validate]

1. 100,000 requests with random 8 KB methods;
2. 120 unfinished 8 MiB validate-batch uploads (8 MiB - 1 byte of records each, never finished);
3. 4,096 header tricklers: 16 source addresses (127.0.0.2-17) x 256 connections (the per-address
   default), each sending a header byte every 5 s.

During each attack a normal client (127.0.0.1) validates a form every 0.5 s; the script reports its
worst latency and fails if one is unanswered within 15 s (the header deadline is 10 s), if the
server dies, or if /metrics does not parse with prometheus_client (Debian python3-prometheus-client).
Loopback only; every phase is bounded in count and time (about 2-3 minutes in all). The server is
started and stopped by its pid.
"""
import os
import random
import re
import resource
import socket
import subprocess
import sys
import threading
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/validate"
FLAGS = ["serve", "--rules", "Rules", "--no-web", "--access-log", "off", "--listen", "127.0.0.1:0"]
KIB = 1024
MIB = 1024 * KIB


def start(limit=None):
    argv = [BINARY] + FLAGS
    if limit:
        argv = ["prlimit", f"--as={limit}"] + argv
    process = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    port = int(re.search(r'"address":"[^"]*:(\d+)"', line).group(1))
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
    return process, port


def vm(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) * KIB
    return 0


def normal(port, timeout=15):
    body = b'{"email": "taro@example.jp", "password": "abcdefg"}'
    start = time.time()
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(b"POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
              b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
    data = s.recv(64)
    s.close()
    if not data.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"normal client got {data[:40]!r}")
    return time.time() - start


def metrics_parse(port):
    from prometheus_client.parser import text_string_to_metric_families
    s = socket.create_connection(("127.0.0.1", port), timeout=15)
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    text = data.split(b"\r\n\r\n", 1)[1].decode()
    return sum(len(f.samples) for f in text_string_to_metric_families(text)), len(text)


class Watch:
    """A normal client every 0.5 s while an attack runs."""

    def __init__(self, port):
        self.port, self.worst, self.failures, self.count = port, 0.0, [], 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def run(self):
        while not self.stop.is_set():
            try:
                self.worst = max(self.worst, normal(self.port))
                self.count += 1
            except Exception as error:  # noqa: BLE001
                self.failures.append(str(error))
            self.stop.wait(0.5)

    def end(self):
        self.stop.set()
        self.thread.join()
        return self


def methods(port, count=100_000, threads=8):
    def work(n):
        rng = random.Random()
        for _ in range(n):
            method = bytes(rng.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(64)) * 125
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(method + b" /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                s.recv(256)
                s.close()
            except OSError:
                pass
    workers = [threading.Thread(target=work, args=(count // threads,)) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def batches(port, count=120, size=8 * MIB - 1):
    line = b'{"email": "taro@example.jp", "password": "abcdefg", "passwordConfirmation": "abcdefg"}\n'
    block = line * (64 * KIB // len(line))
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(b"POST /v1/rules/signup/validate-batch HTTP/1.1\r\nHost: x\r\n"
                  b"Content-Type: application/x-ndjson\r\nContent-Length: %d\r\n\r\n" % (size + 1))
        sent = 0
        try:
            while sent < size:
                piece = block[: size - sent]
                s.sendall(piece)
                sent += len(piece)
        except OSError:
            pass  # refused (503) and closed
        held.append(s)
    return held


def tricklers(port, addresses=16, per_address=256):
    held = []
    for a in range(addresses):
        for _ in range(per_address):
            s = socket.socket()
            s.setblocking(True)
            s.bind((f"127.0.0.{a + 2}", 0))
            s.settimeout(2)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ")
                held.append(s)
            except OSError:
                s.close()
    return held


def trickle(held, seconds):
    end = time.time() + seconds
    while time.time() < end:
        for s in held:
            try:
                s.send(b"a")
            except OSError:
                pass
        time.sleep(5)


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 16384), hard))
    probe, _ = start()
    time.sleep(0.5)
    s0 = vm(probe.pid, "VmSize")
    probe.terminate()
    probe.wait()
    # docs/server.md: S + C x (H + U + 8 KiB + 40 KiB) + 2 x B, defaults C 4096, H 16 KiB, U 8 KiB, B 256 MiB.
    bound = s0 + 4096 * (16 * KIB + 8 * KIB + 8 * KIB + 40 * KIB) + 2 * 256 * MIB
    print(f"S = {s0 // MIB} MiB; bound = {bound // MIB} MiB (ulimit -v)")
    server, port = start(bound)
    failed = False
    for name, attack in [
        ("100,000 random 8 KB methods", lambda: methods(port)),
        ("120 unfinished 8 MiB batches", lambda: batches(port)),
        ("4,096 header tricklers", lambda: trickle(tricklers(port), 25)),
    ]:
        watch = Watch(port)
        began = time.time()
        held = attack()
        seconds = time.time() - began
        watch.end()
        alive = server.poll() is None
        samples, size = metrics_parse(port) if alive else (0, 0)
        print(f"{name}: {seconds:.1f} s; server alive {alive}; VmPeak {vm(server.pid, 'VmPeak') // MIB if alive else '-'} MiB, "
              f"VmRSS {vm(server.pid, 'VmRSS') // MIB if alive else '-'} MiB; normal client {watch.count} answered, "
              f"worst {watch.worst * 1000:.0f} ms, failures {len(watch.failures)}; /metrics {samples} samples, {size} bytes")
        failed |= not alive or bool(watch.failures)
        del held
        time.sleep(1)
    server.terminate()
    server.wait(timeout=30)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
