#!/bin/sh
# The sysfs walk of MLNX OFED's show_gids, as the contender of `make bench`:
# every GID slot of every port is tried, one cat per file (the GID; then,
# for a GID that is not zero, its type and its netdev).
zero=0000:0000:0000:0000:0000:0000:0000:0000
printf 'DEV\tPORT\tINDEX\tGID\tIPv4\tVER\tDEV\n'
for dev in /sys/class/infiniband/*; do
	for port in "$dev"/ports/*; do
		for g in $(ls "$port/gids"); do
			gid=$(cat "$port/gids/$g")
			[ "$gid" = "$zero" ] && continue
			type=$(cat "$port/gid_attrs/types/$g" 2>/dev/null)
			ndev=$(cat "$port/gid_attrs/ndevs/$g" 2>/dev/null)
			ipv4=
			case $gid in
			0000:0000:0000:0000:0000:ffff:*) ipv4=$(echo "$gid" | cut -d: -f7-8) ;;
			esac
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${dev##*/}" "${port##*/}" "$g" "$gid" \
				"$ipv4" "$type" "$ndev"
		done
	done
done
