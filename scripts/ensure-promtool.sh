#!/usr/bin/env bash
# Puts Prometheus's promtool on PATH (/usr/local/bin) when it is missing: the metrics test checks the
# gateway's /metrics with `promtool check metrics`. Only the binary is taken from Debian's prometheus
# package (downloaded and unpacked, not installed: no server, no service).
set -euo pipefail
command -v promtool > /dev/null && exit 0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export DEBIAN_FRONTEND=noninteractive
apt-get download prometheus > /dev/null 2>&1 || { apt-get update -qq && apt-get download prometheus > /dev/null 2>&1; }
dpkg -x prometheus_*.deb unpacked
install -m 0755 unpacked/usr/bin/promtool /usr/local/bin/promtool
echo "ensure-promtool: $(promtool --version 2>&1 | head -1)"
