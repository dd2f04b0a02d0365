// Windowed contexts through GLFW, and on Windows also the headless ones: a hidden window
// whose default framebuffer is never drawn (a headless sample renders into its own).
#include <GLFW/glfw3.h>

#include "gl/context.h"
#include "gl/gl.h"
#include "gl/objects.h"
#include "util/error.h"

namespace cs {
namespace {

class GlfwContext : public Context {
public:
    explicit GlfwContext(const ContextConfig& config)
        : hidden_(config.headless), width_(config.width), height_(config.height) {
        glfwSetErrorCallback(nullptr);
        if (!glfwInit()) throw Error("GLFW: cannot initialise (no display? try --headless)");
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, config.debug ? GLFW_TRUE : GLFW_FALSE);
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
        if (hidden_) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        window_ =
            glfwCreateWindow(config.width, config.height, config.title.c_str(), nullptr, nullptr);
        if (!window_) {
            // No 4.3 context (macOS stops at 4.1): make any context to name the version found.
            glfwDefaultWindowHints();
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            window_ = glfwCreateWindow(64, 64, config.title.c_str(), nullptr, nullptr);
            if (!window_) {
                glfwTerminate();
                throw Error("GLFW: cannot create an OpenGL window");
            }
        }
        glfwMakeContextCurrent(window_);
        kind_ = hidden_ ? "GLFW hidden window" : "GLFW window";
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
            destroy();
            throw Error("GLFW: cannot load the OpenGL functions");
        }
        try {
            requireGl43(kind_);
        } catch (...) {
            destroy();
            throw;
        }
        glfwSwapInterval(hidden_ ? 0 : 1);
    }

    ~GlfwContext() override { destroy(); }

    // A hidden window is headless to the sample: no window, no input, the size asked for.
    GLFWwindow* window() const override { return hidden_ ? nullptr : window_; }
    bool shouldClose() const override { return !hidden_ && glfwWindowShouldClose(window_); }
    void pollEvents() override {
        if (!hidden_) glfwPollEvents();
    }
    void swapBuffers() override {
        if (!hidden_) glfwSwapBuffers(window_);
    }
    void framebufferSize(int& width, int& height) const override {
        if (hidden_) {
            width = width_;
            height = height_;
            return;
        }
        glfwGetFramebufferSize(window_, &width, &height);
    }
    float contentScale() const override {
        if (hidden_) return 1.0f;
        float x = 1.0f, y = 1.0f;
        glfwGetWindowContentScale(window_, &x, &y);
        return x;
    }

private:
    void destroy() {
        if (window_) {
            releaseStagingBuffer();  // while the window's context is still current
            glfwDestroyWindow(window_);
        }
        window_ = nullptr;
        glfwTerminate();
    }
    bool hidden_;
    int width_, height_;
    GLFWwindow* window_ = nullptr;
};

}  // namespace

std::unique_ptr<Context> createGlfwContext(const ContextConfig& config) {
    return std::make_unique<GlfwContext>(config);
}

}  // namespace cs
