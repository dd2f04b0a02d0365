// The overlay widgets for Params. Kept apart from params.cpp so that the unit tests and
// anything else that only parses parameters do not need ImGui.
#include <imgui.h>

#include <algorithm>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "app/param_kinds.h"

namespace cs {
namespace {

// AlwaysClamp: ctrl+click lets the user type a value, which must stay in range just like one
// given with --set. A range like [256, 1<<20] is unusable on a linear slider.
template <typename T>
ImGuiSliderFlags sliderFlags(Range<T> range) {
    ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
    if (range.min > 0 && range.max / range.min > 100) flags |= ImGuiSliderFlags_Logarithmic;
    return flags;
}

}  // namespace

// Applied when the drag ends (see Params::drawUi): while the slider is held it shows the value
// under the mouse, and the sample keeps running with the value it had.
template <>
bool Number<int>::drawUi() {
    // ImGui's integer sliders take ranges within half of int's; wider ones get a typed field,
    // applied on Enter.
    if (range.min < INT_MIN / 2 || range.max > INT_MAX / 2) {
        int v = *value;
        if (!ImGui::InputInt(name.c_str(), &v, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue))
            return false;
        v = std::clamp(v, range.min, range.max);
        const bool differs = v != *value;
        *value = v;
        return differs;
    }
    int shown = dragging ? dragged : *value;
    const Range<int> ends = shownRange();
    ImGui::SliderInt(name.c_str(), &shown, ends.min, ends.max, "%d", sliderFlags(ends));
    if (ImGui::IsItemActive()) {
        dragging = true;
        dragged = shown;
        return false;
    }
    // Released (or a typed Ctrl+click value entered): the one value that is applied. At a
    // narrowed end (sliderRange), the overlay says what stops it there: a typed value past
    // it is clamped to it.
    const bool differs = dragging && dragged != *value;
    if (dragging) {
        *value = dragged;
        stoppedShort = (dragged == ends.max && ends.max < range.max) ||
                       (dragged == ends.min && ends.min > range.min);
    }
    dragging = false;
    return differs;
}

template <>
bool Number<float>::drawUi() {
    float v = *value;
    const Range<float> ends = shownRange();
    ImGui::SliderFloat(name.c_str(), &v, ends.min, ends.max, "%.4g", sliderFlags(ends));
    const bool differs = v != *value;
    *value = v;
    return differs;
}

bool Switch::drawUi() {
    bool v = value;
    ImGui::Checkbox(name.c_str(), &v);
    const bool differs = v != value;
    value = v;
    return differs;
}

// Combo wants the items as C strings and the current one as an index.
template <typename T>
bool Choice<T>::drawUi() {
    std::vector<std::string> texts;
    for (const T& choice : allowed) {
        if constexpr (std::is_same_v<T, int>)
            texts.push_back(std::to_string(choice));
        else
            texts.push_back(choice);
    }
    std::vector<const char*> items;
    int current = 0;
    for (size_t i = 0; i < texts.size(); ++i) {
        items.push_back(texts[i].c_str());
        if (allowed[i] == value) current = int(i);
    }
    int picked = current;
    ImGui::Combo(name.c_str(), &picked, items.data(), int(items.size()));
    value = allowed[size_t(picked)];
    return picked != current;
}
template bool Choice<int>::drawUi();
template bool Choice<std::string>::drawUi();

bool Text::drawUi() {
    ImGui::LabelText(name.c_str(), "%s", value.c_str());
    return false;
}

bool Params::drawUi(bool tooltips) {
    bool any = false;
    // Every widget leaves room for the longest name beside it, so that no label is cut where
    // the overlay is narrow (ImGui's default gives the widget two thirds of the width).
    float longest = 0.0f;
    for (const auto& p : params_)
        longest = std::max(longest, ImGui::CalcTextSize(p->name.c_str()).x);
    const float available = ImGui::GetContentRegionAvail().x;
    ImGui::PushItemWidth(
        std::max(available * 0.4f, available - longest - ImGui::GetStyle().ItemInnerSpacing.x));
    for (auto& p : params_) {
        const std::string before = p->valueText();
        // An inactive parameter (activeWhen) is drawn but cannot be edited; its tooltip says
        // why it does nothing now, above its help.
        const bool active = p->active();
        ImGui::BeginDisabled(!active);
        const bool edited = p->drawUi() && active;
        ImGui::EndDisabled();
        // Built only while hovered: a narrowed slider's limit asks the GL for its reason.
        if (tooltips && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            const std::string limit = p->limitText();
            const std::string tooltip =
                (active ? p->help
                        : "no effect " + p->inactiveWhy + (p->help.empty() ? "" : "\n") + p->help) +
                (limit.empty() ? "" : "\n" + limit);
            if (!tooltip.empty()) ImGui::SetTooltip("%s", tooltip.c_str());
        }
        // A float dragged live is one edit for the report: it is finished when let go.
        if (edited && !p->unfinished) p->editStart = before;
        if (edited) p->unfinished = true;
        if (p->unfinished && !ImGui::IsItemActive()) {
            p->unfinished = false;
            if (p->valueText() != p->editStart)
                finished_.push_back({p->name, p->editStart, p->valueText()});
        }
        if (p->stoppedShort) {
            p->stoppedShort = false;
            limitNote_ = p->name + ": " + p->limitText();
        }
        if (!edited) continue;
        p->changed = true;
        edits_.emplace_back(p.get(), before);
        any = true;
    }
    ImGui::PopItemWidth();
    return any;
}

}  // namespace cs
