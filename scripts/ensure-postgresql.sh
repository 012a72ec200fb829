#!/usr/bin/env bash
# Installs Debian's postgresql, whose server the PostgreSQL tests start a throwaway cluster of, when it is missing.
set -euo pipefail
# pg_config alone is not enough: libpq-dev ships one too, on machines without the server's initdb.
command -v pg_config > /dev/null && [ -x "$(pg_config --bindir)/initdb" ] && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql > /dev/null
echo "ensure-postgresql: installed postgresql $(dpkg-query -W -f='${Version}' postgresql)"
