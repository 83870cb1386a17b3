#!/usr/bin/env bash
# Retake the README's screenshots at 1366×768, light and dark, with the shared
# `look` tool: the app runs in a real X window on a virtual screen, driven by its own keys.
#   docs/retake_screenshots.sh [LOOK]     (LOOK defaults to ../shared/tools/look)
# Light pictures keep the README's names (docs/sheet.png), dark ones end in _dark.png.
# Each picture must be looked at before it is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
look=${1:-/work/shared/tools/look}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
uv run python docs/screenshot_campaign.py "$work/campaign.json" 2>/dev/null

shot() {  # shot NAME SCHEME KEYS...
  local name=$1 scheme=$2; shift 2
  local home="$work/home-$name-$scheme"
  mkdir -p "$home/config"
  cp "$work/campaign.json" "$home/c.json"
  # a laptop screen: the window fills it; the colours are the Preferences' choice
  printf '{"color_scheme": "%s", "example_copied": true}' "$scheme" >"$home/config/state.json"
  local args=()
  for k in "$@"; do args+=(--keys "$k"); done
  local out="docs/${name}.png"
  [[ $scheme == dark ]] && out="docs/${name}_dark.png"
  EMBERKEEP_HOME=$home "$look" "$out" --size 1366x768 --wait 2 \
    "${args[@]}" -- uv run emberkeep "$home/c.json"
}

for scheme in light dark; do
  shot main_window "$scheme"  # the roster
  shot sheet "$scheme" "Down Return"
  shot repairs "$scheme" "ctrl+r"
  shot encounter_group "$scheme" "alt+n" "o" "Return" "a"  # an attack previewed
  shot encounter_simultaneous "$scheme" "alt+n" "o" "Down Return"
  shot encounter_wdd "$scheme" "alt+n" "o" "Down Down Return" "a"
  shot melee_round "$scheme" "alt+n" "o" "Down Down Down Return" "a"  # an exchange rolled
  shot player_view "$scheme" "alt+n" "o" "Return" "F5"
done
wait_s=(shift shift shift shift shift shift shift shift)  # half a second each: the fights run
shot odds light "alt+n" "o" "Down Down Down Down Return" "shift+o" "Return" "${wait_s[@]}" \
  "alt+w" "${wait_s[@]}" "${wait_s[@]}" "${wait_s[@]}"
