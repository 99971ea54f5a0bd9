# Helpers for the suites that watch the kernel load modules (roce-privs.sh,
# roce-reload.sh). Source after tests/lib.sh.
#
# The VM's root is read-only, so /etc/modprobe.d cannot steer anything: the
# kernel.modprobe sysctl points at a wrapper in /tmp instead, which logs each
# request_module() the kernel makes (its arguments, one line each, to
# /tmp/modprobe.log), sleeps $(</tmp/modprobe.sleep) seconds when that
# file exists, and runs the real modprobe. Loads the test makes itself run
# /sbin/modprobe directly and are not logged.
# shellcheck shell=bash

cm=/sys/kernel/config/rdma_cm
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }

# Whether rdma_cm can be unloaded at all here (not on the debug kernel).
rdma_cm_modular() {
	! grep -q '/rdma_cm\.ko' "/lib/modules/$(uname -r)/modules.builtin" 2>/dev/null
}

rdma_cm_loaded() { [ -e /sys/module/rdma_cm/initstate ]; }

# Unload rdma_cm and what uses it; true when it is gone.
rdma_cm_unload() {
	local m
	for m in rdma_ucm ib_iser ib_isert ib_srp ib_srpt rpcrdma; do
		[ -e /sys/module/$m/initstate ] && modprobe -r $m
	done
	modprobe -r rdma_cm && ! rdma_cm_loaded
}

modprobe_hook_old=
# modprobe_hook [SECONDS]: route the kernel's module loads through the
# logging wrapper, which sleeps SECONDS first (default: none).
modprobe_hook() {
	cat >/tmp/modprobe-hook <<'EOF'
#!/bin/sh
echo "$*" >>/tmp/modprobe.log
[ -f /tmp/modprobe.sleep ] && sleep "$(</tmp/modprobe.sleep)"
exec /sbin/modprobe "$@"
EOF
	chmod 755 /tmp/modprobe-hook
	: >/tmp/modprobe.log
	if [ -n "${1:-}" ]; then echo "$1" >/tmp/modprobe.sleep; else rm -f /tmp/modprobe.sleep; fi
	[ -n "$modprobe_hook_old" ] || modprobe_hook_old=$(</proc/sys/kernel/modprobe)
	echo /tmp/modprobe-hook >/proc/sys/kernel/modprobe
}

modprobe_unhook() {
	[ -n "$modprobe_hook_old" ] && echo "$modprobe_hook_old" >/proc/sys/kernel/modprobe
	rm -f /tmp/modprobe.sleep
}

# What the kernel asked modprobe for since the hook was set, one per line.
modprobe_requests() { sed 's/^-q -- //' /tmp/modprobe.log 2>/dev/null; }

# cm_watch_start / cm_watch_stop: count the directories made and removed in
# rdma_cm's configfs meanwhile (inotify IN_CREATE and IN_DELETE, which
# vfs_mkdir() and vfs_rmdir() raise whoever calls them, the module too).
cm_watch_start() {
	rm -f /tmp/cm-watch.stop /tmp/cm-watch.out
	python3 - "$cm" >/tmp/cm-watch.out <<'EOF' &
import ctypes, os, select, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(0)
if fd < 0 or libc.inotify_add_watch(fd, sys.argv[1].encode(), 0x100 | 0x200) < 0:
    print("error", flush=True)
    sys.exit(1)
print("ready", flush=True)
names = []
while True:
    r, _, _ = select.select([fd], [], [], 0.1)
    if r:
        buf = os.read(fd, 65536)
        i = 0
        while i < len(buf):
            _, mask, _, n = struct.unpack_from("iIII", buf, i)
            name = buf[i + 16:i + 16 + n].rstrip(b"\0").decode()
            names.append(("mkdir " if mask & 0x100 else "rmdir ") + name)
            i += 16 + n
    elif os.path.exists("/tmp/cm-watch.stop"):
        break
print(len(names), " ".join(names[:6]), flush=True)
EOF
	cm_watch_pid=$!
	local i
	for i in $(seq 100); do
		grep -q 'ready\|error' /tmp/cm-watch.out 2>/dev/null && break
		sleep 0.05
	done
}

# Prints "N first-changes...". Often called in $(...), where the watcher
# is no child to wait for: its last line says it is done.
cm_watch_stop() {
	local i
	touch /tmp/cm-watch.stop
	for i in $(seq 100); do
		[ "$(wc -l </tmp/cm-watch.out)" -ge 2 ] && break
		sleep 0.05
	done
	tail -1 /tmp/cm-watch.out
}
