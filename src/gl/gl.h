#pragma once
// The one place that includes the OpenGL API: the glad loader generated at build time
// for OpenGL 4.3 core (see cmake/Glad.cmake).
#include <glad/gl.h>
