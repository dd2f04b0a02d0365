# Generates the OpenGL 4.3 core loader with the glad 2 generator at build time.
# --reproducible uses the GL registry bundled with glad, so this works offline;
# the generated code lives in the build tree and is never committed.
set(CS_GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
set(CS_GLAD_EXTENSIONS GL_KHR_shader_subgroup)
add_custom_command(
    OUTPUT ${CS_GLAD_DIR}/src/gl.c ${CS_GLAD_DIR}/include/glad/gl.h
    COMMAND ${GLAD_EXECUTABLE} --quiet --api gl:core=4.3 --extensions ${CS_GLAD_EXTENSIONS}
            --out-path ${CS_GLAD_DIR} --reproducible c
    COMMENT "Generating the OpenGL 4.3 core loader with glad"
    VERBATIM)
add_library(glad STATIC ${CS_GLAD_DIR}/src/gl.c)
target_include_directories(glad SYSTEM PUBLIC ${CS_GLAD_DIR}/include)
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
