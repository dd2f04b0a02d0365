#pragma once
// An OpenGL 4.3 core context: a GLFW window, or headless through EGL (no X server needed).
// Windows has no EGL: there a headless context is a hidden GLFW window, which needs the
// window system (under Wine, an X server) but shows nothing.
#include <memory>
#include <string>

struct GLFWwindow;

namespace cs {

struct ContextConfig {
    std::string title = "compute sample";
    int width = 1280, height = 720;
    bool headless = false;
    bool debug = false;  // ask for a debug context (KHR_debug messages are always routed)
};

class Context {
public:
    // Creates the context, makes it current and loads the GL functions. Throws cs::Error
    // with one line when no context can be made, or when it lacks OpenGL 4.3.
    static std::unique_ptr<Context> create(const ContextConfig& config);
    virtual ~Context() = default;

    virtual GLFWwindow* window() const { return nullptr; }  // nullptr when headless
    virtual bool shouldClose() const { return false; }
    virtual void pollEvents() {}
    virtual void swapBuffers() {}
    virtual void framebufferSize(int& width, int& height) const = 0;
    virtual float contentScale() const { return 1.0f; }  // HiDPI factor for text
    // e.g. "EGL surfaceless", "GLFW window", "GLFW hidden window" (headless on Windows)
    const std::string& kind() const { return kind_; }

protected:
    std::string kind_;
};

// True when this process can open a window (a display is set on Linux).
bool displayAvailable();

// Reads GL_VERSION of the current context and throws cs::Error unless it is 4.3 or newer.
void requireGl43(const std::string& how);

}  // namespace cs
