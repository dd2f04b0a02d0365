#pragma once
// The window's keys and mouse as events. GLFW reports them through callbacks while the frame
// loop polls, so a quick tap (pressed and released between two frames, as a slow frame or
// xdotool makes it) is still one press, and a drag still moves by all it moved. The callbacks
// are installed before the overlay's ImGui backend, which keeps them and calls them after its
// own.
#include <vector>

struct GLFWwindow;

namespace cs {

class WindowInput {
public:
    explicit WindowInput(GLFWwindow* window);
    ~WindowInput();
    WindowInput(const WindowInput&) = delete;
    WindowInput& operator=(const WindowInput&) = delete;

    struct Event {
        enum class Type { Key, Press, Release, Move, Wheel } type;
        int key = 0, mods = 0;    // Key: GLFW_KEY_* and GLFW_MOD_* bits
        double x = 0.0, y = 0.0;  // Press, Release, Move: the cursor, in window pixels from
                                  // the top left; Wheel: y holds the steps (up positive)
    };
    // The events since the last call, in the order they came. Press and Release are the left
    // button's.
    std::vector<Event> take();
    // The keys pressed since the last call and already released again: a tap quicker than a
    // frame. ImGui 1.86 reads each key's state once a frame and would never see such a tap
    // (Enter or Escape in a text field on a slow frame); the overlay holds them down for one
    // frame instead.
    std::vector<int> takeTaps();

private:
    static void onKey(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void onButton(GLFWwindow* window, int button, int action, int mods);
    static void onCursor(GLFWwindow* window, double x, double y);
    static void onScroll(GLFWwindow* window, double dx, double dy);

    GLFWwindow* window_;
    std::vector<Event> events_;
    std::vector<int> pressed_;  // since the last takeTaps()
};

}  // namespace cs
