#!/bin/bash
# Hand-made requests: the module answers by index too, and refuses
# malformed input with an error that names the problem.
. "$RDMACTL_TOP/tests/lib.sh"

nlraw=$RDMACTL_TOP/build/tests/nlraw
# Two devices of one port: rxe0 and rxe1, or the fake HCA's (DOCA-OFED).
knobs=/sys/kernel/debug/rdmactl_fakehca
two_devs
idx0=$(rdma -j dev show $dev0 | jq .[0].ifindex)

t_run "DEV_GET by index" 0 "$nlraw" DEV_GET DEV_INDEX:u32:"$idx0"
t_match "DEV_GET by index answers with that device" "=$dev0( |$)" "$T_OUT"
t_run "PORT_GET by index and port" 0 "$nlraw" PORT_GET DEV_INDEX:u32:"$idx0" PORT_INDEX:u32:1
t_run "DEV_GET by index and the matching name" 0 "$nlraw" DEV_GET DEV_INDEX:u32:"$idx0" DEV_NAME:strz:$dev0

t_run "index that does not exist" 1 "$nlraw" DEV_GET DEV_INDEX:u32:999
t_eq "index that does not exist: ENODEV, named" "error 19: no RDMA device with index 999" "$T_OUT"
t_run "index and name of different devices" 1 "$nlraw" DEV_GET DEV_INDEX:u32:"$idx0" DEV_NAME:strz:$dev1
t_eq "index and name disagree: says so, and what to do" \
	"error 22: device index $idx0 has another name; give the index or the name alone" "$T_OUT"
t_run "no device" 1 "$nlraw" DEV_GET
t_eq "no device: says what to set" "error 22: no device given: set the device index or name" "$T_OUT"
t_run "no port" 1 "$nlraw" PORT_GET DEV_NAME:strz:$dev0
t_eq "no port: says what to set" "error 22: no port given: set the port number" "$T_OUT"
t_run "port filter without a device" 1 "$nlraw" --dump PORT_GET PORT_INDEX:u32:1
t_eq "port filter without a device: refused" "error 22: a port filter needs a device" "$T_OUT"
t_run "dump filtered by a missing device" 1 "$nlraw" --dump PORT_GET DEV_NAME:strz:nosuch
t_eq "dump filtered by a missing device: said" "error 19: no RDMA device has this name" "$T_OUT"
t_run "dump filtered by a missing port" 1 "$nlraw" --dump PORT_GET DEV_NAME:strz:$dev0 PORT_INDEX:u32:2
t_eq "dump filtered by a missing port: named" \
	"error 19: port 2 does not exist: the device has port 1 only" "$T_OUT"
t_run "dump filtered by device and port" 0 "$nlraw" --dump PORT_GET DEV_NAME:strz:$dev0 PORT_INDEX:u32:1
t_eq "dump filtered by device and port: one message" 1 "$(grep -c ^msg <<<"$T_OUT")"

# Malformed input: refused by the policy, with a message, never a crash.
t_run "u16 where a u32 belongs" 1 "$nlraw" DEV_GET DEV_INDEX:u16:0
t_match "wrong attribute size: EINVAL with a message" "^error 22: .+" "$T_OUT"
t_run "name without its NUL" 1 "$nlraw" DEV_GET DEV_NAME:str:$dev0
t_match "unterminated string: EINVAL with a message" "^error 22: .+" "$T_OUT"
t_run "name longer than a device name" 1 "$nlraw" DEV_GET DEV_NAME:strz:"$(printf 'x%.0s' $(seq 100))"
t_match "overlong name: EINVAL/ERANGE with a message" "^error (22|34): .+" "$T_OUT"
t_run "attribute of another command" 1 "$nlraw" DEV_GET DEV_NAME:strz:$dev0 PORT_INDEX:u32:1
t_match "attribute outside the command's policy: refused with a message" "^error 22: .+" "$T_OUT"
t_run "attribute the family does not know" 1 "$nlraw" DEV_GET DEV_NAME:strz:$dev0 200:u32:1
t_match "unknown attribute: refused with a message" "^error 22: .+" "$T_OUT"
t_run "reply-only attribute in a request" 1 "$nlraw" PORT_GET DEV_NAME:strz:$dev0 PORT_INDEX:u32:1 PORT_STATE:u8:4
t_match "reply attribute in a request: refused" "^error 22: .+" "$T_OUT"
t_run "truncated attribute" 1 "$nlraw" --tail 0c000200 DEV_GET DEV_NAME:strz:$dev0
t_match "truncated trailing attribute: refused with a message" "^error 22: .+" "$T_OUT"
t_run "IPOIB_SET with a mode that is no IPoIB mode" 1 "$nlraw" IPOIB_SET IPOIB_IFNAME:strz:ib0 IPOIB_MODE:u8:2
t_eq "refused by the policy (NLA_POLICY_MAX)" "error 34: integer out of range" "$T_OUT"
t_run "ROCE_SET with a mode that is no RoCE mode" 1 "$nlraw" ROCE_SET DEV_NAME:strz:$dev0 ROCE_MODE:u8:7
t_eq "refused by the policy (NLA_POLICY_RANGE)" "error 34: integer out of range" "$T_OUT"
t_run "ROCE_SET with the IB GID type for a mode" 1 "$nlraw" ROCE_SET DEV_NAME:strz:$dev0 ROCE_MODE:u8:1
t_eq "below the range: refused too" "error 34: integer out of range" "$T_OUT"
t_run "unknown command" 1 "$nlraw" 77
t_match "unknown command: EOPNOTSUPP" "^error 95: " "$T_OUT"

t_run "the module still answers" 0 rdmactl -j port show
t_eq "and answers in full" "$(ls -d /sys/class/infiniband/*/ports/* | wc -l)" "$(jq length <<<"$T_OUT")"
[ -z "$added" ] || echo "$added" >$knobs/remove

t_done
