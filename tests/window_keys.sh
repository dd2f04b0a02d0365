#!/usr/bin/env bash
# The window's keys and mouse (the README's table of them), driven by xdotool under Xvfb:
#   window_keys.sh TEST SAMPLE_EXE PNG_CHECK OUT_DIR [SAMPLE_ARGS...]
# Each test runs the sample in a 480x270 window, in a scratch working directory of its own
# (OUT_DIR/window_keys/<sample>.<test>, where F2 writes out/<sample>-<n>.png), sends keys and
# the mouse, and compares F2 shots (png_check same|differ). A shot is waited for by its line on
# stderr, and every wait has a deadline, so that a lost key fails the test instead of hanging it.
# shot:      F2 writes a PNG of the window's size, out/<sample>-1.png, then -2 (the next free).
# pause:     (--no-ui) two shots 1.5 s apart differ while running and are equal while paused
#            (Space); N changes the paused frame.
# camera:    (--no-ui, paused) a left drag on empty space changes the picture, the wheel too,
#            and Home brings back the first picture (the camera's home pose, the zoom's default).
# help:      (--no-ui, paused) F1 shows the help window and a second F1 hides it.
# field:     (nbody) keys typed into an overlay text field (Ctrl+click on the first slider) are
#            the field's: "n", Space and the Escape that leaves the field neither pause nor
#            quit the sample, nor edit the value. Space outside the field then pauses.
# release:   (nbody, test_sample) a drag of the first slider, bodies (a count that rebuilds;
#            test_sample's size, whose rebuilds it counts on stderr), across its
#            range [1, 2^20], held at the top, ends as one edit: one "--set" line on stderr, of
#            the value where it was let go. Applied at every value it passed through, it would
#            build and step 2^20 bodies, minutes a frame on a CPU renderer: past the deadline.
# ask:       (test_sample and nbody, whose first slider declares a square cost; flocking's
#            count, a square one over all pairs; overdraw's quads, a linear one: a thousand
#            times the frame) the first slider dragged to its end is held back: the window asks
#            within 2 s, with the estimate, and "keep size=512" (the green button) leaves the
#            value as it was: no --set, no rebuild. test_sample only: dragged to the end again,
#            hours a frame, the question offers no "apply" (amber), and "copy its command line"
#            (purple) prints the line that runs it, and applies nothing.
# ask_paused: (nbody) the same, paused first (Space): the frames before the pause say what the
#            compute costs, and the question comes all the same; applied while paused, the
#            next Space would have run a frame of over an hour.
# try:       (test_sample) size dragged to its end is asked about, and the question offers a
#            size on the way ("try size=N first", teal): pressed, N is applied; dragged to the
#            end again, the question's estimate is smaller: the frames at N took as long as at
#            512, and the line through the two measures grows no work as far as it reaches.
# (test_sample sleeps sleep_ms a frame in a timed pass: where the profiler times with glFinish,
# as on llvmpipe, that is the GPU work the estimates scale. Elsewhere ask and try skip.)
# reset, reset_started: (nbody) bodies dragged to 1, or started at 1 (--set bodies=1), then Ctrl+R: the
#            default comes back with no question (a default is never asked about: the sample
#            starts there), as one --set, before any frame runs it.
# limit:     (workgroups) local_x's slider dragged to its end stops at what this GL runs: one
#            --set, and nothing "undone".
# slices:    (barriers --set runs=100000: minutes of runs on a CPU renderer) the window goes on
#            drawing while the runs go on in slices: three F2 shots a second apart each come
#            within 1.5 s, and Esc ends the run within 3 s, the runs unfinished.
# parts:     (flocking at its defaults: a step over all pairs takes over a second on a CPU
#            renderer) the window runs a step in parts across frames: the trace names more than
#            one part, three F2 shots a second apart each come within 1.5 s, and Esc ends the run
#            within 3 s. A run of 2 steps in parts (--steps 2) writes the same flock, byte for
#            byte, as a headless run of 2 whole steps.
# allocate:  (compaction) nx typed, 1024: a new volume of 256 MiB, which a CPU renderer
#            zeroes as it allocates it. Its four buffers come one a frame, the
#            progress shown over the picture ("allocating ... buffer 2 of 4"), then the frames
#            compute again. Esc during the allocation, with --output: one line, exit 1, no file.
#            Skipped (77) where the GL allocates the whole volume within one frame.
# note:      (test_sample, frames of 100 and 300 ms in turn around the 200 ms threshold) the
#            slow-frame note comes once and stays (hysteresis), and the overlay's slot for it
#            stays where it is in every frame (CS_TRACE_OVERLAY=1 prints its place).
# defaults:  (--no-ui) Ctrl+R puts the parameters given with --set back to their defaults (the
#            picture of a run without them) and reloads no shader; R alone reloads them.
set -euo pipefail
# One Xvfb server for the whole test: the script runs itself under xvfb-run (-a: a free display).
if [ -z "${CS_WINDOW_KEYS_XVFB:-}" ]; then
    CS_WINDOW_KEYS_XVFB=1 exec env -u WAYLAND_DISPLAY \
        xvfb-run -a -s "-screen 0 1024x768x24" "$0" "$@"
