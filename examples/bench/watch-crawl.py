#!/usr/bin/env python3
"""The watchers of the observability benchmark (docs/performance.md#observability), in a process of
their own so that their CPU is not the crawl's: whenever the live page's port is open, one client
holds its event stream (/events) open, reconnecting within 10 ms; whenever the metrics port is
open, /metrics is scraped once a second. Runs until killed; every 10 s it prints what it saw.

Usage: python3 examples/bench/watch-crawl.py METRICS_PORT UI_PORT &
       then crawl, as often as you like, with --metrics 127.0.0.1:METRICS_PORT --ui 127.0.0.1:UI_PORT
"""
import socket
import sys
import threading
import time
import urllib.request

metrics_port, ui_port = int(sys.argv[1]), int(sys.argv[2])
seen = {"streams": 0, "events": 0, "scrapes": 0}


def hold_event_stream():
    while True:
        try:
            s = socket.create_connection(("127.0.0.1", ui_port), timeout=30)
        except OSError:
            time.sleep(0.01)
            continue
        try:
            s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            seen["streams"] += 1
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                seen["events"] += chunk.count(b"data: ")
        except OSError:
            pass
        finally:
            s.close()


def scrape_every_second():
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).read()
            seen["scrapes"] += 1
            time.sleep(1)
        except OSError:
            time.sleep(0.01)


threading.Thread(target=hold_event_stream, daemon=True).start()
threading.Thread(target=scrape_every_second, daemon=True).start()
while True:
    time.sleep(10)
    print(seen, flush=True)
