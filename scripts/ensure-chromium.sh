#!/usr/bin/env bash
# Installs Debian's chromium, the browser the explorer's test drives, when it is missing.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium > /dev/null
echo "ensure-chromium: installed chromium $(dpkg-query -W -f='${Version}' chromium)"