fi
test=$1 exe=$(realpath "$2") png_check=$(realpath "$3") out=$4
shift 4
sample_args=("$@")
name=$(basename "$exe")
work="$out/window_keys/$name.$test"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
log="$work/stderr.log"
width=480 height=270
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT

fail() {
    echo "$name $test: $*" >&2
    echo "--- the sample's stderr:" >&2
    cat "$log" >&2
    exit 1
}

# Starts the sample (the arguments after the test's own) and finds its window. Its stderr
# is a new log: take_shot counts the shots from there.
start() {
    shots=0
    timeout 60 "$exe" --size "${width}x$height" "${sample_args[@]}" "$@" 2>"$log" &
    pid=$!
    window=$(timeout 30 xdotool search --sync --onlyvisible --name "^$name\$" | head -1) || true
    [ -n "$window" ] || fail "no window named $name within 30 s"
}

# xdotool, failing the test where it fails: the window gone, say, after a key ended the run.
xdo() { xdotool "$@" || fail "xdotool $* failed"; }
key() { xdo key --window "$window" "$@"; }
# A key held for a few frames. The framework takes its own keys as events, but the overlay's
# ImGui (1.86, Ubuntu's) reads a key's state once a frame: a tap within one frame never reaches
# a widget (see the field test).
hold_key() {
    xdo keydown --window "$window" "$1"
    sleep 0.3
    kill -0 "$pid" 2>/dev/null || fail "the run ended at $1"
    xdo keyup --window "$window" "$1"
}

# The overlay's first slider: its grab, in ImGui's dark style's SliderGrab colour, in a new
# shot of the overlay (at (10, 10), at most 0.45 of the window wide). Sets x and y. Up to
# three shots: F2 pressed as the window appears is taken in its first frame, and ImGui draws
# a window that sizes itself from its second (seen under Wine in CI, twice in a row).
find_slider() {
    local grab="" try
    for try in 1 2 3; do
        take_shot
        grab=$("$png_check" find "$shot" 3d85e0 0 0 250 "$height") && break
        sleep 0.2
    done
    [ -n "$grab" ] || fail "no slider in $shot (nor in the $((try - 1)) shots before)"
    read -r x y <<<"$grab"
}

# Ctrl+click on the first slider: the field that types its value. Ctrl is held over a few
# frames: the ImGui backend reads it as a state each frame, not as an event.
open_field() {
    find_slider
    xdo mousemove --window "$window" --sync "$x" "$y"
    xdo keydown --window "$window" ctrl
    sleep 0.3
    xdo click 1
    sleep 0.3
    xdo keyup --window "$window" ctrl
    sleep 0.3
}

# Presses, for a few frames, the button of colour RRGGBB in a new shot (the ask window's
# buttons each have a colour of their own): press_colour RRGGBB NAME.
press_colour() {
    take_shot
    local button bx by
    button=$("$png_check" find "$shot" "$1") || fail "no $2 button in $shot"
    read -r bx by <<<"$button"
    drag 0.3 "$bx" "$by" "$bx" "$by"
}

