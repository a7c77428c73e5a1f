#!/usr/bin/env python3
"""The CPU of a PostgreSQL server on this machine, read from /proc as a dbrace race reads it (race.json's server_cpu):
the postmaster and every process it started, those alive (/proc/PID/task/PID/children) and those it reaped (its
cumulative children's time), user and system seconds.

    bench/server-cpu.py find PORT    the pid of the postmaster listening on PORT (its command line has -p PORT)
    bench/server-cpu.py read PID     "USER_S SYS_S" of PID and every process it started
"""
import os
import sys

TICKS = os.sysconf("SC_CLK_TCK")


def fields(pid):
    """The fields of /proc/PID/stat after the command, which may hold spaces and parentheses."""
    stat = open(f"/proc/{pid}/stat").read()
    return stat[stat.rindex(")") + 2:].split()


def cpu(pid):
    # after the command: utime(14) stime(15) cutime(16) cstime(17), numbered from 1 in proc(5)
    f = fields(pid)
    return (int(f[11]) + int(f[13])) / TICKS, (int(f[12]) + int(f[14])) / TICKS


def read(pid):
    user, sys_ = cpu(pid)
    for child in open(f"/proc/{pid}/task/{pid}/children").read().split():
        try:
            u, s = cpu(child)
        except OSError:
            continue  # ended since the listing: in the parent's children's time once reaped
        user, sys_ = user + u, sys_ + s
    return user, sys_


def find(port):
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            argv = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace").split("\0")
        except OSError:
            continue
        if os.path.basename(argv[0]) == "postgres" and any(
                a == "-p" and b == port for a, b in zip(argv, argv[1:])):
            return pid
    return None


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("find", "read"):
        sys.exit("usage: server-cpu.py find PORT | read PID")
    if sys.argv[1] == "find":
        found = find(sys.argv[2])
        if found is None:
            sys.exit(f"server-cpu: no postmaster with -p {sys.argv[2]} on this machine")
        print(found)
    else:
        print("%.2f %.2f" % read(sys.argv[2]))
