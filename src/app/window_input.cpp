#include "app/window_input.h"

#include <GLFW/glfw3.h>

#include <utility>

namespace cs {
namespace {
WindowInput* from(GLFWwindow* window) {
    return static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
}
}  // namespace

WindowInput::WindowInput(GLFWwindow* window) : window_(window) {
    glfwSetWindowUserPointer(window, this);
    glfwSetKeyCallback(window, onKey);
    glfwSetMouseButtonCallback(window, onButton);
    glfwSetCursorPosCallback(window, onCursor);
    glfwSetScrollCallback(window, onScroll);
}

WindowInput::~WindowInput() {
    glfwSetWindowUserPointer(window_, nullptr);
}

std::vector<WindowInput::Event> WindowInput::take() {
    return std::exchange(events_, {});
}

// The callbacks only record: what an event does is decided at the start of the next frame,
// when the overlay knows whether it wanted it.
void WindowInput::onKey(GLFWwindow* window, int key, int, int action, int mods) {
    if (WindowInput* input = from(window); input && action == GLFW_PRESS) {
        input->events_.push_back({Event::Type::Key, key, mods});
        input->pressed_.push_back(key);
    }
}

std::vector<int> WindowInput::takeTaps() {
    std::vector<int> taps;
    for (const int key : std::exchange(pressed_, {}))
        if (key >= 0 && glfwGetKey(window_, key) == GLFW_RELEASE) taps.push_back(key);
    return taps;
}

void WindowInput::onButton(GLFWwindow* window, int button, int action, int) {
    WindowInput* input = from(window);
    if (!input || button != GLFW_MOUSE_BUTTON_LEFT) return;
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    input->events_.push_back(
        {action == GLFW_PRESS ? Event::Type::Press : Event::Type::Release, 0, 0, x, y});
}

void WindowInput::onCursor(GLFWwindow* window, double x, double y) {
    if (WindowInput* input = from(window))
        input->events_.push_back({Event::Type::Move, 0, 0, x, y});
}

void WindowInput::onScroll(GLFWwindow* window, double, double dy) {
    if (WindowInput* input = from(window))
        input->events_.push_back({Event::Type::Wheel, 0, 0, 0.0, dy});
}

}  // namespace cs
