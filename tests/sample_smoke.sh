#!/usr/bin/env bash
# The per-sample tests that add_sample() registers:
#   sample_smoke.sh headless|windowed|closed|golden SAMPLE_EXE PNG_CHECK OUT_DIR GOLDEN_DIR
# headless: a few frames through EGL. The sample's own picture (--no-ui) must not be blank,
#           and the same frame with the overlay must differ from it: the overlay drew.
# windowed: the same through a real GLFW window under Xvfb, with a fixed time step so the
#           two runs show the same frame.
# closed:   a window run with no --frames, ended by Esc as a user would: --screenshot must
#           still write that last frame.
# golden:   frame 5 at 640x360 without overlay (fixed time step and seed, so deterministic)
#           compared with GOLDEN_DIR/<sample>.png. GOLDEN_DIR/<sample>.args, if present,
#           holds extra arguments for that run (to keep rounding noise out of the picture).
set -euo pipefail
mode=$1 exe=$2 png_check=$3 out=$4 golden=$5
name=$(basename "$exe")
mkdir -p "$out"
shot="$out/$name.$mode.png"
rm -f "$shot"
# Runs the sample for 3 frames at 640x360 twice, with and without the overlay, and checks
# both pictures. Arguments: the command that runs the sample (perhaps under xvfb-run).
two_pictures() {
    local plain="$out/$name.$mode.png" with_ui="$out/$name.$mode-ui.png"
    rm -f "$plain" "$with_ui"
    "$@" --frames 3 --size 640x360 --no-ui --screenshot "$plain" 2>&1 | tee "$out/$name.$mode.log"
    "$@" --frames 3 --size 640x360 --screenshot "$with_ui" 2>&1 | tee -a "$out/$name.$mode.log"
    "$png_check" nonblank "$plain"
    "$png_check" differs "$with_ui" "$plain"
}
case $mode in
    headless)
        two_pictures "$exe" --headless ;;
    windowed)
        # -a picks a free display number, so parallel tests do not collide.
        two_pictures env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24" \
            "$exe" --fixed-dt
        # Prove the frames came through a real window, not a headless fallback.
        [ "$(grep -c "GLFW window" "$out/$name.windowed.log")" -eq 2 ] ;;
    closed)
        env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
            # One Esc tap must end it; if the tap is lost, fail in 60 s rather than hang.
            timeout 60 "$1" --size 640x360 --no-ui --screenshot "$2" & pid=$!
            window=$(timeout 60 xdotool search --sync --onlyvisible --name "^$3\$" | head -1)
            xdotool key --window "$window" Escape
            wait "$pid"' closed "$exe" "$shot" "$name"
        "$png_check" nonblank "$shot" ;;
    golden)
        args=()
        [ -f "$golden/$name.args" ] && read -r -a args < "$golden/$name.args"
        "$exe" --headless --frames 5 --size 640x360 --no-ui --seed 1 "${args[@]}" --screenshot "$shot"
        "$png_check" golden "$shot" "$golden/$name.png" "$out/golden-failures" ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
