#!/usr/bin/env bash
# The per-sample tests that add_sample() registers:
#   sample_smoke.sh headless|windowed|closed|golden SAMPLE_EXE PNG_CHECK OUT_DIR GOLDEN_DIR
# headless: a few frames through EGL: the sample's own picture (--no-ui) must not be blank,
#           and a run with the overlay must also succeed.
# windowed: the same through a real GLFW window under Xvfb.
# closed:   a window run with no --frames, ended by Esc as a user would: --screenshot must
#           still write that last frame.
# reload:   line_space, which detects its lines only when something changes, in a window:
#           after count.comp is edited to leave the line space empty and R reloads the
#           shaders, --output must hold no line (Sample::shadersReloaded marks it stale).
# GOLDEN_DIR/<sample>.args, if present, holds extra arguments for every run of the sample
# here: settings that keep rounding noise out of the golden picture, or that keep a sample
# whose defaults are slow on a CPU renderer quick (flocking's 16384 boids, all pairs).
# golden:   frame 5 at 640x360 without overlay (fixed time step and seed, so deterministic)
#           compared with GOLDEN_DIR/<renderer>/<sample>.png, the image this GL's renderer
#           made (rasterisation and float sums differ between GPUs, so each renderer has its
#           own set; <renderer>/RENDERER names the GL that made it). Without one for this
#           renderer the test is skipped (exit 77), never passed. CS_UPDATE_GOLDEN=1
#           (scripts/update-golden) writes the image.
# And once, for the framework:
#   sample_smoke.sh overlay TEST_SAMPLE_EXE PNG_CHECK OUT_DIR --headless|--window
# overlay:  test_sample draws nothing, so its frame is blank without the overlay and must
#           not be blank with it: the overlay drew.
set -eEuo pipefail
mode=$1 exe=$2 png_check=$3 out=$4 golden=$5
name=$(basename "$exe")
# A check that fails says which, with its status: a run that exits non-zero after writing
# its shot, a blank picture, a count of lines.
trap 'echo "sample_smoke.sh $mode $name: line $LINENO failed with status $?" >&2' ERR
mkdir -p "$out"
shot="$out/$name.$mode.png"
# Runs the sample for 3 frames at 640x360 without, then with, the overlay, into $plain and
# $with_ui. Arguments: the command that runs the sample (perhaps under xvfb-run).
plain="$out/$name.$mode.png" with_ui="$out/$name.$mode-ui.png"
args=()
[ -n "${golden:-}" ] && [ -f "$golden/$name.args" ] && read -r -a args < "$golden/$name.args"
two_runs() {
    rm -f "$plain" "$with_ui"
    "$@" --frames 3 --size 640x360 --no-ui "${args[@]}" --screenshot "$plain" 2>&1 |
        tee "$out/$name.$mode.log"
    "$@" --frames 3 --size 640x360 "${args[@]}" --screenshot "$with_ui" 2>&1 |
        tee -a "$out/$name.$mode.log"
}
# The run with the overlay must differ from the one without: the overlay drew over the picture.
overlay_changed() {
    if cmp -s "$plain" "$with_ui"; then
        echo "$with_ui: the overlay did not change the picture" >&2
        exit 1
    fi
}
in_xvfb=(env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1024x768x24")  # -a: a free display
case $mode in
    headless)
        two_runs "$exe" --headless
        "$png_check" nonblank "$plain"
        overlay_changed ;;
    windowed)
        two_runs "${in_xvfb[@]}" "$exe"
        # Prove the frames came through a real window, not a headless fallback.
        [ "$(grep -c "GLFW window" "$out/$name.windowed.log")" -eq 2 ]
        "$png_check" nonblank "$plain"
        overlay_changed ;;
    overlay)
        where=${5#--}  # headless or window
        plain="$out/$name.overlay-$where.png" with_ui="$out/$name.overlay-$where-ui.png"
        if [ "$where" = window ]; then two_runs "${in_xvfb[@]}" "$exe"; else two_runs "$exe" --headless; fi
        if "$png_check" nonblank "$plain"; then
            echo "$plain: test_sample's own frame should be blank" >&2
            exit 1
        fi
        "$png_check" nonblank "$with_ui" ;;
    closed)
        "${in_xvfb[@]}" bash -c '
            # One Esc tap must end it; if the tap is lost, fail in 60 s rather than hang.
            timeout 60 "$1" --size 640x360 --no-ui --screenshot "$2" & pid=$!
            window=$(timeout 60 xdotool search --sync --onlyvisible --name "^$3\$" | head -1)
            xdotool key --window "$window" Escape
            wait "$pid"' closed "$exe" "$shot" "$name"
        "$png_check" nonblank "$shot" ;;
    reload)
        shaders=$(mktemp -d)
        trap 'rm -rf "$shaders"' EXIT
        cp -r "$golden/../../shaders/." "$shaders/"
        log="$out/$name.reload.log" lines="$out/$name.reload.json"
        rm -f "$lines"
        "${in_xvfb[@]}" bash -c '
            CS_SHADER_DIR="$4" timeout 60 "$1" --size 640x360 --no-ui --output "$2" 2>"$5" &
            pid=$!
            window=$(timeout 60 xdotool search --sync --onlyvisible --name "^$3\$" | head -1)
            # One R, and its message: the frames run, so set-up has compiled count.comp and
            # the edit below reaches the sample only through a later reload.
            xdotool key --window "$window" r
            until grep -q "shaders reloaded" "$5" || ! kill -0 "$pid"; do sleep 0.1; done
            sed -i "s/imageStore(lineSpace, entry, result);/imageStore(lineSpace, entry, uvec4(0u));/" \
                "$4/line_space/count.comp"
            grep -q "imageStore(lineSpace, entry, uvec4(0u));" "$4/line_space/count.comp"
            # R again until a second reload is seen: a press during the slow frame that the
            # first reload caused reads as the same key still held, and is not one.
            until [ "$(grep -c "shaders reloaded" "$5")" -ge 2 ] || ! kill -0 "$pid"; do
                xdotool key --window "$window" r
                sleep 0.3
            done
            xdotool key --window "$window" Escape
            wait "$pid"' reload "$exe" "$lines" "$name" "$shaders" "$log"
        cat "$log"
        if [ "$(tr -d ' \n' < "$lines")" != "[]" ]; then
            echo "$lines: the lines of the shader before the reload" >&2
            exit 1
        fi ;;
    golden)
        # The renderer's directory: vendor and renderer without their innermost parenthesised
        # details (LLVM version, driver build), lower case, e.g. mesa-x-org-llvmpipe. A layered
        # driver keeps the device it runs on: zink (llvmpipe (LLVM ...)), zink over lavapipe,
        # is collabora-ltd-zink-llvmpipe, apart from zink over a GPU's Vulkan driver.
        info=$("$exe" --headless --info)
        vendor=$(sed -n 's/^vendor: *//p' <<<"$info")
        renderer=$(sed -n 's/^renderer: *//p' <<<"$info")
        key=$(sed -e 's/([^()]*)//g' <<<"$vendor $renderer" | tr 'A-Z' 'a-z' |
              sed -e 's/[^a-z0-9]\+/-/g' -e 's/^-//' -e 's/-$//')
        set_dir="$golden/$key"
        if [ "${CS_UPDATE_GOLDEN:-}" = 1 ]; then
            mkdir -p "$set_dir"
            grep -E '^(vendor|renderer|OpenGL version):' <<<"$info" >"$set_dir/RENDERER"
        elif [ ! -f "$set_dir/$name.png" ]; then
            echo "skipped: no golden image of $name for '$vendor $renderer' in $set_dir" \
                 "(scripts/update-golden makes this renderer's set)"
            exit 77
        fi
        "$exe" --headless --frames 5 --size 640x360 --no-ui --seed 1 "${args[@]}" --screenshot "$shot"
        "$png_check" golden "$shot" "$set_dir/$name.png" "$out/golden-failures" ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
