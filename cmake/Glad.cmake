# Generates the OpenGL 4.3 core loader with the glad 2 generator at build time.
# --reproducible uses the GL registry bundled with glad, so this works offline;
# the generated code lives in the build tree and is never committed.
set(CS_GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
# Extensions are loaded where the GL has them; code asks hasExtension() before using one.
# Comma-separated: glad takes one argument.
# GL_ARB_ES3_1_compatibility brings glMemoryBarrierByRegion (core from GL 4.5) to a 4.3 context.
set(CS_GLAD_EXTENSIONS
    GL_KHR_shader_subgroup,GL_ARB_compute_variable_group_size,GL_ARB_ES3_1_compatibility)
add_custom_command(
    OUTPUT ${CS_GLAD_DIR}/src/gl.c ${CS_GLAD_DIR}/include/glad/gl.h
    COMMAND ${GLAD_EXECUTABLE} --quiet --api gl:core=4.3 --extensions ${CS_GLAD_EXTENSIONS}
            --out-path ${CS_GLAD_DIR} --reproducible c
    # A new extension in the list above must regenerate the loader in existing build trees.
    DEPENDS ${CMAKE_CURRENT_LIST_FILE}
    COMMENT "Generating the OpenGL 4.3 core loader with glad"
    VERBATIM)
add_library(glad STATIC ${CS_GLAD_DIR}/src/gl.c)
target_include_directories(glad SYSTEM PUBLIC ${CS_GLAD_DIR}/include)
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
