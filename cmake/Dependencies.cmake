# Finds the Debian-packaged dependencies. A missing one stops configuration with one
# message that names the package to install, instead of a wall of CMake errors.
find_package(PkgConfig QUIET)

set(CS_MISSING_PACKAGES "")
macro(cs_need found debian_package)
    if(NOT ${found})
        list(APPEND CS_MISSING_PACKAGES ${debian_package})
    endif()
endmacro()

if(PkgConfig_FOUND)
    pkg_check_modules(GLFW3 QUIET IMPORTED_TARGET glfw3>=3.3)
    pkg_check_modules(EGL QUIET IMPORTED_TARGET egl)
    pkg_check_modules(IMGUI QUIET IMPORTED_TARGET imgui)
    pkg_check_modules(STB QUIET IMPORTED_TARGET stb)
    pkg_check_modules(LIBPNG QUIET IMPORTED_TARGET libpng)
endif()
cs_need(PkgConfig_FOUND pkg-config)
cs_need(GLFW3_FOUND libglfw3-dev)
cs_need(EGL_FOUND libegl-dev)
cs_need(IMGUI_FOUND libimgui-dev)
cs_need(STB_FOUND libstb-dev)
cs_need(LIBPNG_FOUND libpng-dev)

find_package(glm CONFIG QUIET)
cs_need(glm_FOUND libglm-dev)

find_package(nlohmann_json 3 CONFIG QUIET)
cs_need(nlohmann_json_FOUND nlohmann-json3-dev)

find_program(GLAD_EXECUTABLE glad)
cs_need(GLAD_EXECUTABLE python3-glad)

if(CS_BUILD_TESTS)
    find_package(GTest QUIET)
    cs_need(GTest_FOUND libgtest-dev)
endif()

if(CS_MISSING_PACKAGES)
    list(JOIN CS_MISSING_PACKAGES " " _pkgs)
    message(FATAL_ERROR "Missing build dependencies. Install them with:\n"
                        "  sudo apt-get install ${_pkgs}\n")
endif()
