# Shared by scripts/run, scripts/test and scripts/update-golden: install what is missing,
# configure and build, and choose the OpenGL driver.
# Sourced, not run.

# Debian 12 packages: compiler and build tools, the libraries, Mesa's EGL/GL (so everything
# runs without a GPU, on llvmpipe), and for the tests GoogleTest, Xvfb, glslangValidator,
# clang-format and Mesa's Vulkan drivers (lavapipe, under the second test driver, zink).
CS_BUILD_PACKAGES="cmake g++ make pkg-config python3-glad libglfw3-dev libglm-dev libstb-dev
    libimgui-dev libpng-dev nlohmann-json3-dev libegl-dev libgl-dev libegl1 libgl1 libegl-mesa0
    libgl1-mesa-dri"
CS_TEST_PACKAGES="libgtest-dev xvfb xauth xdotool glslang-tools clang-format
    mesa-vulkan-drivers"
# The Windows cross build (scripts/windows-deps, scripts/test-windows): MinGW-w64 GCC with
# posix threads, Wine 8 (64-bit, the command `wine`) to run the .exe files, Xvfb for their
# windows, dpkg-dev for `apt-get source`, and the build tools above.
CS_WINDOWS_PACKAGES="cmake make g++-mingw-w64-x86-64-posix mingw-w64-tools wine wine64 xvfb xauth
    xdotool dpkg-dev python3-glad libglm-dev libstb-dev nlohmann-json3-dev libgtest-dev zip
    unzip"

cs_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cs_build="${CS_BUILD_DIR:-$cs_root/build}"

# Installs the given packages when some are missing: directly as root, through sudo when
# that works without a password, and otherwise prints the exact command and stops.
cs_ensure_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
            missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            sudo="sudo"
        else
            echo "Missing packages. Install them with:" >&2
            echo "  sudo apt-get install ${missing[*]}" >&2
            exit 1
        fi
    fi
    echo "Installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

# cs_build_targets TESTS(ON|OFF) [TARGET...]
cs_build_targets() {
    local tests=$1
    shift
    cmake -S "$cs_root" -B "$cs_build" -DCS_BUILD_TESTS="$tests" >/dev/null
    local targets=()
    for target in "$@"; do targets+=(--target "$target"); done
    cmake --build "$cs_build" -j"$(nproc)" "${targets[@]}"
}

# The OpenGL drivers that --driver names (scripts/test, scripts/run, scripts/update-golden):
#   llvmpipe  Mesa's own CPU rasteriser
#   zink      Mesa's OpenGL on Vulkan, over lavapipe (Mesa's CPU Vulkan): a second compiler
#             path, GLSL -> NIR -> SPIR-V -> the Vulkan driver
#   default   whatever this machine's GL picks (a GPU's driver where there is one)
# Both CPU drivers run on any machine, GPU or not. The choice travels in the environment,
# which ctest passes on to every test and xvfb-run to every windowed one, so that no test
# pins a driver itself.
CS_DRIVERS="llvmpipe zink default"

# cs_use_driver DRIVER: exports the environment that selects DRIVER. For zink it also makes
# XDG_RUNTIME_DIR a private (0700) directory of its own, which the Vulkan loader wants;
# cs_driver_done removes it.
cs_use_driver() {
    case $1 in
        llvmpipe | zink)
            # Mesa's software path, through Mesa's own EGL and GLX even where glvnd also
            # offers a GPU vendor's, and EGL's surfaceless platform rather than a GPU device.
            export LIBGL_ALWAYS_SOFTWARE=1 CS_EGL_PLATFORM=surfaceless __GLX_VENDOR_LIBRARY_NAME=mesa
            local mesa_egl=/usr/share/glvnd/egl_vendor.d/50_mesa.json
            [ -f "$mesa_egl" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$mesa_egl
            if [ "$1" = llvmpipe ]; then
                export GALLIUM_DRIVER=llvmpipe
                unset MESA_LOADER_DRIVER_OVERRIDE
            else
                export MESA_LOADER_DRIVER_OVERRIDE=zink
                unset GALLIUM_DRIVER
                cs_driver_runtime_dir=$(mktemp -d)
                export XDG_RUNTIME_DIR=$cs_driver_runtime_dir
            fi ;;
        default) ;;
        *)
            echo "unknown driver '$1' (drivers: $CS_DRIVERS)" >&2
            exit 2 ;;
    esac
}

cs_driver_done() {
    if [ -n "${cs_driver_runtime_dir:-}" ]; then
        rm -rf "$cs_driver_runtime_dir"
        cs_driver_runtime_dir=""
    fi
}

# cs_check_renderer DRIVER SAMPLE_EXE: prints the GL renderer that DRIVER's environment gives
# SAMPLE_EXE, headless and (where xvfb-run is installed) in a window under Xvfb as the
# windowed tests run, and fails when either is not the driver named: Mesa falls back to
# another driver quietly, and a suite that passed on the wrong one would prove nothing.
cs_check_renderer() {
    local driver=$1 exe=$2 info renderer
    local runs=("$exe --headless")
    command -v xvfb-run >/dev/null && runs+=("xvfb-run -a -s '-screen 0 640x480x24' $exe")
    for run in "${runs[@]}"; do
        info=$(eval "$run --info") || {
            echo "$driver: no GL context for: $run --info" >&2
            return 1
        }
        renderer=$(sed -n 's/^renderer: *//p' <<<"$info")
        echo "$driver: $renderer, OpenGL $(sed -n 's/^OpenGL version: *//p' <<<"$info")," \
             "$(sed -n 's/^context: *//p' <<<"$info")"
        case $driver in
            llvmpipe) [[ $renderer == llvmpipe* ]] ;;
            zink) [[ $renderer == zink* ]] ;;
        esac || {
            echo "$driver: the GL renderer of '$run' is '$renderer', not $driver" >&2
            return 1
        }
    done
}

# cs_parse_driver ARGS...: a leading `--driver NAME` (or --driver=NAME) into cs_driver (empty
# without one), the arguments after it into cs_args. An unknown name is bad usage (exit 2).
cs_parse_driver() {
    cs_driver=""
    cs_args=("$@")
    case ${1:-} in
        --driver)
            if [ $# -lt 2 ]; then
                echo "--driver needs a name: $CS_DRIVERS" >&2
                exit 2
            fi
            cs_driver=$2
            cs_args=("${@:3}") ;;
        --driver=*)
            cs_driver=${1#--driver=}
            cs_args=("${@:2}") ;;
    esac
    if [ -n "$cs_driver" ] && [[ " $CS_DRIVERS " != *" $cs_driver "* ]]; then
        echo "unknown driver '$cs_driver' (drivers: $CS_DRIVERS)" >&2
        exit 2
    fi
}
