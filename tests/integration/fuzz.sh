#!/bin/bash
# The netlink fuzzer (nlfuzz.c) against the module, as root and as an
# unprivileged user at once: RDMACTL_FUZZ_MESSAGES in all (60,000 unless
# set: about 2 minutes on the debug kernel under TCG; every run draws a new
# seed, so runs add up), RDMACTL_FUZZ_SEED to repeat a run. Afterwards the module must
# still report the same devices and ports and answer every command; the
# debug kernel's checkers watch for the rest (tests/integration/lines.sh, --debug).
. "$RDMACTL_TOP/tests/lib.sh"

fuzz=$RDMACTL_TOP/build/tests/nlfuzz
n=${RDMACTL_FUZZ_MESSAGES:-60000}
seed=${RDMACTL_FUZZ_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
topology() { rdmactl -j port show | jq -c '[.[] | "\(.ifname)/\(.port) \(.link_layer)"] | sort'; }

before=$(topology)
args=()
for d in $(rdmactl -j dev show | jq -r '.[].ifname'); do args+=(-d "$d"); done
for i in $(rdmactl -j ipoib show | jq -r '.[].netdev'); do args+=(-i "$i"); done
echo "# fuzz: $n messages, seed $seed, devices: ${args[*]}"

# Three quarters as root, a quarter as nobody, at the same time.
"$fuzz" -n $((n * 3 / 4)) -s "$seed" "${args[@]}" >/tmp/fuzz-root.out 2>&1 &
root=$!
"$fuzz" -n $((n - n * 3 / 4)) -s $((seed + 1)) -u 65534 "${args[@]}" >/tmp/fuzz-user.out 2>&1 &
user=$!
wait $root
t_eq "fuzzing as root: no malformed reply" 0 "$?"
cat /tmp/fuzz-root.out
wait $user
t_eq "fuzzing as nobody: every state change refused with EPERM, no malformed reply" 0 "$?"
cat /tmp/fuzz-user.out

total=$(cat /tmp/fuzz-root.out /tmp/fuzz-user.out |
	sed -n 's/.*: \([0-9]*\) messages.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
t_eq "all $n messages sent" "$n" "$total"
t_match "root: the kernel refused some and accepted some" \
	' [1-9][0-9]* acks ok, [1-9][0-9]* errors' "$(</tmp/fuzz-root.out)"
t_match "nobody: state changes were refused" 'EPERM [1-9]' "$(</tmp/fuzz-user.out)"

# The module still answers, and what it reports has not changed.
t_eq "same devices and ports after fuzzing" "$before" "$(topology)"
for cmd in "dev show" "port show" "stat show" "gid show" "roce show" "ipoib show"; do
	# shellcheck disable=SC2086
	t_run "rdmactl $cmd after fuzzing" 0 rdmactl -j $cmd
done
t_done
