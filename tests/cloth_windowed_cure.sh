#!/usr/bin/env bash
# cloth in a window (Xvfb, xdotool): explicit springs at stiffness 1e7 blow up, every point
# no longer a number within two steps. Ctrl+R then puts every parameter back to its default,
# stiffness among them, and a change that may cure a blow-up restarts the cloth from its
# initial state (main.cpp, update()): the last frame must show the cloth again. Had it stayed
# blown up, the last frame would equal that of a run left blown up: sphere and ground alone.
#   cloth_windowed_cure.sh CLOTH_EXE OUT_DIR
set -euo pipefail
exe=$1 out=$2
mkdir -p "$out"
blown="$out/cloth.blown.png" cured="$out/cloth.cured.png"
run=(--size 640x360 --no-ui --frames 150 --set stiffness=1e7)
in_xvfb=(env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24")
rm -f "$blown" "$cured"
"${in_xvfb[@]}" "$exe" "${run[@]}" --screenshot "$blown"
"${in_xvfb[@]}" bash -c '
    timeout 120 "$1" "${@:3}" --screenshot "$2" & pid=$!
    window=$(timeout 60 xdotool search --sync --onlyvisible --name "^cloth\$" | head -1)
    sleep 2  # a few frames: the springs blow up in two steps
    xdotool key --window "$window" ctrl+r
    wait "$pid"' cure "$exe" "$cured" "${run[@]}"
if cmp -s "$blown" "$cured"; then
    echo "$cured: the cloth stayed blown up after Ctrl+R put the stiffness back" >&2
    exit 1
fi
