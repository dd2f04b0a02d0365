#!/usr/bin/env bash
# A --bench run in a real window (GLFW under Xvfb) ends, and times its passes the way the
# same run does headless on this GL:
#   window_timing.sh SAMPLE_EXE OUT_DIR [ARGS...]
# ARGS go to both runs (settings that keep the sample quick on a CPU renderer).
# The timing method is probed on each context at start-up (detectTimingMethod). A probe
# that trusted llvmpipe's timer queries in a window only (they miss compute work) made the
# calibration's loops grow for minutes: invert --bench did not end in 150 s. So both runs
# have 60 s, and where headless finds that the queries miss compute, the window must too.
set -euo pipefail
exe=$1 out=$2
shift 2
name=$(basename "$exe")
mkdir -p "$out"
headless_log="$out/$name.bench-headless.log" window_log="$out/$name.bench-window.log"
run=(--bench --frames 3 --size 320x180 "$@")

status=0
timeout 60 "$exe" --headless "${run[@]}" --screenshot "$out/$name.bench-headless.png" \
    > "$headless_log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$headless_log"
    echo "$name: the headless --bench run failed (exit $status; 124: it ran over 60 s)" >&2
    exit 1
fi
# timeout inside xvfb-run, so that the sample, not xvfb-run, is stopped and 124 comes back.
window_status=0
env -u WAYLAND_DISPLAY xvfb-run -a -s "-screen 0 1280x720x24" \
    timeout 60 "$exe" "${run[@]}" --screenshot "$out/$name.bench-window.png" \
    > "$window_log" 2>&1 || window_status=$?
if [ "$window_status" -eq 124 ]; then
    echo "$name: --bench in a window did not end in 60 s" >&2
    exit 1
elif [ "$window_status" -ne 0 ]; then
    cat "$window_log"
    echo "$name: --bench in a window failed (exit $window_status)" >&2
    exit 1
fi
# Prove the run came through a real window, not a headless fallback: --screenshot's line
# names the context.
if ! grep -q "GLFW window" "$window_log"; then
    cat "$window_log"
    echo "$name: the window run did not say it ran in a GLFW window" >&2
    exit 1
fi

headless=$(grep '^timing: ' "$headless_log") window=$(grep '^timing: ' "$window_log")
echo "headless $headless"
echo "window   $window"
# Where headless finds that the timer queries miss compute (llvmpipe), the window must find it
# too: that is the fault this test guards against. Where headless trusts them (zink, a GPU),
# the window may still fall back to the clock: the probe compares the queries with the wall
# clock, and a machine loaded by other tests can stretch the clock past them. The clock is
# always safe; a query that misses the work is not. The same stretching can make a headless
# probe fall back on a GL whose queries see compute (zink, with the machine loaded): so where
# the window trusts the queries and headless did not, headless is asked twice more, and only a
# GL whose headless probe never trusts them (llvmpipe, every time) fails.
for _ in 1 2; do
    [[ $headless == *"glFinish"* && $window != "$headless" ]] || break
    timeout 60 "$exe" --headless "${run[@]}" > "$headless_log" 2>&1 || break
    headless=$(grep '^timing: ' "$headless_log")
    echo "headless $headless (again)"
done
if [[ $headless == *"glFinish"* && $window != "$headless" ]]; then
    echo "$name: a window times with \"${window#timing: }\", headless with \"${headless#timing: }\"" >&2
    exit 1
fi
