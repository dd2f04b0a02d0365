# The Windows build's dependencies, found as CMake packages, the same way for both Windows
# builds:
# - a Windows user's own build (Visual Studio or Ninja, CMakePresets.json's "windows" preset):
#   vcpkg builds what vcpkg.json names and its toolchain file points the search there;
# - the MinGW-w64 cross build on Debian (the "mingw" preset, scripts/test-windows): the prefix
#   that scripts/windows-deps fills from Debian's source packages, which cmake/mingw-w64.cmake
#   points the search at. Where Debian's sources install no CMake package (imgui, GLM,
#   nlohmann/json), the script writes one that names its target as vcpkg's port does.
# A missing one stops configuration with one message that names them all.
set(CS_MISSING_WINDOWS_DEPS "")
macro(cs_need_windows found name)
    if(NOT ${found})
        list(APPEND CS_MISSING_WINDOWS_DEPS ${name})
    endif()
endmacro()

find_package(glfw3 3.3 CONFIG QUIET)  # target glfw
cs_need_windows(glfw3_FOUND glfw3)
find_package(imgui CONFIG QUIET)  # imgui::imgui, with its GLFW and OpenGL 3 backends
cs_need_windows(imgui_FOUND "imgui[glfw-binding,opengl3-binding]")
find_package(PNG QUIET)  # PNG::PNG, which links ZLIB::ZLIB
cs_need_windows(PNG_FOUND "libpng and zlib")
find_package(glm CONFIG QUIET)  # glm::glm, headers only
cs_need_windows(glm_FOUND glm)
find_package(nlohmann_json CONFIG QUIET)  # nlohmann_json::nlohmann_json, headers only
cs_need_windows(nlohmann_json_FOUND nlohmann-json)
# stb installs headers only, and no CMake package: its image reader and writer are compiled
# here once (Debian's libstb-dev is that library, built already).
find_path(CS_STB_INCLUDE_DIR stb_image.h PATH_SUFFIXES stb)
cs_need_windows(CS_STB_INCLUDE_DIR stb)
if(CS_STB_INCLUDE_DIR)
    add_library(cs_stb STATIC ${CMAKE_CURRENT_LIST_DIR}/stb_image.c)
    target_include_directories(cs_stb SYSTEM PUBLIC ${CS_STB_INCLUDE_DIR})
endif()

find_program(GLAD_EXECUTABLE glad)
cs_need_windows(GLAD_EXECUTABLE "glad (pip install glad2; on Debian apt-get install python3-glad)")

if(CS_BUILD_TESTS)
    find_package(GTest CONFIG QUIET)  # GTest::gtest, GTest::gtest_main
    cs_need_windows(GTest_FOUND gtest)
endif()

if(CS_MISSING_WINDOWS_DEPS)
    list(JOIN CS_MISSING_WINDOWS_DEPS ", " _missing)
    message(FATAL_ERROR "Missing Windows dependencies: ${_missing}\n"
                        "  With vcpkg: cmake --preset windows (vcpkg.json names them).\n"
                        "  Cross-built on Debian: scripts/windows-deps builds them.\n")
endif()
