#!/usr/bin/env python3
"""Where a JVM's CPU goes, by thread (docs/performance.md#the-plain-path): runs COMMAND (a java
process, or a script that execs one), reads every thread's user + system time from Linux's
/proc/PID/task/TID/stat every 10 ms until it exits, and prints the seconds of each group: the JIT
compilers' threads (C1, C2), the garbage collector's and the VM's own, the main thread, and the
rest (virtual-thread carriers, a pool's workers). A thread that ends between two reads loses at
most its last 10 ms; the total is within a few percent of /usr/bin/time's.

Usage: python3 examples/bench/thread-cpu.py COMMAND [ARG ...]
"""
import collections
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def group(name):
    if name.startswith("C1 Compiler"):
        return "C1 compiler"
    if name.startswith("C2 Compiler"):
        return "C2 compiler"
    if "GC" in name or name.startswith(("G1 ", "VM ")):
        return "collector and VM"
    if name in ("java", "main"):
        return "main"
    return "the rest"


def main():
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    threads = {}
    while process.poll() is None:
        try:
            tids = os.listdir(f"/proc/{process.pid}/task")
        except OSError:
            tids = []
        for tid in tids:
            try:
                with open(f"/proc/{process.pid}/task/{tid}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            name = stat[stat.index("(") + 1 : stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2 :].split()
            threads[tid] = (name, (int(fields[11]) + int(fields[12])) / TICK)
        time.sleep(0.01)
    seconds = collections.Counter()
    for name, cpu in threads.values():
        seconds[group(name)] += cpu
    print(" ".join(f"{k}={v:.2f}" for k, v in seconds.most_common()), f"total={sum(seconds.values()):.2f}")
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
