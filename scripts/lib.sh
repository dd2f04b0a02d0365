# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# Sourced, not run.

# Debian 12 packages: compiler and build tools, the libraries, Mesa's EGL/GL (so everything
# runs without a GPU, on llvmpipe), and for the tests GoogleTest, Xvfb, glslangValidator and
# clang-format.
CS_BUILD_PACKAGES="cmake g++ make pkg-config python3-glad libglfw3-dev libglm-dev libstb-dev
    libimgui-dev nlohmann-json3-dev libegl-dev libgl-dev libegl1 libgl1 libegl-mesa0
    libgl1-mesa-dri"
CS_TEST_PACKAGES="libgtest-dev xvfb xauth xdotool glslang-tools clang-format"

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
