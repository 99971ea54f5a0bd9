#!/bin/bash
# What ships beside rdmactl-exporter, checked by the tools that read it:
# the alert rules (promtool check rules, and test rules on series that
# must and must not fire them), the sample scrape configuration, the
# systemd unit (systemd-analyze verify), and the metrics' list in
# Documentation/exporter.md against the families the sources name. The exporter itself is tested in
# the VM (tests/integration/exporter.sh).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
T_NAME=exporter-files
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t_run "promtool check rules" 0 promtool check rules "$top/tools/exporter/rdma-alerts.yml"
t_match "nine rules" "SUCCESS: 9 rules found" "$T_OUT"
t_run "promtool check config: the sample scrape configuration" 0 \
	promtool check config "$top/tools/exporter/prometheus.yml"
t_run "promtool test rules: each alert fires when it should" 0 \
	sh -c "cd '$top/tests' && promtool test rules exporter-rules.test.yml"
# mutant WHAT SED ALERT: the test fails for the rules with SED applied, naming ALERT.
mutant() {
	sed "$2" "$top/tools/exporter/rdma-alerts.yml" >"$tmp/rdma-alerts.yml"
	sed "s|../tools/exporter/rdma-alerts.yml|$tmp/rdma-alerts.yml|" \
		"$top/tests/exporter-rules.test.yml" >"$tmp/test.yml"
	t_run "and the test fails for $1" 1 promtool test rules "$tmp/test.yml"
	t_match "naming the alert" "alertname: $3" "$T_OUT$T_ERR"
}
# A rule that fires too late is seen: the flapping alert at five changes.
mutant "a rule that would not fire" 's/\[1h\]) >= 4/[1h]) >= 5/' RdmaPortFlapping
# A rule that fires too often too: the lossy RoCE alert on an idle port.
mutant "a rule that would fire without traffic" \
	's/expr: rdma_roce_qos_lossless == 0 and .*/expr: rdma_roce_qos_lossless == 0/' RdmaRoceLossy

# Every family the exporter writes by its name is in Documentation/exporter.md's list.
missing=
for m in $(grep -oh '"rdma_[a-z0-9_]*"' "$top"/tools/exporter/*.c | tr -d '"' | sort -u); do
	grep -qE "\`$m(_total|_info)?[\`{]" "$top/Documentation/exporter.md" || missing="$missing $m"
done
t_eq "every family the exporter names is documented" "" "${missing# }"

sed "s|@SBINDIR@|$top/build/bin|" "$top/tools/exporter/rdmactl-exporter.service" \
	>"$tmp/rdmactl-exporter.service"
t_run "systemd-analyze verify: the unit" 0 systemd-analyze verify --man=no "$tmp/rdmactl-exporter.service"
t_eq "no capabilities" "CapabilityBoundingSet=" \
	"$(grep '^CapabilityBoundingSet' "$top/tools/exporter/rdmactl-exporter.service")"
t_done
