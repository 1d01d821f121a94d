#!/usr/bin/env bash
# Prints the Debian mirror the system's apt already uses (so that downloads reach only Debian's
# archive), or deb.debian.org. Read-only: the system's apt sources are never changed.
set -uo pipefail
mirror=$(grep -hE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
           /etc/apt/sources.list.d/*.list 2>/dev/null \
         | grep -oE 'https?://[^ ]+/debian/?( |$)' | grep -v security | head -n 1 | tr -d ' ' || true)
echo "${mirror:-http://deb.debian.org/debian}"
