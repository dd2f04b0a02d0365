# The Windows build's dependencies: static libraries and headers in CS_WINDOWS_DEPS, the
# prefix that scripts/windows-deps fills from Debian's source packages (cmake/mingw-w64.cmake
# points the search there). Each becomes an imported target named as the Debian path's
# pkg-config module, so that CMakeLists.txt links one list on both.
set(CS_MISSING_WINDOWS_DEPS "")
# cs_windows_library(TARGET LIBRARY [INCLUDE_SUBDIR] [LINK...]): lib<LIBRARY>.a and its headers.
function(cs_windows_library target library include_subdir)
    find_library(CS_${library}_LIBRARY NAMES ${library})
    if(NOT CS_${library}_LIBRARY)
        set(CS_MISSING_WINDOWS_DEPS ${CS_MISSING_WINDOWS_DEPS} lib${library}.a PARENT_SCOPE)
        return()
    endif()
    add_library(${target} STATIC IMPORTED GLOBAL)
    set_target_properties(${target} PROPERTIES
        IMPORTED_LOCATION ${CS_${library}_LIBRARY}
        INTERFACE_INCLUDE_DIRECTORIES ${CS_WINDOWS_DEPS}/include/${include_subdir}
        INTERFACE_LINK_LIBRARIES "${ARGN}")
endfunction()

cs_windows_library(ZLIB::ZLIB z "")
cs_windows_library(PkgConfig::LIBPNG png "" ZLIB::ZLIB)
cs_windows_library(PkgConfig::STB stb stb)
# GLFW's Win32 backend; opengl32 is Windows' own (Wine's under Wine).
cs_windows_library(PkgConfig::GLFW3 glfw3 "" opengl32 gdi32)
cs_windows_library(PkgConfig::IMGUI imgui imgui PkgConfig::GLFW3 PkgConfig::STB)

# Header-only: Debian's headers, one folder each, linked into the prefix.
foreach(header glm nlohmann)
    if(NOT EXISTS ${CS_WINDOWS_DEPS}/include/${header})
        list(APPEND CS_MISSING_WINDOWS_DEPS include/${header})
    endif()
endforeach()
add_library(glm::glm INTERFACE IMPORTED GLOBAL)
target_include_directories(glm::glm INTERFACE ${CS_WINDOWS_DEPS}/include)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${CS_WINDOWS_DEPS}/include)

find_program(GLAD_EXECUTABLE glad)
if(NOT GLAD_EXECUTABLE)
    list(APPEND CS_MISSING_WINDOWS_DEPS "glad (apt-get install python3-glad)")
endif()

if(CS_BUILD_TESTS)
    find_package(GTest CONFIG QUIET)
    if(NOT GTest_FOUND)
        list(APPEND CS_MISSING_WINDOWS_DEPS GoogleTest)
    endif()
endif()

if(CS_MISSING_WINDOWS_DEPS)
    list(JOIN CS_MISSING_WINDOWS_DEPS ", " _missing)
    message(FATAL_ERROR "Missing in ${CS_WINDOWS_DEPS}: ${_missing}\n"
                        "  scripts/windows-deps builds them there.\n")
endif()
