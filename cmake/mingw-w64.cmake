# Cross-compiles for Windows x86-64 with Debian's MinGW-w64 GCC (posix threads), against the
# static libraries that scripts/windows-deps builds into CS_WINDOWS_DEPS (default:
# .deps-windows beside the sources). ctest runs each .exe under Wine through
# scripts/wine-run, with a Wine prefix of its own in the build folder (wine/).
#   cmake -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CS_MINGW x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${CS_MINGW}-gcc-posix)
set(CMAKE_CXX_COMPILER ${CS_MINGW}-g++-posix)
set(CMAKE_RC_COMPILER ${CS_MINGW}-windres)

if(NOT CS_WINDOWS_DEPS)
    get_filename_component(CS_WINDOWS_DEPS ${CMAKE_CURRENT_LIST_DIR}/../.deps-windows ABSOLUTE)
endif()
set(CS_WINDOWS_DEPS ${CS_WINDOWS_DEPS} CACHE PATH "Prefix of the cross-built dependencies")
# Libraries, headers and CMake packages from the MinGW sysroot and the prefix only: never
# the build machine's /usr/include or /usr/lib. Programs (glad, python3) from the machine.
set(CMAKE_FIND_ROOT_PATH /usr/${CS_MINGW} ${CS_WINDOWS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# One .exe that needs no DLL beyond Windows' own: the C and C++ runtimes and winpthreads
# linked in.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

# One Wine prefix per build folder, made on the first run (wine-run says more).
get_filename_component(CS_WINE_RUN ${CMAKE_CURRENT_LIST_DIR}/../scripts/wine-run ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR env CS_WINEPREFIX=${CMAKE_BINARY_DIR}/wine ${CS_WINE_RUN})
