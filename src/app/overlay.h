#pragma once
// The Dear ImGui overlay. Windowed, ImGui reads input through GLFW; headless, there is no
// input and the overlay is drawn from a fixed size and time step, so screenshots include it.
#include <vector>

struct GLFWwindow;

namespace cs {

struct Rect;

// Names a panel of the picture: `text` on a dark box at the top left of `panel` (frame pixels,
// bottom up, as Sample::freeArea), drawn behind the overlay's window. Where that window would
// hide it, the label moves below the window, or else right of it, and is left out if it fits
// neither way. Call it from Sample::ui(), so that --no-ui pictures have no labels.
void labelPanel(const Rect& panel, int frameHeight, const char* text);

class Overlay {
public:
    Overlay(GLFWwindow* window, float contentScale);  // window may be null (headless)
    ~Overlay();
    Overlay(const Overlay&) = delete;
    Overlay& operator=(const Overlay&) = delete;

    // `taps`: keys pressed and released since the last frame (WindowInput::takeTaps), which
    // ImGui sees as held for this frame.
    void beginFrame(int width, int height, double dt, const std::vector<int>& taps = {});
    void endFrame();             // draws into the bound framebuffer
    bool wantsKeyboard() const;  // a text field has the keys
    bool wantsMouse() const;     // the mouse is over an overlay window, or drags a widget

private:
    bool windowed_;
};

}  // namespace cs
