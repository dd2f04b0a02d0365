#!/usr/bin/env bash
# The per-sample tests that add_sample() registers:
#   sample_smoke.sh headless|windowed|golden SAMPLE_EXE PNG_CHECK OUT_DIR GOLDEN_DIR
# headless: a few frames through EGL with the overlay; the screenshot must not be blank.
# windowed: the same through a real GLFW window under Xvfb.
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
case $mode in
    headless)
        "$exe" --headless --frames 3 --size 640x360 --screenshot "$shot"
        "$png_check" nonblank "$shot" ;;
    windowed)
        # -a picks a free display number, so parallel tests do not collide.
        env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24" \
            "$exe" --frames 3 --size 640x360 --screenshot "$shot" 2>&1 | tee "$out/$name.windowed.log"
        # Prove the frame came through a real window, not a headless fallback.
        grep -q "GLFW window" "$out/$name.windowed.log"
        "$png_check" nonblank "$shot" ;;
    closed)
        env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
            # One Esc tap must end it; if the tap is lost, fail in 60 s rather than hang.
            timeout 60 "$1" --size 640x360 --screenshot "$2" & pid=$!
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
