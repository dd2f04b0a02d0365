#include "gl/context.h"

#include <cstdio>
#include <cstdlib>

#include "gl/gl.h"
#include "util/error.h"

namespace cs {

#if !defined(_WIN32)
std::unique_ptr<Context> createEglContext(const ContextConfig& config);
#endif
std::unique_ptr<Context> createGlfwContext(const ContextConfig& config);

bool displayAvailable() {
#if defined(__linux__)
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 && *x11) || (wayland && *wayland);
#else
    return true;
#endif
}

std::unique_ptr<Context> Context::create(const ContextConfig& config) {
#if defined(_WIN32)
    // Windows has no EGL: a headless run is a hidden GLFW window (context_glfw.cpp), which
    // the sample sees as headless all the same (no window, its own framebuffer).
    return createGlfwContext(config);
#else
    return config.headless ? createEglContext(config) : createGlfwContext(config);
#endif
}

void requireGl43(const std::string& how) {
    const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    int major = 0, minor = 0;
    if (version) std::sscanf(version, "%d.%d", &major, &minor);
    if (major > 4 || (major == 4 && minor >= 3)) return;
    throw Error("OpenGL 4.3 with compute shaders is needed, but this " + how +
                " context offers OpenGL " +
                (version ? std::string(version) : std::string("(unknown)")));
}

}  // namespace cs
