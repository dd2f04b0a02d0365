#include "app/overlay.h"

#include <imgui.h>
// ImGui's GLFW and OpenGL 3 backends: in backends/ beside imgui.h as Debian installs them,
// beside imgui.h itself as vcpkg does (the Windows build).
#if __has_include(<backends/imgui_impl_glfw.h>)
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#else
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#endif

#include "app/draw.h"

namespace cs {

Overlay::Overlay(GLFWwindow* window, float contentScale) : windowed_(window != nullptr) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // never write imgui.ini into the user's working directory
    io.FontGlobalScale = contentScale;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().ScaleAllSizes(contentScale);
    if (windowed_) ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 430");
}

Overlay::~Overlay() {
    ImGui_ImplOpenGL3_Shutdown();
    if (windowed_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void Overlay::beginFrame(int width, int height, double dt, const std::vector<int>& taps) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (windowed_) {
        ImGui_ImplGlfw_NewFrame();
    } else {
        io.DisplaySize = ImVec2(float(width), float(height));
        io.DeltaTime = dt > 0 ? float(dt) : 1.0f / 60.0f;
    }
    // A tap quicker than a frame: down for this frame, so that ImGui sees it pressed once.
    const auto inRange = [&](int key) { return key >= 0 && key < IM_ARRAYSIZE(io.KeysDown); };
    for (const int key : taps)
        if (inRange(key)) io.KeysDown[key] = true;
    ImGui::NewFrame();
    for (const int key : taps)
        if (inRange(key)) io.KeysDown[key] = false;
}

void Overlay::endFrame() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool Overlay::wantsKeyboard() const {
    return ImGui::GetIO().WantCaptureKeyboard;
}

bool Overlay::wantsMouse() const {
    return ImGui::GetIO().WantCaptureMouse;
}

// The panel is in frame pixels, bottom up; ImGui places things in its own units, top down,
// which differ from pixels on high-DPI screens by the framebuffer scale.
void labelPanel(const Rect& panel, int frameHeight, const char* text) {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    const ImVec2 topLeft(panel.x / scale.x, (frameHeight - panel.y - panel.height) / scale.y);
    const ImVec2 bottomRight(topLeft.x + panel.width / scale.x, topLeft.y + panel.height / scale.y);
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 window = ImGui::GetWindowPos();
    const ImVec2 windowEnd(window.x + ImGui::GetWindowWidth(), window.y + ImGui::GetWindowHeight());
    const auto hidden = [&](ImVec2 at) {
        return at.x < windowEnd.x && at.x + size.x > window.x && at.y < windowEnd.y &&
               at.y + size.y > window.y;
    };
    const auto fits = [&](ImVec2 at) {
        return at.x + size.x <= bottomRight.x && at.y + size.y <= bottomRight.y;
    };
    ImVec2 at(topLeft.x + 4, topLeft.y + 4);
    if (hidden(at)) {
        const ImVec2 below(at.x, windowEnd.y + 6), right(windowEnd.x + 6, at.y);
        if (fits(below))
            at = below;
        else if (fits(right))
            at = right;
        else
            return;
    }
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->PushClipRect(topLeft, bottomRight, true);  // a long label stops at the panel's edge
    draw->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2),
                        IM_COL32(0, 0, 0, 190), 3.0f);
    draw->AddText(at, IM_COL32(235, 235, 235, 255), text);
    draw->PopClipRect();
}

}  // namespace cs
