#!/usr/bin/env bash
# `make demo`: remi on its embedded defaults and the samples. Needs `remi` on PATH (the Makefile
# puts .venv/bin first). Each part of the product adds its own script beside this one.
set -euo pipefail
set -f  # racks hold jokers written *: never expand them as file names
trim() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' <<<"$1"; }
here="$(cd "$(dirname "$0")" && pwd)"

echo "== remi check: sample racks of both games (samples/racks.txt)"
grep -v '^#' "$here/racks.txt" | while IFS='|' read -r variant rack atu note; do
    variant=$(trim "$variant"); rack=$(trim "$rack"); atu=$(trim "$atu"); note=$(trim "$note")
    echo
    echo "-- $note"
    echo "\$ remi check --variant $variant \"$rack\"${atu:+ --atu $atu}"
    remi check --variant "$variant" "$rack" ${atu:+--atu "$atu"}
done

for part in demo_sheet.sh demo_vision.sh demo_tutor.sh; do
    if [ -f "$here/$part" ]; then
        echo
        bash "$here/$part"
    fi
done
