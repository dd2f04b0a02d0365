#include "app/overlay.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

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

}  // namespace cs