# Waits (up to 30 s) until stderr holds COUNT lines matching PATTERN.
wait_for() {
    local pattern=$1 count=$2
    for _ in $(seq 300); do
        [ "$(grep -c -- "$pattern" "$log")" -ge "$count" ] && return 0
        kill -0 "$pid" 2>/dev/null || fail "ended while waiting for '$pattern'"
        sleep 0.1
    done
    fail "no '$pattern' (x$count) on stderr within 30 s"
}

# F2, and the shot's path in $shot once its line is on stderr.
take_shot() {
    key F2
    shots=$((shots + 1))
    wait_for ": wrote out/" "$shots"
    shot=$(grep -- ": wrote out/" "$log" | sed -n "${shots}s/.*: wrote //p")
}

# Esc ends the run, which must succeed (or end with the status given: quit 1). Pressed
# only: the window may be gone before a release.
quit() {
    local expected=${1:-0} status=0
    xdo keydown --window "$window" Escape
    wait "$pid" || status=$?
    pid=""
    [ "$status" -eq "$expected" ] || fail "exit status $status, not $expected"
}

# A left drag in window pixels, through each point in turn, the button held; `hold` seconds at
# each point, so that every point is seen by a frame (ImGui reads the cursor once a frame).
drag() {
    local hold=$1
    shift
    xdo mousemove --window "$window" --sync "$1" "$2" mousedown 1
    shift 2
    sleep "$hold"
    while [ $# -ge 2 ]; do
        xdo mousemove --window "$window" "$1" "$2"
        sleep "$hold"
        shift 2
    done
    xdo mouseup 1
}

# Long work goes on in the window (WHILE says what): three F2 shots a second apart each come
# within 1.5 s, and Esc then ends the run within 3 s.
keeps_drawing() {
    local asked late
    for _ in 1 2 3; do
        asked=$(date +%s.%N)
        take_shot
        late=$(awk -v a="$asked" -v n="$(date +%s.%N)" 'BEGIN { print n - a }')
        awk -v l="$late" 'BEGIN { exit !(l <= 1.5) }' || fail "no frame for $late s $1"
        sleep 1
    done
    asked=$SECONDS
    quit
    [ $((SECONDS - asked)) -le 3 ] || fail "Esc took $((SECONDS - asked)) s to end the run"
}

# test_sample's sleep_ms stands for GPU work only where the profiler times with glFinish:
# elsewhere the test skips, saying why.
sleep_is_work() {
    wait_for "^test_sample: sleep_ms is GPU work: " 1
    if grep -q "^test_sample: sleep_ms is GPU work: no" "$log"; then
        quit
        echo "$name $test: skipped: this driver's timer queries do not see test_sample's sleep" >&2
        exit 77
    fi
}

same() { "$png_check" same "$@" || fail "the pictures should be equal"; }
differ() { "$png_check" differ "$@" || fail "the pictures should differ"; }

case $test in
    shot)
        start
        take_shot
        [ "$shot" = "out/$name-1.png" ] || fail "the first shot is $shot, not out/$name-1.png"
        take_shot
        [ "$shot" = "out/$name-2.png" ] || fail "the second shot is $shot, not out/$name-2.png"
        geometry=$(xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: //p')
        quit
        for n in 1 2; do
            size=$("$png_check" size "out/$name-$n.png")
            [ "$size" = "$geometry" ] || fail "out/$name-$n.png is $size, the window $geometry"
        done ;;
    pause)
        start --no-ui
        take_shot; running1=$shot
        sleep 1.5
        take_shot; running2=$shot
        differ "$running1" "$running2"
        key space
        take_shot; paused1=$shot
        sleep 1.5
        take_shot; paused2=$shot
        same "$paused1" "$paused2"
        key n
        take_shot; stepped=$shot
        differ "$paused2" "$stepped"
        quit ;;
    camera)
        start --no-ui
        key space
        take_shot; home=$shot
        # From the top left corner, where no sample draws anything to grab.
        drag 0.2 30 30 60 40 90 50 120 60
        take_shot; dragged=$shot
        differ "$home" "$dragged"
        xdo mousemove --window "$window" --sync 30 30 click 4 click 4
        take_shot; wheeled=$shot
        differ "$dragged" "$wheeled"
        key Home
        take_shot; back=$shot
        same "$home" "$back"
        quit ;;
    help)
        start --no-ui
        key space
        take_shot; before=$shot
        key F1
        take_shot; shown=$shot
        differ "$before" "$shown"
        key F1
        take_shot; hidden=$shot
        same "$before" "$hidden"
        quit ;;
    field)
        start
        # The sample's picture is right of the overlay (at most 0.45 of the window wide).
        picture=(250 0 $((width - 250)) "$height")
        # (Had the click opened no field, the Space below would pause the sample, and the
        # test fail.)
        open_field
        key n space
        hold_key Escape
        # The mouse off the slider, whose tooltip would change the picture beside it.
        xdo mousemove --window "$window" $((width - 10)) $((height - 10))
        sleep 0.3
        take_shot; typed1=$shot
        sleep 0.5
        take_shot; typed2=$shot
        differ "$typed2" "$typed1" "${picture[@]}"  # still running: the Space was the field's
        ! grep -- "--set " "$log" || fail "the keys typed into the field edited the value"
        key space
        take_shot; paused1=$shot
        sleep 0.5
        take_shot; paused2=$shot
        same "$paused1" "$paused2" "${picture[@]}"  # outside the field, Space pauses
        quit ;;
    release)
        start
        find_slider
        # Left past the slider's start (its least value), right past its end (its greatest),
        # held there for a second, and let go past its start again.
        right=$((width - 1))
        drag 0.25 "$x" "$y" 0 "$y" $((x / 2)) "$y" $((x + 40)) "$y" $right "$y" $right "$y" \
            $right "$y" $right "$y" $((x + 20)) "$y" 0 "$y"
        wait_for "--set " 1
        take_shot  # a few frames later: no second edit came
        quit
        edits=$(grep -- "^$name: --set " "$log")
        slider=bodies
        [ "$name" = test_sample ] && slider=size
        [ "$edits" = "$name: --set $slider=1" ] ||
            fail "one drag should be one edit, $slider=1 where it was let go, not: $edits"
        # test_sample counts its rebuilds: the one after the drag, none during it.
        if [ "$name" = test_sample ]; then
            rebuilds=$(grep -c "^test_sample: rebuilt for size=" "$log" || true)
            [ "$rebuilds" -eq 1 ] && grep -q "^test_sample: rebuilt for size=1$" "$log" ||
                fail "the drag should rebuild once, for size=1, not $rebuilds times"
        fi ;;
    ask | ask_paused)
        slider=size kept=512
        [ "$name" = nbody ] && slider=bodies kept=4096
        [ "$name" = overdraw ] && slider=quads kept=64
        [ "$name" = flocking ] && slider=count kept=1024
        start
        [ "$name" = test_sample ] && sleep_is_work
        if [ "$test" = ask_paused ]; then
            take_shot  # frames that computed, before the pause
            key space
        fi
        find_slider
        right=$((width - 1))
        drag 0.25 "$x" "$y" $right "$y" $right "$y"
        released=$(date +%s.%N)
        # The slider's end, as the question names it.
        wait_for "held back $slider=" 1
        most=$(sed -n "s/.*held back $slider=\([0-9]*\).*/\1/p" "$log" | head -1)
        asked=$(date +%s.%N)
        # wait_for polls every 0.1 s: the question within 2 s of the release.
        awk -v a="$asked" -v r="$released" 'BEGIN { exit !(a - r <= 2.1) }' ||
            fail "the question came $(awk -v a="$asked" -v r="$released" 'BEGIN { print a - r }') s after the release"
        grep -q "held back $slider=$most (about [0-9.]* [a-z]* per frame)" "$log" ||
            fail "the question gives no estimate"
        press_colour 338c4d keep
        wait_for "kept $slider=$kept" 1
        take_shot  # a few frames later: nothing was applied
        ! grep -q -- "--set $slider=\|rebuilt for size=1048576" "$log" ||
            fail "kept, yet $slider=$most was applied"
        if [ "$name" = nbody ] && [ "$test" = ask ]; then
            # Asked, and then the slider dragged to its other end: the new edit answers the
            # question, which goes (its green "keep" with it), and 1 body is applied. In a
            # larger window, where the question leaves the slider in sight.
            quit
            width=960 height=540 right=959
            start
            find_slider
            drag 0.25 "$x" "$y" $right "$y" $right "$y"
            wait_for "held back $slider=" 1
            # Once the question is drawn: a window that appears takes ImGui's focus, and a drag
            # begun before would be let go by it.
            take_shot
            drag 0.25 "$x" "$y" 0 "$y" 0 "$y"
            wait_for "--set $slider=1$" 1
            take_shot
            ! "$png_check" find "$shot" 338c4d >/dev/null || fail "the question stayed after a new edit"
        fi
        if [ "$name" != test_sample ]; then
            quit
            exit 0
        fi
        # Again: its declared cost (n squared) puts it past what a window may run, so the
        # question offers its command line, not "apply".
        drag 0.25 "$x" "$y" $right "$y" $right "$y"
        wait_for "held back size=1048576" 2
        grep -q "held back size=1048576 (about [0-9]* [a-z]* per frame): too slow for a window" \
            "$log" || fail "a frame of hours was offered to the window"
        take_shot
        ! "$png_check" find "$shot" 9e6b1a >/dev/null || fail "an apply button for hours a frame"
        press_colour 734d99 "copy its command line"
        wait_for "^test_sample --set size=1048576 --set sleep_ms=20$" 1
        take_shot  # a few frames later: nothing was applied
        quit
        ! grep -q "rebuilt for size=1048576" "$log" || fail "copied, yet size=1048576 was applied" ;;
    try)
        # (test_sample, frames of 50 ms whatever its size, which declares a square cost) size
        # dragged to its end is asked about, and the question offers a size on the way; tried
        # first, its frames are a nearer measure, and the next estimate toward the end is
        # smaller than the first (no heavy frame runs: test_sample's cost is declared only).
        seconds() { # "held back size=N (about X unit per frame)" -> X in seconds, per line
            sed -n 's/.*held back size=[0-9]* (about \([0-9.]*\) \([a-z]*\) per frame).*/\1 \2/p' "$log" |
                awk '{ f = $2 == "ms" ? 0.001 : $2 == "min" ? 60 : $2 == "h" ? 3600 : 1; print $1 * f }'
        }
        start --set sleep_ms=50
        sleep_is_work
        find_slider
        right=$((width - 1))
        drag 0.25 "$x" "$y" $right "$y" $right "$y"
        wait_for "held back size=" 1
        press_colour 268080 "try first"
        wait_for "--set size=[0-9]* (tried first)" 1
        tried=$(sed -n 's/.*--set size=\([0-9]*\) (tried first).*/\1/p' "$log")
        [ "$tried" -gt 512 ] && [ "$tried" -lt 1048576 ] || fail "tried size=$tried, not on the way"
        wait_for "rebuilt for size=$tried" 1
        take_shot  # frames at the tried size
        take_shot
        find_slider  # its grab moved with the tried size
        drag 0.6 "$x" "$y" $right "$y" $right "$y"
        wait_for "held back size=" 2
        quit
        read -r first second <<<"$(seconds | head -2 | tr '\n' ' ')"
        awk -v a="$second" -v b="$first" 'BEGIN { exit !(a < b) }' ||
            fail "the estimate after trying size=$tried ($second s) is not below the first ($first s)" ;;
    reset | reset_started)
        # The slider to its least end (1 body: frames of almost nothing), then Ctrl+R back to
        # the default: no question, since the default's frames were measured before (scaled
        # from 1 body, they would read as hours), and the default applied once, not first
        # run and then asked about.
        start
        if [ ${#sample_args[@]} -eq 0 ]; then
            find_slider
            drag 0.25 "$x" "$y" 0 "$y" 0 "$y"
            wait_for "--set bodies=1" 1
        fi
        take_shot  # frames at 1 body
        xdo keydown --window "$window" ctrl
        hold_key r
        xdo keyup --window "$window" ctrl
        wait_for "--set bodies=4096" 1
        take_shot
        quit
        ! grep -q "held back" "$log" || fail "asked before the defaults, whose frames it knew" ;;
    limit)
        start
        find_slider
        drag 0.25 "$x" "$y" $((width - 1)) "$y" $((width - 1)) "$y"
        wait_for "--set local_x=" 1
        take_shot  # the frames after the edit ran it
        quit
        ! grep -q ": undone:" "$log" || fail "the slider's end was past what the GL runs"
        # Stopped short of the declared range: the overlay (and stderr) says what stops it.
        grep -q "local_x: the slider spans \[1, [0-9]*\] here (\[1, [0-9]*\] with --set): a work group holds" \
            "$log" || fail "nothing said what stops the slider at its end" ;;
    slices)
        start --set runs=100000
        keeps_drawing "while the runs went on" ;;
    parts)
        in_parts="update all_pairs in \([2-9]\|[1-9][0-9]\+\) parts"  # the trace, 2 or more
        CS_TRACE_FRAMES=1 start
        wait_for "$in_parts" 1
        keeps_drawing "while a step ran in parts"
        CS_TRACE_FRAMES=1 timeout 60 "$exe" --size "${width}x$height" --steps 2 --frames 40 \
            --output window.bin 2>"$log" || fail "the run of 2 steps in a window failed"
        grep -q "$in_parts" "$log" || fail "no step ran in parts"
        timeout 60 "$exe" --headless --steps 2 --output headless.bin 2>"$log" ||
            fail "the headless run of 2 steps failed"
        cmp window.bin headless.bin || fail "the steps in parts differ from whole steps" ;;
    allocate)
        # nx typed into its slider's field (Ctrl+click), 1024: 64 MiB a buffer. Not the
        # slider's end: a loaded machine's frames at the default would make the window ask
        # whether to run that, or refuse it. Asked about 1024 all the same, the test applies it.
        resize_to_1024() {
            open_field
            xdo type --window "$window" --delay 100 1024
            sleep 0.5  # the digits in frames before the Return's (ImGui reads keys once a frame)
            hold_key Return
            wait_for "--set nx=1024\|held back nx=1024" 1
            if grep -q "held back nx=1024" "$log"; then
                press_colour 9e6b1a apply
                wait_for "--set nx=1024" 1
            fi
        }
        CS_TRACE_FRAMES=1 start
        resize_to_1024
        take_shot  # a frame after the allocation
        quit
        busy=$(grep -c "frame swapped (busy: allocating a [0-9x]* volume: buffer [234] of 4)" "$log") || true
        if [ "$busy" -eq 0 ]; then
            echo "$name $test: skipped: this GL allocated the volume at nx=1024 in one frame"
            exit 77
        fi
        grep -q "frame swapped (busy: allocating a 1024x128x128 volume: buffer 4 of 4)" "$log" ||
            fail "the allocation's progress skipped its last buffer"
        # Esc while allocating ends the run at once; its --output is not written: exit 1.
        CS_TRACE_FRAMES=1 start --output kept.u32
        resize_to_1024
        wait_for "frame swapped (busy: allocating" 1
        quit 1
        grep -q "the window closed while a [0-9x]* volume was being allocated: no --output written" \
            "$log" || fail "Esc while allocating: no line said why nothing was written"
        [ ! -e kept.u32 ] || fail "Esc while allocating: kept.u32 was written" ;;
    note)
        CS_TRACE_OVERLAY=1 start --set sleep_ms=200 --set jitter=true
        wait_for "overlay notes at y=.*, slow" 20
        quit
        # From the first frame with a note on, 20 frames: one place, and the note stays.
        places=$(grep "overlay notes at y=" "$log" | sed -n '/, slow/,$p' | head -20)
        [ "$(echo "$places" | sort -u | wc -l)" -eq 1 ] ||
            fail "the note moved or flickered in 20 frames: $(echo "$places" | sort | uniq -c)"
        [ "$(grep "overlay notes at y=" "$log" | sed 's/, slow//' | sort -u | wc -l)" -eq 1 ] ||
            fail "the notes' slot moved when the note came" ;;
    defaults)
        # The picture without the --set arguments, in a window of the same size.
        timeout 60 "$exe" --size "${width}x$height" --no-ui --frames 3 --screenshot default.png \
            2>"$log" || fail "the run with the defaults failed"
        start --no-ui
        take_shot; edited=$shot
        differ default.png "$edited"
        key ctrl+r
        take_shot; reset=$shot
        same default.png "$reset"
        ! grep "shaders reloaded" "$log" || fail "Ctrl+R reloaded the shaders"
        key r
        wait_for "shaders reloaded" 1
        quit ;;
    *)
        echo "unknown test $test" >&2
        exit 2 ;;
esac
echo "$name $test: passed"
